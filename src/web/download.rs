//! Pictures to take away: one call, [`offer`], puts two buttons (SVG and
//! PNG) after a picture's holder. A click exports the picture as it is on
//! screen: the SVG copied with every colour and font written inline as
//! attributes (computed by the browser, so no CSS variable is left), its
//! size and `viewBox`, a white background, a `<title>` from its accessible
//! name, and a chart's HTML legend drawn inside; the PNG is that SVG drawn
//! on a canvas at twice the size. A picture the page draws as HTML (the
//! board) comes as SVG text from the view model. Files are saved through
//! a Blob and an `<a download>`; no request is made.

use super::dom::{report, Dom};
use super::ids::Id;
use crate::view::{standalone_title, Picture, PICTURE_BUTTONS, PICTURE_FORMATS};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, Document, Element};

const SVG: &str = "http://www.w3.org/2000/svg";

/// The style properties written inline on every element of an export.
const INLINE: [&str; 9] = [
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "font-family",
    "font-size",
    "font-weight",
    "text-anchor",
    "dominant-baseline",
];

thread_local! {
    /// The picture on offer after each holder.
    static OFFERED: RefCell<Vec<(Id, Picture)>> = const { RefCell::new(Vec::new()) };
}

/// Offers `picture`, drawn in `holder` (or given as SVG text), for
/// download: a row of two buttons right after `holder`, made on the first
/// call, their accessible names saying which picture; `None` (nothing
/// drawn) hides the row.
pub fn offer(dom: &Dom, holder: Id, picture: Option<Picture>) -> Result<(), JsValue> {
    let el = dom.el(holder);
    let row = match el
        .next_element_sibling()
        .filter(|r| r.get_attribute("data-for").as_deref() == Some(holder.name()))
    {
        Some(row) => row,
        None => {
            let row = dom.doc.create_element("div")?;
            row.set_class_name("downloads");
            row.set_attribute("data-for", holder.name())?;
            for (words, format) in PICTURE_BUTTONS.into_iter().zip(PICTURE_FORMATS) {
                let button = dom.child(&row, "button", Some(words))?;
                button.set_attribute("type", "button")?;
                button.set_attribute("data-format", format)?;
                let click = Closure::<dyn FnMut()>::new(move || {
                    if let Err(e) = export(holder, format) {
                        report(&e);
                    }
                });
                button.add_event_listener_with_callback("click", click.as_ref().unchecked_ref())?;
                click.forget();
            }
            el.insert_adjacent_element("afterend", &row)?;
            row
        }
    };
    let Some(picture) = picture else {
        return row.set_attribute("hidden", "");
    };
    row.remove_attribute("hidden")?;
    let buttons = row.query_selector_all("button")?;
    for (i, format) in PICTURE_FORMATS.into_iter().enumerate() {
        if let Some(b) = buttons
            .item(i as u32)
            .and_then(|n| n.dyn_into::<Element>().ok())
        {
            b.set_attribute("aria-label", &picture.label(format))?;
        }
    }
    OFFERED.with(|o| {
        let mut o = o.borrow_mut();
        o.retain(|(id, _)| *id != holder);
        o.push((holder, picture));
    });
    Ok(())
}

/// Saves `blob` as `name` through an `<a download>` clicked at once.
pub fn save(doc: &Document, blob: &Blob, name: &str) -> Result<(), JsValue> {
    let url = web_sys::Url::create_object_url_with_blob(blob)?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url)
}

fn document() -> Result<Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))
}

