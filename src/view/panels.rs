//! The Workbench's routes to the long work (the sweep, the depth table,
//! Compare all, the experiment and the exploration, in workers or in
//! slices) and the trace's export. A second `impl Workbench` block beside
//! the inputs, replay, keyboard and [`Workbench::apply`] ones in `mod.rs`.

use super::*;

impl Workbench {
    // ----- Lab -----

    /// Runs every algorithm on the current start and goal.
    pub(super) fn compare_all(&mut self, clock: Clock<'_>) {
        self.lab
            .compare_all(&self.input, &mut self.goal_table, clock);
    }

    // ----- State space -----

    /// Works on the sweep for about `slice_ms`; true while more remains.
    pub(super) fn sweep_work(&mut self, slice_ms: f64, clock: Clock<'_>) -> bool {
        self.space
            .sweep_work(&self.input, &mut self.goal_table, slice_ms, clock)
    }

    // ----- Long work, in Web Workers or in slices -----

    /// Begins `work` from a click; `now` is the page's clock (ms). The
    /// tasks follow from [`Workbench::work_tasks`], or, where there are no
    /// workers, the work runs through [`Workbench::work_slice`].
    pub(super) fn start_work(&mut self, work: Work, now: f64) {
        match work {
            Work::Sweep => self.space.start_sweep(),
            Work::Depth => self.space.start_depth(&self.input, now),
            Work::Compare => self.lab.start_compare(&self.input),
            Work::Experiment => self.lab.start_experiment(),
            Work::Explore => {
                let request = self.input.explore_goal();
                self.space.start_explore(request, self.input.metric(), now);
            }
            Work::Check => {
                let goal = self.input.explore_goal().map_err(|(_, e)| e);
                self.lab.workshop.start(goal, now);
            }
            Work::Cost => {
                let goal = self.input.explore_goal().map_err(|(_, e)| e);
                let (text, error) = self.lab.workshop.expr();
                self.lab.exercise.start_cost(&text, error, goal);
            }
            Work::Grade => {
                let (text, error) = self.lab.workshop.expr_alone();
                self.lab.exercise.start_grade(&text, error);
            }
        }
    }

    /// The tasks of the work just started, for workers (empty: nothing to
    /// do). The sweep's set-up (the goal's table, the sample) happens here.
    pub(super) fn work_tasks(&mut self, work: Work, now: f64) -> Vec<Task> {
        match work {
            Work::Sweep => {
                self.sweep_work(0.0, &mut || now);
                self.space.sweep_tasks(now)
            }
            Work::Depth => self.space.depth_tasks(),
            Work::Compare => self.lab.compare_tasks(),
            Work::Experiment => self.lab.experiment_tasks(),
            Work::Explore => self.space.explore_tasks(),
            Work::Check => self.lab.workshop.tasks(),
            Work::Cost => self.lab.exercise.tasks(false),
            Work::Grade => self.lab.exercise.tasks(true),
        }
    }

