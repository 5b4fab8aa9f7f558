//! Boot and mount, the one listener helper, playback timers, long jobs run
//! as many short tasks, and the render that touches only what changed.

mod handlers;

use super::dom::{describe, report, show_fatal, Dom};
use super::ids::Id;
use super::workers::{
    run_batch, run_stream, worker_count, Batch, Kit, Received, SessionWorker, REFUSED,
};
use super::{board, family, lab, play, race, solution, space, trace};
use crate::engine::request::Field;
use crate::task::solver::Report;
use crate::task::{AnalysisProgress, Answer, Step, Task};
use crate::view::{
    address_update, millis_text, tree_key, Action, AddressUpdate, Download, Effect, Effects,
    ExportFormat, Focus, Inbound, InputAction, Key, LabAction, Mode, NavAction, Place, PlayAction,
    Reply, SolutionAction, SpaceAction, Tab, TraceAction, TreeKey, View, Viewport, Work, Workbench,
    NODE_BUDGET_DEFAULT, SPEED_DEFAULT, SPEED_MAX, SPEED_MIN, SPEED_STEP, TIMER_TICK_MS,
};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, EventTarget, HtmlElement, HtmlInputElement, HtmlTextAreaElement};

fn window() -> Result<web_sys::Window, JsValue> {
    web_sys::window().ok_or_else(|| JsValue::from_str("no window"))
}