/// Exports the picture on offer after `holder` as `format`.
fn export(holder: Id, format: &'static str) -> Result<(), JsValue> {
    let doc = document()?;
    let Some(picture) = OFFERED.with(|o| {
        o.borrow()
            .iter()
            .find(|(id, _)| *id == holder)
            .map(|(_, p)| p.clone())
    }) else {
        return Ok(());
    };
    let text = match &picture.svg {
        Some(text) => text.clone(),
        None => {
            let el = doc
                .get_element_by_id(holder.name())
                .ok_or_else(|| JsValue::from_str(holder.name()))?;
            serialize(&doc, &el)?
        }
    };
    let name = picture.file_name(format);
    if format == "svg" {
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("image/svg+xml");
        let parts = js_sys::Array::of1(&JsValue::from_str(&text));
        let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
        return save(&doc, &blob, &name);
    }
    png(&text, name)
}

/// The picture in `holder` as self-contained SVG text.
fn serialize(doc: &Document, holder: &Element) -> Result<String, JsValue> {
    let window = web_sys::window().ok_or_else(|| JsValue::from_str("no window"))?;
    let svg = holder
        .query_selector("svg")?
        .ok_or_else(|| JsValue::from_str("nothing drawn"))?;
    let copy: Element = svg.clone_node_with_deep(true)?.unchecked_into();
    // Every element's computed colours and fonts, in document order.
    let from = svg.query_selector_all("*")?;
    let to = copy.query_selector_all("*")?;
    // The properties are inherited: an element writes only those that
    // differ from its parent's (the root writes all).
    let style = |o: &Element, c: &Element, root: bool| -> Result<(), JsValue> {
        let parent = match o.parent_element() {
            Some(p) if !root => window.get_computed_style(&p)?,
            _ => None,
        };
        if let Some(s) = window.get_computed_style(o)? {
            for p in INLINE {
                let v = s.get_property_value(p)?;
                if parent
                    .as_ref()
                    .map(|ps| ps.get_property_value(p))
                    .transpose()?
                    != Some(v.clone())
                {
                    c.set_attribute(p, &v)?;
                }
            }
        }
        Ok(())
    };
    style(&svg, &copy, true)?;
    for i in 0..from.length() {
        if let (Some(o), Some(c)) = (from.item(i), to.item(i)) {
            style(o.unchecked_ref(), c.unchecked_ref(), false)?;
        }
    }
    // The size on screen; a picture with a viewBox keeps its aspect (the
    // part the screen shows at fit, without the letterbox).
    let r = svg.get_bounding_client_rect();
    let (mut w, mut h) = (r.width(), r.height());
    // Whole numbers only: no float parser or formatter in the wasm.
    let view: Vec<u32> = svg
        .get_attribute("viewBox")
        .unwrap_or_default()
        .split(' ')
        .filter_map(|v| v.parse().ok())
        .collect();
    if let [_, _, vw, vh] = view[..] {
        let (vw, vh) = (f64::from(vw.max(1)), f64::from(vh.max(1)));
        let s = (w / vw).min(h / vh);
        (w, h) = (vw * s, vh * s);
    } else {
        h += legend(doc, &window, holder, &svg, &copy, h as u32)?;
        copy.set_attribute(
            "viewBox",
            &format!("0 0 {} {}", (w + 0.5) as u32, (h + 0.5) as u32),
        )?;
    }
    copy.remove_attribute("style")?;
    copy.remove_attribute("tabindex")?;
    copy.set_attribute("width", &((w + 0.5) as u32).to_string())?;
    copy.set_attribute("height", &((h + 0.5) as u32).to_string())?;
    let back = doc.create_element_ns(Some(SVG), "rect")?;
    for (k, v) in [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")] {
        back.set_attribute(k, v)?;
    }
    copy.insert_before(&back, copy.first_child().as_ref())?;
    if let Some(label) = svg.get_attribute("aria-label") {
        let title = doc.create_element_ns(Some(SVG), "title")?;
        let label = standalone_title(&label);
        copy.set_attribute("aria-label", &label)?;
        title.set_text_content(Some(&label));
        copy.insert_before(&title, Some(&back))?;
    }
    web_sys::XmlSerializer::new()?.serialize_to_string(&copy)
}

