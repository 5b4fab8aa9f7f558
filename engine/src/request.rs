//! Text in, checked result out: the one place where typed inputs (start,
//! goal, budget) are validated and solved. The command-line tool and the page
//! both go through here, so they accept and reject exactly the same things.

use super::astar::{Outcome, SolveError, Solver};
use super::board::Board;
use super::budget::{parse_budget, Budget, BudgetError};
use super::goal::Goal;
use super::parse::{parse_any_board, parse_board, BoardError, SizedBoardError};
use super::shape::Shape;
use std::fmt;

/// Which input an error belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The start board.
    Start,
    /// The goal board.
    Goal,
    /// The expansion budget.
    Budget,
}

impl Field {
    /// `start`, `goal` or `budget`.
    pub fn name(self) -> &'static str {
        match self {
            Field::Start => "start",
            Field::Goal => "goal",
            Field::Budget => "budget",
        }
    }

    /// `Start board`, `Goal board` or `Budget`: the field's label.
    pub fn label(self) -> &'static str {
        match self {
            Field::Start => "Start board",
            Field::Goal => "Goal board",
            Field::Budget => "Budget",
        }
    }
}

/// What was wrong with one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputProblem {
    /// A board failed validation.
    Board(BoardError),
    /// The budget failed validation.
    Budget(BudgetError),
}

/// An `Invalid` verdict: the field, and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The input at fault.
    pub field: Field,
    /// What is wrong with it.
    pub problem: InputProblem,
}

impl InputError {
    /// The error class, e.g. `duplicate` or `out_of_range`.
    pub fn kind(&self) -> &'static str {
        match &self.problem {
            InputProblem::Board(e) => e.kind(),
            InputProblem::Budget(e) => e.kind(),
        }
    }

    /// The message without the field label.
    pub fn message(&self) -> String {
        match &self.problem {
            InputProblem::Board(e) => e.to_string(),
            InputProblem::Budget(e) => e.to_string(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field.label(), self.message())
    }
}

impl std::error::Error for InputError {}

/// Validated inputs, ready to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The start board.
    pub start: Board,
    /// The goal with its position map.
    pub goal: Goal,
    /// The budget.
    pub budget: Budget,
}

/// Parses the start board text.
pub fn parse_start(text: &str) -> Result<Board, InputError> {
    parse_board(text).map_err(|e| InputError {
        field: Field::Start,
        problem: InputProblem::Board(e),
    })
}

/// Parses the goal board text.
pub fn parse_goal(text: &str) -> Result<Board, InputError> {
    parse_board(text).map_err(|e| InputError {
        field: Field::Goal,
        problem: InputProblem::Board(e),
    })
}

/// Parses the budget text by the one rule (integer 1–10000).
pub fn parse_budget_field(text: &str) -> Result<Budget, InputError> {
    parse_budget(text).map_err(|e| InputError {
        field: Field::Budget,
        problem: InputProblem::Budget(e),
    })
}

/// Validates all three inputs; the first failing field (start, goal, budget)
/// is reported.
pub fn parse_request(start: &str, goal: &str, budget: &str) -> Result<Request, InputError> {
    Ok(Request {
        start: parse_start(start)?,
        goal: Goal::new(parse_goal(goal)?),
        budget: parse_budget_field(budget)?,
    })
}

impl Request {
    /// Solves the request; the witness is checked before it is returned.
    pub fn solve(&self, solver: &mut Solver) -> Result<Outcome, SolveError> {
        solver.solve(&self.start, &self.goal, self.budget)
    }
}

/// Why a start/goal pair of any shape was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// The start board is invalid.
    Start(SizedBoardError),
    /// The goal board is invalid.
    Goal(SizedBoardError),
    /// Occurs when start and goal are boards (valid or not) of different
    /// shapes.
    ShapeMismatch {
        /// The start's shape.
        start: Shape,
        /// The goal's shape.
        goal: Shape,
    },
}

