//! How the Solution panel draws its one [`Answer`]: the verdict, the board,
//! the replay controls and the Solution tab, for every search. The outcome
//! picks the arm; each search's own figures and words come from its
//! [`Evidence`] variant, so a new search is one variant and one arm here.
//! With no answer yet, the planned [`Search`] (and, for a worker task, the
//! run's state) says what the panel waits for.

use super::answer::{Answer, ContractFigures, Evidence, Search, Settled};
use super::remote::{metric_words, Run};
use super::views::{fill_ledger, invalid_input, ledger_note, replay_headings};
use super::{ControlsView, Cursor, SolutionView, Status, VerdictView, NONE};
use crate::engine::contract::Budget;
use crate::engine::moves::Metric;
use crate::engine::solve::{korf_goal, ledger, partition_name, Shortest};
use crate::engine::text::thousands;
use crate::engine::{check_parity, Board};
use crate::task::solver::Counters;
use crate::view::common::{estimate, plural, BoardView};
use crate::view::family::{PAGE_BOUND_SOURCE, PAGE_BOUND_SOURCE_MULTI, PARITY_BOTH_METRICS};
use crate::view::input::{ParsedInputs, MODE_LABEL};

/// The parts of the page the Solution panel draws.
pub struct SolutionParts {
    /// The verdict summary.
    pub verdict: VerdictView,
    /// The board in the left column.
    pub board: BoardView,
    /// The replay controls.
    pub controls: ControlsView,
    /// The Solution tab.
    pub solution: SolutionView,
}

/// What the panel draws from: the inputs, the search planned for them,
/// the answer (if any), the worker run's state, and the replay cursor.
pub(in crate::view) struct Scene<'a> {
    /// The inputs, parsed.
    pub inputs: &'a ParsedInputs,
    /// The search the inputs are planned for.
    pub search: Search,
    /// What the solve settled on.
    pub answer: Option<&'a Answer>,
    /// Where a worker task stands.
    pub run: &'a Run,
    /// The replay.
    pub cursor: &'a Cursor,
    /// Whether the board shows the replay (not the trace or the game).
    pub on_board: bool,
}

/// The pattern database's name for a goal, e.g. `pdb-663`.
pub fn database_name(board: &Board) -> String {
    partition_name(board.shape())
}

/// Why the inputs cannot be solved by the planned search.
struct Invalid {
    label: &'static str,
    message: String,
    /// Start and goal when both are valid (the contract's budget failed),
    /// boxed: two boards of up to 64 cells would make every answer large.
    pair: Option<Box<(Board, Board)>>,
}

/// The valid start and goal of the planned search, or why not.
fn pair_of(inputs: &ParsedInputs, search: Search) -> Result<(Board, Board), Invalid> {
    if search.in_worker() {
        let request = inputs.worker_request();
        return request
            .valid()
            .map(|(s, g, _)| (s, g))
            .map_err(|(label, message)| Invalid {
                label,
                message,
                // A refused mode leaves the boards valid: the board shows.
                pair: (label == MODE_LABEL)
                    .then(|| request.pair.ok().map(Box::new))
                    .flatten(),
            });
    }
    let pair = match (inputs.start(), inputs.goal()) {
        (Ok(s), Ok(g)) => Some(Box::new((*s, *g))),
        _ => None,
    };
    match inputs.first_error() {
        Some(e) => Err(Invalid {
            label: e.field.label(),
            message: e.message(),
            pair,
        }),
        None => pair.map(|p| *p).ok_or(Invalid {
            label: "Start",
            message: String::new(),
            pair: None,
        }),
    }
}

