//! The Workbench's routes to the long work (the sweep, the depth table,
//! Compare all, the experiment and the exploration, in workers or in
//! slices) and the trace's export. A second `impl Workbench` block beside
//! the inputs, replay, keyboard and [`Workbench::apply`] ones in `mod.rs`.

use super::*;

impl Workbench {
    /// The whole trace of the current inputs as a file, when they are valid.
    pub fn trace_export(&mut self, format: ExportFormat) -> Option<Download> {
        self.trace.export(&self.input, format)
    }

    // ----- Lab -----

    /// Runs every algorithm on the current start and goal.
    pub fn compare_all(&mut self, clock: Clock<'_>) {
        self.lab
            .compare_all(&self.input, &mut self.goal_table, clock);
    }

    /// Begins the blog post's experiment; rows follow from
    /// [`Workbench::experiment_step`].
    pub fn start_experiment(&mut self) {
        self.lab.start_experiment();
    }

    /// Runs the next row of the experiment; true while rows remain.
    pub fn experiment_step(&mut self) -> bool {
        self.lab.experiment_step()
    }

    // ----- State space -----

    /// Breadth-first search of the whole space from the current goal.
    pub fn explore_space(&mut self) {
        self.space.explore(&self.input, &mut self.goal_table);
    }

    /// Starts the heuristic sweep from the current goal. The set-up happens
    /// in the first slice of [`Workbench::sweep_work`], so the click returns
    /// at once.
    pub fn start_sweep(&mut self) {
        self.space.start_sweep();
    }

    /// Starts a sweep over chosen phases (tests, smaller runs).
    pub fn start_sweep_with(&mut self, sweep: Sweep) {
        self.space.start_sweep_with(sweep);
    }

    /// Works on the sweep for about `slice_ms`; true while more remains.
    pub fn sweep_work(&mut self, slice_ms: f64, clock: Clock<'_>) -> bool {
        self.space
            .sweep_work(&self.input, &mut self.goal_table, slice_ms, clock)
    }

    /// Records how long a sweep phase took, in milliseconds.
    pub fn sweep_phase_ms(&mut self, phase: usize, ms: f64) {
        self.space.phase_ms(phase, ms);
    }

    /// Whether a sweep is running.
    pub fn sweep_running(&self) -> bool {
        self.space.sweep_running()
    }

    /// Cancels the sweep (totals so far stay on screen, marked as partial).
    pub fn cancel_sweep(&mut self) {
        self.space.cancel_sweep();
    }

    /// The sweep, if one was started.
    pub fn sweep(&self) -> Option<&Sweep> {
        self.space.sweep()
    }

    // ----- Long work, in Web Workers or in slices -----

    /// Begins `work` from a click; `now` is the page's clock (ms). The
    /// tasks follow from [`Workbench::work_tasks`], or, where there are no
    /// workers, the work runs through [`Workbench::work_slice`].
    pub fn start_work(&mut self, work: Work, now: f64) {
        match work {
            Work::Sweep => self.space.start_sweep(),
            Work::Depth => self.space.start_depth(&self.input, now),
            Work::Compare => self.lab.start_compare(&self.input),
            Work::Experiment => self.lab.start_experiment(),
            Work::Explore => {
                let request = self.explore_request();
                self.space.start_explore(request, now);
            }
        }
    }

    /// The tasks of the work just started, for workers (empty: nothing to
    /// do). The sweep's set-up (the goal's table, the sample) happens here.
    pub fn work_tasks(&mut self, work: Work, now: f64) -> Vec<Task> {
        match work {
            Work::Sweep => {
                self.sweep_work(0.0, &mut || now);
                self.space.sweep_tasks(now)
            }
            Work::Depth => self.space.depth_tasks(),
            Work::Compare => self.lab.compare_tasks(),
            Work::Experiment => self.lab.experiment_tasks(),
            Work::Explore => self.space.explore_tasks(),
        }
    }

