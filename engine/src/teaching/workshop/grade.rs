//! A written heuristic graded against an exercise: the exhaustive check,
//! then the nodes of its search summed over the boards, in slices.

use super::cost::{search_with_in, CostSearch};
use super::exercise::Exercise;
use crate::contract::Solver;
use crate::heuristic::expr::{ExprError, Program};
use crate::heuristic::{against_text, CheckError, EvalFailure, HeuristicCheck, Overestimate};
use crate::moves::Metric;
use crate::text::thousands;
use std::fmt;

/// Why an answer could not be graded (invalid input, not a fail).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GradeError {
    /// The expression does not parse or compile.
    Expr(ExprError),
    /// The check cannot run.
    Check(CheckError),
    /// h has no value on some board.
    Eval(EvalFailure),
}

impl fmt::Display for GradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GradeError::Expr(e) => write!(f, "{e}"),
            GradeError::Check(e) => write!(f, "{e}"),
            GradeError::Eval(e) => write!(f, "h has no value {e}"),
        }
    }
}

impl std::error::Error for GradeError {}

/// Why an answer passed or failed; the first that applies, in this order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GradeReason {
    /// Every condition holds.
    Passed,
    /// The exercise asks for an admissible h and this one overestimates.
    Inadmissible,
    /// The search ran out of its budget on these boards (index from 1).
    OverBudget(Vec<usize>),
    /// More nodes than the target.
    TooManyNodes,
}

/// The grade of one answer.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Grade {
    /// Whether h ≤ distance on every board of the class.
    pub admissible: bool,
    /// Boards where h > distance.
    pub overestimates: u64,
    /// A board of largest h − distance.
    pub worst: Option<Overestimate>,
    /// Expansions per board, in the exercise's order.
    pub nodes: Vec<u64>,
    /// Their total.
    pub total: u64,
    /// Path length − optimum, summed over the boards solved (0 whenever h
    /// is admissible).
    pub excess: u64,
    /// Pass or fail.
    pub pass: bool,
    /// The metric the check and the searches counted (the exercise's).
    #[serde(default)]
    pub metric: Metric,
    /// Why.
    pub reason: GradeReason,
}

impl Exercise {
    /// The search's name: `A*` or `IDA*`.
    pub fn search_name(&self) -> &'static str {
        match self.search {
            CostSearch::AStar => "A*",
            CostSearch::IdaStar => "IDA*",
        }
    }
}

impl Grade {
    /// Why it passed or failed, in words (`heuristic grade`'s `reason`).
    pub fn reason_text(&self, exercise: &Exercise) -> String {
        match &self.reason {
            GradeReason::Passed => "passed".to_string(),
            GradeReason::Inadmissible => "h is not admissible".to_string(),
            GradeReason::OverBudget(b) => {
                let list: Vec<String> = b.iter().map(usize::to_string).collect();
                format!(
                    "the search ran out of its budget on board {}",
                    list.join(", ")
                )
            }
            GradeReason::TooManyNodes => format!(
                "{} nodes, over the target of {}",
                thousands(self.total),
                thousands(exercise.max_nodes)
            ),
        }
    }

    /// The grade as `heuristic grade` prints it after the `h = …` line
    /// (and the page shows it): the exercise, admissibility and the worst
    /// overestimate, the nodes, the paths' excess when any, pass or fail.
    pub fn lines(&self, exercise: &Exercise) -> Vec<String> {
        let ex = exercise;
        let in_metric = match ex.metric {
            Metric::Single => String::new(),
            m => format!(" in the {} metric", m.long_name()),
        };
        let mut out = vec![format!(
            "Exercise: {} on {} boards of {}{in_metric}, at most {} nodes expanded in total{}",
            ex.search_name(),
            ex.boards.len(),
            ex.goal.shape(),
            thousands(ex.max_nodes),
            if ex.admissible { ", h admissible" } else { "" }
        )];
        // The single-tile wording is the one the goldens pin; another
        // metric names the distances it was checked against.
        let against = match self.metric {
            Metric::Single => String::new(),
            m => format!(", {}", against_text(m)),
        };
        out.push(if self.admissible {
            format!("Admissible: yes (h ≤ distance on every board{against})")
        } else {
            format!(
                "Admissible: no — h overestimates on {} boards{against}",
                thousands(self.overestimates)
            )
        });
        if let Some(w) = &self.worst {
            out.push(format!(
                "  Worst overestimate: h = {}, distance {}, on {}",
                w.h,
                w.distance,
                w.board.to_json()
            ));
        }
        let list: Vec<String> = self.nodes.iter().map(u64::to_string).collect();
        out.push(format!(
            "Nodes: {} ({})",
            thousands(self.total),
            list.join(" + ")
        ));
        if self.excess > 0 {
            out.push(format!(
                "Paths: {} moves over the optimum in total",
                self.excess
            ));
        }
        out.push(if self.pass {
            "Pass".to_string()
        } else {
            format!("Fail: {}", self.reason_text(ex))
        });
        out
    }
}

