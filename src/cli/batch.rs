//! `eight-puzzle batch`: one board per line, any shape, each solved as
//! `solve` would (3×3 optimal lines by the contract A*). The pattern
//! databases are kept for the whole run ([`Databases`]: one per goal and
//! partition, within `--db-cache-mb`), so each is built once however the
//! shapes alternate.

use super::family::{
    answer_json, database_json, large_multi_tables, ready, run_in, Answer, Optimal,
};
use super::plan::{
    any_board_flag, budget_flag, contract_is_single_tile, heuristic_flag, method, metric_flag,
    mode_flag, mode_or, node_budget_flag, path_flag, value, Checked, Flags, HeuristicName, Invalid,
    Method,
};
use super::report::outcome_json;
use clap::Args;
use eight_puzzle::engine::heuristic::BuiltIn;
use eight_puzzle::engine::heuristic::DEFAULT_HEURISTIC;
use eight_puzzle::engine::heuristic::{Heuristic, Ready, ReadyError, Tables};
use eight_puzzle::engine::moves::Metric;
use eight_puzzle::engine::solve::Mode;
use eight_puzzle::engine::text::{plural, thousands};
use eight_puzzle::engine::{
    contract::{Budget, Goal, Outcome, Solver},
    parse::{parse_board_value, SizedBoardError},
    parse_board,
    request::pair,
    Board, UnknownReason, Verdict,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// `eight-puzzle batch`.
#[derive(Args)]
pub(super) struct BatchArgs {
    /// The file: one board per line, as JSON (rows for any shape, a flat
    /// list for a square board) or whitespace-separated integers (square boards).
    file: String,
    /// Goal board as JSON [default: each line's shape's default goal, 1 … W·H−1 then the blank].
    #[arg(long, allow_hyphen_values = true, value_parser = any_board_flag)]
    goal: Option<Checked<Board>>,
    /// optimal (shortest, proved) or fast (verified, not necessarily shortest) [default: optimal].
    #[arg(long, allow_hyphen_values = true, value_parser = mode_flag)]
    mode: Option<Checked<Mode>>,
    /// Heuristic of the optimal IDA*: manhattan, linear-conflict or the shape's pattern database, or on 4×4 pdb-78 and on 5×5 pdb-6666 (cached on disk) [default: the database]. In fast mode a database ranks the beam and gives the bound, past 25 cells too (pdb-5555555 on 6×6, pdb-444444444444 on 7×7, …, cached on disk) [default in fast mode: table-free].
    #[arg(long, allow_hyphen_values = true, value_parser = heuristic_flag)]
    heuristic: Option<HeuristicName>,
    /// Where the large databases are kept: pdb-78, pdb-6666, the 4×4 multi-tile tables (multi-tile-pdb-666) and the shapes' own databases past 25 cells [default: $XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle].
    #[arg(long, value_parser = path_flag)]
    cache_dir: Option<PathBuf>,
    /// Expansion budget of the 3×3 contract A* per 3×3 board in optimal mode, 1–10000 [default: 10000].
    #[arg(long, allow_hyphen_values = true, value_parser = budget_flag)]
    budget: Option<Checked<Budget>>,
    /// IDA* budget of generated nodes per board, 1–10^15 [default: no limit].
    #[arg(long, allow_hyphen_values = true, value_parser = node_budget_flag)]
    node_budget: Option<Checked<u64>>,
    /// Memory the pattern databases kept for the run may hold, in MB; over it the least recently used is dropped (the one in use is always kept).
    #[arg(long, default_value_t = DEFAULT_DB_CACHE_MB)]
    db_cache_mb: u64,
    /// Print JSON Lines: one object per board, in order, like `solve --json` plus `line` and `ms`.
    #[arg(long)]
    json: bool,
    /// single (a move slides one tile) or multi (a move slides 1 to k tiles of the blank's row or column: every line, 3×3 included, by the multi-tile IDA* or fast mode; --budget and --heuristic are refused) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
    /// Fast mode: seconds per board (0.001–86400) after the first beam, which always completes, to keep trying beams 1.5 times as wide as the last (a path within 4 % of the shortest so far repaired), keeping the shortest path; the result then depends on the machine's speed and load [default: one beam, the same path on every machine].
    #[arg(long, value_parser = time_limit_flag)]
    time_limit: Option<f64>,
    /// Threads, 1–256, the boards sharing them (solved that many at once, printed in the file's order); with fewer boards than threads, each board's beams run on the spare ones too (the same paths as on one thread, sooner) [default: 1].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
}

/// `--time-limit`: seconds, 0.001–86400.
fn time_limit_flag(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.001..=86_400.0).contains(&s) => Ok(s),
        _ => Err(format!("\"{text}\" is not a number of seconds 0.001–86400")),
    }
}

