//! `solve --weight W` / `--heuristic H` on 3×3: weighted (and possibly
//! inadmissible) A*, outside the contract. A plain request, or one whose
//! only option is `--heuristic manhattan`, stays on the contract path
//! (the plan, `plan.rs`, decides).

use super::report::{outcome_json, print_human};
use eight_puzzle::engine::{
    contract::{Budget, Goal},
    heuristic::BuiltIn,
    moves::Metric,
    solve::Shortest,
    teaching::{shortest_text, solve_weighted, DistanceTable, Weight},
    Board, Shape, Verdict,
};
use serde_json::json;
use std::process::ExitCode;

/// Runs the weighted search on a checked 3×3 pair and prints it.
pub(super) fn solve(
    start: &Board,
    goal: &Goal,
    h: BuiltIn,
    w: Weight,
    budget: Budget,
    json: bool,
) -> ExitCode {
    let out = match solve_weighted(start, goal, h, w, budget) {
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
        _ => DistanceTable::new(goal.board()).distance(start),
    };
    let verdict_text = match (&out.verdict, optimal) {
        (Verdict::Solved(s), Some(d)) => Some(shortest_text(s.cost, d)),
        _ => None,
    };
    if json {
        let mut v = outcome_json(&out);
        v["mode"] = json!("weighted");
        v["search"] = json!("weighted-astar");
        v["weight"] = json!(w.value());
        v["heuristic"] = json!(h.code(Shape::THREE));
        v["admissible"] = json!(h.lower_bound_in(Metric::Single));
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