    /// Merges a worker's answer to task `index` of `work` (or its error,
    /// which stops the work and says why). Returns whether the work still
    /// waits for answers; false tells the page to stop its workers.
    pub(super) fn absorb(
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
            // The workshop's jobs stream: they have no batch answers.
            Work::Check | Work::Cost | Work::Grade => Err(crate::task::unexpected(a)),
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
    pub(super) fn work_slice(&mut self, work: Work, slice_ms: f64, clock: Clock<'_>) -> bool {
        match work {
            Work::Sweep => self.sweep_work(slice_ms, clock),
            Work::Depth => self.space.depth_work(slice_ms, clock),
            Work::Compare => {
                self.compare_all(clock);
                false
            }
            Work::Experiment => self.lab.experiment_step(),
            Work::Explore => self.space.explore_slice(&mut self.goal_table, clock),
            Work::Check => self.lab.workshop.slice(clock),
            Work::Cost => self.lab.exercise.slice(false, clock),
            Work::Grade => self.lab.exercise.slice(true, clock),
        }
    }

    /// Says, in the work's panel, how it runs.
    pub(super) fn set_work_note(&mut self, work: Work, note: &str) {
        match work {
            Work::Sweep => self.space.set_note(note),
            Work::Depth => self.space.set_depth_note(note),
            Work::Compare => self.lab.set_compare_note(note),
            Work::Experiment => self.lab.set_experiment_note(note),
            Work::Explore => self.space.set_explore_note(note),
            Work::Check => self.lab.workshop.set_note(note),
            Work::Cost => self.lab.exercise.set_note(false, note),
            Work::Grade => self.lab.exercise.set_note(true, note),
        }
    }

    /// Stops `work`: cancelled by the user, or failed with `error` (said in
    /// its panel).
    pub(super) fn stop_work(&mut self, work: Work, error: Option<&str>) {
        match work {
            Work::Sweep => self.space.cancel_sweep(),
            Work::Depth => self.space.stop_depth(error),
            Work::Compare if error.is_some() => self.lab.clear(),
            Work::Compare => self.lab.cancel_compare(),
            Work::Experiment => self.lab.cancel_experiment(),
            Work::Explore => self.space.stop_explore(error),
            Work::Check => self.lab.workshop.stop(error),
            Work::Cost => self.lab.exercise.stop(false, error),
            Work::Grade => self.lab.exercise.stop(true, error),
        }
        // The exploration and the check say their own error in their
        // status line.
        if let Some(e) = error
            .filter(|_| !matches!(work, Work::Explore | Work::Check | Work::Cost | Work::Grade))
        {
            self.set_work_note(
                work,
                &format!("A worker failed ({e}); {} stopped.", work.name()),
            );
        }
    }

    /// Whether `work` is running.
    pub(super) fn work_running(&self, work: Work) -> bool {
        match work {
            Work::Sweep => self.space.sweep_running(),
            Work::Depth => self.space.depth_running(),
            Work::Compare => !self.lab.compare_tasks().is_empty(),
            Work::Experiment => self.lab.experiment_running(),
            Work::Explore => self.space.exploring(),
            Work::Check => self.lab.workshop.running(),
            Work::Cost => self.lab.exercise.running(false),
            Work::Grade => self.lab.exercise.running(true),
        }
    }
}

/// The exploration's part of the workbench.
impl Workbench {}

/// The long work's inbound messages: where it runs, its tasks, answers and
/// slices, each turned into what the page must do.
impl Workbench {
    pub(super) fn work_inbound(&mut self, inbound: Inbound, clock: Clock<'_>, fx: &mut Effects) {
        match inbound {
            Inbound::Start { work, workers } => {
                self.start_work(work, clock());
                let place = if workers {
                    Place::Workers
                } else {
                    // Compare all and a 3×3 exploration run whole, at once,
                    // as they did before workers; a streaming exploration
                    // (any shape but 3×3) and the rest in slices.
                    let whole = work == Work::Compare
                        || (work == Work::Explore && !self.space.explorer().streams());
                    self.set_work_note(
                        work,
                        &format!(
                            "Web Workers are not available here, so {} runs {}on the page's own thread.",
                            work.name(),
                            if whole { "" } else { "in slices " }
                        ),
                    );
                    if whole {
                        Place::Whole
                    } else {
                        Place::Slices
                    }
                };
                fx.push(Effect::StopWork(work));
                fx.push(Effect::RunWork { work, place });
            }
            Inbound::Tasks(work) => {
                let mut tasks = self.work_tasks(work, clock());
                if tasks.len() == 1 && tasks[0].streams() {
                    let task = tasks.remove(0);
                    fx.push(Effect::Stream { work, task });
                } else if !tasks.is_empty() {
                    fx.push(Effect::Batch { work, tasks });
                }
            }
            Inbound::Refused { work, why } => {
                self.set_work_note(
                    work,
                    &format!(
                        "This browser refused Web Workers here ({why}), so {} runs in slices on the page's own thread.",
                        work.name()
                    ),
                );
                fx.push(Effect::Slice(work));
            }
            Inbound::Split { work, workers } => {
                // One task (the exploration) keeps the note its panel gives it.
                if workers > 1 {
                    self.set_work_note(
                        work,
                        &format!("Split between {workers} Web Workers, one per core the browser reports; the page only merges their answers."),
                    );
                }
            }
            Inbound::Answer {
                work,
                index,
                answer,
            } => {
                let answer = answer.as_ref().map_err(String::as_str);
                if !self.absorb(work, index, answer, clock()) {
                    fx.push(Effect::StopWork(work));
                    if !self.work_running(work) {
                        fx.push(Effect::Finished(work));
                    }
                }
            }
            Inbound::Stream { work, reply } => {
                let now = clock();
                let more = match work {
                    Work::Check => self.lab.workshop.absorb(&reply, now),
                    Work::Cost => self.lab.exercise.absorb(false, &reply),
                    Work::Grade => self.lab.exercise.absorb(true, &reply),
                    _ => self.space.explorer_mut().absorb(&reply, now),
                };
                if !more {
                    if matches!(reply, Reply::Done(_)) {
                        fx.push(Effect::Finished(work));
                    }
                    fx.push(Effect::StopWork(work));
                }
            }
            Inbound::Slice { work, ms } => {
                let more = if work == Work::Sweep {
                    let (more, phases) =
                        self.space
                            .sweep_slice(&self.input, &mut self.goal_table, ms, clock);
                    if let Some(value) = phases {
                        fx.push(Effect::Figure {
                            key: "sweepPhasesMs",
                            value,
                        });
                    }
                    more
                } else {
                    self.work_slice(work, ms, clock)
                };
                fx.push(if more {
                    Effect::Slice(work)
                } else {
                    Effect::Finished(work)
                });
            }
            Inbound::Whole(work) => {
                self.work_slice(work, 0.0, clock);
                fx.push(Effect::Finished(work));
            }
            Inbound::Tick(_) | Inbound::Solver { .. } | Inbound::SolverFailed(_) => {}
        }
    }
}
