//! The page's view model: the workbench state and a pure description of what
//! the page shows. Inputs in, [`View`] out; no DOM, tested natively. The wasm
//! `web` module only copies a `View` into elements.
//!
//! The [`Workbench`] keeps what every panel shares — the inputs, parsed once
//! when they are set ([`ParsedInputs`]), the active [`Tab`], the goal's
//! distance table — and one value per panel (solution, trace, play, lab, race,
//! state space). The web layer turns each DOM event into a typed [`Action`]
//! (and each key into a [`Key`]); [`Workbench::apply`] routes it to the panel
//! that owns it. What comes back from workers and timers is an [`Inbound`]
//! for [`Workbench::receive`]. Both return [`Effects`]: everything the page
//! must do next (post or stop a worker's job, run long work, start a
//! playback timer, save a file), which the web layer carries out as told.
//! Those two, [`Workbench::open`], [`Workbench::new`] and
//! [`Workbench::view`] are the workbench's whole public surface. Every
//! panel implements [`Panel`]: an edit is told to all of them in one loop,
//! so clearing stale results is part of each panel's type, not a list kept
//! by hand.
//!
//! Layers, top down: this module and its route files (`panels.rs`,
//! `family_routes.rs`), which hold the `impl Workbench` blocks; the panels
//! (`solution_tab`, `trace`, `play`, `lab`, `space`, …); the leaves
//! `action`, `input` and `common`. No panel imports this module's items.

mod action;
mod common;
mod depth;
mod effect;
mod exercise;
mod explore;
mod family;
mod family_routes;
mod input;
mod lab;
mod link;
mod panels;
mod picture;
mod play;
mod race;
mod solution;
mod solution_tab;
mod space;
mod speed;
mod speed_routes;
mod sweep;
mod trace;
mod work;
mod workshop;

pub use crate::task::{run_task, Answer, Reply, Session, Step, Task};
pub use depth::{
    depth_rows, mean_tenths, DepthRun, DepthView, DEPTH_HEADINGS, DEPTH_RANKS_PER_TASK,
};
pub use exercise::{task_words, ExerciseView, EXERCISE_MADE, EXERCISE_NAMES, EXERCISE_OWN};
pub use picture::{
    board_svg, contour_label, standalone_title, Picture, PICTURE_BUTTONS, PICTURE_FORMATS,
};
pub use work::Work;
pub use workshop::{
    heat_view, HeatRow, HeatView, WorkshopView, HEAT_HEADINGS, HEAT_ROWS, WORKSHOP_DEFAULT,
    WORKSHOP_HELP,
};

