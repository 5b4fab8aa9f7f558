//! `eight-puzzle space`: the exact state space of a goal, every shape up to
//! 14 cells (2×7, 7×2: 10.9 GB of table), on every core.
//!
//! Standard error, when it is a terminal or with `--progress`: the table's
//! size before it is allocated, then the progress at most every 2 s.
//! Standard output carries the result only.

use super::plan::{metric_flag, value, Checked};
use eight_puzzle::engine::text::{in_units, thousands};
use eight_puzzle::engine::{moves::Metric, Shape};
use eight_puzzle::engine::{
    space::{
        parse_space_goal_in, parse_space_shape_in, space_bytes_in, Progress, Reach, SpaceError,
        SpaceResult, SpaceSearch, ANTIPODES_LISTED,
    },
    Board,
};
use eight_puzzle::space_checkpoint::{self as checkpoint, Header, Opened};
use serde_json::{json, Value};
use std::cell::Cell;
use std::convert::Infallible;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of `space`.
#[derive(clap::Args)]
pub(super) struct SpaceArgs {
    /// The goal, JSON: rows for any shape ([[1,2,3,4],[5,6,7,8],[9,10,11,0]]),
    /// or a flat list for a square one. Every board that can reach it is
    /// searched. Default: the 3×3 goal [1,2,3,4,5,6,7,8,0].
    #[arg(long, allow_hyphen_values = true, conflicts_with = "shape", value_parser = goal_flag)]
    goal: Option<Checked<Board, SpaceError>>,
    /// A shape, WxH (width first, at most 14 cells: 2x2 … 2x7, 3x2 … 3x4,
    /// 4x2, 4x3, 5x2, 6x2, 7x2), searched from its default goal 1 … W·H−1
    /// then the blank.
    #[arg(long, allow_hyphen_values = true, value_parser = shape_flag)]
    shape: Option<Checked<Shape, SpaceError>>,
    /// One JSON object: shape, metric (when --metric is given), goal,
    /// states, counts (by distance), diameter, mean, antipodes (at most 100,
    /// by key), antipode_count, bytes, ms.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// The counts as CSV: distance,boards.
    #[arg(long)]
    csv: bool,
    /// Threads for the search (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// What one move is: single (one tile, the default) or multi (one or
    /// more tiles of the blank's row or column in one motion).
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
    /// Say the table's size first and the progress (layer, boards, time,
    /// time left) at most every 2 s on standard error even when it is not a
    /// terminal (on a terminal they are always shown).
    #[arg(long)]
    progress: bool,
    /// Keep the search's state in DIR/space.checkpoint after a finished
    /// layer, every --checkpoint-every seconds (atomically, checksummed); a
    /// run with the same arguments resumes from it, and once complete it
    /// holds the result.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<PathBuf>,
    /// With --checkpoint: write a finished layer only when at least this
    /// many seconds have passed since the run began or the last write
    /// (0: after every layer; a 14-cell table is 10.9 GB a write).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = CHECKPOINT_EVERY,
        requires = "checkpoint"
    )]
    checkpoint_every: u64,
    /// For tests: stop (exit 4) once the pass expanding layer K is over and
    /// its checkpoint written.
    #[arg(long, value_name = "K", hide = true, requires = "checkpoint")]
    stop_after_layer: Option<u64>,
}

/// Seconds between two checkpoint writes unless --checkpoint-every says
/// otherwise: at most ten minutes of work lost, and on 2×7 (10.9 GB a
/// write, about 18 s) at most 3 % of the run spent writing (BENCHMARKS.md).
const CHECKPOINT_EVERY: u64 = 600;

/// The JSON output, fields in this order.
#[derive(serde::Serialize)]
struct SpaceJson<'a> {
    shape: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    metric: Option<Metric>,
    goal: Value,
    states: u64,
    counts: &'a [u64],
    diameter: u32,
    mean: f64,
    antipodes: Vec<Value>,
    antipode_count: u64,
    bytes: u64,
    threads: usize,
    ms: f64,
}

/// `--goal`, checked by the engine's parser and shape rules.
fn goal_flag(text: &str) -> Result<Checked<Board, SpaceError>, Infallible> {
    Ok(Checked(parse_space_goal_in(text, Reach::Native)))
}

/// `--shape`, checked by the engine's shape rules.
fn shape_flag(text: &str) -> Result<Checked<Shape, SpaceError>, Infallible> {
    Ok(Checked(parse_space_shape_in(text, Reach::Native)))
}

