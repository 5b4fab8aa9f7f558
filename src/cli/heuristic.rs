//! `eight-puzzle heuristic check`: a heuristic written in the engine's
//! heuristic language, checked on every board of a shape of up to 10 cells
//! (a sample of the 12-cell shapes) for admissibility and consistency, with
//! its strength and the counterexamples.

use super::plan::{value, Checked};
use eight_puzzle::engine::solve::expr::{parse, Expr, ExprError, Program};
use eight_puzzle::engine::space::{
    parse_space_goal, parse_space_shape, CheckError, CheckResult, EvalFailure, HeuristicCheck,
    SpaceError, CHECK_MAX_CELLS,
};
use eight_puzzle::engine::text::thousands;
use eight_puzzle::engine::{Board, Shape};
use serde_json::{json, Value};
use std::convert::Infallible;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `heuristic`.
#[derive(clap::Args)]
pub(super) struct HeuristicArgs {
    #[command(subcommand)]
    command: HeuristicCommand,
}

#[derive(clap::Subcommand)]
enum HeuristicCommand {
    /// Check h on every board that can reach the goal (shapes of up to 10
    /// cells; 12-cell shapes on a seeded uniform sample of 10,000): admissible (h ≤ distance on every board) and consistent
    /// (h(a) ≤ 1 + h(b) on every move a→b), its strength and the worst
    /// counterexamples. Exit 0 when admissible and consistent, 1 when not,
    /// 2 on invalid input (the expression, the goal or shape, or h without
    /// a value on some board).
    Check(CheckArgs),
}

/// Arguments of `heuristic check`.
#[derive(clap::Args)]
struct CheckArgs {
    /// The heuristic, e.g. 'max(manhattan, 2 * misplaced - 1)'. Features:
    /// manhattan, misplaced, linear_conflict (Manhattan plus the conflicts),
    /// out_of_row, out_of_col, blank_row, blank_col, width, height, md(t),
    /// row(t), col(t); + - * / (integer), abs, min, max, comparisons,
    /// && || !, if(c, a, b); integer constants.
    #[arg(long, allow_hyphen_values = true, value_parser = expr_flag)]
    expr: ExprFlag,
    /// The goal, JSON: rows for any shape ([[1,2,3,4,5],[6,7,8,9,0]]), or a
    /// flat list for a square one. Default: the 3×3 goal [1,2,3,4,5,6,7,8,0].
    #[arg(long, allow_hyphen_values = true, conflicts_with = "shape", value_parser = goal_flag)]
    goal: Option<Checked<Board, SpaceError>>,
    /// A shape, WxH (width first, at most 12 cells: every board of 2x2 …
    /// 2x5, 3x2, 3x3, 4x2, 5x2; a sample of 2x6, 3x4, 4x3, 6x2), checked
    /// against its default goal 1 … W·H−1 then the blank.
    #[arg(long, allow_hyphen_values = true, value_parser = shape_flag)]
    shape: Option<Checked<Shape, SpaceError>>,
    /// One JSON object: expr, shape, goal, boards, admissible,
    /// overestimates, worst_overestimate, consistent, inconsistent_moves,
    /// worst_inconsistency, mean_ratio, exact_share, exact, counts (by
    /// distance), h_vs_distance ([distance, h, boards] for every pair that
    /// occurs), sample (null, or boards, of, seed), ms.
    #[arg(long)]
    json: bool,
}

/// `--expr`: the text as given and the typed tree parsed from it (or the
/// parse error).
#[derive(Clone)]
struct ExprFlag {
    text: String,
    parsed: Checked<Expr, ExprError>,
}

fn expr_flag(text: &str) -> Result<ExprFlag, Infallible> {
    Ok(ExprFlag {
        text: text.to_string(),
        parsed: Checked(parse(text)),
    })
}

fn goal_flag(text: &str) -> Result<Checked<Board, SpaceError>, Infallible> {
    Ok(Checked(parse_space_goal(text)))
}

fn shape_flag(text: &str) -> Result<Checked<Shape, SpaceError>, Infallible> {
    Ok(Checked(parse_space_shape(text)))
}

/// Runs `heuristic …`.
pub(super) fn run(args: &HeuristicArgs) -> ExitCode {
    match &args.command {
        HeuristicCommand::Check(a) => check(a),
    }
}

