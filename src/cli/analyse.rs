//! `eight-puzzle analyse` (alias `opt-diff`): a solve read back move by
//! move, and `solve --all-shortest`: every shortest path counted. Both
//! stand on the engine's exact distances (`solve::ExactDistances`); this
//! module reads the flags, makes the estimate ready and prints.

use super::family;
use super::plan::{
    metric_flag, node_budget_flag, path_flag, value, Checked, HeuristicName, Invalid,
};
use clap::Args;
use eight_puzzle::engine::heuristic::{BuiltIn, ReadyError, DEFAULT_HEURISTIC};
use eight_puzzle::engine::moves::Metric;
use eight_puzzle::engine::notation::{parse_moves, Notation};
use eight_puzzle::engine::request::parse_board_pair;
use eight_puzzle::engine::solve::{
    all_shortest, analyse, check_size, shorten, AllShortestError, Analysis, Bound, Distance,
    Estimator, ExactDistances, ExactError, TABLE_MAX_CELLS,
};
use eight_puzzle::engine::text::{plural, thousands};
use eight_puzzle::engine::{check_parity, Board, Shape};
use serde_json::{json, Value};
use std::convert::Infallible;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// `--notation`: blank or tile.
fn notation_flag(text: &str) -> Result<Checked<Notation>, Infallible> {
    Ok(Checked(Notation::parse(text).map_err(|e| {
        Invalid::new("notation", "unknown_notation", e)
    })))
}

/// `eight-puzzle analyse`.
#[derive(Args)]
pub(super) struct AnalyseArgs {
    /// Start board as JSON, up to 16 cells (4×4): rows for any shape, or a flat list for a square board.
    #[arg(long, allow_hyphen_values = true)]
    start: String,
    /// Goal board as JSON, the start's shape [default: 1 … W·H−1 then the blank].
    #[arg(long, allow_hyphen_values = true)]
    goal: Option<String>,
    /// The solve: letters U, D, L, R, each optionally followed by a count of tiles (R3), separated by spaces or nothing, e.g. "R3 D2 L U". No move wraps.
    #[arg(long, allow_hyphen_values = true)]
    moves: String,
    /// blank (the project's: a letter names the way the blank travels) or tile (the speedsolvers': a letter names the way the tiles travel, the opposite) [default: blank].
    #[arg(long, allow_hyphen_values = true, value_parser = notation_flag)]
    notation: Option<Checked<Notation>>,
    /// single (R3 is three moves) or multi (a run of moves in one direction is one move, R3 or R R R alike) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
    /// Also shorten the solve: loops cut out, then every stretch of --window moves re-solved optimally between its end boards; prints the shorter solve.
    #[arg(long)]
    optimize: bool,
    /// The stretch --optimize re-solves at once, 2–30 moves of the metric [default: 10].
    #[arg(long, value_parser = clap::value_parser!(u64).range(2..=30))]
    window: Option<u64>,
    /// Single-tile metric over 10 cells: the estimate of the optimal searches (manhattan, linear-conflict, the shape's database, pdb-78 on 4×4) [default: the database].
    #[arg(long, allow_hyphen_values = true, value_parser = super::plan::heuristic_flag)]
    heuristic: Option<HeuristicName>,
    /// IDA* budget of generated nodes for each board's distance, 1–10^15; a board over it shows its proved lower bound (≥n) [default: no limit].
    #[arg(long, allow_hyphen_values = true, value_parser = node_budget_flag)]
    node_budget: Option<Checked<u64>>,
    /// Where pdb-78 and the 4×4 multi-tile tables (multi-tile-pdb-666, taken by --metric multi on 4×4) are kept (see solve --help).
    #[arg(long, value_parser = path_flag)]
    cache_dir: Option<PathBuf>,
    /// Print one JSON object instead of the report.
    #[arg(long)]
    json: bool,
}

