//! Best-first search with the contract's discipline: a best-g table, stale
//! pops skipped, the goal accepted when popped, the budget checked before
//! each expansion. As A* the frontier order is (f, h, key, seq) with the
//! chosen heuristic; as greedy it is (h, key, seq) and a board is never
//! reopened.

use super::{path_from, with_table, Heuristic, LabStop, Raw, Table, UNSET};
use crate::engine::{rank, Board, Goal, Move};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub(crate) fn search(start: &Board, goal: &Goal, h: Heuristic, greedy: bool, budget: u64) -> Raw {
    with_table(|best| run(best, start, goal, h, greedy, budget))
}

fn run(
    best: &mut Table,
    start: &Board,
    goal: &Goal,
    h: Heuristic,
    greedy: bool,
    budget: u64,
) -> Raw {
    let mut boards = vec![(*start, 0u32)];
    let mut parents: Vec<(u32, Option<Move>)> = vec![(u32::MAX, None)];
    let mut heap = BinaryHeap::new();
    let priority = |g: u32, h: u32, r: u32, seq: u32| -> u128 {
        let first = if greedy { h } else { g + h };
        (u128::from(first) << 96) | (u128::from(h) << 64) | (u128::from(r) << 32) | u128::from(seq)
    };
    let r0 = rank(start);
    best.set(r0, 0);
    heap.push(Reverse(priority(0, h.estimate(goal, start), r0, 0)));
    let (mut expansions, mut generated, mut peak) = (0u64, 0u64, 1u64);
    while let Some(Reverse(p)) = heap.pop() {
        let seq = p as u32;
        let (board, g) = boards[seq as usize];
        if best.get(rank(&board)) != g {
            continue; // stale
        }
        if board == *goal.board() {
            return Raw {
                found: Ok(path_from(&parents, seq)),
                expansions,
                generated,
                peak_stored: peak,
            };
        }
        if expansions >= budget {
            return Raw {
                found: Err(LabStop::BudgetExceeded),
                expansions,
                generated,
                peak_stored: peak,
            };
        }
        expansions += 1;
        for m in Move::ALL {
            let Some(next) = m.apply(&board) else {
                continue;
            };
            generated += 1;
            let r = rank(&next);
            let cur = best.get(r);
            let improves = if greedy { cur == UNSET } else { g + 1 < cur };
            if improves {
                best.set(r, g + 1);
                let s = boards.len() as u32;
                boards.push((next, g + 1));
                parents.push((seq, Some(m)));
                heap.push(Reverse(priority(g + 1, h.estimate(goal, &next), r, s)));
            }
        }
        peak = peak.max(boards.len() as u64);
    }
    // Unreachable for a parity-matched pair; reported as a cutoff, never a proof.
    Raw {
        found: Err(LabStop::BudgetExceeded),
        expansions,
        generated,
        peak_stored: peak,
    }
}