/// One invalid input: its field, kind and message, as text or JSON; exit 2.
fn invalid(field: &str, kind: &str, message: &str, extra: Value, as_json: bool) -> ExitCode {
    if as_json {
        let mut error = json!({ "field": field, "kind": kind, "message": message });
        if let (Some(e), Value::Object(more)) = (error.as_object_mut(), extra) {
            e.extend(more);
        }
        println!("{}", json!({ "status": "Invalid", "error": error }));
    } else {
        let label = match field {
            "expr" => "Expression",
            "goal" => "Goal board",
            _ => "Shape",
        };
        eprintln!("Invalid — {label}: {message}");
    }
    ExitCode::from(2)
}

fn space_invalid(e: &SpaceError, as_json: bool) -> ExitCode {
    // A goal or shape over the space's 12 cells is over the check's 10 too.
    let message = match e {
        SpaceError::TooLarge { shape } => CheckError::TooLarge { shape: *shape }.to_string(),
        _ => e.to_string(),
    };
    let kind = match e {
        SpaceError::TooLarge { .. } => "too_large_for_check",
        _ => e.kind(),
    };
    invalid(e.field(), kind, &message, Value::Null, as_json)
}

fn expr_invalid(e: &ExprError, as_json: bool) -> ExitCode {
    let extra = json!({ "position": e.at + 1 });
    invalid("expr", e.kind.code(), &e.to_string(), extra, as_json)
}

fn board_value(b: &Board) -> Value {
    serde_json::from_str(&b.to_json()).unwrap_or(Value::Null)
}

fn check(args: &CheckArgs) -> ExitCode {
    let expr = match args.expr.parsed.get() {
        Ok(e) => e,
        Err(e) => return expr_invalid(&e, args.json),
    };
    let goal = match (value(args.goal.as_ref()), value(args.shape.as_ref())) {
        (Err(e), _) | (_, Err(e)) => return space_invalid(&e, args.json),
        (Ok(Some(goal)), _) => goal,
        (Ok(None), Ok(Some(shape))) => Board::default_goal(shape),
        (Ok(None), Ok(None)) => Board::DEFAULT_GOAL,
    };
    let program = match Program::new(&expr, &goal) {
        Ok(p) => p,
        Err(e) => return expr_invalid(&e, args.json),
    };
    let text = &args.expr.text;
    let started = Instant::now();
    let mut check = match HeuristicCheck::new(program) {
        Ok(c) => c,
        Err(e @ CheckError::TooLarge { .. }) => {
            return invalid("shape", e.kind(), &e.to_string(), Value::Null, args.json)
        }
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(3);
        }
    };
    let tty = std::io::stderr().is_terminal();
    while !check.step(200_000) {
        if tty {
            let p = check.progress();
            eprint!(
                "\r{} of {} boards checked",
                thousands(p.checked),
                thousands(p.total)
            );
        }
    }
    if tty {
        eprintln!();
    }
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if let Some(f) = check.failure() {
        return failed(f, args.json);
    }
    let Some(r) = check.result() else {
        return ExitCode::from(3);
    };
    if args.json {
        print_json(text, r, ms);
    } else {
        print_human(text, r, ms);
    }
    if r.admissible && r.consistent {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn failed(f: &EvalFailure, as_json: bool) -> ExitCode {
    let extra = json!({ "board": board_value(&f.board), "distance": f.distance });
    if !as_json {
        eprintln!("Invalid — Expression: {f}");
        for row in f.board.grid_rows() {
            eprintln!("  {row}");
        }
        return ExitCode::from(2);
    }
    invalid("expr", f.error.code(), &f.to_string(), extra, as_json)
}

/// The JSON output, fields in this order.
#[derive(serde::Serialize)]
struct CheckJson<'a> {
    expr: &'a str,
    shape: String,
    goal: Value,
    boards: u64,
    admissible: bool,
    overestimates: u64,
    worst_overestimate: Value,
    consistent: bool,
    inconsistent_moves: u64,
    worst_inconsistency: Value,
    mean_ratio: f64,
    exact_share: f64,
    exact: u64,
    counts: &'a [u64],
    h_vs_distance: Vec<[i64; 3]>,
    sample: Value,
    ms: f64,
}