/// The pair, checked: a board of at most 16 cells that can reach the goal.
fn checked_pair(start: &str, goal: Option<&str>) -> Result<(Board, Board), Invalid> {
    let (start, goal) =
        parse_board_pair(start, goal).map_err(|e| Invalid::new(e.field().name(), e.kind(), e))?;
    check_size(start.shape()).map_err(|e| Invalid::new("start", "too_large", e))?;
    check_parity(&start, &goal).map_err(|p| Invalid::new("start", "unsolvable", p.explain()))?;
    Ok((start, goal))
}

/// The estimate of the searches toward `goal` in `metric` (none is built
/// where a whole-space table answers), made ready as `solve` makes it.
fn bound(
    goal: &Board,
    metric: Metric,
    heuristic: Option<&HeuristicName>,
    cache_dir: Option<&std::path::Path>,
    json: bool,
) -> Result<Bound, ExitCode> {
    let small = goal.shape().cells() <= TABLE_MAX_CELLS;
    match metric {
        Metric::Multi if small => Ok(Bound::Multi(None)),
        // The tables `solve --metric multi` takes: on 4×4 the large ones
        // from the cache, elsewhere the shape's small ones built here.
        Metric::Multi => {
            let announce = std::io::IsTerminal::is_terminal(&std::io::stderr());
            let ready = family::ready(BuiltIn::MultiTilePdb, goal, announce, cache_dir)
                .map_err(|e| family::unready(&e))?;
            match ready.runs() {
                Some(db) => Ok(Bound::Multi(Some(db.clone()))),
                None => Err(family::unready(&ReadyError::NotOnShape {
                    code: ready.name(),
                    shape: goal.shape(),
                })),
            }
        }
        Metric::Single => {
            let choice: BuiltIn = match heuristic {
                None => DEFAULT_HEURISTIC,
                Some(h) => h.on(goal.shape()).map_err(|e| e.report(json))?,
            };
            if small {
                return Ok(Bound::Single(Estimator::Manhattan));
            }
            let ready = family::ready(
                choice,
                goal,
                std::io::IsTerminal::is_terminal(&std::io::stderr()),
                cache_dir,
            )
            .map_err(|e| family::unready(&e))?;
            let e = ready.estimator().unwrap_or(Estimator::LinearConflict);
            Ok(Bound::Single(e))
        }
    }
}

fn exact_error(e: &ExactError, json: bool) -> ExitCode {
    if json {
        println!(
            "{}",
            json!({ "status": "Error", "kind": e.kind(), "message": e.to_string() })
        );
    } else {
        eprintln!("error: {e}");
    }
    ExitCode::from(3)
}

fn distance_json(d: Distance) -> Value {
    match d {
        Distance::Exact(n) => json!({ "distance": n, "exact": true }),
        Distance::AtLeast(n) => json!({ "distance": n, "exact": false }),
    }
}

fn shape_code(s: Shape) -> String {
    s.code()
}

