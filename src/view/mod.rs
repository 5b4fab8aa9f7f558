//! The page's view model: the workbench state and a pure description of what
//! the page shows. Inputs in, [`View`] out; no DOM, tested natively. The wasm
//! `web` module only copies a `View` into elements.
//!
//! Stale state cannot survive an edit: every edit drops the last result
//! (witness, replay, verdict) before anything else happens, and the board is
//! drawn only from input that passed validation.

mod lab;
mod play;
mod trace;

pub use lab::{
    compare, millis_text, parse_lab_budget, seed_experiment, seed_row, seeded_sample, space_view,
    Clock, CompareRow, SeedRow, SpaceView, Sweep, SweepTotals, HARDEST_SHOWN, SEED_NOTES,
    SEED_ROWS,
};

pub use play::{Play, PlayView};
pub use trace::{EntryLine, NeighbourLine, Trace, TraceLine, TraceView, LOG_SHOWN};

use crate::engine::{
    cell_text, parse_budget_field, parse_goal, parse_request, parse_start, Board, DistanceTable,
    Field, Goal, InputError, Move, Nav, Outcome, Replay, Solver, Verdict,
};

/// What the board and the keyboard are driving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Replaying the solver's witness (the default).
    Replay,
    /// Stepping through the A* search.
    Trace,
    /// The user moves the blank.
    Play,
}

/// Where keyboard focus was when a key was pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// A text field, textarea or slider: keys belong to it.
    Field,
    /// A button: Space and Enter belong to it.
    Button,
    /// Anywhere else.
    Page,
}

/// Replay speed limits, in milliseconds per move.
pub const SPEED_MIN: u32 = 50;
/// The slowest replay speed.
pub const SPEED_MAX: u32 = 2000;
/// The default: 300 ms per move.
pub const SPEED_DEFAULT: u32 = 300;

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

/// A replay navigation button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavAction {
    /// Go to step 0.
    First,
    /// One step back.
    Previous,
    /// One step forward.
    Next,
    /// Go to the last step.
    Last,
}

struct Solved {
    outcome: Outcome,
    replay: Option<Replay>,
}

/// The workbench: current inputs, the last result (if still current), and the
/// replay cursor.
pub struct Workbench {
    inputs: Inputs,
    solver: Solver,
    result: Option<Solved>,
    guard: Option<String>,
    internal_error: Option<String>,
    mode: Mode,
    playing: bool,
    play_token: u64,
    speed_ms: u32,
    trace: Option<Trace>,
    play: Option<Play>,
    distances: Option<DistanceTable>,
    lab_budget: String,
    compared: Option<(String, Vec<CompareRow>)>,
    seed: Option<Vec<SeedRow>>,
    space: Option<SpaceView>,
    sweep: Option<Sweep>,
    sweep_pending: bool,
}

/// What the lab panels show.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LabView {
    /// The lab budget field's error.
    pub budget_error: Option<String>,
    /// The compare panel's optimum line, or why nothing was compared.
    pub compare_summary: String,
    /// One row per algorithm.
    pub compare_rows: Vec<CompareRow>,
    /// The blog experiment's rows.
    pub seed_rows: Vec<SeedRow>,
    /// The state space, once explored.
    pub space: Option<SpaceView>,
    /// Where the blog experiment stands.
    pub seed_status: String,
    /// The heuristic sweep's rows.
    pub sweep_rows: Vec<[String; 5]>,
    /// Starts done and in all.
    pub sweep_progress: (usize, usize),
    /// Whether the sweep is running.
    pub sweep_running: bool,
    /// What the sweep is doing.
    pub sweep_status: String,
}

/// One row of the Manhattan ledger as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerLine {
    /// "1" … "8", or "blank".
    pub tile: String,
    /// "row 3, column 2".
    pub cell: String,
    /// "row 3, column 1".
    pub goal_cell: String,
    /// "1", or "excluded" for the blank.
    pub distance: String,
}

/// One replay table record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayLine {
    /// Step number.
    pub step: usize,
    /// Move name, or "—" at step 0.
    pub mv: String,
    /// Board JSON.
    pub board: String,
    /// Path cost.
    pub g: u32,
    /// Manhattan.
    pub h: u32,
    /// g + h.
    pub f: u32,
    /// Whether this is the replay's current step.
    pub current: bool,
}

