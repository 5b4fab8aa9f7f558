//! A* with a chosen heuristic, and greedy best-first: both are the one A*
//! of [`crate::engine::contract::Solver`], instantiated with another heuristic or the
//! greedy priority. This file only picks the instance and translates the
//! counters; the best-g table, stale skip, goal-at-pop and budget check are
//! the contract search's own. As A* the order is (f, h, key, seq) with the
//! chosen heuristic; as greedy it is (h, key, seq) and a board is never
//! reopened.

use super::{LabStop, Raw};
use crate::contract::estimate::{
    Estimate, LinearConflict, Manhattan, ManhattanPlusMisplaced, Misplaced, TwiceManhattan,
    Weighted,
};
use crate::contract::End;
use crate::engine::{
    contract::{Budget, Goal, Solver},
    Board,
};
use crate::heuristic::BuiltIn;
use crate::teaching::weighted::{Looked, Weight};
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

/// A* with heuristic `h` (`greedy`: greedy best-first, which the lab runs
/// on Manhattan only, [`super::Algorithm::Greedy`]).
pub(crate) fn search(start: &Board, goal: &Goal, h: BuiltIn, greedy: bool, budget: u64) -> Raw {
    let mut buffers = BUFFERS
        .with(|b| b.borrow_mut().take())
        .unwrap_or_else(|| Buffers {
            solver: Solver::new(),
            linear_conflict: None,
        });
    let solver = &mut buffers.solver;
    // Budgets above u32::MAX cannot bind: the space has 9! boards.
    let budget = Budget::new(u32::try_from(budget).unwrap_or(u32::MAX));
    // The two inadmissible heuristics run as the weighted search at w = 1
    // (priority 2g + 2h: the same order as g + h), the same instance.
    let at_one = Weight::ONE.twice();
    let raw = match h {
        _ if greedy => drive::<true, _>(solver, start, goal, budget, &Manhattan::new(goal)),
        BuiltIn::Manhattan => drive::<false, _>(solver, start, goal, budget, &Manhattan::new(goal)),
        BuiltIn::Misplaced => drive::<false, _>(solver, start, goal, budget, &Misplaced::new(goal)),
        BuiltIn::TwiceManhattan => drive::<false, _>(
            solver,
            start,
            goal,
            budget,
            &Weighted {
                inner: TwiceManhattan(Manhattan::new(goal)),
                twice_w: at_one,
            },
        ),
        BuiltIn::ManhattanPlusMisplaced => drive::<false, _>(
            solver,
            start,
            goal,
            budget,
            &Weighted {
                inner: ManhattanPlusMisplaced::new(goal),
                twice_w: at_one,
            },
        ),
        BuiltIn::LinearConflict => {
            let lc = match buffers.linear_conflict.take() {
                Some(lc) if lc.is_for(goal) => lc,
                _ => LinearConflict::new(goal),
            };
            let raw = drive::<false, _>(solver, start, goal, budget, &lc);
            buffers.linear_conflict = Some(lc);
            raw
        }
        // A heuristic of tables, or the multi-tile estimate: read off its
        // ready tables board by board (a 3×3 build is small).
        other => match Looked::new(&other.into(), goal) {
            Ok(looked) => drive::<false, _>(solver, start, goal, budget, &looked),
            Err(_) => Raw {
                found: Err(LabStop::BudgetExceeded),
                expansions: 0,
                generated: 0,
                peak_stored: 0,
            },
        },
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

#[cfg(test)]
mod tests {
    use crate::contract::{Budget, Goal};
    use crate::engine::{Board, Verdict};
    use crate::heuristic::BuiltIn;
    use crate::teaching::lab::{run, Algorithm, LabVerdict};
    use crate::teaching::{solve_weighted, Weight};

    /// The lab's A* with an inadmissible heuristic is the weighted search at
    /// w = 1: the same path and the same expansions, and no optimality claim.
    #[test]
    fn inadmissible_heuristics_run_as_the_weighted_search_at_one() {
        let start = Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let goal = Goal::default();
        for h in [BuiltIn::TwiceManhattan, BuiltIn::ManhattanPlusMisplaced] {
            let lab = run(Algorithm::AStar(h), &start, &goal, 200_000).unwrap();
            let weighted =
                solve_weighted(&start, &goal, h, Weight::ONE, Budget::new(200_000)).unwrap();
            let (LabVerdict::Solved(a), Verdict::Solved(b)) = (&lab.verdict, &weighted.verdict)
            else {
                panic!("{h:?}: {:?} / {:?}", lab.verdict, weighted.verdict);
            };
            assert_eq!(a, &b.moves, "{h:?}");
            assert_eq!(
                lab.expansions,
                u64::from(weighted.stats.expansions),
                "{h:?}"
            );
            assert!(!Algorithm::AStar(h).guarantees_optimal());
        }
        assert!(Algorithm::AStar(BuiltIn::LinearConflict).guarantees_optimal());
    }
}