pub use crate::task::solver::{Counters, Report, SolverWorker, BUILD_WORK, SLICE_NODES};
pub use crate::task::space::{SpaceAnswer, SpaceWorker, SPACE_SLICE_MS, SPACE_STEP_UNITS};
pub use action::{Action, InputAction};
pub(crate) use common::plural;
pub use common::{
    board_link, choice_code, decode_component, encode_component, page_heuristic, slug, BoardLink,
    BoardView, Clock, Focus, GoalTable, Inputs, Key, Tab, PAGE_OFFER, WRITTEN, WRITTEN_LABEL,
};
pub use common::{hint_answer_words, hint_words};
pub use common::{millis_text, EntryLine, SmallBoard};
pub use effect::{Effect, Effects, Inbound, Place};
pub use explore::{
    boards_of, bytes_text, explore_answer, memory_note, result_view, space_tab_note, space_view,
    tools_note, ExploreView, Explorer, SpaceView, HARDEST_SHOWN, HISTOGRAM_HEADINGS,
};
use family::GoalFollow;
pub use family::{
    board_text, budget_reason, default_goal_text, goal_note, sample, FamilyView, Sample,
    NODE_BUDGET_DEFAULT, SAMPLES,
};
pub use input::{Edit, Panel, ParsedInputs, Request};
pub use lab::{
    compare, compare_plan, duration_text, experiment, experiment_row, parse_lab_budget, CompareRow,
    ExperimentRow, LabAction, LabPanel, LabView, CLOCK_RESOLUTION_MS, COMPARE_HEADINGS,
    EXPERIMENT_HEADINGS, EXPERIMENT_NOTES, EXPERIMENT_ROWS,
};
pub use link::{address_update, names, AddressUpdate, History, Link, Rejected};
pub use play::{
    AnalysisView, Oracle, Play, PlayAction, PlayPanel, PlayTabView, PlayView, HINT_NODES,
};
pub use race::{
    RaceAction, RaceChoice, RaceLane, RacePanel, RacePick, RaceSideView, RaceSpeed, RaceView,
    RACE_INTRO,
};
pub use solution::remote::RemotePanel;
pub use speed::{
    Recorded, ShortestAction, ShortestView, SolveClock, SolveTime, SHORTEST_LISTED, TIMER_TICK_MS,
};
// Two paths the tests name, kept where they were first written.
#[cfg(test)]
use crate::engine::text as solver;
#[cfg(test)]
use solution::remote;
pub use solution::{
    ControlsView, LedgerLine, NavAction, ReplayLine, Search, SolutionView, Status, VerdictView,
    LEDGER_HEADINGS, REPLAY_HEADINGS, SPEED_DEFAULT, SPEED_MAX, SPEED_MIN, SPEED_STEP,
};
pub use solution_tab::{Solution, SolutionAction, SolutionParts};
pub use space::{SpaceAction, SpacePanel, SpaceTabView, SweepView};
pub use sweep::{
    run_sweep_task, seeded_sample, Sweep, SweepTask, SweepTotals, BOARDS_PER_TASK, RANKS_PER_TASK,
    SWEEP_HEADINGS,
};
pub use trace::{
    astar_lines, code_view, ida_lines, judge_bound, judge_cutoff, judge_entries, judge_pop, Choice,
    CodeLine, CodeView, Judgement, PredictView, Question, Score, ASTAR_CODE, CHOICES_SHOWN,
    IDA_CODE,
};
pub use trace::{
    decimal, node_size, tidy_layout, tree_key, NodeSize, PathView, TreeKey, Viewport, BOARD_CELL,
    BOARD_LIMIT, BOARD_NODE, FIGURES_FIT, MARK_NODE, PICK_HINT, TREE_KEYS,
};
pub use trace::{judge_entries_under, judge_pop_under, WEIGHTED_POP};
pub use trace::{
    Download, ExportFormat, IdaTrace, IdaView, IterationLine, LatestBoards, NeighbourLine,
    NodeKind, Trace, TraceAction, TraceAlgorithm, TraceLine, TracePanel, TraceTabView, TraceView,
    TreeNodeView, TreeView, LOG_SHOWN, TREE_LIMIT,
};

#[cfg(test)]
use crate::engine::moves::Metric;
pub use crate::engine::solve::Mode;
#[cfg(test)]
use crate::engine::{contract::Goal, Board};
use crate::engine::{
    heuristic::{BuiltIn, Heuristic},
    teaching::{Weight, IDA_BUDGET},
};
use crate::engine::{request::Field, Move, Shape};

/// The three inputs as typed, with their validation messages.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct InputsView {
    /// The start field's text.
    pub start: String,
    /// The goal field's text.
    pub goal: String,
    /// The budget field's text.
    pub budget: String,
    /// Error text for the start field, if invalid.
    pub start_error: Option<String>,
    /// Error text for the goal field, if invalid.
    pub goal_error: Option<String>,
    /// Error text for the budget field, if invalid.
    pub budget_error: Option<String>,
    /// Why the budget field does not apply (then it is disabled, with
    /// this reason beside it); `None` where it applies or the start is
    /// invalid.
    pub budget_reason: Option<String>,
    /// The notice beside the goal when it followed the start's shape
    /// (with Undo beside it).
    pub goal_note: Option<String>,
}

