//! The thin wasm32-only layer: reads the page's inputs, hands them to the
//! view model, and copies the resulting [`View`] into the DOM. Every user
//! value reaches the page through `textContent` or an input's value, never as
//! HTML. No logic lives here.

use crate::engine::Field;
use crate::view::{millis_text, slide, Focus, Inputs, Mode, NavAction, View, Workbench};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlTextAreaElement};

fn document() -> Result<Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))
}

fn by_id(doc: &Document, id: &str) -> Result<Element, JsValue> {
    doc.get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("the page has no #{id}")))
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// A JavaScript error as text, without the float formatter that `{:?}`
/// on a `JsValue` would pull into the wasm.
fn describe(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    e.dyn_ref::<js_sys::Error>()
        .map(|err| String::from(err.message()))
        .unwrap_or_else(|| "an unexpected JavaScript value was thrown".into())
}

/// Shows a failed page update on the page.
fn report(e: &JsValue) {
    show_fatal(&format!(
        "The workbench could not update the page: {}",
        describe(e)
    ));
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
    let doc = document().map_err(|e| JsError::new(&describe(&e)))?;
    mount(&doc).map_err(|e| JsError::new(&describe(&e)))?;
    // The page stays hidden until the solver runs, so the browser lays it
    // out once, with the first result in place.
    if let Some(main) = doc.get_element_by_id("main") {
        let _ = main.remove_attribute("hidden");
    }
    if let Some(loading) = doc.get_element_by_id("loading") {
        let _ = loading.set_attribute("hidden", "");
    }
    mark(&doc, "firstResultMs", now());
    Ok(())
}

/// A button's effect on the workbench.
type Action = fn(&mut Workbench);

/// The mounted page: the document, the workbench, and the board last drawn
/// (so a one-move change can slide its tile).
struct Page {
    doc: Document,
    bench: RefCell<Workbench>,
    drawn: std::cell::Cell<Option<[u8; 9]>>,
}

type Shared = Rc<Page>;

impl Page {
    fn render(&self) -> Result<(), JsValue> {
        let view = self.bench.borrow_mut().view();
        let before = self.drawn.replace(view.board);
        render(&self.doc, &view, before)
    }
}

/// Fills the inputs with the defaults, solves them, renders, and attaches
/// every handler. Public so the wasm tests can mount the page they build.
pub fn mount(doc: &Document) -> Result<(), JsValue> {
    let inputs = Inputs::default();
    set_value(doc, "start", &inputs.start)?;
    set_value(doc, "goal", &inputs.goal)?;
    set_value(doc, "budget", &inputs.budget)?;
    let page: Shared = Rc::new(Page {
        doc: doc.clone(),
        bench: RefCell::new(Workbench::new(inputs)),
        drawn: std::cell::Cell::new(None),
    });
    set_value(doc, "speed", &page.bench.borrow().speed_ms().to_string())?;
    solve(&page)?;
    for (id, field) in [
        ("start", Field::Start),
        ("goal", Field::Goal),
        ("budget", Field::Budget),
    ] {
        let p = page.clone();
        listen(doc, id, "input", move |_| {
            let text = get_value(&p.doc, id)?;
            p.bench.borrow_mut().edit(field, &text);
            p.render()
        })?;
    }
    let p = page.clone();
    listen(doc, "solve", "click", move |_| solve(&p))?;
    for (id, action) in [
        ("first", NavAction::First),
        ("previous", NavAction::Previous),
        ("next", NavAction::Next),
        ("last", NavAction::Last),
    ] {
        let p = page.clone();
        listen(doc, id, "click", move |_| {
            p.bench.borrow_mut().navigate(action);
            p.render()
        })?;
    }
    let p = page.clone();
    listen(doc, "play", "click", move |_| {
        let token = p.bench.borrow_mut().toggle_playback();
        if let Some(t) = token {
            schedule(&p, t)?;
        }
        p.render()
    })?;
    let p = page.clone();
    listen(doc, "speed", "input", move |_| {
        let text = get_value(&p.doc, "speed")?;
        p.bench.borrow_mut().set_speed(&text);
        p.render()
    })?;
    let actions: [(&str, Action); 6] = [
        ("trace-mode", Workbench::toggle_trace),
        ("trace-step", Workbench::trace_step),
        ("trace-run", Workbench::trace_run),
        ("trace-reset", Workbench::reset_trace),
        ("play-yourself", Workbench::toggle_play_mode),
        ("hint", Workbench::hint),
    ];
    for (id, action) in actions {
        let p = page.clone();
        listen(doc, id, "click", move |_| {
            action(&mut p.bench.borrow_mut());
            p.render()
        })?;
    }
    let p = page.clone();
    listen(doc, "board", "click", move |event| {
        let cell = event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| el.closest("[data-cell]").ok().flatten())
            .and_then(|el| el.get_attribute("data-cell"))
            .and_then(|v| v.parse::<usize>().ok());
        if let Some(index) = cell {
            p.bench.borrow_mut().play_click(index);
            p.render()?;
        }
        Ok(())
    })?;
    mount_lab(&page)?;
    let p = page.clone();
    let on_key =
        Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |event: web_sys::KeyboardEvent| {
            if event.ctrl_key() || event.alt_key() || event.meta_key() {
                return;
            }
            let focus = match event
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .map(|el| el.tag_name().to_ascii_uppercase())
                .as_deref()
            {
                Some("TEXTAREA" | "INPUT" | "SELECT") => Focus::Field,
                Some("BUTTON") => Focus::Button,
                _ => Focus::Page,
            };
            let (used, token) = p.bench.borrow_mut().key(&event.key(), focus);
            if used {
                event.prevent_default();
                let result = token
                    .map_or(Ok(()), |t| schedule(&p, t))
                    .and_then(|()| p.render());
                if let Err(e) = result {
                    report(&e);
                }
            }
        });
    doc.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref())?;
    on_key.forget();
    Ok(())
}

