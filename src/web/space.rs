//! Renders the State space tab: the exploration (chart, table, hardest
//! boards) and, apart from it, the sweep, which changes on every slice.

use super::dom::Dom;
use super::ids::Id;
use crate::view::{SpaceView, SweepView, HISTOGRAM_HEADINGS, SWEEP_HEADINGS};
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// The table headings, once.
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.heading_row(Id::SpaceHead, &HISTOGRAM_HEADINGS)?;
    dom.heading_row(Id::SweepHead, &SWEEP_HEADINGS)
}

const SVG: &str = "http://www.w3.org/2000/svg";

fn svg(
    dom: &Dom,
    parent: &Element,
    tag: &str,
    attrs: &[(&str, String)],
) -> Result<Element, JsValue> {
    let el = dom.doc.create_element_ns(Some(SVG), tag)?;
    for (k, v) in attrs {
        el.set_attribute(k, v)?;
    }
    parent.append_child(&el)?;
    Ok(el)
}

/// Tenths of a percent, formatted by hand (no float formatter in the wasm).
fn pct(x: f64) -> String {
    let tenths = (x * 10.0).round().max(0.0) as u64;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// The histogram as an SVG bar chart drawn at its container's width: bar
/// positions are percentages and there is no `viewBox`, so the labels keep
/// the page's text size at every width instead of shrinking with the chart.
fn draw_chart(dom: &Dom, histogram: &[u32]) -> Result<(), JsValue> {
    let holder = dom.el(Id::SpaceChart);
    holder.set_text_content(None);
    if histogram.is_empty() {
        return Ok(());
    }
    const HEIGHT: u32 = 260;
    const TOP: u32 = 30;
    const BOTTOM: u32 = 30;
    let max = histogram.iter().copied().max().unwrap_or(1).max(1);
    let root = svg(
        dom,
        holder,
        "svg",
        &[
            ("width", "100%".into()),
            ("height", HEIGHT.to_string()),
            ("role", "img".into()),
        ],
    )?;
    root.set_attribute(
        "aria-label",
        "Bar chart of the number of boards at each distance from the goal; the table beside it lists the same numbers.",
    )?;
    let (left, right) = (2.0, 98.0);
    let band = (right - left) / histogram.len() as f64;
    let plot = f64::from(HEIGHT - TOP - BOTTOM);
    for (d, &n) in histogram.iter().enumerate() {
        let bh = f64::from(n) / f64::from(max) * plot;
        let x = left + d as f64 * band;
        let bar = svg(
            dom,
            &root,
            "rect",
            &[
                ("class", "bar".into()),
                ("x", pct(x + band * 0.1)),
                (
                    "y",
                    ((f64::from(HEIGHT - BOTTOM) - bh).round() as u32).to_string(),
                ),
                ("width", pct(band * 0.8)),
                ("height", (bh.round() as u32).max(1).to_string()),
            ],
        )?;
        svg(dom, &bar, "title", &[])?.set_text_content(Some(&format!("{d} moves: {n} boards")));
        let last = d + 1 == histogram.len();
        if d % 5 == 0 || (last && d % 5 >= 3) {
            svg(
                dom,
                &root,
                "text",
                &[
                    ("class", "axis".into()),
                    ("x", pct(x + band / 2.0)),
                    ("y", (HEIGHT - 8).to_string()),
                    ("text-anchor", "middle".into()),
                ],
            )?
            .set_text_content(Some(&d.to_string()));
        }
    }
    svg(
        dom,
        &root,
        "text",
        &[
            ("class", "axis".into()),
            ("x", pct(left)),
            ("y", "20".into()),
        ],
    )?
    .set_text_content(Some(&format!("tallest bar: {max} boards")));
    Ok(())
}

pub fn render(dom: &Dom, space: Option<&SpaceView>) -> Result<(), JsValue> {
    dom.text(Id::SpaceSummary, space.map_or("", |s| s.summary.as_str()));
    draw_chart(dom, space.map_or(&[], |s| s.histogram.as_slice()))?;
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
    dom.fill_rows(Id::SweepRows, &SWEEP_HEADINGS, &v.rows)
}
