//! Web Workers for long work: the page's own script, started from a Blob of
//! its text, each worker handed the module the page compiled (no second copy
//! of the wasm). The heuristic sweep is cut into tasks ([`SweepTask`]) that
//! the workers solve in parallel; their totals merge on the page. Where a
//! browser refuses workers, the page runs the same sweep in slices instead.

use crate::view::{run_sweep_task, SweepTask, SweepTotals};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Worker;

/// A worker's one entry point: a task as text in, its totals as text out.
#[wasm_bindgen]
pub fn worker_run(task: &str) -> Result<String, JsError> {
    let task = SweepTask::from_text(task).map_err(|e| JsError::new(&e))?;
    let totals = run_sweep_task(&task).map_err(|e| JsError::new(&e))?;
    Ok(totals.to_text())
}

/// What starting workers needs: the compiled module and the script's URL.
pub struct Kit {
    pub module: JsValue,
    pub url: String,
}

impl Kit {
    /// A Blob URL of the page's own script text.
    pub fn new(module: JsValue, script: &str) -> Result<Kit, JsValue> {
        let parts = js_sys::Array::of1(&JsValue::from_str(script));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/javascript");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
        Ok(Kit {
            module,
            url: web_sys::Url::create_object_url_with_blob(&blob)?,
        })
    }

    /// Starts `n` workers, each handed the module; the browser's refusal is
    /// the error.
    pub fn start(&self, n: usize) -> Result<Vec<Worker>, JsValue> {
        let mut workers = Vec::with_capacity(n);
        for _ in 0..n {
            let w = Worker::new(&self.url)?;
            let message = js_sys::Object::new();
            js_sys::Reflect::set(&message, &"module".into(), &self.module)?;
            w.post_message(&message)?;
            workers.push(w);
        }
        Ok(workers)
    }
}

/// How many workers: as many as the browser says it has cores, at least two.
pub fn worker_count() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .map_or(2, |n| (n as usize).clamp(2, 16))
}

/// Posts task `id` to a worker.
pub fn post(worker: &Worker, id: usize, task: &SweepTask) -> Result<(), JsValue> {
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"id".into(), &JsValue::from_f64(id as f64))?;
    js_sys::Reflect::set(
        &message,
        &"task".into(),
        &JsValue::from_str(&task.to_text()),
    )?;
    worker.post_message(&message)
}

/// A worker's answer: the task id and its totals, or what went wrong.
pub fn answer(data: &JsValue) -> Result<(usize, SweepTotals), String> {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    if let Some(e) = get("error").as_string() {
        return Err(e);
    }
    let id = get("id").as_f64().ok_or("an answer without a task id")? as usize;
    let text = get("result")
        .as_string()
        .ok_or("an answer without totals")?;
    let totals = SweepTotals::from_text(&text).ok_or(format!("malformed totals {text:?}"))?;
    Ok((id, totals))
}

/// Stops every worker at once.
pub fn terminate(workers: &[Worker]) {
    for w in workers {
        w.terminate();
    }
}

/// Turns a closure into a worker's message handler.
pub fn on_message(worker: &Worker, handler: impl FnMut(web_sys::MessageEvent) + 'static) {
    let closure = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(handler);
    worker.set_onmessage(Some(closure.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    closure.forget();
}
