//! The State space tab's panel: the exploration of the whole space from
//! the goal (every shape up to 12 cells: `explore.rs`) and the 3×3 tools,
//! the heuristic sweep over every start (`sweep.rs`) and the depth table
//! (`depth.rs`), with the notes those tools show on other shapes.

use super::common::{single_tile_note, Clock, GoalTable, SPACE_SINGLE_TILE};
use super::depth::{DepthRun, DepthView};
use super::explore::{tools_note, ExploreView, Explorer, SpaceView};
use super::input::{Edit, Panel, ParsedInputs};
use super::sweep::{Sweep, SweepTotals};
use super::work::{Work, WorkPanel};
use crate::engine::{contract::Goal, moves::Metric, request::Field, Board};
use crate::task::{unexpected, Answer, Reply, Task};

/// The State space tab's state.
#[derive(Default)]
pub struct SpacePanel {
    /// Explore state space.
    explore: Explorer,
    sweep: Option<Sweep>,
    sweep_pending: bool,
    /// The phase of each task handed to workers, and when the last phase
    /// ended (ms, the page's clock).
    sweep_phases: Vec<usize>,
    sweep_phase_end: f64,
    /// In slices: each ended phase's time (as the benchmark reads it), and
    /// when the current phase began (set by the first slice).
    slice_phases: Vec<String>,
    slice_phase_start: Option<f64>,
    note: String,
    depth: Option<DepthRun>,
    depth_started: f64,
    depth_note: String,
}

/// The sweep's part of the tab: all that a sweep slice changes.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SweepView {
    /// The table's rows.
    pub rows: Vec<[String; 6]>,
    /// Starts done and in all.
    pub progress: (usize, usize),
    /// Whether the sweep is running.
    pub running: bool,
    /// What the sweep is doing.
    pub status: String,
    /// How it runs: in how many workers, or in slices and why.
    pub note: String,
}

/// The State space tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SpaceTabView {
    /// The state space, once explored.
    pub space: Option<SpaceView>,
    /// How the exploration runs, or that it is running.
    pub explore_note: String,
    /// The exploration's memory, status, progress and Cancel.
    pub explore: ExploreView,
    /// Whether the distance chart is on a log scale.
    pub log: bool,
    /// Why the sweep and the depth table (3×3 tools) do not apply to the
    /// start's shape.
    pub tools_note: Option<String>,
    /// Beside the sweep and the depth table in the multi-tile metric: they
    /// count single-tile moves.
    pub metric_note: Option<String>,
    /// The heuristic sweep.
    pub sweep: SweepView,
    /// The depth table.
    pub depth: DepthView,
}

impl SpacePanel {
    /// A goal edit makes the exploration and the sweep stale; other edits
    /// leave them (they depend on the goal alone).
    fn on_field_edit(&mut self, field: Field) {
        self.explore.on_edit(field);
        if field == Field::Goal {
            self.sweep = None;
            self.sweep_pending = false;
            self.depth = None;
        }
    }

    /// Begins the exploration of the goal `request` gives, or says which
    /// field is wrong and starts nothing; `now` is the page's clock (ms).
    pub fn start_explore(
        &mut self,
        request: Result<Board, (Field, String)>,
        metric: Metric,
        now: f64,
    ) {
        self.explore.start(request, metric, now);
    }

    /// The exploration's one task (empty when none runs).
    pub fn explore_tasks(&self) -> Vec<Task> {
        self.explore.tasks()
    }

    /// Stops the exploration: cancelled, or failed with `error`.
    pub fn stop_explore(&mut self, error: Option<&str>) {
        match error {
            Some(e) => self.explore.fail(e),
            None => self.explore.cancel(),
        }
    }

    /// Takes a worker's 3×3 exploration; false: nothing more is awaited.
    pub fn absorb_explore(&mut self, answer: &Answer) -> Result<bool, String> {
        self.explore.absorb_whole(answer)
    }

    /// Says how the exploration runs.
    pub fn set_explore_note(&mut self, note: &str) {
        self.explore.set_note(note);
    }

