//! The 4×4 side of the command line: `solve` with sixteen values, `batch`
//! and `korf100`. 3×3 requests without 4×4 options go back to the contract
//! path in `cli.rs` untouched.

use super::{invalid_json, outcome_json};
use clap::Args;
use eight_puzzle::engine::fifteen::{
    check_parity16, default_goal, korf100 as korf_instances, manhattan16, pair, parse_board_pair,
    parse_heuristic, parse_node_budget, solve16, Board16, BoardPair, Heuristic16, HeuristicChoice,
    Outcome16, Partition, PatternDb, PatternTable, Verdict16,
};
use eight_puzzle::engine::{
    parse_any_board, parse_any_value, parse_budget_field, AnyBoard, BoardSize, Budget, Goal, Solver,
};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The 4×4-relevant options of `solve`.
pub(super) struct SolveOptions<'a> {
    pub goal: Option<&'a str>,
    pub budget: Option<&'a str>,
    pub heuristic: Option<&'a str>,
    pub node_budget: Option<&'a str>,
    pub json: bool,
}

fn label(field: &str) -> &'static str {
    match field {
        "start" => "Start board",
        "goal" => "Goal board",
        "budget" => "Budget",
        "heuristic" => "Heuristic",
        "node_budget" => "Node budget",
        _ => "Input",
    }
}

fn invalid_value(field: &str, kind: &str, message: &str) -> Value {
    json!({
        "status": "Invalid",
        "error": { "field": field, "kind": kind, "message": message },
    })
}

fn invalid(field: &str, kind: &str, message: &str, as_json: bool) -> ExitCode {
    if as_json {
        println!("{}", invalid_value(field, kind, message));
    } else {
        eprintln!("Invalid — {}: {message}", label(field));
    }
    ExitCode::from(2)
}

const NOT_FOR_3X3: &str =
    "3×3 boards are solved by the contract A* with Manhattan; this option applies to 4×4 boards";
const BUDGET_NOT_FOR_4X4: &str = "--budget counts expansions of the 3×3 contract A*; a 4×4 board is solved by IDA*, whose limit is --node-budget";

/// Checks that 3×3 requests carry no 4×4-only option; `Err` is the Invalid
/// (field, kind, message).
fn check_three_options(
    heuristic: Option<&str>,
    node_budget: Option<&str>,
) -> Result<(), (&'static str, &'static str, String)> {
    if let Some(h) = heuristic {
        match parse_heuristic(h) {
            Err(e) => return Err(("heuristic", e.kind(), e.to_string())),
            Ok(HeuristicChoice::Manhattan) => {}
            Ok(_) => return Err(("heuristic", "not_for_3x3", NOT_FOR_3X3.to_string())),
        }
    }
    if node_budget.is_some() {
        return Err(("node_budget", "not_for_3x3", NOT_FOR_3X3.to_string()));
    }
    Ok(())
}

/// Options of a 4×4 run, validated.
struct FourOptions {
    choice: HeuristicChoice,
    node_budget: Option<u64>,
}

fn four_options(
    budget: Option<&str>,
    heuristic: Option<&str>,
    node_budget: Option<&str>,
) -> Result<FourOptions, (&'static str, &'static str, String)> {
    if budget.is_some() {
        return Err(("budget", "not_for_4x4", BUDGET_NOT_FOR_4X4.to_string()));
    }
    let choice = match heuristic {
        None => HeuristicChoice::Pdb663,
        Some(h) => parse_heuristic(h).map_err(|e| ("heuristic", e.kind(), e.to_string()))?,
    };
    let node_budget = node_budget
        .map(parse_node_budget)
        .transpose()
        .map_err(|e| ("node_budget", e.kind(), e.to_string()))?;
    Ok(FourOptions {
        choice,
        node_budget,
    })
}

/// Builds the 6-6-3 database for `goal`, one thread per table.
pub(super) fn build_pdb(goal: &Board16) -> PatternDb {
    let partition = Partition::six_six_three(goal);
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
    match PatternDb::from_tables(&partition, goal, tables) {
        Some(db) => db,
        None => PatternDb::build(&partition, goal),
    }
}

