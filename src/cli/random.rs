//! `eight-puzzle bench-random`: uniformly random solvable boards of one
//! shape (the engine's seeded `sample_boards`), each solved in fast mode,
//! with its length, lower bound, gap and time, and a summary.

use super::family::{ready, run_in, unready, Optimal};
use super::plan::{heuristic_flag, threads_or_cores, Checked, HeuristicName, Invalid, Method};
use clap::Args;
use eight_puzzle::engine::heuristic::{BuiltIn, Ready};
use eight_puzzle::engine::solve::{FAST_METHOD, FAST_METHOD_PDB};
use eight_puzzle::engine::space::sample_boards;
use eight_puzzle::engine::text::plural;
use eight_puzzle::engine::{Board, Shape, Verdict};
use serde_json::json;
use std::convert::Infallible;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// `eight-puzzle bench-random`.
#[derive(Args)]
pub(super) struct BenchRandomArgs {
    /// The shape, WxH (2 ≤ W, H and W·H ≤ 64), e.g. 6x6.
    #[arg(long, value_parser = shape_flag)]
    shape: Checked<Shape>,
    /// How many boards, 1–100000.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    count: u64,
    /// The seed of the draws: the same seed gives the same boards on every machine.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds per board (0.001–86400) after the first beam, which always completes, to keep
    /// trying beams 1.5 times as wide as the last (a path within 4 % of the shortest so far
    /// repaired), keeping the shortest path; the result then depends on the machine's speed and
    /// load [default: one beam, the same path on every machine].
    #[arg(long, value_parser = time_limit_flag)]
    time_limit: Option<f64>,
    /// Threads, 1–256, the boards sharing them; with fewer boards than threads, each board's
    /// beams run on the spare ones too (the same paths as on one thread, sooner) [default:
    /// every core].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// A pattern database to rank the beam and give the lower bound (the larger of it and Manhattan + linear conflict): the shape's own (pdb-5555555 on 6×6, pdb-444444444444 on 7×7, …; past 25 cells built once into the cache directory, minutes of both cores), or pdb-6666 on 5×5 [default: table-free, Manhattan + linear conflict].
    #[arg(long, allow_hyphen_values = true, value_parser = heuristic_flag)]
    heuristic: Option<HeuristicName>,
    /// Where the databases of --heuristic are kept (the shapes' own past 25 cells, pdb-6666) [default: $XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle].
    #[arg(long)]
    cache_dir: Option<PathBuf>,
    /// Print JSON Lines: one object per board (`board`, `cost`, `lower_bound`, `gap`, `ms`,
    /// `moves`), then one summary object without `board`.
    #[arg(long)]
    json: bool,
}

/// `--shape`: W×H, checked by the engine's rules.
fn shape_flag(text: &str) -> Result<Checked<Shape>, Infallible> {
    let t = text.trim().replace(['×', 'X'], "x");
    let parsed = t
        .split_once('x')
        .and_then(|(w, h)| Some((w.trim().parse().ok()?, h.trim().parse().ok()?)));
    Ok(Checked(match parsed {
        None => Err(Invalid::new(
            "shape",
            "not_a_shape",
            format!("\"{}\" is not a shape: write WxH, e.g. 6x6", text.trim()),
        )),
        Some((w, h)) => Shape::new(w, h).map_err(|e| Invalid::new("shape", e.kind(), e)),
    }))
}

/// `--time-limit`: seconds, 0.001–86400.
fn time_limit_flag(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.001..=86_400.0).contains(&s) => Ok(s),
        _ => Err(format!("\"{text}\" is not a number of seconds 0.001–86400")),
    }
}

/// One board's result.
struct Row {
    index: usize,
    start: Board,
    cost: Option<u32>,
    lower_bound: Option<u32>,
    ms: f64,
    moves: String,
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Solves every board in fast mode, `threads` at a time, or with fewer
/// boards than threads, each board's beams on the spare ones too.
fn solve_all(
    boards: &[Board],
    goal: &Board,
    threads: usize,
    time_limit: Option<f64>,
    (choice, db): (Option<BuiltIn>, Option<&Ready>),
) -> Vec<Row> {
    let next = AtomicUsize::new(0);
    let rows: Mutex<Vec<Row>> = Mutex::new(Vec::new());
    let at_once = threads.min(boards.len()).max(1);
    let each = (threads / at_once).max(1);
    std::thread::scope(|s| {
        for _ in 0..at_once {
            s.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(start) = boards.get(index) else {
                    break;
                };
                let t = Instant::now();
                let deadline = time_limit.map(|s| t + Duration::from_secs_f64(s));
                let mut optimal = Optimal {
                    threads: each,
                    listen: &mut |_| {},
                };
                let answer = run_in(
                    start,
                    goal,
                    Method::Fast(choice),
                    None,
                    db,
                    &mut optimal,
                    deadline,
                );
                let ms = t.elapsed().as_secs_f64() * 1e3;
                let (cost, lower_bound, moves) = match answer {
                    Ok(a) => match &a.verdict {
                        Verdict::Solved(s) => (
                            Some(s.cost),
                            a.lower_bound,
                            s.moves.iter().map(|m| m.letter()).collect::<String>(),
                        ),
                        _ => (None, a.lower_bound, String::new()),
                    },
                    Err(_) => (None, None, String::new()),
                };
                if let Ok(mut v) = rows.lock() {
                    v.push(Row {
                        index,
                        start: *start,
                        cost,
                        lower_bound,
                        ms,
                        moves,
                    });
                }
            });
        }
    });
    let mut rows = rows.into_inner().unwrap_or_default();
    rows.sort_by_key(|r| r.index);
    rows
}