    /// Whether the exploration runs.
    pub fn exploring(&self) -> bool {
        self.explore.running()
    }

    /// Without workers: the exploration on the page's thread for a slice
    /// (3×3 at once); true while more remains.
    pub fn explore_slice(&mut self, tables: &mut GoalTable, clock: Clock<'_>) -> bool {
        self.explore.slice(tables, clock)
    }

    /// The exploration.
    pub fn explorer(&self) -> &Explorer {
        &self.explore
    }

    /// The exploration, to change.
    pub fn explorer_mut(&mut self) -> &mut Explorer {
        &mut self.explore
    }

    /// Begins the depth table for the current goal (nothing when the goal
    /// is invalid); `now` is the page's clock in ms.
    pub fn start_depth(&mut self, inputs: &ParsedInputs, now: f64) {
        self.depth = inputs
            .goal()
            .clone()
            .ok()
            .map(|g| DepthRun::new(Goal::new(g)));
        self.depth_started = now;
        self.depth_note.clear();
    }

    /// The depth table's tasks for workers (empty when none runs).
    pub fn depth_tasks(&self) -> Vec<Task> {
        self.depth
            .as_ref()
            .filter(|d| d.is_running())
            .map_or_else(Vec::new, DepthRun::plan)
    }

    /// Merges a worker's answer to depth task `index`; returns whether the
    /// table still waits for answers.
    pub fn absorb_depth(
        &mut self,
        index: usize,
        answer: &Answer,
        now: f64,
    ) -> Result<bool, String> {
        let Some(d) = self.depth.as_mut() else {
            return Ok(false);
        };
        d.absorb(index, answer)?;
        if d.is_complete() {
            d.set_ms(now - self.depth_started);
        }
        Ok(d.is_running())
    }

    /// The depth table on the page's thread for about `slice_ms`; true while
    /// more remains.
    pub fn depth_work(&mut self, slice_ms: f64, clock: Clock<'_>) -> bool {
        let Some(d) = self.depth.as_mut() else {
            return false;
        };
        d.work(slice_ms, clock);
        if d.is_complete() {
            let now = clock();
            d.set_ms(now - self.depth_started);
        }
        d.is_running()
    }

    /// Stops the depth table: with `error` when a worker failed.
    pub fn stop_depth(&mut self, error: Option<&str>) {
        if let Some(d) = self.depth.as_mut() {
            match error {
                Some(e) => d.fail(e),
                None => d.cancel(),
            }
        }
    }

    /// Whether the depth table runs.
    pub fn depth_running(&self) -> bool {
        self.depth.as_ref().is_some_and(DepthRun::is_running)
    }

    /// Says how the depth table runs.
    pub fn set_depth_note(&mut self, note: &str) {
        self.depth_note = note.to_string();
    }

    /// The depth table's run, if one was started.
    pub fn depth(&self) -> Option<&DepthRun> {
        self.depth.as_ref()
    }

    /// The running sweep's tasks for workers, each with its kind (empty
    /// when none runs); `now` starts the first phase's clock.
    pub fn sweep_tasks(&mut self, now: f64) -> Vec<Task> {
        let plan = self
            .sweep
            .as_ref()
            .filter(|s| !s.is_done())
            .map_or_else(Vec::new, Sweep::plan);
        self.sweep_phases = plan.iter().map(|t| t.phase).collect();
        self.sweep_phase_end = now;
        plan.into_iter().map(Task::Sweep).collect()
    }

    /// Merges a worker's answer to sweep task `index`, timing each phase as
    /// it completes; returns whether the sweep still runs.
    pub fn absorb_sweep(
        &mut self,
        index: usize,
        answer: &Answer,
        now: f64,
    ) -> Result<bool, String> {
        let Answer::Sweep(totals) = answer else {
            return Err(unexpected(answer));
        };
        let phase = self.sweep_phases.get(index).copied().unwrap_or(0);
        let Some(s) = self.sweep.as_mut() else {
            return Ok(false);
        };
        let before = s.phase();
        s.absorb(phase, totals);
        for p in before..s.phase() {
            s.set_phase_ms(p, now - self.sweep_phase_end);
            self.sweep_phase_end = now;
        }
        Ok(!s.is_done())
    }

