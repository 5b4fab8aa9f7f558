//! The page's view model: the workbench state and a pure description of what
//! the page shows. Inputs in, [`View`] out; no DOM, tested natively. The wasm
//! `web` module only copies a `View` into elements.
//!
//! The [`Workbench`] keeps what every panel shares — the three inputs, the
//! active [`Tab`], the goal's distance table — and one value per panel
//! (solution, trace, play, lab, state space). Each panel owns its state,
//! builds its own part of the [`View`] and reacts to an edit by itself
//! ([`Workbench::edit`] tells every panel), so clearing stale results is part
//! of each panel's type, not a list kept by hand.

mod depth;
mod explore;
mod family;
mod lab;
mod link;
mod panels;
mod play;
mod remote;
mod solution;
mod solver;
mod space;
mod sweep;
mod trace;
mod work;

pub use crate::task::{run_task, Answer, Reply, Session, Step, Task};
pub use depth::{
    depth_rows, mean_tenths, DepthRun, DepthView, DEPTH_HEADINGS, DEPTH_RANKS_PER_TASK,
};
pub use work::Work;

pub use crate::task::solver::{Counters, Report, SolverWorker, BUILD_WORK, SLICE_NODES};
pub use crate::task::space::{SpaceAnswer, SpaceWorker, SPACE_SLICE_MS, SPACE_STEP_UNITS};
pub use explore::{
    boards_of, bytes_text, explore_answer, memory_note, result_view, space_tab_note, space_view,
    tools_note, ExploreView, Explorer, SpaceView, HARDEST_SHOWN, HISTOGRAM_HEADINGS,
};
pub use family::{
    default_goal_text, sample, shown_shape, FamilyView, Sample, NODE_BUDGET_DEFAULT, SAMPLES,
};
pub use lab::{
    compare, compare_plan, duration_text, experiment, experiment_row, millis_text,
    parse_lab_budget, Clock, CompareRow, ExperimentRow, LabPanel, LabView, CLOCK_RESOLUTION_MS,
    COMPARE_HEADINGS, EXPERIMENT_HEADINGS, EXPERIMENT_NOTES, EXPERIMENT_ROWS,
};
pub use link::{
    address_update, decode_component, encode_component, names, AddressUpdate, History, Link,
    Rejected,
};
pub use play::{Oracle, Play, PlayPanel, PlayTabView, PlayView};
pub use remote::{RemotePanel, Request};
pub use solution::{
    ControlsView, LedgerLine, NavAction, ReplayLine, SolutionPanel, SolutionView, Status,
    VerdictView, LEDGER_HEADINGS, REPLAY_HEADINGS, SPEED_DEFAULT, SPEED_MAX, SPEED_MIN, SPEED_STEP,
};
pub use solver::hint_words;
pub use space::{SpacePanel, SpaceTabView, SweepView};
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
    BOARD_LIMIT, BOARD_NODE, MARK_NODE, PICK_HINT, TREE_KEYS,
};
pub use trace::{judge_entries_under, judge_pop_under, WEIGHTED_POP};
pub use trace::{
    Download, EntryLine, ExportFormat, IdaTrace, IdaView, IterationLine, LatestBoards,
    NeighbourLine, NodeKind, SmallBoard, Trace, TraceAlgorithm, TraceLine, TracePanel,
    TraceTabView, TraceView, TreeNodeView, TreeView, LOG_SHOWN, TREE_LIMIT,
};

pub use crate::engine::solve::Mode;
use crate::engine::{
    parse_budget_field, parse_goal, parse_start, Board, DistanceTable, Field, Goal, InputError,
    Move, Shape,
};
use crate::engine::{parse_weight, Weight, WeightedHeuristic, IDA_BUDGET};

/// The workbench's panels, one tab each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tab {
    /// The witness, the replay table, the ledger and the independent check.
    Solution,
    /// The A* search one pop at a time.
    Trace,
    /// The user moves the blank.
    Play,
    /// Other searches on the same boards, and the blog experiment.
    Lab,
    /// The whole state space and the heuristic sweep.
    Space,
}

impl Tab {
    /// Every tab, in the order of the tab list.
    pub const ALL: [Tab; 5] = [Tab::Solution, Tab::Trace, Tab::Play, Tab::Lab, Tab::Space];