fn document() -> Result<Document, JsValue> {
    window()?
        .document()
        .ok_or_else(|| JsValue::from_str("no document"))
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Sets `data-<key>` on the root element: figures for the benchmark script.
fn set_data(key: &str, value: &str) {
    if let Some(root) = document().ok().and_then(|d| d.document_element()) {
        let root: HtmlElement = root.unchecked_into();
        let _ = root.dataset().set(key, value);
    }
}

/// Records a duration in milliseconds as `data-<key>`.
fn mark(key: &str, ms: f64) {
    set_data(key, &millis_text(ms));
}

/// Called by the page's loader once the module is instantiated, with the
/// compiled module and the page's script text (for Web Workers).
#[wasm_bindgen]
pub fn boot(module: JsValue, script: JsValue) -> Result<(), JsError> {
    std::panic::set_hook(Box::new(|info| {
        show_fatal(&format!(
            "The workbench stopped because of an internal error; reload the page. Details: {info}"
        ));
    }));
    let doc = document().map_err(|e| JsError::new(&describe(&e)))?;
    let fragment = window()
        .and_then(|w| w.location().hash())
        .unwrap_or_default();
    // Without Worker or a Blob URL there are no workers; the page then
    // works in slices.
    let has_worker = js_sys::Reflect::has(&js_sys::global(), &"Worker".into()).unwrap_or(false);
    let kit = has_worker.then(|| Kit::new(module, &script).ok()).flatten();
    handlers::mount_with(&doc, &fragment, kit).map_err(|e| JsError::new(&describe(&e)))?;
    // The page stays hidden until the first result is in place, so the
    // browser lays it out once.
    for (id, hidden) in [(Id::Main, false), (Id::Loading, true)] {
        if let Some(el) = doc.get_element_by_id(id.name()) {
            let _ = if hidden {
                el.set_attribute("hidden", "")
            } else {
                el.remove_attribute("hidden")
            };
        }
    }
    mark("firstResultMs", now());
    Ok(())
}

/// What the page does after a handler has acted on the workbench: carry
/// out its effects (nothing when unused), then, for some events, move
/// focus.
enum Then {
    /// Carry out the effects.
    Do(Effects),
    /// Carry out the effects, then move focus.
    Focus(Effects, FocusTo),
}

/// Where focus goes after an event.
#[derive(Clone, Copy)]
enum FocusTo {
    /// The active tab (arrow keys in the tab list).
    Tab,
    /// Into the active tab's panel (a pointer click on a tab), so the
    /// page's keys, such as the game's arrows, apply.
    Panel,
    /// The first Predict answer button (the buttons were redrawn), or Step
    /// when there is none.
    Predict,
}

impl Then {
    /// Nothing to do (an event the page leaves alone).
    fn ignore() -> Then {
        Then::Do(Effects::default())
    }
}

/// Work on the page's thread, done one short task at a time.
enum Job {
    CountPaths,
}

/// The mounted page: its elements, the workbench, and the view last drawn.
struct Page {
    dom: Dom,
    bench: RefCell<Workbench>,
    last: RefCell<Option<View>>,
    /// What starting Web Workers needs, when the page has it.
    kit: Option<Kit>,
    /// The workers of each running piece of work.
    batches: RefCell<Vec<(Work, Rc<Batch>)>>,
    /// The solver's worker, kept with its tables for the session.
    session: SessionWorker,
    /// When the running worker job was posted, and when its build ended.
    clock: RefCell<(f64, Option<f64>)>,
    /// When each running long work started (for its timing mark).
    started: RefCell<Vec<(Work, f64)>>,
    /// Tabs whose hidden panel has changes not yet drawn: a hidden panel
    /// is drawn when its tab is shown, so the first result is painted
    /// without drawing the four other tabs first.
    unseen: RefCell<Vec<Tab>>,
}

type Shared = Rc<Page>;

fn tab_ids(tab: Tab) -> (Id, Id) {
    match tab {
        Tab::Solution => (Id::TabSolution, Id::SolutionPanel),
        Tab::Trace => (Id::TabTrace, Id::TracePanel),
        Tab::Play => (Id::TabPlay, Id::PlayPanel),
        Tab::Lab => (Id::TabLab, Id::LabPanel),
        Tab::Race => (Id::TabRace, Id::RacePanel),
        Tab::Space => (Id::TabSpace, Id::SpacePanel),
    }
}

impl Page {
    /// Draws the parts of the view that differ from what is on screen.
    fn render(self: &Rc<Self>) -> Result<(), JsValue> {
        let view = self.bench.borrow_mut().view();
        let last = self.last.borrow_mut().take();
        macro_rules! changed {
            ($($part:ident).+) => {
                last.as_ref().is_none_or(|l| l.$($part).+ != view.$($part).+)
            };
        }
        let dom = &self.dom;
        if changed!(tab) {
            for tab in Tab::ALL {
                let (tab_id, panel) = tab_ids(tab);
                let on = tab == view.tab;
                dom.attr(tab_id, "aria-selected", if on { "true" } else { "false" })?;
                dom.attr(tab_id, "tabindex", if on { "0" } else { "-1" })?;
                dom.set_hidden(panel, !on)?;
            }
        }
        if changed!(inputs) {
            solution::inputs(dom, &view.inputs)?;
        }
        if changed!(board) {
            board::render(dom, &view.board, last.as_ref().map(|l| &l.board))?;
        }
        if changed!(verdict) {
            solution::verdict(dom, &view.verdict)?;
        }
        if changed!(controls) {
            solution::controls(dom, &view.controls)?;
        }
        if changed!(solution) {
            solution::render(dom, &view.solution, last.as_ref().map(|l| &l.solution))?;
        }
        // A hidden tab's panel waits until its tab is shown; then it is
        // drawn whole (no previous view to compare with).
        let mut unseen = self.unseen.borrow_mut();
        let mut due = |tab: Tab, changed: bool| -> Option<bool> {
            if tab != view.tab {
                if changed && !unseen.contains(&tab) {
                    unseen.push(tab);
                }
                None
            } else if let Some(i) = unseen.iter().position(|&t| t == tab) {
                unseen.swap_remove(i);
                Some(true)
            } else {
                changed.then_some(false)
            }
        };
        if let Some(whole) = due(Tab::Trace, changed!(trace)) {
            let before = last.as_ref().filter(|_| !whole).map(|l| &l.trace);
            trace::render(dom, &view.trace, before)?;
        }
        if due(Tab::Play, changed!(play)).is_some() {
            play::render(dom, &view.play)?;
        }
        if due(Tab::Lab, changed!(lab)).is_some() {
            lab::render(dom, &view.lab)?;
        }
        if due(Tab::Race, changed!(race)).is_some() {
            race::render(dom, &view.race)?;
        }
        let space_changed = changed!(space.explore)
            || changed!(space.explore_note)
            || changed!(space.space)
            || changed!(space.log)
            || changed!(space.tools_note)
            || changed!(space.metric_note)
            || changed!(space.sweep)
            || changed!(space.depth);
        if let Some(whole) = due(Tab::Space, space_changed) {
            if whole || changed!(space.explore) || changed!(space.explore_note) {
                space::explore(dom, &view.space.explore, &view.space.explore_note)?;
            }
            if whole || changed!(space.space) || changed!(space.log) {
                space::render(dom, view.space.space.as_ref(), view.space.log)?;
            }
            if whole || changed!(space.tools_note) || changed!(space.metric_note) {
                space::tools(
                    dom,
                    view.space.tools_note.as_deref(),
                    view.space.metric_note.as_deref(),
                )?;
            }
            if whole || changed!(space.sweep) {
                space::sweep(dom, &view.space.sweep)?;
            }
            if whole || changed!(space.depth) {
                space::depth(dom, &view.space.depth)?;
            }
        }
        drop(unseen);
        if changed!(family) {
            family::render(dom, &view.family)?;
        }
        if changed!(link_note) {
            dom.optional_text(Id::LinkNote, Some(&view.link_note))?;
        }
        if changed!(link) {
            // The address bar is always a link to what is on screen: a new
            // solved state is a new history entry, anything else replaces
            // the current one, and a state opened from the address is left
            // as it is (so reopening from history never adds an entry).
            let w = window()?;
            let address = w.location().hash()?;
            let before = last.as_ref().map(|l| l.entry);
            let url = format!("#{}", view.link);
            match address_update(&address, &view.link, before, view.entry) {
                AddressUpdate::Keep => {}
                AddressUpdate::Replace => {
                    w.history()?
                        .replace_state_with_url(&JsValue::NULL, "", Some(&url))?;
                }
                AddressUpdate::Push => {
                    w.history()?
                        .push_state_with_url(&JsValue::NULL, "", Some(&url))?;
                }
            }
        }
        *self.last.borrow_mut() = Some(view);
        Ok(())
    }

    /// Hands an inbound message to the workbench and carries out what it
    /// says.
    fn receive(self: &Rc<Self>, inbound: Inbound) -> Result<(), JsValue> {
        let effects = self.bench.borrow_mut().receive(inbound, &mut now);
        self.execute(effects)
    }

    /// Carries out `effects`: a work's workers stop first, then the page
    /// draws what changed (a work about to run draws once it has said where
    /// it runs), then the rest in order. Unused effects draw nothing.
    fn execute(self: &Rc<Self>, effects: Effects) -> Result<(), JsValue> {
        if !effects.used && effects.list.is_empty() {
            return Ok(());
        }
        // Before drawing: stop workers, and mark the end of finished work.
        let mut rest = Vec::with_capacity(effects.list.len());
        for effect in effects.list {
            match effect {
                Effect::StopWork(work) => stop_batch(self, work),
                Effect::Finished(work) => mark_done(self, work),
                other => rest.push(other),
            }
        }
        if !rest.iter().any(|e| matches!(e, Effect::RunWork { .. })) {
            self.render()?;
        }
        self.perform(rest)
    }

    /// Carries out effects other than drawing and stopping work.
    fn perform(self: &Rc<Self>, list: Vec<Effect>) -> Result<(), JsValue> {
        for effect in list {
            match effect {
                Effect::StopWork(_) => {}
                Effect::Playback { token, ms } => schedule(self, token, ms)?,
                // A cancelled or edited worker solve (or hint) stops in the
                // worker too (its tables stay).
                Effect::StopSolve => self.session.cancel()?,
                Effect::PostSolve { job, task, .. } => self.post_solve(job, task)?,
                Effect::CountPaths => run_job(self, Job::CountPaths)?,
                Effect::RunWork { work, place } => run_work(self, work, place)?,
                Effect::Batch { work, tasks } => {
                    if let Err(e) = in_workers(self, work, tasks) {
                        refused(self, work, &describe(&e));
                    }
                }
                Effect::Stream { work, task } => {
                    if let Err(e) = in_stream(self, work, task) {
                        refused(self, work, &describe(&e));
                    }
                }
                Effect::Slice(work) => in_slices(self, work)?,
                Effect::Finished(work) => mark_done(self, work),
                Effect::Download(file) => download(&self.dom, &file)?,
                Effect::Figure { key, value } => set_data(key, &value),
                Effect::PlayTimer { token } => play_timer(self, token)?,
            }
        }
        Ok(())
    }

    /// Hands a solve or hint to the session's worker; its replies update
    /// the workbench and record timings for the benchmark script, and its
    /// error event ends the job with the error on the page.
    fn post_solve(self: &Rc<Self>, job: u64, task: Task) -> Result<(), JsValue> {
        *self.clock.borrow_mut() = (now(), None);
        let p = self.clone();
        let on_reply = move |e: Received| {
            let t = now();
            let (start, built) = *p.clock.borrow();
            if let Reply::Progress(Step::Solver(Report::Build { .. })) = e.reply {
                p.clock.borrow_mut().1 = Some(t);
                mark("build16Ms", t - start);
            }
            if let Reply::Done(Answer::Solver(
                Report::Found(..) | Report::Cutoff(_) | Report::Fast { .. },
            )) = e.reply
            {
                mark("solve16Ms", t - built.unwrap_or(start));
            }
            // Play's analysis: its tables' build (to the last slice), then
            // the analysis from there, for the benchmark script.
            if let Reply::Progress(Step::Analysis(AnalysisProgress::Build { .. })) = e.reply {
                p.clock.borrow_mut().1 = Some(t);
                mark("analysisBuildMs", t - start);
            }
            if let Reply::Done(Answer::Analysis(_)) = e.reply {
                mark("analysisMs", t - built.unwrap_or(start));
            }
            set_data("worker16Bytes", &(e.memory as u64).to_string());
            let reply = Inbound::Solver {
                job: e.job,
                reply: e.reply,
            };
            if let Err(e) = p.receive(reply) {
                report(&e);
            }
        };
        let p = self.clone();
        let on_error = move |why: String| {
            if let Err(e) = p.receive(Inbound::SolverFailed(why)) {
                report(&e);
            }
        };
        let posted = self
            .session
            .post(self.kit.as_ref(), job, task, on_reply, on_error);
        if let Err(e) = posted {
            self.receive(Inbound::SolverFailed(describe(&e)))?;
        }
        Ok(())
    }

    fn after(self: &Rc<Self>, then: Then) -> Result<(), JsValue> {
        let (effects, focus) = match then {
            Then::Do(effects) => return self.execute(effects),
            Then::Focus(effects, focus) => (effects, focus),
        };
        self.execute(effects)?;
        // The tab as drawn.
        let tab = self.last.borrow().as_ref().map_or(Tab::Solution, |v| v.tab);
        let target = match focus {
            FocusTo::Tab => self.dom.el(tab_ids(tab).0).clone(),
            FocusTo::Panel => self.dom.el(tab_ids(tab).1).clone(),
            FocusTo::Predict => {
                let first = self.dom.el(Id::PredictChoices).query_selector("button")?;
                let first = first.unwrap_or_else(|| self.dom.el(Id::TraceStep).clone());
                return first.unchecked_ref::<HtmlElement>().focus();
            }
        };
        // A tab or its panel sits just under the tab list, in view: moving
        // the focus there does not scroll the page (a tall panel would
        // otherwise scroll the tab list itself off the screen).
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        target
            .unchecked_ref::<HtmlElement>()
            .focus_with_options(&options)
    }
}

/// The one listener helper: on `event` at `target`, borrow the workbench,
/// let `act` change it, then draw what changed (and start what it asked
/// for); any failure is shown on the page.
fn on(
    page: &Shared,
    target: &EventTarget,
    event: &str,
    mut act: impl FnMut(&mut Workbench, &web_sys::Event) -> Then + 'static,
) -> Result<(), JsValue> {
    let p = page.clone();
    let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let then = {
            let mut w = p.bench.borrow_mut();
            // The page's time, told before every event (Play's timer).
            w.receive(Inbound::Now(now() as u64), &mut now);
            act(&mut w, &e)
        };
        if let Err(err) = p.after(then) {
            report(&err);
        }
    });
    target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    // The handlers live as long as the page.
    closure.forget();
    Ok(())
}

