//! One problem: a start and a goal of one shape, and the metric distances
//! are counted in. Every tool takes a [`Problem`] (with a
//! [`Heuristic`](crate::heuristic::Heuristic) where it orders a search), so
//! a tool cannot answer a different question from the one asked.

use crate::board::Board;
use crate::moves::Metric;
use crate::request::PairError;
use crate::shape::Shape;
use crate::solvability::{check_parity, ParityProof};
use serde::{Deserialize, Serialize};

/// A start and a goal of one shape, and the metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ProblemWire")]
pub struct Problem {
    start: Board,
    goal: Board,
    metric: Metric,
}

/// A problem as it travels, checked again when read.
#[derive(Deserialize)]
struct ProblemWire {
    start: Board,
    goal: Board,
    metric: Metric,
}

impl TryFrom<ProblemWire> for Problem {
    type Error = PairError;
    fn try_from(w: ProblemWire) -> Result<Problem, PairError> {
        Problem::new(w.start, w.goal, w.metric)
    }
}

impl Problem {
    /// The problem of `start` to `goal` counted in `metric`, or the error
    /// when they are boards of different shapes.
    pub fn new(start: Board, goal: Board, metric: Metric) -> Result<Problem, PairError> {
        if start.shape() != goal.shape() {
            return Err(PairError::ShapeMismatch {
                start: start.shape(),
                goal: goal.shape(),
            });
        }
        Ok(Problem {
            start,
            goal,
            metric,
        })
    }

    /// The 3×3 contract's baseline: `[1,2,3,4,5,6,0,7,8]` to the default
    /// goal, single-tile.
    pub const BASELINE: Problem = Problem {
        start: Board::BASELINE_START,
        goal: Board::DEFAULT_GOAL,
        metric: Metric::Single,
    };

    /// The start.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The boards' shape.
    pub fn shape(&self) -> Shape {
        self.start.shape()
    }

    /// The same problem from another start of its shape (`None` for a
    /// board of another shape).
    pub fn from(&self, start: Board) -> Option<Problem> {
        Problem::new(start, self.goal, self.metric).ok()
    }

    /// The same boards counted in `metric`.
    pub fn in_metric(&self, metric: Metric) -> Problem {
        Problem { metric, ..*self }
    }

    /// `Ok` when the start can reach the goal, else the parity proof that
    /// it cannot (the same in both metrics: a slide of k tiles is k
    /// single-tile moves).
    pub fn parity(&self) -> Result<(), ParityProof> {
        check_parity(&self.start, &self.goal)
    }
}

/// The one sentence a tool that counts single-tile moves only says when it
/// is asked for another metric, the same on the page and the command line:
/// `the IDA* trace counts single-tile moves only; it does not take the
/// multi-tile metric`.
pub fn single_tile_only(tool: &str, metric: Metric) -> String {
    format!(
        "{tool} counts single-tile moves only; it does not take the {} metric",
        metric.long_name()
    )
}

/// Why a tool does not run on a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The start cannot reach the goal: the parity proof (no search runs).
    Unsolvable(ParityProof),
    /// The tool counts single-tile moves only ([`single_tile_only`]).
    SingleTileOnly {
        /// The tool, as a sentence names it (`the IDA* trace`).
        tool: &'static str,
        /// The metric asked for.
        metric: Metric,
    },
}

impl Refusal {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::Unsolvable(_) => "unsolvable",
            Refusal::SingleTileOnly { .. } => "single_tile_only",
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Unsolvable(p) => f.write_str(&p.explain()),
            Refusal::SingleTileOnly { tool, metric } => {
                f.write_str(&single_tile_only(tool, *metric))
            }
        }
    }
}

impl std::error::Error for Refusal {}

impl From<ParityProof> for Refusal {
    fn from(p: ParityProof) -> Refusal {
        Refusal::Unsolvable(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_one_shape_and_travels_checked() {
        let p = Problem::BASELINE.in_metric(Metric::Multi);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(
            json,
            r#"{"start":[3,3,[1,2,3,4,5,6,0,7,8]],"goal":[3,3,[1,2,3,4,5,6,7,8,0]],"metric":"multi"}"#
        );
        assert_eq!(serde_json::from_str::<Problem>(&json).unwrap(), p);
        let four = Board::default_goal(Shape::FOUR);
        let e = Problem::new(Board::BASELINE_START, four, Metric::Single).unwrap_err();
        assert_eq!(e.kind(), "shape_mismatch");
        let bad = r#"{"start":[3,3,[1,2,3,4,5,6,0,7,8]],"goal":[2,2,[1,2,3,0]],"metric":"single"}"#;
        assert!(serde_json::from_str::<Problem>(bad).is_err());
        assert!(Problem::BASELINE.parity().is_ok());
    }
}