/// The goal asked for.
fn goal_of(args: &SpaceArgs) -> Result<Board, SpaceError> {
    match (&args.goal, &args.shape) {
        (Some(goal), _) => goal.get(),
        (None, Some(shape)) => shape.get().map(Board::default_goal),
        (None, None) => Ok(Board::DEFAULT_GOAL),
    }
}

fn invalid(e: &SpaceError, as_json: bool) -> ExitCode {
    if as_json {
        let v = json!({
            "status": "Invalid",
            "error": { "field": e.field(), "kind": e.kind(), "message": e.to_string() },
        });
        println!("{v}");
    } else {
        let label = if e.field() == "goal" {
            "Goal board"
        } else {
            "Shape"
        };
        eprintln!("Invalid — {label}: {e}");
    }
    ExitCode::from(2)
}

/// A board as the JSON value the parser reads back.
fn board_value(b: &Board) -> Value {
    serde_json::from_str(&b.to_json()).unwrap_or(Value::Null)
}

/// Runs `space`.
pub(super) fn run(args: &SpaceArgs) -> ExitCode {
    let goal = match goal_of(args) {
        Ok(g) => g,
        Err(e) => return invalid(&e, args.json),
    };
    let metric = match value(args.metric.as_ref()) {
        Ok(m) => m,
        Err(e) => return e.report(args.json),
    };
    let m = metric.unwrap_or_default();
    let shape = goal.shape();
    let bytes = space_bytes_in(shape, Reach::Native).unwrap_or(0);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let tty = std::io::stderr().is_terminal();
    let status = tty || args.progress;
    let started = Instant::now();
    let dir = args.checkpoint.as_deref();
    let mut resume = None;
    if let Some(dir) = dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            let why = format!(
                "{} cannot be used as the checkpoint directory: {e}",
                dir.display()
            );
            return invalid_checkpoint(&why, "checkpoint_directory", args.json);
        }
        match checkpoint::open(dir, &goal, m) {
            Opened::Missing => {}
            Opened::Complete(r) => {
                eprintln!(
                    "The checkpoint {} holds this search complete: its result, not searched again.",
                    checkpoint::path_in(dir).display()
                );
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                print_result(args, &r, metric, bytes, threads, ms);
                return ExitCode::SUCCESS;
            }
            Opened::Other(why) => {
                return invalid_checkpoint(&why, "checkpoint_for_other_arguments", args.json)
            }
            Opened::Damaged(why) => eprintln!(
                "Ignored the damaged checkpoint {why}; this run starts afresh and replaces it."
            ),
            Opened::Between { counts, reader } => resume = Some((counts, reader)),
        }
    }
    if status {
        eprintln!("{}", memory_line(shape, bytes));
    }
    let made = || SpaceSearch::within(&goal, m, Reach::Native);
    let mut search = match made() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(3);
        }
    };
    if let Some((counts, reader)) = resume {
        match Opened::load_into(counts, reader, &mut search) {
            Ok(()) => eprintln!(
                "Resumed from the checkpoint in {}: layers 0 to {} known, {} boards.",
                dir.map_or(String::new(), |d| d.display().to_string()),
                search.counts().len() - 1,
                thousands(search.counts().iter().sum::<u64>())
            ),
            Err(why) => {
                eprintln!(
                    "Ignored the damaged checkpoint {why}; this run starts afresh and replaces it."
                );
                // The half-filled table goes before a new one is made.
                drop(search);
                search = match made() {
                    Ok(s) => s,
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::from(3);
                    }
                };
            }
        }
    }
    let reporter = Reporter::new(tty, status, &search);
    let layer = Cell::new(search.counts().last().copied().unwrap_or(1));
    let last_layer = |s: &SpaceSearch| s.counts().len() - 1;
    let mut last_write = Instant::now();
    let every = Duration::from_secs(args.checkpoint_every);
    let mut stopped = false;
    let result = search.run(
        threads.max(1),
        |p| reporter.report(p, layer.get()),
        |s| {
            layer.set(s.counts().last().copied().unwrap_or(0));
            // The pass that expanded layer K is over when K + 2 layers are
            // known.
            let stop = args
                .stop_after_layer
                .is_some_and(|k| s.counts().len() as u64 >= k.saturating_add(2));
            if let Some(dir) = dir.filter(|_| stop || last_write.elapsed() >= every) {
                let t = Instant::now();
                match checkpoint::write(dir, &Header::new(&goal, m), Some(s), None) {
                    Ok(()) => reporter.say(&format!(
                        "Checkpoint: layers 0 to {} written to {} in {:.1} s.",
                        last_layer(s),
                        checkpoint::path_in(dir).display(),
                        t.elapsed().as_secs_f64()
                    )),
                    Err(e) => eprintln!(
                        "warning: the checkpoint could not be written to {}: {e}; the search goes on",
                        dir.display()
                    ),
                }
                last_write = Instant::now();
            }
            stopped = stop;
            !stop
        },
    );
    reporter.end();
    drop(search);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let Some(r) = result else {
        if stopped {
            eprintln!(
                "Stopped after layer {} as asked (--stop-after-layer); run again with the same arguments to resume.",
                args.stop_after_layer.unwrap_or(0)
            );
        }
        return ExitCode::from(4);
    };
    if let Some(dir) = dir {
        // The complete search replaces the table: a rerun prints it.
        match checkpoint::write(dir, &Header::new(&goal, m), None, Some(&r)) {
            Ok(()) => reporter.say(&format!(
                "Checkpoint: the complete result written to {}.",
                checkpoint::path_in(dir).display()
            )),
            Err(e) => eprintln!(
                "warning: the complete result could not be written to {}: {e}",
                dir.display()
            ),
        }
    }
    print_result(args, &r, metric, bytes, threads, ms);
    ExitCode::SUCCESS
}

