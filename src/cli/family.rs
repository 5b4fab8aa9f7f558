//! `solve` for every shape but the 3×3 contract path: optimal (IDA* with the
//! shape's heuristic) or fast (a verified path, not necessarily shortest),
//! with the JSON object and the human report they share with `batch`.
//! A plain 3×3 request goes back to the contract A* in `cli.rs`, untouched.

use super::print_ledger;
use eight_puzzle::engine::solve::{
    ledger, manhattan, parse_heuristic, parse_node_budget, solve_fast, solve_optimal, Heuristic,
    HeuristicChoice, Mode, Partition, PatternDb, PatternTable, DEFAULT_HEURISTIC,
};
use eight_puzzle::engine::{
    check_parity, contract::InputError, parse_board, request::parse_board_pair, Board, Shape,
    UnknownReason, Verdict,
};
use eight_puzzle::pdb_cache::{default_cache_dir, load_or_build};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// What was typed for `solve` besides the start.
pub(super) struct SolveOptions<'a> {
    pub goal: Option<&'a str>,
    pub budget: Option<&'a str>,
    pub heuristic: Option<&'a str>,
    pub node_budget: Option<&'a str>,
    pub mode: Option<&'a str>,
    pub cache_dir: Option<&'a str>,
    /// `--weight` (3×3 weighted A* only).
    pub weight: Option<&'a str>,
    pub json: bool,
}

/// An `Invalid` answer: the field at fault, the error class, the message.
pub(super) struct Invalid {
    pub field: &'static str,
    pub kind: &'static str,
    pub message: String,
}

impl Invalid {
    pub(super) fn new(field: &'static str, kind: &'static str, message: impl ToString) -> Invalid {
        Invalid {
            field,
            kind,
            message: message.to_string(),
        }
    }

    pub(super) fn json(&self) -> Value {
        json!({
            "status": "Invalid",
            "error": { "field": self.field, "kind": self.kind, "message": self.message },
        })
    }

    fn label(&self) -> &'static str {
        match self.field {
            "start" => "Start board",
            "goal" => "Goal board",
            "budget" => "Budget",
            "heuristic" => "Heuristic",
            "node_budget" => "Node budget",
            "ida_budget" => "IDA* budget",
            "weight" => "Weight",
            "mode" => "Mode",
            _ => "Input",
        }
    }

    /// Prints the answer and gives exit status 2.
    pub(super) fn report(&self, as_json: bool) -> ExitCode {
        if as_json {
            println!("{}", self.json());
        } else {
            eprintln!("Invalid — {}: {}", self.label(), self.message);
        }
        ExitCode::from(2)
    }
}

impl From<&InputError> for Invalid {
    fn from(e: &InputError) -> Invalid {
        Invalid::new(e.field.name(), e.kind(), e.message())
    }
}

/// How a pair of one shape is to be solved, validated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Plan {
    /// The 3×3 contract A* (the caller's path).
    Contract,
    /// IDA* with this heuristic, under an optional node budget.
    Optimal(HeuristicChoice, Option<u64>),
    /// A fast, verified, not necessarily shortest path.
    Fast,
}

/// The mode's text, validated.
pub(super) fn parse_mode(mode: Option<&str>) -> Result<Mode, Invalid> {
    mode.map_or(Ok(Mode::Optimal), |m| {
        Mode::parse(m).map_err(|e| Invalid::new("mode", e.kind(), e))
    })
}

