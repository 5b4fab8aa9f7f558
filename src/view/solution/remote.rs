//! A solve in the session's Web Worker, for every shape but the 3×3
//! contract (and for 3×3 in Fast mode), as a task: the request, the job
//! ids, progress and Cancel, until its reports settle on the panel's one
//! [`Answer`]. The worker side and its typed reports are in
//! `task::solver`; every path is replayed here by the engine's one
//! `verify` before it becomes an answer. How an answer is drawn is the
//! Solution panel's (`solution::draw`).

use super::{Answer, Evidence, Settled};
use crate::engine::moves::{Metric, Slide};
use crate::engine::solve::Mode;
use crate::engine::text::thousands;
use crate::engine::verdict::runs;
use crate::engine::witness::verify_slides;
use crate::engine::{check_parity, verify, Board, Move};
use crate::task::solver::{Counters, Report};
use crate::task::{unexpected, Reply, Task};
use crate::view::common::build_words;
use crate::view::input::Request;

/// Where the page's worker solve stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) enum Run {
    /// Nothing asked yet for these inputs.
    Idle,
    /// Posted to the worker, waiting for its first answer.
    Waiting,
    /// The database is being built.
    Building(Report),
    /// IDA* is running.
    Searching(Counters),
    /// Stopped by the person; what the search had reached.
    Cancelled(Option<Counters>),
    /// Settled: the answer is the panel's.
    Answered,
    /// The worker failed, or could not start.
    Failed(String),
}

/// The worker solve of the page as a task: the request, the job and the run
/// until it settles on an answer (kept by the Solution panel).
#[derive(Default)]
pub struct RemotePanel {
    job: u64,
    run: Option<Run>,
    pair: Option<(Board, Board, u64, Mode, Metric)>,
    task: Option<(u64, Task)>,
    /// Whether the current job had to build the database.
    built: bool,
    /// Whether the worker must be told to drop its job.
    stop_worker: bool,
    /// The metric of the task waiting to be posted.
    metric: Metric,
}

impl RemotePanel {
    /// Where the run stands.
    pub(in crate::view) fn run(&self) -> &Run {
        self.run.as_ref().unwrap_or(&Run::Idle)
    }

    /// Drops the result and any running job (its answers are ignored from
    /// now on, and the worker is told to stop it); the worker keeps its
    /// tables.
    pub fn on_edit(&mut self) {
        self.stop_worker |= self.running();
        self.job += 1;
        self.run = None;
        self.pair = None;
        self.task = None;
        self.built = false;
    }

    /// Whether the web layer must tell the worker to drop its job (once).
    pub fn take_stop(&mut self) -> bool {
        std::mem::take(&mut self.stop_worker)
    }

    /// Asks for a stop of the worker's job (a hint was dropped).
    pub fn request_stop(&mut self) {
        self.stop_worker = true;
    }

    /// Whether a solve is waiting on the worker.
    pub fn running(&self) -> bool {
        matches!(
            self.run(),
            Run::Waiting | Run::Building(_) | Run::Searching(_)
        )
    }

    /// Validates and, unless the parity proof settles it (the answer), asks
    /// the worker.
    pub(in crate::view) fn solve(&mut self, request: &Request) -> Option<Answer> {
        self.on_edit();
        let (start, goal, budget) = request.valid().ok()?;
        self.pair = Some((start, goal, budget, request.mode, request.metric));
        if let Err(proof) = check_parity(&start, &goal) {
            self.run = Some(Run::Answered);
            return Some(Answer {
                start,
                goal,
                outcome: Settled::Unsolvable(proof),
                metric: request.metric,
                evidence: Evidence::Parity,
            });
        }
        self.run = Some(Run::Waiting);
        self.task = Some((
            self.job,
            Task::Solve {
                start,
                goal,
                mode: request.mode,
                budget,
                metric: request.metric,
            },
        ));
        self.metric = request.metric;
        None
    }

    /// A new job id (for a hint).
    pub fn next_job(&mut self) -> u64 {
        self.job += 1;
        self.job
    }

    /// Hands the web layer a task to post (a hint: single-tile).
    pub fn post(&mut self, job: u64, task: Task) {
        self.task = Some((job, task));
        self.metric = Metric::Single;
    }

    /// The task the web layer must post next (job id, task, and the metric
    /// its moves are counted in), once.
    pub fn take_task(&mut self) -> Option<(u64, Task, Metric)> {
        self.task.take().map(|(job, task)| (job, task, self.metric))
    }

    /// The id of the current job.
    pub fn job(&self) -> u64 {
        self.job
    }