/// A heuristic ready to search, with how long its database took.
struct Ready {
    heuristic: Heuristic16,
    build_seconds: Option<f64>,
}

fn ready(choice: HeuristicChoice, goal: &Board16, announce: bool) -> Ready {
    match choice {
        HeuristicChoice::Manhattan => Ready {
            heuristic: Heuristic16::Manhattan,
            build_seconds: None,
        },
        HeuristicChoice::LinearConflict => Ready {
            heuristic: Heuristic16::LinearConflict,
            build_seconds: None,
        },
        HeuristicChoice::Pdb663 => {
            if announce {
                eprint!("Building the 6-6-3 pattern database for {goal}… ");
            }
            let t = Instant::now();
            let db = build_pdb(goal);
            let secs = t.elapsed().as_secs_f64();
            if announce {
                eprintln!("{secs:.2} s");
            }
            Ready {
                heuristic: Heuristic16::Pdb(Arc::new(db)),
                build_seconds: Some(secs),
            }
        }
    }
}

/// The `solve --json` object of a 4×4 outcome.
fn outcome16_json(out: &Outcome16) -> Value {
    let p = out.progress;
    let mut v = json!({
        "status": out.verdict.status(),
        "moves": [],
        "cost": null,
        "heuristic": out.heuristic,
        "initial_h": p.initial_h,
        "initial_manhattan": manhattan16(&out.start, &out.goal),
        "generated": p.generated,
        "expanded": p.expanded,
        "bound": p.bound,
        "iterations": p.iterations,
    });
    match &out.verdict {
        Verdict16::Solved(s) => {
            v["moves"] = json!(s.moves.iter().map(|m| m.name()).collect::<Vec<_>>());
            v["cost"] = json!(s.cost);
        }
        Verdict16::Unknown {
            lower_bound,
            completed_bound,
        } => {
            v["reason"] = json!("NodeBudgetExceeded");
            v["lower_bound"] = json!(lower_bound);
            v["completed_bound"] = json!(completed_bound);
        }
        Verdict16::Unsolvable(proof) => {
            v["initial_h"] = Value::Null;
            v["bound"] = Value::Null;
            v["inversions"] =
                json!({ "start": proof.start_inversions, "goal": proof.goal_inversions });
            v["blank_rows"] =
                json!({ "start": proof.start_blank_row, "goal": proof.goal_blank_row });
        }
    }
    v
}

fn print_grid16(title: &str, b: &Board16) {
    println!("{title}");
    for row in b.grid_rows() {
        println!("  {row}");
    }
}

fn estimate(h: &Heuristic16, board: &Board16, goal: &Board16) -> u32 {
    use eight_puzzle::engine::fifteen::linear_conflict16;
    match h {
        Heuristic16::Manhattan => manhattan16(board, goal),
        Heuristic16::LinearConflict => linear_conflict16(board, goal),
        Heuristic16::Pdb(db) => eight_puzzle::engine::fifteen::pdb_estimate16(db, board),
    }
}

