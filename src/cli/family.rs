//! `solve` for every shape but the 3×3 contract path: optimal (IDA* with the
//! shape's heuristic) or fast (a verified path, not necessarily shortest),
//! with the JSON object and the human report they share with `batch` and
//! the Korf sets. The plan (`plan.rs`) decides which method runs.

use super::ida_progress::IdaReporter;
use super::plan::Method;
use super::report::{print_grid, print_ledger};
use eight_puzzle::engine::moves::Metric;
use eight_puzzle::engine::text::plural;
use eight_puzzle::engine::{check_parity, Board, UnknownReason, Verdict};
use eight_puzzle::engine::{
    heuristic::{self, BuiltIn, Prepare, Ready, ReadyError, Tables},
    solve::{
        cache::default_cache_dir, ledger, manhattan, solve_optimal_multi_on, solve_optimal_on,
        DbSource, Estimator, FastSolver, IdaNews, Mode, RunsDb, Shortest,
    },
};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// The cache directory of `pdb-78`: `--cache-dir` if given, else the
/// user's cache directory (`cache::default_cache_dir`).
pub(super) fn cache_dir(flag: Option<&Path>) -> Option<PathBuf> {
    match flag {
        Some(d) => Some(d.to_path_buf()),
        None => default_cache_dir(),
    }
}

/// The heuristic `choice` made ready toward `goal` by the engine's one
/// [`heuristic::ready`]: the shape's database built (announced on standard
/// error when it is a terminal), `pdb-78` and `pdb-6666` loaded from the
/// cache (`cache_flag`, the raw `--cache-dir`) or built on every core and
/// saved there, every step said on standard error. A build that fails
/// (short of memory: the bytes it asked for) is the error.
pub(super) fn ready(
    choice: BuiltIn,
    goal: &Board,
    announce: bool,
    cache_flag: Option<&Path>,
) -> Result<Ready, ReadyError> {
    let name = choice.code(goal.shape());
    let said = announce && choice == BuiltIn::Pdb;
    if said {
        eprint!("Building the {name} pattern database for {goal}… ");
    }
    let dir = cache_dir(cache_flag);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let out = heuristic::ready(
        &choice.into(),
        goal,
        Prepare {
            cache: dir.as_deref(),
            threads,
            log: &mut |line| eprintln!("{line}"),
        },
    );
    if said {
        eprintln!("{:.2} s", out.as_ref().map_or(0.0, Ready::seconds));
    }
    out
}

/// Whether a multi-tile optimal search from `start` toward `goal` takes
/// the large tables made ready by [`ready`] with
/// `BuiltIn::MultiTilePdb` (on 4×4: `multi-tile-pdb-666`, loaded from the
/// cache or built and saved there): `solve` and `batch` ask here;
/// elsewhere the search builds its own small tables, and an unjoined pair
/// gets none.
pub(super) fn large_multi_tables(start: &Board, goal: &Board) -> bool {
    RunsDb::large_for(goal.shape()) && check_parity(start, goal).is_ok()
}

/// A database that could not be made ready ends the run: said on standard
/// error, exit code 3.
pub(super) fn unready(e: &ReadyError) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::from(3)
}

/// Seconds a ready heuristic's database took to build or load (`None`
/// without a database).
pub(super) fn build_seconds(r: &Ready) -> Option<f64> {
    r.source().map(|_| r.seconds())
}

/// The fast solver toward `goal`: its beam ranked by `ready`'s database
/// when there is one (then its last stretch re-solved by IDA*), else
/// table-free.
pub(super) fn fast_solver(goal: &Board, ready: Option<&Ready>) -> FastSolver {
    let heuristic = ready
        .and_then(Ready::estimator)
        .unwrap_or(Estimator::LinearConflict);
    FastSolver::guided_by(goal, &heuristic)
}

/// One finished solve of any shape, as both front ends print it.
pub(super) struct Answer {
    pub start: Board,
    pub goal: Board,
    pub mode: Mode,
    pub verdict: Verdict,
    /// The heuristic's name (optimal) or the method's (fast).
    pub method: String,
    /// What the run proved about the shortest path's length.
    pub lower_bound: Option<u32>,
    pub generated: u64,
    pub expanded: Option<u64>,
    pub bound: Option<u32>,
    pub iterations: Option<u32>,
    pub initial_h: Option<u32>,
    pub ms: f64,
    /// `--metric` as given (`None`: absent, single-tile).
    pub metric: Option<Metric>,
}

impl Answer {
    /// What is proved about a path of `cost` moves: a fast path is
    /// shortest when it meets its lower bound (an optimal one always is).
    pub fn shortest(&self, cost: u32) -> Shortest {
        match self.mode {
            Mode::Optimal => Shortest::Proved,
            Mode::Fast => Shortest::of(cost, self.lower_bound, None),
        }
    }
}

