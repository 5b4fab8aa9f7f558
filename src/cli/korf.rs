//! `eight-puzzle korf100` and `korf24`: the published benchmark sets of the
//! 15- and 24-puzzle, solved against their published optimal lengths.

use super::family::{build_seconds, ready, run_in, unready, Optimal};
use super::ida_progress::IdaReporter;
use super::plan::{
    heuristic_flag, method, metric_flag, mode_flag, mode_or, node_budget_flag, path_flag,
    refuse_other_metric, threads_or_cores, value, Checked, Flags, HeuristicName, Invalid, Method,
};
use clap::Args;
use eight_puzzle::engine::heuristic::{BuiltIn, Ready};
use eight_puzzle::engine::moves::Metric;
use eight_puzzle::engine::solve::DbSource;
use eight_puzzle::engine::solve::{
    korf100, korf24, korf_goal, KorfInstance, Mode, Shortest, FAST_METHOD, FAST_METHOD_PDB,
};
use eight_puzzle::engine::text::plural;
use eight_puzzle::engine::{Board, Shape, Verdict};
use serde_json::json;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// `eight-puzzle korf100`.
#[derive(Args)]
pub(super) struct Korf100Args {
    /// Heuristic: manhattan, linear-conflict, pdb-663 or pdb-78 (Korf & Felner's 7-8 database, 288 MB kept in the cache directory; its first build takes minutes of both cores and about 4.5 GB of memory) [default: pdb-663].
    #[arg(long, allow_hyphen_values = true, value_parser = heuristic_flag)]
    heuristic: Option<HeuristicName>,
    /// Where pdb-78 and the multi-tile tables (multi-tile-pdb-666) are kept [default: $XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle].
    #[arg(long, value_parser = path_flag)]
    cache_dir: Option<PathBuf>,
    /// Only these instance ids, comma-separated (e.g. 79,42,16) [default: all 100].
    #[arg(long)]
    ids: Option<String>,
    /// optimal (IDA*, the default) or fast (verified, not necessarily shortest).
    #[arg(long, allow_hyphen_values = true, value_parser = mode_flag)]
    mode: Option<Checked<Mode>>,
    /// IDA* budget of generated nodes per instance, 1–10^15 [default: no limit].
    #[arg(long, allow_hyphen_values = true, value_parser = node_budget_flag)]
    node_budget: Option<Checked<u64>>,
    /// Worker threads for the instances, 1–256, each instance's search on one of them (a 15-puzzle search is mostly too small to cut into jobs) [default: every core].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Each optimal instance's progress on standard error (from 2 s into its search: each finished bound, and nodes, nodes per second and time every 2 s) even when it is not a terminal (on a terminal it is always shown).
    #[arg(long)]
    progress: bool,
    /// Print JSON Lines: one object per instance (`id`, `cost`, `published`,
    /// `gap`, `generated`, `ms`, `moves`), then one summary object without `id`.
    #[arg(long)]
    json: bool,
    /// single (the published optimal lengths count one tile a move) or multi (a move slides 1 to 3 tiles: each instance solved optimally by IDA* with the multi-tile tables multi-tile-pdb-666, 173 MB kept in the cache directory, its first build about two minutes of both cores and 0.6 GB of memory; optimal mode only, no --heuristic) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
}