fn on_id(
    page: &Shared,
    id: Id,
    event: &str,
    act: impl FnMut(&mut Workbench, &web_sys::Event) -> Then + 'static,
) -> Result<(), JsValue> {
    on(page, page.dom.el(id), event, act)
}

/// The value of the input, textarea or select an event came from.
fn value_of(e: &web_sys::Event) -> String {
    let Some(t) = e.target() else {
        return String::new();
    };
    if let Some(area) = t.dyn_ref::<HtmlTextAreaElement>() {
        return area.value();
    }
    if let Some(select) = t.dyn_ref::<web_sys::HtmlSelectElement>() {
        return select.value();
    }
    t.dyn_ref::<HtmlInputElement>()
        .map(HtmlInputElement::value)
        .unwrap_or_default()
}

/// The `attr` of the closest element carrying it, from the event's target.
fn closest_attr(e: &web_sys::Event, attr: &str) -> Option<String> {
    e.target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|el| el.closest(&format!("[{attr}]")).ok().flatten())
        .and_then(|el| el.get_attribute(attr))
}

fn focus_of(e: &web_sys::Event) -> Focus {
    let el = e.target().and_then(|t| t.dyn_into::<Element>().ok());
    if el
        .as_ref()
        .and_then(|el| el.get_attribute("role"))
        .as_deref()
        == Some("tab")
    {
        return Focus::Tab;
    }
    match el.map(|el| el.tag_name().to_ascii_uppercase()).as_deref() {
        Some("TEXTAREA" | "INPUT" | "SELECT") => Focus::Field,
        Some("BUTTON") => Focus::Button,
        _ => Focus::Page,
    }
}

