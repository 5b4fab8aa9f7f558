//! Charts drawn by our own code as SVG at their container's width: one
//! series as bars, several as lines with a legend, on a linear or a log
//! scale. Positions are percentages and there is no `viewBox`, so the
//! labels keep the page's text size at every width instead of shrinking
//! with the chart.

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

/// One series of a chart: its name and a value per x (index = the x value).
pub struct Series<'a> {
    /// The legend's name.
    pub name: &'a str,
    /// The values; in tenths when the chart says so.
    pub values: &'a [u64],
}

/// What to draw: one series as bars, several as lines with a legend, on a
/// linear or a base-10 logarithmic scale.
pub struct Plot<'a> {
    /// The accessible name of the picture.
    pub label: &'a str,
    /// The x axis's unit, for tooltips.
    pub x_unit: &'a str,
    /// The y axis's unit, for tooltips.
    pub y_unit: &'a str,
    /// The series.
    pub series: &'a [Series<'a>],
    /// Values are tenths (shown with one decimal).
    pub tenths: bool,
    /// A logarithmic y axis (values below 1 are left out).
    pub log: bool,
}

/// Draws `values` as bars into `holder`; `x_unit` and `y_unit` name the axes
/// in each bar's tooltip. Empty values clear it.
pub fn bars(
    dom: &Dom,
    holder: Id,
    values: &[u32],
    label: &str,
    x_unit: &str,
    y_unit: &str,
) -> Result<(), JsValue> {
    let values: Vec<u64> = values.iter().map(|&v| u64::from(v)).collect();
    plot(
        dom,
        holder,
        &Plot {
            label,
            x_unit,
            y_unit,
            series: &[Series {
                name: "",
                values: &values,
            }],
            tenths: false,
            log: false,
        },
    )
}

/// Draws the plot into `holder` (index = the x value); empty series clear it.
pub fn plot(dom: &Dom, holder: Id, p: &Plot<'_>) -> Result<(), JsValue> {
    let holder = dom.el(holder);
    holder.set_text_content(None);
    let len = p.series.iter().map(|s| s.values.len()).max().unwrap_or(0);
    if len == 0 {
        return Ok(());
    }
    const HEIGHT: u32 = 260;
    const BOTTOM: u32 = 30;
    // A log chart labels its top tick, so the caption sits higher above it.
    let top: u32 = if p.log { 44 } else { 30 };
    let div = if p.tenths { 10.0 } else { 1.0 };
    let max = p
        .series
        .iter()
        .flat_map(|s| s.values.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let max_value = max as f64 / div;
    // The log axis runs from 1 to the power of ten above the largest value.
    let decades = max_value.max(1.0).log10().ceil().max(1.0);
    let plot_h = f64::from(HEIGHT - top - BOTTOM);
    let bottom = f64::from(HEIGHT - BOTTOM);
    let height_of = |v: u64| -> Option<f64> {
        let x = v as f64 / div;
        if p.log {
            (x >= 1.0).then(|| x.log10() / decades * plot_h)
        } else {
            Some(v as f64 / max as f64 * plot_h)
        }
    };
    let show = |v: u64| {
        if p.tenths {
            format!("{}.{}", v / 10, v % 10)
        } else {
            v.to_string()
        }
    };
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
    root.set_attribute("aria-label", p.label)?;
    let (left, right) = (if p.log { 9.0 } else { 2.0 }, 98.0);
    let band = (right - left) / len as f64;
    let center = |d: usize| left + (d as f64 + 0.5) * band;
    if p.log {
        for k in 0..=decades as u32 {
            let y = ((bottom - f64::from(k) / decades * plot_h).round() as i64).to_string();
            let attrs = [
                ("class", "grid".to_string()),
                ("x1", pct(left)),
                ("x2", pct(right)),
                ("y1", y.clone()),
                ("y2", y.clone()),
            ];
            svg(dom, &root, "line", &attrs)?;
            let label = svg(
                dom,
                &root,
                "text",
                &[
                    ("class", "axis".into()),
                    ("x", pct(left - 0.5)),
                    ("y", y),
                    ("text-anchor", "end".into()),
                    ("dominant-baseline", "middle".into()),
                ],
            )?;
            const POWERS: [&str; 10] = [
                "1", "10", "10²", "10³", "10⁴", "10⁵", "10⁶", "10⁷", "10⁸", "10⁹",
            ];
            label.set_text_content(Some(POWERS.get(k as usize).copied().unwrap_or("…")));
        }
    }
    let several = p.series.len() > 1;
    for (i, s) in p.series.iter().enumerate() {
        let mut previous: Option<(usize, f64)> = None;
        for (d, &v) in s.values.iter().enumerate() {
            let Some(h) = height_of(v) else {
                previous = None;
                continue;
            };
            let y = bottom - h;
            let tip = if several {
                format!("{}, {d} {}: {} {}", s.name, p.x_unit, show(v), p.y_unit)
            } else {
                format!("{d} {}: {} {}", p.x_unit, show(v), p.y_unit)
            };
            let mark = if several {
                if let Some((pd, py)) = previous {
                    let attrs = [
                        ("class", format!("line s{i}")),
                        ("x1", pct(center(pd))),
                        ("y1", (py.round() as i64).to_string()),
                        ("x2", pct(center(d))),
                        ("y2", (y.round() as i64).to_string()),
                    ];
                    svg(dom, &root, "line", &attrs)?;
                }
                let attrs = [
                    ("class", format!("point s{i}")),
                    ("cx", pct(center(d))),
                    ("cy", (y.round() as i64).to_string()),
                    ("r", "3".into()),
                ];
                svg(dom, &root, "circle", &attrs)?
            } else {
                let attrs = [
                    ("class", "bar".to_string()),
                    ("x", pct(left + d as f64 * band + band * 0.1)),
                    ("y", (y.round() as u32).to_string()),
                    ("width", pct(band * 0.8)),
                    ("height", (h.round() as u32).max(1).to_string()),
                ];
                svg(dom, &root, "rect", &attrs)?
            };
            svg(dom, &mark, "title", &[])?.set_text_content(Some(&tip));
            previous = Some((d, y));
        }
    }
    for d in 0..len {
        let last = d + 1 == len;
        if d % 5 == 0 || (last && d % 5 >= 3) {
            svg(
                dom,
                &root,
                "text",
                &[
                    ("class", "axis".into()),
                    ("x", pct(center(d))),
                    ("y", (HEIGHT - 8).to_string()),
                    ("text-anchor", "middle".into()),
                ],
            )?
            .set_text_content(Some(&d.to_string()));
        }
    }
    let caption = if p.log {
        format!("{}, log scale", p.y_unit)
    } else {
        format!("tallest bar: {} {}", show(max), p.y_unit)
    };
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
    .set_text_content(Some(&caption));
    if several {
        let legend = dom.child(holder, "ul", None)?;
        legend.set_attribute("class", "legend")?;
        for (i, s) in p.series.iter().enumerate() {
            let item = dom.child(&legend, "li", None)?;
            dom.child(&item, "span", None)?
                .set_attribute("class", &format!("swatch s{i}"))?;
            dom.child(&item, "span", Some(s.name))?;
        }
    }
    Ok(())
}
