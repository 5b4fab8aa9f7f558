//! The teaching tools on the one A* loop, on the two 31-move boards, `N`
//! times each (default 20): the contract trace (every pop recorded), the
//! weighted trace at w = 1.5 with Manhattan, and the lab's A* with
//! misplaced tiles — a whole process with a fixed amount of work, for
//! instruction counts (`valgrind --tool=cachegrind --cache-sim=no`) of two
//! commits. It prints the total pops and expansions, which must agree.
//!
//! Run: `cargo build --release --example teaching_solves`, then
//! `target/release/examples/teaching_solves 20`.

use eight_puzzle::engine::{
    contract::{Budget, Goal, Solver},
    heuristic::BuiltIn,
    teaching::{
        astar_trace,
        lab::{run, Algorithm},
        weighted_astar_trace, Weight,
    },
    Board,
};
use std::hint::black_box;
use std::process::ExitCode;

const HARDEST: [[u8; 9]; 2] = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];

fn main() -> ExitCode {
    let times = match std::env::args().nth(1).map(|s| s.parse::<usize>()) {
        None => 20,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("teaching_solves: the count must be a whole number: {e}");
            return ExitCode::from(2);
        }
    };
    let goal = Goal::new(Board::DEFAULT_GOAL);
    let mut solver = Solver::new();
    let (mut pops, mut expansions) = (0u64, 0u64);
    let w = Weight::from_twice(3).unwrap_or(Weight::ONE);
    for cells in HARDEST {
        let Some(start) = Board::square(&cells) else {
            eprintln!("teaching_solves: {cells:?} is not a board");
            return ExitCode::FAILURE;
        };
        for _ in 0..times {
            let start = black_box(start);
            match astar_trace(&mut solver, &start, &goal, Budget::new(10_000)) {
                Ok(t) => pops += t.records.len() as u64,
                Err(_) => return ExitCode::FAILURE,
            }
            match weighted_astar_trace(&start, &goal, Budget::UNLIMITED, BuiltIn::Manhattan, w) {
                Ok(t) => pops += t.records.len() as u64,
                Err(_) => return ExitCode::FAILURE,
            }
            match run(Algorithm::AStar(BuiltIn::Misplaced), &start, &goal, 1 << 20) {
                Ok(out) => expansions += out.expansions,
                Err(_) => return ExitCode::FAILURE,
            }
        }
    }
    println!("pops {pops}, lab expansions {expansions}");
    ExitCode::SUCCESS
}