    /// Breadth-first search of the whole 3×3 space from the current goal,
    /// at once, through the page's shared table.
    pub fn explore(&mut self, inputs: &ParsedInputs, tables: &mut GoalTable) {
        self.explore
            .explore_here(inputs.goal().clone().ok(), tables);
    }

    /// Starts the sweep; its set-up happens in the first slice.
    pub fn start_sweep(&mut self) {
        self.sweep = None;
        self.sweep_pending = true;
        self.slice_phases.clear();
        self.slice_phase_start = None;
    }

    /// Starts a sweep over chosen phases.
    pub fn start_sweep_with(&mut self, sweep: Sweep) {
        self.sweep_pending = false;
        self.sweep = Some(sweep);
        self.slice_phases.clear();
        self.slice_phase_start = None;
    }

    /// Without workers: a slice of the sweep of about `slice_ms` (the
    /// first sets it up), timing each phase as it ends. Returns whether
    /// more remains, and the phase times so far (ms, comma-separated) when
    /// a phase ended.
    pub fn sweep_slice(
        &mut self,
        inputs: &ParsedInputs,
        tables: &mut GoalTable,
        slice_ms: f64,
        clock: Clock<'_>,
    ) -> (bool, Option<String>) {
        let mut start = match self.slice_phase_start {
            Some(t) => t,
            None => clock(),
        };
        let more = self.sweep_work(inputs, tables, slice_ms, clock);
        let current = self.sweep.as_ref().map_or(0, Sweep::phase);
        let mut ended = false;
        while self.slice_phases.len() < current {
            let t = clock();
            self.phase_ms(self.slice_phases.len(), t - start);
            self.slice_phases
                .push(super::common::millis_text(t - start));
            start = t;
            ended = true;
        }
        self.slice_phase_start = Some(start);
        (more, ended.then(|| self.slice_phases.join(",")))
    }

    /// Works for about `slice_ms`; true while more remains.
    pub fn sweep_work(
        &mut self,
        inputs: &ParsedInputs,
        tables: &mut GoalTable,
        slice_ms: f64,
        clock: Clock<'_>,
    ) -> bool {
        if self.sweep_pending {
            self.sweep_pending = false;
            self.sweep = inputs
                .goal()
                .clone()
                .ok()
                .map(|g| Sweep::new(Goal::new(g), tables.for_goal(&g)));
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

    /// Merges a task's totals.
    pub fn absorb(&mut self, phase: usize, totals: &SweepTotals) {
        if let Some(s) = self.sweep.as_mut() {
            s.absorb(phase, totals);
        }
    }

    /// Records a phase's time.
    pub fn phase_ms(&mut self, phase: usize, ms: f64) {
        if let Some(s) = self.sweep.as_mut() {
            s.set_phase_ms(phase, ms);
        }
    }

    /// Sets how the sweep runs.
    pub fn set_note(&mut self, note: &str) {
        self.note = note.to_string();
    }

    /// Whether a sweep is running.
    pub fn sweep_running(&self) -> bool {
        self.sweep_pending || self.sweep.as_ref().is_some_and(|s| !s.is_done())
    }

    /// Cancels the sweep; totals so far stay.
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

    /// The tab's contents for these inputs; `goal` is the goal Explore
    /// would search (both fields valid), whose memory is stated up front.
    pub fn view(&self, inputs: &ParsedInputs, goal: Option<&Board>) -> SpaceTabView {
        let sweep = match &self.sweep {
            None if self.sweep_pending => SweepView {
                rows: Vec::new(),
                progress: (0, 0),
                running: true,
                status: "Preparing: listing every start that reaches the goal.".into(),
                note: self.note.clone(),
            },
            None => SweepView {
                status: "Not run yet.".into(),
                ..SweepView::default()
            },
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
                SweepView {
                    rows: s.rows(),
                    progress: (done, total),
                    running: !s.is_done(),
                    status,
                    note: self.note.clone(),
                }
            }
        };
        let depth = match &self.depth {
            Some(d) => d.view(&self.depth_note),
            None => DepthView {
                status: "Not run yet.".into(),
                ..DepthView::default()
            },
        };
        SpaceTabView {
            space: self.explore.space().cloned(),
            explore_note: self.explore.note().to_string(),
            explore: self.explore.view(goal),
            log: self.explore.log(),
            tools_note: inputs.shown_shape().and_then(tools_note),
            metric_note: single_tile_note(SPACE_SINGLE_TILE, inputs.metric()),
            sweep,
            depth,
        }
    }
}

impl Panel for SpacePanel {
    /// Each changed field drops what it produced (the goal: the sweep, the
    /// depth table and the exploration).
    fn on_edit(&mut self, edit: &Edit<'_>) {
        for &field in edit.fields {
            self.on_field_edit(field);
        }
        self.explore.on_metric(edit.inputs.metric());
    }
}

/// What a person does on the State space tab (besides the long work).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceAction {
    /// The distance chart on a log scale (true) or a linear one.
    Log(bool),
}