/// Runs `analyse`.
pub(super) fn run(args: &AnalyseArgs) -> ExitCode {
    let checked = (|| {
        let (start, goal) = checked_pair(&args.start, args.goal.as_deref())?;
        let notation = value(args.notation.as_ref())?.unwrap_or_default();
        let metric = value(args.metric.as_ref())?.unwrap_or_default();
        let node_budget = value(args.node_budget.as_ref())?;
        let (written, _) = parse_moves(&args.moves, &start, notation)
            .map_err(|e| Invalid::new("moves", e.kind(), e))?;
        Ok::<_, Invalid>((start, goal, notation, metric, node_budget, written))
    })();
    let (start, goal, notation, metric, node_budget, written) = match checked {
        Ok(c) => c,
        Err(e) => return e.report(args.json),
    };
    let bound = match bound(
        &goal,
        metric,
        args.heuristic.as_ref(),
        args.cache_dir.as_deref(),
        args.json,
    ) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let t = Instant::now();
    let mut exact = match ExactDistances::new(&goal, metric, bound, node_budget) {
        Ok(x) => x,
        Err(e) => return exact_error(&e, args.json),
    };
    let a = match analyse(&start, &written, &mut exact, &mut |_| {}) {
        Ok(a) => a,
        Err(e) => return exact_error(&e, args.json),
    };
    let window = args.window.unwrap_or(10) as usize;
    let shorter = args.optimize.then(|| {
        let slides: Vec<_> = a.steps.iter().map(|s| s.slide).collect();
        shorten(&start, &slides, metric, window)
    });
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let by = if exact.by_table() { "table" } else { "ida*" };
    if args.json {
        let mut v = json!({
            "status": "Analysed",
            "shape": shape_code(start.shape()),
            "metric": metric.name(),
            "notation": notation.name(),
            "start": start.cells(),
            "goal": goal.cells(),
            "distances_by": by,
            "optimum": distance_json(a.optimum),
            "length": a.length,
            "reaches_goal": a.reaches_goal,
            "excess": a.excess,
            "wasted": a.wasted(),
            "steps": a.steps.iter().map(|s| {
                let mut o = distance_json(s.distance);
                o["move"] = json!(s.number);
                o["written"] = json!(s.written);
                o["slide"] = json!(notation.write_slide(s.slide));
                o["wasted"] = json!(s.wasted);
                o
            }).collect::<Vec<_>>(),
            "ms": (ms * 1e3).round() / 1e3,
        });
        if let Some(p) = &shorter {
            v["optimized"] = json!({
                "moves": notation.write(p),
                "length": p.len(),
                "saved": a.length as usize - p.len(),
                "window": window,
            });
        }
        println!("{v}");
    } else {
        print_analysis(&a, notation, by);
        if let Some(p) = &shorter {
            let unit = moves_word(metric);
            println!(
                "\nShorter solve (windows of {window} re-solved optimally): {}",
                if p.is_empty() {
                    "(none: the start is the end)".to_string()
                } else {
                    notation.write(p)
                }
            );
            println!(
                "  {} ({} fewer)",
                plural(p.len() as u32, unit),
                a.length as usize - p.len()
            );
        }
        println!("\nAnalysed in {ms:.1} ms");
    }
    ExitCode::SUCCESS
}

fn moves_word(metric: Metric) -> &'static str {
    match metric {
        Metric::Single => "move",
        Metric::Multi => "multi-tile move",
    }
}

fn print_analysis(a: &Analysis, notation: Notation, by: &str) {
    let metric = a.metric;
    println!(
        "Solve of {} {} board in the {} metric, {} notation ({}); distances from {}",
        a.start.shape().article(),
        a.start.shape(),
        metric.long_name(),
        notation.name(),
        match notation {
            Notation::Blank => "letters name the way the blank travels",
            Notation::Tile => "letters name the way the tiles travel",
        },
        match by {
            "table" => "the whole-space table",
            _ => "IDA*, one search per board",
        }
    );
    println!("(slide: the move in the metric; written: its position in --moves)");
    println!(
        "  {:>4}  {:<5}  {:>7}  {:>8}",
        "move", "slide", "written", "distance"
    );
    println!(
        "  {:>4}  {:<5}  {:>7}  {:>8}",
        0,
        "-",
        "-",
        a.optimum.to_string()
    );
    for s in &a.steps {
        let mark = match s.wasted {
            Some(true) => "  wasted (not one closer)",
            Some(false) => "",
            None => "  ? (a distance is only bounded)",
        };
        println!(
            "  {:>4}  {:<5}  {:>7}  {:>8}{mark}",
            s.number,
            notation.write_slide(s.slide),
            s.written,
            s.distance.to_string()
        );
    }
    let unit = moves_word(metric);
    println!();
    match (a.reaches_goal, a.excess) {
        (true, Some(x)) => println!(
            "Length: {}; optimum {}; excess {x} (opt-diff); {} wasted",
            plural(a.length, unit),
            a.optimum,
            plural(a.wasted() as u32, unit)
        ),
        (true, None) => println!(
            "Length: {}; optimum {} (not proved within the node budget); excess at most {}; {} wasted",
            plural(a.length, unit),
            a.optimum,
            a.length.saturating_sub(a.optimum.proved()),
            plural(a.wasted() as u32, unit)
        ),
        (false, _) => println!(
            "Length: {}; the solve ends {} from the goal, so it has no excess; optimum {}",
            plural(a.length, unit),
            match a.steps.last().map_or(a.optimum, |s| s.distance) {
                Distance::Exact(d) => plural(d, unit),
                Distance::AtLeast(d) => format!("at least {}", plural(d, unit)),
            },
            a.optimum
        ),
    }
}

