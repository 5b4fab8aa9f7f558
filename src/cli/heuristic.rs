//! `eight-puzzle heuristic check`: a heuristic written in the engine's
//! heuristic language, checked on every board of a shape of up to 10 cells
//! (a sample of the 12-cell shapes) for admissibility and consistency, with
//! its strength and the counterexamples.

use super::plan::{metric_flag, value, Checked, Invalid};
use eight_puzzle::engine::heuristic::expr::{parse, Expr, ExprError, Program};
use eight_puzzle::engine::teaching::workshop::{
    grade, CostTotals, Exercise, ExerciseError, GradeError, SearchCost, ASTAR_BUDGET,
    COST_PER_DEPTH, COST_SEED, EXERCISES, IDA_BUDGET,
};
use eight_puzzle::engine::text::thousands;
use eight_puzzle::engine::{heuristic::BuiltIn, moves::Metric, Board, Shape};
use eight_puzzle::engine::{
    heuristic::{CheckError, CheckResult, EvalFailure, HeuristicCheck, CHECK_MAX_CELLS},
    space::{parse_space_goal, parse_space_shape, SpaceError},
};
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
    /// Search cost by solution depth (shapes of up to 10 cells): at each
    /// depth up to --per-depth boards drawn from a fixed seed (all where
    /// the depth has fewer), IDA* (and A* on 3×3) with h and with
    /// Manhattan: mean expansions, b* from the mean generated (as
    /// depth-table computes it), path length over the optimum, boards over
    /// the budget. Exit 0, or 2 on invalid input.
    Cost(CostArgs),
    /// Grade h on an exercise link: admissible (when the exercise asks),
    /// the exercise's search from each of its boards with h, the nodes
    /// expanded in total against its target. Exit 0 pass, 1 fail, 2
    /// invalid input (the link or the expression).
    Grade(GradeArgs),
    /// Make an exercise link: a target of nodes in total on boards. Exit 0,
    /// or 2 on invalid input.
    Exercise(ExerciseArgs),
}

/// Arguments of `heuristic cost`.
#[derive(clap::Args)]
struct CostArgs {
    #[command(flatten)]
    check: CheckArgs,
    /// Boards drawn at each depth (1–1000).
    #[arg(long, default_value_t = COST_PER_DEPTH as u16, value_parser = clap::value_parser!(u16).range(1..=1000))]
    per_depth: u16,
}

/// Arguments of `heuristic grade`.
#[derive(clap::Args)]
struct GradeArgs {
    /// The exercise: a page link, its fragment, or the text after exercise=.
    #[arg(long, allow_hyphen_values = true, value_parser = link_flag)]
    link: Checked<Exercise, ExerciseError>,
    /// The heuristic (the language of `heuristic check`).
    #[arg(long, allow_hyphen_values = true)]
    expr: String,
    /// One JSON object: pass, reason, admissible, overestimates,
    /// worst_overestimate, nodes (per board), total, target, excess.
    #[arg(long)]
    json: bool,
}

/// Arguments of `heuristic exercise`.
#[derive(clap::Args)]
struct ExerciseArgs {
    /// The shape, WxH (up to 10 cells), with its default goal.
    #[arg(long, default_value = "3x3")]
    shape: String,
    /// The goal as digits row by row, 0 the blank (default: the shape's).
    #[arg(long)]
    goal: Option<String>,
    /// The search that counts nodes: astar (3x3) or idastar.
    #[arg(long, default_value = "astar")]
    search: String,
    /// Allow an inadmissible h (default: h must be admissible).
    #[arg(long)]
    any: bool,
    /// The most nodes expanded in total over the boards.
    #[arg(long, required_unless_present = "list")]
    target_nodes: Option<String>,
    /// The boards, digits row by row (0 the blank), separated by commas.
    #[arg(long, required_unless_present = "list")]
    boards: Option<String>,
    /// List the exercises shipped with the page instead: name and fragment.
    #[arg(long, conflicts_with_all = ["target_nodes", "boards"])]
    list: bool,
    /// The metric the exercise counts distances and paths in: single or
    /// multi (the link's seventh field, .multi) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
    /// One JSON object: exercise (the text), fragment.
    #[arg(long)]
    json: bool,
}