/// `--db-cache-mb`'s default.
const DEFAULT_DB_CACHE_MB: u64 = 1024;

/// The databases a batch keeps for the whole run: one per goal (which
/// fixes the shape) and database name (which fixes the partition), within
/// a memory cap, the least recently used dropped first when over it (the
/// one just asked for is always kept).
struct Databases {
    /// The cap in bytes.
    cap: u64,
    /// Least recently used first.
    kept: Vec<Ready>,
    /// Databases built or loaded, by name and shape, in order (a name
    /// twice: rebuilt after it was dropped).
    built: Vec<String>,
    /// Databases dropped over the cap.
    dropped: u64,
    /// The most bytes held at once.
    peak: u64,
}

impl Databases {
    fn new(cap_mb: u64) -> Databases {
        Databases {
            cap: cap_mb.saturating_mul(1 << 20),
            kept: Vec::new(),
            built: Vec::new(),
            dropped: 0,
            peak: 0,
        }
    }

    /// Bytes of the tables a heuristic holds.
    fn bytes(r: &Ready) -> u64 {
        match r.tables() {
            Tables::Pdb(db) => db.bytes() as u64,
            Tables::Runs(db) => db.bytes() as u64,
            Tables::None => 0,
        }
    }

    fn held(&self) -> u64 {
        self.kept.iter().map(Databases::bytes).sum()
    }

    /// The heuristic of `choice` for `goal`: kept, or made now (then the
    /// least recently used are dropped while over the cap).
    fn get(
        &mut self,
        choice: BuiltIn,
        goal: &Board,
        announce: bool,
        cache_dir: Option<&std::path::Path>,
    ) -> Result<&Ready, ReadyError> {
        let asked: Heuristic = choice.into();
        match self
            .kept
            .iter()
            .position(|r| r.goal() == goal && *r.heuristic() == asked)
        {
            Some(i) => {
                let r = self.kept.remove(i);
                self.kept.push(r);
            }
            None => {
                let r = ready(choice, goal, announce, cache_dir)?;
                if matches!(r.tables(), Tables::Pdb(_) | Tables::Runs(_)) {
                    self.built
                        .push(format!("{} for {}", r.name(), goal.shape()));
                }
                self.kept.push(r);
                self.peak = self.peak.max(self.held());
                while self.kept.len() > 1 && self.held() > self.cap {
                    self.kept.remove(0);
                    self.dropped += 1;
                }
            }
        }
        Ok(&self.kept[self.kept.len() - 1])
    }

    /// The run's line about its databases (stderr), when it used any.
    fn summary(&self, cap_mb: u64) -> Option<String> {
        let mut distinct: Vec<&str> = Vec::new();
        for b in &self.built {
            if !distinct.contains(&b.as_str()) {
                distinct.push(b);
            }
        }
        let made = if distinct.len() == self.built.len() {
            format!("each set up once and kept within the cap of {cap_mb} MB (--db-cache-mb)")
        } else {
            format!(
                "set up {} times: {} dropped over the cap of {cap_mb} MB (--db-cache-mb), {} set up again when needed",
                self.built.len(),
                self.dropped,
                self.built.len() - distinct.len()
            )
        };
        (!self.built.is_empty()).then(|| {
            format!(
                "Pattern databases: {} ({}), {made}; at most {} bytes held at once.",
                distinct.len(),
                distinct.join(", "),
                thousands(self.peak)
            )
        })
    }
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

/// What became of one line, typed; its JSON object and its line of the
/// human report are both drawn from it.
enum Line {
    /// A 3×3 line by the contract A*.
    Contract(Outcome),
    /// A line of any shape by IDA* or the fast mode.
    Family(Answer),
    /// The line or the flags were rejected.
    Invalid(Invalid),
    /// The search failed.
    Error(String),
}

impl Line {
    fn status(&self) -> &'static str {
        match self {
            Line::Contract(out) => out.verdict.status(),
            Line::Family(a) => a.verdict.status(),
            Line::Invalid(_) => "Invalid",
            Line::Error(_) => "Error",
        }
    }

    fn generated(&self) -> u64 {
        match self {
            Line::Contract(out) => u64::from(out.stats.generated),
            Line::Family(a) => a.generated,
            Line::Invalid(_) | Line::Error(_) => 0,
        }
    }