/// Everything the page shows, as plain data: one part per region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The active tab.
    pub tab: Tab,
    /// The inputs' errors.
    pub inputs: InputsView,
    /// The board.
    pub board: BoardView,
    /// The verdict summary.
    pub verdict: VerdictView,
    /// The replay controls.
    pub controls: ControlsView,
    /// The Solution tab.
    pub solution: SolutionView,
    /// The Trace tab.
    pub trace: TraceTabView,
    /// The Play tab.
    pub play: PlayTabView,
    /// The Lab tab.
    pub lab: LabView,
    /// The Race tab.
    pub race: RaceView,
    /// The State space tab.
    pub space: SpaceTabView,
    /// The family's parts: the mode, the node budget, progress, Cancel,
    /// the 5×5 warning, why a 3×3 tool does not apply.
    pub family: FamilyView,
    /// The URL fragment (without `#`) that reopens this state.
    pub link: String,
    /// The history entry this state belongs to ([`History`]): a render
    /// whose entry is newer than the last one drawn pushes a new entry.
    pub entry: u64,
    /// The values of the last opened link that were not used, named (empty
    /// when every value was used).
    pub link_note: String,
}

/// The workbench: the inputs, the active tab, the shared goal table and one
/// state per panel.
pub struct Workbench {
    input: ParsedInputs,
    tab: Tab,
    goal_table: GoalTable,
    solution: Solution,
    trace: TracePanel,
    play: PlayPanel,
    lab: LabPanel,
    race: RacePanel,
    space: SpacePanel,
    history: History,
    link_note: String,
    goal: GoalFollow,
}

impl Workbench {
    /// A workbench with these inputs and no result yet.
    pub fn new(inputs: Inputs) -> Workbench {
        let input = ParsedInputs::new(inputs, NODE_BUDGET_DEFAULT, Mode::Optimal);
        let solution = Solution::new(&input);
        Workbench {
            input,
            tab: Tab::Solution,
            goal_table: GoalTable::default(),
            solution,
            trace: TracePanel::default(),
            play: PlayPanel::default(),
            lab: LabPanel::default(),
            race: RacePanel::default(),
            space: SpacePanel::default(),
            history: History::default(),
            link_note: String::new(),
            goal: GoalFollow::default(),
        }
    }

    /// Opens the state a link describes (the URL fragment, without `#`):
    /// the inputs it names (the baseline's for those it does not), solved,
    /// on the tab and replay step it names. A value that fails validation
    /// shows its error exactly as if typed.
    fn from_link(fragment: &str) -> Workbench {
        let mut w = Workbench::new(Inputs::default());
        w.open_link(fragment);
        w
    }

    /// The page's start: the workbench [`Workbench::from_link`] opens, and
    /// what the page must do first (a worker solve of a link's board).
    pub fn open(fragment: &str) -> (Workbench, Effects) {
        let mut w = Workbench::from_link(fragment);
        let effects = w.outbox(Effects::used());
        (w, effects)
    }