/// A checkpoint directory that cannot be used, or a checkpoint for other
/// arguments: refused, with why (what differs).
fn invalid_checkpoint(why: &str, kind: &str, as_json: bool) -> ExitCode {
    if as_json {
        let v = json!({
            "status": "Invalid",
            "error": { "field": "checkpoint", "kind": kind, "message": why },
        });
        println!("{v}");
    } else {
        eprintln!("Invalid — Checkpoint: {why}");
    }
    ExitCode::from(2)
}

/// The result on standard output, as JSON, CSV or text.
fn print_result(
    args: &SpaceArgs,
    r: &SpaceResult,
    metric: Option<Metric>,
    bytes: u64,
    threads: usize,
    ms: f64,
) {
    let shape = r.goal.shape();
    let goal = r.goal;
    if args.json {
        // A struct, not `json!`, so the fields keep the documented order.
        let v = SpaceJson {
            shape: shape.code(),
            metric,
            goal: board_value(&goal),
            states: r.states(),
            counts: &r.counts,
            diameter: r.diameter(),
            mean: r.mean(),
            antipodes: r.antipodes.iter().map(board_value).collect(),
            antipode_count: r.antipode_count,
            bytes,
            threads,
            ms: (ms * 10.0).round() / 10.0,
        };
        println!("{}", serde_json::to_string(&v).unwrap_or_default());
    } else if args.csv {
        println!("distance,boards");
        for (d, c) in r.counts.iter().enumerate() {
            println!("{d},{c}");
        }
    } else {
        print_human(r, metric.unwrap_or_default(), bytes, threads, ms);
    }
}

/// The table's size, said before it is allocated: "2x7: 43,589,145,600
/// boards, two bits each: 10.9 GB of table (10,897,286,408 bytes)".
fn memory_line(shape: Shape, bytes: u64) -> String {
    let boards: u64 = (1..=shape.cells() as u64).product::<u64>() / 2;
    let exact = if bytes >= 1000 {
        format!(" ({} bytes)", thousands(bytes))
    } else {
        String::new()
    };
    format!(
        "{}: {} boards, two bits each: {} of table{exact}",
        shape.code(),
        thousands(boards),
        in_units(u128::from(bytes)),
    )
}

/// The progress lines on standard error: at most one every
/// [`Reporter::EVERY`], rewritten in place on a terminal, one a line
/// otherwise; none unless asked for or on a terminal.
struct Reporter {
    tty: bool,
    on: bool,
    started: Instant,
    last: Cell<Instant>,
    /// Boards known when this run started (a resumed run's layers).
    known: u64,
    /// Whether a line rewritten in place is open.
    open: Cell<bool>,
}

impl Reporter {
    const EVERY: Duration = Duration::from_secs(2);

