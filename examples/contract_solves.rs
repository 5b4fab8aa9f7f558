//! The contract A* on the two 31-move boards, `N` times each (default 200),
//! printing the total expansions: a whole process with a fixed amount of
//! work, for instruction counts (`valgrind --tool=cachegrind`) and paired
//! whole-process timings of two commits.
//!
//! Run: `cargo build --release --example contract_solves`, then
//! `target/release/examples/contract_solves 1000`.

use eight_puzzle::engine::{
    contract::{Budget, Goal, Solver},
    Board, Verdict,
};
use std::hint::black_box;
use std::process::ExitCode;

const HARDEST: [[u8; 9]; 2] = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];

fn main() -> ExitCode {
    let times = match std::env::args().nth(1).map(|s| s.parse::<usize>()) {
        None => 200,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("contract_solves: the count must be a whole number: {e}");
            return ExitCode::from(2);
        }
    };
    let goal = Goal::new(Board::DEFAULT_GOAL);
    let mut solver = Solver::new();
    let mut total = 0u64;
    for cells in HARDEST {
        let Some(start) = Board::square(&cells) else {
            eprintln!("contract_solves: {cells:?} is not a board");
            return ExitCode::FAILURE;
        };
        for _ in 0..times {
            match solver.solve(black_box(&start), &goal, Budget::UNLIMITED) {
                Ok(out) if matches!(&out.verdict, Verdict::Solved(s) if s.cost == 31) => {
                    total += u64::from(out.stats.expansions);
                }
                other => {
                    eprintln!("contract_solves: {cells:?} did not solve in 31 moves: {other:?}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    println!("{total}");
    ExitCode::SUCCESS
}