/// The flags of `solve --all-shortest`.
pub(super) struct AllShortestFlags<'a> {
    pub start: &'a str,
    pub goal: Option<&'a str>,
    pub metric: Option<&'a Checked<Metric>>,
    pub heuristic: Option<&'a HeuristicName>,
    pub node_budget: Option<&'a Checked<u64>>,
    pub cache_dir: Option<&'a std::path::Path>,
    pub limit: usize,
    pub json: bool,
}

/// Runs `solve --all-shortest`.
pub(super) fn run_all_shortest(f: &AllShortestFlags) -> ExitCode {
    let checked = (|| {
        let (start, goal) = checked_pair(f.start, f.goal)?;
        let metric = value(f.metric)?.unwrap_or_default();
        Ok::<_, Invalid>((start, goal, metric, value(f.node_budget)?))
    })();
    let (start, goal, metric, node_budget) = match checked {
        Ok(c) => c,
        Err(e) => return e.report(f.json),
    };
    let bound = match bound(&goal, metric, f.heuristic, f.cache_dir, f.json) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let t = Instant::now();
    let out = ExactDistances::new(&goal, metric, bound, node_budget)
        .map_err(AllShortestError::Exact)
        .and_then(|mut x| all_shortest(&start, &mut x, f.limit));
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let a = match out {
        Ok(a) => a,
        Err(e) => {
            if f.json {
                println!(
                    "{}",
                    json!({ "status": "Error", "kind": e.kind(), "message": e.to_string() })
                );
            } else {
                eprintln!("error: {e}");
            }
            return ExitCode::from(3);
        }
    };
    let blank = Notation::Blank;
    if f.json {
        println!(
            "{}",
            json!({
                "status": "Counted",
                "shape": shape_code(start.shape()),
                "metric": metric.name(),
                "length": a.length,
                // A string: the count can pass JSON's exact integers.
                "count": a.count.to_string(),
                "paths": a.paths.iter().map(|p| blank.write(p)).collect::<Vec<_>>(),
                "ms": (ms * 1e3).round() / 1e3,
            })
        );
    } else {
        let unit = moves_word(metric);
        println!(
            "Shortest solutions of this {} board in the {} metric: {} of {}",
            start.shape(),
            metric.long_name(),
            if a.count == 1 {
                "1 path".to_string()
            } else {
                format!("{} distinct paths", thousands(a.count))
            },
            plural(a.length, unit),
        );
        if !a.paths.is_empty() {
            let which = if a.paths.len() as u128 == a.count {
                "All of them".to_string()
            } else {
                format!("The first {}", a.paths.len())
            };
            println!(
                "{which} in move order (letters name the way the blank travels; each checked by replay):"
            );
            for (i, p) in a.paths.iter().enumerate() {
                let text = if p.is_empty() {
                    "(none: the start is the goal)".to_string()
                } else {
                    blank.write(p)
                };
                println!("  {:>3}. {text}", i + 1);
            }
        }
        println!("Counted in {ms:.1} ms");
    }
    ExitCode::SUCCESS
}