impl SpacePanel {
    /// Does `action`.
    pub fn apply(&mut self, action: SpaceAction) {
        match action {
            SpaceAction::Log(log) => self.explorer_mut().set_log(log),
        }
    }
}

/// The State space's long work: the sweep, the depth table and the
/// exploration (its jobs stream on any shape but 3×3).
impl WorkPanel for SpacePanel {
    fn start(&mut self, work: Work, inputs: &ParsedInputs, now: f64) {
        match work {
            Work::Sweep => self.start_sweep(),
            Work::Depth => self.start_depth(inputs, now),
            Work::Explore => self.start_explore(inputs.explore_goal(), inputs.metric(), now),
            _ => {}
        }
    }

    fn tasks(
        &mut self,
        work: Work,
        inputs: &ParsedInputs,
        tables: &mut GoalTable,
        now: f64,
    ) -> Vec<Task> {
        match work {
            Work::Sweep => {
                self.sweep_work(inputs, tables, 0.0, &mut || now);
                self.sweep_tasks(now)
            }
            Work::Depth => self.depth_tasks(),
            Work::Explore => self.explore_tasks(),
            _ => Vec::new(),
        }
    }

    fn absorb(&mut self, work: Work, index: usize, a: &Answer, now: f64) -> Result<bool, String> {
        match work {
            Work::Sweep => self.absorb_sweep(index, a, now),
            Work::Depth => self.absorb_depth(index, a, now),
            Work::Explore => self.absorb_explore(a),
            _ => Err(unexpected(a)),
        }
    }

    fn stream(&mut self, _: Work, reply: &Reply, now: f64) -> bool {
        self.explore.absorb(reply, now)
    }

    fn slice(
        &mut self,
        work: Work,
        inputs: &ParsedInputs,
        tables: &mut GoalTable,
        slice_ms: f64,
        clock: Clock<'_>,
    ) -> bool {
        match work {
            Work::Sweep => self.sweep_work(inputs, tables, slice_ms, clock),
            Work::Depth => self.depth_work(slice_ms, clock),
            // A 3×3 exploration runs whole, as it always did.
            Work::Explore => self.explore_slice(tables, clock),
            _ => false,
        }
    }

    fn set_note(&mut self, work: Work, note: &str) {
        match work {
            Work::Sweep => SpacePanel::set_note(self, note),
            Work::Depth => self.set_depth_note(note),
            Work::Explore => self.set_explore_note(note),
            _ => {}
        }
    }

    fn stop(&mut self, work: Work, error: Option<&str>) {
        match work {
            Work::Sweep => self.cancel_sweep(),
            Work::Depth => self.stop_depth(error),
            Work::Explore => self.stop_explore(error),
            _ => {}
        }
    }

    fn running(&self, work: Work) -> bool {
        match work {
            Work::Sweep => self.sweep_running(),
            Work::Depth => self.depth_running(),
            Work::Explore => self.exploring(),
            _ => false,
        }
    }
}