/// Optimal mode on a board past 25 cells: the start shows, and the
/// verdict gives the engine's refusal and the way on (Fast).
fn mode_refused(start: &Board, refusal: &str) -> (VerdictView, BoardView) {
    let shape = start.shape().name();
    let v = VerdictView {
        kind: Status::Invalid,
        status: format!("Refused — Optimal on {shape}"),
        summary: format!("Optimal search does not run on this {shape} board. Next: choose Fast (Mode) or press Use Fast instead."),
        explanation: format!("{refusal} Nothing was solved. Next: choose Fast in the Mode control."),
        ..VerdictView::pending()
    };
    let mut board = BoardView::default();
    board.set(start);
    board.caption = format!("Start ({shape}; Optimal does not run on it)");
    (v, board)
}

/// The verdict, board, controls and Solution tab of a scene.
pub(in crate::view) fn draw(scene: &Scene<'_>) -> SolutionParts {
    let cursor = scene.cursor;
    let metric = scene.search.metric();
    let mut s = SolutionView {
        replay_headings: replay_headings(metric),
        ledger_total: NONE.into(),
        witness_note: Some("No witness for the current input.".into()),
        ..SolutionView::default()
    };
    let (start, goal) = match pair_of(scene.inputs, scene.search) {
        Ok(pair) => pair,
        Err(e) => {
            if let Some((start, goal)) = e.pair.as_deref() {
                let l = ledger(start, goal);
                fill_ledger(&mut s, &l);
                s.ledger_note = ledger_note(metric, l.total, estimate(metric, start, goal));
            }
            let (verdict, board) = match (e.label, e.pair) {
                (MODE_LABEL, Some(pair)) => mode_refused(&pair.0, &e.message),
                _ => invalid_input(e.label, &e.message),
            };
            return SolutionParts {
                verdict: verdict.in_metric(metric),
                board,
                controls: cursor
                    .controls(Some("Nothing to replay yet: press Solve."), scene.on_board),
                solution: s,
            };
        }
    };
    let l = ledger(&start, &goal);
    fill_ledger(&mut s, &l);
    let mut v = VerdictView::pending().in_metric(metric);
    let mut board = BoardView::default();
    let h0 = estimate(metric, &start, &goal);
    s.ledger_note = ledger_note(metric, l.total, h0);
    let shape = start.shape().name();
    let reason = match scene.answer {
        None => {
            board.set(&start);
            if scene.search.in_worker() {
                v.initial_h = h0.to_string();
                waiting(scene, &mut v, &mut board, &shape, &goal)
            } else {
                board.caption = "Start (validated input; not solved yet)".into();
                v.summary = "Not solved yet. Next: press Solve.".into();
                v.explanation = "The inputs changed, so the previous result was cleared. Press Solve to search this start.".into();
                Some("Nothing to replay yet: press Solve.")
            }
        }
        Some(a) => {
            // The contract's own failed check claims nothing, not even its
            // board.
            let internal = matches!(
                (&a.outcome, &a.evidence),
                (Settled::Rejected(_), Evidence::Contract(_))
            );
            if !internal {
                board.set(&start);
                v.initial_h = h0.to_string();
                board.caption = match a.evidence {
                    Evidence::Contract(_) => "Start".into(),
                    _ => format!("Start ({shape})"),
                };
            }
            if let (Evidence::Contract(f), false) = (&a.evidence, internal) {
                v.expansions = f.stats.expansions.to_string();
                s.counters = format!(
                    "generated {}, stale pops {}, largest frontier {}; budget {}",
                    f.stats.generated,
                    f.stats.stale,
                    f.stats.max_frontier,
                    f.budget.get()
                );
            }
            settled(a, &mut v, &mut s, h0)
        }
    };
    if let Some((a, Settled::Solved { moves, .. })) = scene.answer.map(|a| (a, &a.outcome)) {
        let contract = !a.is_worker_answer();
        let cost = moves.len() as u32;
        s.witness = moves.iter().map(|&m| a.move_text(m)).collect();
        s.witness_note = moves
            .is_empty()
            .then(|| "No moves: the start is the goal.".into());
        s.replay = cursor.lines(&s.witness);
        cursor.show(&mut board);
        let legal = match a.metric {
            Metric::Single => "legal swaps of the blank with a grid neighbour",
            Metric::Multi => "legal slides of one or more tiles along the blank's row or column, none leaving the board or wrapping a row",
        };
        s.check = if contract {
            format!(
                "Independent replay: all {} checked as {legal}, every board a permutation of 0–8; the final board equals the goal; length {cost} equals cost {cost}.",
                plural(cost, "move"),
            )
        } else {
            format!(
                "Independent replay (verify, on the page): all {} checked as {legal} on the {shape} board, every board a permutation of 0–{}; the final board equals the goal; length {cost} equals cost {cost}.",
                plural(cost, "move"),
                start.shape().cells() - 1
            )
        };
    }
    let controls = cursor.controls(reason, scene.on_board);
    SolutionParts {
        verdict: v,
        board,
        controls,
        solution: s,
    }
}