/// `eight-puzzle korf24`.
#[derive(Args)]
pub(super) struct Korf24Args {
    /// Heuristic: manhattan, linear-conflict, pdb-55554 or pdb-6666 (Korf & Felner's 6-6-6-6 database with the reflected look-up, 255 MB kept in the cache directory; its first build takes minutes of both cores and about 1.1 GB of memory) [default: pdb-55554]. In optimal mode it is the IDA*'s; in fast mode a database ranks the beam and gives the lower bound, and the path's last 40–60 moves are re-solved by IDA* [default in fast mode: table-free, Manhattan + linear conflict].
    #[arg(long, allow_hyphen_values = true, value_parser = heuristic_flag)]
    heuristic: Option<HeuristicName>,
    /// Where pdb-6666 is kept [default: $XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle].
    #[arg(long, value_parser = path_flag)]
    cache_dir: Option<PathBuf>,
    /// Only these instance ids, comma-separated (e.g. 25,1) [default: all 50].
    #[arg(long)]
    ids: Option<String>,
    /// fast (verified, not necessarily shortest; the default) or optimal
    /// (IDA* with --heuristic: a random 24-puzzle can take hours).
    #[arg(long, allow_hyphen_values = true, value_parser = mode_flag)]
    mode: Option<Checked<Mode>>,
    /// IDA* budget of generated nodes per instance in optimal mode, 1–10^15 [default: no limit].
    #[arg(long, allow_hyphen_values = true, value_parser = node_budget_flag)]
    node_budget: Option<Checked<u64>>,
    /// Threads, 1–256: in optimal mode each instance's IDA* runs on them, the instances one after another (the same paths and counts on any number); in fast mode each instance's beams run on them too, the instances one after another (the same paths on any number) [default: every core].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Each optimal instance's progress on standard error (from 2 s into its search: each finished bound, and nodes, nodes per second and time every 2 s) even when it is not a terminal (on a terminal it is always shown).
    #[arg(long)]
    progress: bool,
    /// Fast mode: after the first beam (which always completes), seconds per instance
    /// (0.001–86400) to keep trying beams 1.5 times as wide as the last (a path within 4 % of
    /// the shortest so far repaired), keeping the shortest path, until the path meets its lower
    /// bound; the result then depends on the machine's speed and load [default: one beam, the
    /// same path on every machine].
    #[arg(long, value_parser = time_limit_flag)]
    time_limit: Option<f64>,
    /// Print JSON Lines: one object per instance, then one summary object without `id`.
    #[arg(long)]
    json: bool,
    /// single only: the published optimal lengths count one tile a move (multi is refused) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
}

/// How the refusal of another metric names the 24-puzzle set.
pub(super) const KORF_TOOL: &str = "korf24, whose published optimal lengths are single-tile,";

/// `--time-limit`: seconds, 0.001–86400.
fn time_limit_flag(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.001..=86_400.0).contains(&s) => Ok(s),
        _ => Err(format!("\"{text}\" is not a number of seconds 0.001–86400")),
    }
}

/// One instance's result.
struct Row {
    id: u32,
    published: u32,
    cost: Option<u32>,
    lower_bound: Option<u32>,
    /// What is proved about the path (`None` without one).
    shortest: Option<Shortest>,
    status: &'static str,
    generated: u64,
    ms: f64,
    /// Moves (single-tile: their letters) or slides (multi-tile: letter
    /// and count, `R3`).
    moves: String,
}

/// The instances named by `--ids` (all when absent).
fn choose(
    all: Vec<KorfInstance>,
    ids: Option<&str>,
    max: usize,
) -> Result<Vec<KorfInstance>, Invalid> {
    let Some(list) = ids else { return Ok(all) };
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
                return Err(Invalid::new(
                    "ids",
                    "unknown_instance",
                    format!("\"{}\" is not an instance id 1–{max}", tok.trim()),
                ))
            }
        }
    }
    Ok(chosen)
}

/// The threads of each instance's search and the instances solved at once:
/// with `search_threads` (the 24-puzzle) an instance's IDA* or beam takes
/// every thread, one instance at a time (why for the beam: each 24-puzzle
/// instance within 2 s; Korf's 50 with `pdb-6666`, slowest 1.59 s against
/// 2.88 s two at a time, BENCHMARKS.md); otherwise (the 15-puzzle, whose
/// searches are mostly too small to cut into jobs) the instances share the
/// threads.
fn split_threads(method: Method, search_threads: bool, threads: usize) -> (usize, usize) {
    match method {
        Method::Optimal(..) if search_threads => (threads, 1),
        Method::Fast(_) if search_threads => (threads, 1),
        _ => (1, threads),
    }
}