/// Everything the page shows, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Error text for the start field, if invalid.
    pub start_error: Option<String>,
    /// Error text for the goal field, if invalid.
    pub goal_error: Option<String>,
    /// Error text for the budget field, if invalid.
    pub budget_error: Option<String>,
    /// The nine cells to draw, or `None`: nothing valid to draw.
    pub board: Option<[u8; 9]>,
    /// What the board shows, e.g. "Start (not solved yet)" or "Replay step 1 of 2".
    pub board_caption: String,
    /// Status text: `Solved`, `Unknown (BudgetExceeded)`, `Unsolvable`, `Invalid — …`, or "—".
    pub status: String,
    /// Path cost g, or "—".
    pub cost: String,
    /// Initial Manhattan h, or "—".
    pub initial_h: String,
    /// Expansions, or "—".
    pub expansions: String,
    /// Further counters ("generated 5, stale 0, largest frontier 3"), or empty.
    pub counters: String,
    /// The domain explanation and the next check.
    pub explanation: String,
    /// The independent replay check, or empty.
    pub check: String,
    /// The parity proof, for unsolvable input.
    pub parity: Option<String>,
    /// Witness move names.
    pub witness: Vec<String>,
    /// Replay table records.
    pub replay: Vec<ReplayLine>,
    /// "Step 1 of 2", or empty with no replay.
    pub replay_status: String,
    /// Boundary-guard message from the last navigation, if any.
    pub guard: Option<String>,
    /// Whether the replay buttons have a replay to drive.
    pub replay_enabled: bool,
    /// The Manhattan ledger of the start (tiles 1–8, then the blank).
    pub ledger: Vec<LedgerLine>,
    /// The ledger's total h, or "—".
    pub ledger_total: String,
    /// The current mode.
    pub mode: Mode,
    /// Whether the replay is playing.
    pub playing: bool,
    /// The Play/Pause button's text: what pressing it will do.
    pub play_button: &'static str,
    /// Replay speed in milliseconds per move.
    pub speed_ms: u32,
    /// The trace panel, while in trace mode with a trace begun.
    pub trace: Option<TraceView>,
    /// A note for the trace panel (why there is no trace).
    pub trace_note: String,
    /// The play panel, in play mode with a valid start.
    pub play: Option<PlayView>,
    /// A note for the play panel (why there is no game).
    pub play_note: String,
    /// The lab panels.
    pub lab: LabView,
}

const NONE: &str = "—";