    /// Opens the state a link describes in this workbench (a link pasted
    /// into the address bar, followed, or reached by Back or Forward), as
    /// [`Workbench::from_link`] does on a fresh load: every part the link
    /// does not name is the baseline's, the field texts are validated as
    /// typed, and a value no control could have produced is named in the
    /// view's `link_note` and not used. The state stays in the current
    /// history entry (reopening never adds one).
    fn open_link(&mut self, fragment: &str) {
        let (link, mut rejected) = Link::read(fragment);
        let defaults = Inputs::default();
        let mut changed = Vec::new();
        for field in [Field::Start, Field::Goal, Field::Budget] {
            // A link that names an exercise and no boards opens the
            // exercise's first board and its goal.
            let exercise = link.exercise.as_ref();
            let text = match field {
                Field::Start => link.start.clone().unwrap_or_else(|| {
                    exercise
                        .and_then(|e| e.boards.first())
                        .map_or(defaults.start.clone(), board_text)
                }),
                // A link without a goal takes the default goal of its
                // start's shape, as typing the start does.
                Field::Goal => link.goal.clone().unwrap_or_else(|| match exercise {
                    Some(e) if link.start.is_none() => board_text(&e.goal),
                    _ => self
                        .input
                        .shown_shape()
                        .map_or(defaults.goal.clone(), default_goal_text),
                }),
                Field::Budget => link.budget.clone().unwrap_or(defaults.budget.clone()),
            };
            if text != self.input.texts().text(field) {
                changed.push(field);
                self.input.set(field, &text);
            }
        }
        self.goal = GoalFollow::default();
        let history = self.history;
        self.input
            .set_node_budget(link.nodes.as_deref().unwrap_or(NODE_BUDGET_DEFAULT));
        self.input.set_mode(link.mode.unwrap_or_default());
        // A link without a metric takes its exercise's, so an exercise made
        // in the multi-tile metric reopens in it.
        let exercise_metric = link.exercise.as_ref().map(|e| e.metric);
        self.input
            .set_metric(link.metric.or(exercise_metric).unwrap_or_default());
        // The algorithm first: the trace it begins is dropped with the
        // other results, and the tab begins one if it shows the Trace.
        self.trace
            .set_weight(&self.input, &link.weight.unwrap_or(Weight::ONE).text());
        // A written h opens in the workshop's field, too: one text (the
        // Trace's, else the Race's left side's, else its right side's).
        let heuristic = link.heuristic.clone().unwrap_or(BuiltIn::Manhattan.into());
        let race_h = [&link.left, &link.right]
            .into_iter()
            .flatten()
            .filter_map(|c| c.heuristic.as_ref().ok());
        let written = std::iter::once(&heuristic)
            .chain(race_h)
            .find_map(Heuristic::expression);
        if let Some(text) = written {
            self.lab.apply(
                &self.input,
                &mut self.goal_table,
                LabAction::Expr(text.to_string()),
            );
        }
        self.trace.set_heuristic(&self.input, Ok(heuristic));
        let ida_budget = link.idabudget.clone();
        self.trace.set_ida_budget(
            &self.input,
            &ida_budget.unwrap_or_else(|| IDA_BUDGET.to_string()),
        );
        self.trace
            .set_algorithm(&self.input, link.algo.unwrap_or_default());
        let race = RacePanel::default().choices().clone();
        for (lane, choice) in [(RaceLane::Left, &link.left), (RaceLane::Right, &link.right)] {
            let choice = choice.clone().unwrap_or(race[lane as usize].clone());
            self.race.set_choice(&self.input, lane, choice);
        }
        self.drop_results(&changed);
        // A link naming an exercise (a good one, or one that is named as
        // not used) opens the Lab with the exercises' section shown.
        let exercise_named =
            link.exercise.is_some() || rejected.iter().any(|r| r.key == "exercise");
        if let Some(e) = link.exercise.clone() {
            self.lab.exercise.open(e);
        } else if exercise_named {
            self.lab.exercise.reveal();
        }
        self.solve_on_open();
        self.history = history.reopened();
        if let Some(step) = link.step {
            self.solution.go_to_step(step);
        }
        let tab = link
            .tab
            .or(Workbench::solve_tab(&link))
            .unwrap_or(if exercise_named {
                Tab::Lab
            } else {
                Tab::Solution
            });
        if tab == self.tab {
            // Same tab: begin what select_tab begins on a new visit.
            match tab {
                Tab::Trace => self.trace.ensure(&self.input),
                Tab::Race => self.race.ensure(&self.input),
                Tab::Play => self.begin_play(),
                _ => {}
            }
        } else {
            self.select_tab(tab);
        }
        if let (Tab::Trace, Some(events)) = (self.tab, link.events) {
            self.trace.run_events(&self.input, events);
        }
        self.trace
            .restore_predict(link.predict.unwrap_or(false), link.score);
        self.open_solve(&link, &mut rejected);
        self.link_note = rejected
            .iter()
            .map(Rejected::message)
            .chain(link.disagreements(self.input.shown_shape(), self.input.metric(), self.tab))
            .collect::<Vec<_>>()
            .join(" ");
    }

    /// Records an edit for the history and drops the last link's note.
    pub(crate) fn mark_edited(&mut self) {
        self.history.edited();
        self.link_note.clear();
    }

    /// Opens a tab. Playback stops; the Trace tab begins a trace of the
    /// current inputs if none is open, the Play tab a game.
    fn select_tab(&mut self, tab: Tab) {
        if tab == self.tab {
            return;
        }
        self.solution.stop_playback();
        self.race.pause();
        self.tab = tab;
        match tab {
            Tab::Trace => self.trace.ensure(&self.input),
            Tab::Race => self.race.ensure(&self.input),
            // Each visit to the Play tab is a new game from the current start.
            Tab::Play => self.begin_play(),
            _ => {}
        }
    }