/// Grades the heuristic `text` on `exercise` in one call ([`Grading`]
/// run to its end).
pub fn grade(exercise: &Exercise, text: &str) -> Result<Grade, GradeError> {
    let mut g = Grading::new(exercise, text)?;
    while !g.step(1 << 16)? {}
    g.grade().ok_or(GradeError::Check(CheckError::TooLarge {
        shape: exercise.goal.shape(),
    }))
}

/// A grading run in slices: the exhaustive check of the class
/// (admissibility and its counterexample), then the exercise's search with
/// h from each of its boards, one board a step, the nodes summed.
pub struct Grading {
    exercise: Exercise,
    program: Program,
    check: HeuristicCheck,
    solver: Solver,
    nodes: Vec<u64>,
    over: Vec<usize>,
    excess: u64,
}

impl Grading {
    /// The expression compiled for the exercise's goal and the check's
    /// tables allocated; nothing run yet.
    pub fn new(exercise: &Exercise, text: &str) -> Result<Grading, GradeError> {
        let program = Program::compile(text, &exercise.goal).map_err(GradeError::Expr)?;
        let check = HeuristicCheck::in_metric(program.clone(), exercise.metric)
            .map_err(GradeError::Check)?;
        Ok(Grading {
            exercise: exercise.clone(),
            program,
            check,
            solver: Solver::new(),
            nodes: Vec::with_capacity(exercise.boards.len()),
            over: Vec::new(),
            excess: 0,
        })
    }

    /// While checking, at most `budget` boards of the check; then one of
    /// the exercise's boards. `Ok(true)` once graded; an error when h has
    /// no value on some board.
    pub fn step(&mut self, budget: u64) -> Result<bool, GradeError> {
        if self.check.result().is_none() {
            self.check.step(budget);
            if let Some(f) = self.check.failure() {
                return Err(GradeError::Eval(f.clone()));
            }
            return Ok(false);
        }
        let i = self.nodes.len();
        let Some(b) = self.exercise.boards.get(i) else {
            return Ok(true);
        };
        let goal = self.exercise.goal;
        let metric = self.exercise.metric;
        // The exact distance from the finished exhaustive check (in the
        // exercise's metric).
        let optimum = self.check.distance(b);
        let search = self.exercise.search;
        let run = search_with_in(
            &mut self.solver,
            search,
            Some(&self.program),
            b,
            &goal,
            metric,
        )
        .ok_or(GradeError::Check(CheckError::TooLarge {
            shape: goal.shape(),
        }))?;
        self.nodes.push(run.expansions);
        match (run.length, optimum) {
            (Some(n), Some(o)) => self.excess += u64::from(n.saturating_sub(o)),
            (None, _) => self.over.push(i + 1),
            _ => {}
        }
        Ok(self.nodes.len() == self.exercise.boards.len())
    }

    /// (boards checked + boards searched, of how many).
    pub fn progress(&self) -> (u64, u64) {
        let p = self.check.progress();
        let n = self.exercise.boards.len() as u64;
        (p.checked + self.nodes.len() as u64, p.total + n)
    }

    /// The grade, once every step is done.
    pub fn grade(&self) -> Option<Grade> {
        let r = self.check.result()?;
        if self.nodes.len() < self.exercise.boards.len() {
            return None;
        }
        let total = self.nodes.iter().sum();
        let reason = if self.exercise.admissible && !r.admissible {
            GradeReason::Inadmissible
        } else if !self.over.is_empty() {
            GradeReason::OverBudget(self.over.clone())
        } else if total > self.exercise.max_nodes {
            GradeReason::TooManyNodes
        } else {
            GradeReason::Passed
        };
        Some(Grade {
            admissible: r.admissible,
            overestimates: r.overestimates,
            worst: r.worst_overestimate.clone(),
            nodes: self.nodes.clone(),
            total,
            excess: self.excess,
            pass: reason == GradeReason::Passed,
            reason,
            metric: self.exercise.metric,
        })
    }
}
