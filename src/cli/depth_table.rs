//! `depth-table`: the exact 3×3 depth table of every lab algorithm.

use super::plan::{goal_flag, metric_flag, refuse_other_metric, Checked, DEFAULT_GOAL};
use clap::Args;
use eight_puzzle::engine::moves::Metric;
use eight_puzzle::engine::teaching::lab::{depth_table, DepthFigures, DEPTH_ALGORITHMS};
use eight_puzzle::engine::{contract::Goal, Board};
use std::io::IsTerminal;
use std::process::ExitCode;

#[derive(Args)]
pub(super) struct DepthTableArgs {
    /// Goal board as JSON.
    #[arg(long, default_value = DEFAULT_GOAL, allow_hyphen_values = true, value_parser = goal_flag)]
    goal: Checked<Board>,
    /// Print one JSON object: {"rows": [{"depth", "starts", "algorithms"}]}.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV: depth,starts,algorithm,mean_expansions,mean_generated,branching.
    #[arg(long)]
    csv: bool,
    /// single only: the table runs the 3×3 A* and IDA*, one tile a move (multi is refused) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
}

/// How the refusal of another metric names the depth table.
pub(super) const DEPTH_TABLE_TOOL: &str = "depth-table, which runs the 3×3 A* and IDA*,";

#[derive(serde::Serialize)]
struct DepthFiguresJson {
    mean_expansions: f64,
    mean_generated: f64,
    branching: Option<f64>,
}

#[derive(serde::Serialize)]
struct DepthAlgorithmsJson {
    #[serde(rename = "astar-misplaced")]
    misplaced: DepthFiguresJson,
    #[serde(rename = "astar-manhattan")]
    manhattan: DepthFiguresJson,
    #[serde(rename = "astar-linear-conflict")]
    linear_conflict: DepthFiguresJson,
    #[serde(rename = "idastar-manhattan")]
    idastar: DepthFiguresJson,
}

#[derive(serde::Serialize)]
struct DepthTableJson {
    rows: Vec<DepthRowJson>,
}

#[derive(serde::Serialize)]
struct DepthRowJson {
    depth: u32,
    starts: u64,
    algorithms: DepthAlgorithmsJson,
}

fn depth_figures_json(f: &DepthFigures) -> DepthFiguresJson {
    DepthFiguresJson {
        mean_expansions: f.mean_expansions,
        mean_generated: f.mean_generated,
        branching: f.branching,
    }
}

pub(super) fn run_depth_table(args: &DepthTableArgs) -> ExitCode {
    if let Err(e) = refuse_other_metric(args.metric.as_ref(), DEPTH_TABLE_TOOL) {
        return e.report(args.json);
    }
    let goal = match args.goal.get() {
        Ok(g) => Goal::new(g),
        Err(e) => return e.report(args.json),
    };
    let tty = std::io::stderr().is_terminal();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = std::time::Instant::now();
    let result = depth_table(&goal, threads, |done, total| {
        if tty {
            eprint!("\r{done}/{total} starts");
        }
    });
    if tty {
        eprintln!();
    }
    let rows = match result {
        Ok(partial) => partial.rows(),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(3);
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let rows: Vec<DepthRowJson> = rows
            .iter()
            .map(|r| {
                let [a, b, c, d] = &r.algorithms;
                DepthRowJson {
                    depth: r.depth,
                    starts: r.starts,
                    algorithms: DepthAlgorithmsJson {
                        misplaced: depth_figures_json(a),
                        manhattan: depth_figures_json(b),
                        linear_conflict: depth_figures_json(c),
                        idastar: depth_figures_json(d),
                    },
                }
            })
            .collect();
        // A struct, not `json!`, so the algorithms keep their column order.
        let table = DepthTableJson { rows };
        println!("{}", serde_json::to_string(&table).unwrap_or_default());
    } else if args.csv {
        println!("depth,starts,algorithm,mean_expansions,mean_generated,branching");
        for r in &rows {
            for (name, f) in DEPTH_ALGORITHMS.iter().zip(&r.algorithms) {
                let b = f.branching.map_or(String::new(), |b| b.to_string());
                println!(
                    "{},{},{name},{},{},{b}",
                    r.depth, r.starts, f.mean_expansions, f.mean_generated
                );
            }
        }
    } else {
        let starts: u64 = rows.iter().map(|r| r.starts).sum();
        println!(
            "Goal: {}  every start that reaches it ({starts}), by solution depth",
            goal.board()
        );
        println!(
            "Each column: mean expansions / mean generated (every legal move of every expansion) / b*, where N + 1 = 1 + b* + ... + b*^d"
        );
        print!("depth  starts");
        for name in [
            "A* misplaced",
            "A* Manhattan",
            "A* linear conflict",
            "IDA* Manhattan",
        ] {
            print!(" | {name:<30}");
        }
        println!();
        for r in &rows {
            print!("{:>5} {:>7}", r.depth, r.starts);
            for f in &r.algorithms {
                let b = f.branching.map_or("-".to_string(), |b| format!("{b:.3}"));
                let cell = format!("{:.1} / {:.1} / {b}", f.mean_expansions, f.mean_generated);
                print!(" | {cell:<30}");
            }
            println!();
        }
        println!("Time: {seconds:.2} s on {threads} threads (this run, this machine)");
    }
    ExitCode::SUCCESS
}
