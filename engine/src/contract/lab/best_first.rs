//! A* with a chosen heuristic, and greedy best-first: both are the one A*
//! of [`crate::engine::contract::Solver`], instantiated with another heuristic or the
//! greedy priority. This file only picks the instance and translates the
//! counters; the best-g table, stale skip, goal-at-pop and budget check are
//! the contract search's own. As A* the order is (f, h, key, seq) with the
//! chosen heuristic; as greedy it is (h, key, seq) and a board is never
//! reopened.

use super::{Heuristic, LabStop, Raw};
use crate::contract::astar::End;
use crate::contract::estimate::{
    Estimate, LinearConflict, Manhattan, ManhattanPlusMisplaced, Misplaced, TwiceManhattan,
};
use crate::engine::{
    contract::{Budget, Goal, Solver},
    Board,
};
use std::cell::RefCell;

/// This thread's reusable buffers: a solver, and the linear-conflict tables
/// of the goal they were last built for.
struct Buffers {
    solver: Solver,
    linear_conflict: Option<LinearConflict>,
}

thread_local! {
    static BUFFERS: RefCell<Option<Buffers>> = const { RefCell::new(None) };
}

pub(crate) fn search(start: &Board, goal: &Goal, h: Heuristic, greedy: bool, budget: u64) -> Raw {
    let mut buffers = BUFFERS
        .with(|b| b.borrow_mut().take())
        .unwrap_or_else(|| Buffers {
            solver: Solver::new(),
            linear_conflict: None,
        });
    let solver = &mut buffers.solver;
    // Budgets above u32::MAX cannot bind: the space has 9! boards.
    let budget = Budget::new(u32::try_from(budget).unwrap_or(u32::MAX));
    let raw = match (h, greedy) {
        (Heuristic::Manhattan, true) => {
            drive::<true, _>(solver, start, goal, budget, &Manhattan::new(goal))
        }
        (Heuristic::Misplaced, true) => {
            drive::<true, _>(solver, start, goal, budget, &Misplaced::new(goal))
        }
        (Heuristic::Manhattan, false) => {
            drive::<false, _>(solver, start, goal, budget, &Manhattan::new(goal))
        }
        (Heuristic::Misplaced, false) => {
            drive::<false, _>(solver, start, goal, budget, &Misplaced::new(goal))
        }
        (Heuristic::TwiceManhattan, true) => drive::<true, _>(
            solver,
            start,
            goal,
            budget,
            &TwiceManhattan(Manhattan::new(goal)),
        ),
        (Heuristic::TwiceManhattan, false) => drive::<false, _>(
            solver,
            start,
            goal,
            budget,
            &TwiceManhattan(Manhattan::new(goal)),
        ),
        (Heuristic::ManhattanPlusMisplaced, true) => drive::<true, _>(
            solver,
            start,
            goal,
            budget,
            &ManhattanPlusMisplaced::new(goal),
        ),
        (Heuristic::ManhattanPlusMisplaced, false) => drive::<false, _>(
            solver,
            start,
            goal,
            budget,
            &ManhattanPlusMisplaced::new(goal),
        ),
        (Heuristic::LinearConflict, _) => {
            let lc = match buffers.linear_conflict.take() {
                Some(lc) if lc.is_for(goal) => lc,
                _ => LinearConflict::new(goal),
            };
            let raw = if greedy {
                drive::<true, _>(solver, start, goal, budget, &lc)
            } else {
                drive::<false, _>(solver, start, goal, budget, &lc)
            };
            buffers.linear_conflict = Some(lc);
            raw
        }
    };
    BUFFERS.with(|b| *b.borrow_mut() = Some(buffers));
    raw
}

/// Runs one instance of the one A* to its end and reports it in the lab's
/// terms: the arena holds the start and every pushed board, and nothing is
/// ever removed from it, so the most boards stored is 1 + pushed.
pub(crate) fn drive<const GREEDY: bool, E: Estimate>(
    solver: &mut Solver,
    start: &Board,
    goal: &Goal,
    budget: Budget,
    e: &E,
) -> Raw {
    solver.begin(*start, goal, budget, e);
    solver.finish::<GREEDY, E>(e);
    let stats = solver.stats();
    let found = match solver.end() {
        Some(End::Goal(seq)) => Ok(solver.path(seq)),
        // An exhausted frontier is unreachable for a parity-matched pair;
        // reported as a cutoff, never a proof.
        _ => Err(LabStop::BudgetExceeded),
    };
    Raw {
        found,
        expansions: u64::from(stats.expansions),
        generated: u64::from(stats.generated),
        peak_stored: 1 + u64::from(stats.pushed),
    }
}
