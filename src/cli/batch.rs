//! `eight-puzzle batch`: one board per line, any shape, each solved as
//! `solve` would (3×3 optimal lines by the contract A*).

use super::family::{
    answer_json, database_json, parse_mode, plan, ready, run, Invalid, Plan, Ready,
};
use super::outcome_json;
use clap::Args;
use eight_puzzle::engine::{
    contract::{parse_budget_field, Budget, Goal, Solver},
    parse::{parse_board_value, SizedBoardError},
    parse_board,
    request::pair,
    Board,
};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

/// `eight-puzzle batch`.
#[derive(Args)]
pub(super) struct BatchArgs {
    /// The file: one board per line, as JSON (rows for any shape, a flat
    /// list for a square board) or whitespace-separated integers (square boards).
    file: String,
    /// Goal board as JSON [default: each line's shape's default goal, 1 … W·H−1 then the blank].
    #[arg(long, allow_hyphen_values = true)]
    goal: Option<String>,
    /// optimal (shortest, proved) or fast (verified, not necessarily shortest) [default: optimal].
    #[arg(long, allow_hyphen_values = true)]
    mode: Option<String>,
    /// Heuristic of the optimal IDA*: manhattan, linear-conflict or the shape's pattern database, or on 4×4 pdb-78 (cached on disk) [default: the database].
    #[arg(long, allow_hyphen_values = true)]
    heuristic: Option<String>,
    /// Where pdb-78 is kept [default: $XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle].
    #[arg(long)]
    cache_dir: Option<String>,
    /// Expansion budget of the 3×3 contract A* per 3×3 board in optimal mode, 1–10000 [default: 10000].
    #[arg(long, allow_hyphen_values = true)]
    budget: Option<String>,
    /// IDA* budget of generated nodes per board, 1–10^15 [default: no limit].
    #[arg(long, allow_hyphen_values = true)]
    node_budget: Option<String>,
    /// Print JSON Lines: one object per board, in order, like `solve --json` plus `line` and `ms`.
    #[arg(long)]
    json: bool,
}

/// One line of a batch file as a board: a JSON array, or whitespace-separated
/// tokens (each read as a JSON scalar when it is one, else as text, so the
/// board rules name the bad token).
fn parse_batch_line(line: &str) -> Result<Board, SizedBoardError> {
    let t = line.trim();
    if t.starts_with('[') {
        return parse_board(t);
    }
    let items: Vec<Value> = t
        .split_whitespace()
        .map(|tok| match serde_json::from_str::<Value>(tok) {
            Ok(v) if !v.is_array() && !v.is_object() => v,
            _ => Value::String(tok.to_string()),
        })
        .collect();
    parse_board_value(&Value::Array(items))
}

#[derive(Default)]
struct Tally {
    boards: u64,
    solved: u64,
    unknown: u64,
    unsolvable: u64,
    invalid: u64,
    generated: u64,
}

impl Tally {
    fn count(&mut self, v: &Value) {
        self.boards += 1;
        match v["status"].as_str() {
            Some("Solved") => self.solved += 1,
            Some("Unknown") => self.unknown += 1,
            Some("Unsolvable") => self.unsolvable += 1,
            _ => self.invalid += 1,
        }
        self.generated += v["generated"].as_u64().unwrap_or(0);
    }
}

/// One line of the human report.
fn line_text(v: &Value) -> String {
    let status = v["status"].as_str().unwrap_or("Error");
    let detail = match status {
        "Solved" if v["mode"] == "fast" => format!(
            "length {} (not shortest; lower bound {}, gap {}), generated {}",
            v["cost"], v["lower_bound"], v["gap"], v["generated"]
        ),
        "Solved" => format!(
            "cost {}, generated {}{}",
            v["cost"],
            v["generated"],
            v["heuristic"]
                .as_str()
                .map_or(String::new(), |h| format!(" ({h})"))
        ),
        "Unknown" => match v["reason"].as_str() {
            Some("NodeBudget") => format!(
                "NodeBudget: no solution shorter than {} moves; generated {}",
                v["lower_bound"], v["generated"]
            ),
            _ => format!("BudgetExceeded after {} expansions", v["expansions"]),
        },
        "Unsolvable" => "parity differs from the goal's".to_string(),
        _ => v["error"]["message"]
            .as_str()
            .or(v["message"].as_str())
            .unwrap_or("")
            .to_string(),
    };
    format!("{status} — {detail}")
}

pub(super) fn batch(args: &BatchArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", args.file);
            return ExitCode::from(2);
        }
    };
    let goal = match args.goal.as_deref().map(parse_board).transpose() {
        Ok(g) => g,
        Err(e) => return Invalid::new("goal", e.kind(), e).report(args.json),
    };
    let mode = match parse_mode(args.mode.as_deref()) {
        Ok(m) => m,
        Err(e) => return e.report(args.json),
    };
    let budget: Budget = match parse_budget_field(args.budget.as_deref().unwrap_or("10000")) {
        Ok(b) => b,
        Err(e) => return Invalid::from(&e).report(args.json),
    };
    let announce = !args.json && std::io::stderr().is_terminal();
    let mut ready_for: Option<Ready> = None;
    let mut solver = Solver::new();
    let mut tally = Tally::default();
    let started = Instant::now();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let lineno = i + 1;
        let t0 = Instant::now();
        let result: Result<Value, Value> = (|| {
            let start =
                parse_batch_line(t).map_err(|e| Invalid::new("start", e.kind(), e).json())?;
            let g = goal.unwrap_or_else(|| Board::default_goal(start.shape()));
            let (s, g) =
                pair(start, g).map_err(|e| Invalid::new(e.field().name(), e.kind(), e).json())?;
            // --budget is the contract A*'s, used by 3×3 optimal lines only.
            let p = plan(
                s.shape(),
                mode,
                None,
                args.heuristic.as_deref(),
                args.node_budget.as_deref(),
            )
            .map_err(|e| e.json())?;
            let error = |e: String| json!({ "status": "Error", "message": e });
            match p {
                Plan::Contract => match solver.solve(&s, &Goal::new(g), budget) {
                    Ok(out) => Ok(outcome_json(&out)),
                    Err(e) => Err(error(e.to_string())),
                },
                Plan::Fast => run(&s, &g, p, None).map(|a| answer_json(&a)).map_err(error),
                Plan::Optimal(choice, _) => {
                    if ready_for.as_ref().is_none_or(|r| r.goal != g) {
                        ready_for = Some(ready(choice, &g, announce, args.cache_dir.as_deref()));
                    }
                    run(&s, &g, p, ready_for.as_ref())
                        .map(|a| {
                            let mut v = answer_json(&a);
                            database_json(&mut v, ready_for.as_ref());
                            v
                        })
                        .map_err(error)
                }
            }
        })();
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        let mut v = match result {
            Ok(v) | Err(v) => v,
        };
        tally.count(&v);
        v["line"] = json!(lineno);
        v["ms"] = json!((ms * 1000.0).round() / 1000.0);
        if args.json {
            println!("{v}");
        } else {
            println!("line {lineno}: {} ({ms:.1} ms)", line_text(&v));
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    if !args.json {
        println!(
            "Boards: {} (solved {}, unknown {}, unsolvable {}, invalid {}); generated {}; {seconds:.2} s",
            tally.boards, tally.solved, tally.unknown, tally.unsolvable, tally.invalid, tally.generated
        );
    }
    if tally.invalid > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
