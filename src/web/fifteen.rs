//! The 15-puzzle's part of the page: the node budget field, the limit
//! note, the sample control, the solve's progress and Cancel, the notes of
//! the tabs that apply to 3×3 only, and the one Web Worker that keeps the
//! pattern database for the page session.
//!
//! The worker's side is three entry points over a [`FifteenWorker`] kept in
//! the worker: the loader's worker script calls [`worker16_begin`] with a
//! task, then [`worker16_step`] once per event-loop task (so a Cancel
//! message is read between slices) until it returns nothing.

use super::dom::Dom;
use super::ids::Id;
use super::workers::{on_message, Kit};
use crate::view::{FifteenView, FifteenWorker, SAMPLES};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use web_sys::Worker;

thread_local! {
    static WORKER: RefCell<FifteenWorker> = RefCell::new(FifteenWorker::default());
}

/// Worker side: takes a 4×4 task line (a running job is dropped).
#[wasm_bindgen]
pub fn worker16_begin(task: &str) -> Result<(), JsError> {
    WORKER.with(|w| w.borrow_mut().begin(task).map_err(|e| JsError::new(&e)))
}

/// Worker side: one bounded slice; its report line, or nothing when no job
/// is left.
#[wasm_bindgen]
pub fn worker16_step() -> Option<String> {
    WORKER.with(|w| w.borrow_mut().step().map(|r| r.to_text()))
}

/// Worker side: drops the job; the pattern database stays.
#[wasm_bindgen]
pub fn worker16_cancel() {
    WORKER.with(|w| w.borrow_mut().cancel());
}

/// Worker side: the bytes of the worker's wasm memory (the database and
/// everything else the instance holds), for the benchmark.
#[wasm_bindgen]
pub fn worker16_memory() -> f64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map_or(0.0, |m| {
            m.buffer()
                .dyn_into::<js_sys::ArrayBuffer>()
                .map_or(0.0, |b| f64::from(b.byte_length()))
        })
}

/// The sample options and the node budget, written once at mount.
pub fn mount(dom: &Dom, node_budget: &str) -> Result<(), JsValue> {
    let select = dom.el(Id::Sample);
    let first = dom.child(select, "option", Some("Choose a sample…"))?;
    first.set_attribute("value", "")?;
    for s in SAMPLES {
        dom.child(select, "option", Some(s.label))?
            .set_attribute("value", s.key)?;
    }
    dom.set_value(Id::NodeBudget, node_budget);
    Ok(())
}

/// Draws the 4×4 extras.
pub fn render(dom: &Dom, v: &FifteenView) -> Result<(), JsValue> {
    dom.set_hidden(Id::NodesField, !v.active)?;
    if v.active {
        dom.set_value(Id::NodeBudget, &v.node_budget);
    }
    dom.optional_text(Id::NodeBudgetError, v.node_budget_error.as_deref())?;
    dom.attr(
        Id::NodeBudget,
        "aria-invalid",
        if v.node_budget_error.is_some() {
            "true"
        } else {
            "false"
        },
    )?;
    dom.optional_text(Id::LimitNote, Some(&v.limit_note))?;
    dom.set_hidden(Id::Run16, v.progress.is_empty() && !v.cancel_enabled)?;
    dom.text(Id::Progress16, &v.progress);
    if v.cancel_enabled {
        dom.el(Id::Cancel16).remove_attribute("disabled")?;
    } else {
        dom.attr(Id::Cancel16, "disabled", "")?;
    }
    for (note_id, panel, note) in [
        (Id::TraceSizeNote, Id::TracePanel, &v.trace_note),
        (Id::PlaySizeNote, Id::PlayPanel, &v.play_note),
        (Id::LabSizeNote, Id::LabPanel, &v.lab_note),
        (Id::SpaceSizeNote, Id::SpacePanel, &v.space_note),
    ] {
        dom.optional_text(note_id, note.as_deref())?;
        if note.is_some() {
            dom.attr(panel, "data-na", "")?;
        } else {
            dom.el(panel).remove_attribute("data-na")?;
        }
    }
    Ok(())
}

/// The page's one 4×4 worker, started on the first 4×4 solve and kept (with
/// its pattern database) for the page session.
#[derive(Default)]
pub struct Worker16 {
    worker: RefCell<Option<Worker>>,
}

impl Worker16 {
    /// Posts a task, starting the worker first if needed; `on_line`, given
    /// when the worker starts (later ones are not used), gets each answer:
    /// job id, report line, the worker's wasm memory in bytes.
    pub fn post(
        &self,
        kit: Option<&Kit>,
        job: u64,
        task: &str,
        on_line: impl FnMut(u64, String, f64) + 'static,
    ) -> Result<(), JsValue> {
        if self.worker.borrow().is_none() {
            let kit = kit.ok_or_else(|| {
                JsValue::from_str("Web Workers are not available here, and a 4×4 solve runs in one")
            })?;
            let worker = kit.start(1)?.pop().ok_or("no worker")?;
            let mut on_line = on_line;
            on_message(&worker, move |event| {
                let data = event.data();
                let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
                let job = get("job").and_then(|j| j.as_f64()).unwrap_or(-1.0);
                let line = get("line")
                    .and_then(|l| l.as_string())
                    .unwrap_or_else(|| "error the worker sent no line".into());
                let bytes = get("bytes").and_then(|b| b.as_f64()).unwrap_or(0.0);
                on_line(job as u64, line, bytes);
            });
            *self.worker.borrow_mut() = Some(worker);
        }
        let message = js_sys::Object::new();
        js_sys::Reflect::set(&message, &"job".into(), &JsValue::from_f64(job as f64))?;
        js_sys::Reflect::set(&message, &"task16".into(), &JsValue::from_str(task))?;
        self.send(&message)
    }

    /// Tells the worker to drop its job at its next slice.
    pub fn cancel(&self) -> Result<(), JsValue> {
        let message = js_sys::Object::new();
        js_sys::Reflect::set(&message, &"cancel16".into(), &JsValue::TRUE)?;
        self.send(&message)
    }

    fn send(&self, message: &js_sys::Object) -> Result<(), JsValue> {
        match self.worker.borrow().as_ref() {
            Some(w) => w.post_message(message),
            None => Ok(()),
        }
    }
}