    /// Takes a worker's reply for job `job`; replies of an older job, or
    /// after the run ended, are ignored. Returns whether the job still runs,
    /// and the answer when it settled.
    pub(in crate::view) fn absorb(&mut self, job: u64, reply: &Reply) -> (bool, Option<Answer>) {
        if job != self.job || !self.running() {
            return (false, None);
        }
        let Some((start, goal, budget, _, metric)) = self.pair else {
            return (false, None);
        };
        let built = self.built;
        let ida = |counters: Counters| Evidence::Ida {
            counters,
            budget,
            built,
        };
        // The independent replay check, on the page, before Solved: the
        // path's moves in the metric they were found in, which must be
        // the one asked for (a single-tile path is never shown as a
        // multi-tile one).
        let checked = |found: Metric, moves: Vec<Move>, evidence: Evidence| {
            // The worker sends the path one tile at a time; in the
            // multi-tile metric its runs are the slides (two slides in a
            // row are never on one line).
            let slides: Vec<Slide> = match found {
                Metric::Single => moves.iter().copied().map(Slide::from).collect(),
                Metric::Multi => runs(&moves),
            };
            let cost = slides.len() as u32;
            let boards = match metric {
                _ if found != metric => {
                    return Answer {
                        start,
                        goal,
                        outcome: Settled::OtherMetric(found),
                        metric,
                        evidence,
                    }
                }
                Metric::Single => verify(&start, &goal, &moves, cost),
                Metric::Multi => verify_slides(&start, &goal, &slides, cost),
            };
            match boards {
                Ok(boards) => Answer::checked((start, goal), slides, metric, &boards, evidence),
                Err(e) => Answer {
                    start,
                    goal,
                    outcome: Settled::Rejected(format!(
                        "internal check failed, witness rejected: {e}"
                    )),
                    metric,
                    evidence,
                },
            }
        };
        let report = reply.report();
        let next = match report {
            None | Some(Report::Hint(_)) => Ok(Run::Failed(unexpected(reply))),
            Some(r @ Report::Build { .. }) => {
                self.built = true;
                Ok(Run::Building(r))
            }
            Some(Report::Search(c)) => Ok(Run::Searching(c)),
            Some(Report::Cutoff(c)) => Err(Answer {
                start,
                goal,
                outcome: Settled::Unknown,
                metric,
                evidence: ida(c),
            }),
            Some(Report::Failed(e)) => Ok(Run::Failed(e)),
            Some(Report::Found(counters, found, moves)) => {
                Err(checked(found, moves, ida(counters)))
            }
            Some(Report::Fast {
                lower_bound,
                generated,
                metric: found,
                moves,
            }) => Err(checked(
                found,
                moves,
                Evidence::Fast {
                    generated,
                    lower_bound,
                },
            )),
        };
        match next {
            Ok(run) => {
                self.run = Some(run);
                (self.running(), None)
            }
            Err(answer) => {
                self.run = Some(Run::Answered);
                (false, Some(answer))
            }
        }
    }

    /// Cancel: the run stops at once on the page; the worker is told to drop
    /// the job at its next slice. Returns whether there was a run to stop.
    pub fn cancel(&mut self) -> bool {
        if !self.running() {
            return false;
        }
        let reached = match self.run() {
            Run::Searching(c) => Some(*c),
            _ => None,
        };
        self.run = Some(Run::Cancelled(reached));
        self.job += 1;
        self.stop_worker = true;
        true
    }

    /// The worker failed to start or stopped (its error event): a running
    /// solve ends with `why`.
    pub fn fail(&mut self, why: &str) {
        if self.running() {
            self.run = Some(Run::Failed(why.to_string()));
        }
        self.job += 1;
    }

    /// What the run is doing, for the line beside Cancel (empty when idle);
    /// `db` names the heuristic being built and searched with (`the pdb-663
    /// pattern database`, `the multi-tile pattern tables`).
    pub fn progress(&self, shape_name: &str, db: &str) -> String {
        match self.run() {
            // A fast solve is one piece of work: the worker answers once.
            Run::Waiting if matches!(self.pair, Some((_, _, _, Mode::Fast, _))) => format!(
                "Fast mode on this {shape_name} board: one beam search in the Web Worker, then the page checks the path (Cancel stops waiting for it)."
            ),
            Run::Waiting => "Starting the Web Worker…".into(),
            Run::Building(Report::Build {
                done,
                tables,
                filled,
                entries,
            }) => format!(
                "Building {db} for this {shape_name} goal (once per page session): {}.",
                build_words(*done, *tables, *filled, *entries)
            ),
            Run::Searching(c) => search_text(c, db),
            _ => String::new(),
        }
    }
}

/// A metric in words: single-tile or multi-tile.
pub(in crate::view) fn metric_words(metric: Metric) -> &'static str {
    match metric {
        Metric::Single => "single-tile",
        Metric::Multi => "multi-tile",
    }
}

fn search_text(c: &Counters, db: &str) -> String {
    let proved = match c.completed {
        Some(done) => format!("every bound up to {done} searched completely"),
        None => "first iteration".into(),
    };
    format!(
        "IDA* with {db}: bound {} ({proved}), {} nodes generated so far.",
        c.bound,
        thousands(c.generated)
    )
}
