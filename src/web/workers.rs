//! Web Workers for long work: the page's own script, started from a Blob of
//! its text, each worker handed the module the page compiled (no second copy
//! of the wasm). Work is cut into tasks (text, see `view::run_task`) that a
//! [`Batch`] of workers answers in parallel, each worker taking the next task
//! as it answers; the answers merge on the page. Where a browser refuses
//! workers, the page runs the same work in slices instead.

use crate::view::run_task;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Worker;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()` of the global scope: the window's or a worker's.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// A worker's one entry point: a task as text in, its answer as text out.
#[wasm_bindgen]
pub fn worker_run(task: &str) -> Result<String, JsError> {
    run_task(task, &mut performance_now).map_err(|e| JsError::new(&e))
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
fn post(worker: &Worker, id: usize, task: &str) -> Result<(), JsValue> {
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"id".into(), &JsValue::from_f64(id as f64))?;
    js_sys::Reflect::set(&message, &"task".into(), &JsValue::from_str(task))?;
    worker.post_message(&message)
}

/// A worker's answer: the task id and its text, or what went wrong.
fn answer(data: &JsValue) -> (Option<usize>, Result<String, String>) {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    let id = get("id").as_f64().map(|n| n as usize);
    if let Some(e) = get("error").as_string() {
        return (id, Err(e));
    }
    let text = get("result")
        .as_string()
        .ok_or_else(|| "an answer without a result".to_string());
    (id, text)
}

/// The error of a worker that never ran (the browser refused its script).
pub const REFUSED: &str = "the browser did not run the worker's script";

/// The workers of one piece of work.
pub struct Batch {
    workers: Vec<Worker>,
    stopped: Cell<bool>,
}

impl Batch {
    /// Terminates every worker at once; later answers are dropped.
    pub fn stop(&self) {
        if !self.stopped.replace(true) {
            for w in &self.workers {
                w.terminate();
            }
        }
    }

    /// How many workers it runs.
    pub fn size(&self) -> usize {
        self.workers.len()
    }
}

/// Starts up to `n` workers (no more than there are tasks) on `tasks`. Each
/// answer goes to `on_answer(task index, answer)`, which returns whether the
/// work goes on; the batch stops itself when it does not, and after the last
/// answer.
pub fn run_batch(
    kit: &Kit,
    n: usize,
    tasks: Vec<String>,
    on_answer: impl FnMut(usize, Result<String, String>) -> bool + 'static,
) -> Result<Rc<Batch>, JsValue> {
    let batch = Rc::new(Batch {
        workers: kit.start(n.min(tasks.len()))?,
        stopped: Cell::new(false),
    });
    let tasks = Rc::new(tasks);
    let next = Rc::new(Cell::new(0usize));
    let left = Rc::new(Cell::new(tasks.len()));
    let on_answer = Rc::new(RefCell::new(on_answer));
    let dispatch = {
        let (tasks, next) = (tasks.clone(), next.clone());
        move |w: &Worker| -> Result<(), JsValue> {
            let i = next.get();
            match tasks.get(i) {
                Some(task) => {
                    next.set(i + 1);
                    post(w, i, task)
                }
                None => Ok(()),
            }
        }
    };
    let dispatch = Rc::new(dispatch);
    for (i, w) in batch.workers.iter().enumerate() {
        let (b, left, answer_to, next_task) = (
            batch.clone(),
            left.clone(),
            on_answer.clone(),
            dispatch.clone(),
        );
        on_message(w, move |event| {
            if b.stopped.get() {
                return;
            }
            let (id, result) = answer(&event.data());
            left.set(left.get().saturating_sub(1));
            let result = match id {
                Some(_) => result,
                None => Err(result
                    .err()
                    .unwrap_or_else(|| "an answer without a task id".into())),
            };
            let go_on = (answer_to.borrow_mut())(id.unwrap_or(usize::MAX), result);
            if !go_on || left.get() == 0 {
                b.stop();
            } else if next_task(&b.workers[i]).is_err() {
                b.stop();
                (answer_to.borrow_mut())(usize::MAX, Err("a task could not be posted".into()));
            }
        });
        // A worker the browser refuses to run reports an error event, not an
        // answer.
        let (b, on_answer) = (batch.clone(), on_answer.clone());
        let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            if !b.stopped.get() {
                b.stop();
                (on_answer.borrow_mut())(usize::MAX, Err(REFUSED.into()));
            }
        });
        w.set_onerror(Some(closure.as_ref().unchecked_ref()));
        closure.forget();
        dispatch(w)?;
    }
    Ok(batch)
}

/// Turns a closure into a worker's message handler.
pub fn on_message(worker: &Worker, handler: impl FnMut(web_sys::MessageEvent) + 'static) {
    let closure = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(handler);
    worker.set_onmessage(Some(closure.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    closure.forget();
}
