//! Web Workers for long work: the page's own script, started from a Blob of
//! its text, each worker handed the module the page compiled (no second copy
//! of the wasm).
//!
//! One protocol (see `crate::task`): every message either way is one
//! serde [`Envelope`] `{job, body}`, posted as its bytes (`{envelope}`, a
//! `Uint8Array`; once, `{module}` with the compiled module). The page posts a task or a
//! cancel; a worker answers each slice with a typed reply. A worker runs one
//! `task::Session` through the entry points below; the loader hands every
//! envelope to [`worker_receive`] and calls [`worker_step`] once per
//! event-loop task until it answers nothing, so a cancel is read between
//! slices.
//!
//! On the page, [`spawn`] starts a worker with its handlers: every envelope
//! to one closure, and the worker's `error` and `messageerror` events to
//! another, as text for the page. A [`Batch`] of workers answers a list of
//! tasks in parallel, each taking the next as it answers; [`run_stream`]
//! runs one streaming task (the exploration) in a worker of its own; the
//! solver keeps one worker for the session (`web::page`). Where a browser refuses
//! workers, the page runs the batch work in slices instead.

use crate::task::{Answer, Body, Envelope, Reply, Session, Task};
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

thread_local! {
    /// The worker's session: its job and the tables it keeps.
    static SESSION: RefCell<Session> = RefCell::new(Session::default());
    /// The job whose replies go out (`None`: nothing to answer). Kept apart
    /// from the session so a failed slice can still be answered.
    static JOB: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Worker side: takes an envelope from the page: a task (a running job is
/// dropped, tables kept) or a cancel. An envelope that cannot be read is
/// answered as an error of the job it names, or of no job.
#[wasm_bindgen]
pub fn worker_receive(envelope: &[u8]) {
    match Envelope::from_bytes(envelope) {
        Ok(Envelope {
            job,
            body: Body::Task(task),
        }) => {
            JOB.with(|j| j.set(Some(job)));
            SESSION.with(|s| s.borrow_mut().begin(task));
        }
        // A cancel (a reply is never posted to a worker).
        Ok(Envelope { .. }) => {
            JOB.with(|j| j.set(None));
            SESSION.with(|s| s.borrow_mut().cancel());
        }
        Err(e) => {
            JOB.with(|j| j.set(Some(u64::MAX)));
            SESSION.with(|s| s.borrow_mut().cancel());
            FAILED.with(|f| *f.borrow_mut() = Some(e));
        }
    }
}

thread_local! {
    /// An error to answer before any slice (an envelope not read).
    static FAILED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Worker side: one bounded slice; its reply as the envelope's bytes,
/// or nothing when no job is left.
#[wasm_bindgen]
pub fn worker_step() -> Option<Vec<u8>> {
    let job = JOB.with(Cell::get)?;
    let reply = match FAILED.with(|f| f.borrow_mut().take()) {
        Some(e) => Some(Reply::Error(e)),
        None => SESSION.with(|s| s.borrow_mut().step(&mut performance_now)),
    };
    let Some(reply) = reply else {
        JOB.with(|j| j.set(None));
        return None;
    };
    if reply.is_final() {
        JOB.with(|j| j.set(None));
    }
    Some(
        Envelope {
            job,
            body: Body::Reply(reply),
        }
        .to_bytes(),
    )
}

/// Worker side: a slice that threw: the error of the job as the envelope's
/// bytes (nothing when no job runs); the job ends.
#[wasm_bindgen]
pub fn worker_failed(error: &str) -> Option<Vec<u8>> {
    let job = JOB.with(|j| j.take())?;
    Some(
        Envelope {
            job,
            body: Body::Reply(Reply::Error(error.to_string())),
        }
        .to_bytes(),
    )
}

/// Worker side: the bytes of the worker's wasm memory (the tables and
/// everything else the instance holds), for the benchmark.
#[wasm_bindgen]
pub fn worker_memory() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map_or(0.0, |m| {
            m.buffer()
                .dyn_into::<js_sys::ArrayBuffer>()
                .map_or(0.0, |b| f64::from(b.byte_length()))
        })
}

/// What starting workers needs: the compiled module and the script's URL.
pub struct Kit {
    pub module: JsValue,
    pub url: String,
}

impl Kit {
    /// A Blob URL of the page's own script text (a JS string, handed on
    /// as it is: copying it into wasm memory and back cost the boot ~4 ms).
    pub fn new(module: JsValue, script: &JsValue) -> Result<Kit, JsValue> {
        let parts = js_sys::Array::of1(script);
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/javascript");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
        Ok(Kit {
            module,
            url: web_sys::Url::create_object_url_with_blob(&blob)?,
        })
    }
}

/// How many workers: as many as the browser says it has cores, at least two.
pub fn worker_count() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .map_or(2, |n| (n as usize).clamp(2, 16))
}

/// One reply from a worker.
pub struct Received {
    /// The job it answers.
    pub job: u64,
    /// What it says.
    pub reply: Reply,
    /// The worker's wasm memory in bytes, when it said.
    pub memory: f64,
}

fn received(data: &JsValue) -> Received {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    let memory = get("memory").as_f64().unwrap_or(0.0);
    let read = get("envelope")
        .dyn_into::<js_sys::Uint8Array>()
        .map_err(|_| "the worker sent a message without an envelope".to_string())
        .and_then(|bytes| Envelope::from_bytes(&bytes.to_vec()));
    let (job, reply) = match read {
        Ok(Envelope {
            job,
            body: Body::Reply(reply),
        }) => (job, reply),
        Ok(Envelope { job, .. }) => (job, Reply::Error("the worker sent a task".into())),
        Err(e) => (u64::MAX, Reply::Error(e)),
    };
    Received { job, reply, memory }
}

/// Posts an envelope to a worker.
pub fn post(worker: &Worker, job: u64, body: Body) -> Result<(), JsValue> {
    let message = js_sys::Object::new();
    let bytes = js_sys::Uint8Array::from(Envelope { job, body }.to_bytes().as_slice());
    js_sys::Reflect::set(&message, &"envelope".into(), &bytes)?;
    worker.post_message(&message)
}

/// The error of a worker that never ran (the browser refused its script).
pub const REFUSED: &str = "the browser did not run the worker's script";

/// What a worker's `error` or `messageerror` event says, for the page.
fn event_text(event: &web_sys::Event) -> String {
    let message = js_sys::Reflect::get(event, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .filter(|m| !m.is_empty());
    match (event.type_().as_str(), message) {
        ("messageerror", _) => "the worker's message could not be read".into(),
        (_, Some(m)) => format!("the Web Worker stopped: {m}"),
        (_, None) => REFUSED.into(),
    }
}

/// Starts one worker, hands it the module, and sets its handlers: each
/// envelope goes to `on_reply`, its `error` and `messageerror` events (as
/// text) to `on_error`. The browser's refusal to construct it is the error.
pub fn spawn(
    kit: &Kit,
    on_reply: impl FnMut(Received) + 'static,
    on_error: impl FnMut(String) + 'static,
) -> Result<Worker, JsValue> {
    let worker = Worker::new(&kit.url)?;
    let mut on_reply = on_reply;
    let message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            on_reply(received(&event.data()))
        });
    worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
    // The handlers live as long as the worker.
    message.forget();
    let on_error = Rc::new(RefCell::new(on_error));
    let failed = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        event.prevent_default();
        (on_error.borrow_mut())(event_text(&event));
    });
    worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
    worker.set_onmessageerror(Some(failed.as_ref().unchecked_ref()));
    failed.forget();
    let init = js_sys::Object::new();
    js_sys::Reflect::set(&init, &"module".into(), &kit.module)?;
    worker.post_message(&init)?;
    Ok(worker)
}

