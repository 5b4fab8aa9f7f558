//! A solve in the session's Web Worker, for every shape but the 3×3
//! contract (and for 3×3 in Fast mode): the task's request and run (job
//! ids, progress, Cancel), the [`Answer`] its reports settle on, and how the
//! Solution panel draws that answer (verdict, board, controls, Solution
//! tab) with the panel's one replay cursor. The worker side and its typed
//! reports are in `task::solver`; every path is replayed here by the
//! engine's one `verify` before it becomes an answer.

use super::common::{plural, BoardView};
use super::input::Request;
use super::solution::{fill_ledger, invalid_input, ControlsView, Cursor, SolutionView};
use super::solution::{Answer, Settled, WorkerAnswer};
use super::solution::{Status, VerdictView};
use super::solver::{build_words, thousands};
use crate::engine::solve::{korf_goal, ledger, manhattan, partition_name, Mode, Shortest};
use crate::engine::{check_parity, verify, Board, Move};
use crate::task::solver::{Counters, Report};
use crate::task::{unexpected, Reply, Task};

const NONE: &str = "—";

/// Where the page's worker solve stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Run {
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
    pair: Option<(Board, Board, u64, Mode)>,
    task: Option<(u64, Task)>,
    /// Whether the current job had to build the database.
    built: bool,
    /// Whether the worker must be told to drop its job.
    stop_worker: bool,
}

/// The pattern database's name for a board, e.g. `pdb-663`.
pub fn database_name(board: &Board) -> String {
    partition_name(board.shape())
}

impl RemotePanel {
    fn run(&self) -> &Run {
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
        self.pair = Some((start, goal, budget, request.mode));
        if let Err(proof) = check_parity(&start, &goal) {
            return Some(self.settle(goal, budget, Settled::Unsolvable(proof)));
        }
        self.run = Some(Run::Waiting);
        self.task = Some((
            self.job,
            Task::Solve {
                start,
                goal,
                mode: request.mode,
                budget,
            },
        ));
        None
    }

    /// Ends the run with what it settled on.
    fn settle(&mut self, goal: Board, budget: u64, verdict: Settled) -> Answer {
        self.run = Some(Run::Answered);
        Answer::Worker(WorkerAnswer {
            goal,
            budget,
            built: self.built,
            verdict,
        })
    }

    /// A new job id (for a hint).
    pub fn next_job(&mut self) -> u64 {
        self.job += 1;
        self.job
    }

    /// Hands the web layer a task to post.
    pub fn post(&mut self, job: u64, task: Task) {
        self.task = Some((job, task));
    }

