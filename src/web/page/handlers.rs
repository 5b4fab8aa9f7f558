//! Mounting the page: opening the state the URL fragment names, writing
//! what the page shell leaves to Rust, and attaching every handler through
//! the one listener helper.

use super::*;
use crate::engine::moves::Metric;
use crate::engine::teaching::parse_weight;
use crate::engine::Move;
use crate::view::{
    page_heuristic, RaceAction, RaceLane, RacePick, RaceSpeed, ShortestAction, WRITTEN,
};

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
    race::mount(&dom)?;
    space::mount(&dom)?;
    family::mount(&dom, NODE_BUDGET_DEFAULT)?;
    let t0 = now();
    let (bench, first) = Workbench::open(fragment);
    mark("lastSolveMs", now() - t0);
    let page: Shared = Rc::new(Page {
        dom,
        bench: RefCell::new(bench),
        last: RefCell::new(None),
        kit,
        batches: RefCell::new(Vec::new()),
        session: SessionWorker::default(),
        clock: RefCell::new((0.0, None)),
        started: RefCell::new(Vec::new()),
        unseen: RefCell::new(Vec::new()),
    });
    page.execute(first)?;

    for (id, field) in [
        (Id::Start, Field::Start),
        (Id::Goal, Field::Goal),
        (Id::Budget, Field::Budget),
    ] {
        act(&page, id, "input", move |e| {
            Some(InputAction::Edit(field, value_of(e)).into())
        })?;
    }
    act(&page, Id::NodeBudget, "input", |e| {
        Some(InputAction::NodeBudget(value_of(e)).into())
    })?;
    act(&page, Id::Sample, "change", |e| {
        Some(InputAction::Sample(value_of(e)).into())
    })?;
    act(&page, Id::GoalUndo, "click", |_| {
        Some(InputAction::UndoGoal.into())
    })?;
    // The Cancel beside Hint is the verdict panel's Cancel, nearer.
    for id in [Id::CancelSolve, Id::HintCancel] {
        act(&page, id, "click", |_| Some(InputAction::Cancel.into()))?;
    }
    act(&page, Id::Mode, "change", |e| {
        Some(InputAction::Mode(Mode::parse(&value_of(e)).unwrap_or_default()).into())
    })?;
    act(&page, Id::Metric, "change", |e| {
        Metric::parse(&value_of(e))
            .ok()
            .map(|m| InputAction::Metric(m).into())
    })?;
    act(&page, Id::UseFast, "click", |_| {
        Some(InputAction::UseFast.into())
    })?;
    on_id(&page, Id::Solve, "click", |w, _| {
        let t0 = now();
        let effects = w.apply(InputAction::Solve);
        mark("lastSolveMs", now() - t0);
        Then::Do(effects)
    })?;
    for (id, action) in [
        (Id::First, NavAction::First),
        (Id::Previous, NavAction::Previous),
        (Id::Next, NavAction::Next),
        (Id::Last, NavAction::Last),
    ] {
        act(&page, id, "click", move |_| {
            Some(SolutionAction::Navigate(action).into())
        })?;
    }
    act(&page, Id::Play, "click", |_| {
        Some(SolutionAction::TogglePlayback.into())
    })?;
    act(&page, Id::Speed, "input", |e| {
        Some(SolutionAction::Speed(value_of(e)).into())
    })?;
    for tab in Tab::ALL {
        on_id(&page, tab_ids(tab).0, "click", move |w, e| {
            let effects = w.apply(tab);
            // A click from a key (Enter, Space) has no pointer detail: focus
            // stays on the tab, as the tab pattern expects.
            let pointer = e
                .dyn_ref::<web_sys::MouseEvent>()
                .is_some_and(|m| m.detail() > 0);
            if pointer {
                Then::Focus(effects, FocusTo::Panel)
            } else {
                Then::Do(effects)
            }
        })?;
    }
    let clicks: [(Id, Action); 9] = [
        (Id::MoveUp, PlayAction::Move(Move::Up).into()),
        (Id::MoveLeft, PlayAction::Move(Move::Left).into()),
        (Id::MoveDown, PlayAction::Move(Move::Down).into()),
        (Id::MoveRight, PlayAction::Move(Move::Right).into()),
        (Id::TraceBack, TraceAction::Back.into()),
        (Id::TraceStep, TraceAction::Step.into()),
        (Id::TraceRun, TraceAction::Run.into()),
        (Id::TraceReset, TraceAction::Reset.into()),
        (Id::Hint, PlayAction::Hint.into()),
    ];
    for (id, action) in clicks {
        act(&page, id, "click", move |_| Some(action.clone()))?;
    }
    // A new seed per click: the engine draws the board from it.
    act(&page, Id::PlayScramble, "click", |_| {
        let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
        Some(PlayAction::Scramble(seed).into())
    })?;
    for (id, a) in [
        (Id::PlayCount, ShortestAction::Count),
        (Id::PlayShortestPrev, ShortestAction::Previous),
        (Id::PlayShortestNext, ShortestAction::Next),
        (Id::PlayShortestReplay, ShortestAction::Replay),
    ] {
        act(&page, id, "click", move |_| {
            Some(PlayAction::Shortest(a).into())
        })?;
    }
    let p = page.clone();
    act(&page, Id::PlayPasteGo, "click", move |_| {
        Some(
            PlayAction::Paste {
                text: p.dom.value(Id::PlayPaste),
                notation: p.dom.value(Id::PlayNotation),
            }
            .into(),
        )
    })?;
    let p = page.clone();
    act(&page, Id::TraceGo, "click", move |_| {
        Some(TraceAction::Jump(p.dom.value(Id::TraceJump)).into())
    })?;
    act(&page, Id::TraceJump, "keydown", |e| {
        enter(e).then(|| TraceAction::Jump(value_of(e)).into())
    })?;
    act(&page, Id::Predict, "change", |e| {
        Some(TraceAction::Predict(checked(e)).into())
    })?;
    on_id(
        &page,
        Id::PredictChoices,
        "click",
        |w, e| match closest_attr(e, "data-answer") {
            Some(answer) => Then::Focus(w.apply(TraceAction::Answer(answer)), FocusTo::Predict),
            None => Then::ignore(),
        },
    )?;
    let p = page.clone();
    act(&page, Id::PredictGo, "click", move |_| {
        Some(TraceAction::Answer(p.dom.value(Id::PredictAnswer)).into())
    })?;
    act(&page, Id::PredictAnswer, "keydown", |e| {
        enter(e).then(|| TraceAction::Answer(value_of(e)).into())
    })?;
    tree_handlers(&page)?;
    act(&page, Id::TraceAlgorithm, "change", |e| {
        Some(TraceAction::Algorithm(value_of(e)).into())
    })?;
    for (id, format) in [
        (Id::DownloadCsv, ExportFormat::Csv),
        (Id::DownloadJson, ExportFormat::Json),
    ] {
        act(&page, id, "click", move |_| Some(Action::Export(format)))?;
    }
    let p = page.clone();
    act(&page, Id::CheckRun, "click", move |_| {
        Some(TraceAction::Check(p.dom.value(Id::CheckInput)).into())
    })?;
    act(&page, Id::Board, "click", |e| {
        closest_attr(e, "data-cell")
            .and_then(|v| v.parse::<usize>().ok())
            .map(|index| PlayAction::Click(index).into())
    })?;
    type Text = fn(String) -> Action;
    let fields: [(Id, &str, Text); 12] = [
        (Id::WeightedWeight, "change", |t| {
            LabAction::Weight(t).into()
        }),
        (Id::WeightedHeuristic, "change", |t| {
            LabAction::Heuristic(t).into()
        }),
        (Id::TraceWeight, "change", |t| TraceAction::Weight(t).into()),
        (Id::TraceHeuristic, "change", |t| {
            TraceAction::Heuristic(t).into()
        }),
        (Id::TraceIdaBudget, "change", |t| {
            TraceAction::IdaBudget(t).into()
        }),
        (Id::LabBudget, "input", |t| LabAction::Budget(t).into()),
        (Id::WorkshopExpr, "input", |t| LabAction::Expr(t).into()),
        (Id::ExercisePick, "change", |t| {
            LabAction::Exercise(t).into()
        }),
        (Id::MakerRule, "change", |t| {
            LabAction::Maker("rule", t).into()
        }),
        (Id::MakerSearch, "change", |t| {
            LabAction::Maker("search", t).into()
        }),
        (Id::MakerNodes, "input", |t| {
            LabAction::Maker("nodes", t).into()
        }),
        (Id::MakerBoards, "input", |t| {
            LabAction::Maker("boards", t).into()
        }),
    ];
    for (id, event, action) in fields {
        act(&page, id, event, move |e| Some(action(value_of(e))))?;
    }
    let race_clicks: [(Id, RaceAction); 3] = [
        (Id::RaceStep, RaceAction::Step),
        (Id::RacePlay, RaceAction::TogglePlay),
        (Id::RaceReset, RaceAction::Reset),
    ];
    for (id, action) in race_clicks {
        act(&page, id, "click", move |_| Some(action.clone().into()))?;
    }
    act(&page, Id::RaceSpeed, "change", |e| {
        RaceSpeed::from_key(&value_of(e)).map(|s| RaceAction::Speed(s).into())
    })?;
    for lane in RaceLane::ALL {
        let ids = race::side_ids(lane);
        act(&page, ids.search, "change", move |e| {
            RacePick::from_key(&value_of(e)).map(|p| RaceAction::Pick(lane, p).into())
        })?;
        act(&page, ids.heuristic, "change", move |e| match value_of(e) {
            v if v == WRITTEN => Some(RaceAction::Written(lane).into()),
            v => page_heuristic(&v).map(|h| RaceAction::Heuristic(lane, h).into()),
        })?;
        act(&page, ids.weight, "change", move |e| {
            parse_weight(&value_of(e))
                .ok()
                .map(|w| RaceAction::Weight(lane, w).into())
        })?;
    }
    act(&page, Id::WeightedRun, "click", |_| {
        Some(LabAction::RunWeighted.into())
    })?;
    act(&page, Id::MakerRun, "click", |_| {
        Some(LabAction::MakeLink.into())
    })?;
    for (id, work) in [
        (Id::Compare, Work::Compare),
        (Id::ExperimentRun, Work::Experiment),
        (Id::Explore, Work::Explore),
        (Id::SweepStart, Work::Sweep),
        (Id::DepthStart, Work::Depth),
        (Id::WorkshopRun, Work::Check),
        (Id::CostRun, Work::Cost),
        (Id::GradeRun, Work::Grade),
    ] {
        let p = page.clone();
        on_id(&page, id, "click", move |w, _| {
            let workers = p.kit.is_some();
            Then::Do(w.receive(Inbound::Start { work, workers }, &mut now))
        })?;
    }
    for (id, work) in [
        (Id::CompareCancel, Work::Compare),
        (Id::ExperimentCancel, Work::Experiment),
        (Id::SweepCancel, Work::Sweep),
        (Id::DepthCancel, Work::Depth),
        (Id::ExploreCancel, Work::Explore),
        (Id::WorkshopCancel, Work::Check),
        (Id::CostCancel, Work::Cost),
        (Id::GradeCancel, Work::Grade),
    ] {
        act(&page, id, "click", move |_| Some(Action::CancelWork(work)))?;
    }
    act(&page, Id::SpaceLog, "change", |e| {
        Some(SpaceAction::Log(checked(e)).into())
    })?;
    act(&page, Id::Hardest, "click", |e| {
        closest_attr(e, "data-board").map(|json| InputAction::Edit(Field::Start, json).into())
    })?;
    // A link opened in this tab: pasted into the address bar, followed on
    // the page, or reached by Back or Forward. Both events may come for
    // one change; the second finds the state already open.
    let win = window()?;
    for event in ["hashchange", "popstate"] {
        on(&page, &win, event, move |w, _| {
            let address = window()
                .and_then(|w| w.location().hash())
                .unwrap_or_default();
            Then::Do(w.apply(Action::Address(address)))
        })?;
    }
    on(&page, doc, "keydown", |w, e| {
        let Some(key) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
            return Then::ignore();
        };
        if key.ctrl_key() || key.alt_key() || key.meta_key() {
            return Then::ignore();
        }
        let focus = focus_of(e);
        let effects = w.apply(Action::Key(Key::from_dom(&key.key()), focus));
        if !effects.used {
            return Then::ignore();
        }
        e.prevent_default();
        if focus == Focus::Tab {
            Then::Focus(effects, FocusTo::Tab)
        } else {
            Then::Do(effects)
        }
    })
}