fn plural(n: u32, word: &str) -> String {
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
            solver: Solver::new(),
            result: None,
            guard: None,
            internal_error: None,
            mode: Mode::Replay,
            playing: false,
            play_token: 0,
            speed_ms: SPEED_DEFAULT,
            trace: None,
            play: None,
            distances: None,
            lab_budget: crate::engine::lab::LAB_BUDGET.to_string(),
            compared: None,
            seed: None,
            space: None,
            sweep: None,
            sweep_pending: false,
        }
    }

    /// The current goal and its exact distances, computed once per goal
    /// (one breadth-first search) and kept until the goal changes.
    fn goal_table(&mut self) -> Option<(Goal, &DistanceTable)> {
        let goal = parse_goal(&self.inputs.goal).ok()?;
        if self.distances.as_ref().map(|d| *d.goal()) != Some(goal) {
            self.distances = Some(DistanceTable::new(&goal));
        }
        Some((Goal::new(goal), self.distances.as_ref()?))
    }

    /// Sets the lab budget text (boards); the compare result is dropped.
    pub fn set_lab_budget(&mut self, text: &str) {
        self.lab_budget = text.to_string();
        self.compared = None;
    }

    /// Runs every algorithm on the current start and goal.
    pub fn compare_all(&mut self, clock: Clock<'_>) {
        self.compared = None;
        let Ok(budget) = parse_lab_budget(&self.lab_budget) else {
            return;
        };
        let Ok(start) = parse_start(&self.inputs.start) else {
            return;
        };
        let Some((goal, table)) = self.goal_table() else {
            return;
        };
        self.compared = Some(compare(&start, &goal, table, budget, clock));
    }

    /// Begins the blog post's experiment; rows follow from [`Workbench::seed_step`].
    pub fn start_seed_experiment(&mut self) {
        self.seed = Some(Vec::new());
    }

    /// Runs the next row of the experiment; true while rows remain.
    pub fn seed_step(&mut self) -> bool {
        let Some(rows) = self.seed.as_mut() else {
            return false;
        };
        if let Some(row) = seed_row(rows.len()) {
            rows.push(row);
        }
        rows.len() < SEED_ROWS
    }

    /// Breadth-first search of the whole space from the current goal.
    pub fn explore_space(&mut self) {
        self.space = self.goal_table().map(|(_, t)| space_view(t));
    }

    /// Starts the heuristic sweep from the current goal. The set-up (the
    /// goal's distance table, if not yet built) happens in the first slice
    /// of [`Workbench::sweep_work`], not here, so the click returns at once.
    pub fn start_sweep(&mut self) {
        self.sweep = None;
        self.sweep_pending = true;
    }

    /// Starts a sweep over chosen phases (tests, smaller runs).
    pub fn start_sweep_with(&mut self, sweep: Sweep) {
        self.sweep_pending = false;
        self.sweep = Some(sweep);
    }

    /// Works on the sweep for about `slice_ms`; true while more remains.
    pub fn sweep_work(&mut self, slice_ms: f64, clock: Clock<'_>) -> bool {
        if self.sweep_pending {
            self.sweep_pending = false;
            self.sweep = self.goal_table().map(|(g, t)| Sweep::new(g, t));
            return self.sweep.is_some();
        }
        match self.sweep.as_mut() {
            Some(s) if !s.is_done() => {
                s.work(slice_ms, clock);
                !s.is_done()
            }
            _ => false,
        }
    }

    /// Whether a sweep is running.
    pub fn sweep_running(&self) -> bool {
        self.sweep_pending || self.sweep.as_ref().is_some_and(|s| !s.is_done())
    }

    /// Cancels the sweep (totals so far stay on screen, marked as partial).
    pub fn cancel_sweep(&mut self) {
        self.sweep_pending = false;
        if let Some(s) = self.sweep.as_mut() {
            s.cancel();
        }
    }

    /// The sweep, if one was started.
    pub fn sweep(&self) -> Option<&Sweep> {
        self.sweep.as_ref()
    }

    /// The current mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the replay is playing.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// The token of the running playback, if the replay is playing.
    pub fn playback_token(&self) -> Option<u64> {
        self.playing.then_some(self.play_token)
    }

    /// The replay speed in milliseconds per move.
    pub fn speed_ms(&self) -> u32 {
        self.speed_ms
    }

    fn stop_playback(&mut self) {
        self.playing = false;
        self.play_token += 1;
    }

    /// The current inputs.
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// Records an edit of one field. The previous result, witness and replay
    /// are dropped at once, whatever the new text is.
    pub fn edit(&mut self, field: Field, text: &str) {
        self.stop_playback();
        self.result = None;
        self.guard = None;
        self.internal_error = None;
        self.trace = None;
        self.play = None;
        self.compared = None;
        if field == Field::Goal {
            self.space = None;
            self.cancel_sweep();
            self.sweep = None;
        }
        let slot = match field {
            Field::Start => &mut self.inputs.start,
            Field::Goal => &mut self.inputs.goal,
            Field::Budget => &mut self.inputs.budget,
        };
        *slot = text.to_string();
        if self.mode == Mode::Play {
            self.begin_play();
        }
    }

    /// Validates and solves. Invalid input leaves no result (the view shows
    /// the errors); valid input is solved and its witness checked.
    pub fn solve(&mut self) {
        self.stop_playback();
        self.result = None;
        self.guard = None;
        self.internal_error = None;
        let request = crate::engine::parse_request(
            &self.inputs.start,
            &self.inputs.goal,
            &self.inputs.budget,
        );
        let Ok(request) = request else { return };
        match request.solve(&mut self.solver) {
            Ok(outcome) => {
                let replay = match &outcome.verdict {
                    Verdict::Solved(s) => Replay::new(&outcome.start, &request.goal, &s.moves),
                    _ => None,
                };
                self.result = Some(Solved { outcome, replay });
            }
            Err(e) => self.internal_error = Some(e.to_string()),
        }
    }

    /// Moves the replay cursor; at a boundary it stays and says so.
    pub fn navigate(&mut self, action: NavAction) {
        self.stop_playback();
        let Some(replay) = self.result.as_mut().and_then(|r| r.replay.as_mut()) else {
            self.guard = Some("There is no witness to replay; press Solve first.".into());
            return;
        };
        let nav = match action {
            NavAction::First => replay.first(),
            NavAction::Previous => replay.back(),
            NavAction::Next => replay.forward(),
            NavAction::Last => replay.last(),
        };
        self.guard = match nav {
            Nav::Moved => None,
            Nav::AtFirst => Some(format!(
                "Already at the first step (step 0, the start); {} stays here.",
                match action {
                    NavAction::First => "First",
                    _ => "Previous",
                }
            )),
            Nav::AtLast => Some(format!(
                "Already at the last step (step {}, the goal); {} stays here.",
                replay.position(),
                match action {
                    NavAction::Last => "Last",
                    _ => "Next",
                }
            )),
        };
    }

    /// Switches trace mode on or off. Entering it begins a trace of the
    /// current inputs (if they are valid); playback stops.
    pub fn toggle_trace(&mut self) {
        self.stop_playback();
        if self.mode == Mode::Trace {
            self.mode = Mode::Replay;
        } else {
            self.mode = Mode::Trace;
            self.reset_trace();
        }
    }

    /// Begins the trace again from the current inputs.
    pub fn reset_trace(&mut self) {
        self.trace = parse_request(&self.inputs.start, &self.inputs.goal, &self.inputs.budget)
            .ok()
            .map(|r| Trace::new(r.start, r.goal, r.budget));
    }

    fn ensure_trace(&mut self) {
        if self.mode != Mode::Trace {
            self.stop_playback();
            self.mode = Mode::Trace;
        }
        if self.trace.is_none() {
            self.reset_trace();
        }
    }

    /// One pop of the trace (entering trace mode if needed).
    pub fn trace_step(&mut self) {
        self.ensure_trace();
        if let Some(t) = self.trace.as_mut() {
            t.step();
        }
    }

    /// Runs the trace to its end.
    pub fn trace_run(&mut self) {
        self.ensure_trace();
        if let Some(t) = self.trace.as_mut() {
            t.run_to_end();
        }
    }

    /// Switches play mode on or off.
    pub fn toggle_play_mode(&mut self) {
        self.stop_playback();
        if self.mode == Mode::Play {
            self.mode = Mode::Replay;
        } else {
            self.mode = Mode::Play;
            self.begin_play();
        }
    }

    /// Starts a game from the current start (if the inputs are valid) and
    /// makes sure the exact distances to the current goal are at hand.
    fn begin_play(&mut self) {
        self.play = None;
        let Ok(start) = parse_start(&self.inputs.start) else {
            return;
        };
        if self.goal_table().is_some() {
            self.play = Some(Play::new(start));
        }
    }

    fn game(&mut self) -> Option<(&mut Play, Goal, &DistanceTable)> {
        if self.mode != Mode::Play {
            return None;
        }
        let goal = Goal::new(parse_goal(&self.inputs.goal).ok()?);
        Some((self.play.as_mut()?, goal, self.distances.as_ref()?))
    }

    /// Play mode: moves the blank in direction `mv`.
    pub fn play_move(&mut self, mv: Move) {
        if let Some((play, goal, table)) = self.game() {
            play.apply(mv, &goal, table);
        }
    }

    /// Play mode: a click or tap on board cell `index`.
    pub fn play_click(&mut self, index: usize) {
        if let Some((play, goal, table)) = self.game() {
            play.click(index, &goal, table);
        }
    }

    /// Play mode: names a move that reduces the exact distance by one.
    pub fn hint(&mut self) {
        if let Some((play, _, table)) = self.game() {
            play.ask_hint(table);
        }
    }

    /// Play/Pause. Starting at the last step rewinds to step 0 first.
    /// Returns the token a timer must present to [`Workbench::tick`], or
    /// `None` when playback did not start.
    pub fn toggle_playback(&mut self) -> Option<u64> {
        if self.playing {
            self.stop_playback();
            return None;
        }
        self.stop_playback();
        if self.mode != Mode::Replay {
            self.mode = Mode::Replay;
        }
        let Some(replay) = self.result.as_mut().and_then(|r| r.replay.as_mut()) else {
            self.guard = Some("There is no witness to play; press Solve first.".into());
            return None;
        };
        if replay.position() == replay.last_index() {
            if replay.last_index() == 0 {
                self.guard = Some("The witness has no moves to play.".into());
                return None;
            }
            replay.first();
        }
        self.guard = None;
        self.playing = true;
        Some(self.play_token)
    }

    /// One timer tick of playback: advances a step if `token` is still the
    /// current playback. Returns true when another tick should follow.
    pub fn tick(&mut self, token: u64) -> bool {
        if !self.playing || token != self.play_token {
            return false;
        }
        let Some(replay) = self.result.as_mut().and_then(|r| r.replay.as_mut()) else {
            self.stop_playback();
            return false;
        };
        replay.forward();
        if replay.position() == replay.last_index() {
            self.stop_playback();
            self.guard = Some("Playback reached the last step (the goal) and stopped.".into());
            return false;
        }
        true
    }

    /// Sets the replay speed from the slider's text; out-of-range or
    /// malformed values are clamped to the slider's range or ignored.
    pub fn set_speed(&mut self, text: &str) {
        if let Ok(ms) = text.trim().parse::<u32>() {
            self.speed_ms = ms.clamp(SPEED_MIN, SPEED_MAX);
        }
    }

    /// A key press outside text fields: ← / → previous / next, Home / End
    /// first / last, Space play/pause; in play mode the arrow keys move the
    /// blank in their direction. Returns whether the key was used (the page
    /// then suppresses its default action), and a playback token when Space
    /// started playback.
    pub fn key(&mut self, key: &str, focus: Focus) -> (bool, Option<u64>) {
        if focus == Focus::Field {
            return (false, None);
        }
        if self.mode == Mode::Play {
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

    fn lab_view(&self) -> LabView {
        let budget_error = parse_lab_budget(&self.lab_budget).err();
        let (compare_summary, compare_rows) = match &self.compared {
            Some((s, rows)) => (s.clone(), rows.clone()),
            None => (
                "Not run for the current inputs: press Compare all.".to_string(),
                Vec::new(),
            ),
        };
        let (sweep_rows, sweep_progress, sweep_running, sweep_status) = match &self.sweep {
            None if self.sweep_pending => (
                Vec::new(),
                (0, 0),
                true,
                "Preparing: listing every start that reaches the goal.".to_string(),
            ),
            None => (Vec::new(), (0, 0), false, "Not run yet.".to_string()),
            Some(s) => {
                let (done, total) = s.progress();
                let status = if s.was_cancelled() {
                    format!(
                        "Cancelled after {done} of {total} starts; the totals below are partial."
                    )
                } else if s.is_done() {
                    format!("Done: {total} starts.")
                } else {
                    format!("Running: {done} of {total} starts.")
                };
                (s.rows(), (done, total), !s.is_done(), status)
            }
        };
        LabView {
            budget_error,
            compare_summary,
            compare_rows,
            seed_rows: self.seed.clone().unwrap_or_default(),
            seed_status: match &self.seed {
                None => "Not run yet.".into(),
                Some(r) if r.len() < SEED_ROWS => {
                    format!("Running: {} of {SEED_ROWS} rows.", r.len())
                }
                Some(_) => "Done: 15 rows.".into(),
            },
            space: self.space.clone(),
            sweep_rows,
            sweep_progress,
            sweep_running,
            sweep_status,
        }
    }

    /// The description of the page for the current state.
    pub fn view(&mut self) -> View {
        let mut v = self.base_view();
        v.lab = self.lab_view();
        v.mode = self.mode;
        v.playing = self.playing;
        v.play_button = if self.playing { "Pause" } else { "Play" };
        v.speed_ms = self.speed_ms;
        match self.mode {
            Mode::Replay => {}
            Mode::Trace => match self.trace.as_mut() {
                Some(t) => {
                    let tv = t.view();
                    v.board = Some(tv.board);
                    v.board_caption = match &tv.latest {
                        Some(line) => format!("Trace: popped board of event {}", line.number),
                        None => "Trace: the start, before the first pop".into(),
                    };
                    v.trace = Some(tv);
                }
                None => {
                    v.trace_note =
                        "No trace: the inputs are not valid. Fix them, then press Step.".into();
                }
            },
            Mode::Play => {
                if let (Some(play), Some(table), Ok(goal)) = (
                    self.play.as_ref(),
                    self.distances.as_ref(),
                    parse_goal(&self.inputs.goal),
                ) {
                    let pv = play.view(&Goal::new(goal), table);
                    v.board = Some(pv.board);
                    v.board_caption = if pv.solved {
                        "Play: the goal is reached".into()
                    } else {
                        format!(
                            "Play: your board after {}",
                            plural(pv.moves.len() as u32, "move")
                        )
                    };
                    v.play = Some(pv);
                } else {
                    v.play_note = "No game: the start and goal boards must be valid.".into();
                }
            }
        }
        v
    }

    fn base_view(&self) -> View {
        // Each input is parsed once; its error and its value both come from here.
        let start = parse_start(&self.inputs.start);
        let goal = parse_goal(&self.inputs.goal);
        let budget = parse_budget_field(&self.inputs.budget);
        let first_invalid = [
            start.as_ref().err(),
            goal.as_ref().err(),
            budget.as_ref().err(),
        ]
        .into_iter()
        .flatten()
        .next()
        .cloned();
        let msg = |e: Option<&InputError>| e.map(InputError::message);
        let mut v = View {
            start_error: msg(start.as_ref().err()),
            goal_error: msg(goal.as_ref().err()),
            budget_error: msg(budget.as_ref().err()),
            board: None,
            board_caption: String::new(),
            status: NONE.into(),
            cost: NONE.into(),
            initial_h: NONE.into(),
            expansions: NONE.into(),
            counters: String::new(),
            explanation: String::new(),
            check: String::new(),
            parity: None,
            witness: Vec::new(),
            replay: Vec::new(),
            replay_status: String::new(),
            guard: self.guard.clone(),
            replay_enabled: false,
            ledger: Vec::new(),
            ledger_total: NONE.into(),
            mode: Mode::Replay,
            playing: false,
            play_button: "Play",
            speed_ms: SPEED_DEFAULT,
            trace: None,
            trace_note: String::new(),
            play: None,
            play_note: String::new(),
            lab: LabView::default(),
        };
        let start = start.ok();
        if let (Some(s), Ok(g)) = (&start, goal) {
            fill_ledger(&mut v, s, &Goal::new(g));
        }
        if let Some(e) = first_invalid {
            v.status = format!("Invalid — {}", e.field.label());
            v.explanation = format!(
                "{}: {}. Nothing was solved; fix the input to continue.",
                e.field.label(),
                e.message()
            );
            // Invalid input shows its error and no board at all.
            v.board_caption = "No board: the input is invalid".into();
            return v;
        }
        if let Some(err) = &self.internal_error {
            v.status = "Invalid — internal check failed".into();
            v.explanation = err.clone();
            return v;
        }
        let Some(result) = &self.result else {
            v.board = start.map(|b| b.cells());
            v.board_caption = "Start (validated input; not solved yet)".into();
            v.explanation = "The inputs changed, so the previous result was cleared. Press Solve to search this start.".into();
            return v;
        };
        fill_result(&mut v, result);
        v
    }
}

fn fill_ledger(v: &mut View, start: &Board, goal: &Goal) {
    let ledger = goal.ledger(start);
    v.ledger = ledger
        .rows
        .iter()
        .map(|r| LedgerLine {
            tile: r.tile.to_string(),
            cell: cell_text(r.cell),
            goal_cell: cell_text(r.goal_cell),
            distance: r.distance.to_string(),
        })
        .collect();
    v.ledger.push(LedgerLine {
        tile: "blank".into(),
        cell: cell_text(ledger.blank_cell),
        goal_cell: cell_text(ledger.blank_goal_cell),
        distance: "excluded".into(),
    });
    v.ledger_total = ledger.total.to_string();
}

fn fill_result(v: &mut View, result: &Solved) {
    let out = &result.outcome;
    let h0 = out.initial_manhattan;
    v.initial_h = h0.to_string();
    v.expansions = out.stats.expansions.to_string();
    v.counters = format!(
        "generated {}, stale pops {}, largest frontier {}; budget {}",
        out.stats.generated,
        out.stats.stale,
        out.stats.max_frontier,
        out.budget.get()
    );
    v.board = Some(out.start.cells());
    v.board_caption = "Start".into();
    match &out.verdict {
        Verdict::Solved(sol) => {
            v.status = "Solved".into();
            v.cost = sol.cost.to_string();
            v.witness = sol.moves.iter().map(|m| m.name().to_string()).collect();
            v.explanation = if sol.cost == 0 {
                "The start already equals the goal: 0 moves, and no expansion was needed because the goal is accepted when it is popped. Next: edit the start and Solve again.".into()
            } else if sol.cost == h0 {
                format!(
                    "Cost {c} equals the lower bound {h0} (the initial Manhattan distance), so no shorter path exists. Next: replay the witness to the goal with Next.",
                    c = sol.cost
                )
            } else {
                format!(
                    "Cost {c} is above the lower bound {h0} (the initial Manhattan distance). The bound alone does not prove optimality here; A* does: with an admissible, consistent heuristic the goal is accepted only when no frontier entry has a smaller f. Next: replay the witness to the goal with Next.",
                    c = sol.cost
                )
            };
            v.check = format!(
                "Independent replay: all {} checked as legal swaps of the blank with a grid neighbour, every board a permutation of 0–8; the final board equals the goal; length {} equals cost {}.",
                plural(sol.moves.len() as u32, "move"),
                sol.moves.len(),
                sol.cost
            );
            if let Some(replay) = &result.replay {
                let here = replay.position();
                v.replay = replay
                    .steps()
                    .iter()
                    .map(|s| ReplayLine {
                        step: s.index,
                        mv: s.mv.map_or(NONE.to_string(), |m| m.name().to_string()),
                        board: s.board.to_json(),
                        g: s.g,
                        h: s.h,
                        f: s.f(),
                        current: s.index == here,
                    })
                    .collect();
                v.replay_status = format!("Step {here} of {}", replay.last_index());
                v.replay_enabled = true;
                v.board = Some(replay.current().board.cells());
                v.board_caption = if here == 0 {
                    format!("Replay step 0 of {} (the start)", replay.last_index())
                } else if here == replay.last_index() {
                    format!("Replay step {here} of {here} (the goal)")
                } else {
                    format!("Replay step {here} of {}", replay.last_index())
                };
            }
        }
        Verdict::Unknown(reason) => {
            v.status = format!("Unknown ({})", reason.name());
            v.explanation = format!(
                "The search was stopped after {} because the budget of {} was used up before the goal was popped. This is an unfinished search: it does not mean that no solution exists. Next: raise the budget (up to 10000) and Solve again.",
                plural(out.stats.expansions, "expansion"),
                out.budget.get()
            );
        }
        Verdict::Unsolvable(p) => {
            v.status = "Unsolvable".into();
            v.explanation = "No search was run: the parity of inversions differs, and no legal move changes it. Next: swap two tiles in the start (or goal) to change its parity.".into();
            v.parity = Some(format!(
                "The start has {} and the goal has {} (blank excluded). Their parities differ ({} vs {}); a horizontal move keeps the inversion count and a vertical one changes it by 2 or 0, so no sequence of moves joins them.",
                plural(p.start, "inversion"),
                plural(p.goal, "inversion"),
                if p.start % 2 == 0 { "even" } else { "odd" },
                if p.goal % 2 == 0 { "even" } else { "odd" },
            ));
        }
    }
}

/// The tile that moved between two boards one legal move apart: its cell in
/// `after` and its cell in `before`. `None` when the boards are not one move
/// apart (then the page redraws without sliding).
pub fn slide(before: &[u8; 9], after: &[u8; 9]) -> Option<(usize, usize)> {
    let differ: Vec<usize> = (0..9).filter(|&i| before[i] != after[i]).collect();
    let [x, y] = differ[..] else { return None };
    let (to, from) = if after[x] == 0 { (y, x) } else { (x, y) };
    let adjacent = (to / 3).abs_diff(from / 3) + (to % 3).abs_diff(from % 3) == 1;
    (adjacent && before[from] == after[to] && before[to] == 0).then_some((to, from))
}

#[cfg(test)]
mod tests;