/// Opens the state the URL fragment names (the baseline when it is empty),
/// writes what the page shell leaves to Rust (slider range, default lab
/// budget, table headings), renders, and attaches every handler. Public
/// so the wasm tests can mount the page they build.
pub fn mount(doc: &Document, fragment: &str) -> Result<(), JsValue> {
    handlers::mount_with(doc, fragment, None)
}

/// Saves `file` through a Blob made in the page: no request is made.
fn download(dom: &Dom, file: &Download) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(&file.text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(file.mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    super::download::save(&dom.doc, &blob, &file.name)
}

/// Runs `step` in a fresh task after `delay` ms, drawing after each; it
/// returns whether to go on.
fn later(
    page: &Shared,
    delay: i32,
    mut step: impl FnMut(&Shared) -> bool + 'static,
) -> Result<(), JsValue> {
    let p = page.clone();
    let task = Closure::once_into_js(move || {
        let more = step(&p);
        let result = p
            .render()
            .and_then(|()| if more { later(&p, 0, step) } else { Ok(()) });
        if let Err(e) = result {
            report(&e);
        }
    });
    window()?.set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), delay)?;
    Ok(())
}

/// Work on the page's thread: the shortest-path count, once the result is
/// on screen.
fn run_job(page: &Shared, job: Job) -> Result<(), JsValue> {
    match job {
        Job::CountPaths => later(page, 0, |p| {
            let effects = p.bench.borrow_mut().apply(SolutionAction::CountPaths);
            if let Err(e) = p.perform(effects.list) {
                report(&e);
            }
            false
        }),
    }
}