/// A worker task with no answer yet: what the run is doing.
fn waiting(
    scene: &Scene<'_>,
    v: &mut VerdictView,
    board: &mut BoardView,
    shape: &str,
    goal: &Board,
) -> Option<&'static str> {
    let fast = matches!(scene.search, Search::Fast(_));
    let multi = scene.search.metric() == Metric::Multi;
    let search = match (fast, multi) {
        (true, false) => "the fast solver".to_string(),
        (true, true) => "the fast solver, counting multi-tile moves,".to_string(),
        (false, true) => "the optimal multi-tile solver".to_string(),
        (false, false) => format!("IDA* with the {} pattern database", database_name(goal)),
    };
    board.caption = format!("Start ({shape})");
    match scene.run {
        Run::Idle | Run::Answered => {
            board.caption = format!("Start ({shape}; not solved yet)");
            v.summary = format!(
                "Not solved yet. Next: press Solve ({} in a Web Worker).",
                match (fast, multi) {
                    (true, _) => "Fast mode",
                    (false, true) => "the multi-tile solver",
                    (false, false) => "IDA*",
                }
            );
            v.explanation = format!("The inputs changed, so the previous result was cleared. Press Solve: this {shape} board is solved by {search} in a Web Worker{}.", match (fast, multi) { (true, _) => ", which finds a verified path quickly, not necessarily a shortest one", (false, true) => "", (false, false) => " (the database is built on the first solve of this goal in the page session)" });
            Some("Nothing to replay yet: press Solve.")
        }
        Run::Waiting | Run::Building(_) | Run::Searching(_) => {
            v.status = "Working…".into();
            v.summary = "Solving in a Web Worker; progress is below. Next: wait, or Cancel.".into();
            let mut who = search.chars();
            let who: String = who
                .next()
                .map_or(String::new(), |c| c.to_uppercase().chain(who).collect());
            v.explanation = format!("{who} is running in a Web Worker. Progress is shown beside the board; Cancel stops it.");
            Some("Nothing to replay yet: the search is running.")
        }
        Run::Cancelled(reached) => {
            v.status = "Cancelled".into();
            v.summary = "Cancelled: nothing is claimed. Next: press Solve to start again.".into();
            v.explanation = match reached {
                Some(c) => format!("The search was cancelled at bound {} after {} generated nodes; nothing is claimed. The pattern database stays built for this page session.", c.bound, thousands(c.generated)),
                None if fast => "The fast solve was cancelled; nothing is claimed. The Web Worker finishes the beam search it is running (a fast solve is one piece of work) before it takes the next job.".into(),
                None => "The solve was cancelled before the search began; nothing is claimed. A partly built pattern database goes on from where it stopped at the next Solve.".into(),
            };
            Some("Nothing to replay: the solve was cancelled.")
        }
        Run::Failed(e) => {
            v.kind = Status::Invalid;
            v.status = "Error — the Web Worker failed".into();
            v.summary = format!("The solve did not finish: {e}. Nothing is claimed. Next: press Solve to try again.");
            v.explanation = format!(
                "The Web Worker that solves this board reported an error: {e}. Nothing is claimed."
            );
            Some("Nothing to replay: nothing was solved.")
        }
    }
}