/// Checks the options against the shape and mode, in the order the fields
/// appear: budget, heuristic, node budget.
pub(super) fn plan(
    shape: Shape,
    mode: Mode,
    budget: Option<&str>,
    heuristic: Option<&str>,
    node_budget: Option<&str>,
) -> Result<Plan, Invalid> {
    let three = shape == Shape::THREE;
    match mode {
        Mode::Fast => {
            if budget.is_some() {
                return Err(Invalid::new("budget", "not_for_fast", "--budget counts expansions of the 3×3 contract A*; fast mode has no budget (it always finishes)"));
            }
            if heuristic.is_some() {
                return Err(Invalid::new("heuristic", "not_for_fast", "--heuristic chooses the estimate of the optimal search; fast mode uses its own"));
            }
            if node_budget.is_some() {
                return Err(Invalid::new(
                    "node_budget",
                    "not_for_fast",
                    "--node-budget caps the optimal search; fast mode always finishes",
                ));
            }
            Ok(Plan::Fast)
        }
        Mode::Optimal if three => {
            if let Some(h) = heuristic {
                // A name of another shape's database is a heuristic that
                // does not apply here, not an unknown one.
                let elsewhere = Shape::all()
                    .into_iter()
                    .any(|s| parse_heuristic(h, s).is_ok());
                let choice = parse_heuristic(h, shape).or_else(|e| {
                    if elsewhere {
                        Ok(HeuristicChoice::Pdb)
                    } else {
                        Err(Invalid::new("heuristic", e.kind(), e))
                    }
                })?;
                if choice != HeuristicChoice::Manhattan {
                    return Err(Invalid::new("heuristic", "not_for_3x3", "3×3 boards are solved by the contract A* with Manhattan; --heuristic applies to the other shapes"));
                }
            }
            if node_budget.is_some() {
                return Err(Invalid::new("node_budget", "not_for_3x3", "3×3 boards are solved by the contract A*, whose limit is --budget; --node-budget applies to the other shapes"));
            }
            Ok(Plan::Contract)
        }
        Mode::Optimal => {
            if budget.is_some() {
                return Err(Invalid::new("budget", "not_for_shape", format!("--budget counts expansions of the 3×3 contract A*; a {} board is solved by IDA*, whose limit is --node-budget", shape.name())));
            }
            let choice = match heuristic {
                None => DEFAULT_HEURISTIC,
                Some(h) => {
                    parse_heuristic(h, shape).map_err(|e| Invalid::new("heuristic", e.kind(), e))?
                }
            };
            let nodes = node_budget
                .map(parse_node_budget)
                .transpose()
                .map_err(|e| Invalid::new("node_budget", e.kind(), e))?;
            Ok(Plan::Optimal(choice, nodes))
        }
    }
}

/// A heuristic ready to search, with how long its database took.
pub(super) struct Ready {
    pub goal: Board,
    pub heuristic: Heuristic,
    pub name: String,
    /// Seconds the database took to build, or to load from the cache.
    pub build_seconds: Option<f64>,
    /// `built`, `loaded` or `built-in-memory` for a cached database
    /// (`pdb-78`); `None` for one built for this run only.
    pub source: Option<&'static str>,
}

/// The cache directory of `pdb-78`: `--cache-dir` if given, else the
/// user's cache directory (`pdb_cache::default_cache_dir`).
pub(super) fn cache_dir(flag: Option<&str>) -> Option<PathBuf> {
    match flag {
        Some(d) => Some(PathBuf::from(d)),
        None => default_cache_dir(),
    }
}

/// Threads a database build uses: every core.
fn build_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Builds the shape's pattern database for `goal`, one thread per table.
fn build_pdb(goal: &Board) -> Option<PatternDb> {
    let partition = Partition::for_goal(goal);
    let tables: Vec<PatternTable> = std::thread::scope(|s| {
        let handles: Vec<_> = partition
            .groups()
            .iter()
            .map(|g| s.spawn(move || PatternTable::build(g, goal)))
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().ok().flatten())
            .collect()
    });
    PatternDb::from_tables(&partition, goal, tables).or_else(|| PatternDb::build(&partition, goal))
}

/// The heuristic `choice` toward `goal`; a database is built (announced on
/// standard error when it is a terminal).
/// `pdb-78` is kept on disk (`cache_dir`, the raw `--cache-dir`): loaded when
/// a good file is there, else built and saved, every step said on standard
/// error.
pub(super) fn ready(
    choice: HeuristicChoice,
    goal: &Board,
    announce: bool,
    cache_flag: Option<&str>,
) -> Ready {
    let name = choice.name(goal.shape());
    match choice {
        HeuristicChoice::Manhattan => Ready {
            goal: *goal,
            heuristic: Heuristic::Manhattan,
            name,
            build_seconds: None,
            source: None,
        },
        HeuristicChoice::LinearConflict => Ready {
            goal: *goal,
            heuristic: Heuristic::LinearConflict,
            name,
            build_seconds: None,
            source: None,
        },
        HeuristicChoice::Pdb78 => {
            let dir = cache_dir(cache_flag);
            let cached = choice.partition(goal).and_then(|p| {
                load_or_build(dir.as_deref(), &p, goal, build_threads(), &mut |line| {
                    eprintln!("{line}")
                })
            });
            match cached {
                Some(c) => Ready {
                    goal: *goal,
                    heuristic: Heuristic::Pdb(Arc::new(c.db)),
                    name,
                    build_seconds: Some(c.seconds),
                    source: Some(c.source.name()),
                },
                // Never: pdb-78 is parsed for 4×4 only, and its tables build.
                None => Ready {
                    goal: *goal,
                    heuristic: Heuristic::LinearConflict,
                    name,
                    build_seconds: None,
                    source: None,
                },
            }
        }
        HeuristicChoice::Pdb => {
            if announce {
                eprint!("Building the {name} pattern database for {goal}… ");
            }
            let t = Instant::now();
            let db = build_pdb(goal);
            let secs = t.elapsed().as_secs_f64();
            if announce {
                eprintln!("{secs:.2} s");
            }
            Ready {
                goal: *goal,
                heuristic: db.map_or(Heuristic::LinearConflict, |db| Heuristic::Pdb(Arc::new(db))),
                name,
                build_seconds: Some(secs),
                source: None,
            }
        }
    }
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
}