/// `--threads` and `--progress` of an optimal search.
#[derive(Clone, Copy, Debug)]
pub(super) struct Running {
    pub threads: usize,
    pub progress: bool,
}

/// How an optimal search runs: its threads (the same answer on any
/// number) and who hears its progress.
pub(super) struct Optimal<'a> {
    pub threads: usize,
    pub listen: &'a mut dyn FnMut(IdaNews),
}

/// Solves a validated pair by `method` (never [`Method::Contract`], which
/// the caller runs; `ready` holds the heuristic of an optimal method) in
/// the metric `metric` (`None`: no `--metric`, single-tile), an optimal
/// search run as `optimal` says (its threads are also a fast solve's). A multi-tile optimal search takes
/// the multi-tile tables of `ready` when it holds them for `goal`, and
/// builds its own small ones otherwise. In fast mode with a `deadline`,
/// wider beams until it passes or the path meets its lower bound (see
/// `FastSolver::solve_anytime`).
pub(super) fn run_in(
    start: &Board,
    goal: &Board,
    method: Method,
    metric: Option<Metric>,
    ready: Option<&Ready>,
    optimal: &mut Optimal<'_>,
    deadline: Option<Instant>,
) -> Result<Answer, String> {
    let t = Instant::now();
    let mut answer = match method {
        Method::Fast(_) => {
            let mut solver = fast_solver(goal, ready);
            // The threads of its anytime rounds (used only with a deadline).
            solver.config.threads = optimal.threads;
            let out = solver
                .outcome_anytime_in(start, goal, metric.unwrap_or_default(), &mut || {
                    deadline.is_some_and(|d| Instant::now() < d)
                })
                .map_err(|e| e.to_string())?;
            Answer {
                start: *start,
                goal: *goal,
                mode: Mode::Fast,
                lower_bound: out.lower_bound,
                generated: out.generated,
                method: out.method.to_string(),
                verdict: out.verdict,
                expanded: None,
                bound: None,
                iterations: None,
                initial_h: None,
                ms: 0.0,
                metric,
            }
        }
        Method::Optimal(_, nodes) => {
            let (out, name) = if metric == Some(Metric::Multi) {
                // The tables made ready for this goal (the 4×4's large
                // ones, from the cache), else built here for it (a second
                // on 12 cells), unless the pair is unjoined.
                let db = match ready.and_then(Ready::runs).filter(|d| d.goal() == goal) {
                    Some(d) => Some(d.clone()),
                    None => check_parity(start, goal)
                        .is_ok()
                        .then(|| Arc::new(RunsDb::build(goal))),
                };
                let out = solve_optimal_multi_on(
                    start,
                    goal,
                    db.as_ref(),
                    nodes,
                    optimal.threads,
                    optimal.listen,
                )
                .map_err(|e| e.to_string())?;
                let name = out.heuristic.clone();
                (out, name)
            } else {
                let r = ready.ok_or("no heuristic was made ready for the optimal search")?;
                let estimator = r
                    .estimator()
                    .ok_or_else(|| format!("{} cannot order the optimal search", r.name()))?;
                let out = solve_optimal_on(
                    start,
                    goal,
                    &estimator,
                    nodes,
                    optimal.threads,
                    optimal.listen,
                )
                .map_err(|e| e.to_string())?;
                (out, r.name())
            };
            let p = out.progress;
            let searched = !matches!(out.verdict, Verdict::Unsolvable(_));
            Answer {
                start: *start,
                goal: *goal,
                mode: Mode::Optimal,
                lower_bound: match &out.verdict {
                    Verdict::Solved(s) => Some(s.cost),
                    Verdict::Unknown(UnknownReason::NodeBudget { lower_bound, .. }) => {
                        Some(*lower_bound)
                    }
                    _ => None,
                },
                verdict: out.verdict,
                method: name,
                generated: p.generated,
                expanded: Some(p.expanded),
                bound: searched.then_some(p.bound),
                iterations: Some(p.iterations),
                initial_h: searched.then_some(p.initial_h),
                ms: 0.0,
                metric,
            }
        }
        Method::Contract => return Err("the 3×3 contract A* is run by the caller".into()),
    };
    answer.ms = t.elapsed().as_secs_f64() * 1e3;
    Ok(answer)
}

/// Adds the database's fields to a `solve --json` object: `database_ms`
/// (its build or load, apart from the search's `ms`-free counts) and, for a
/// cached one, `database` (`built`, `loaded` or `built-in-memory`).
pub(super) fn database_json(v: &mut Value, ready: Option<&Ready>) {
    if let Some(r) = ready {
        if let Some(s) = build_seconds(r) {
            v["database_ms"] = json!((s * 1e6).round() / 1e3);
        }
        if let Some(src) = r.source().and_then(DbSource::cache_name) {
            v["database"] = json!(src);
        }
    }
}