fn print_human16(out: &Outcome16, ready: &Ready, ms: f64, node_budget: Option<u64>) {
    print_grid16("Start", &out.start);
    print_grid16("Goal", &out.goal);
    println!();
    match (&ready.heuristic, ready.build_seconds) {
        (Heuristic16::Pdb(db), Some(s)) => println!(
            "Heuristic: {} (additive pattern database, {} tables, {} bytes, built in {s:.2} s)",
            out.heuristic,
            db.tables().len(),
            db.bytes()
        ),
        _ => println!("Heuristic: {}", out.heuristic),
    }
    let p = out.progress;
    match &out.verdict {
        Verdict16::Solved(s) => {
            println!(
                "h of the start: {} (Manhattan {})",
                p.initial_h,
                manhattan16(&out.start, &out.goal)
            );
            println!("\nWitness (checked by independent replay)");
            println!(
                "  {:<5} {:<6} {:<42} {:>3} {:>3} {:>3}",
                "step", "move", "board", "g", "h", "f"
            );
            let mut board = out.start;
            for i in 0..=s.moves.len() {
                let mv = if i == 0 { "-" } else { s.moves[i - 1].name() };
                if i > 0 {
                    board = apply_move16(&board, s.moves[i - 1]);
                }
                let h = estimate(&ready.heuristic, &board, &out.goal);
                println!(
                    "  {:<5} {:<6} {:<42} {:>3} {:>3} {:>3}",
                    i,
                    mv,
                    board.to_json(),
                    i,
                    h,
                    i as u32 + h
                );
            }
            println!("\nStatus: Solved");
            println!("Cost: {}", s.cost);
        }
        Verdict16::Unknown {
            lower_bound,
            completed_bound,
        } => {
            println!("\nStatus: Unknown (NodeBudgetExceeded)");
            let completed = completed_bound.map_or(String::new(), |b| {
                format!(" (the last completed iteration had bound {b})")
            });
            println!(
                "The search stopped after {} generated nodes (node budget {}). It proved that no solution is shorter than {lower_bound} moves{completed}; it says nothing more. Raise --node-budget.",
                p.generated,
                node_budget.unwrap_or(p.generated)
            );
        }
        Verdict16::Unsolvable(proof) => {
            println!("\nStatus: Unsolvable");
            println!(
                "On a 4-wide board the parity of inversions (blank excluded) + blank row never changes: {}. Different parity, so no sequence of moves joins them. No search was run.",
                proof.explain()
            );
            return;
        }
    }
    println!(
        "IDA*: {} iterations, final bound {}; generated {} nodes, expanded {}, in {ms:.1} ms",
        p.iterations, p.bound, p.generated, p.expanded
    );
}

fn apply_move16(board: &Board16, mv: eight_puzzle::engine::Move) -> Board16 {
    eight_puzzle::engine::fifteen::apply16(mv, board).unwrap_or(*board)
}

