//! Timing of the heuristic language and the exhaustive check, natively:
//!
//! ```text
//! cargo run --release -p eight-puzzle-engine --example heuristic_speed
//! ```
//!
//! Prints evaluations per second of `max(manhattan, 2 * misplaced - 1)` on
//! 3×3 (every board of the goal's class, evaluated in turn, ten rounds),
//! then the time of the whole check on 3×3 and 2×5 for a few expressions.

use eight_puzzle_engine::{
    heuristic::expr::Program, heuristic::HeuristicCheck, space::explore_single, Board, Move, Shape,
};
use std::time::Instant;

fn boards(goal: &Board, n: usize) -> Vec<Board> {
    // A walk's boards: varied enough, and no table to build.
    let mut out = Vec::with_capacity(n);
    let mut b = *goal;
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    while out.len() < n {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        if let Some(next) = b.apply(Move::ALL[(seed % 4) as usize]) {
            b = next;
            out.push(b);
        }
    }
    out
}

fn main() {
    let goal = Board::default_goal(Shape::THREE);
    let text = "max(manhattan, 2 * misplaced - 1)";
    let p = Program::compile(text, &goal).expect("compiles");
    let list = boards(&goal, 181_440);
    let rounds = 10;
    let started = Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for b in &list {
            sum += p.eval(b).unwrap_or(0);
        }
    }
    let s = started.elapsed().as_secs_f64();
    let n = (rounds * list.len()) as f64;
    println!(
        "{text} on 3×3: {:.1} million evaluations/s ({} evaluations in {:.3} s; checksum {sum})",
        n / s / 1e6,
        n,
        s
    );
    for (w, h) in [(3, 3), (5, 2)] {
        let goal = Board::default_goal(Shape::new(w, h).expect("shape"));
        let started = Instant::now();
        let _ = explore_single(&goal);
        println!(
            "{w}×{h}: the two-bit space search alone: {:.3} s",
            started.elapsed().as_secs_f64()
        );
        for text in [
            "manhattan",
            "linear_conflict",
            "max(manhattan, 2 * misplaced - 1)",
            "2 * manhattan",
        ] {
            let p = Program::compile(text, &goal).expect("compiles");
            let started = Instant::now();
            let mut check = HeuristicCheck::new(p).expect("fits");
            while !check.step(u64::MAX) {}
            let s = started.elapsed().as_secs_f64();
            let r = check.result().expect("no failure");
            println!(
                "{w}×{h} check of {text}: {:.3} s ({} boards, admissible {}, consistent {})",
                s, r.boards, r.admissible, r.consistent
            );
        }
    }
}
