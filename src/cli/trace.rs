//! `trace` (the 3×3 A* or IDA* trace as CSV or JSON) and `check-trace`
//! (a pasted pop order against the contract's).

use super::{report_invalid, CheckArgs, TraceAlgorithm, TraceArgs, TraceFormat};
use eight_puzzle::engine::contract::{
    astar_trace, check_order, ida_trace, parse_pops, parse_request, Budget, Solver, IDA_BUDGET,
};
use eight_puzzle::engine::solve::parse_node_budget;
use serde_json::json;
use std::process::ExitCode;

pub(super) fn run_trace(args: &TraceArgs) -> ExitCode {
    // Each search has its own budget flag; the other one is an error, not
    // silently ignored.
    let ida = matches!(args.algorithm, TraceAlgorithm::Idastar);
    if ida && args.budget.is_some() {
        return super::family::Invalid::new("budget", "not_for_idastar", "--budget is the contract A*'s (1–10000 expansions); the IDA* trace's budget is --ida-budget").report(false);
    }
    if !ida && args.ida_budget.is_some() {
        return super::family::Invalid::new(
            "ida_budget",
            "not_for_astar",
            "--ida-budget is the IDA* trace's; the contract A*'s budget is --budget (1–10000)",
        )
        .report(false);
    }
    let ida_budget = match args
        .ida_budget
        .as_deref()
        .map(parse_node_budget)
        .transpose()
    {
        Ok(b) => b.unwrap_or(IDA_BUDGET),
        Err(e) => {
            return super::family::Invalid::new("ida_budget", e.kind(), e).report(false);
        }
    };
    let budget = args.budget.as_deref().unwrap_or("10000");
    let request = match parse_request(&args.start, &args.goal, budget) {
        Ok(r) => r,
        Err(e) => return report_invalid(&e, false),
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
    let request = match parse_request(&args.start, &args.goal, &args.budget) {
        Ok(r) => r,
        Err(e) => return report_invalid(&e, args.json),
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
