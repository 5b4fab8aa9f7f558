//! Bar charts drawn by our own code as SVG at their container's width: bar
//! positions are percentages and there is no `viewBox`, so the labels keep
//! the page's text size at every width instead of shrinking with the chart.

use super::dom::Dom;
use super::ids::Id;
use wasm_bindgen::prelude::*;
use web_sys::Element;

const SVG: &str = "http://www.w3.org/2000/svg";

/// A new SVG element with these attributes, appended to `parent`.
pub fn svg(
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
pub fn pct(x: f64) -> String {
    let tenths = (x * 10.0).round().max(0.0) as u64;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// Draws `values` (index = the x value) as bars into `holder`; `x_unit` and
/// `y_unit` name the axes in each bar's tooltip. Empty values clear it.
pub fn bars(
    dom: &Dom,
    holder: Id,
    values: &[u32],
    label: &str,
    x_unit: &str,
    y_unit: &str,
) -> Result<(), JsValue> {
    let holder = dom.el(holder);
    holder.set_text_content(None);
    if values.is_empty() {
        return Ok(());
    }
    const HEIGHT: u32 = 260;
    const TOP: u32 = 30;
    const BOTTOM: u32 = 30;
    let max = values.iter().copied().max().unwrap_or(1).max(1);
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
    root.set_attribute("aria-label", label)?;
    let (left, right) = (2.0, 98.0);
    let band = (right - left) / values.len() as f64;
    let plot = f64::from(HEIGHT - TOP - BOTTOM);
    for (d, &n) in values.iter().enumerate() {
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
        svg(dom, &bar, "title", &[])?
            .set_text_content(Some(&format!("{d} {x_unit}: {n} {y_unit}")));
        let last = d + 1 == values.len();
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
    .set_text_content(Some(&format!("tallest bar: {max} {y_unit}")));
    Ok(())
}