/// `solve` for anything but a plain 3×3 request; `None` hands the request
/// back to the contract path (which reports 3×3 errors exactly as before).
pub(super) fn solve_if_not_contract(start: &str, o: &SolveOptions) -> Option<ExitCode> {
    let parsed = parse_any_board(start);
    let size = match &parsed {
        Ok(b) => Some(b.size()),
        Err(e) => e.size,
    };
    if size != Some(BoardSize::Four) {
        if parsed.is_err() {
            return None;
        }
        if let Some(g) = o.goal {
            if let Err(e) = parse_board_pair(start, Some(g)) {
                if e.kind() == "size_mismatch" {
                    return Some(invalid(e.field(), e.kind(), &e.to_string(), o.json));
                }
            }
        }
        if let Err((field, kind, message)) = check_three_options(o.heuristic, o.node_budget) {
            return Some(invalid(field, kind, &message, o.json));
        }
        return None;
    }
    let (start, goal) = match parse_board_pair(start, o.goal) {
        Ok(BoardPair::Four(s, g)) => (s, g),
        Ok(BoardPair::Three(..)) => return None,
        Err(e) => return Some(invalid(e.field(), e.kind(), &e.to_string(), o.json)),
    };
    let opts = match four_options(o.budget, o.heuristic, o.node_budget) {
        Ok(x) => x,
        Err((field, kind, message)) => return Some(invalid(field, kind, &message, o.json)),
    };
    let announce = !o.json && std::io::stderr().is_terminal();
    // No database is built for a pair the parity check already rules out.
    let choice = if check_parity16(&start, &goal).is_ok() {
        opts.choice
    } else {
        HeuristicChoice::Manhattan
    };
    let r = ready(choice, &goal, announce);
    let t = Instant::now();
    let result = solve16(&start, &goal, &r.heuristic, opts.node_budget).map(|mut out| {
        out.heuristic = opts.choice.name();
        out
    });
    let ms = t.elapsed().as_secs_f64() * 1e3;
    Some(match result {
        Ok(out) => {
            if o.json {
                println!("{}", outcome16_json(&out));
            } else {
                print_human16(&out, &r, ms, opts.node_budget);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            if o.json {
                println!("{}", json!({ "status": "Error", "message": e.to_string() }));
            } else {
                eprintln!("{e}");
            }
            ExitCode::from(3)
        }
    })
}

/// `eight-puzzle batch`.
#[derive(Args)]
pub(super) struct BatchArgs {
    /// The file: one board per line, as a JSON array or whitespace-separated integers.
    file: String,
    /// Goal board as JSON [default: [1,2,3,4,5,6,7,8,0] for 3×3 lines, [1,2,…,15,0] for 4×4].
    #[arg(long, allow_hyphen_values = true)]
    goal: Option<String>,
    /// 4×4 heuristic: manhattan, linear-conflict or pdb-663 [default: pdb-663].
    #[arg(long, allow_hyphen_values = true)]
    heuristic: Option<String>,
    /// Expansion budget of the 3×3 contract A* per board, 1–10000 [default: 10000].
    #[arg(long, allow_hyphen_values = true)]
    budget: Option<String>,
    /// 4×4 IDA* budget of generated nodes per board [default: no limit].
    #[arg(long, allow_hyphen_values = true)]
    node_budget: Option<String>,
    /// Print JSON Lines: one object per board, in order, like `solve --json` plus `line` and `ms`.
    #[arg(long)]
    json: bool,
}

/// One line of a batch file as a board: a JSON array, or whitespace-separated
/// tokens (each read as a JSON scalar when it is one, else as text, so the
/// board rules name the bad token).
fn parse_batch_line(line: &str) -> Result<AnyBoard, eight_puzzle::engine::SizedBoardError> {
    let t = line.trim();
    if t.starts_with('[') {
        return parse_any_board(t);
    }
    let items: Vec<Value> = t
        .split_whitespace()
        .map(|tok| match serde_json::from_str::<Value>(tok) {
            Ok(v) if !v.is_array() && !v.is_object() => v,
            _ => Value::String(tok.to_string()),
        })
        .collect();
    parse_any_value(&Value::Array(items))
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

pub(super) fn batch(args: &BatchArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", args.file);
            return ExitCode::from(2);
        }
    };
    let goal = match args.goal.as_deref().map(parse_any_board).transpose() {
        Ok(g) => g,
        Err(e) => return invalid("goal", e.kind(), &e.to_string(), args.json),
    };
    let heuristic = match args.heuristic.as_deref().map(parse_heuristic).transpose() {
        Ok(h) => h,
        Err(e) => return invalid("heuristic", e.kind(), &e.to_string(), args.json),
    };
    let node_budget = match args
        .node_budget
        .as_deref()
        .map(parse_node_budget)
        .transpose()
    {
        Ok(n) => n,
        Err(e) => return invalid("node_budget", e.kind(), &e.to_string(), args.json),
    };
    let budget: Budget = match parse_budget_field(args.budget.as_deref().unwrap_or("10000")) {
        Ok(b) => b,
        Err(e) => {
            return if args.json {
                println!("{}", invalid_json(&e));
                ExitCode::from(2)
            } else {
                eprintln!("Invalid — {e}");
                ExitCode::from(2)
            }
        }
    };
    let choice = heuristic.unwrap_or(HeuristicChoice::Pdb663);
    let announce = !args.json && std::io::stderr().is_terminal();
    let mut ready_for: Option<(Board16, Ready)> = None;
    let mut solver = Solver::new();
    let mut tally = Tally::default();
    let started = Instant::now();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let lineno = i + 1;
        tally.boards += 1;
        let t0 = Instant::now();
        let result: Result<Value, Value> = (|| {
            let start = parse_batch_line(t)
                .map_err(|e| invalid_value("start", e.kind(), &e.to_string()))?;
            let g = goal.unwrap_or_else(|| default_goal(start.size()));
            let p =
                pair(start, g).map_err(|e| invalid_value(e.field(), e.kind(), &e.to_string()))?;
            match p {
                BoardPair::Three(s, g) => {
                    check_three_options(args.heuristic.as_deref(), args.node_budget.as_deref())
                        .map_err(|(f, k, m)| invalid_value(f, k, &m))?;
                    match solver.solve(&s, &Goal::new(g), budget) {
                        Ok(out) => Ok(outcome_json(&out)),
                        Err(e) => Err(json!({ "status": "Error", "message": e.to_string() })),
                    }
                }
                BoardPair::Four(s, g) if check_parity16(&s, &g).is_err() => {
                    match solve16(&s, &g, &Heuristic16::Manhattan, None) {
                        Ok(mut out) => {
                            out.heuristic = choice.name();
                            Ok(outcome16_json(&out))
                        }
                        Err(e) => Err(json!({ "status": "Error", "message": e.to_string() })),
                    }
                }
                BoardPair::Four(s, g) => {
                    if ready_for.as_ref().is_none_or(|(goal, _)| *goal != g) {
                        ready_for = Some((g, ready(choice, &g, announce)));
                    }
                    let Some((_, r)) = ready_for.as_ref() else {
                        unreachable!("set just above")
                    };
                    match solve16(&s, &g, &r.heuristic, node_budget) {
                        Ok(out) => Ok(outcome16_json(&out)),
                        Err(e) => Err(json!({ "status": "Error", "message": e.to_string() })),
                    }
                }
            }
        })();
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        let mut v = match result {
            Ok(v) | Err(v) => v,
        };
        match v["status"].as_str() {
            Some("Solved") => tally.solved += 1,
            Some("Unknown") => tally.unknown += 1,
            Some("Unsolvable") => tally.unsolvable += 1,
            _ => tally.invalid += 1,
        }
        tally.generated += v["generated"].as_u64().unwrap_or(0);
        v["line"] = json!(lineno);
        v["ms"] = json!((ms * 1000.0).round() / 1000.0);
        if args.json {
            println!("{v}");
        } else {
            let status = v["status"].as_str().unwrap_or("Error");
            let detail = match status {
                "Solved" => format!(
                    "cost {}, generated {}{}",
                    v["cost"],
                    v["generated"],
                    v["heuristic"]
                        .as_str()
                        .map_or(String::new(), |h| format!(" ({h})"))
                ),
                "Unknown" => match v["lower_bound"].as_u64() {
                    Some(lb) => format!(
                        "no solution shorter than {lb} moves; generated {}",
                        v["generated"]
                    ),
                    None => format!("budget exceeded after {} expansions", v["expansions"]),
                },
                "Unsolvable" => "parity differs from the goal's".to_string(),
                _ => v["error"]["message"]
                    .as_str()
                    .or(v["message"].as_str())
                    .unwrap_or("")
                    .to_string(),
            };
            println!("line {lineno}: {status} — {detail} ({ms:.1} ms)");
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

/// `eight-puzzle korf100`.
#[derive(Args)]
pub(super) struct KorfArgs {
    /// Heuristic: manhattan, linear-conflict or pdb-663 [default: pdb-663].
    #[arg(long, allow_hyphen_values = true)]
    heuristic: Option<String>,
    /// Only these instance ids, comma-separated (e.g. 79,42,16) [default: all 100].
    #[arg(long)]
    ids: Option<String>,
    /// Worker threads for the instances [default: 2].
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Print JSON Lines: one object per instance (`id`, `cost`, `published`,
    /// `generated`, `ms`), then one summary object without `id`.
    #[arg(long)]
    json: bool,
}

struct KorfResult {
    id: u32,
    published: u32,
    cost: Option<u32>,
    generated: u64,
    ms: f64,
}

pub(super) fn korf100(args: &KorfArgs) -> ExitCode {
    let choice = match args.heuristic.as_deref().map(parse_heuristic).transpose() {
        Ok(h) => h.unwrap_or(HeuristicChoice::Pdb663),
        Err(e) => return invalid("heuristic", e.kind(), &e.to_string(), args.json),
    };
    let all = korf_instances();
    let instances: Vec<_> = match &args.ids {
        None => all,
        Some(list) => {
            let mut chosen = Vec::new();
            for tok in list.split(',') {
                match tok
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .and_then(|id| all.iter().find(|k| k.id == id))
                {
                    Some(k) => chosen.push(*k),
                    None => {
                        return invalid(
                            "ids",
                            "unknown_instance",
                            &format!("\"{}\" is not an instance id 1–100", tok.trim()),
                            args.json,
                        )
                    }
                }
            }
            chosen
        }
    };
    let goal = Board16::KORF_GOAL;
    let announce = !args.json && std::io::stderr().is_terminal();
    let total_start = Instant::now();
    let r = ready(choice, &goal, announce);
    let threads = args.threads.clamp(1, 64);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<KorfResult>> = Mutex::new(Vec::new());
    let search_start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(k) = instances.get(i) else { break };
                let t = Instant::now();
                let out = solve16(&k.start, &goal, &r.heuristic, None);
                let ms = t.elapsed().as_secs_f64() * 1e3;
                let (cost, generated) = match &out {
                    Ok(o) => (
                        match &o.verdict {
                            Verdict16::Solved(s) => Some(s.cost),
                            _ => None,
                        },
                        o.progress.generated,
                    ),
                    Err(_) => (None, 0),
                };
                if let Ok(mut v) = results.lock() {
                    v.push(KorfResult {
                        id: k.id,
                        published: k.optimal,
                        cost,
                        generated,
                        ms,
                    });
                }
            });
        }
    });
    let wall = search_start.elapsed().as_secs_f64();
    let total = total_start.elapsed().as_secs_f64();
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|r| r.id);
    let optimal = results
        .iter()
        .filter(|r| r.cost == Some(r.published))
        .count();
    let generated: u64 = results.iter().map(|r| r.generated).sum();
    let summed_ms: f64 = results.iter().map(|r| r.ms).sum();
    let per_thread_rate = generated as f64 / (summed_ms / 1e3).max(1e-9);
    let wall_rate = generated as f64 / wall.max(1e-9);
    let build_ms = r.build_seconds.map(|s| s * 1e3);
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    if args.json {
        for k in &results {
            println!(
                "{}",
                json!({ "id": k.id, "cost": k.cost, "published": k.published, "generated": k.generated, "ms": round(k.ms) })
            );
        }
        println!(
            "{}",
            json!({
                "heuristic": choice.name(),
                "instances": results.len(),
                "optimal": optimal,
                "generated": generated,
                "ms": round(wall * 1e3),
                "search_ms_summed": round(summed_ms),
                "build_ms": build_ms.map(round),
                "total_ms": round(total * 1e3),
                "threads": threads,
                "nodes_per_s": wall_rate.round(),
                "nodes_per_s_per_thread": per_thread_rate.round(),
            })
        );
    } else {
        println!(
            "Korf's 100 instances, goal {goal}, heuristic {}",
            choice.name()
        );
        if let Some(ms) = build_ms {
            println!("Pattern database built in {:.2} s", ms / 1e3);
        }
        println!(
            "  {:>3} {:>9} {:>5} {:>14} {:>10}",
            "id", "published", "cost", "generated", "ms"
        );
        for k in &results {
            let cost = k.cost.map_or("-".to_string(), |c| c.to_string());
            let mark = if k.cost == Some(k.published) {
                ""
            } else {
                "  MISMATCH"
            };
            println!(
                "  {:>3} {:>9} {:>5} {:>14} {:>10.1}{mark}",
                k.id, k.published, cost, k.generated, k.ms
            );
        }
        println!(
            "Total: {} instances, {optimal} optimal (cost = published length); generated {generated} nodes",
            results.len()
        );
        println!(
            "Search: {:.2} s wall on {threads} threads ({:.1} M nodes/s), {:.2} s summed over instances ({:.1} M nodes/s per thread); with the database build {:.2} s",
            wall,
            wall_rate / 1e6,
            summed_ms / 1e3,
            per_thread_rate / 1e6,
            total
        );
    }
    if optimal == results.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
