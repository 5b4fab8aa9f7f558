//! Text in, checked result out for the 3×3 contract: the one place where
//! its typed inputs (start, goal, budget) are validated and solved. The
//! command-line tool and the page both go through here, so they accept and
//! reject exactly the same things.

use super::astar::{Outcome, SolveError, Solver};
use super::budget::{parse_budget, Budget, BudgetError};
use super::goal::Goal;
use crate::board::Board;
use crate::parse::{parse_board_3x3, BoardError};
use crate::request::Field;
use std::fmt;

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
    parse_board_3x3(text).map_err(|e| InputError {
        field: Field::Start,
        problem: InputProblem::Board(e),
    })
}

/// Parses the goal board text.
pub fn parse_goal(text: &str) -> Result<Board, InputError> {
    parse_board_3x3(text).map_err(|e| InputError {
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