    /// Records an edit of one field. Every panel drops what the old text
    /// produced, at once, whatever the new text is. When the start changes
    /// shape while the goal field still holds another shape's default goal,
    /// the goal field follows (to this shape's default goal, visibly).
    fn edit(&mut self, field: Field, text: &str) {
        if field == Field::Goal {
            self.goal = GoalFollow::default();
        }
        self.input.set(field, text);
        // The state before the goal followed stays in its own history
        // entry, so Back brings it back too.
        let followed = field == Field::Start && self.goal.follow(&mut self.input);
        if followed {
            self.history.branch();
        }
        // A goal that followed the start's shape is a goal edit too.
        self.drop_results(&[if followed { Field::Goal } else { field }]);
        match self.tab {
            Tab::Play => self.begin_play(),
            Tab::Trace => self.trace.ensure(&self.input),
            Tab::Race => self.race.ensure(&self.input),
            _ => {}
        }
    }

    /// Every panel drops its result (an edit of the text `fields`, or of
    /// the mode): one loop over the panels.
    fn drop_results(&mut self, fields: &[Field]) {
        self.mark_edited();
        let edit = Edit {
            inputs: &self.input,
            fields,
        };
        let panels: [&mut dyn Panel; 6] = [
            &mut self.solution,
            &mut self.trace,
            &mut self.play,
            &mut self.lab,
            &mut self.race,
            &mut self.space,
        ];
        for panel in panels {
            panel.on_edit(&edit);
        }
        // A hint the game was working out stops in the worker too.
        if self.play.take_worker_stop() {
            self.solution.worker().request_stop();
        }
    }

    /// Does what a person did: routes `action` to the panel that owns it,
    /// and returns what the page must do (see [`Effects`]).
    pub fn apply(&mut self, action: impl Into<Action>) -> Effects {
        let mut fx = Effects::used();
        match action.into() {
            Action::Input(a) => match a {
                InputAction::Edit(field, text) => self.edit(field, &text),
                InputAction::NodeBudget(text) => self.set_node_budget(&text),
                InputAction::Mode(mode) => self.set_mode(mode),
                InputAction::Metric(metric) => self.set_metric(metric),
                InputAction::Sample(key) => self.load_sample(&key),
                InputAction::Solve => self.solve(),
                InputAction::Cancel => {
                    self.cancel_solve();
                }
                // "Use Fast instead": the running solve is cancelled (as
                // Cancel does), the mode becomes Fast and the inputs are
                // solved at once.
                InputAction::UseFast => {
                    self.cancel_solve();
                    self.set_mode(Mode::Fast);
                    self.solve();
                }
                InputAction::UndoGoal => self.undo_goal(),
            },
            Action::Tab(tab) => self.select_tab(tab),
            Action::Solution(a) => match a {
                SolutionAction::Navigate(nav) => self.solution.navigate(nav),
                SolutionAction::TogglePlayback => {
                    let token = self.toggle_playback();
                    self.playback(&mut fx, token);
                }
                SolutionAction::Speed(text) => self.solution.set_speed(&text),
                SolutionAction::CountPaths => self.solution.count_paths(&mut self.goal_table),
            },
            Action::Trace(a) => {
                if a.opens_tab() {
                    self.select_tab(Tab::Trace);
                }
                match a {
                    TraceAction::Heuristic(code) if code == WRITTEN => {
                        let text = self.lab.workshop.expr().0;
                        if let Some(h) = common::choice_of(&code, &text) {
                            self.trace.set_heuristic(&self.input, h);
                        }
                    }
                    a => self.trace.apply(&self.input, a),
                }
            }
            Action::Play(a) => self.play(a),
            Action::Lab(a) => {
                if a == LabAction::RunWeighted {
                    self.select_tab(Tab::Lab);
                }
                if let LabAction::Expr(text) = &a {
                    self.trace.on_expr(&self.input, text);
                    self.race.on_expr(&self.input, text);
                }
                self.lab.apply(&self.input, &mut self.goal_table, a);
            }
            Action::Space(a) => self.space.apply(a),
            Action::Race(RaceAction::Written(lane)) => {
                self.select_tab(Tab::Race);
                let text = self.lab.workshop.expr().0;
                if let Some(h) = common::choice_of(WRITTEN, &text) {
                    self.race.set_heuristic(&self.input, lane, h);
                }
            }
            Action::Race(a) => {
                self.select_tab(Tab::Race);
                if let Some(token) = self.race.apply(&self.input, a) {
                    fx.push(Effect::Playback {
                        token,
                        ms: self.race.speed().ms(),
                    });
                }
            }
            Action::Key(key, focus) => match self.key(key, focus) {
                (false, _) => return Effects::default(),
                (true, token) => self.playback(&mut fx, token),
            },
            Action::Address(address) => {
                // Both hashchange and popstate may come for one change: the
                // second finds the state already open.
                if names(&address, &self.link()) {
                    return Effects::default();
                }
                self.open_link(&address);
            }
            Action::Export(format) => {
                if let Some(file) = self.trace.export(&self.input, format) {
                    fx.push(Effect::Download(file));
                }
            }
            Action::CancelWork(work) => {
                self.stop_work(work, None);
                fx.push(Effect::StopWork(work));
            }
        }
        self.timer_started(&mut fx);
        self.post_shortest();
        self.outbox(fx)
    }