    /// The tab's label.
    pub fn label(self) -> &'static str {
        match self {
            Tab::Solution => "Solution",
            Tab::Trace => "Trace",
            Tab::Play => "Play",
            Tab::Lab => "Lab",
            Tab::Space => "State space",
        }
    }

    /// The tab's name in a link (`tab=…`).
    pub fn key(self) -> &'static str {
        match self {
            Tab::Solution => "solution",
            Tab::Trace => "trace",
            Tab::Play => "play",
            Tab::Lab => "lab",
            Tab::Space => "space",
        }
    }

    /// The tab a link names, if any.
    pub fn from_key(key: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The tab `delta` places away in the list, wrapping (arrow keys).
    pub fn offset(self, delta: isize) -> Tab {
        let n = Tab::ALL.len() as isize;
        let here = Tab::ALL.iter().position(|&t| t == self).unwrap_or(0) as isize;
        Tab::ALL[(here + delta).rem_euclid(n) as usize]
    }
}

/// Where keyboard focus was when a key was pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// A text field, textarea or slider: keys belong to it.
    Field,
    /// A button: Space and Enter belong to it.
    Button,
    /// A tab of the tab list: arrows, Home and End move between tabs.
    Tab,
    /// Anywhere else.
    Page,
}

/// The three text inputs as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    /// Start board JSON.
    pub start: String,
    /// Goal board JSON.
    pub goal: String,
    /// Budget text.
    pub budget: String,
}

impl Default for Inputs {
    /// The baseline of the page contract, budget 100.
    fn default() -> Self {
        Inputs {
            start: "[1,2,3,4,5,6,0,7,8]".into(),
            goal: "[1,2,3,4,5,6,7,8,0]".into(),
            budget: "100".into(),
        }
    }
}

/// The goal's exact distances: one breadth-first search of the whole space,
/// kept until the goal changes. Shared by the panels that need the exact
/// distance (solution, play, lab, state space).
#[derive(Default)]
pub struct GoalTable {
    table: Option<DistanceTable>,
}

impl GoalTable {
    /// The table for `goal`, built on first use.
    pub fn for_goal(&mut self, goal: &Board) -> &DistanceTable {
        if self.table.as_ref().map(|t| *t.goal()) != Some(*goal) {
            self.table = Some(DistanceTable::new(goal));
        }
        self.table.get_or_insert_with(|| DistanceTable::new(goal))
    }

    /// The table, if it was built for `goal`.
    pub fn built_for(&self, goal: &Board) -> Option<&DistanceTable> {
        self.table.as_ref().filter(|t| t.goal() == goal)
    }
}

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
}

/// The board in the left column.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BoardView {
    /// The cells to draw, row-major, any shape; `None`: nothing valid to draw.
    pub cells: Option<Vec<u8>>,
    /// The board's width (columns): `cells` is `width` wide.
    pub width: usize,
    /// What the board shows, e.g. "Start (not solved yet)" or "Replay step 1 of 2".
    pub caption: String,
    /// Whether clicks on tiles move them (the Play tab).
    pub playing: bool,
}

impl BoardView {
    /// The cells to draw, row-major, and the board's width (columns), for
    /// any shape; `None` when nothing valid is drawn.
    pub fn grid(&self) -> Option<(&[u8], usize)> {
        self.cells
            .as_deref()
            .filter(|_| self.width > 0)
            .map(|c| (c, self.width))
    }

    /// Draws `board`.
    pub fn set(&mut self, board: &Board) {
        self.cells = Some(board.cells().to_vec());
        self.width = board.width();
    }
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

/// The parsed inputs, each with its own error.
pub(crate) struct Parsed {
    pub start: Result<Board, InputError>,
    pub goal: Result<Board, InputError>,
    pub budget: Result<crate::engine::Budget, InputError>,
}

impl Parsed {
    fn of(inputs: &Inputs) -> Parsed {
        Parsed {
            start: parse_start(&inputs.start),
            goal: parse_goal(&inputs.goal),
            budget: parse_budget_field(&inputs.budget),
        }
    }