fn link_flag(text: &str) -> Result<Checked<Exercise, ExerciseError>, Infallible> {
    Ok(Checked(Exercise::read(text)))
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
    /// occurs), sample (null, or boards, of, seed), metric, ms.
    #[arg(long)]
    json: bool,
    /// The metric of the distances h is checked against: single (a move
    /// slides one tile) or multi (a move slides 1 to k tiles of the blank's
    /// row or column) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
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
        HeuristicCommand::Cost(a) => cost(a),
        HeuristicCommand::Grade(a) => grade_cmd(a),
        HeuristicCommand::Exercise(a) => exercise(a),
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
            "link" => "Exercise link",
            "search" => "Search",
            "rule" => "Rule",
            "nodes" => "Node target",
            "boards" => "Boards",
            "metric" => "Metric",
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
    let (check, ms) = match run_check(args, false) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let Some(r) = check.result() else {
        return ExitCode::from(3);
    };
    if args.json {
        print_json(&args.expr.text, r, ms);
    } else {
        print_human(&args.expr.text, r, ms);
    }
    if r.admissible && r.consistent {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The check of `args` run to its end (with its time in ms), or the exit
/// code of an invalid input (reported).
fn run_check(args: &CheckArgs, every: bool) -> Result<(HeuristicCheck, f64), ExitCode> {
    let expr = args
        .expr
        .parsed
        .get()
        .map_err(|e| expr_invalid(&e, args.json))?;
    let goal = match (value(args.goal.as_ref()), value(args.shape.as_ref())) {
        (Err(e), _) | (_, Err(e)) => return Err(space_invalid(&e, args.json)),
        (Ok(Some(goal)), _) => goal,
        (Ok(None), Ok(Some(shape))) => Board::default_goal(shape),
        (Ok(None), Ok(None)) => Board::DEFAULT_GOAL,
    };
    let program = Program::new(&expr, &goal).map_err(|e| expr_invalid(&e, args.json))?;
    let metric = metric_of(args.metric.as_ref(), args.json)?;
    if every && goal.shape().cells() > CHECK_MAX_CELLS {
        let message = format!(
            "the search cost needs every board's distance: shapes of up to {CHECK_MAX_CELLS} cells, not {}",
            goal.shape()
        );
        return Err(invalid(
            "shape",
            "too_large_for_cost",
            &message,
            Value::Null,
            args.json,
        ));
    }
    let started = Instant::now();
    let mut check = match HeuristicCheck::in_metric(program, metric) {
        Ok(c) => c,
        Err(e @ CheckError::TooLarge { .. }) => {
            return Err(invalid(
                "shape",
                e.kind(),
                &e.to_string(),
                Value::Null,
                args.json,
            ))
        }
        Err(e) => {
            eprintln!("{e}");
            return Err(ExitCode::from(3));
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
        return Err(failed(f, args.json));
    }
    Ok((check, ms))
}

/// `--metric` (single when absent), or the exit code of its error
/// (reported).
fn metric_of(flag: Option<&Checked<Metric>>, as_json: bool) -> Result<Metric, ExitCode> {
    value(flag)
        .map(Option::unwrap_or_default)
        .map_err(|e: Invalid| invalid(e.field, e.kind, &e.message, Value::Null, as_json))
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
    metric: Metric,
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
        metric: r.metric,
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
    if r.metric != Metric::Single {
        println!(
            "Distances {}: a slide of any number of tiles of the blank's row or column is one move.",
            r.against()
        );
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

fn totals_json(t: &CostTotals, depth: u32) -> Value {
    json!({
        "mean_expansions": t.mean_expansions(),
        "branching": t.branching(depth),
        "excess": t.excess,
        "max_excess": t.max_excess,
        "over_budget": t.over_budget,
    })
}

fn cost(args: &CostArgs) -> ExitCode {
    let json = args.check.json;
    let (check, _) = match run_check(&args.check, true) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let Some(mut cost) = SearchCost::new(&check, usize::from(args.per_depth)) else {
        let message = format!(
            "the search cost needs every board's distance: shapes of up to {CHECK_MAX_CELLS} cells"
        );
        return invalid("shape", "too_large_for_cost", &message, Value::Null, json);
    };
    let tty = std::io::stderr().is_terminal();
    while !cost.step(16) {
        if tty {
            let (done, all) = cost.progress();
            eprint!("\r{done} of {all} boards searched");
        }
    }
    if tty {
        eprintln!();
    }
    let goal = *check.program().goal();
    let metric = cost.metric();
    let (_, boards) = cost.progress();
    if json {
        let rows: Vec<Value> = cost
            .rows()
            .iter()
            .map(|r| {
                let d = r.depth;
                let mut row = json!({
                    "depth": d,
                    "class_boards": r.class_boards,
                    "boards": r.ida[0].boards,
                    "idastar": totals_json(&r.ida[0], d),
                    "idastar_manhattan": totals_json(&r.ida[1], d),
                });
                if let (Some(a), Some(o)) = (&r.astar, row.as_object_mut()) {
                    o.insert("astar".into(), totals_json(&a[0], d));
                    o.insert("astar_manhattan".into(), totals_json(&a[1], d));
                }
                row
            })
            .collect();
        let v = json!({
            "expr": args.check.expr.text,
            "shape": goal.shape().code(),
            "goal": board_value(&goal),
            "per_depth": args.per_depth,
            "seed": COST_SEED,
            "boards": boards,
            "astar_budget": ASTAR_BUDGET,
            "idastar_budget": IDA_BUDGET,
            "rows": rows,
        });
        let mut v = v;
        if metric != Metric::Single {
            // The multi-tile run names its metric and its reference (the
            // `*_manhattan` columns hold the multi-tile estimate's figures).
            v["metric"] = json!(metric);
            v["reference"] = json!(BuiltIn::plain_bound(metric).code(goal.shape()));
        }
        println!("{v}");
        return ExitCode::SUCCESS;
    }
    println!("h = {}", args.check.expr.text);
    println!("Shape {}, goal {}", goal.shape(), goal.to_json());
    println!(
        "Boards: at each depth {} drawn from the boards at that depth (xorshift64*, seed {COST_SEED:#x} xor the depth; all of them where there are fewer): {} in all",
        args.per_depth,
        thousands(boards as u64)
    );
    println!(
        "Each cell: mean expansions / b* (N + 1 = 1 + b* + ... + b*^d, N the mean generated); +k: the longest path k moves over the optimum; (n over): boards over the budget (A* {} expansions, IDA* {} generated)",
        thousands(u64::from(ASTAR_BUDGET)),
        thousands(IDA_BUDGET)
    );
    if metric != Metric::Single {
        println!(
            "Metric: {}; depths and paths in slides, the reference heuristic {} (Manhattan is not a lower bound there)",
            metric.long_name(),
            BuiltIn::plain_bound(metric).name()
        );
    }
    let reference = match metric {
        Metric::Single => "Manhattan",
        Metric::Multi => "MT-Manhattan",
    };
    let astar = cost.rows().iter().any(|r| r.astar.is_some());
    print!("depth  boards");
    if astar {
        print!(" | {:<24} | {:<24}", "A* h", format!("A* {reference}"));
    }
    println!(" | {:<24} | {:<24}", "IDA* h", format!("IDA* {reference}"));
    for r in cost.rows() {
        let d = r.depth;
        print!("{d:>5} {:>7}", r.ida[0].boards);
        if let Some(a) = &r.astar {
            print!(" | {:<24} | {:<24}", a[0].cell(d), a[1].cell(d));
        }
        println!(" | {:<24} | {:<24}", r.ida[0].cell(d), r.ida[1].cell(d));
    }
    ExitCode::SUCCESS
}

fn exercise_invalid(e: &ExerciseError, as_json: bool) -> ExitCode {
    invalid(e.field(), e.kind(), &e.to_string(), Value::Null, as_json)
}

fn grade_cmd(args: &GradeArgs) -> ExitCode {
    let ex = match args.link.get() {
        Ok(e) => e,
        Err(e) => return exercise_invalid(&e, args.json),
    };
    let g = match grade(&ex, &args.expr) {
        Ok(g) => g,
        Err(GradeError::Expr(e)) => return expr_invalid(&e, args.json),
        Err(GradeError::Eval(f)) => return failed(&f, args.json),
        Err(GradeError::Check(e)) => {
            return invalid("link", e.kind(), &e.to_string(), Value::Null, args.json)
        }
    };
    let reason = g.reason_text(&ex);
    if args.json {
        let v = json!({
            "pass": g.pass,
            "reason": reason,
            "search": ex.search.code(),
            "admissible_required": ex.admissible,
            "admissible": g.admissible,
            "overestimates": g.overestimates,
            "worst_overestimate": g.worst.as_ref().map_or(Value::Null, |w| {
                json!({ "board": board_value(&w.board), "h": w.h, "distance": w.distance })
            }),
            "nodes": g.nodes,
            "total": g.total,
            "target": ex.max_nodes,
            "excess": g.excess,
        });
        let mut v = v;
        if g.metric != Metric::Single {
            v["metric"] = json!(g.metric);
        }
        println!("{v}");
    } else {
        println!("h = {}", args.expr);
        for line in g.lines(&ex) {
            println!("{line}");
        }
    }
    if g.pass {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn exercise(args: &ExerciseArgs) -> ExitCode {
    let (Some(target), Some(boards)) = (&args.target_nodes, &args.boards) else {
        for (name, text) in EXERCISES {
            if args.json {
                println!("{}", json!({ "name": name, "exercise": text }));
            } else {
                println!("{name}: #exercise={text}");
            }
        }
        return ExitCode::SUCCESS;
    };
    let goal = match &args.goal {
        Some(g) => g.clone(),
        None => match eight_puzzle::engine::space::parse_space_shape(&args.shape) {
            Ok(s) => Board::default_goal(s)
                .cells()
                .iter()
                .map(|&c| char::from(b'0' + c % 10))
                .collect(),
            Err(_) => String::new(),
        },
    };
    let metric = match metric_of(args.metric.as_ref(), args.json) {
        Ok(m) => m,
        Err(code) => return code,
    };
    let text = format!(
        "{}.{goal}.{}.{}.{}.{}{}",
        args.shape,
        args.search,
        if args.any { "any" } else { "admissible" },
        target,
        boards.replace(',', "_"),
        if metric == Metric::Multi {
            ".multi"
        } else {
            ""
        }
    );
    match Exercise::read(&text) {
        Ok(ex) => {
            if args.json {
                println!(
                    "{}",
                    json!({ "exercise": ex.text(), "fragment": ex.fragment() })
                );
            } else {
                println!("#{}", ex.fragment());
            }
            ExitCode::SUCCESS
        }
        Err(e) => exercise_invalid(&e, args.json),
    }
}