    /// What reaches the workbench from outside a person's actions, or
    /// needs the page's clock: a long work's start, its workers' answers
    /// and slices, the solver worker's replies, playback ticks. Returns
    /// what the page must do next.
    pub fn receive(&mut self, inbound: Inbound, clock: Clock<'_>) -> Effects {
        let mut fx = Effects::used();
        match inbound {
            Inbound::Tick(token) if self.race.owns(token) => {
                if self.race.tick(token) {
                    fx.push(Effect::Playback {
                        token,
                        ms: self.race.speed().ms(),
                    });
                }
            }
            Inbound::Tick(token) => {
                // A stopped or replaced playback leaves the page alone.
                if self.solution.playback_token() != Some(token) {
                    return Effects::default();
                }
                if self.solution.tick(token) {
                    self.playback(&mut fx, Some(token));
                }
            }
            Inbound::Solver { job, reply } => {
                self.solver_reply(job, &reply);
                self.post_shortest();
            }
            Inbound::Now(ms) => {
                self.tell_time(ms);
                return Effects::default();
            }
            Inbound::PlayTick { token, ms } => return self.timer_tick(token, ms),
            Inbound::SolverFailed(why) => self.solver_failed(&why),
            work => self.work_inbound(work, clock, &mut fx),
        }
        self.outbox(fx)
    }

    /// A playback timer to start when `token` was handed out.
    fn playback(&self, fx: &mut Effects, token: Option<u64>) {
        if let Some(token) = token {
            fx.push(Effect::Playback {
                token,
                ms: self.solution.speed_ms(),
            });
        }
    }

    /// Adds the solver worker's messages the panels left to send: a stop
    /// (once per cancel or edit of a running job), then a new task.
    fn outbox(&mut self, mut fx: Effects) -> Effects {
        if self.solution.worker().take_stop() {
            fx.push(Effect::StopSolve);
        }
        if let Some((job, task, metric)) = self.solution.worker().take_task() {
            fx.push(Effect::PostSolve { job, task, metric });
        }
        if self.solution.take_count() {
            fx.push(Effect::CountPaths);
        }
        fx
    }

    // ----- Solution: replay and playback -----

    /// Play/Pause. Returns the token a timer must present to
    /// [`Workbench::tick`], or `None` when playback did not start.
    fn toggle_playback(&mut self) -> Option<u64> {
        if !self.board_shows_replay() {
            self.tab = Tab::Solution;
        }
        self.solution.toggle_playback()
    }

    fn board_shows_replay(&self) -> bool {
        !matches!(self.tab, Tab::Trace | Tab::Play)
    }

    // ----- Keyboard -----