    /// The task the web layer must post next (job id, task), once.
    pub fn take_task(&mut self) -> Option<(u64, Task)> {
        self.task.take()
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
        let Some((start, goal, budget, _)) = self.pair else {
            return (false, None);
        };
        let report = reply.report();
        let checked = |moves: Vec<Move>, counters: Counters, lower_bound: Option<u32>| {
            let cost = moves.len() as u32;
            // The independent replay check, on the page, before Solved.
            match verify(&start, &goal, &moves, cost) {
                Ok(boards) => Settled::Solved {
                    counters,
                    moves,
                    boards,
                    lower_bound,
                },
                Err(e) => {
                    Settled::Rejected(format!("internal check failed, witness rejected: {e}"))
                }
            }
        };
        let settled = |verdict| Err::<Run, Settled>(verdict);
        let next = match report {
            None | Some(Report::Hint(_)) => Ok(Run::Failed(unexpected(reply))),
            Some(r @ Report::Build { .. }) => {
                self.built = true;
                Ok(Run::Building(r))
            }
            Some(Report::Search(c)) => Ok(Run::Searching(c)),
            Some(Report::Cutoff(c)) => settled(Settled::Unknown(c)),
            Some(Report::Failed(e)) => Ok(Run::Failed(e)),
            Some(Report::Found(counters, moves)) => settled(checked(moves, counters, None)),
            Some(Report::Fast {
                lower_bound,
                generated,
                moves,
            }) => {
                let counters = Counters {
                    generated,
                    ..Counters::default()
                };
                settled(checked(moves, counters, Some(lower_bound)))
            }
        };
        match next {
            Ok(run) => {
                self.run = Some(run);
                (self.running(), None)
            }
            Err(verdict) => (false, Some(self.settle(goal, budget, verdict))),
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

    /// What the run is doing, for the line beside Cancel (empty when idle).
    pub fn progress(&self, shape_name: &str, db: &str) -> String {
        match self.run() {
            Run::Waiting => "Starting the Web Worker…".into(),
            Run::Building(Report::Build {
                done,
                tables,
                filled,
                entries,
            }) => format!(
                "Building the {db} pattern database for this {shape_name} goal (once per page session): {}.",
                build_words(*done, *tables, *filled, *entries)
            ),
            Run::Searching(c) => search_text(c, db),
            _ => String::new(),
        }
    }

    /// The verdict, board, controls and Solution tab.
    pub(in crate::view) fn view(
        &self,
        request: &Request,
        answer: Option<&WorkerAnswer>,
        cursor: &Cursor,
        on_board: bool,
    ) -> (VerdictView, BoardView, ControlsView, SolutionView) {
        let mut v = VerdictView::pending();
        let mut board = BoardView::default();
        let mut s = SolutionView {
            ledger_total: NONE.into(),
            witness_note: Some("No witness for the current input.".into()),
            ..SolutionView::default()
        };
        let (start, goal) = match request.valid() {
            Ok((start, goal, _)) => (start, goal),
            Err((field, e)) => {
                let (v, board) = invalid_input(field, &e);
                let controls =
                    cursor.controls(Some("Nothing to replay yet: press Solve."), on_board);
                return (v, board, controls, s);
            }
        };
        let shape = start.shape().name();
        let db = database_name(&goal);
        fill_ledger(&mut s, &ledger(&start, &goal));
        let h0 = manhattan(&start, &goal);
        v.initial_h = h0.to_string();
        board.set(&start);
        board.caption = format!("Start ({shape})");
        let budget = answer.map_or(0, |a| a.budget);
        let built = answer.is_some_and(|a| a.built);
        let fast = request.mode == Mode::Fast;
        let search = if fast {
            "the fast solver".to_string()
        } else {
            format!("IDA* with the {db} pattern database")
        };
        let reason = match (answer.map(|a| &a.verdict), self.run()) {
            (None, Run::Idle | Run::Answered) => {
                board.caption = format!("Start ({shape}; not solved yet)");
                v.summary = format!(
                    "Not solved yet. Next: press Solve ({} in a Web Worker).",
                    if fast { "Fast mode" } else { "IDA*" }
                );
                v.explanation = format!("The inputs changed, so the previous result was cleared. Press Solve: this {shape} board is solved by {search} in a Web Worker{}.", if fast { ", which finds a verified path quickly, not necessarily a shortest one" } else { " (the database is built on the first solve of this goal in the page session)" });
                Some("Nothing to replay yet: press Solve.")
            }
            (None, Run::Waiting | Run::Building(_) | Run::Searching(_)) => {
                v.status = "Working…".into();
                v.summary =
                    "Solving in a Web Worker; progress is below. Next: wait, or Cancel.".into();
                v.explanation = format!("{search} is running in a Web Worker. Progress is shown beside the board; Cancel stops it.");
                Some("Nothing to replay yet: the search is running.")
            }
            (None, Run::Cancelled(reached)) => {
                v.status = "Cancelled".into();
                v.summary =
                    "Cancelled: nothing is claimed. Next: press Solve to start again.".into();
                v.explanation = match reached {
                    Some(c) => format!("The search was cancelled at bound {} after {} generated nodes; nothing is claimed. The pattern database stays built for this page session.", c.bound, thousands(c.generated)),
                    None => "The solve was cancelled before the search began; nothing is claimed. A partly built pattern database goes on from where it stopped at the next Solve.".into(),
                };
                Some("Nothing to replay: the solve was cancelled.")
            }
            (None, Run::Failed(e)) => {
                v.kind = Status::Invalid;
                v.status = "Error — the Web Worker failed".into();
                v.summary = format!("The solve did not finish: {e}. Nothing is claimed. Next: press Solve to try again.");
                v.explanation = format!("The Web Worker that solves this board reported an error: {e}. Nothing is claimed.");
                Some("Nothing to replay: nothing was solved.")
            }
            (Some(Settled::Rejected(e)), _) => {
                v.kind = Status::Invalid;
                v.status = "Invalid — internal check failed".into();
                v.summary = "An internal check failed; nothing is claimed.".into();
                v.explanation = e.clone();
                Some("Nothing to replay: nothing was solved.")
            }
            (Some(Settled::Unsolvable(p)), _) => {
                v.kind = Status::Unsolvable;
                v.status = "Unsolvable".into();
                // Every board reaches exactly one of the default goal and
                // Korf's goal when their invariants differ: say so.
                let korf = korf_goal(goal.shape());
                let other = if goal == Board::default_goal(goal.shape())
                    && check_parity(&start, &korf).is_ok()
                {
                    format!(
                        " This start does reach {} (the blank top-left, the goal of Korf's instances): put that in the Goal field to solve it.",
                        korf.to_json()
                    )
                } else {
                    String::new()
                };
                v.summary = format!("Unsolvable: start and goal differ in the parity invariant (proof on the Solution tab). Next: swap two tiles.{other}");
                v.explanation = format!("No search was run. {}{other}", p.explain());
                s.parity = Some(p.explain());
                Some("Nothing to replay: no path joins this start and goal.")
            }
            (Some(Settled::Unknown(c)), _) => {
                v.kind = Status::Unknown;
                v.status = "Unknown (NodeBudget)".into();
                v.expansions = c.expanded.to_string();
                v.summary = format!(
                    "Unfinished: the node budget of {} ran out; proved: no solution shorter than {} moves. Next: raise the node budget, or choose Fast.",
                    thousands(budget),
                    c.bound
                );
                v.explanation = format!(
                    "IDA* stopped after {} generated nodes, the node budget. It proved what it completed: no solution is shorter than {} moves ({}). This is an unfinished search, not \"no solution\". Next: raise the node budget and Solve again.",
                    thousands(c.generated),
                    c.bound,
                    match c.completed {
                        Some(d) => format!("every bound up to {d} was searched completely"),
                        None => "the database's estimate of the start; the first iteration did not finish".into(),
                    }
                );
                s.counters = counters_text(c, budget);
                Some("Nothing to replay: an unfinished search has no witness.")
            }
            (
                Some(Settled::Solved {
                    counters,
                    moves,
                    boards,
                    lower_bound,
                }),
                _,
            ) => {
                let cost = moves.len() as u32;
                v.kind = Status::Solved;
                v.cost = cost.to_string();
                match lower_bound {
                    Some(lb) => {
                        let gap = cost.saturating_sub(*lb);
                        let shortest = Shortest::of(cost, Some(*lb), None);
                        let words = shortest.against_bound();
                        v.status = format!("Solved ({})", shortest.label());
                        v.summary = format!("{}: a fast path of {}; proved lower bound {lb}, gap {gap}. Next: replay it with Next.", capitalized(words), plural(cost, "move"));
                        v.explanation = match shortest {
                            Shortest::Proved => format!("Fast mode found a path of {} and the page checked it. No solution is shorter than {lb} moves (a proved lower bound), so this path is a shortest one: it meets the lower bound. Next: replay the witness with Next.", plural(cost, "move")),
                            _ => format!("Fast mode found a path of {} and the page checked it; it is not necessarily a shortest one. No solution is shorter than {lb} moves (a proved lower bound), so the gap is at most {gap} {}. Next: replay the witness with Next, or choose Optimal for a proved shortest path.", plural(cost, "move"), if gap == 1 { "move" } else { "moves" }),
                        };
                        s.counters = format!(
                            "{words}: length {cost}, lower bound {lb}, gap {gap}; generated {}",
                            counters.generated
                        );
                    }
                    None => {
                        v.status = "Solved".into();
                        v.expansions = counters.expanded.to_string();
                        v.summary = if cost == 0 {
                            "The start is the goal: 0 moves. Next: edit the start.".into()
                        } else {
                            format!("Shortest: IDA* with the {db} database found cost {cost} (Manhattan bound {h0}). Next: replay it with Next.")
                        };
                        v.explanation = format!(
                            "IDA* with an admissible heuristic (the {db} additive pattern database) deepens its bound only after a bound is searched completely, so the first path found, {}, is a shortest one: every bound below {cost} was searched without reaching the goal. Next: replay the witness with Next.",
                            plural(cost, "move")
                        );
                        s.counters = format!(
                            "{}; {}",
                            counters_text(counters, budget),
                            if built {
                                "pattern database built for this solve"
                            } else {
                                "pattern database reused (built earlier in this page session)"
                            }
                        );
                    }
                }
                s.witness = moves.iter().map(|m| m.name().to_string()).collect();
                s.witness_note = moves
                    .is_empty()
                    .then(|| "No moves: the start is the goal.".into());
                s.check = format!(
                    "Independent replay (verify, on the page): all {} checked as legal swaps of the blank with a grid neighbour on the {shape} board, every board a permutation of 0–{}; the final board equals the goal; length {cost} equals cost {cost}.",
                    plural(cost, "move"),
                    start.shape().cells() - 1
                );
                s.replay = cursor.lines();
                cursor.show(&mut board);
                let last = boards.len() - 1;
                (last == 0).then_some(
                    "Nothing to replay: the start is the goal, so the witness has no moves.",
                )
            }
        };
        let controls = cursor.controls(reason, on_board);
        (v, board, controls, s)
    }
}

/// `words` with its first letter in capitals.
fn capitalized(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn search_text(c: &Counters, db: &str) -> String {
    let proved = match c.completed {
        Some(done) => format!("every bound up to {done} searched completely"),
        None => "first iteration".into(),
    };
    format!(
        "IDA* with the {db} database: bound {} ({proved}), {} nodes generated so far.",
        c.bound,
        thousands(c.generated)
    )
}

fn counters_text(c: &Counters, budget: u64) -> String {
    format!(
        "generated {}, expanded {}, iterations {}, last bound {}; node budget {}",
        c.generated,
        c.expanded,
        c.iterations,
        c.bound,
        thousands(budget)
    )
}
