//! The replay model: steps 0..=n over a verified witness, with boundary
//! guards; h on each step is the estimate of a [`Ready`] heuristic, the
//! chosen metric's ([`Replay::of_solution`]), or the contract's Manhattan
//! ([`Replay::new`]).

use crate::board::Board;
use crate::contract::Goal;
use crate::heuristic::{Ready, WrittenFailure};
use crate::moves::{Metric, Move, Slide};
use crate::verdict::Solution;

/// One replay step: the board after `mv` (step 0 has no move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayStep {
    /// 0 for the start, n for the goal.
    pub index: usize,
    /// The move that led here (a slide of one tile in the single-tile
    /// metric); `None` at step 0.
    pub mv: Option<Slide>,
    /// The board at this step.
    pub board: Board,
    /// Path cost so far (= index, in the path's metric).
    pub g: u32,
    /// The replay's estimate of the distance left ([`Replay::heuristic`]).
    pub h: u32,
}

impl ReplayStep {
    /// f = g + h.
    pub fn f(&self) -> u32 {
        self.g + self.h
    }
}

/// What a navigation request did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// The current step changed.
    Moved,
    /// Already at the first step; nothing changed.
    AtFirst,
    /// Already at the last step; nothing changed.
    AtLast,
}

/// A replay of a witness: a list of steps and a cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    steps: Vec<ReplayStep>,
    current: usize,
    metric: Metric,
    heuristic: String,
}

impl Replay {
    /// The replay of a checked `solution` from `start`, one step per move
    /// of its metric (a slide in the multi-tile metric), h on each board
    /// from `ready` — for the chosen metric's estimate, take
    /// [`BuiltIn::plain_bound`](crate::heuristic::BuiltIn::plain_bound)
    /// made ready (a lower bound there, so f = g + h never exceeds the
    /// path's cost when the path is shortest). The first board a written
    /// h has no value on instead.
    pub fn of_solution(
        start: &Board,
        solution: &Solution,
        ready: &Ready,
    ) -> Result<Replay, WrittenFailure> {
        let slides = solution.slides();
        let mut steps = Vec::with_capacity(solution.boards.len());
        for (i, board) in solution.boards.iter().enumerate() {
            let board = if i == 0 { *start } else { *board };
            let h = ready
                .value(&board)
                .map_err(|fault| WrittenFailure { board, fault })?;
            steps.push(ReplayStep {
                index: i,
                mv: i.checked_sub(1).and_then(|m| slides.get(m)).copied(),
                board,
                g: i as u32,
                h,
            });
        }
        Ok(Replay {
            steps,
            current: 0,
            metric: solution.metric,
            heuristic: ready.name(),
        })
    }

    /// The metric of the path replayed.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The name of the heuristic h is (its code, e.g. `manhattan` or
    /// `multi-tile-manhattan`; `h = <text>` for a written one).
    pub fn heuristic(&self) -> &str {
        &self.heuristic
    }

    /// h of the start: the verdict's "initial h".
    pub fn initial_h(&self) -> u32 {
        self.steps[0].h
    }

    /// How a step's move is written: `-` at step 0, the direction in the
    /// single-tile metric (`Right`), direction and count in the multi-tile
    /// metric (`Right×2`).
    pub fn move_text(&self, step: &ReplayStep) -> String {
        match (step.mv, self.metric) {
            (None, _) => "-".to_string(),
            (Some(s), Metric::Single) => s.direction.name().to_string(),
            (Some(s), Metric::Multi) => s.to_string(),
        }
    }

    /// Builds the steps by applying `moves` to `start`, h the contract's
    /// Manhattan (single-tile). Returns `None` if a move is illegal —
    /// callers pass a witness that already passed
    /// [`verify`](crate::witness::verify), so this does not happen.
    pub fn new(start: &Board, goal: &Goal, moves: &[Move]) -> Option<Replay> {
        let mut board = *start;
        let mut steps = vec![ReplayStep {
            index: 0,
            mv: None,
            board,
            g: 0,
            h: goal.manhattan(&board),
        }];
        for (i, &mv) in moves.iter().enumerate() {
            board = mv.apply(&board)?;
            steps.push(ReplayStep {
                index: i + 1,
                mv: Some(Slide::from(mv)),
                board,
                g: i as u32 + 1,
                h: goal.manhattan(&board),
            });
        }
        Some(Replay {
            steps,
            current: 0,
            metric: Metric::Single,
            heuristic: crate::solve::MANHATTAN.to_string(),
        })
    }

    /// All steps, 0..=n.
    pub fn steps(&self) -> &[ReplayStep] {
        &self.steps
    }

    /// The current step.
    pub fn current(&self) -> &ReplayStep {
        &self.steps[self.current]
    }

    /// Index of the current step.
    pub fn position(&self) -> usize {
        self.current
    }

    /// Index of the last step (the number of moves).
    pub fn last_index(&self) -> usize {
        self.steps.len() - 1
    }

    /// Goes to step 0.
    pub fn first(&mut self) -> Nav {
        self.go(0)
    }

    /// Goes to the last step.
    pub fn last(&mut self) -> Nav {
        self.go(self.last_index())
    }

    /// One step back; at step 0 it stays and says [`Nav::AtFirst`].
    pub fn back(&mut self) -> Nav {
        if self.current == 0 {
            Nav::AtFirst
        } else {
            self.go(self.current - 1)
        }
    }

    /// One step forward; at the last step it stays and says [`Nav::AtLast`].
    pub fn forward(&mut self) -> Nav {
        if self.current == self.last_index() {
            Nav::AtLast
        } else {
            self.go(self.current + 1)
        }
    }

    /// Goes to step `index` (clamped); [`Nav::AtFirst`] / [`Nav::AtLast`] when
    /// already there.
    pub fn go(&mut self, index: usize) -> Nav {
        let index = index.min(self.last_index());
        if index == self.current {
            if index == 0 {
                Nav::AtFirst
            } else {
                Nav::AtLast
            }
        } else {
            self.current = index;
            Nav::Moved
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_table() {
        let goal = Goal::default();
        let mut r =
            Replay::new(&Board::BASELINE_START, &goal, &[Move::Right, Move::Right]).unwrap();
        let rows: Vec<(usize, Option<Move>, u32, u32, u32)> = r
            .steps()
            .iter()
            .map(|s| (s.index, s.mv.map(|m| m.direction), s.g, s.h, s.f()))
            .collect();
        assert_eq!(
            rows,
            [
                (0, None, 0, 2, 2),
                (1, Some(Move::Right), 1, 1, 2),
                (2, Some(Move::Right), 2, 0, 2)
            ]
        );
        assert_eq!(r.move_text(&r.steps()[1]), "Right");
        assert_eq!(r.heuristic(), "manhattan");
        assert_eq!(r.back(), Nav::AtFirst);
        assert_eq!(r.forward(), Nav::Moved);
        assert_eq!(r.current().board.cells(), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
        assert_eq!(r.forward(), Nav::Moved);
        assert_eq!(r.forward(), Nav::AtLast);
        assert_eq!(r.position(), 2);
        assert_eq!(r.first(), Nav::Moved);
        assert_eq!(r.last(), Nav::Moved);
        assert_eq!(r.current().board, Board::DEFAULT_GOAL);
    }

    #[test]
    fn zero_move_replay_is_guarded_both_ways() {
        let mut r = Replay::new(&Board::DEFAULT_GOAL, &Goal::default(), &[]).unwrap();
        assert_eq!(r.forward(), Nav::AtLast);
        assert_eq!(r.back(), Nav::AtFirst);
    }
}
