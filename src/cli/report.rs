//! The printers shared by the 3×3 contract, the weighted A* and `batch`:
//! the contract's JSON object, the boards, the Manhattan ledger, the human
//! report with its checked witness.

use eight_puzzle::engine::text::plural;
use eight_puzzle::engine::{
    contract::{Goal, Outcome},
    replay::Replay,
    solve::Ledger,
    text::cell_text_of,
    Board, Verdict,
};
use serde_json::{json, Value};

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
            println!(
                "  {:<5} {:<6} {:<20} {:>3} {:>3} {:>3}",
                "step", "move", "board", "g", "h", "f"
            );
            if let Some(replay) = Replay::new(&out.start, goal, &s.moves) {
                for st in replay.steps() {
                    let mv = st.mv.map_or("-", |m| m.name());
                    println!(
                        "  {:<5} {:<6} {:<20} {:>3} {:>3} {:>3}",
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
            println!("Cost: {}", s.cost);
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
    println!("Initial Manhattan: {}", out.initial_manhattan);
    println!(
        "Expansions: {} (generated {}, stale {}, max frontier {})",
        out.stats.expansions, out.stats.generated, out.stats.stale, out.stats.max_frontier
    );
}