fn clock() -> impl FnMut() -> f64 {
    now
}

/// Sets `data-<key>` on the root element: figures for the benchmark script.
fn set_data(doc: &Document, key: &str, value: &str) {
    if let Some(root) = doc.document_element() {
        let root: HtmlElement = root.unchecked_into();
        let _ = root.dataset().set(key, value);
    }
}

/// Records a duration in milliseconds as `data-<key>`.
fn mark(doc: &Document, key: &str, ms: f64) {
    set_data(doc, key, &millis_text(ms));
}

/// Runs `step` in a fresh task after `delay` ms; it returns whether to go on.
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
    web_sys::window()
        .ok_or_else(|| JsValue::from_str("no window"))?
        .set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), delay)?;
    Ok(())
}

/// Handlers of the lab panels. Long work runs in slices of about 40 ms, one
/// task each, so the page keeps answering.
fn mount_lab(page: &Shared) -> Result<(), JsValue> {
    let doc = &page.doc;
    let p = page.clone();
    listen(doc, "lab-budget", "input", move |_| {
        let text = get_value(&p.doc, "lab-budget")?;
        p.bench.borrow_mut().set_lab_budget(&text);
        p.render()
    })?;
    let p = page.clone();
    listen(doc, "compare", "click", move |_| {
        let t0 = now();
        p.bench.borrow_mut().compare_all(&mut clock());
        mark(&p.doc, "compareMs", now() - t0);
        p.render()
    })?;
    let p = page.clone();
    listen(doc, "seed-run", "click", move |_| {
        p.bench.borrow_mut().start_seed_experiment();
        p.render()?;
        later(&p, 0, |p| p.bench.borrow_mut().seed_step())
    })?;
    let p = page.clone();
    listen(doc, "explore", "click", move |_| {
        let t0 = now();
        p.bench.borrow_mut().explore_space();
        mark(&p.doc, "exploreMs", now() - t0);
        p.render()
    })?;
    let p = page.clone();
    listen(doc, "sweep-start", "click", move |_| {
        p.bench.borrow_mut().start_sweep();
        p.render()?;
        let started = now();
        let mut phase_start = started;
        let mut phase = 0;
        let mut phases = Vec::new();
        later(&p, 0, move |p| {
            let more = p.bench.borrow_mut().sweep_work(40.0, &mut clock());
            let current = p.bench.borrow().sweep().map_or(0, |s| s.phase());
            while phase < current {
                let t = now();
                phases.push(millis_text(t - phase_start));
                phase_start = t;
                phase += 1;
                set_data(&p.doc, "sweepPhasesMs", &phases.join(","));
            }
            if !more {
                mark(&p.doc, "sweepMs", now() - started);
            }
            more
        })
    })?;
    let p = page.clone();
    listen(doc, "sweep-cancel", "click", move |_| {
        p.bench.borrow_mut().cancel_sweep();
        p.render()
    })?;
    let p = page.clone();
    listen(doc, "hardest", "click", move |event| {
        let board = event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| el.closest("[data-board]").ok().flatten())
            .and_then(|el| el.get_attribute("data-board"));
        if let Some(json) = board {
            set_value(&p.doc, "start", &json)?;
            p.bench.borrow_mut().edit(Field::Start, &json);
            p.render()?;
        }
        Ok(())
    })
}

