//! The printers shared by the 3×3 contract, the weighted A* and `batch`:
//! the contract's JSON object, the boards, the Manhattan ledger, the human
//! report with its checked witness.

use eight_puzzle::engine::text::plural;
use eight_puzzle::engine::{
    contract::{Goal, Outcome},
    replay::Replay,
    solve::Ledger,
    text::cell_text_of,
    Board, Solution, Verdict,
};
use eight_puzzle::engine::{
    heuristic::{prepared, BuiltIn},
    moves::Metric,
};
use serde_json::{json, Value};

/// The replay of a solved outcome: the contract's (Manhattan, one tile a
/// move), or in another metric one step per slide with the metric's
/// table-free lower bound as h.
fn replay_of(out: &Outcome, goal: &Goal, s: &Solution) -> Option<Replay> {
    match s.metric {
        Metric::Single => Replay::new(&out.start, goal, &s.moves),
        m => {
            let ready = prepared(&BuiltIn::plain_bound(m).into(), goal.board()).ok()?;
            Replay::of_solution(&out.start, s, &ready).ok()
        }
    }
}

/// `solve --json`'s object for a contract (or weighted) outcome.
pub(super) fn outcome_json(out: &Outcome) -> Value {
    let mut v = json!({
        "status": out.verdict.status(),
        "shape": out.start.shape().code(),
        "mode": "optimal",
        "moves": [],
        "cost": null,
        // A* pops the goal only at its shortest distance (Manhattan is
        // consistent), so a solved cost is proved; otherwise h of the start.
        "lower_bound": match &out.verdict {
            Verdict::Solved(s) => Some(s.cost),
            Verdict::Unknown(_) => Some(out.initial_manhattan),
            Verdict::Unsolvable(_) => None,
        },
        "initial_manhattan": out.initial_manhattan,
        "expansions": out.stats.expansions,
        "generated": out.stats.generated,
        "stale": out.stats.stale,
        "max_frontier": out.stats.max_frontier,
    });
    match &out.verdict {
        Verdict::Solved(s) => {
            v["moves"] = json!(s.moves.iter().map(|m| m.name()).collect::<Vec<_>>());
            v["cost"] = json!(s.cost);
        }
        Verdict::Unknown(reason) => v["reason"] = json!(reason.name()),
        Verdict::Unsolvable(p) => v["inversions"] = json!({ "start": p.start, "goal": p.goal }),
    }
    v
}

/// The Manhattan ledger of a start, for any shape.
pub(super) fn print_ledger(ledger: &Ledger) {
    let cell = |c: usize| cell_text_of(c, ledger.width);
    println!("\nManhattan ledger of the start (blank excluded)");
    println!(
        "  {:<5} {:<18} {:<18} distance",
        "tile", "cell", "goal cell"
    );
    for r in &ledger.rows {
        println!(
            "  {:<5} {:<18} {:<18} {}",
            r.tile,
            cell(r.cell),
            cell(r.goal_cell),
            r.distance
        );
    }
    println!(
        "  {:<5} {:<18} {:<18} excluded",
        "blank",
        cell(ledger.blank_cell),
        cell(ledger.blank_goal_cell)
    );
    println!("  total h = {}", ledger.total);
}

/// A titled board, one row a line.
pub(super) fn print_grid(title: &str, b: &Board) {
    println!("{title}");
    for row in b.grid_rows() {
        println!("  {row}");
    }
}

/// The human report of a contract (or weighted) outcome.
pub(super) fn print_human(out: &Outcome, goal: &Goal) {
    print_grid("Start", &out.start);
    print_grid("Goal", &out.goal);
    print_ledger(&goal.ledger(&out.start));
    match &out.verdict {
        Verdict::Solved(s) => {
            println!("\nWitness (checked by independent replay)");
            // A slide is written with its count (`Right×2`).
            let w = if s.metric == Metric::Single { 6 } else { 7 };
            println!(
                "  {:<5} {:<w$} {:<20} {:>3} {:>3} {:>3}",
                "step", "move", "board", "g", "h", "f"
            );
            if let Some(replay) = replay_of(out, goal, s) {
                for st in replay.steps() {
                    let mv = replay.move_text(st);
                    println!(
                        "  {:<5} {:<w$} {:<20} {:>3} {:>3} {:>3}",
                        st.index,
                        mv,
                        st.board.to_json(),
                        st.g,
                        st.h,
                        st.f()
                    );
                }
            }
            println!("\nStatus: Solved");
            match s.metric {
                Metric::Single => println!("Cost: {}", s.cost),
                m => println!("Cost: {} ({})", plural(s.cost, "slide"), m.long_name()),
            }
        }
        Verdict::Unknown(reason) => {
            println!("\nStatus: Unknown ({})", reason.name());
            println!("The search stopped after {} (budget {}) before popping the goal; this says nothing about whether a solution exists. Raise the budget.", plural(out.stats.expansions, "expansion"), out.budget.get());
        }
        Verdict::Unsolvable(p) => {
            println!("\nStatus: Unsolvable");
            println!("{} No search was run.", p.explain());
        }
    }
    match &out.verdict {
        Verdict::Solved(s) if s.metric != Metric::Single => {
            let h = BuiltIn::plain_bound(s.metric);
            if let Some(r) = replay_of(out, goal, s) {
                println!(
                    "Initial h ({}): {}",
                    h.code(out.start.shape()),
                    r.initial_h()
                );
            }
        }
        _ => println!("Initial Manhattan: {}", out.initial_manhattan),
    }
    println!(
        "Expansions: {} (generated {}, stale {}, max frontier {})",
        out.stats.expansions, out.stats.generated, out.stats.stale, out.stats.max_frontier
    );
}
