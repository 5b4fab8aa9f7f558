//! Renders the State space tab: the exploration (chart, table, hardest
//! boards) and, apart from it, the sweep, which changes on every slice.

use super::chart;
use super::dom::Dom;
use super::ids::Id;
use crate::view::{SpaceView, SweepView, HISTOGRAM_HEADINGS, SWEEP_HEADINGS};
use wasm_bindgen::prelude::*;

/// The table headings, once.
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.heading_row(Id::SpaceHead, &HISTOGRAM_HEADINGS)?;
    dom.heading_row(Id::SweepHead, &SWEEP_HEADINGS)
}

pub fn render(dom: &Dom, space: Option<&SpaceView>) -> Result<(), JsValue> {
    dom.text(Id::SpaceSummary, space.map_or("", |s| s.summary.as_str()));
    chart::bars(
        dom,
        Id::SpaceChart,
        space.map_or(&[], |s| s.histogram.as_slice()),
        "Bar chart of the number of boards at each distance from the goal; the table beside it lists the same numbers.",
        "moves",
        "boards",
    )?;
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
        &space.map_or(String::new(), |s| {
            format!(
                "{} boards are {} moves from the goal{}. Press one to load it as the start.",
                s.hardest_count,
                s.diameter,
                if s.hardest_count > s.hardest.len() {
                    format!("; the first {} are listed", s.hardest.len())
                } else {
                    String::new()
                }
            )
        }),
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

pub fn sweep(dom: &Dom, v: &SweepView) -> Result<(), JsValue> {
    let (done, total) = v.progress;
    dom.attr(Id::SweepProgress, "max", &total.max(1).to_string())?;
    dom.attr(Id::SweepProgress, "value", &done.to_string())?;
    dom.text(Id::SweepStatus, &v.status);
    dom.optional_text(Id::SweepNote, Some(&v.note))?;
    dom.fill_rows(Id::SweepRows, &SWEEP_HEADINGS, &v.rows)
}
