//! Breadth-first search from the start: optimal in moves, no heuristic.
//! The goal is tested when a board is taken from the queue.

use super::{path_from, with_table, LabStop, Raw, Table, UNSET};
use crate::engine::{
    contract::{rank, Goal},
    Board, Move,
};

pub(crate) fn search(start: &Board, goal: &Goal, budget: u64) -> Raw {
    with_table(|seen| run(seen, start, goal, budget))
}

fn run(seen: &mut Table, start: &Board, goal: &Goal, budget: u64) -> Raw {
    let mut boards = vec![*start];
    let mut parents: Vec<(u32, Option<Move>)> = vec![(u32::MAX, None)];
    seen.set(rank(start), 1);
    let (mut head, mut expansions, mut generated) = (0usize, 0u64, 0u64);
    while head < boards.len() {
        let board = boards[head];
        if board == *goal.board() {
            return Raw {
                found: Ok(path_from(&parents, head as u32)),
                expansions,
                generated,
                peak_stored: boards.len() as u64,
            };
        }
        if expansions >= budget {
            break;
        }
        expansions += 1;
        for m in Move::ALL {
            if let Some(next) = m.apply(&board) {
                generated += 1;
                let r = rank(&next);
                if seen.get(r) == UNSET {
                    seen.set(r, 1);
                    boards.push(next);
                    parents.push((head as u32, Some(m)));
                }
            }
        }
        head += 1;
    }
    Raw {
        found: Err(LabStop::BudgetExceeded),
        expansions,
        generated,
        peak_stored: boards.len() as u64,
    }
}
