//! Text in, checked pair out: the start and goal boards of every shape,
//! parsed by the one rule and checked to share a shape. The command-line
//! tool and the page both go through here, so they accept and reject exactly
//! the same things.

use super::board::Board;
use super::parse::{parse_board, SizedBoardError};
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
                "the start is {} {} but the goal is {} {}; start and goal must have the same shape",
                start.article(),
                shape_words(*start),
                goal.article(),
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
    let start = parse_board(start).map_err(PairError::Start)?;
    let goal = match goal {
        None => Board::default_goal(start.shape()),
        Some(text) => {
            let parsed = parse_board(text);
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