    /// The first invalid field's error, in field order.
    pub fn first_error(&self) -> Option<&InputError> {
        [
            self.start.as_ref().err(),
            self.goal.as_ref().err(),
            self.budget.as_ref().err(),
        ]
        .into_iter()
        .flatten()
        .next()
    }
}

/// The workbench: the inputs, the active tab, the shared goal table and one
/// state per panel.
pub struct Workbench {
    inputs: Inputs,
    tab: Tab,
    goal_table: GoalTable,
    solution: SolutionPanel,
    trace: TracePanel,
    play: PlayPanel,
    lab: LabPanel,
    space: SpacePanel,
    remote: RemotePanel,
    node_budget: String,
    mode: Mode,
    history: History,
    link_note: String,
}

pub(crate) fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl Workbench {
    /// A workbench with these inputs and no result yet.
    pub fn new(inputs: Inputs) -> Workbench {
        Workbench {
            inputs,
            tab: Tab::Solution,
            goal_table: GoalTable::default(),
            solution: SolutionPanel::default(),
            trace: TracePanel::default(),
            play: PlayPanel::default(),
            lab: LabPanel::default(),
            space: SpacePanel::default(),
            remote: RemotePanel::default(),
            node_budget: NODE_BUDGET_DEFAULT.into(),
            mode: Mode::Optimal,
            history: History::default(),
            link_note: String::new(),
        }
    }

    /// Opens the state a link describes (the URL fragment, without `#`):
    /// the inputs it names (the baseline's for those it does not), solved,
    /// on the tab and replay step it names. A value that fails validation
    /// shows its error exactly as if typed.
    pub fn from_link(fragment: &str) -> Workbench {
        let mut w = Workbench::new(Inputs::default());
        w.open_link(fragment);
        w
    }

    /// Opens the state a link describes in this workbench (a link pasted
    /// into the address bar, followed, or reached by Back or Forward), as
    /// [`Workbench::from_link`] does on a fresh load: every part the link
    /// does not name is the baseline's, the field texts are validated as
    /// typed, and a value no control could have produced is named in the
    /// view's `link_note` and not used. The state stays in the current
    /// history entry (reopening never adds one).
    pub fn open_link(&mut self, fragment: &str) {
        let (link, rejected) = Link::read(fragment);
        let defaults = Inputs::default();
        let inputs = Inputs {
            start: link.start.clone().unwrap_or(defaults.start),
            goal: link.goal.clone().unwrap_or(defaults.goal),
            budget: link.budget.clone().unwrap_or(defaults.budget),
        };
        for (field, changed) in [
            (Field::Start, inputs.start != self.inputs.start),
            (Field::Goal, inputs.goal != self.inputs.goal),
            (Field::Budget, inputs.budget != self.inputs.budget),
        ] {
            if changed {
                self.space.on_edit(field);
            }
        }
        let history = self.history;
        self.inputs = inputs;
        self.node_budget = link.nodes.clone().unwrap_or(NODE_BUDGET_DEFAULT.into());
        self.mode = link.mode.unwrap_or_default();
        // The algorithm first: the trace it begins is dropped with the
        // other results, and the tab begins one if it shows the Trace.
        self.trace
            .set_weight(&self.inputs, &link.weight.unwrap_or(Weight::ONE).text());
        self.trace.set_heuristic(
            &self.inputs,
            link.heuristic.unwrap_or(WeightedHeuristic::Manhattan),
        );
        let ida_budget = link.idabudget.clone();
        self.trace.set_ida_budget(
            &self.inputs,
            &ida_budget.unwrap_or_else(|| IDA_BUDGET.to_string()),
        );
        self.trace
            .set_algorithm(&self.inputs, link.algo.unwrap_or_default());
        self.drop_results();
        self.solve();
        self.history = history.reopened();
        if let Some(step) = link.step {
            self.solution.go_to_step(step);
            self.remote.go_to_step(step);
        }
        let tab = link.tab.unwrap_or(Tab::Solution);
        if tab == self.tab {
            // Same tab: begin what select_tab begins on a new visit.
            match tab {
                Tab::Trace => self.trace.ensure(&self.inputs),
                Tab::Play => self.begin_play(),
                _ => {}
            }
        } else {
            self.select_tab(tab);
        }
        if let (Tab::Trace, Some(events)) = (self.tab, link.events) {
            self.trace.run_events(&self.inputs, events);
        }
        self.trace
            .restore_predict(link.predict.unwrap_or(false), link.score);
        self.link_note = rejected
            .iter()
            .map(Rejected::message)
            .collect::<Vec<_>>()
            .join(" ");
    }

    /// Records an edit for the history and drops the last link's note.
    pub(crate) fn mark_edited(&mut self) {
        self.history.edited();
        self.link_note.clear();
    }

    /// The current inputs.
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// The active tab.
    pub fn tab(&self) -> Tab {
        self.tab
    }

    /// Opens a tab. Playback stops; the Trace tab begins a trace of the
    /// current inputs if none is open, the Play tab a game.
    pub fn select_tab(&mut self, tab: Tab) {
        if tab == self.tab {
            return;
        }
        self.solution.stop_playback();
        self.remote.stop_playback();
        self.tab = tab;
        match tab {
            Tab::Trace => self.trace.ensure(&self.inputs),
            // Each visit to the Play tab is a new game from the current start.
            Tab::Play => self.begin_play(),
            _ => {}
        }
    }

    /// Records an edit of one field. Every panel drops what the old text
    /// produced, at once, whatever the new text is. When the start changes
    /// shape while the goal field still holds another shape's default goal,
    /// the goal field follows (to this shape's default goal, visibly).
    pub fn edit(&mut self, field: Field, text: &str) {
        let slot = match field {
            Field::Start => &mut self.inputs.start,
            Field::Goal => &mut self.inputs.goal,
            Field::Budget => &mut self.inputs.budget,
        };
        *slot = text.to_string();
        let goal_before = self.inputs.goal.clone();
        if field == Field::Start {
            self.follow_goal();
        }
        self.drop_results();
        // A goal that followed the start's shape is a goal edit too.
        let followed = self.inputs.goal != goal_before;
        self.space
            .on_edit(if followed { Field::Goal } else { field });
        match self.tab {
            Tab::Play => self.begin_play(),
            Tab::Trace => self.trace.ensure(&self.inputs),
            _ => {}
        }
    }

    /// Every panel drops its result (an edit of an input, the mode or the
    /// node budget).
    fn drop_results(&mut self) {
        self.mark_edited();
        if self.play.on_edit() {
            self.remote.request_stop();
        }
        self.remote.on_edit();
        self.solution.on_edit();
        self.trace.on_edit();
        self.lab.on_edit();
    }

    // ----- Solution: replay and playback -----

    /// Moves the replay cursor; at a boundary it stays and says so.
    pub fn navigate(&mut self, action: NavAction) {
        if self.is_remote() {
            self.remote.navigate(action);
        } else {
            self.solution.navigate(action);
        }
    }

    /// Whether the replay is playing.
    pub fn is_playing(&self) -> bool {
        self.playback_token().is_some()
    }

    /// The token of the running playback, if the replay is playing.
    pub fn playback_token(&self) -> Option<u64> {
        if self.is_remote() {
            self.remote.playback_token()
        } else {
            self.solution.playback_token()
        }
    }

    /// The replay speed in milliseconds per move.
    pub fn speed_ms(&self) -> u32 {
        self.solution.speed_ms()
    }

    /// Sets the replay speed from the slider's text.
    pub fn set_speed(&mut self, text: &str) {
        self.solution.set_speed(text);
    }

    /// Play/Pause. Returns the token a timer must present to
    /// [`Workbench::tick`], or `None` when playback did not start.
    pub fn toggle_playback(&mut self) -> Option<u64> {
        if !self.board_shows_replay() {
            self.tab = Tab::Solution;
        }
        if self.is_remote() {
            return self.remote.toggle_playback();
        }
        self.solution.toggle_playback()
    }

    /// One timer tick of playback; true when another tick should follow.
    pub fn tick(&mut self, token: u64) -> bool {
        if self.is_remote() {
            return self.remote.tick(token);
        }
        self.solution.tick(token)
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
    pub fn key(&mut self, key: &str, focus: Focus) -> (bool, Option<u64>) {
        match focus {
            Focus::Field => return (false, None),
            Focus::Tab => {
                let tab = match key {
                    "ArrowRight" => self.tab.offset(1),
                    "ArrowLeft" => self.tab.offset(-1),
                    "Home" => Tab::ALL[0],
                    "End" => Tab::ALL[Tab::ALL.len() - 1],
                    _ => return (false, None),
                };
                self.select_tab(tab);
                return (true, None);
            }
            Focus::Button | Focus::Page => {}
        }
        if self.tab == Tab::Play {
            let mv = match key {
                "ArrowUp" => Move::Up,
                "ArrowDown" => Move::Down,
                "ArrowLeft" => Move::Left,
                "ArrowRight" => Move::Right,
                _ => return (false, None),
            };
            self.play_move(mv);
            return (true, None);
        }
        match key {
            "ArrowLeft" => self.navigate(NavAction::Previous),
            "ArrowRight" => self.navigate(NavAction::Next),
            "Home" => self.navigate(NavAction::First),
            "End" => self.navigate(NavAction::Last),
            " " | "Spacebar" if focus != Focus::Button => return (true, self.toggle_playback()),
            _ => return (false, None),
        }
        (true, None)
    }

    // ----- The view -----

    /// The description of the page for the current state.
    pub fn view(&mut self) -> View {
        // Each input is parsed once; its error and its value both come from here.
        let parsed = Parsed::of(&self.inputs);
        let msg = |e: Option<&InputError>| e.map(InputError::message);
        let inputs = InputsView {
            start: self.inputs.start.clone(),
            goal: self.inputs.goal.clone(),
            budget: self.inputs.budget.clone(),
            start_error: msg(parsed.start.as_ref().err()),
            goal_error: msg(parsed.goal.as_ref().err()),
            budget_error: msg(parsed.budget.as_ref().err()),
        };
        let goal = parsed.goal.as_ref().ok().map(|g| Goal::new(*g));
        let remote = self.is_remote();
        let (mut verdict, mut board) = self.solution.verdict(&parsed);
        let mut controls = self.solution.controls(self.board_shows_replay());
        let mut solution = self.solution.view(&parsed, goal.as_ref());
        let mut inputs = inputs;
        let mut family = FamilyView::default();
        if remote {
            let request = self.request();
            inputs.start_error = request.error_of(Field::Start);
            inputs.goal_error = request.error_of(Field::Goal);
            // The 3×3 budget rule does not apply to a worker solve.
            inputs.budget_error = None;
            let on_board = self.board_shows_replay();
            (verdict, board, controls, solution) =
                self.remote
                    .view(&request, self.solution.speed_ms(), on_board);
            family = self.family_view(&request);
        }
        let trace = self.trace.view(&mut self.goal_table);
        let play = self.play.view(self.oracle());
        match self.tab {
            Tab::Trace => {
                if let Some(t) = trace.view.as_ref().filter(|_| !remote) {
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
        let shape = shown_shape(&self.inputs.start);
        let link = Link {
            start: Some(self.inputs.start.clone()),
            goal: Some(self.inputs.goal.clone()),
            budget: Some(self.inputs.budget.clone()),
            nodes: (remote && self.mode == Mode::Optimal).then(|| self.node_budget.clone()),
            // The 3×3 contract's links stay as they were; every other
            // shape, and Fast, names its mode.
            mode: (self.mode == Mode::Fast || shape.is_some_and(|s| s != Shape::THREE))
                .then_some(self.mode),
            tab: Some(self.tab),
            step: if remote {
                self.remote.step()
            } else {
                self.solution.step()
            },
            events: (self.tab == Tab::Trace)
                .then(|| self.trace.events())
                .filter(|&n| n > 0),
            algo: Some(self.trace.algorithm()).filter(|&a| a != TraceAlgorithm::AStar),
            predict: self.trace.predict_on().then_some(true),
            score: Some(self.trace.score()).filter(|s| s.asked > 0),
            weight: parse_weight(self.trace.weight_text())
                .ok()
                .filter(|&w| w != Weight::ONE),
            heuristic: Some(self.trace.heuristic()).filter(|&h| h != WeightedHeuristic::Manhattan),
            idabudget: Some(self.trace.ida_budget().to_string()).filter(|b| {
                *b != IDA_BUDGET.to_string() && crate::engine::solve::parse_node_budget(b).is_ok()
            }),
        }
        .to_fragment();
        View {
            tab: self.tab,
            inputs,
            board,
            verdict,
            controls,
            solution,
            trace,
            play,
            lab: self.lab.view(),
            space: self
                .space
                .view(&self.inputs, self.explore_request().ok().as_ref()),
            family,
            link,
            entry: self.history.entry(),
            link_note: self.link_note.clone(),
        }
    }
}

/// The tile that moved between two boards of width `width` one legal move
/// apart: its cell in `after` and its cell in `before`. `None` when the
/// boards are not one move apart (then the page redraws without sliding).
pub fn slide(before: &[u8], after: &[u8], width: usize) -> Option<(usize, usize)> {
    if before.len() != after.len() || width == 0 {
        return None;
    }
    let differ: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    let [x, y] = differ[..] else { return None };
    let (to, from) = if after[x] == 0 { (y, x) } else { (x, y) };
    let adjacent = (to / width).abs_diff(from / width) + (to % width).abs_diff(from % width) == 1;
    (adjacent && before[from] == after[to] && before[to] == 0).then_some((to, from))
}

#[cfg(test)]
mod explore_tests;
#[cfg(test)]
mod family_tests;
#[cfg(test)]
mod link_tests;
#[cfg(test)]
mod tests;
mod weighted;
pub use weighted::{WeightedPanel, WeightedView};
