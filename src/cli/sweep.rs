//! `sweep`: every reachable 3×3 start through the contract A*.

use super::plan::{
    budget_flag, goal_flag, metric_flag, refuse_other_metric, Checked, DEFAULT_GOAL,
};
use clap::Args;
use eight_puzzle::engine::contract::Budget;
use eight_puzzle::engine::moves::Metric;
use eight_puzzle::engine::text::plural;
use eight_puzzle::engine::{contract::Goal, teaching::sweep, Board};
use serde_json::json;
use std::io::IsTerminal;
use std::process::ExitCode;

#[derive(Args)]
pub(super) struct SweepArgs {
    /// Goal board as JSON.
    #[arg(long, default_value = DEFAULT_GOAL, allow_hyphen_values = true, value_parser = goal_flag)]
    goal: Checked<Board>,
    /// Expansion budget per start, an integer 1–10000.
    #[arg(long, default_value = "10000", allow_hyphen_values = true, value_parser = budget_flag)]
    budget: Checked<Budget>,
    /// Print one JSON object instead of the human report.
    #[arg(long)]
    json: bool,
    /// single only: the sweep runs the 3×3 contract A*, one tile a move (multi is refused) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
}

/// How the refusal of another metric names the sweep.
pub(super) const SWEEP_TOOL: &str = "sweep, which runs the 3×3 contract A*,";

pub(super) fn run_sweep(args: &SweepArgs) -> ExitCode {
    if let Err(e) = refuse_other_metric(args.metric.as_ref(), SWEEP_TOOL) {
        return e.report(args.json);
    }
    let goal = match args.goal.get() {
        Ok(g) => Goal::new(g),
        Err(e) => return e.report(args.json),
    };
    let budget = match args.budget.get() {
        Ok(b) => b,
        Err(e) => return e.report(args.json),
    };
    let tty = std::io::stderr().is_terminal();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = std::time::Instant::now();
    let result = sweep(&goal, budget, threads, |done, total| {
        if tty {
            eprint!("\r{done}/{total} starts");
        }
    });
    if tty {
        eprintln!();
    }
    let report = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(3);
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let hardest = report.max_expansions.1.map(|b| b.to_json());
    if args.json {
        println!(
            "{}",
            json!({
                "goal": goal.board().to_json(),
                "budget": budget.get(),
                "starts": report.starts,
                "histogram": report.histogram,
                "diameter": report.diameter(),
                "mean_expansions": report.mean_expansions(),
                "max_expansions": report.max_expansions.0,
                "max_expansions_start": hardest,
                "unknown": report.unknown,
                "seconds": seconds,
            })
        );
    } else {
        println!(
            "Goal: {}  budget: {} per start",
            goal.board(),
            plural(budget.get(), "expansion")
        );
        println!(
            "Starts solved: {} ({} left Unknown by the budget)",
            report.starts - report.unknown,
            report.unknown
        );
        println!("Distance histogram (moves: boards):");
        for (d, n) in report.histogram.iter().enumerate() {
            println!("  {d:>2}: {n}");
        }
        println!("Diameter among solved starts: {}", report.diameter());
        println!(
            "Expansions per start: mean {:.1}, max {} ({})",
            report.mean_expansions(),
            report.max_expansions.0,
            hardest.unwrap_or_default()
        );
        println!("Time: {seconds:.2} s on {threads} threads (this run, this machine)");
    }
    ExitCode::SUCCESS
}
