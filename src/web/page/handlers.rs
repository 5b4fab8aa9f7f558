//! Mounting the page: opening the state the URL fragment names, writing
//! what the page shell leaves to Rust, and attaching every handler through
//! the one listener helper.

use super::*;

pub(super) fn mount_with(doc: &Document, fragment: &str, kit: Option<Kit>) -> Result<(), JsValue> {
    let dom = Dom::new(doc)?;
    for (name, value) in [
        ("min", SPEED_MIN),
        ("max", SPEED_MAX),
        ("step", SPEED_STEP),
        ("value", SPEED_DEFAULT),
    ] {
        dom.attr(Id::Speed, name, &value.to_string())?;
    }
    solution::mount(&dom)?;
    trace::mount(&dom)?;
    lab::mount(&dom)?;
    space::mount(&dom)?;
    family::mount(&dom, NODE_BUDGET_DEFAULT)?;
    let t0 = now();
    let bench = Workbench::from_link(fragment);
    mark("lastSolveMs", now() - t0);
    let page: Shared = Rc::new(Page {
        dom,
        bench: RefCell::new(bench),
        last: RefCell::new(None),
        kit,
        batches: RefCell::new(Vec::new()),
        session: SessionWorker::default(),
        clock: RefCell::new((0.0, None)),
        unseen: RefCell::new(Vec::new()),
    });
    page.render()?;

    for (id, field) in [
        (Id::Start, Field::Start),
        (Id::Goal, Field::Goal),
        (Id::Budget, Field::Budget),
    ] {
        on_id(&page, id, "input", move |w, e| {
            w.edit(field, &value_of(e));
            Then::Render
        })?;
    }
    on_id(&page, Id::NodeBudget, "input", |w, e| {
        w.set_node_budget(&value_of(e));
        Then::Render
    })?;
    on_id(&page, Id::Sample, "change", |w, e| {
        let key = value_of(e);
        w.load_sample(&key);
        Then::Render
    })?;
    on_id(&page, Id::CancelSolve, "click", |w, _| {
        w.cancel_solve();
        Then::Render
    })?;
    on_id(&page, Id::Mode, "change", |w, e| {
        w.set_mode(Mode::parse(&value_of(e)).unwrap_or_default());
        Then::Render
    })?;
    on_id(&page, Id::UseFast, "click", |w, _| {
        w.set_mode(Mode::Fast);
        Then::Render
    })?;
    on_id(&page, Id::Solve, "click", |w, _| {
        let t0 = now();
        w.solve();
        mark("lastSolveMs", now() - t0);
        Then::Render
    })?;
    for (id, action) in [
        (Id::First, NavAction::First),
        (Id::Previous, NavAction::Previous),
        (Id::Next, NavAction::Next),
        (Id::Last, NavAction::Last),
    ] {
        on_id(&page, id, "click", move |w, _| {
            w.navigate(action);
            Then::Render
        })?;
    }
    on_id(&page, Id::Play, "click", |w, _| {
        Then::Playback(w.toggle_playback())
    })?;
    on_id(&page, Id::Speed, "input", |w, e| {
        w.set_speed(&value_of(e));
        Then::Render
    })?;
    for tab in Tab::ALL {
        on_id(&page, tab_ids(tab).0, "click", move |w, e| {
            w.select_tab(tab);
            // A click from a key (Enter, Space) has no pointer detail: focus
            // stays on the tab, as the tab pattern expects.
            let pointer = e
                .dyn_ref::<web_sys::MouseEvent>()
                .is_some_and(|m| m.detail() > 0);
            if pointer {
                Then::FocusPanel
            } else {
                Then::Render
            }
        })?;
    }
    let actions: [(Id, Action); 5] = [
        (Id::TraceBack, Workbench::trace_back),
        (Id::TraceStep, Workbench::trace_step),
        (Id::TraceRun, Workbench::trace_run),
        (Id::TraceReset, Workbench::reset_trace),
        (Id::Hint, Workbench::hint),
    ];
    for (id, action) in actions {
        on_id(&page, id, "click", move |w, _| {
            action(w);
            Then::Render
        })?;
    }
    let p = page.clone();
    on_id(&page, Id::TraceGo, "click", move |w, _| {
        w.trace_jump(&p.dom.value(Id::TraceJump));
        Then::Render
    })?;
    on_id(
        &page,
        Id::TraceJump,
        "keydown",
        |w, e| match e.dyn_ref::<web_sys::KeyboardEvent>() {
            Some(k) if k.key() == "Enter" => {
                w.trace_jump(&value_of(e));
                Then::Render
            }
            _ => Then::Ignore,
        },
    )?;
    on_id(&page, Id::Predict, "change", |w, e| {
        let on = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            .is_some_and(|i| i.checked());
        w.set_predict(on);
        Then::Render
    })?;
    on_id(
        &page,
        Id::PredictChoices,
        "click",
        |w, e| match closest_attr(e, "data-answer") {
            Some(answer) => {
                w.predict_answer(&answer);
                Then::FocusPredict
            }
            None => Then::Ignore,
        },
    )?;
    let p = page.clone();
    on_id(&page, Id::PredictGo, "click", move |w, _| {
        w.predict_answer(&p.dom.value(Id::PredictAnswer));
        Then::Render
    })?;
    on_id(
        &page,
        Id::PredictAnswer,
        "keydown",
        |w, e| match e.dyn_ref::<web_sys::KeyboardEvent>() {
            Some(k) if k.key() == "Enter" => {
                w.predict_answer(&value_of(e));
                Then::Render
            }
            _ => Then::Ignore,
        },
    )?;
    tree_handlers(&page)?;
    on_id(&page, Id::TraceAlgorithm, "change", |w, e| {
        let key = value_of(e);
        w.set_trace_algorithm(&key);
        Then::Render
    })?;
    for (id, format) in [
        (Id::DownloadCsv, ExportFormat::Csv),
        (Id::DownloadJson, ExportFormat::Json),
    ] {
        on_id(&page, id, "click", move |w, _| {
            match w.trace_export(format) {
                Some(file) => Then::Download(file),
                None => Then::Render,
            }
        })?;
    }
    let p = page.clone();
    on_id(&page, Id::CheckRun, "click", move |w, _| {
        w.check_order(&p.dom.value(Id::CheckInput));
        Then::Render
    })?;
    on_id(&page, Id::Board, "click", |w, e| {
        match closest_attr(e, "data-cell").and_then(|v| v.parse::<usize>().ok()) {
            Some(index) => {
                w.play_click(index);
                Then::Render
            }
            None => Then::Ignore,
        }
    })?;
    on_id(&page, Id::WeightedWeight, "change", |w, e| {
        w.set_lab_weight(&value_of(e));
        Then::Render
    })?;
    on_id(&page, Id::WeightedHeuristic, "change", |w, e| {
        w.set_lab_heuristic(&value_of(e));
        Then::Render
    })?;
    on_id(&page, Id::WeightedRun, "click", |w, _| {
        w.run_weighted();
        Then::Render
    })?;
    on_id(&page, Id::TraceWeight, "change", |w, e| {
        w.set_trace_weight(&value_of(e));
        Then::Render
    })?;
    on_id(&page, Id::TraceHeuristic, "change", |w, e| {
        w.set_trace_heuristic(&value_of(e));
        Then::Render
    })?;
    on_id(&page, Id::TraceIdaBudget, "change", |w, e| {
        w.set_trace_ida_budget(&value_of(e));
        Then::Render
    })?;
    on_id(&page, Id::LabBudget, "input", |w, e| {
        w.set_lab_budget(&value_of(e));
        Then::Render
    })?;
    for (id, work) in [
        (Id::Compare, Work::Compare),
        (Id::ExperimentRun, Work::Experiment),
        (Id::Explore, Work::Explore),
        (Id::SweepStart, Work::Sweep),
        (Id::DepthStart, Work::Depth),
    ] {
        on_id(&page, id, "click", move |w, _| {
            w.start_work(work, now());
            Then::Work(work)
        })?;
    }
    for (id, work) in [
        (Id::CompareCancel, Work::Compare),
        (Id::ExperimentCancel, Work::Experiment),
        (Id::SweepCancel, Work::Sweep),
        (Id::DepthCancel, Work::Depth),
        (Id::ExploreCancel, Work::Explore),
    ] {
        on_id(&page, id, "click", move |w, _| {
            w.stop_work(work, None);
            Then::Stop(work)
        })?;
    }
    on_id(&page, Id::SpaceLog, "change", |w, e| {
        let on = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            .is_some_and(|i| i.checked());
        w.set_space_log(on);
        Then::Render
    })?;
    on_id(&page, Id::Hardest, "click", |w, e| {
        match closest_attr(e, "data-board") {
            Some(json) => {
                w.edit(Field::Start, &json);
                Then::Render
            }
            None => Then::Ignore,
        }
    })?;
    // A link opened in this tab: pasted into the address bar, followed on
    // the page, or reached by Back or Forward. Both events may come for
    // one change; the second finds the state already open.
    let win = window()?;
    for event in ["hashchange", "popstate"] {
        let p = page.clone();
        on(&page, &win, event, move |w, _| {
            let address = window()
                .and_then(|w| w.location().hash())
                .unwrap_or_default();
            let shown = p.last.borrow().as_ref().map(|v| v.link.clone());
            if shown.is_some_and(|link| names(&address, &link)) {
                return Then::Ignore;
            }
            w.open_link(&address);
            Then::Render
        })?;
    }
    on(&page, doc, "keydown", |w, e| {
        let Some(key) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
            return Then::Ignore;
        };
        if key.ctrl_key() || key.alt_key() || key.meta_key() {
            return Then::Ignore;
        }
        let focus = focus_of(e);
        match w.key(Key::from_dom(&key.key()), focus) {
            (false, _) => Then::Ignore,
            (true, token) => {
                e.prevent_default();
                if focus == Focus::Tab {
                    Then::FocusTab
                } else {
                    Then::Playback(token)
                }
            }
        }
    })
}

