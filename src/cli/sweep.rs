//! `sweep`: every reachable 3×3 start through the contract A*.

use super::{report_invalid, SweepArgs};
use eight_puzzle::engine::contract::{parse_budget_field, parse_goal, sweep, Goal};
use serde_json::json;
use std::io::IsTerminal;
use std::process::ExitCode;

pub(super) fn run_sweep(args: &SweepArgs) -> ExitCode {
    let goal = match parse_goal(&args.goal) {
        Ok(g) => Goal::new(g),
        Err(e) => return report_invalid(&e, args.json),
    };
    let budget = match parse_budget_field(&args.budget) {
        Ok(b) => b,
        Err(e) => return report_invalid(&e, args.json),
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
            "Goal: {}  budget: {} expansions per start",
            goal.board(),
            budget.get()
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
