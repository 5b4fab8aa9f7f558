//! Depth-limited depth-first search that avoids repeating a board on its own
//! current path (and only there): the corrected variant from the blog post
//! on BFS/DFS/A*, whose global visited set could hide every path. It returns
//! the first path it meets, which is usually much longer than the optimum.

use super::{with_table, LabStop, Raw, Table};
use crate::engine::{
    contract::{rank, Goal},
    Board, Move,
};

pub(crate) fn search(start: &Board, goal: &Goal, limit: u32, budget: u64) -> Raw {
    with_table(|on_path| run(on_path, start, goal, limit, budget))
}

fn run(on_path: &mut Table, start: &Board, goal: &Goal, limit: u32, budget: u64) -> Raw {
    // Each frame: the board and the index of the next move to try.
    let mut stack: Vec<(Board, usize)> = vec![(*start, 0)];
    let mut moves: Vec<Move> = Vec::new();
    on_path.set(rank(start), 1);
    let (mut expansions, mut generated, mut peak) = (1u64, 0u64, 1u64);
    if start == goal.board() {
        return Raw {
            found: Ok(moves),
            expansions: 0,
            generated,
            peak_stored: 1,
        };
    }
    loop {
        let depth = stack.len() as u32;
        let Some((board, next)) = stack.last_mut() else {
            break;
        };
        let board = *board;
        if depth > limit || *next >= Move::ALL.len() {
            on_path.set(rank(&board), 0);
            stack.pop();
            moves.pop();
            continue;
        }
        let m = Move::ALL[*next];
        *next += 1;
        let Some(child) = m.apply(&board) else {
            continue;
        };
        generated += 1;
        let r = rank(&child);
        if on_path.get(r) == 1 {
            continue;
        }
        if child == *goal.board() {
            moves.push(m);
            return Raw {
                found: Ok(moves),
                expansions,
                generated,
                peak_stored: peak + 1,
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
        on_path.set(r, 1);
        stack.push((child, 0));
        moves.push(m);
        peak = peak.max(stack.len() as u64);
    }
    Raw {
        found: Err(LabStop::DepthLimitReached),
        expansions,
        generated,
        peak_stored: peak,
    }
}