    /// Merges a worker's answer to task `index` of `work` (or its error,
    /// which stops the work and says why). Returns whether the work still
    /// waits for answers; false tells the page to stop its workers.
    pub fn absorb(
        &mut self,
        work: Work,
        index: usize,
        answer: Result<&Answer, &str>,
        now: f64,
    ) -> bool {
        let merged = answer.map_err(str::to_string).and_then(|a| match work {
            Work::Sweep => self.space.absorb_sweep(index, a, now),
            Work::Depth => self.space.absorb_depth(index, a, now),
            Work::Compare => self.lab.absorb_compare(index, a),
            Work::Experiment => self.lab.absorb_experiment(index, a),
            Work::Explore => self.space.absorb_explore(a),
        });
        merged.unwrap_or_else(|e| {
            self.stop_work(work, Some(&e));
            false
        })
    }

    /// Where there are no workers: works on `work` for about `slice_ms`
    /// on the page's thread; true while more remains. Compare all and the
    /// exploration run whole (as they always did), the experiment a row at a
    /// time.
    pub fn work_slice(&mut self, work: Work, slice_ms: f64, clock: Clock<'_>) -> bool {
        match work {
            Work::Sweep => self.sweep_work(slice_ms, clock),
            Work::Depth => self.space.depth_work(slice_ms, clock),
            Work::Compare => {
                self.compare_all(clock);
                false
            }
            Work::Experiment => self.lab.experiment_step(),
            Work::Explore => self.space.explore_slice(&mut self.goal_table, clock),
        }
    }

    /// Says, in the work's panel, how it runs.
    pub fn set_work_note(&mut self, work: Work, note: &str) {
        match work {
            Work::Sweep => self.space.set_note(note),
            Work::Depth => self.space.set_depth_note(note),
            Work::Compare => self.lab.set_compare_note(note),
            Work::Experiment => self.lab.set_experiment_note(note),
            Work::Explore => self.space.set_explore_note(note),
        }
    }

    /// Stops `work`: cancelled by the user, or failed with `error` (said in
    /// its panel).
    pub fn stop_work(&mut self, work: Work, error: Option<&str>) {
        match work {
            Work::Sweep => self.space.cancel_sweep(),
            Work::Depth => self.space.stop_depth(error),
            Work::Compare if error.is_some() => self.lab.clear(),
            Work::Compare => self.lab.cancel_compare(),
            Work::Experiment => self.lab.cancel_experiment(),
            Work::Explore => self.space.stop_explore(error),
        }
        // The exploration says its own error in its status line.
        if let Some(e) = error.filter(|_| work != Work::Explore) {
            self.set_work_note(
                work,
                &format!("A worker failed ({e}); {} stopped.", work.name()),
            );
        }
    }

    /// Whether `work` is running.
    pub fn work_running(&self, work: Work) -> bool {
        match work {
            Work::Sweep => self.space.sweep_running(),
            Work::Depth => self.space.depth_running(),
            Work::Compare => !self.lab.compare_tasks().is_empty(),
            Work::Experiment => self.lab.experiment_running(),
            Work::Explore => self.space.exploring(),
        }
    }
}

/// The exploration's part of the workbench.
impl Workbench {
    /// The goal Explore would search, or the field at fault and why: the
    /// 3×3 contract's parsers on a 3×3 board (the messages its fields
    /// show), the family's everywhere else.
    pub(super) fn explore_request(&self) -> Result<crate::engine::Board, (Field, String)> {
        self.input.explore_goal()
    }

    /// A reply of the exploration's streaming worker; true while it runs.
    pub fn explore_reply(&mut self, reply: &Reply, now: f64) -> bool {
        self.space.explorer_mut().absorb(reply, now)
    }

    /// Whether the exploration just started streams (then the page posts
    /// its one task to a worker and passes every reply to
    /// [`Workbench::explore_reply`], or runs it in slices).
    pub fn explore_streams(&self) -> bool {
        self.space.explorer().streams()
    }
}