/// The `solve --json` object (also a `batch` line).
pub(super) fn answer_json(a: &Answer) -> Value {
    let mut v = json!({
        "status": a.verdict.status(),
        "shape": a.start.shape().code(),
        "mode": a.mode.name(),
        "moves": [],
        "cost": null,
        "lower_bound": a.lower_bound,
        "initial_manhattan": manhattan(&a.start, &a.goal),
        "generated": a.generated,
    });
    if let Some(m) = a.metric {
        v["metric"] = json!(m.name());
    }
    match a.mode {
        Mode::Optimal => {
            v["heuristic"] = json!(a.method);
            v["initial_h"] = json!(a.initial_h);
            v["expanded"] = json!(a.expanded);
            v["bound"] = json!(a.bound);
            v["iterations"] = json!(a.iterations);
        }
        Mode::Fast => {
            v["method"] = json!(a.method);
            v["shortest"] = json!(false);
        }
    }
    match &a.verdict {
        Verdict::Solved(s) => {
            v["moves"] = match s.metric {
                Metric::Single => json!(s.moves.iter().map(|m| m.name()).collect::<Vec<_>>()),
                Metric::Multi => json!(s.slides()),
            };
            v["cost"] = json!(s.cost);
            if a.mode == Mode::Fast {
                v["gap"] = json!(a.lower_bound.map(|lb| s.cost - lb.min(s.cost)));
                v["shortest"] = json!(a.shortest(s.cost).json());
            }
        }
        Verdict::Unknown(reason) => {
            v["reason"] = json!(reason.name());
            if let UnknownReason::NodeBudget {
                completed_bound, ..
            } = reason
            {
                v["completed_bound"] = json!(completed_bound);
            }
        }
        Verdict::Unsolvable(p) => {
            v["inversions"] = json!({ "start": p.start, "goal": p.goal });
            if let (Some(s), Some(g)) = (p.start_blank_row, p.goal_blank_row) {
                v["blank_rows"] = json!({ "start": s, "goal": g });
            }
        }
    }
    v
}

/// The human report of one solve of any shape.
pub(super) fn print_answer(a: &Answer, ready: Option<&Ready>, node_budget: Option<u64>) {
    let shape = a.start.shape();
    print_grid(&format!("Start ({shape})"), &a.start);
    print_grid("Goal", &a.goal);
    print_ledger(&ledger(&a.start, &a.goal));
    println!();
    match a.mode {
        Mode::Optimal => match ready.map(|r| (r, r.tables())) {
            Some((r, Tables::Pdb(db))) => println!(
                "Mode: optimal — IDA* with {} (additive pattern database, {}, {} bytes, {} in {:.2} s)",
                a.method,
                plural(db.tables().len() as u64, "table"),
                db.bytes(),
                match r.source() {
                    Some(DbSource::Loaded(_)) => "loaded from the cache",
                    Some(DbSource::Saved(_)) => "built and saved to the cache",
                    _ => "built",
                },
                r.seconds()
            ),
            _ if a.metric == Some(Metric::Multi) => println!(
                "Mode: optimal — IDA* with {} (multi-tile metric: a move slides up to {} tiles of the blank's row or up to {} of its column)",
                a.method,
                shape.width() - 1,
                shape.height() - 1
            ),
            _ => println!("Mode: optimal — IDA* with {}", a.method),
        },
        Mode::Fast => println!(
            "Mode: fast — {} (a verified path, not necessarily shortest)",
            a.method
        ),
    }
    // Moves are slides in the multi-tile metric.
    let step = match a.metric {
        Some(Metric::Multi) => "slide",
        _ => "move",
    };
    match &a.verdict {
        Verdict::Solved(s) => {
            // Slides (`Right×2`) take a wider column than moves.
            let width = match s.metric {
                Metric::Single => 6,
                Metric::Multi => 8,
            };
            println!("\nWitness (checked by independent replay)");
            println!("  {:<5} {:<width$} board", "step", "move");
            let slides = s.slides();
            for (i, b) in s.boards.iter().enumerate() {
                let mv = match (i, s.metric) {
                    (0, _) => "-".to_string(),
                    (_, Metric::Single) => s.moves[i - 1].name().to_string(),
                    (_, Metric::Multi) => slides[i - 1].to_string(),
                };
                println!("  {:<5} {:<width$} {}", i, mv, b.to_json());
            }
            match a.mode {
                Mode::Optimal => {
                    println!("\nStatus: Solved");
                    match s.metric {
                        Metric::Single => println!(
                            "Cost: {} (shortest: IDA* proved no shorter path exists)",
                            s.cost
                        ),
                        Metric::Multi => println!(
                            "Cost: {} (shortest in the multi-tile metric: IDA* proved no shorter path exists)",
                            plural(s.cost, "slide")
                        ),
                    }
                }
                Mode::Fast => {
                    let lb = a.lower_bound.unwrap_or(0);
                    let shortest = a.shortest(s.cost);
                    println!("\nStatus: Solved ({})", shortest.label());
                    let range = match shortest {
                        Shortest::Proved => String::new(),
                        _ => format!(
                            " (the shortest path has between {lb} and {})",
                            plural(s.cost, step)
                        ),
                    };
                    println!(
                        "Length: {}; lower bound {lb}; gap {}: {}{range}",
                        plural(s.cost, step),
                        s.cost - lb.min(s.cost),
                        shortest.against_bound(),
                    );
                }
            }
        }
        Verdict::Unknown(reason) => {
            println!("\nStatus: Unknown ({})", reason.name());
            let completed = match reason {
                UnknownReason::NodeBudget {
                    completed_bound: Some(b),
                    ..
                } => format!(" (the last completed iteration had bound {b})"),
                _ => String::new(),
            };
            println!(
                "The search stopped after {} (node budget {}). It proved that no solution is shorter than {}{completed}; it says nothing more. Raise --node-budget, or use --mode fast.",
                plural(a.generated, "generated node"),
                node_budget.unwrap_or(a.generated),
                plural(a.lower_bound.unwrap_or(0), step)
            );
        }
        Verdict::Unsolvable(proof) => {
            println!("\nStatus: Unsolvable");
            println!("{} No search was run.", proof.explain());
            return;
        }
    }
    match a.mode {
        Mode::Optimal => println!(
            "IDA*: {}, final bound {}; generated {}, expanded {}, in {:.1} ms",
            plural(a.iterations.unwrap_or(0), "iteration"),
            a.bound.unwrap_or(0),
            plural(a.generated, "node"),
            a.expanded.unwrap_or(0),
            a.ms
        ),
        Mode::Fast => println!(
            "Generated {} in {:.1} ms",
            plural(a.generated, "node"),
            a.ms
        ),
    }
}