    /// The line's object (`solve --json`'s), before `line` and `ms`.
    fn json(&self, ready: Option<&Ready>) -> Value {
        match self {
            Line::Contract(out) => outcome_json(out),
            Line::Family(a) => {
                let mut v = answer_json(a);
                if a.mode == Mode::Optimal {
                    database_json(&mut v, ready);
                }
                v
            }
            Line::Invalid(e) => e.json(),
            Line::Error(e) => json!({ "status": "Error", "message": e }),
        }
    }

    /// The line of the human report (without its number and time).
    fn text(&self) -> String {
        let opt = |x: Option<u32>| x.map_or("null".to_string(), |x| x.to_string());
        let detail = match self {
            Line::Contract(out) => match &out.verdict {
                Verdict::Solved(s) => format!("cost {}, generated {}", s.cost, out.stats.generated),
                Verdict::Unknown(_) => {
                    format!(
                        "BudgetExceeded after {}",
                        plural(out.stats.expansions, "expansion")
                    )
                }
                Verdict::Unsolvable(_) => UNSOLVABLE.to_string(),
            },
            Line::Family(a) => match &a.verdict {
                Verdict::Solved(s) if a.mode == Mode::Fast => format!(
                    "length {} ({}; lower bound {}, gap {}), generated {}",
                    s.cost,
                    a.shortest(s.cost).label(),
                    opt(a.lower_bound),
                    opt(a.lower_bound.map(|lb| s.cost - lb.min(s.cost))),
                    a.generated
                ),
                Verdict::Solved(s) => {
                    format!("cost {}, generated {} ({})", s.cost, a.generated, a.method)
                }
                Verdict::Unknown(UnknownReason::NodeBudget { .. }) => format!(
                    "NodeBudget: no solution shorter than {}; generated {}",
                    a.lower_bound
                        .map_or("null moves".to_string(), |lb| plural(lb, "move")),
                    a.generated
                ),
                // The family's searches stop on their node budget only.
                Verdict::Unknown(_) => "BudgetExceeded after null expansions".to_string(),
                Verdict::Unsolvable(_) => UNSOLVABLE.to_string(),
            },
            Line::Invalid(e) => e.message.clone(),
            Line::Error(e) => e.clone(),
        };
        format!("{} — {detail}", self.status())
    }
}

const UNSOLVABLE: &str = "parity differs from the goal's";

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
    fn count(&mut self, line: &Line) {
        self.boards += 1;
        match line.status() {
            "Solved" => self.solved += 1,
            "Unknown" => self.unknown += 1,
            "Unsolvable" => self.unsolvable += 1,
            _ => self.invalid += 1,
        }
        self.generated += line.generated();
    }
}