pub(super) fn run_bench_random(args: &BenchRandomArgs) -> ExitCode {
    let shape = match args.shape.get() {
        Ok(s) => s,
        Err(e) => return e.report(args.json),
    };
    let goal = Board::default_goal(shape);
    let choice = match args.heuristic.as_ref().map(|h| h.on(shape)).transpose() {
        Ok(c) => c.filter(|c| !matches!(c, BuiltIn::Manhattan | BuiltIn::LinearConflict)),
        Err(e) => return e.report(args.json),
    };
    // The database made ready once, before the clock, for every board.
    let db = match choice {
        Some(c) => match ready(c, &goal, false, args.cache_dir.as_deref()) {
            Ok(r) => Some(r),
            Err(e) => return unready(&e),
        },
        None => None,
    };
    let method = match &db {
        Some(r) => format!("{FAST_METHOD_PDB}, {}", r.name()),
        None => FAST_METHOD.to_string(),
    };
    let boards = sample_boards(&goal, args.count as usize, args.seed);
    let threads = threads_or_cores(args.threads);
    let t = Instant::now();
    let rows = solve_all(
        &boards,
        &goal,
        threads,
        args.time_limit,
        (choice, db.as_ref()),
    );
    let wall = t.elapsed().as_secs_f64();
    let solved: Vec<&Row> = rows.iter().filter(|r| r.cost.is_some()).collect();
    let n = solved.len().max(1) as f64;
    let mean_cost = solved
        .iter()
        .map(|r| f64::from(r.cost.unwrap_or(0)))
        .sum::<f64>()
        / n;
    let gap = |r: &Row| r.cost.zip(r.lower_bound).map(|(c, b)| c - b.min(c));
    let mean_bound = solved
        .iter()
        .map(|r| f64::from(r.lower_bound.unwrap_or(0)))
        .sum::<f64>()
        / n;
    let mean_gap = solved
        .iter()
        .map(|r| f64::from(gap(r).unwrap_or(0)))
        .sum::<f64>()
        / n;
    let worst = solved
        .iter()
        .max_by_key(|r| (r.cost, std::cmp::Reverse(r.index)));
    let slowest = rows
        .iter()
        .max_by(|a, b| a.ms.total_cmp(&b.ms).then(b.index.cmp(&a.index)));
    let limit = args
        .time_limit
        .map_or("one beam".to_string(), |s| format!("time limit {s} s"));
    if args.json {
        for r in &rows {
            println!(
                "{}",
                json!({
                    "board": r.index + 1, "start": r.start.to_json(),
                    "cost": r.cost, "lower_bound": r.lower_bound, "gap": gap(r),
                    "ms": round(r.ms), "moves": r.moves,
                })
            );
        }
        println!(
            "{}",
            json!({
                "shape": shape.code(), "seed": args.seed, "boards": rows.len(),
                "solved": solved.len(), "method": method,
                "time_limit_s": args.time_limit,
                "mean_cost": (!solved.is_empty()).then(|| round(mean_cost)),
                "mean_lower_bound": (!solved.is_empty()).then(|| round(mean_bound)),
                "mean_gap": (!solved.is_empty()).then(|| round(mean_gap)),
                "worst": worst.map(|r| json!({"board": r.index + 1, "cost": r.cost})),
                "slowest": slowest.map(|r| json!({"board": r.index + 1, "ms": round(r.ms)})),
                "ms": round(wall * 1e3), "threads": threads,
            })
        );
    } else {
        println!(
            "{} uniformly random solvable {} boards (seed {}), goal {goal}, fast mode ({method}), {limit}",
            rows.len(),
            shape.name(),
            args.seed
        );
        println!(
            "  {:>5} {:>6} {:>6} {:>5} {:>10}  moves",
            "board", "length", "bound", "gap", "ms"
        );
        for r in &rows {
            let show = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
            println!(
                "  {:>5} {:>6} {:>6} {:>5} {:>10.1}  {}",
                r.index + 1,
                show(r.cost),
                show(r.lower_bound),
                show(gap(r)),
                r.ms,
                r.moves
            );
        }
        if solved.is_empty() {
            println!("Total: {}, none solved", plural(rows.len() as u64, "board"));
        } else {
            println!(
                "Total: {}, {} solved; mean length {mean_cost:.2}, mean lower bound {mean_bound:.2}, mean gap {mean_gap:.2}",
                plural(rows.len() as u64, "board"),
                solved.len()
            );
        }
        if let (Some(w), Some(s)) = (worst, slowest) {
            println!(
                "Worst: board {} at {} moves; slowest: board {} in {:.1} ms; {:.2} s wall on {}",
                w.index + 1,
                w.cost.unwrap_or(0),
                s.index + 1,
                s.ms,
                wall,
                plural(threads as u64, "thread")
            );
        }
    }
    if solved.len() == rows.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