/// Solves every instance by `method`, `outer` at a time, each optimal
/// search on `inner` threads; `progress`: `--progress`.
#[allow(clippy::too_many_arguments)]
fn solve_all(
    instances: &[KorfInstance],
    goal: &Board,
    method: Method,
    metric: Option<Metric>,
    ready: Option<&Ready>,
    (inner, outer): (usize, usize),
    progress: bool,
    time_limit: Option<f64>,
) -> Vec<Row> {
    let next = AtomicUsize::new(0);
    let rows: Mutex<Vec<Row>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..outer {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(k) = instances.get(i) else { break };
                let t = Instant::now();
                let deadline = time_limit.map(|s| t + std::time::Duration::from_secs_f64(s));
                let mut reporter = IdaReporter::new(progress, format!("#{}: ", k.id));
                let answer = run_in(
                    &k.start,
                    goal,
                    method,
                    metric,
                    ready,
                    &mut Optimal {
                        threads: inner,
                        listen: &mut |news| reporter.hear(news),
                    },
                    deadline,
                );
                reporter.end();
                let ms = t.elapsed().as_secs_f64() * 1e3;
                let row = match answer {
                    Ok(a) => {
                        let (cost, moves) = match &a.verdict {
                            Verdict::Solved(s) if s.metric == Metric::Multi => (
                                Some(s.cost),
                                s.slides()
                                    .iter()
                                    .map(|x| match x.count {
                                        1 => x.direction.letter().to_string(),
                                        c => format!("{}{c}", x.direction.letter()),
                                    })
                                    .collect::<Vec<_>>()
                                    .join(" "),
                            ),
                            Verdict::Solved(s) => (
                                Some(s.cost),
                                s.moves.iter().map(|m| m.letter()).collect::<String>(),
                            ),
                            _ => (None, String::new()),
                        };
                        Row {
                            id: k.id,
                            published: k.optimal,
                            cost,
                            lower_bound: a.lower_bound,
                            shortest: cost.map(|c| a.shortest(c)),
                            status: a.verdict.status(),
                            generated: a.generated,
                            ms,
                            moves,
                        }
                    }
                    Err(_) => Row {
                        id: k.id,
                        published: k.optimal,
                        cost: None,
                        lower_bound: None,
                        shortest: None,
                        status: "Error",
                        generated: 0,
                        ms,
                        moves: String::new(),
                    },
                };
                if let Ok(mut v) = rows.lock() {
                    v.push(row);
                }
            });
        }
    });
    let mut rows = rows.into_inner().unwrap_or_default();
    rows.sort_by_key(|r| r.id);
    rows
}