    /// A key press. In a tab of the tab list, arrows and Home/End move
    /// between tabs; in text fields keys belong to the field; elsewhere
    /// ← / → step the replay, Home / End go to its ends, Space plays or
    /// pauses, and on the Play tab the arrows move the blank. Returns whether
    /// the key was used (the page then suppresses its default action) and a
    /// playback token when Space started playback.
    fn key(&mut self, key: Key, focus: Focus) -> (bool, Option<u64>) {
        match focus {
            Focus::Field => return (false, None),
            Focus::Tab => {
                let tab = match key {
                    Key::ArrowRight => self.tab.offset(1),
                    Key::ArrowLeft => self.tab.offset(-1),
                    Key::Home => Tab::ALL[0],
                    Key::End => Tab::ALL[Tab::ALL.len() - 1],
                    _ => return (false, None),
                };
                self.select_tab(tab);
                return (true, None);
            }
            Focus::Button | Focus::Page => {}
        }
        if self.tab == Tab::Play {
            let mv = match key {
                Key::ArrowUp => Move::Up,
                Key::ArrowDown => Move::Down,
                Key::ArrowLeft => Move::Left,
                Key::ArrowRight => Move::Right,
                _ => return (false, None),
            };
            self.play(PlayAction::Move(mv));
            return (true, None);
        }
        match key {
            Key::ArrowLeft => self.solution.navigate(NavAction::Previous),
            Key::ArrowRight => self.solution.navigate(NavAction::Next),
            Key::Home => self.solution.navigate(NavAction::First),
            Key::End => self.solution.navigate(NavAction::Last),
            Key::Space if focus != Focus::Button => return (true, self.toggle_playback()),
            _ => return (false, None),
        }
        (true, None)
    }

    // ----- The view -----
    /// The URL fragment (without `#`) that reopens this state.
    fn link(&self) -> String {
        let shape = self.input.shown_shape();
        let mode = self.input.mode();
        Link {
            start: Some(self.input.texts().start.clone()),
            goal: Some(self.input.texts().goal.clone()),
            budget: Some(self.input.texts().budget.clone()),
            nodes: (self.solution.in_worker() && mode == Mode::Optimal)
                .then(|| self.input.node_text().to_string()),
            // The 3×3 contract's links stay as they were; every other
            // shape, and Fast, names its mode.
            mode: (mode == Mode::Fast || shape.is_some_and(|s| s != Shape::THREE)).then_some(mode),
            metric: Some(self.input.metric()),
            tab: Some(self.tab),
            step: self.solution.step(),
            events: (self.tab == Tab::Trace)
                .then(|| self.trace.events())
                .filter(|&n| n > 0),
            algo: Some(self.trace.algorithm()).filter(|&a| a != TraceAlgorithm::AStar),
            predict: self.trace.predict_on().then_some(true),
            score: Some(self.trace.score()).filter(|s| s.asked > 0),
            weight: self.trace.weight().filter(|&w| w != Weight::ONE),
            heuristic: self
                .trace
                .heuristic()
                .filter(|&h| *h != Heuristic::BuiltIn(BuiltIn::Manhattan))
                .cloned(),
            idabudget: Some(self.trace.ida_budget().to_string())
                .filter(|b| *b != IDA_BUDGET.to_string() && self.trace.ida_budget_is_valid()),
            exercise: (self.tab == Tab::Lab)
                .then(|| self.lab.exercise.own())
                .flatten(),
            left: (self.tab == Tab::Race).then(|| self.race.choices()[0].clone()),
            right: (self.tab == Tab::Race).then(|| self.race.choices()[1].clone()),
            ..Link::default()
        }
        .to_fragment()
    }

