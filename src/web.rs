//! The thin wasm32-only layer: reads the page's inputs, hands them to the
//! view model, and copies the resulting [`View`] into the DOM. Every user
//! value reaches the page through `textContent` or an input's value, never as
//! HTML. No logic lives here.

use crate::engine::Field;
use crate::view::{Inputs, NavAction, View, Workbench};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlTextAreaElement};

type Shared = Rc<RefCell<Workbench>>;

fn document() -> Result<Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))
}

fn by_id(doc: &Document, id: &str) -> Result<Element, JsValue> {
    doc.get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("the page has no #{id}")))
}

/// Milliseconds with three decimals, formatted without the float formatter
/// (which would add about 15 KB to the wasm).
fn millis_text(ms: f64) -> String {
    let micros = (ms.max(0.0) * 1000.0).round() as u64;
    format!("{}.{:03}", micros / 1000, micros % 1000)
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Shows a fatal error on the page itself (not only in the console).
fn show_fatal(message: &str) {
    if let Some(el) = document().ok().and_then(|d| d.get_element_by_id("fatal")) {
        el.set_text_content(Some(message));
        let _ = el.remove_attribute("hidden");
    }
}

/// Called by the page's loader once the module is instantiated.
#[wasm_bindgen]
pub fn boot() -> Result<(), JsError> {
    std::panic::set_hook(Box::new(|info| {
        show_fatal(&format!(
            "The workbench stopped because of an internal error; reload the page. Details: {info}"
        ));
    }));
    let doc = document().map_err(|e| JsError::new(&format!("{e:?}")))?;
    mount(&doc).map_err(|e| JsError::new(&format!("{e:?}")))?;
    if let Some(root) = doc.document_element() {
        let root: HtmlElement = root.unchecked_into();
        let _ = root
            .dataset()
            .set("firstResultMs", &format!("{:.1}", now()));
    }
    Ok(())
}

/// Fills the inputs with the defaults, solves them, renders, and attaches
/// every handler. Public so the wasm tests can mount the page they build.
pub fn mount(doc: &Document) -> Result<(), JsValue> {
    let inputs = Inputs::default();
    set_value(doc, "start", &inputs.start)?;
    set_value(doc, "goal", &inputs.goal)?;
    set_value(doc, "budget", &inputs.budget)?;
    let bench: Shared = Rc::new(RefCell::new(Workbench::new(inputs)));
    solve(doc, &bench)?;
    for (id, field) in [
        ("start", Field::Start),
        ("goal", Field::Goal),
        ("budget", Field::Budget),
    ] {
        let (d, b) = (doc.clone(), bench.clone());
        listen(doc, id, "input", move || {
            let text = get_value(&d, id)?;
            b.borrow_mut().edit(field, &text);
            render(&d, &b.borrow().view())
        })?;
    }
    {
        let (d, b) = (doc.clone(), bench.clone());
        listen(doc, "solve", "click", move || solve(&d, &b))?;
    }
    for (id, action) in [
        ("first", NavAction::First),
        ("previous", NavAction::Previous),
        ("next", NavAction::Next),
        ("last", NavAction::Last),
    ] {
        let (d, b) = (doc.clone(), bench.clone());
        listen(doc, id, "click", move || {
            b.borrow_mut().navigate(action);
            render(&d, &b.borrow().view())
        })?;
    }
    Ok(())
}

fn solve(doc: &Document, bench: &Shared) -> Result<(), JsValue> {
    let t0 = now();
    bench.borrow_mut().solve();
    let ms = now() - t0;
    if let Some(root) = doc.document_element() {
        let root: HtmlElement = root.unchecked_into();
        root.dataset().set("lastSolveMs", &millis_text(ms))?;
    }
    render(doc, &bench.borrow().view())
}

fn listen(
    doc: &Document,
    id: &str,
    event: &str,
    mut handler: impl FnMut() -> Result<(), JsValue> + 'static,
) -> Result<(), JsValue> {
    let target = by_id(doc, id)?;
    let closure = Closure::<dyn FnMut()>::new(move || {
        if let Err(e) = handler() {
            show_fatal(&format!("The workbench could not update the page: {e:?}"));
        }
    });
    target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    // The handlers live as long as the page.
    closure.forget();
    Ok(())
}

fn get_value(doc: &Document, id: &str) -> Result<String, JsValue> {
    let el = by_id(doc, id)?;
    if let Some(t) = el.dyn_ref::<HtmlTextAreaElement>() {
        return Ok(t.value());
    }
    el.dyn_ref::<HtmlInputElement>()
        .map(|i| i.value())
        .ok_or_else(|| JsValue::from_str(&format!("#{id} is not an input")))
}

fn set_value(doc: &Document, id: &str, value: &str) -> Result<(), JsValue> {
    let el = by_id(doc, id)?;
    if let Some(t) = el.dyn_ref::<HtmlTextAreaElement>() {
        t.set_value(value);
    } else if let Some(i) = el.dyn_ref::<HtmlInputElement>() {
        i.set_value(value);
    }
    Ok(())
}

fn text(doc: &Document, id: &str, value: &str) -> Result<(), JsValue> {
    by_id(doc, id)?.set_text_content(Some(value));
    Ok(())
}

/// Sets the text, and hides the element when there is none.
fn optional_text(doc: &Document, id: &str, value: Option<&str>) -> Result<(), JsValue> {
    let el = by_id(doc, id)?;
    match value {
        Some(v) if !v.is_empty() => {
            el.set_text_content(Some(v));
            el.remove_attribute("hidden")?;
        }
        _ => {
            el.set_text_content(None);
            el.set_attribute("hidden", "")?;
        }
    }
    Ok(())
}

fn child(
    doc: &Document,
    parent: &Element,
    tag: &str,
    content: Option<&str>,
) -> Result<Element, JsValue> {
    let el = doc.create_element(tag)?;
    if let Some(c) = content {
        el.set_text_content(Some(c));
    }
    parent.append_child(&el)?;
    Ok(el)
}

fn clear(el: &Element) -> Result<(), JsValue> {
    while let Some(c) = el.first_child() {
        el.remove_child(&c)?;
    }
    Ok(())
}

fn render(doc: &Document, v: &View) -> Result<(), JsValue> {
    for (id, err, input) in [
        ("start-error", &v.start_error, "start"),
        ("goal-error", &v.goal_error, "goal"),
        ("budget-error", &v.budget_error, "budget"),
    ] {
        optional_text(doc, id, err.as_deref())?;
        by_id(doc, input)?
            .set_attribute("aria-invalid", if err.is_some() { "true" } else { "false" })?;
    }

    let board = by_id(doc, "board")?;
    clear(&board)?;
    if let Some(cells) = v.board {
        for r in 0..3 {
            let row = child(doc, &board, "div", None)?;
            row.set_attribute("role", "row")?;
            row.set_class_name("board-row");
            for c in 0..3 {
                let value = cells[r * 3 + c];
                let cell = child(doc, &row, "div", None)?;
                cell.set_attribute("role", "cell")?;
                if value == 0 {
                    cell.set_class_name("cell blank");
                    cell.set_attribute("aria-label", "blank")?;
                } else {
                    cell.set_class_name("cell tile");
                    cell.set_text_content(Some(&value.to_string()));
                }
            }
        }
    }
    text(doc, "board-caption", &v.board_caption)?;

    text(doc, "status", &v.status)?;
    by_id(doc, "status")?.set_attribute("data-status", v.status.split(' ').next().unwrap_or(""))?;
    text(doc, "cost", &v.cost)?;
    text(doc, "initial-h", &v.initial_h)?;
    text(doc, "expansions", &v.expansions)?;
    optional_text(doc, "counters", Some(&v.counters))?;
    text(doc, "explanation", &v.explanation)?;
    optional_text(doc, "check", Some(&v.check))?;
    optional_text(doc, "parity", v.parity.as_deref())?;

    let witness = by_id(doc, "witness")?;
    clear(&witness)?;
    for m in &v.witness {
        child(doc, &witness, "li", Some(m))?;
    }
    optional_text(
        doc,
        "witness-empty",
        v.witness.is_empty().then_some(if v.status == "Solved" {
            "No moves: the start is the goal."
        } else {
            "No witness for the current input."
        }),
    )?;

    let body = by_id(doc, "replay-rows")?;
    clear(&body)?;
    for line in &v.replay {
        let tr = child(doc, &body, "tr", None)?;
        if line.current {
            tr.set_attribute("aria-current", "step")?;
            tr.set_class_name("current");
        }
        for (label, value) in [
            ("Step", line.step.to_string()),
            ("Move", line.mv.clone()),
            ("Board", line.board.clone()),
            ("g", line.g.to_string()),
            ("h", line.h.to_string()),
            ("f", line.f.to_string()),
        ] {
            let td = child(doc, &tr, "td", Some(&value))?;
            td.set_attribute("data-label", label)?;
        }
    }
    text(doc, "replay-status", &v.replay_status)?;
    optional_text(doc, "guard", v.guard.as_deref())?;

    let ledger = by_id(doc, "ledger-rows")?;
    clear(&ledger)?;
    for line in &v.ledger {
        let tr = child(doc, &ledger, "tr", None)?;
        for (label, value) in [
            ("Tile", &line.tile),
            ("Cell", &line.cell),
            ("Goal cell", &line.goal_cell),
            ("Distance", &line.distance),
        ] {
            let td = child(doc, &tr, "td", Some(value))?;
            td.set_attribute("data-label", label)?;
        }
    }
    text(doc, "ledger-total", &v.ledger_total)?;
    Ok(())
}
