//! Iterative-deepening A* with Manhattan: depth-first passes bounded by f,
//! each bound the smallest f that exceeded the last. Optimal (Manhattan is
//! admissible) with memory proportional to the path.

use super::{LabStop, Raw};
use crate::engine::{Board, Goal, Move};

struct Pass<'a> {
    goal: &'a Goal,
    budget: u64,
    expansions: u64,
    generated: u64,
    /// Every legal move of every expansion, the move back included: the
    /// contract A*'s way of counting `generated`.
    legal: u64,
    peak: u64,
    path: Vec<Move>,
}

enum Found {
    Yes,
    /// The smallest f above the bound (u32::MAX when none).
    No(u32),
    Budget,
}

impl Pass<'_> {
    /// `h` is the Manhattan distance of `board`, kept up to date move by
    /// move (a move changes only the moved tile's term).
    fn dfs(&mut self, board: &Board, g: u32, h: u32, bound: u32) -> Found {
        let f = g + h;
        if f > bound {
            return Found::No(f);
        }
        // Manhattan is 0 exactly on the goal.
        if h == 0 {
            return Found::Yes;
        }
        if self.expansions >= self.budget {
            return Found::Budget;
        }
        self.expansions += 1;
        self.legal += crate::engine::legal_moves(board).count() as u64;
        self.peak = self.peak.max(self.path.len() as u64 + 1);
        let back = self.path.last().map(|m| m.opposite());
        let mut min = u32::MAX;
        for m in Move::ALL {
            // Never undo the previous move: that board is on the path.
            if Some(m) == back {
                continue;
            }
            let blank = board.blank();
            let Some(target) = m.target(blank) else {
                continue;
            };
            let Some(child) = m.apply(board) else {
                continue;
            };
            let tile = board.cells()[target];
            let child_h = h + u32::from(self.goal.tile_distance(tile, blank))
                - u32::from(self.goal.tile_distance(tile, target));
            self.generated += 1;
            self.path.push(m);
            match self.dfs(&child, g + 1, child_h, bound) {
                Found::Yes => return Found::Yes,
                Found::Budget => return Found::Budget,
                Found::No(t) => min = min.min(t),
            }
            self.path.pop();
        }
        Found::No(min)
    }
}

pub(crate) fn search(start: &Board, goal: &Goal, budget: u64) -> Raw {
    search_counted(start, goal, budget).0
}

/// [`search`], with the number of legal moves of every expansion (the move
/// back to the parent included, which IDA* prunes without generating): the
/// count the contract A* reports as `generated`, for comparing the two.
pub(crate) fn search_counted(start: &Board, goal: &Goal, budget: u64) -> (Raw, u64) {
    let mut pass = Pass {
        goal,
        budget,
        expansions: 0,
        generated: 0,
        legal: 0,
        peak: 1,
        path: Vec::new(),
    };
    let h0 = goal.manhattan(start);
    let mut bound = h0;
    let found = loop {
        match pass.dfs(start, 0, h0, bound) {
            Found::Yes => break Ok(std::mem::take(&mut pass.path)),
            Found::Budget => break Err(LabStop::BudgetExceeded),
            // A parity-matched pair always has a path, so a finite bound follows.
            Found::No(next) if next != u32::MAX => bound = next,
            Found::No(_) => break Err(LabStop::DepthLimitReached),
        }
    };
    (
        Raw {
            found,
            expansions: pass.expansions,
            generated: pass.generated,
            peak_stored: pass.peak,
        },
        pass.legal,
    )
}