/// The workers of one piece of work.
pub struct Batch {
    workers: RefCell<Vec<Worker>>,
    stopped: Cell<bool>,
}

impl Batch {
    /// Terminates every worker at once; later answers are dropped.
    pub fn stop(&self) {
        if !self.stopped.replace(true) {
            for w in self.workers.borrow().iter() {
                w.terminate();
            }
        }
    }

    /// How many workers it runs.
    pub fn size(&self) -> usize {
        self.workers.borrow().len()
    }
}

/// Starts up to `n` workers (no more than there are tasks) on `tasks`; a
/// task's job id is its index. Each answer goes to `on_answer(task index,
/// answer)`, which returns whether the work goes on; the batch stops itself
/// when it does not, and after the last answer. A worker's error event is
/// an answer `Err` with no index (`usize::MAX`), and stops the batch.
pub fn run_batch(
    kit: &Kit,
    n: usize,
    tasks: Vec<Task>,
    on_answer: impl FnMut(usize, Result<Answer, String>) -> bool + 'static,
) -> Result<Rc<Batch>, JsValue> {
    let batch = Rc::new(Batch {
        workers: RefCell::new(Vec::new()),
        stopped: Cell::new(false),
    });
    let tasks = Rc::new(tasks);
    let next = Rc::new(Cell::new(0usize));
    let left = Rc::new(Cell::new(tasks.len()));
    let on_answer = Rc::new(RefCell::new(on_answer));
    // Hands worker `w` the next task, if any is left.
    let dispatch = {
        let (tasks, next, batch) = (tasks.clone(), next.clone(), Rc::downgrade(&batch));
        Rc::new(move |w: usize| -> Result<(), JsValue> {
            let i = next.get();
            let (Some(task), Some(b)) = (tasks.get(i), batch.upgrade()) else {
                return Ok(());
            };
            next.set(i + 1);
            let workers = b.workers.borrow();
            match workers.get(w) {
                Some(worker) => post(worker, i as u64, Body::Task(task.clone())),
                None => Ok(()),
            }
        })
    };
    for w in 0..n.min(tasks.len()) {
        let (b, left, answer_to, next_task) = (
            batch.clone(),
            left.clone(),
            on_answer.clone(),
            dispatch.clone(),
        );
        let on_reply = move |e: Received| {
            if b.stopped.get() {
                return;
            }
            let result = match e.reply {
                // Batch tasks answer at once; progress has nothing to merge.
                Reply::Progress(_) => return,
                Reply::Done(answer) => Ok(answer),
                Reply::Error(text) => Err(text),
            };
            left.set(left.get().saturating_sub(1));
            let index = usize::try_from(e.job).unwrap_or(usize::MAX);
            let go_on = (answer_to.borrow_mut())(index, result);
            if !go_on || left.get() == 0 {
                b.stop();
            } else if next_task(w).is_err() {
                b.stop();
                (answer_to.borrow_mut())(usize::MAX, Err("a task could not be posted".into()));
            }
        };
        let (b, answer_to) = (batch.clone(), on_answer.clone());
        let on_error = move |why: String| {
            if !b.stopped.get() {
                b.stop();
                (answer_to.borrow_mut())(usize::MAX, Err(why));
            }
        };
        let worker = spawn(kit, on_reply, on_error).inspect_err(|_| batch.stop())?;
        batch.workers.borrow_mut().push(worker);
        dispatch(w)?;
    }
    Ok(batch)
}

