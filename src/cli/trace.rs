//! `trace` (the 3×3 A* or IDA* trace as CSV or JSON) and `check-trace`
//! (a pasted pop order against the contract's).

use super::plan::{
    budget_flag, goal_flag, ida_budget_flag, metric_flag, single_tile_only, start_flag, value,
    Checked, Invalid, DEFAULT_GOAL,
};
use clap::{Args, ValueEnum};
use eight_puzzle::engine::{
    contract::{Budget, Goal, Request, Solver},
    moves::Metric,
    teaching::{astar_trace, check_order, ida_trace, parse_pops, IDA_BUDGET},
    Board,
};
use serde_json::json;
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum TraceAlgorithm {
    /// The contract A* (Manhattan, order f, h, key, seq).
    Astar,
    /// IDA* with Manhattan.
    Idastar,
}

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum TraceFormat {
    /// A header row, then one row per event.
    Csv,
    /// One JSON object with `events` (and `iterations` for IDA*).
    Json,
}

#[derive(Args)]
pub(super) struct TraceArgs {
    /// Start board as JSON, e.g. '[1,2,3,4,5,6,0,7,8]'.
    #[arg(long, allow_hyphen_values = true, value_parser = start_flag)]
    start: Checked<Board>,
    /// Goal board as JSON.
    #[arg(long, default_value = DEFAULT_GOAL, allow_hyphen_values = true, value_parser = goal_flag)]
    goal: Checked<Board>,
    /// Expansion budget of the contract A*, an integer 1–10000 [default: 10000]; not for IDA*.
    #[arg(long, allow_hyphen_values = true, value_parser = budget_flag)]
    budget: Option<Checked<Budget>>,
    /// Expansion budget of the IDA* trace, its own (IDA* enters boards again
    /// on every iteration), 1–10^15 [default: 1000000, enough for every 3×3 board]; not for A*.
    #[arg(long, allow_hyphen_values = true, value_parser = ida_budget_flag)]
    ida_budget: Option<Checked<u64>>,
    /// Which search.
    #[arg(long, value_enum, default_value = "astar")]
    algorithm: TraceAlgorithm,
    /// Output format.
    #[arg(long, value_enum, default_value = "csv")]
    format: TraceFormat,
    /// single only: the 3×3 contract's searches slide one tile a move (multi is refused) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
}

#[derive(Args)]
pub(super) struct CheckArgs {
    /// Start board as JSON, e.g. '[1,2,3,4,5,6,0,7,8]'.
    #[arg(long, allow_hyphen_values = true, value_parser = start_flag)]
    start: Checked<Board>,
    /// Goal board as JSON.
    #[arg(long, default_value = DEFAULT_GOAL, allow_hyphen_values = true, value_parser = goal_flag)]
    goal: Checked<Board>,
    /// Expansion budget, an integer 1–10000.
    #[arg(long, default_value = "10000", allow_hyphen_values = true, value_parser = budget_flag)]
    budget: Checked<Budget>,
    /// Print one JSON object instead of one sentence.
    #[arg(long)]
    json: bool,
    /// single only: the contract A* slides one tile a move (multi is refused) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
    /// The popped keys: a file, or `-` for standard input.
    file: String,
}

/// The contract's request: start, goal, then budget, the first failing
/// field reported (the budget checked at the edge, 10000 when absent).
fn contract_request(
    start: &Checked<Board>,
    goal: &Checked<Board>,
    budget: Option<&Checked<Budget>>,
) -> Result<Request, Invalid> {
    Ok(Request {
        start: start.get()?,
        goal: Goal::new(goal.get()?),
        budget: value(budget)?.unwrap_or(Budget::DEFAULT),
    })
}