/// Runs `solve`'s plan on any shape (optimal IDA* or fast) and prints it.
pub(super) fn solve(
    start: Board,
    goal: Board,
    method: Method,
    metric: Option<Metric>,
    cache_dir: Option<&Path>,
    json: bool,
    run: Running,
) -> ExitCode {
    let announce = !json && std::io::stderr().is_terminal();
    let (ready_heuristic, node_budget) = match method {
        // The 4×4 multi-tile search's large tables come from the cache;
        // elsewhere it builds its own small ones (none for an unjoined pair).
        Method::Optimal(_, nodes) if metric == Some(Metric::Multi) => {
            if large_multi_tables(&start, &goal) {
                match ready(BuiltIn::MultiTilePdb, &goal, announce, cache_dir) {
                    Ok(r) => (Some(r), nodes),
                    Err(e) => return unready(&e),
                }
            } else {
                (None, nodes)
            }
        }
        // No database is built for a pair the parity check already rules out.
        Method::Optimal(asked, nodes) => {
            let choice = if check_parity(&start, &goal).is_ok() {
                asked
            } else {
                BuiltIn::Manhattan
            };
            match ready(choice, &goal, announce, cache_dir) {
                Ok(r) => (Some(r), nodes),
                Err(e) => return unready(&e),
            }
        }
        Method::Fast(Some(choice)) if check_parity(&start, &goal).is_ok() => {
            match ready(choice, &goal, announce, cache_dir) {
                Ok(r) => (Some(r), None),
                Err(e) => return unready(&e),
            }
        }
        _ => (None, None),
    };
    let mut reporter = IdaReporter::new(run.progress, String::new());
    let answer = run_in(
        &start,
        &goal,
        method,
        metric,
        ready_heuristic.as_ref(),
        &mut Optimal {
            threads: run.threads,
            listen: &mut |news| reporter.hear(news),
        },
        None,
    );
    reporter.end();
    match answer {
        Ok(mut a) => {
            // An unjoined pair is answered by the parity proof alone; the
            // answer names the heuristic that was asked for.
            if let (
                Method::Optimal(asked, _),
                Verdict::Unsolvable(_),
                None | Some(Metric::Single),
            ) = (method, &a.verdict, metric)
            {
                a.method = asked.code(goal.shape());
            }
            if json {
                let mut v = answer_json(&a);
                database_json(&mut v, ready_heuristic.as_ref());
                println!("{v}");
            } else {
                print_answer(&a, ready_heuristic.as_ref(), node_budget);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            if json {
                println!("{}", json!({ "status": "Error", "message": e }));
            } else {
                eprintln!("{e}");
            }
            ExitCode::from(3)
        }
    }
}