/// Stops the workers of `work`, if any run.
fn stop_batch(page: &Shared, work: Work) {
    page.batches.borrow_mut().retain(|(w, batch)| {
        if *w == work {
            batch.stop();
        }
        *w != work
    });
}

/// Records how long `work` took, from its start, as `data-<key>Ms`.
fn mark_done(page: &Shared, work: Work) {
    let started = page
        .started
        .borrow()
        .iter()
        .find(|(w, _)| *w == work)
        .map(|(_, t)| *t);
    mark(&format!("{}Ms", work.key()), now() - started.unwrap_or(0.0));
}

/// Runs `work`, just started, where the workbench says: whole at once or
/// in slices on the page's thread (it has said so in its panel), or in Web
/// Workers, whose tasks it hands out in a task of its own.
fn run_work(page: &Shared, work: Work, place: Place) -> Result<(), JsValue> {
    {
        let mut started = page.started.borrow_mut();
        started.retain(|(w, _)| *w != work);
        started.push((work, now()));
    }
    // The first drawing of the run already says where it runs.
    page.render()?;
    match place {
        Place::Whole => page.receive(Inbound::Whole(work)),
        Place::Slices => in_slices(page, work),
        Place::Workers => later(page, 0, move |p| {
            let effects = p.bench.borrow_mut().receive(Inbound::Tasks(work), &mut now);
            if let Err(e) = p.perform(effects.list) {
                report(&e);
            }
            false
        }),
    }
}

/// The browser refused workers: the workbench says so and runs the work
/// in slices.
fn refused(page: &Shared, work: Work, why: &str) {
    let why = why.to_string();
    if let Err(e) = page.receive(Inbound::Refused { work, why }) {
        report(&e);
    }
}