    fn new(tty: bool, on: bool, search: &SpaceSearch) -> Reporter {
        let now = Instant::now();
        Reporter {
            tty,
            on,
            started: now,
            last: Cell::new(now),
            known: search.counts().iter().sum(),
            open: Cell::new(false),
        }
    }

    /// `p`, if the last line is [`Reporter::EVERY`] old; `layer`: the
    /// boards in the layer being expanded.
    fn report(&self, p: Progress, layer: u64) {
        if !self.on || self.last.get().elapsed() < Self::EVERY {
            return;
        }
        self.last.set(Instant::now());
        let elapsed = self.started.elapsed().as_secs_f64();
        // The time left assumes the boards still unknown are found at the
        // mean rate of this run so far. It is rough: a pass also rescans
        // the whole table whatever its layer's size, the middle layers are
        // the largest, and the last passes find few boards each. Before a
        // tenth of the boards are found, the early passes are mostly that
        // rescan and the rate says little (on 2×7 it gave 11 h for a
        // 28-minute run), so no figure is given until then.
        let found = p.reached.saturating_sub(self.known);
        let unknown_at_start = p.total.saturating_sub(self.known).max(1);
        let left = if found.saturating_mul(10) >= unknown_at_start {
            let rate = found as f64 / elapsed;
            format!(
                ", about {} left",
                duration_text((p.total - p.reached) as f64 / rate)
            )
        } else {
            "; the time left is estimated once a tenth of the boards are known".to_string()
        };
        let line = format!(
            "layer {}: {} boards in it; {} of {} boards so far ({:.1}%); {} elapsed{left}",
            p.depth,
            thousands(layer),
            thousands(p.reached),
            thousands(p.total),
            100.0 * p.reached as f64 / p.total.max(1) as f64,
            duration_text(elapsed),
        );
        if self.tty {
            // Back to the line's start, the line, the rest of it cleared.
            eprint!("\r{line}\x1b[K");
            self.open.set(true);
        } else {
            eprintln!("{line}");
        }
    }

    /// A line of its own, when progress is shown.
    fn say(&self, text: &str) {
        if self.on {
            self.end();
            eprintln!("{text}");
        }
    }

    /// Ends a line rewritten in place.
    fn end(&self) {
        if self.open.replace(false) {
            eprintln!();
        }
    }
}

/// Seconds as "42 s", "5 min 12 s", "1 h 03 min".
fn duration_text(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    if s < 60 {
        format!("{s} s")
    } else if s < 3600 {
        format!("{} min {} s", s / 60, s % 60)
    } else {
        format!("{} h {:02} min", s / 3600, (s % 3600) / 60)
    }
}

fn print_human(r: &SpaceResult, metric: Metric, bytes: u64, threads: usize, ms: f64) {
    let shape = r.goal.shape();
    println!("Shape {shape}, goal {}", r.goal.to_json());
    for row in r.goal.grid_rows() {
        println!("  {row}");
    }
    if metric == Metric::Multi {
        let tiles = |n: usize| {
            if n == 1 {
                "1 tile".to_string()
            } else {
                format!("1 to {n} tiles")
            }
        };
        println!(
            "Multi-tile metric: one move slides {} of the blank's row or {} of its column.",
            tiles(shape.width() - 1),
            tiles(shape.height() - 1)
        );
    }
    println!(
        "{} boards can reach the goal ({}!/2: the other half have the other parity and cannot).",
        thousands(r.states()),
        shape.cells()
    );
    println!("\ndistance  boards");
    for (d, c) in r.counts.iter().enumerate() {
        println!("{d:>8}  {c:>11}");
    }
    println!(
        "\nDiameter: {} moves, reached by {} board{}",
        r.diameter(),
        thousands(r.antipode_count),
        if r.antipode_count == 1 { "" } else { "s" }
    );
    println!(
        "Mean distance: {:.4} ({} moves over {} boards)",
        r.mean(),
        thousands(r.total_distance()),
        thousands(r.states())
    );
    if r.antipode_count > r.antipodes.len() as u64 {
        println!(
            "The first {ANTIPODES_LISTED} boards at the diameter by key (the cells row-major, compared in order):"
        );
    } else {
        println!("The boards at the diameter:");
    }
    for b in &r.antipodes {
        println!("  {}", b.to_json());
    }
    println!(
        "Time: {:.3} s on {threads} thread{} (this run, this machine); table {} bytes (2 bits a board)",
        ms / 1000.0,
        if threads == 1 { "" } else { "s" },
        thousands(bytes)
    );
}