struct Run<'a> {
    title: String,
    method: String,
    /// The threads of each instance's search.
    inner: usize,
    /// The heuristic's name (optimal) or the database that ranked the
    /// beam (fast), if any.
    heuristic: Option<String>,
    mode: Mode,
    rows: Vec<Row>,
    wall: f64,
    build_ms: Option<f64>,
    /// `built`, `loaded` or `built-in-memory` for a cached database.
    database: Option<&'static str>,
    total: f64,
    threads: usize,
    json: bool,
    note: &'a str,
    /// `Some(Metric::Multi)`: lengths in slides, no published length to
    /// compare with.
    metric: Option<Metric>,
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Prints the rows and the summary of a multi-tile run (no published
/// length to compare with); exit 0 when every instance was solved with a
/// proved shortest path.
fn report_multi(r: &Run) -> ExitCode {
    let solved = r.rows.iter().filter(|x| x.cost.is_some()).count();
    let proved = r
        .rows
        .iter()
        .filter(|x| x.shortest == Some(Shortest::Proved))
        .count();
    let generated: u64 = r.rows.iter().map(|x| x.generated).sum();
    let summed_ms: f64 = r.rows.iter().map(|x| x.ms).sum();
    let max_ms = r.rows.iter().map(|x| x.ms).fold(0.0, f64::max);
    let costs: Vec<u32> = r.rows.iter().filter_map(|x| x.cost).collect();
    let mean_cost = (!costs.is_empty())
        .then(|| costs.iter().map(|&c| f64::from(c)).sum::<f64>() / costs.len() as f64);
    if r.json {
        for k in &r.rows {
            println!(
                "{}",
                json!({
                    "id": k.id, "status": k.status, "metric": "multi", "cost": k.cost,
                    "lower_bound": k.lower_bound,
                    "shortest": k.shortest.and_then(|s| s.json()),
                    "generated": k.generated,
                    "ms": round(k.ms), "slides": k.moves,
                })
            );
        }
        println!(
            "{}",
            json!({
                "mode": r.mode.name(),
                "metric": "multi",
                "method": r.method,
                "heuristic": r.heuristic,
                "instances": r.rows.len(),
                "solved": solved,
                "proved_shortest": proved,
                "mean_cost": mean_cost.map(round),
                "generated": generated,
                "ms": round(r.wall * 1e3),
                "max_ms": round(max_ms),
                "search_ms_summed": round(summed_ms),
                "build_ms": r.build_ms.map(round),
                "database": r.database,
                "total_ms": round(r.total * 1e3),
                "threads": r.threads,
            })
        );
    } else {
        println!("{}", r.title);
        if let Some(ms) = r.build_ms {
            let how = database_words(r.database);
            println!("Multi-tile tables {how} in {:.2} s", ms / 1e3);
        }
        println!(
            "  {:>3} {:>6} {:>5} {:>14} {:>10}  {:<19}  slides",
            "id", "length", "bound", "generated", "ms", "path"
        );
        for k in &r.rows {
            let cost = k.cost.map_or(k.status.to_string(), |c| c.to_string());
            let bound = k.lower_bound.map_or("-".to_string(), |b| b.to_string());
            let path = k.shortest.map_or("-", Shortest::label);
            println!(
                "  {:>3} {:>6} {:>5} {:>14} {:>10.1}  {:<19}  {}",
                k.id, cost, bound, k.generated, k.ms, path, k.moves
            );
        }
        let mean = mean_cost.map_or(
            "no mean length, as no instance was solved".to_string(),
            |c| format!("mean length {c:.2} slides"),
        );
        println!(
            "Total: {}, {solved} solved, {proved} proved shortest in the multi-tile metric; {mean}; generated {generated} nodes",
            plural(r.rows.len() as u64, "instance"),
        );
        println!(
            "Time: {:.2} s wall on {}, slowest instance {max_ms:.1} ms, {:.2} s summed over instances; {} {:.2} s",
            r.wall,
            plural(r.threads as u64, "thread"),
            summed_ms / 1e3,
            if r.build_ms.is_some() {
                "with the tables' build or load"
            } else {
                "in all"
            },
            r.total,
        );
    }
    if proved == r.rows.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Prints the rows and the summary; exit 0 when every instance was solved
/// (at its published length in optimal mode).
fn report(r: &Run) -> ExitCode {
    if r.metric == Some(Metric::Multi) {
        return report_multi(r);
    }
    let solved: Vec<&Row> = r.rows.iter().filter(|x| x.cost.is_some()).collect();
    let optimal = r
        .rows
        .iter()
        .filter(|x| x.cost == Some(x.published))
        .count();
    let generated: u64 = r.rows.iter().map(|x| x.generated).sum();
    let summed_ms: f64 = r.rows.iter().map(|x| x.ms).sum();
    let max_ms = r.rows.iter().map(|x| x.ms).fold(0.0, f64::max);
    // Means over the solved instances: none (`null`, and said so) when no
    // instance was solved.
    let mean = |f: &dyn Fn(&Row) -> f64| {
        (!solved.is_empty()).then(|| solved.iter().map(|x| f(x)).sum::<f64>() / solved.len() as f64)
    };
    let mean_cost = mean(&|x| f64::from(x.cost.unwrap_or(0)));
    let mean_published = mean(&|x| f64::from(x.published));
    let mean_bound = mean(&|x| f64::from(x.lower_bound.unwrap_or(0)));
    let max_ratio = (!solved.is_empty()).then(|| {
        solved
            .iter()
            .map(|x| f64::from(x.cost.unwrap_or(0)) / f64::from(x.published))
            .fold(0.0, f64::max)
    });
    let proved = r
        .rows
        .iter()
        .filter(|x| x.shortest == Some(Shortest::Proved))
        .count();
    let mean_ratio = mean(&|x| f64::from(x.cost.unwrap_or(0)) / f64::from(x.published));
    let wall_rate = generated as f64 / r.wall.max(1e-9);
    // Each instance's search ran on `inner` threads.
    let inner = r.inner;
    let per_thread_rate = generated as f64 / (summed_ms / 1e3 * inner as f64).max(1e-9);
    if r.json {
        for k in &r.rows {
            println!(
                "{}",
                json!({
                    "id": k.id, "status": k.status, "cost": k.cost, "published": k.published,
                    "gap": k.cost.map(|c| i64::from(c) - i64::from(k.published)),
                    "lower_bound": k.lower_bound,
                    "over_bound": k.cost.zip(k.lower_bound).map(|(c, lb)| c - lb.min(c)),
                    "shortest": k.shortest.and_then(|s| s.json()),
                    "generated": k.generated,
                    "ms": round(k.ms), "moves": k.moves,
                })
            );
        }
        println!(
            "{}",
            json!({
                "mode": r.mode.name(),
                "method": r.method,
                "heuristic": r.heuristic,
                "instances": r.rows.len(),
                "solved": solved.len(),
                "optimal": optimal,
                "mean_cost": mean_cost.map(round),
                "mean_published": mean_published.map(round),
                "mean_lower_bound": mean_bound.map(round),
                "max_ratio": max_ratio.map(round),
                "proved_shortest": proved,
                "mean_ratio": mean_ratio.map(round),
                "generated": generated,
                "ms": round(r.wall * 1e3),
                "max_ms": round(max_ms),
                "search_ms_summed": round(summed_ms),
                "build_ms": r.build_ms.map(round),
                "database": r.database,
                "total_ms": round(r.total * 1e3),
                "threads": r.threads,
                "nodes_per_s": wall_rate.round(),
                "nodes_per_s_per_thread": per_thread_rate.round(),
            })
        );
    } else {
        println!("{}", r.title);
        if let Some(ms) = r.build_ms {
            let how = database_words(r.database);
            println!("Pattern database {how} in {:.2} s", ms / 1e3);
        }
        println!(
            "  {:>3} {:>9} {:>5} {:>5} {:>5} {:>5} {:>14} {:>10}  {:<19}  moves",
            "id", "published", "cost", "gap", "bound", "over", "generated", "ms", "path"
        );
        for k in &r.rows {
            let cost = k.cost.map_or(k.status.to_string(), |c| c.to_string());
            let gap = k.cost.map_or("-".to_string(), |c| {
                (i64::from(c) - i64::from(k.published)).to_string()
            });
            let bound = k.lower_bound.map_or("-".to_string(), |b| b.to_string());
            let over = k
                .cost
                .zip(k.lower_bound)
                .map_or("-".to_string(), |(c, b)| (c - b.min(c)).to_string());
            // What is proved about the path: "shortest" when it meets its
            // lower bound, else "not proved shortest".
            let path = k.shortest.map_or("-", Shortest::label);
            println!(
                "  {:>3} {:>9} {:>5} {:>5} {:>5} {:>5} {:>14} {:>10.1}  {:<19}  {}",
                k.id, k.published, cost, gap, bound, over, k.generated, k.ms, path, k.moves
            );
        }
        let means = match (mean_cost, mean_published, mean_ratio, max_ratio, mean_bound) {
            (Some(c), Some(p), Some(ratio), Some(worst), Some(b)) => format!(
                "mean length {c:.2} against {p:.2} published (ratio {ratio:.3}, worst {worst:.3}) and a mean lower bound of {b:.2}"
            ),
            _ => "no mean length, as no instance was solved".to_string(),
        };
        println!(
            "Total: {}, {} solved, {optimal} at the published optimal length, {proved} proved shortest; {means}; generated {generated} nodes",
            plural(r.rows.len() as u64, "instance"),
            solved.len()
        );
        println!(
            "Time: {:.2} s wall on {} ({:.1} M nodes/s), slowest instance {max_ms:.1} ms, {:.2} s summed over instances ({:.1} M nodes/s per thread); {} {:.2} s{}",
            r.wall,
            plural(r.threads as u64, "thread"),
            wall_rate / 1e6,
            summed_ms / 1e3,
            per_thread_rate / 1e6,
            // Only a database is built (or loaded) before the searches.
            if r.build_ms.is_some() {
                "with the database build"
            } else {
                "in all"
            },
            r.total,
            r.note
        );
    }
    let all_done = match r.mode {
        Mode::Optimal => optimal == r.rows.len(),
        Mode::Fast => solved.len() == r.rows.len(),
    };
    if all_done {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// One benchmark set, checked.
struct Bench<'a> {
    instances: Vec<KorfInstance>,
    shape: Shape,
    mode: Mode,
    method: Method,
    threads: usize,
    /// An optimal instance's IDA* on every thread (see `split_threads`).
    search_threads: bool,
    progress: bool,
    json: bool,
    name: &'a str,
    cache_dir: Option<&'a Path>,
    /// `--time-limit` (fast mode).
    time_limit: Option<f64>,
    /// `Some(Metric::Multi)`: the multi-tile metric.
    metric: Option<Metric>,
}

/// Runs one benchmark set.
fn bench(b: Bench) -> ExitCode {
    let goal = korf_goal(b.shape);
    let announce = !b.json && std::io::stderr().is_terminal();
    let total_start = Instant::now();
    let multi = b.metric == Some(Metric::Multi);
    let r = match b.method {
        // The multi-tile search's tables: the 4×4's large ones, cached.
        Method::Optimal(..) if multi => {
            match ready(BuiltIn::MultiTilePdb, &goal, announce, b.cache_dir) {
                Ok(r) => Some(r),
                Err(e) => return unready(&e),
            }
        }
        Method::Optimal(choice, _) | Method::Fast(Some(choice)) => {
            match ready(choice, &goal, announce, b.cache_dir) {
                Ok(r) => Some(r),
                Err(e) => return unready(&e),
            }
        }
        _ => None,
    };
    let heuristic = r.as_ref().map(Ready::name);
    let method = match (&heuristic, b.mode) {
        (Some(h), Mode::Fast) => format!("{FAST_METHOD_PDB}, {h}"),
        (Some(h), Mode::Optimal) => h.clone(),
        (None, _) => FAST_METHOD.to_string(),
    };
    let search_start = Instant::now();
    let split = split_threads(b.method, b.search_threads, b.threads);
    let rows = solve_all(
        &b.instances,
        &goal,
        b.method,
        b.metric,
        r.as_ref(),
        split,
        b.progress,
        b.time_limit,
    );
    let wall = search_start.elapsed().as_secs_f64();
    report(&Run {
        title: if multi {
            format!(
                "{}, goal {goal}, multi-tile metric, {} mode ({method})",
                b.name,
                b.mode.name()
            )
        } else {
            format!("{}, goal {goal}, {} mode ({method})", b.name, b.mode.name())
        },
        method,
        inner: split.0,
        heuristic,
        mode: b.mode,
        rows,
        wall,
        build_ms: r.as_ref().and_then(build_seconds).map(|s| s * 1e3),
        database: r
            .as_ref()
            .and_then(|r| r.source())
            .and_then(DbSource::cache_name),
        total: total_start.elapsed().as_secs_f64(),
        threads: b.threads,
        json: b.json,
        note: if b.mode == Mode::Fast {
            "; gap = length − published optimal"
        } else {
            ""
        },
        metric: b.metric,
    })
}

/// One of Korf's sets: its instances and what a run of it defaults to.
struct KorfSet {
    all: Vec<KorfInstance>,
    max: usize,
    shape: Shape,
    default: Mode,
    name: &'static str,
}

/// The flags one Korf set's command reads.
struct SetArgs<'a> {
    flags: Flags<'a>,
    ids: Option<&'a str>,
    threads: Option<u64>,
    progress: bool,
    json: bool,
    cache_dir: Option<&'a std::path::Path>,
    time_limit: Option<f64>,
    metric: Option<Metric>,
}

/// Runs `set` under `args`: the mode (the set's default when absent), the
/// instances, then the method on the set's shape, or the first invalid flag.
fn run_set(set: KorfSet, args: SetArgs<'_>) -> ExitCode {
    let planned = mode_or(&args.flags, set.default).and_then(|mode| {
        if mode == Mode::Optimal && args.time_limit.is_some() {
            return Err(Invalid::new(
                "time_limit",
                "not_for_optimal",
                "--time-limit keeps improving a fast path; the optimal search's limit is --node-budget",
            ));
        }
        let instances = choose(set.all, args.ids, set.max)?;
        if args.metric == Some(Metric::Multi) {
            return multi_method(mode, &args.flags).map(|m| (mode, instances, m));
        }
        Ok((
            mode,
            instances,
            method(set.shape, mode, false, &args.flags)?,
        ))
    });
    let threads = threads_or_cores(args.threads);
    let (mode, instances, method) = match planned {
        Ok(p) => p,
        Err(e) => return e.report(args.json),
    };
    bench(Bench {
        instances,
        shape: set.shape,
        mode,
        method,
        threads,
        // A multi-tile 15-puzzle search takes every thread, one instance
        // at a time.
        search_threads: set.shape == Shape::FIVE || args.metric == Some(Metric::Multi),
        progress: args.progress,
        json: args.json,
        name: set.name,
        cache_dir: args.cache_dir,
        time_limit: args.time_limit,
        metric: args.metric,
    })
}

/// The method of `korf100 --metric multi`: optimal IDA* with the
/// multi-tile tables, under `--node-budget` if given.
fn multi_method(mode: Mode, f: &Flags) -> Result<Method, Invalid> {
    if mode == Mode::Fast {
        return Err(Invalid::new(
            "mode",
            "not_for_multi",
            "korf100 --metric multi solves each instance optimally; fast mode is single-tile here",
        ));
    }
    if f.heuristic.is_some() {
        return Err(Invalid::new(
            "heuristic",
            "not_for_multi",
            "--heuristic chooses a single-tile estimate; the multi-tile search uses its own tables (multi-tile-pdb-666)",
        ));
    }
    Ok(Method::Optimal(
        BuiltIn::MultiTilePdb,
        value(f.node_budget)?,
    ))
}

pub(super) fn run_korf100(args: &Korf100Args) -> ExitCode {
    let metric = match value(args.metric.as_ref()) {
        Ok(m) => m,
        Err(e) => return e.report(args.json),
    };
    let set = KorfSet {
        all: korf100(),
        max: 100,
        shape: Shape::FOUR,
        default: Mode::Optimal,
        name: "Korf's 100 15-puzzle instances",
    };
    run_set(
        set,
        SetArgs {
            flags: Flags {
                mode: args.mode.as_ref(),
                heuristic: args.heuristic.as_ref(),
                node_budget: args.node_budget.as_ref(),
                ..Flags::default()
            },
            ids: args.ids.as_deref(),
            threads: args.threads,
            progress: args.progress,
            json: args.json,
            cache_dir: args.cache_dir.as_deref(),
            time_limit: None,
            metric,
        },
    )
}

pub(super) fn run_korf24(args: &Korf24Args) -> ExitCode {
    if let Err(e) = refuse_other_metric(args.metric.as_ref(), KORF_TOOL) {
        return e.report(args.json);
    }
    let set = KorfSet {
        all: korf24(),
        max: 50,
        shape: Shape::FIVE,
        default: Mode::Fast,
        name: "Korf's 50 24-puzzle instances",
    };
    run_set(
        set,
        SetArgs {
            flags: Flags {
                mode: args.mode.as_ref(),
                heuristic: args.heuristic.as_ref(),
                node_budget: args.node_budget.as_ref(),
                ..Flags::default()
            },
            ids: args.ids.as_deref(),
            threads: args.threads,
            progress: args.progress,
            json: args.json,
            cache_dir: args.cache_dir.as_deref(),
            time_limit: args.time_limit,
            metric: None,
        },
    )
}

/// How the run's tables came to be, in words: `r.database` is "loaded",
/// "built" (and saved) or none (built for this run only).
fn database_words(database: Option<&str>) -> &'static str {
    match database {
        Some("loaded") => "loaded from the cache",
        Some("built") => "built and saved to the cache",
        _ => "built",
    }
}