/// Solves a validated pair by `plan` (never [`Plan::Contract`], which the
/// caller runs); `ready` holds the heuristic of an optimal plan.
pub(super) fn run(
    start: &Board,
    goal: &Board,
    plan: Plan,
    ready: Option<&Ready>,
) -> Result<Answer, String> {
    let t = Instant::now();
    let mut answer = match plan {
        Plan::Fast => {
            let out = solve_fast(start, goal).map_err(|e| e.to_string())?;
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
            }
        }
        Plan::Optimal(_, nodes) => {
            let r = ready.ok_or("no heuristic was made ready for the optimal search")?;
            let out = solve_optimal(start, goal, &r.heuristic, nodes).map_err(|e| e.to_string())?;
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
                method: r.name.clone(),
                generated: p.generated,
                expanded: Some(p.expanded),
                bound: searched.then_some(p.bound),
                iterations: Some(p.iterations),
                initial_h: searched.then_some(p.initial_h),
                ms: 0.0,
            }
        }
        Plan::Contract => return Err("the 3×3 contract A* is run by the caller".into()),
    };
    answer.ms = t.elapsed().as_secs_f64() * 1e3;
    Ok(answer)
}

/// Adds the database's fields to a `solve --json` object: `database_ms`
/// (its build or load, apart from the search's `ms`-free counts) and, for a
/// cached one, `database` (`built`, `loaded` or `built-in-memory`).
pub(super) fn database_json(v: &mut Value, ready: Option<&Ready>) {
    if let Some(r) = ready {
        if let Some(s) = r.build_seconds {
            v["database_ms"] = json!((s * 1e6).round() / 1e3);
        }
        if let Some(src) = r.source {
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
            v["moves"] = json!(s.moves.iter().map(|m| m.name()).collect::<Vec<_>>());
            v["cost"] = json!(s.cost);
            if a.mode == Mode::Fast {
                v["gap"] = json!(a.lower_bound.map(|lb| s.cost - lb.min(s.cost)));
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

fn print_grid(title: &str, b: &Board) {
    println!("{title}");
    for row in b.grid_rows() {
        println!("  {row}");
    }
}

/// The human report of one solve of any shape.
pub(super) fn print_answer(a: &Answer, ready: Option<&Ready>, node_budget: Option<u64>) {
    let shape = a.start.shape();
    print_grid(&format!("Start ({shape})"), &a.start);
    print_grid("Goal", &a.goal);
    print_ledger(&ledger(&a.start, &a.goal));
    println!();
    match a.mode {
        Mode::Optimal => match ready {
            Some(Ready {
                heuristic: Heuristic::Pdb(db),
                build_seconds: Some(s),
                source,
                ..
            }) => println!(
                "Mode: optimal — IDA* with {} (additive pattern database, {} tables, {} bytes, {} in {s:.2} s)",
                a.method,
                db.tables().len(),
                db.bytes(),
                match source {
                    Some("loaded") => "loaded from the cache",
                    Some("built") => "built and saved to the cache",
                    _ => "built",
                }
            ),
            _ => println!("Mode: optimal — IDA* with {}", a.method),
        },
        Mode::Fast => println!(
            "Mode: fast — {} (a verified path, not necessarily shortest)",
            a.method
        ),
    }
    match &a.verdict {
        Verdict::Solved(s) => {
            println!("\nWitness (checked by independent replay)");
            println!("  {:<5} {:<6} board", "step", "move");
            for (i, b) in s.boards.iter().enumerate() {
                let mv = if i == 0 { "-" } else { s.moves[i - 1].name() };
                println!("  {:<5} {:<6} {}", i, mv, b.to_json());
            }
            match a.mode {
                Mode::Optimal => {
                    println!("\nStatus: Solved");
                    println!(
                        "Cost: {} (shortest: IDA* proved no shorter path exists)",
                        s.cost
                    );
                }
                Mode::Fast => {
                    let lb = a.lower_bound.unwrap_or(0);
                    println!("\nStatus: Solved (not shortest)");
                    println!(
                        "Length: {} moves; lower bound {lb}; gap {} (the shortest path has between {lb} and {} moves)",
                        s.cost,
                        s.cost - lb.min(s.cost),
                        s.cost
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
                "The search stopped after {} generated nodes (node budget {}). It proved that no solution is shorter than {} moves{completed}; it says nothing more. Raise --node-budget, or use --mode fast.",
                a.generated,
                node_budget.unwrap_or(a.generated),
                a.lower_bound.unwrap_or(0)
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
            "IDA*: {} iterations, final bound {}; generated {} nodes, expanded {}, in {:.1} ms",
            a.iterations.unwrap_or(0),
            a.bound.unwrap_or(0),
            a.generated,
            a.expanded.unwrap_or(0),
            a.ms
        ),
        Mode::Fast => println!("Generated {} nodes in {:.1} ms", a.generated, a.ms),
    }
}

/// `solve` for anything but a plain 3×3 optimal request; `None` hands the
/// request back to the contract path (which reports 3×3 errors exactly as
/// before).
pub(super) fn solve_if_not_contract(start: &str, o: &SolveOptions) -> Option<ExitCode> {
    let mode = match parse_mode(o.mode) {
        Ok(m) => m,
        Err(e) => return Some(e.report(o.json)),
    };
    let parsed = parse_board(start);
    let shape = match &parsed {
        Ok(b) => Some(b.shape()),
        Err(e) => e.shape,
    };
    if o.weight.is_some() {
        if mode == Mode::Fast {
            return Some(
                Invalid::new(
                    "weight",
                    "not_for_fast",
                    "--weight weighs the 3×3 A*'s heuristic; fast mode has no weight",
                )
                .report(o.json),
            );
        }
        if let Some(s) = shape.filter(|&s| s != Shape::THREE) {
            return Some(
                Invalid::new(
                    "weight",
                    "not_for_shape",
                    format!(
                        "--weight applies to the 3×3 weighted A*; a {} board is solved by IDA*",
                        s.name()
                    ),
                )
                .report(o.json),
            );
        }
    }
    // A 3×3 (or unreadable) start in optimal mode is the contract's, once
    // the goal's shape and the options agree with it.
    if mode == Mode::Optimal && shape.is_none_or(|s| s == Shape::THREE) {
        match &parsed {
            // The family's own shape errors: no 3×3 reading applies.
            Err(e) if e.is_shape_error() => {
                return Some(Invalid::new("start", e.kind(), e).report(o.json));
            }
            Err(_) => return None,
            Ok(_) => {}
        }
        if let Some(g) = o.goal {
            if let Err(e) = parse_board_pair(start, Some(g)) {
                if e.kind() == "shape_mismatch" {
                    return Some(Invalid::new(e.field().name(), e.kind(), e).report(o.json));
                }
            }
        }
        // --weight or a 3×3 heuristic other than Manhattan: the weighted
        // A* (cli/weighted.rs), run by the caller.
        match super::weighted::choice(o.heuristic, o.weight) {
            Ok(Some(_)) => return None,
            Ok(None) => {}
            Err(e) => return Some(e.report(o.json)),
        }
        return match plan(Shape::THREE, mode, o.budget, o.heuristic, o.node_budget) {
            Ok(_) => None,
            Err(e) => Some(e.report(o.json)),
        };
    }
    let (start, goal) = match parse_board_pair(start, o.goal) {
        Ok(p) => p,
        Err(e) => return Some(Invalid::new(e.field().name(), e.kind(), e).report(o.json)),
    };
    let plan = match plan(start.shape(), mode, o.budget, o.heuristic, o.node_budget) {
        Ok(p) => p,
        Err(e) => return Some(e.report(o.json)),
    };
    let announce = !o.json && std::io::stderr().is_terminal();
    let (ready_heuristic, node_budget) = match plan {
        // No database is built for a pair the parity check already rules out.
        Plan::Optimal(choice, nodes) => {
            let choice = if check_parity(&start, &goal).is_ok() {
                choice
            } else {
                HeuristicChoice::Manhattan
            };
            let mut r = ready(choice, &goal, announce, o.cache_dir);
            if let Plan::Optimal(asked, _) = plan {
                r.name = asked.name(goal.shape());
            }
            (Some(r), nodes)
        }
        _ => (None, None),
    };
    Some(match run(&start, &goal, plan, ready_heuristic.as_ref()) {
        Ok(a) => {
            if o.json {
                let mut v = answer_json(&a);
                database_json(&mut v, ready_heuristic.as_ref());
                println!("{v}");
            } else {
                print_answer(&a, ready_heuristic.as_ref(), node_budget);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            if o.json {
                println!("{}", json!({ "status": "Error", "message": e }));
            } else {
                eprintln!("{e}");
            }
            ExitCode::from(3)
        }
    })
}