/// Draws the holder's HTML legend (swatches and names) into `copy` below
/// `top`; the height it takes.
fn legend(
    doc: &Document,
    window: &web_sys::Window,
    holder: &Element,
    svg: &Element,
    copy: &Element,
    top: u32,
) -> Result<f64, JsValue> {
    let items = holder.query_selector_all(".legend li")?;
    let font = copy.get_attribute("font-size").unwrap_or_default();
    for i in 0..items.length() {
        let Some(item) = items.item(i) else { continue };
        let y = top + 18 + 22 * i;
        // The series' own line (its dashes), or its swatch's colour.
        let line = match svg.query_selector(&format!(".line.s{i}"))? {
            Some(l) => Some(l),
            None => svg.query_selector(&format!(".point.s{i}"))?,
        };
        let stroke = match &line {
            Some(l) => window.get_computed_style(l)?,
            None => None,
        };
        let (colour, dashes) = match stroke {
            Some(s) => (
                s.get_property_value("stroke")?,
                s.get_property_value("stroke-dasharray")?,
            ),
            None => ("#111827".into(), "none".into()),
        };
        let mark = doc.create_element_ns(Some(SVG), "line")?;
        let text = doc.create_element_ns(Some(SVG), "text")?;
        let ys = y.to_string();
        for (k, v) in [
            ("x1", "12".to_string()),
            ("x2", "40".into()),
            ("y1", ys.clone()),
            ("y2", ys.clone()),
            ("stroke", colour.clone()),
            ("stroke-width", "3".into()),
            ("stroke-dasharray", dashes),
        ] {
            mark.set_attribute(k, &v)?;
        }
        for (k, v) in [
            ("x", "48".to_string()),
            ("y", ys),
            ("fill", "#111827".into()),
            ("font-size", font.clone()),
            ("dominant-baseline", "central".into()),
        ] {
            text.set_attribute(k, &v)?;
        }
        text.set_text_content(item.text_content().as_deref());
        copy.append_child(&mark)?;
        copy.append_child(&text)?;
    }
    Ok(if items.length() > 0 {
        f64::from(16 + 22 * items.length())
    } else {
        0.0
    })
}

/// Draws the SVG `text` (its own white background first) at twice its
/// size on a canvas and saves it as PNG `name`, once the image has loaded
/// and the canvas is encoded.
fn png(text: &str, name: String) -> Result<(), JsValue> {
    let img = web_sys::HtmlImageElement::new()?;
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(text)
    );
    let image = img.clone();
    let loaded = Closure::once_into_js(move || {
        if let Err(e) = draw(&image, name) {
            report(&e);
        }
    });
    img.set_onload(Some(loaded.unchecked_ref()));
    let failed = Closure::once_into_js(|| {
        report(&JsValue::from_str("the picture could not be drawn as PNG"));
    });
    img.set_onerror(Some(failed.unchecked_ref()));
    img.set_src(&url);
    Ok(())
}

fn draw(img: &web_sys::HtmlImageElement, name: String) -> Result<(), JsValue> {
    let doc = document()?;
    let (w, h) = (img.natural_width() * 2, img.natural_height() * 2);
    let canvas: web_sys::HtmlCanvasElement = doc.create_element("canvas")?.unchecked_into();
    canvas.set_width(w);
    canvas.set_height(h);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("no 2d canvas"))?
        .unchecked_into();
    ctx.draw_image_with_html_image_element_and_dw_and_dh(
        img,
        0.0,
        0.0,
        f64::from(w),
        f64::from(h),
    )?;
    let done = Closure::once_into_js(move |blob: JsValue| {
        let saved = match blob.dyn_ref::<Blob>() {
            Some(b) => document().and_then(|d| save(&d, b, &name)),
            None => Err(JsValue::from_str("the PNG could not be encoded")),
        };
        if let Err(e) = saved {
            report(&e);
        }
    });
    canvas.to_blob(done.unchecked_ref())
}