/// The search tree: a click or Enter on a node picks it; the arrows on a
/// node move the focus to another node; the zoom buttons, the wheel, a drag
/// and the keys (+, −, 0, arrows on the picture) move one group of the
/// picture without touching the workbench; focus or hover on a node shows
/// its name as the caption.
fn tree_handlers(page: &Shared) -> Result<(), JsValue> {
    let seq_of =
        |e: &web_sys::Event| closest_attr(e, "data-seq").and_then(|v| v.parse::<u32>().ok());
    on_id(page, Id::Tree, "click", move |w, e| {
        if trace::drag_end() {
            return Then::ignore();
        }
        match seq_of(e) {
            Some(seq) => Then::Do(w.apply(TraceAction::Pick(seq))),
            None => Then::ignore(),
        }
    })?;
    let p = page.clone();
    on_id(page, Id::Tree, "keydown", move |w, e| {
        let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
            return Then::ignore();
        };
        if k.ctrl_key() || k.alt_key() || k.meta_key() {
            return Then::ignore();
        }
        let Some(action) = tree_key(&k.key()) else {
            return Then::ignore();
        };
        // On a node the arrows move the focus between nodes; on the
        // picture they pan.
        if let Some(seq) = seq_of(e) {
            if trace::step_focus(&p.dom, seq, action) {
                e.prevent_default();
                e.stop_propagation();
                return Then::ignore();
            }
        }
        let then = match action {
            TreeKey::Pick => match seq_of(e) {
                Some(seq) => Then::Do(w.apply(TraceAction::Pick(seq))),
                None => return Then::ignore(),
            },
            TreeKey::Zoom(f) => {
                trace::zoom(&p.dom, f);
                Then::ignore()
            }
            TreeKey::Pan(dx, dy) => {
                trace::pan(&p.dom, dx, dy);
                Then::ignore()
            }
            TreeKey::Fit => {
                trace::fit(&p.dom);
                Then::ignore()
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
        Then::ignore()
    })?;
    on_id(page, Id::Tree, "pointerdown", |_, e| {
        if let Some(m) = e.dyn_ref::<web_sys::MouseEvent>() {
            if m.button() == 0 {
                trace::drag_start(f64::from(m.client_x()), f64::from(m.client_y()));
            }
        }
        Then::ignore()
    })?;
    let p = page.clone();
    on_id(page, Id::Tree, "pointermove", move |_, e| {
        if let Some(m) = e.dyn_ref::<web_sys::MouseEvent>() {
            if m.buttons() & 1 == 1 {
                trace::drag_move(&p.dom, f64::from(m.client_x()), f64::from(m.client_y()));
            }
        }
        Then::ignore()
    })?;
    on_id(page, Id::Tree, "pointerleave", |_, _| {
        trace::drag_end();
        Then::ignore()
    })?;
    for event in ["focusin", "pointerover"] {
        let p = page.clone();
        on_id(page, Id::Tree, event, move |_, e| {
            let node = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("[data-seq]").ok().flatten());
            trace::caption(&p.dom, node.as_ref());
            Then::ignore()
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
            Then::ignore()
        })?;
    }
    Ok(())
}

/// Attaches `event` on element `id`: the DOM event becomes a typed
/// [`Action`] (or none: the event is ignored), which the workbench applies
/// to the panel that owns it; then the page renders.
fn act(
    page: &Shared,
    id: Id,
    event: &str,
    to_action: impl Fn(&web_sys::Event) -> Option<Action> + 'static,
) -> Result<(), JsValue> {
    on_id(page, id, event, move |w, e| match to_action(e) {
        Some(action) => Then::Do(w.apply(action)),
        None => Then::ignore(),
    })
}

/// Whether the event is a press of Enter.
fn enter(e: &web_sys::Event) -> bool {
    e.dyn_ref::<web_sys::KeyboardEvent>()
        .is_some_and(|k| k.key() == "Enter")
}

/// Whether the checkbox the event came from is checked.
fn checked(e: &web_sys::Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}