/// Schedules the next playback tick after the current speed.
fn schedule(page: &Shared, token: u64) -> Result<(), JsValue> {
    let p = page.clone();
    let tick = Closure::once_into_js(move || {
        // A stopped or replaced playback leaves the page alone.
        if p.bench.borrow().playback_token() != Some(token) {
            return;
        }
        let more = p.bench.borrow_mut().tick(token);
        let result = p
            .render()
            .and_then(|()| if more { schedule(&p, token) } else { Ok(()) });
        if let Err(e) = result {
            report(&e);
        }
    });
    let ms = page.bench.borrow().speed_ms();
    web_sys::window()
        .ok_or_else(|| JsValue::from_str("no window"))?
        .set_timeout_with_callback_and_timeout_and_arguments_0(tick.unchecked_ref(), ms as i32)?;
    Ok(())
}

fn solve(page: &Shared) -> Result<(), JsValue> {
    let t0 = now();
    page.bench.borrow_mut().solve();
    mark(&page.doc, "lastSolveMs", now() - t0);
    page.render()
}

fn listen(
    doc: &Document,
    id: &str,
    event: &str,
    mut handler: impl FnMut(web_sys::Event) -> Result<(), JsValue> + 'static,
) -> Result<(), JsValue> {
    let target = by_id(doc, id)?;
    let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        if let Err(err) = handler(e) {
            report(&err);
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
    // Setting a value does not fire `input`, so no edit is recorded.
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

fn render(doc: &Document, v: &View, before: Option<[u8; 9]>) -> Result<(), JsValue> {
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
    board.set_class_name(if v.mode == Mode::Play {
        "board playing"
    } else {
        "board"
    });
    let moved = match (before, v.board) {
        (Some(b), Some(a)) => slide(&b, &a),
        _ => None,
    };
    if let Some(cells) = v.board {
        for r in 0..3 {
            let row = child(doc, &board, "div", None)?;
            row.set_attribute("role", "row")?;
            row.set_class_name("board-row");
            for c in 0..3 {
                let value = cells[r * 3 + c];
                let cell = child(doc, &row, "div", None)?;
                cell.set_attribute("role", "cell")?;
                let index = r * 3 + c;
                cell.set_attribute("data-cell", &index.to_string())?;
                if value == 0 {
                    cell.set_class_name("cell blank");
                    cell.set_attribute("aria-label", "blank")?;
                } else {
                    cell.set_class_name("cell tile");
                    cell.set_text_content(Some(&value.to_string()));
                    if let Some((to, from)) = moved.filter(|&(to, _)| to == index) {
                        // Starts where the tile was and slides home (CSS
                        // animation; none under prefers-reduced-motion).
                        cell.set_class_name("cell tile slide");
                        let dx = (from % 3) as i32 - (to % 3) as i32;
                        let dy = (from / 3) as i32 - (to / 3) as i32;
                        cell.set_attribute("style", &format!("--dx: {dx}; --dy: {dy}"))?;
                    }
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

    fill_list(doc, "witness", v.witness.iter().cloned())?;
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

    let ledger: Vec<Vec<String>> = v
        .ledger
        .iter()
        .map(|l| {
            vec![
                l.tile.clone(),
                l.cell.clone(),
                l.goal_cell.clone(),
                l.distance.clone(),
            ]
        })
        .collect();
    fill_rows(
        doc,
        "ledger-rows",
        &["Tile", "Cell", "Goal cell", "Distance"],
        &ledger,
    )?;
    text(doc, "ledger-total", &v.ledger_total)?;
    render_modes(doc, v)
}

fn fill_list(
    doc: &Document,
    id: &str,
    items: impl IntoIterator<Item = String>,
) -> Result<(), JsValue> {
    let list = by_id(doc, id)?;
    clear(&list)?;
    for item in items {
        child(doc, &list, "li", Some(&item))?;
    }
    Ok(())
}

fn render_modes(doc: &Document, v: &View) -> Result<(), JsValue> {
    text(doc, "play", v.play_button)?;
    text(doc, "speed-value", &format!("{} ms per move", v.speed_ms))?;
    let pressed = |on: bool| if on { "true" } else { "false" };
    by_id(doc, "trace-mode")?.set_attribute("aria-pressed", pressed(v.mode == Mode::Trace))?;
    by_id(doc, "play-yourself")?.set_attribute("aria-pressed", pressed(v.mode == Mode::Play))?;
    let show = |id: &str, on: bool| -> Result<(), JsValue> {
        let el = by_id(doc, id)?;
        if on {
            el.remove_attribute("hidden")
        } else {
            el.set_attribute("hidden", "")
        }
    };
    show("trace-panel", v.mode == Mode::Trace)?;
    show("play-panel", v.mode == Mode::Play)?;

    let t = v.trace.as_ref();
    text(
        doc,
        "trace-status",
        t.map_or(v.trace_note.as_str(), |t| t.status.as_str()),
    )?;
    let latest = t.and_then(|t| t.latest.as_ref());
    text(
        doc,
        "trace-latest",
        &latest.map_or(String::new(), |l| l.text()),
    )?;
    fill_list(
        doc,
        "trace-neighbours",
        latest
            .into_iter()
            .flat_map(|l| l.neighbours.iter().map(|n| n.text())),
    )?;
    text(
        doc,
        "trace-expansions",
        t.map_or("", |t| t.expansions.as_str()),
    )?;
    text(doc, "trace-frontier", t.map_or("", |t| t.frontier.as_str()))?;
    fill_list(doc, "trace-next", t.map_or(Vec::new(), |t| t.next.clone()))?;
    fill_list(doc, "trace-log", t.map_or(Vec::new(), |t| t.log.clone()))?;
    let hidden = t.map_or(0, |t| t.log_hidden);
    optional_text(
        doc,
        "trace-log-hidden",
        (hidden > 0)
            .then(|| {
                format!(
                    "{hidden} earlier events are not shown; the newest {} are.",
                    crate::view::LOG_SHOWN
                )
            })
            .as_deref(),
    )?;

    let p = v.play.as_ref();
    text(
        doc,
        "play-status",
        p.map_or(v.play_note.as_str(), |p| p.status.as_str()),
    )?;
    optional_text(doc, "play-message", p.and_then(|p| p.message.as_deref()))?;
    optional_text(doc, "hint-text", p.and_then(|p| p.hint.as_deref()))?;
    fill_list(doc, "play-moves", p.map_or(Vec::new(), |p| p.moves.clone()))?;
    render_lab(doc, &v.lab)
}

fn fill_rows(
    doc: &Document,
    id: &str,
    labels: &[&str],
    rows: &[Vec<String>],
) -> Result<(), JsValue> {
    let body = by_id(doc, id)?;
    clear(&body)?;
    for row in rows {
        let tr = child(doc, &body, "tr", None)?;
        for (label, value) in labels.iter().zip(row) {
            let td = child(doc, &tr, "td", Some(value))?;
            td.set_attribute("data-label", label)?;
        }
    }
    Ok(())
}

const SVG: &str = "http://www.w3.org/2000/svg";

fn svg(
    doc: &Document,
    parent: &Element,
    tag: &str,
    attrs: &[(&str, String)],
) -> Result<Element, JsValue> {
    let el = doc.create_element_ns(Some(SVG), tag)?;
    for (k, v) in attrs {
        el.set_attribute(k, v)?;
    }
    parent.append_child(&el)?;
    Ok(el)
}

/// The histogram as an SVG bar chart, drawn here from the view's numbers.
fn draw_chart(doc: &Document, histogram: &[u32]) -> Result<(), JsValue> {
    let holder = by_id(doc, "space-chart")?;
    clear(&holder)?;
    if histogram.is_empty() {
        return Ok(());
    }
    let (w, h, left, bottom) = (640.0_f64, 260.0_f64, 48.0_f64, 28.0_f64);
    let max = f64::from(histogram.iter().copied().max().unwrap_or(1).max(1));
    let root = svg(
        doc,
        &holder,
        "svg",
        &[("viewBox", format!("0 0 {w} {h}")), ("role", "img".into())],
    )?;
    root.set_attribute(
        "aria-label",
        "Bar chart of the number of boards at each distance from the goal; the table beside it lists the same numbers.",
    )?;
    let band = (w - left - 8.0) / histogram.len() as f64;
    for (d, &n) in histogram.iter().enumerate() {
        let bh = (f64::from(n) / max) * (h - bottom - 10.0);
        let x = left + d as f64 * band;
        let bar = svg(
            doc,
            &root,
            "rect",
            &[
                ("class", "bar".into()),
                ("x", format!("{:.1}", x + 1.0)),
                ("y", format!("{:.1}", h - bottom - bh)),
                ("width", format!("{:.1}", (band - 2.0).max(1.0))),
                ("height", format!("{bh:.1}")),
            ],
        )?;
        let title = svg(doc, &bar, "title", &[])?;
        title.set_text_content(Some(&format!("{d} moves: {n} boards")));
        let last = d + 1 == histogram.len();
        if d % 5 == 0 || (last && d % 5 >= 3) {
            let label = svg(
                doc,
                &root,
                "text",
                &[
                    ("class", "axis".into()),
                    ("x", format!("{:.1}", x + band / 2.0)),
                    ("y", format!("{:.1}", h - 10.0)),
                    ("text-anchor", "middle".into()),
                ],
            )?;
            label.set_text_content(Some(&d.to_string()));
        }
    }
    let top = svg(
        doc,
        &root,
        "text",
        &[
            ("class", "axis".into()),
            ("x", "4".into()),
            ("y", "14".into()),
        ],
    )?;
    top.set_text_content(Some(&format!("{} boards", max as u64)));
    Ok(())
}

fn render_lab(doc: &Document, lab: &crate::view::LabView) -> Result<(), JsValue> {
    optional_text(doc, "lab-budget-error", lab.budget_error.as_deref())?;
    text(doc, "compare-summary", &lab.compare_summary)?;
    let rows: Vec<Vec<String>> = lab
        .compare_rows
        .iter()
        .map(|r| {
            vec![
                r.algorithm.clone(),
                r.verdict.clone(),
                r.length.clone(),
                r.optimal.clone(),
                r.expansions.clone(),
                r.generated.clone(),
                r.peak.clone(),
                r.ms.clone(),
            ]
        })
        .collect();
    fill_rows(
        doc,
        "compare-rows",
        &[
            "Algorithm",
            "Verdict",
            "Path length",
            "Optimal?",
            "Expansions",
            "Generated",
            "Peak stored boards",
            "Time (ms, this run)",
        ],
        &rows,
    )?;
    text(doc, "seed-status", &lab.seed_status)?;
    let rows: Vec<Vec<String>> = lab
        .seed_rows
        .iter()
        .map(|r| {
            vec![
                r.sample.clone(),
                r.board.clone(),
                r.algorithm.clone(),
                r.depth.clone(),
                r.expansions.clone(),
                r.seed_depth.clone(),
                r.seed_count.clone(),
            ]
        })
        .collect();
    fill_rows(
        doc,
        "seed-rows",
        &[
            "Sample",
            "Board",
            "Algorithm",
            "Our depth",
            "Our expansions",
            "Published depth",
            "Published count",
        ],
        &rows,
    )?;
    fill_list(
        doc,
        "seed-notes",
        crate::view::SEED_NOTES.iter().map(|s| s.to_string()),
    )?;

    let space = lab.space.as_ref();
    text(
        doc,
        "space-summary",
        space.map_or("", |s| s.summary.as_str()),
    )?;
    draw_chart(doc, space.map_or(&[], |s| s.histogram.as_slice()))?;
    let rows: Vec<Vec<String>> = space
        .map(|s| {
            s.histogram
                .iter()
                .enumerate()
                .map(|(d, n)| vec![d.to_string(), n.to_string()])
                .collect()
        })
        .unwrap_or_default();
    fill_rows(doc, "space-rows", &["Moves", "Boards"], &rows)?;
    text(
        doc,
        "hardest-note",
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
    )?;
    let list = by_id(doc, "hardest")?;
    clear(&list)?;
    for b in space.map_or(&[][..], |s| s.hardest.as_slice()) {
        let li = child(doc, &list, "li", None)?;
        let button = child(doc, &li, "button", Some(b))?;
        button.set_attribute("type", "button")?;
        button.set_attribute("data-board", b)?;
        button.set_attribute("aria-label", &format!("Load {b} as the start"))?;
    }

    let (done, total) = lab.sweep_progress;
    let progress = by_id(doc, "sweep-progress")?;
    progress.set_attribute("max", &total.max(1).to_string())?;
    progress.set_attribute("value", &done.to_string())?;
    text(doc, "sweep-status", &lab.sweep_status)?;
    let rows: Vec<Vec<String>> = lab.sweep_rows.iter().map(|r| r.to_vec()).collect();
    fill_rows(
        doc,
        "sweep-rows",
        &[
            "Heuristic",
            "Starts",
            "Mean expansions",
            "Max expansions",
            "Over 10,000",
        ],
        &rows,
    )
}