pub(super) fn batch(args: &BatchArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", args.file);
            return ExitCode::from(2);
        }
    };
    let flags = Flags {
        mode: args.mode.as_ref(),
        budget: args.budget.as_ref(),
        heuristic: args.heuristic.as_ref(),
        node_budget: args.node_budget.as_ref(),
        weight: None,
        metric: args.metric.as_ref(),
    };
    let checked = (|| {
        let goal = value(args.goal.as_ref())?;
        let mode = mode_or(&flags, Mode::Optimal)?;
        let metric = value(flags.metric)?;
        if metric == Some(Metric::Multi) {
            // The same refusals as `solve --metric multi`.
            if flags.budget.is_some() {
                return Err(contract_is_single_tile("--budget limits its A*, which counts one tile a move; drop --budget to solve in the multi-tile metric"));
            }
            if flags.heuristic.is_some() {
                return Err(Invalid::new("heuristic", "not_for_multi", "--heuristic chooses a single-tile estimate; the multi-tile search uses its own (multi-tile-manhattan)"));
            }
        }
        if mode == Mode::Optimal && args.time_limit.is_some() {
            return Err(Invalid::new(
                "time_limit",
                "not_for_optimal",
                "--time-limit keeps improving a fast path; the optimal search's limit is --node-budget",
            ));
        }
        let budget = value(flags.budget)?.unwrap_or(Budget::DEFAULT);
        Ok::<_, Invalid>((goal, mode, budget, metric))
    })();
    let (goal, mode, budget, metric) = match checked {
        Ok(c) => c,
        Err(e) => return e.report(args.json),
    };
    let announce = !args.json && std::io::stderr().is_terminal();
    let databases = Mutex::new(Databases::new(args.db_cache_mb));
    let mut tally = Tally::default();
    let started = Instant::now();
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, t)| !t.is_empty() && !t.starts_with('#'))
        .collect();
    let threads = args.threads.unwrap_or(1) as usize;
    let at_once = threads.min(lines.len()).max(1);
    let each = (threads / at_once).max(1);
    // One line: its result and its JSON object (drawn while the database
    // it used is at hand).
    let solve_line = |solver: &mut Solver, t: &str| -> (Line, Value) {
        let t0 = Instant::now();
        let deadline = args.time_limit.map(|s| t0 + Duration::from_secs_f64(s));
        let mut optimal = Optimal {
            threads: each,
            listen: &mut |_| {},
        };
        let mut ready_used: Option<Ready> = None;
        let result: Result<Line, Invalid> = (|| {
            let start = parse_batch_line(t).map_err(|e| Invalid::new("start", e.kind(), e))?;
            let g = goal.unwrap_or_else(|| Board::default_goal(start.shape()));
            let (s, g) = pair(start, g).map_err(|e| Invalid::new(e.field().name(), e.kind(), e))?;
            if metric == Some(Metric::Multi) {
                let m = match mode {
                    Mode::Fast => Method::Fast(None),
                    Mode::Optimal => Method::Optimal(DEFAULT_HEURISTIC, value(flags.node_budget)?),
                };
                // The 4×4 optimal lines take the large tables as `solve`
                // does (from the cache), kept for the whole run.
                let tables = match m {
                    Method::Optimal(..) if large_multi_tables(&s, &g) => {
                        Some(match databases.lock() {
                            Ok(mut d) => d
                                .get(
                                    BuiltIn::MultiTilePdb,
                                    &g,
                                    announce,
                                    args.cache_dir.as_deref(),
                                )
                                .cloned()
                                .map_err(|e| e.to_string()),
                            Err(_) => Err("internal error: the databases' lock".to_string()),
                        })
                    }
                    _ => None,
                };
                return Ok(match tables.transpose() {
                    Ok(r) => run_in(&s, &g, m, metric, r.as_ref(), &mut optimal, deadline)
                        .map_or_else(Line::Error, Line::Family),
                    Err(e) => Line::Error(e),
                });
            }
            // --budget is the contract A*'s, used by 3×3 optimal lines only.
            let m = method(s.shape(), mode, false, &flags)?;
            Ok(match m {
                Method::Contract => match solver.solve(&s, &Goal::new(g), budget) {
                    Ok(out) => Line::Contract(out),
                    Err(e) => Line::Error(e.to_string()),
                },
                Method::Fast(None) => run_in(&s, &g, m, None, None, &mut optimal, deadline)
                    .map_or_else(Line::Error, Line::Family),
                Method::Optimal(choice, _) | Method::Fast(Some(choice)) => {
                    let got = match databases.lock() {
                        Ok(mut d) => d
                            .get(choice, &g, announce, args.cache_dir.as_deref())
                            .cloned()
                            .map_err(|e| e.to_string()),
                        Err(_) => Err("internal error: the databases' lock".to_string()),
                    };
                    match got {
                        Ok(r) => {
                            let a = run_in(&s, &g, m, None, Some(&r), &mut optimal, deadline);
                            ready_used = Some(r);
                            a.map_or_else(Line::Error, Line::Family)
                        }
                        Err(e) => Line::Error(e),
                    }
                }
            })
        })();
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        let result = result.unwrap_or_else(Line::Invalid);
        let mut v = result.json(ready_used.as_ref());
        v["ms"] = json!((ms * 1000.0).round() / 1000.0);
        (result, v)
    };
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<(usize, Line, Value)>();
    std::thread::scope(|scope| {
        for _ in 0..at_once {
            let send = send.clone();
            let (next, lines, solve_line) = (&next, &lines, &solve_line);
            scope.spawn(move || {
                let mut solver = Solver::new();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some((_, t)) = lines.get(k) else {
                        break;
                    };
                    let (line, v) = solve_line(&mut solver, t);
                    if send.send((k, line, v)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Printed in the file's order as each next line is done.
        let mut done: BTreeMap<usize, (Line, Value)> = BTreeMap::new();
        let mut printed = 0;
        for (k, line, v) in receive {
            done.insert(k, (line, v));
            while let Some((result, mut v)) = done.remove(&printed) {
                let lineno = lines[printed].0;
                tally.count(&result);
                if args.json {
                    v["line"] = json!(lineno);
                    println!("{v}");
                } else {
                    let ms = v["ms"].as_f64().unwrap_or(0.0);
                    println!("line {lineno}: {} ({ms:.1} ms)", result.text());
                }
                printed += 1;
            }
        }
    });
    let databases = databases.into_inner().unwrap_or_else(|e| e.into_inner());
    let seconds = started.elapsed().as_secs_f64();
    if let Some(line) = databases.summary(args.db_cache_mb) {
        eprintln!("{line}");
    }
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
