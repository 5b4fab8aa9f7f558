//! The Workbench's routes to the long work (the sweep, the depth table,
//! Compare all, the experiment, the exploration and the workshop's jobs, in
//! workers or in slices). Each work belongs to one panel ([`WorkPanel`]):
//! the workbench only finds it and carries the page's messages to it.

use super::work::WorkPanel;
use super::*;

impl Workbench {
    /// The panel that owns `work`, with the inputs and the goal's table it
    /// works on.
    fn owner(&mut self, work: Work) -> (&mut dyn WorkPanel, &ParsedInputs, &mut GoalTable) {
        let panel: &mut dyn WorkPanel = match work {
            Work::Sweep | Work::Depth | Work::Explore => &mut self.space,
            Work::Compare | Work::Experiment | Work::Check | Work::Cost | Work::Grade => {
                &mut self.lab
            }
        };
        (panel, &self.input, &mut self.goal_table)
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
        let (panel, _, _) = self.owner(work);
        let merged = answer
            .map_err(str::to_string)
            .and_then(|a| panel.absorb(work, index, a, now));
        merged.unwrap_or_else(|e| {
            self.stop_work(work, Some(&e));
            false
        })
    }

    /// Stops `work`: cancelled by the user, or failed with `error` (said in
    /// its panel).
    pub(super) fn stop_work(&mut self, work: Work, error: Option<&str>) {
        let (panel, _, _) = self.owner(work);
        panel.stop(work, error);
        // The exploration and the check say their own error in their
        // status line.
        if let Some(e) = error
            .filter(|_| !matches!(work, Work::Explore | Work::Check | Work::Cost | Work::Grade))
        {
            panel.set_note(
                work,
                &format!("A worker failed ({e}); {} stopped.", work.name()),
            );
        }
    }
}

/// The routes the tests drive one step at a time (the page reaches each
/// through [`Workbench::receive`]): one call to the work's panel each.
#[cfg(test)]
impl Workbench {
    pub(super) fn compare_all(&mut self, clock: Clock<'_>) {
        self.work_slice(Work::Compare, 0.0, clock);
    }

    pub(super) fn sweep_work(&mut self, slice_ms: f64, clock: Clock<'_>) -> bool {
        self.work_slice(Work::Sweep, slice_ms, clock)
    }

    pub(super) fn start_work(&mut self, work: Work, now: f64) {
        let (panel, input, _) = self.owner(work);
        panel.start(work, input, now);
    }

    pub(super) fn work_tasks(&mut self, work: Work, now: f64) -> Vec<Task> {
        let (panel, input, tables) = self.owner(work);
        panel.tasks(work, input, tables, now)
    }

    pub(super) fn work_slice(&mut self, work: Work, slice_ms: f64, clock: Clock<'_>) -> bool {
        let (panel, input, tables) = self.owner(work);
        panel.slice(work, input, tables, slice_ms, clock)
    }

    pub(super) fn set_work_note(&mut self, work: Work, note: &str) {
        self.owner(work).0.set_note(work, note);
    }

    pub(super) fn work_running(&mut self, work: Work) -> bool {
        self.owner(work).0.running(work)
    }
}

/// The long work's inbound messages: where it runs, its tasks, answers and
/// slices, each turned into what the page must do.
impl Workbench {
    pub(super) fn work_inbound(&mut self, inbound: Inbound, clock: Clock<'_>, fx: &mut Effects) {
        match inbound {
            Inbound::Start { work, workers } => {
                let now = clock();
                let (panel, input, _) = self.owner(work);
                panel.start(work, input, now);
                let place = if workers {
                    Place::Workers
                } else {
                    // Compare all and a 3×3 exploration run whole, at once,
                    // as they did before workers; a streaming exploration
                    // (any shape but 3×3) and the rest in slices.
                    let whole = work == Work::Compare
                        || (work == Work::Explore && !self.space.explorer().streams());
                    self.owner(work).0.set_note(
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
                let now = clock();
                let (panel, input, tables) = self.owner(work);
                let mut tasks = panel.tasks(work, input, tables, now);
                if tasks.len() == 1 && tasks[0].streams() {
                    let task = tasks.remove(0);
                    fx.push(Effect::Stream { work, task });
                } else if !tasks.is_empty() {
                    fx.push(Effect::Batch { work, tasks });
                }
            }
            Inbound::Refused { work, why } => {
                self.owner(work).0.set_note(
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
                    self.owner(work).0.set_note(
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
                    if !self.owner(work).0.running(work) {
                        fx.push(Effect::Finished(work));
                    }
                }
            }
            Inbound::Stream { work, reply } => {
                let now = clock();
                let more = self.owner(work).0.stream(work, &reply, now);
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
                    let (panel, input, tables) = self.owner(work);
                    panel.slice(work, input, tables, ms, clock)
                };
                fx.push(if more {
                    Effect::Slice(work)
                } else {
                    Effect::Finished(work)
                });
            }
            Inbound::Whole(work) => {
                let (panel, input, tables) = self.owner(work);
                panel.slice(work, input, tables, 0.0, clock);
                fx.push(Effect::Finished(work));
            }
            Inbound::Tick(_)
            | Inbound::Solver { .. }
            | Inbound::SolverFailed(_)
            | Inbound::Now(_)
            | Inbound::PlayTick { .. } => {}
        }
    }
}