    /// The description of the page for the current state.
    pub fn view(&mut self) -> View {
        // Each input was parsed once, when it was set; its error and its
        // value both come from there.
        let parsed = &self.input;
        let texts = parsed.texts();
        let [start_error, goal_error, budget_error] = parsed.field_errors();
        // With an invalid start, nothing about which fields apply.
        let budget_reason = parsed
            .shown_shape()
            .filter(|_| start_error.is_none())
            .and_then(|shape| budget_reason(shape, parsed.mode(), parsed.metric()));
        let inputs = InputsView {
            start: texts.start.clone(),
            goal: texts.goal.clone(),
            budget: texts.budget.clone(),
            start_error,
            goal_error,
            budget_error,
            budget_reason,
            goal_note: self.goal.note(),
        };
        let SolutionParts {
            verdict,
            mut board,
            controls,
            solution,
        } = self.solution.view(parsed, self.board_shows_replay());
        let family = self.family_view();
        let trace = self.trace.view(&mut self.goal_table);
        let play = self
            .play
            .view(self.play.oracle(&self.input, &self.goal_table));
        let race = self.race.view(
            &mut self.goal_table,
            self.input
                .start()
                .clone()
                .ok()
                .zip(self.input.goal().clone().ok()),
        );
        match self.tab {
            Tab::Trace => {
                // A worker solve keeps its own board on the Trace tab.
                if let Some(t) = trace.view.as_ref().filter(|_| !self.solution.in_worker()) {
                    board.cells = Some(t.board.to_vec());
                    board.width = 3;
                    board.caption = match &t.latest {
                        Some(line) => format!("Trace: popped board of event {}", line.number),
                        None => "Trace: the start, before the first pop".into(),
                    };
                }
            }
            Tab::Play => {
                board.playing = true;
                if let Some(g) = self.play.game() {
                    board.set(g.board());
                }
                if let Some(p) = &play.view {
                    board.caption = if p.solved {
                        "Play: the goal is reached".into()
                    } else {
                        format!(
                            "Play: your board after {}",
                            plural(p.moves.len() as u32, "move")
                        )
                    };
                }
            }
            _ => {}
        }
        let link = self.link();
        View {
            tab: self.tab,
            inputs,
            board,
            verdict,
            controls,
            solution,
            trace,
            play,
            race,
            lab: {
                let goal = self.input.explore_goal().map_err(|(_, e)| e);
                self.lab
                    .view(goal.as_ref().map_err(String::as_str), self.input.metric())
            },
            space: self
                .space
                .view(&self.input, self.input.explore_goal().ok().as_ref()),
            family,
            link,
            entry: self.history.entry(),
            link_note: self.link_note.clone(),
        }
    }
}

/// The tiles that moved between two boards of width `width` one slide
/// apart (a run of one or more tiles of the blank's row or column): each
/// tile's cell in `after` and its cell in `before`. Empty when the boards
/// are not one slide apart (then the page redraws without sliding).
pub fn slide(before: &[u8], after: &[u8], width: usize) -> Vec<(usize, usize)> {
    let (Some(from), Some(to)) = (
        before.iter().position(|&c| c == 0),
        after.iter().position(|&c| c == 0),
    ) else {
        return Vec::new();
    };
    if before.len() != after.len() || width == 0 || from == to {
        return Vec::new();
    }
    // The blank travels from `from` to `to` in steps of `stride`; every
    // tile it passes moves one step back.
    let stride = if from / width == to / width {
        1
    } else if from % width == to % width {
        width
    } else {
        return Vec::new();
    };
    let path: Vec<usize> = if to > from {
        (from..=to).step_by(stride).collect()
    } else {
        (to..=from).rev().step_by(stride).collect()
    };
    let moved: Vec<(usize, usize)> = path.windows(2).map(|w| (w[0], w[1])).collect();
    let same_elsewhere = (0..before.len())
        .filter(|i| !path.contains(i))
        .all(|i| before[i] == after[i]);
    let shifted = moved.iter().all(|&(t, f)| after[t] == before[f]);
    if same_elsewhere && shifted {
        moved
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod both_metrics_tests;
#[cfg(test)]
mod effect_tests;
#[cfg(test)]
mod exercise_tests;
#[cfg(test)]
mod explore_tests;
#[cfg(test)]
mod family_tests;
#[cfg(test)]
mod large_tests;
#[cfg(test)]
mod link_tests;
#[cfg(test)]
mod metric_tests;
#[cfg(test)]
mod play_tests;
#[cfg(test)]
mod speed_tests;
#[cfg(test)]
mod tests;
mod weighted;
#[cfg(test)]
mod workshop_tests;
pub use weighted::{WeightedPanel, WeightedView};