impl PairError {
    /// `start` or `goal`: the field at fault (a mismatch is the goal's).
    pub fn field(&self) -> Field {
        match self {
            PairError::Start(_) => Field::Start,
            PairError::Goal(_) | PairError::ShapeMismatch { .. } => Field::Goal,
        }
    }

    /// The error class (`shape_mismatch`, or the board error's kind).
    pub fn kind(&self) -> &'static str {
        match self {
            PairError::Start(e) | PairError::Goal(e) => e.kind(),
            PairError::ShapeMismatch { .. } => "shape_mismatch",
        }
    }
}

fn shape_words(shape: Shape) -> String {
    format!(
        "{} board ({} wide, {} tall)",
        shape.name(),
        shape.width(),
        shape.height()
    )
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairError::Start(e) | PairError::Goal(e) => e.fmt(f),
            PairError::ShapeMismatch { start, goal } => write!(
                f,
                "the start is a {} but the goal is a {}; start and goal must have the same shape",
                shape_words(*start),
                shape_words(*goal)
            ),
        }
    }
}

impl std::error::Error for PairError {}

/// The shape a parse result shows, if any.
fn shown_shape(r: &Result<Board, SizedBoardError>) -> Option<Shape> {
    match r {
        Ok(b) => Some(b.shape()),
        Err(e) => e.shape,
    }
}

/// Parses a start and a goal of any shape: the start first, then the goal
/// (`None`: the default goal of the start's shape). A goal whose shape
/// differs from the start's, valid or not, is a [`PairError::ShapeMismatch`].
pub fn parse_board_pair(start: &str, goal: Option<&str>) -> Result<(Board, Board), PairError> {
    let start = parse_any_board(start).map_err(PairError::Start)?;
    let goal = match goal {
        None => Board::default_goal(start.shape()),
        Some(text) => {
            let parsed = parse_any_board(text);
            if let Some(shape) = shown_shape(&parsed) {
                if shape != start.shape() {
                    return Err(PairError::ShapeMismatch {
                        start: start.shape(),
                        goal: shape,
                    });
                }
            }
            parsed.map_err(PairError::Goal)?
        }
    };
    pair(start, goal)
}

/// Pairs two boards of one shape.
pub fn pair(start: Board, goal: Board) -> Result<(Board, Board), PairError> {
    if start.shape() == goal.shape() {
        Ok((start, goal))
    } else {
        Err(PairError::ShapeMismatch {
            start: start.shape(),
            goal: goal.shape(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_and_mismatch() {
        let s4 = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]";
        let (start, goal) = parse_board_pair(s4, None).unwrap();
        assert_eq!(start.shape(), Shape::FOUR);
        assert_eq!(goal, Board::default_goal(Shape::FOUR));
        let e = parse_board_pair(s4, Some("[1,2,3,4,5,6,7,8,0]")).unwrap_err();
        assert_eq!((e.field(), e.kind()), (Field::Goal, "shape_mismatch"));
        assert_eq!(
            e.to_string(),
            "the start is a 4×4 board (4 wide, 4 tall) but the goal is a 3×3 board (3 wide, 3 tall); start and goal must have the same shape"
        );
        // An invalid goal of the other shape is still a mismatch.
        let e = parse_board_pair(
            "[1,2,3,4,5,6,0,7,8]",
            Some(s4.replace("0,15]", "0,14]").as_str()),
        )
        .unwrap_err();
        assert_eq!(e.kind(), "shape_mismatch");
        let e = parse_board_pair("[1,2,3,4,5,6,0,7,8]", Some("[1,2,3,4,5,6,7,8,8]")).unwrap_err();
        assert_eq!((e.field(), e.kind()), (Field::Goal, "duplicate"));
        assert_eq!(
            parse_board_pair("[1,2,3,4,5,6,0,7,8]", None),
            Ok((Board::BASELINE_START, Board::DEFAULT_GOAL))
        );
        let e = parse_board_pair("[[1,2,3],[4,5,0]]", Some("[[1,2],[3,4],[5,0]]")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the start is a 3×2 board (3 wide, 2 tall) but the goal is a 2×3 board (2 wide, 3 tall); start and goal must have the same shape"
        );
    }
}