/// The verdict of an answer: the outcome's arm, in its search's words.
fn settled(a: &Answer, v: &mut VerdictView, s: &mut SolutionView, h0: u32) -> Option<&'static str> {
    match &a.outcome {
        Settled::Rejected(e) => {
            v.kind = Status::Invalid;
            v.status = "Invalid — internal check failed".into();
            v.summary = "An internal check failed; nothing is claimed.".into();
            v.explanation = e.clone();
            Some(match a.evidence {
                Evidence::Contract(_) => "Nothing to replay yet: press Solve.",
                _ => "Nothing to replay: nothing was solved.",
            })
        }
        Settled::OtherMetric(found) => {
            let (found, asked) = (metric_words(*found), metric_words(a.metric));
            v.kind = Status::Unknown;
            v.status = format!("Unknown — no {asked} answer");
            v.summary = format!("The Web Worker answered with a {found} path, but the {asked} metric was asked for: nothing is claimed.");
            v.explanation = format!("A {found} path is not a {asked} answer (its length is not the {asked} distance), so the page does not show it as one.");
            Some("Nothing to replay: no path in this metric.")
        }
        Settled::Unsolvable(p) => {
            v.kind = Status::Unsolvable;
            v.status = "Unsolvable".into();
            if let Evidence::Contract(_) = a.evidence {
                v.summary = "Unsolvable: the inversion parities differ (proof on the Solution tab). Next: swap two tiles.".into();
                v.explanation = "No search was run: the parity of inversions differs, and no legal move changes it. Next: swap two tiles in the start (or goal) to change its parity.".into();
                s.parity = Some(format!(
                    "The start has {} and the goal has {} (blank excluded). Their parities differ ({} vs {}); a horizontal move keeps the inversion count and a vertical one changes it by 2 or 0, so no sequence of moves joins them. {PARITY_BOTH_METRICS}",
                    plural(p.start, "inversion"),
                    plural(p.goal, "inversion"),
                    if p.start % 2 == 0 { "even" } else { "odd" },
                    if p.goal % 2 == 0 { "even" } else { "odd" },
                ));
            } else {
                // Every board reaches exactly one of the default goal and
                // Korf's goal when their invariants differ: say so.
                let korf = korf_goal(a.goal.shape());
                let other = if a.goal == Board::default_goal(a.goal.shape())
                    && check_parity(&a.start, &korf).is_ok()
                {
                    format!(
                        " This start does reach {} (the blank top-left, the goal of Korf's instances): put that in the Goal field to solve it.",
                        korf.to_json()
                    )
                } else {
                    String::new()
                };
                v.summary = format!("Unsolvable: start and goal differ in the parity invariant (proof on the Solution tab). Next: swap two tiles.{other}");
                v.explanation = format!(
                    "No search was run. {} {PARITY_BOTH_METRICS}{other}",
                    p.explain()
                );
                s.parity = Some(format!("{} {PARITY_BOTH_METRICS}", p.explain()));
            }
            Some("Nothing to replay: no path joins this start and goal.")
        }
        Settled::Unknown => {
            v.kind = Status::Unknown;
            match &a.evidence {
                Evidence::Contract(f) => contract_unknown(f, v),
                Evidence::Ida {
                    counters, budget, ..
                } => {
                    v.status = "Unknown (NodeBudget)".into();
                    v.expansions = counters.expanded.to_string();
                    v.summary = format!(
                        "Unfinished: the node budget of {} ran out; proved: no solution shorter than {}. Next: raise the node budget, or choose Fast.",
                        thousands(*budget),
                        plural(counters.bound, "move")
                    );
                    v.explanation = format!(
                        "IDA* stopped after {} generated nodes, the node budget. It proved what it completed: no solution is shorter than {} ({}). This is an unfinished search, not \"no solution\". Next: raise the node budget and Solve again.",
                        thousands(counters.generated),
                        plural(counters.bound, "move"),
                        match counters.completed {
                            Some(d) => format!("every bound up to {d} was searched completely"),
                            None => "the database's estimate of the start; the first iteration did not finish".into(),
                        }
                    );
                    s.counters = counters_text(counters, *budget);
                }
                Evidence::Fast { .. } | Evidence::Parity => {}
            }
            Some("Nothing to replay: an unfinished search has no witness.")
        }
        Settled::Solved { moves, steps } => {
            let cost = moves.len() as u32;
            v.kind = Status::Solved;
            v.cost = cost.to_string();
            match &a.evidence {
                Evidence::Contract(f) => {
                    v.status = "Solved".into();
                    contract_solved(cost, h0, v);
                    s.paths_pending = f.paths.is_none();
                    s.paths = Some(match f.paths {
                        Some(1) => "Exactly 1 shortest path joins start and goal: the witness.".into(),
                        Some(n) => format!(
                            "{n} distinct shortest paths join start and goal (counted exactly over the goal's distance layers); the witness is one of them."
                        ),
                        None => "Counting the shortest paths…".into(),
                    });
                }
                Evidence::Ida {
                    counters,
                    budget,
                    built,
                } => {
                    let db = database_name(&a.goal);
                    let multi = a.metric == Metric::Multi;
                    v.status = "Solved".into();
                    v.expansions = counters.expanded.to_string();
                    v.summary = match (cost, multi) {
                        (0, _) => "The start is the goal: 0 moves. Next: edit the start.".into(),
                        (_, false) => format!("Shortest: IDA* with the {db} database found cost {cost} (Manhattan bound {h0}). Next: replay it with Next."),
                        (_, true) => format!("Shortest in the multi-tile metric: IDA* found cost {cost} ({}). Next: replay it with Next.", plural(cost, "multi-tile move")),
                    };
                    v.explanation = if multi {
                        format!(
                            "IDA* with an admissible multi-tile estimate (the larger of the multi-tile pattern tables, where a slide of any length costs 1, and the column distances over W − 1 plus the row distances over H − 1) deepens its bound only after a bound is searched completely, so the first path found, {}, is a shortest one in the multi-tile metric: every bound below {cost} was searched without reaching the goal. Next: replay the witness with Next.",
                            plural(cost, "multi-tile move")
                        )
                    } else {
                        format!(
                            "IDA* with an admissible heuristic (the {db} additive pattern database) deepens its bound only after a bound is searched completely, so the first path found, {}, is a shortest one: every bound below {cost} was searched without reaching the goal. Next: replay the witness with Next.",
                            plural(cost, "move")
                        )
                    };
                    let tables = if multi {
                        "multi-tile pattern tables"
                    } else {
                        "pattern database"
                    };
                    s.counters = format!(
                        "{}; {tables} {}",
                        counters_text(counters, *budget),
                        if *built {
                            "built for this solve"
                        } else {
                            "reused (built earlier in this page session)"
                        }
                    );
                }
                Evidence::Fast {
                    generated,
                    lower_bound: lb,
                } => {
                    let gap = cost.saturating_sub(*lb);
                    let shortest = Shortest::of(cost, Some(*lb), None);
                    let words = shortest.against_bound();
                    v.status = format!("Solved ({})", shortest.label());
                    v.summary = format!("{}: a fast path of {}; proved lower bound {lb}, gap {gap}. Next: replay it with Next.", capitalized(words), plural(cost, "move"));
                    // Past 25 cells Optimal does not run: the way on is
                    // the replay only.
                    let next = if a.start.shape().optimal_searchable() {
                        "Next: replay the witness with Next, or choose Optimal for a proved shortest path."
                    } else {
                        "Next: replay the witness with Next (optimal search stops at 25 cells, so Optimal does not run on this board)."
                    };
                    v.explanation = match shortest {
                        Shortest::Proved => format!("Fast mode found a path of {} and the page checked it. No solution is shorter than {} (a proved lower bound), so this path is a shortest one: it meets the lower bound. Next: replay the witness with Next.", plural(cost, "move"), plural(*lb, "move")),
                        _ => format!("Fast mode found a path of {} and the page checked it; it is not necessarily a shortest one. No solution is shorter than {} (a proved lower bound), so the gap is at most {}. {next}", plural(cost, "move"), plural(*lb, "move"), plural(gap, "move")),
                    };
                    let source = match a.metric {
                        Metric::Single => PAGE_BOUND_SOURCE,
                        Metric::Multi => PAGE_BOUND_SOURCE_MULTI,
                    };
                    v.explanation = format!("{} {source}", v.explanation);
                    s.counters =
                        format!("{words}: length {cost}, lower bound {lb}, gap {gap}; generated {generated}");
                }
                Evidence::Parity => {}
            }
            match steps.len() {
                0 if matches!(a.evidence, Evidence::Contract(_)) => {
                    Some("Nothing to replay yet: press Solve.")
                }
                0 | 1 => {
                    Some("Nothing to replay: the start is the goal, so the witness has no moves.")
                }
                _ => None,
            }
        }
    }
}

