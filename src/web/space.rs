//! Renders the State space tab: the exploration's status and progress
//! (every slice of a streaming search), apart from it the explored space
//! (chart, table, hardest boards), the sweep (every slice), the depth
//! table, and the notes of the 3×3 tools on other shapes.

use super::chart;
use super::dom::Dom;
use super::download;
use super::ids::Id;
use crate::view::{
    DepthView, ExploreView, Picture, SpaceView, SweepView, DEPTH_HEADINGS, HISTOGRAM_HEADINGS,
    SWEEP_HEADINGS,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The table headings, once.
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.heading_row(Id::SpaceHead, &HISTOGRAM_HEADINGS)?;
    dom.heading_row(Id::SweepHead, &SWEEP_HEADINGS)?;
    dom.heading_row(Id::DepthHead, &DEPTH_HEADINGS)
}

/// The exploration's memory line, status, progress and Cancel (they
/// change on every slice of a streaming search).
pub fn explore(dom: &Dom, v: &ExploreView, note: &str) -> Result<(), JsValue> {
    dom.optional_text(Id::ExploreMemory, Some(v.memory.as_str()))?;
    dom.optional_text(Id::ExploreNote, Some(note))?;
    dom.text(Id::ExploreStatus, &v.status);
    if v.error {
        dom.attr(Id::ExploreStatus, "data-error", "")?;
    } else {
        dom.el(Id::ExploreStatus).remove_attribute("data-error")?;
    }
    dom.set_hidden(Id::ExploreRun, v.progress.1 == 0)?;
    progress(dom, Id::ExploreProgress, v.progress.0, v.progress.1)?;
    if v.running {
        dom.el(Id::ExploreCancel).remove_attribute("disabled")
    } else {
        dom.attr(Id::ExploreCancel, "disabled", "")
    }
}

/// The explored space: summary, chart (linear or log), table and the
/// hardest boards, each a button that loads it (text only).
pub fn render(dom: &Dom, space: Option<&SpaceView>, log: bool) -> Result<(), JsValue> {
    dom.text(Id::SpaceSummary, space.map_or("", |s| s.summary.as_str()));
    let el = dom.el(Id::SpaceLog);
    if let Some(input) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        input.set_checked(log);
    }
    let values = space.map_or(&[][..], |s| s.histogram.as_slice());
    chart::plot(
        dom,
        Id::SpaceChart,
        &chart::Plot {
            label: if log {
                "Bar chart, log scale, of the number of boards at each distance from the goal; the table beside it lists the same numbers."
            } else {
                "Bar chart of the number of boards at each distance from the goal; the table beside it lists the same numbers."
            },
            x_unit: "moves",
            y_unit: "boards",
            series: &[chart::Series { name: "", values }],
            tenths: false,
            log,
        },
    )?;
    let picture = space
        .filter(|s| !s.histogram.is_empty())
        .map(|s| Picture::histogram(s.shape, s.metric, log));
    download::offer(dom, Id::SpaceChart, picture)?;
    let rows: Vec<[String; 2]> = space
        .map(|s| {
            s.histogram
                .iter()
                .enumerate()
                .map(|(d, n)| [d.to_string(), n.to_string()])
                .collect()
        })
        .unwrap_or_default();
    dom.fill_rows(Id::SpaceRows, &HISTOGRAM_HEADINGS, &rows)?;
    dom.text(
        Id::HardestNote,
        space.map_or("", |s| s.hardest_note.as_str()),
    );
    let list = dom.el(Id::Hardest);
    list.set_text_content(None);
    for b in space.map_or(&[][..], |s| s.hardest.as_slice()) {
        let li = dom.child(list, "li", None)?;
        let button = dom.child(&li, "button", Some(b))?;
        button.set_attribute("type", "button")?;
        button.set_attribute("data-board", b)?;
        button.set_attribute("aria-label", &format!("Load {b} as the start"))?;
    }
    Ok(())
}

/// The notes of the 3×3 tools on another shape (their sections keep only
/// their heading and the note), and in the multi-tile metric the note that
/// they count single-tile moves.
pub fn tools(dom: &Dom, note: Option<&str>, metric_note: Option<&str>) -> Result<(), JsValue> {
    dom.optional_text(Id::SpaceMetricNote, metric_note)?;
    for (section, note_id) in [
        (Id::SweepSection, Id::SweepSizeNote),
        (Id::DepthSection, Id::DepthSizeNote),
    ] {
        dom.optional_text(note_id, note)?;
        if note.is_some() {
            dom.attr(section, "data-na", "")?;
        } else {
            dom.el(section).remove_attribute("data-na")?;
        }
    }
    Ok(())
}

/// Sets a progress bar to `done` of `total`.
fn progress(dom: &Dom, id: Id, done: u64, total: u64) -> Result<(), JsValue> {
    dom.attr(id, "max", &total.max(1).to_string())?;
    dom.attr(id, "value", &done.to_string())
}

pub fn sweep(dom: &Dom, v: &SweepView) -> Result<(), JsValue> {
    progress(
        dom,
        Id::SweepProgress,
        v.progress.0 as u64,
        v.progress.1 as u64,
    )?;
    dom.text(Id::SweepStatus, &v.status);
    dom.optional_text(Id::SweepNote, Some(&v.note))?;
    dom.fill_rows(Id::SweepRows, &SWEEP_HEADINGS, &v.rows)
}

/// The depth table: progress, status, and once complete the chart and rows.
pub fn depth(dom: &Dom, v: &DepthView) -> Result<(), JsValue> {
    progress(dom, Id::DepthProgress, v.progress.0, v.progress.1)?;
    dom.text(Id::DepthStatus, &v.status);
    dom.optional_text(Id::DepthNote, Some(&v.note))?;
    let series: Vec<chart::Series> = v
        .chart
        .iter()
        .map(|(name, values)| chart::Series { name, values })
        .collect();
    chart::plot(
        dom,
        Id::DepthChart,
        &chart::Plot {
            label: "Line chart, log scale: mean nodes generated by solution depth for each search; the table below lists the same means.",
            x_unit: "moves",
            y_unit: "mean nodes generated",
            series: &series,
            tenths: true,
            log: true,
        },
    )?;
    let picture = (!v.chart.is_empty()).then(Picture::depth);
    download::offer(dom, Id::DepthChart, picture)?;
    dom.fill_rows(Id::DepthRows, &DEPTH_HEADINGS, &v.rows)
}