/// The search tree: a click or Enter on a node picks it; the zoom buttons,
/// the wheel, a drag and the keys (+, −, 0, arrows) move one group of the
/// picture without touching the workbench; focus or hover on a node shows
/// its name as the caption.
fn tree_handlers(page: &Shared) -> Result<(), JsValue> {
    let seq_of =
        |e: &web_sys::Event| closest_attr(e, "data-seq").and_then(|v| v.parse::<u32>().ok());
    on_id(page, Id::Tree, "click", move |w, e| {
        if trace::drag_end() {
            return Then::Ignore;
        }
        match seq_of(e) {
            Some(seq) => {
                w.trace_pick(seq);
                Then::Render
            }
            None => Then::Ignore,
        }
    })?;
    let p = page.clone();
    on_id(page, Id::Tree, "keydown", move |w, e| {
        let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
            return Then::Ignore;
        };
        if k.ctrl_key() || k.alt_key() || k.meta_key() {
            return Then::Ignore;
        }
        let Some(action) = tree_key(&k.key()) else {
            return Then::Ignore;
        };
        let then = match action {
            TreeKey::Pick => match seq_of(e) {
                Some(seq) => {
                    w.trace_pick(seq);
                    Then::Render
                }
                None => return Then::Ignore,
            },
            TreeKey::Zoom(f) => {
                trace::zoom(&p.dom, f);
                Then::Ignore
            }
            TreeKey::Pan(dx, dy) => {
                trace::pan(&p.dom, dx, dy);
                Then::Ignore
            }
            TreeKey::Fit => {
                trace::fit(&p.dom);
                Then::Ignore
            }
        };
        e.prevent_default();
        e.stop_propagation();
        then
    })?;
    let p = page.clone();
    on_id(page, Id::Tree, "wheel", move |_, e| {
        if let Some(m) = e.dyn_ref::<web_sys::MouseEvent>() {
            let dy = js_sys::Reflect::get(e, &"deltaY".into())
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(0.0);
            if dy != 0.0 {
                e.prevent_default();
                let f = if dy < 0.0 {
                    Viewport::STEP
                } else {
                    1.0 / Viewport::STEP
                };
                trace::wheel(&p.dom, f, f64::from(m.client_x()), f64::from(m.client_y()));
            }
        }
        Then::Ignore
    })?;
    on_id(page, Id::Tree, "pointerdown", |_, e| {
        if let Some(m) = e.dyn_ref::<web_sys::MouseEvent>() {
            if m.button() == 0 {
                trace::drag_start(f64::from(m.client_x()), f64::from(m.client_y()));
            }
        }
        Then::Ignore
    })?;
    let p = page.clone();
    on_id(page, Id::Tree, "pointermove", move |_, e| {
        if let Some(m) = e.dyn_ref::<web_sys::MouseEvent>() {
            if m.buttons() & 1 == 1 {
                trace::drag_move(&p.dom, f64::from(m.client_x()), f64::from(m.client_y()));
            }
        }
        Then::Ignore
    })?;
    on_id(page, Id::Tree, "pointerleave", |_, _| {
        trace::drag_end();
        Then::Ignore
    })?;
    for event in ["focusin", "pointerover"] {
        let p = page.clone();
        on_id(page, Id::Tree, event, move |_, e| {
            let node = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("[data-seq]").ok().flatten());
            trace::caption(&p.dom, node.as_ref());
            Then::Ignore
        })?;
    }
    for (id, act) in [
        (Id::TreeZoomIn, TreeKey::Zoom(Viewport::STEP)),
        (Id::TreeZoomOut, TreeKey::Zoom(1.0 / Viewport::STEP)),
        (Id::TreeFit, TreeKey::Fit),
    ] {
        let p = page.clone();
        on_id(page, id, "click", move |_, _| {
            match act {
                TreeKey::Zoom(f) => trace::zoom(&p.dom, f),
                _ => trace::fit(&p.dom),
            }
            Then::Ignore
        })?;
    }
    Ok(())
}