/// `work` in slices of about 40 ms on the page's thread, each in a fresh
/// task, for as long as the workbench asks for another.
fn in_slices(page: &Shared, work: Work) -> Result<(), JsValue> {
    later(page, 0, move |p| {
        let slice = Inbound::Slice { work, ms: 40.0 };
        let mut effects = p.bench.borrow_mut().receive(slice, &mut now);
        let more = effects.take_slice(work);
        if let Err(e) = p.perform(effects.list) {
            report(&e);
        }
        more
    })
}

/// `work`'s tasks handed to workers; each answer goes to the workbench and
/// only what changed is redrawn.
fn in_workers(page: &Shared, work: Work, tasks: Vec<Task>) -> Result<(), JsValue> {
    let Some(kit) = page.kit.as_ref() else {
        return Err(JsValue::from_str("no worker script"));
    };
    let p = page.clone();
    let mut answered = 0usize;
    let batch = run_batch(kit, worker_count(), tasks, move |index, answer| {
        if answered == 0 && answer.as_ref().err().map(String::as_str) == Some(REFUSED) {
            refused(&p, work, REFUSED);
            return false;
        }
        answered += 1;
        let effects = p.bench.borrow_mut().receive(
            Inbound::Answer {
                work,
                index,
                answer,
            },
            &mut now,
        );
        let go_on = !effects.stops(work);
        if let Err(e) = p.execute(effects) {
            report(&e);
        }
        go_on
    })?;
    let workers = batch.size();
    let effects = page
        .bench
        .borrow_mut()
        .receive(Inbound::Split { work, workers }, &mut now);
    page.batches.borrow_mut().push((work, batch));
    page.execute(effects)
}

/// `work`'s one streaming task (the exploration of a board other than
/// 3×3) in a worker of its own: every reply (progress, the result, an
/// error) goes to the workbench; the worker is terminated on the last
/// reply, on Cancel, on a new run, and on a reply nobody waits for.
fn in_stream(page: &Shared, work: Work, task: Task) -> Result<(), JsValue> {
    let Some(kit) = page.kit.as_ref() else {
        return Err(JsValue::from_str("no worker script"));
    };
    let p = page.clone();
    let mut first = true;
    let mut peak = 0.0f64;
    let batch = run_stream(kit, task, move |reply, memory| {
        if std::mem::take(&mut first) && reply == Reply::Error(REFUSED.into()) {
            refused(&p, work, REFUSED);
            return false;
        }
        // The worker's wasm memory never shrinks: the last is the peak.
        if memory > peak {
            peak = memory;
            let key = match work {
                Work::Check => "checkWorkerBytes",
                _ => "spaceWorkerBytes",
            };
            set_data(key, &(memory as u64).to_string());
        }
        let effects = p
            .bench
            .borrow_mut()
            .receive(Inbound::Stream { work, reply }, &mut now);
        let go_on = !effects.stops(work);
        if let Err(e) = p.execute(effects) {
            report(&e);
        }
        go_on
    })?;
    page.batches.borrow_mut().push((work, batch));
    page.render()
}

/// Schedules playback tick `token` after `ms`; the workbench ignores a
/// stopped or replaced playback's tick, and asks for the next.
fn schedule(page: &Shared, token: u64, ms: u32) -> Result<(), JsValue> {
    let p = page.clone();
    let tick = Closure::once_into_js(move || {
        if let Err(e) = p.receive(Inbound::Tick(token)) {
            report(&e);
        }
    });
    window()?
        .set_timeout_with_callback_and_timeout_and_arguments_0(tick.unchecked_ref(), ms as i32)?;
    Ok(())
}

/// Schedules a tick of Play's timer `token`, with the page's time then.
fn play_timer(page: &Shared, token: u64) -> Result<(), JsValue> {
    let p = page.clone();
    let tick = Closure::once_into_js(move || {
        let ms = now() as u64;
        if let Err(e) = p.receive(Inbound::PlayTick { token, ms }) {
            report(&e);
        }
    });
    window()?.set_timeout_with_callback_and_timeout_and_arguments_0(
        tick.unchecked_ref(),
        TIMER_TICK_MS as i32,
    )?;
    Ok(())
}