/// The page's one solver worker, started by the first solve or hint and
/// kept, with its tables, for the page session. After an error event it is
/// dropped, so the next job starts a fresh one.
#[derive(Default)]
pub struct SessionWorker {
    worker: Rc<RefCell<Option<Worker>>>,
}

impl SessionWorker {
    /// Posts task `job`, starting the worker first if needed. The handlers
    /// given when the worker starts get every envelope and error of the
    /// session (later ones are not used).
    pub fn post(
        &self,
        kit: Option<&Kit>,
        job: u64,
        task: Task,
        on_reply: impl FnMut(Received) + 'static,
        on_error: impl FnMut(String) + 'static,
    ) -> Result<(), JsValue> {
        if self.worker.borrow().is_none() {
            let kit = kit.ok_or_else(|| {
                JsValue::from_str("Web Workers are not available here, and this solve runs in one")
            })?;
            let slot = self.worker.clone();
            let mut on_error = on_error;
            let worker = spawn(kit, on_reply, move |why| {
                if let Some(w) = slot.borrow_mut().take() {
                    w.terminate();
                }
                on_error(why);
            })?;
            *self.worker.borrow_mut() = Some(worker);
        }
        match self.worker.borrow().as_ref() {
            Some(w) => post(w, job, Body::Task(task)),
            None => Ok(()),
        }
    }

    /// Tells the worker to drop its job at its next slice (its tables stay).
    pub fn cancel(&self) -> Result<(), JsValue> {
        match self.worker.borrow().as_ref() {
            Some(w) => post(w, 0, Body::Cancel),
            None => Ok(()),
        }
    }
}

/// Starts one worker on one streaming task (job 0): every reply, progress
/// included, goes to `on_reply` with the worker's wasm memory in bytes
/// (0 when it did not say), which returns whether the page still waits. The worker is terminated when it does not, after the final reply
/// and after an error event (passed on as a [`Reply::Error`]); the returned
/// handle terminates it at once (Cancel, a new run).
pub fn run_stream(
    kit: &Kit,
    task: Task,
    on_reply: impl FnMut(Reply, f64) -> bool + 'static,
) -> Result<Rc<Batch>, JsValue> {
    let batch = Rc::new(Batch {
        workers: RefCell::new(Vec::new()),
        stopped: Cell::new(false),
    });
    let on_reply = Rc::new(RefCell::new(on_reply));
    let (b, answer_to) = (batch.clone(), on_reply.clone());
    let on_envelope = move |e: Received| {
        if b.stopped.get() {
            return;
        }
        let last = e.reply.is_final();
        let go_on = (answer_to.borrow_mut())(e.reply, e.memory);
        if last || !go_on {
            b.stop();
        }
    };
    let (b, answer_to) = (batch.clone(), on_reply);
    let on_error = move |why: String| {
        if !b.stopped.get() {
            b.stop();
            (answer_to.borrow_mut())(Reply::Error(why), 0.0);
        }
    };
    let worker = spawn(kit, on_envelope, on_error)?;
    batch.workers.borrow_mut().push(worker);
    let posted = batch
        .workers
        .borrow()
        .first()
        .map_or(Ok(()), |w| post(w, 0, Body::Task(task)));
    posted.inspect_err(|_| batch.stop())?;
    Ok(batch)
}
