//! `solve --weight W` / `--heuristic H` on 3×3: weighted (and possibly
//! inadmissible) A*, outside the contract. A plain request, or one whose
//! only option is `--heuristic manhattan`, stays on the contract path
//! (the plan, `plan.rs`, decides).

use super::report::{outcome_json, print_human};
use eight_puzzle::engine::{
    contract::{Budget, Goal},
    heuristic::BuiltIn,
    heuristic::{admissibility_text, prepared},
    moves::Metric,
    solve::Shortest,
    teaching::{path_text, solve_weighted_in, DistanceTable, Weight},
    Board, Shape, Verdict,
};
use serde_json::json;
use std::process::ExitCode;

/// Runs the weighted search on a checked 3×3 pair and prints it.
pub(super) fn solve(
    start: &Board,
    goal: &Goal,
    (h, w, budget): (BuiltIn, Weight, Budget),
    metric: Metric,
    json: bool,
) -> ExitCode {
    let out = match solve_weighted_in(start, goal, h, w, budget, metric) {
        Ok(out) => out,
        Err(e) => {
            if json {
                println!("{}", json!({ "status": "Error", "message": e.to_string() }));
            } else {
                eprintln!("{e}");
            }
            return ExitCode::from(3);
        }
    };
    let optimal = match &out.verdict {
        Verdict::Unsolvable(_) => None,
        _ => DistanceTable::in_metric(goal.board(), metric).distance(start),
    };
    let lower_bound = h.lower_bound_in(metric);
    let verdict_text = match (&out.verdict, optimal) {
        (Verdict::Solved(s), Some(d)) => Some(path_text(s.cost, d, Some(lower_bound), metric)),
        _ => None,
    };
    if json {
        let mut v = outcome_json(&out);
        v["mode"] = json!("weighted");
        v["search"] = json!("weighted-astar");
        v["weight"] = json!(w.value());
        v["heuristic"] = json!(h.code(Shape::THREE));
        v["admissible"] = json!(lower_bound);
        if metric != Metric::Single {
            // Moves as slides, and the metric they are counted in.
            if let Verdict::Solved(s) = &out.verdict {
                v["moves"] = json!(s.slides());
            }
            v["metric"] = json!(metric);
            v["initial_h"] = json!(initial_h(start, goal, metric));
        }
        v["optimal_cost"] = json!(optimal);
        // The exact optimum is the best lower bound there is.
        v["lower_bound"] = json!(optimal);
        if let (Verdict::Solved(s), Some(d)) = (&out.verdict, optimal) {
            v["excess"] = json!(s.cost - d.min(s.cost));
            v["shortest"] = json!(Shortest::of(s.cost, None, Some(d)).json());
        }
        println!("{v}");
    } else {
        println!(
            "Search: weighted A* outside the 3×3 contract — f = g + {w}·h, h = {}, order (f, h, key, seq)",
            h.name()
        );
        if metric != Metric::Single {
            println!(
                "Metric: {} (every slide of 1 or 2 tiles is one move); h {}",
                metric.long_name(),
                if lower_bound {
                    "is a lower bound there".to_string()
                } else {
                    admissibility_text(metric)
                }
            );
        }
        print_human(&out, goal);
        if let Some(d) = optimal {
            println!("Optimal cost: {d} (exact distance table)");
        }
        if let Some(t) = verdict_text {
            println!("Path: {t}");
        }
    }
    ExitCode::SUCCESS
}

/// h of the start by the metric's table-free lower bound (single-tile:
/// Manhattan, multi-tile: the multi-tile estimate).
fn initial_h(start: &Board, goal: &Goal, metric: Metric) -> Option<u32> {
    let ready = prepared(&BuiltIn::plain_bound(metric).into(), goal.board()).ok()?;
    ready.value(start).ok()
}