fn print_json(text: &str, r: &CheckResult, ms: f64) {
    let v = CheckJson {
        expr: text,
        shape: r.goal.shape().code(),
        goal: board_value(&r.goal),
        boards: r.boards,
        admissible: r.admissible,
        overestimates: r.overestimates,
        worst_overestimate: r.worst_overestimate.as_ref().map_or(
            Value::Null,
            |w| json!({ "board": board_value(&w.board), "h": w.h, "distance": w.distance }),
        ),
        consistent: r.consistent,
        inconsistent_moves: r.inconsistent_moves,
        worst_inconsistency: r.worst_inconsistency.as_ref().map_or(Value::Null, |w| {
            json!({
                "from": board_value(&w.from), "h_from": w.h_from,
                "to": board_value(&w.to), "h_to": w.h_to,
            })
        }),
        mean_ratio: r.mean_ratio,
        exact_share: r.exact_share,
        exact: r.exact,
        counts: &r.counts,
        h_vs_distance: r
            .h_vs_distance
            .iter()
            .map(|c| [i64::from(c.distance), c.h, c.count as i64])
            .collect(),
        sample: r.sample.map_or(
            Value::Null,
            |s| json!({ "boards": r.boards, "of": s.class_boards, "seed": s.seed }),
        ),
        ms: (ms * 10.0).round() / 10.0,
    };
    println!("{}", serde_json::to_string(&v).unwrap_or_default());
}

/// Two boards side by side, row by row, with `mid` between them on the
/// middle row.
fn side_by_side(a: &Board, b: &Board, mid: &str) -> Vec<String> {
    let (ra, rb) = (a.grid_rows(), b.grid_rows());
    let width = ra.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let centre = ra.len() / 2;
    ra.iter()
        .zip(&rb)
        .enumerate()
        .map(|(i, (x, y))| {
            let gap = if i == centre {
                mid.to_string()
            } else {
                " ".repeat(mid.chars().count())
            };
            format!("    {x:<width$}{gap}{y}")
        })
        .collect()
}

fn print_human(text: &str, r: &CheckResult, ms: f64) {
    let shape = r.goal.shape();
    println!("h = {text}");
    println!("Shape {shape}, goal {}", r.goal.to_json());
    match r.sample {
        None => println!(
            "Checked on every board that can reach the goal: {} ({}!/2), each against its exact distance (at most {} moves).",
            thousands(r.boards),
            shape.cells(),
            r.counts.len().saturating_sub(1)
        ),
        Some(s) => println!(
            "Checked on a sample: {} distinct boards drawn uniformly from the {} that can reach the goal ({}!/2; xorshift64*, seed {:#x}), each against its exact distance from a breadth-first search of them all; consistency on every move from or to a sampled board. Every figure below is the sample's.",
            thousands(r.boards),
            thousands(s.class_boards),
            shape.cells(),
            s.seed
        ),
    }
    println!();
    if r.admissible {
        println!("Admissible: yes (h ≤ distance on every board)");
    } else {
        println!(
            "Admissible: no — h overestimates the distance on {} of {} boards",
            thousands(r.overestimates),
            thousands(r.boards)
        );
    }
    if let Some(w) = &r.worst_overestimate {
        println!(
            "  Worst overestimate: h = {}, distance {} (h − distance = {}), on {}:",
            w.h,
            w.distance,
            i128::from(w.h) - i128::from(w.distance),
            w.board.to_json()
        );
        for row in w.board.grid_rows() {
            println!("    {row}");
        }
    }
    if r.consistent {
        println!("Consistent: yes (h(a) ≤ 1 + h(b) on every move a→b)");
    } else {
        println!(
            "Consistent: no — h(a) > 1 + h(b) on {} moves a→b (each direction of a pair counted)",
            thousands(r.inconsistent_moves)
        );
    }
    if let Some(w) = &r.worst_inconsistency {
        println!(
            "  Worst inconsistency: h(a) = {}, h(b) = {} (h(a) − 1 − h(b) = {}), a = {}, b = {}:",
            w.h_from,
            w.h_to,
            i128::from(w.h_from) - 1 - i128::from(w.h_to),
            w.from.to_json(),
            w.to.to_json()
        );
        for line in side_by_side(&w.from, &w.to, "  →  ") {
            println!("{line}");
        }
    }
    println!();
    println!(
        "Mean h/distance: {:.4} (over the {} boards with distance > 0)",
        r.mean_ratio,
        thousands(r.boards - r.counts.first().copied().unwrap_or(0))
    );
    println!(
        "h = distance on {} boards: {:.4} of them",
        thousands(r.exact),
        r.exact_share
    );
    println!(
        "Time: {:.3} s (this run, this machine; every board up to {CHECK_MAX_CELLS} cells, a sample of 12-cell shapes)",
        ms / 1000.0
    );
}
