//! `solve --weight W` / `--heuristic H` on 3×3: weighted (and possibly
//! inadmissible) A*, outside the contract. A plain request, or one whose
//! only option is `--heuristic manhattan`, stays on the contract path.

use super::family::{Invalid, SolveOptions};
use super::{outcome_json, print_human};
use eight_puzzle::engine::solve::parse_heuristic;
use eight_puzzle::engine::{
    contract::{
        parse_budget_field, parse_goal, parse_start, parse_weight, shortest_text, solve_weighted,
        Budget, DistanceTable, Goal, Weight, WeightedHeuristic,
    },
    Shape, Verdict,
};
use serde_json::json;
use std::process::ExitCode;

/// The weighted choice of a 3×3 request, validated: `Ok(None)` is the
/// contract (no `--weight`, heuristic absent or `manhattan`).
pub(super) fn choice(
    heuristic: Option<&str>,
    weight: Option<&str>,
) -> Result<Option<(WeightedHeuristic, Weight)>, Invalid> {
    let w = weight
        .map(parse_weight)
        .transpose()
        .map_err(|e| Invalid::new("weight", e.kind(), e))?;
    let h = match heuristic {
        None => WeightedHeuristic::Manhattan,
        Some(text) => WeightedHeuristic::parse(text).map_err(|e| {
            // Another shape's name (a pattern database) does not apply here.
            if Shape::all().into_iter().any(|s| parse_heuristic(text, s).is_ok()) {
                Invalid::new("heuristic", "not_for_3x3", format!("3×3 boards are solved by A*: use misplaced, manhattan, linear-conflict, twice-manhattan or manhattan-plus-misplaced; \"{}\" applies to the other shapes", e.text))
            } else {
                Invalid::new("heuristic", e.kind(), e)
            }
        })?,
    };
    Ok(match (h, w) {
        (WeightedHeuristic::Manhattan, None) => None,
        (h, w) => Some((h, w.unwrap_or(Weight::ONE))),
    })
}

/// Runs the weighted search on a 3×3 pair and prints it; the start and goal
/// get the contract's own validation messages.
pub(super) fn solve(
    start: &str,
    goal: &str,
    o: &SolveOptions,
    h: WeightedHeuristic,
    w: Weight,
) -> ExitCode {
    let parsed = parse_start(start).and_then(|s| Ok((s, parse_goal(goal)?)));
    let (start, goal) = match parsed {
        Ok(p) => p,
        Err(e) => return Invalid::from(&e).report(o.json),
    };
    if o.node_budget.is_some() {
        return Invalid::new("node_budget", "not_for_3x3", "a 3×3 weighted A* is limited by --budget (1–10000 expansions, default no limit); --node-budget applies to the other shapes").report(o.json);
    }
    // The 3×3 space is finite, so an unlimited weighted search ends.
    let budget = match o.budget.map(parse_budget_field).transpose() {
        Ok(b) => b.unwrap_or(Budget::UNLIMITED),
        Err(e) => return Invalid::from(&e).report(o.json),
    };
    let goal = Goal::new(goal);
    let out = match solve_weighted(&start, &goal, h, w, budget) {
        Ok(out) => out,
        Err(e) => {
            if o.json {
                println!("{}", json!({ "status": "Error", "message": e.to_string() }));
            } else {
                eprintln!("{e}");
            }
            return ExitCode::from(3);
        }
    };
    let optimal = match &out.verdict {
        Verdict::Unsolvable(_) => None,
        _ => DistanceTable::new(goal.board()).distance(&start),
    };
    let verdict_text = match (&out.verdict, optimal) {
        (Verdict::Solved(s), Some(d)) => Some(shortest_text(s.cost, d)),
        _ => None,
    };
    if o.json {
        let mut v = outcome_json(&out);
        v["mode"] = json!("weighted");
        v["search"] = json!("weighted-astar");
        v["weight"] = json!(w.value());
        v["heuristic"] = json!(h.code());
        v["admissible"] = json!(h.admissible());
        v["optimal_cost"] = json!(optimal);
        // The exact optimum is the best lower bound there is.
        v["lower_bound"] = json!(optimal);
        if let (Verdict::Solved(s), Some(d)) = (&out.verdict, optimal) {
            v["excess"] = json!(s.cost - d.min(s.cost));
            v["shortest"] = json!(s.cost == d);
        }
        println!("{v}");
    } else {
        println!(
            "Search: weighted A* outside the 3×3 contract — f = g + {w}·h, h = {}, order (f, h, key, seq)",
            h.name()
        );
        print_human(&out, &goal);
        if let Some(d) = optimal {
            println!("Optimal cost: {d} (exact distance table)");
        }
        if let Some(t) = verdict_text {
            println!("Path: {t}");
        }
    }
    ExitCode::SUCCESS
}