pub(super) fn run_trace(args: &TraceArgs) -> ExitCode {
    if let Err(e) = single_tile_only(
        args.metric.as_ref(),
        "trace records its A* and IDA*, which count one tile a move; solve --metric multi solves in the multi-tile metric",
    ) {
        return e.report(false);
    }
    // Each search has its own budget flag; the other one is an error, not
    // silently ignored.
    let ida = matches!(args.algorithm, TraceAlgorithm::Idastar);
    if ida && args.budget.is_some() {
        return Invalid::new("budget", "not_for_idastar", "--budget is the contract A*'s (1–10000 expansions); the IDA* trace's budget is --ida-budget").report(false);
    }
    if !ida && args.ida_budget.is_some() {
        return Invalid::new(
            "ida_budget",
            "not_for_astar",
            "--ida-budget is the IDA* trace's; the contract A*'s budget is --budget (1–10000)",
        )
        .report(false);
    }
    let ida_budget = match value(args.ida_budget.as_ref()) {
        Ok(b) => b.unwrap_or(IDA_BUDGET),
        Err(e) => return e.report(false),
    };
    let request = match contract_request(&args.start, &args.goal, args.budget.as_ref()) {
        Ok(r) => r,
        Err(e) => return e.report(false),
    };
    let text = match args.algorithm {
        TraceAlgorithm::Astar => astar_trace(
            &mut Solver::new(),
            &request.start,
            &request.goal,
            request.budget,
        )
        .map(|t| match args.format {
            TraceFormat::Csv => t.to_csv(),
            TraceFormat::Json => t.to_json(),
        }),
        TraceAlgorithm::Idastar => {
            let budget = Budget::new(u32::try_from(ida_budget).unwrap_or(u32::MAX));
            ida_trace(&request.start, &request.goal, budget).map(|t| match args.format {
                TraceFormat::Csv => t.to_csv(),
                TraceFormat::Json => t.to_json(),
            })
        }
    };
    match text {
        Ok(text) => print!("{text}"),
        Err(p) => {
            eprintln!(
                "Unsolvable — {}; different parity, so no search runs and the trace is empty.",
                p.sides()
            );
            print!(
                "{}",
                match (args.algorithm, args.format) {
                    (TraceAlgorithm::Astar, TraceFormat::Csv) =>
                        "event,kind,f,h,key,seq,g,parent,pushed\n",
                    (TraceAlgorithm::Idastar, TraceFormat::Csv) =>
                        "event,iteration,bound,kind,f,h,key,g,parent,next_bound\n",
                    (TraceAlgorithm::Astar, TraceFormat::Json) => "{\"events\":[]}\n",
                    (TraceAlgorithm::Idastar, TraceFormat::Json) =>
                        "{\"events\":[],\"iterations\":[]}\n",
                }
            );
        }
    }
    ExitCode::SUCCESS
}

fn trace_invalid(kind: &str, message: &str, as_json: bool) -> ExitCode {
    if as_json {
        println!(
            "{}",
            json!({
                "status": "Invalid",
                "error": { "field": "trace", "kind": kind, "message": message },
            })
        );
    } else {
        eprintln!("Invalid — Trace: {message}");
    }
    ExitCode::from(2)
}

pub(super) fn run_check(args: &CheckArgs) -> ExitCode {
    if let Err(e) = single_tile_only(
        args.metric.as_ref(),
        "check-trace compares pops of its A*, which counts one tile a move; solve --metric multi solves in the multi-tile metric",
    ) {
        return e.report(args.json);
    }
    let request = match contract_request(&args.start, &args.goal, Some(&args.budget)) {
        Ok(r) => r,
        Err(e) => return e.report(args.json),
    };
    let text = if args.file == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map(|_| s)
    } else {
        std::fs::read_to_string(&args.file)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            return trace_invalid(
                "unreadable",
                &format!("cannot read {}: {e}", args.file),
                args.json,
            )
        }
    };
    let pops = match parse_pops(&text) {
        Ok(p) => p,
        Err(e) => return trace_invalid(e.kind(), &e.to_string(), args.json),
    };
    let report = check_order(
        &mut Solver::new(),
        &request.start,
        &request.goal,
        request.budget,
        &pops,
    );
    if args.json {
        print!("{}", report.to_json());
    } else {
        println!("{}", report.message());
    }
    if report.matches {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