/// The contract's verdict on a path of `cost` against the lower bound `h0`.
fn contract_solved(cost: u32, h0: u32, v: &mut VerdictView) {
    v.summary = if cost == 0 {
        "The start is the goal: 0 moves. Next: edit the start.".into()
    } else if cost == h0 {
        format!("Optimal: cost {cost} equals the lower bound {h0}. Next: replay it with Next.")
    } else {
        format!("Shortest: A* accepted the goal at cost {cost} (lower bound {h0}). Next: replay it with Next.")
    };
    v.explanation = if cost == 0 {
        "The start already equals the goal: 0 moves, and no expansion was needed because the goal is accepted when it is popped. Next: edit the start and Solve again.".into()
    } else if cost == h0 {
        format!(
            "Cost {cost} equals the lower bound {h0} (the initial Manhattan distance), so no shorter path exists. Next: replay the witness to the goal with Next."
        )
    } else {
        format!(
            "Cost {cost} is above the lower bound {h0} (the initial Manhattan distance). The bound alone does not prove optimality here; A* does: with an admissible, consistent heuristic the goal is accepted only when no frontier entry has a smaller f. Next: replay the witness to the goal with Next."
        )
    };
}

/// The contract's verdict when its budget ran out.
fn contract_unknown(f: &ContractFigures, v: &mut VerdictView) {
    let reason = f.reason.as_ref().map_or("BudgetExceeded", |r| r.name());
    v.status = format!("Unknown ({reason})");
    v.summary = match f.exact {
        None => format!(
            "Unfinished: the budget of {} ran out; this is not \"no solution\". Next: raise the budget.",
            f.budget.get()
        ),
        Some(Some(d)) => format!(
            "Unfinished at the highest budget; the start is exactly {} away. Next: IDA* in the Lab.",
            plural(d, "move")
        ),
        Some(None) => "Unfinished at the highest budget.".into(),
    };
    let stopped = format!(
        "The search was stopped after {} because the budget of {} was used up before the goal was popped. This is an unfinished search: it does not mean that no solution exists.",
        plural(f.stats.expansions, "expansion"),
        f.budget.get()
    );
    v.explanation = match f.exact {
        None => format!(
            "{stopped} Next: raise the budget (up to {}) and Solve again.",
            Budget::MAX
        ),
        Some(Some(d)) => format!(
            "{stopped} {} is the highest budget the contract allows; the goal's distance table (a breadth-first search of the whole space) says this start is exactly {} from the goal. Next: the Lab tab's IDA* and A* with linear conflict finish this start.",
            Budget::MAX,
            plural(d, "move")
        ),
        Some(None) => format!(
            "{stopped} {} is the highest budget the contract allows.",
            Budget::MAX
        ),
    };
}

/// `words` with its first letter in capitals.
fn capitalized(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
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
