//! The protocol's types: [`Task`], [`Reply`] and the [`Envelope`] that
//! carries either, written with serde (postcard's compact bytes).

use super::check::{CheckAnswer, CheckProgress};
use super::experiment::ExperimentRow;
use super::lab::CompareRow;
use super::solver::Report;
use super::space::{SpaceAnswer, SpaceStep};
use super::sweep::{SweepTask, SweepTotals};
use crate::engine::moves::{Metric, Slide};
use crate::engine::solve::{Analysis, Mode};
use crate::engine::{space::Progress, Board};
use crate::engine::{
    teaching::lab::DepthPartial,
    teaching::workshop::{CostRow, Exercise, Grade},
};
use serde::{Deserialize, Serialize};

/// Every kind of work a worker (or the page's thread) does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// A solve of any shape: optimal (the pattern-database IDA* under a
    /// node budget; in the multi-tile metric the multi-tile IDA*) or fast;
    /// streams.
    Solve {
        /// The start.
        start: Board,
        /// The goal.
        goal: Board,
        /// Optimal or fast.
        mode: Mode,
        /// Nodes an optimal solve may generate.
        budget: u64,
        /// The metric the length is counted in (single-tile by default).
        #[serde(default)]
        metric: Metric,
    },
    /// A hint for `board`: the moves that start a shortest path when a
    /// budget of `budget` generated nodes proves them, else a fast-mode
    /// move ([`HintAnswer`](super::solver::HintAnswer)); streams.
    Hint {
        /// The board the hint is for.
        board: Board,
        /// The goal.
        goal: Board,
        /// Nodes the hint's searches may generate in all.
        budget: u64,
        /// The metric the hint's distances count (single-tile by default).
        #[serde(default)]
        metric: Metric,
    },
    /// The state space of a goal (every shape but 3×3 in the single-tile
    /// metric, which is [`Task::Explore`]), in a metric; streams.
    Space {
        /// The goal.
        goal: Board,
        /// What one move is.
        metric: Metric,
    },
    /// A piece of the heuristic sweep.
    Sweep(SweepTask),
    /// A rank range of the depth table.
    Depth {
        /// The 3×3 goal.
        goal: Board,
        /// First rank.
        lo: u32,
        /// End rank.
        hi: u32,
    },
    /// One part of Compare all: the optimum (index 0) or an algorithm's
    /// row (index i: the i-th of the lab's algorithms).
    Compare {
        /// The start.
        start: Board,
        /// The goal.
        goal: Board,
        /// The lab budget (boards).
        budget: u64,
        /// Which part.
        index: usize,
    },
    /// One row of the blog experiment.
    Experiment {
        /// The row.
        row: usize,
    },
    /// The whole 3×3 space of a goal.
    Explore {
        /// The goal.
        goal: Board,
        /// The metric distances are counted in (single-tile by default).
        #[serde(default)]
        metric: Metric,
    },
    /// The check of a heuristic written in the heuristic language against
    /// every board of the goal's class (a sample of a 12-cell one); streams.
    Check {
        /// The expression as written (compiled in the worker by the
        /// engine's parser; the page has already parsed it once).
        expr: String,
        /// The goal.
        goal: Board,
        /// The metric whose distances h is checked against (single-tile
        /// by default).
        #[serde(default)]
        metric: Metric,
    },
    /// The search cost of a heuristic by solution depth (the check, then
    /// A* and IDA* with it and with Manhattan from `per_depth` boards drawn
    /// at each depth); streams.
    Cost {
        /// The expression as written.
        expr: String,
        /// The goal (at most 10 cells).
        goal: Board,
        /// Boards drawn at each depth.
        per_depth: u16,
        /// The metric depths and paths are counted in (single-tile by
        /// default).
        #[serde(default)]
        metric: Metric,
    },
    /// Play's solve read back: the distance after each move
    /// ([`super::analysis`]); streams (the tables' build, then board k of
    /// n).
    Analyse {
        /// The game's start.
        start: Board,
        /// The goal.
        goal: Board,
        /// The metric the moves count in.
        metric: Metric,
        /// The moves made, one slide each (count 1 in the single-tile metric).
        moves: Vec<Slide>,
    },
    /// Play's count of the shortest solutions of a start, listing the
    /// first `limit` ([`super::shortest`]); streams (the tables' build,
    /// the start's optimum).
    AllShortest {
        /// The game's start.
        start: Board,
        /// The goal.
        goal: Board,
        /// The metric the moves count in.
        metric: Metric,
        /// How many solutions to list.
        limit: u16,
    },
    /// The grade of a heuristic on an exercise; streams.
    Grade {
        /// The exercise.
        exercise: Exercise,
        /// The expression as written.
        expr: String,
    },
}

impl Task {
    /// Whether the task streams (many slices) rather than answering at once.
    pub fn streams(&self) -> bool {
        matches!(
            self,
            Task::Solve { .. }
                | Task::Hint { .. }
                | Task::Space { .. }
                | Task::Check { .. }
                | Task::Cost { .. }
                | Task::Grade { .. }
                | Task::Analyse { .. }
                | Task::AllShortest { .. }
        )
    }
}

/// How far a streaming job is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The solver's progress ([`Report::Build`] or [`Report::Search`]).
    Solver(Report),
    /// The state-space search's progress.
    Space(Progress),
    /// The heuristic check's progress (a grade's: boards checked and
    /// searched).
    Check(CheckProgress),
    /// The search cost's progress: boards searched.
    Cost(CheckProgress),
    /// The analysis's progress: the tables' build, then boards done.
    Analysis(AnalysisProgress),
    /// The count of shortest solutions: the tables' build, then the
    /// start's optimum.
    Shortest(ShortestProgress),
}

/// How far a count of shortest solutions is ([`Task::AllShortest`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortestProgress {
    /// The tables are being built (once a session for the goal).
    Build {
        /// Tables finished.
        done: usize,
        /// Tables in all.
        tables: usize,
    },
    /// The start's optimum is being proved.
    Optimum,
}

/// The shortest solutions of a start ([`Task::AllShortest`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shortest {
    /// Their length in the metric.
    pub length: u32,
    /// How many there are, exactly.
    pub count: u128,
    /// The first of them in move order (at most the task's limit).
    pub paths: Vec<Vec<Slide>>,
}

/// How far an analysis is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisProgress {
    /// The tables are being built (once a session for the goal).
    Build {
        /// Their name, e.g. `pdb-663`.
        name: String,
        /// Their size in bytes.
        bytes: u64,
        /// Tables finished.
        done: usize,
        /// Tables in all.
        tables: usize,
    },
    /// Boards whose distance is known (the start's first), of all.
    Boards {
        /// Boards done.
        done: usize,
        /// Boards in all: the start and one after each move of the metric.
        of: usize,
    },
}

/// A job's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The solver's last report ([`Report::Found`], [`Report::Fast`],
    /// [`Report::Cutoff`] or [`Report::Hint`]).
    Solver(Report),
    /// The state space of a goal other than 3×3 (checked on the page).
    Space(SpaceAnswer),
    /// A sweep piece's totals.
    Sweep(SweepTotals),
    /// A depth-table range's totals.
    Depth(DepthPartial),
    /// Compare all's exact optimum (`None`: unreachable).
    Optimum(Option<u32>),
    /// Compare all's row of one algorithm.
    CompareRow(CompareRow),
    /// A row of the experiment.
    ExperimentRow(ExperimentRow),
    /// The whole 3×3 space: boards by distance, and the ranks of the
    /// boards at the diameter.
    Explored {
        /// Boards at each distance.
        histogram: Vec<u32>,
        /// Ranks of the boards at the diameter, in rank order.
        hardest: Vec<u32>,
    },
    /// The heuristic check's figures, or its first board without a value.
    Check(CheckAnswer),
    /// The search cost, one row per depth.
    Cost(Vec<CostRow>),
    /// An exercise's grade.
    Grade(Grade),
    /// Play's solve read back.
    Analysis(Analysis),
    /// Play's shortest solutions of a start.
    Shortest(Shortest),
}

/// What a worker answers after a slice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// More follows.
    Progress(Step),
    /// The job's answer; nothing follows.
    Done(Answer),
    /// The job failed; nothing follows.
    Error(String),
}

impl Reply {
    /// Whether the job is over.
    pub fn is_final(&self) -> bool {
        !matches!(self, Reply::Progress(_))
    }

    /// The solver's report in this reply (its error as
    /// [`Report::Failed`]); `None` for another kind of work's reply.
    pub fn report(&self) -> Option<Report> {
        match self {
            Reply::Progress(Step::Solver(r)) | Reply::Done(Answer::Solver(r)) => Some(r.clone()),
            Reply::Error(e) => Some(Report::Failed(e.clone())),
            _ => None,
        }
    }

    /// The reply of a solver's report.
    pub fn of_report(report: Report) -> Reply {
        match report {
            Report::Failed(e) => Reply::Error(e),
            r if r.is_progress() => Reply::Progress(Step::Solver(r)),
            r => Reply::Done(Answer::Solver(r)),
        }
    }
}

impl From<super::check::CheckStep> for Reply {
    fn from(step: super::check::CheckStep) -> Reply {
        use super::check::CheckStep;
        match step {
            CheckStep::Progress(p) => Reply::Progress(Step::Check(p)),
            CheckStep::Costing(p) => Reply::Progress(Step::Cost(p)),
            CheckStep::Done(answer) => Reply::Done(Answer::Check(answer)),
            CheckStep::Cost(rows) => Reply::Done(Answer::Cost(rows)),
            CheckStep::Graded(g) => Reply::Done(Answer::Grade(g)),
            CheckStep::Failed(e) => Reply::Error(e),
        }
    }
}

impl From<SpaceStep> for Reply {
    fn from(step: SpaceStep) -> Reply {
        match step {
            SpaceStep::Progress(p) => Reply::Progress(Step::Space(p)),
            SpaceStep::Done(answer) => Reply::Done(Answer::Space(answer)),
            SpaceStep::Failed(e) => Reply::Error(e),
        }
    }
}

/// What an envelope carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Body {
    /// Page → worker: run this (a running job is dropped).
    Task(Task),
    /// Page → worker: drop the job (the tables stay).
    Cancel,
    /// Worker → page: a slice's reply.
    Reply(Reply),
}

/// Every message between the page and a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// The job it belongs to (the page ignores replies of an older job).
    pub job: u64,
    /// What it carries.
    pub body: Body,
}

impl Envelope {
    /// The envelope as the bytes posted (postcard: compact, and read
    /// with little code in the page).
    pub fn to_bytes(&self) -> Vec<u8> {
        // Plain data (strings, numbers, lists): writing it cannot fail.
        postcard::to_allocvec(self).unwrap_or_default()
    }

    /// Reads posted bytes; the error says why they could not be read.
    pub fn from_bytes(bytes: &[u8]) -> Result<Envelope, String> {
        postcard::from_bytes(bytes).map_err(|e| format!("a message that could not be read: {e}"))
    }
}

/// What a reply is, for an error message: its kind and what it answers.
pub trait Kind {
    /// `progress of a solve`, `the optimum`, …
    fn kind(&self) -> &'static str;
}

impl Kind for Step {
    fn kind(&self) -> &'static str {
        match self {
            Step::Solver(_) => "progress of a solve",
            Step::Space(_) => "progress of a state-space search",
            Step::Check(_) => "progress of a heuristic check",
            Step::Cost(_) => "progress of a search cost",
            Step::Analysis(_) => "progress of an analysis",
            Step::Shortest(_) => "progress of a count of shortest solutions",
        }
    }
}

impl Kind for Answer {
    fn kind(&self) -> &'static str {
        match self {
            Answer::Solver(_) => "the answer of a solve",
            Answer::Space(_) => "the state space of a goal",
            Answer::Sweep(_) => "sweep totals",
            Answer::Depth(_) => "depth-table totals",
            Answer::Optimum(_) => "the optimum",
            Answer::CompareRow(_) => "a compare row",
            Answer::ExperimentRow(_) => "an experiment row",
            Answer::Explored { .. } => "the 3×3 space",
            Answer::Check(_) => "the figures of a heuristic check",
            Answer::Cost(_) => "the search cost of a heuristic",
            Answer::Grade(_) => "the grade of an exercise",
            Answer::Analysis(_) => "the analysis of a solve",
            Answer::Shortest(_) => "the shortest solutions of a start",
        }
    }
}

impl Kind for Reply {
    fn kind(&self) -> &'static str {
        match self {
            Reply::Progress(s) => s.kind(),
            Reply::Done(a) => a.kind(),
            Reply::Error(_) => "an error",
        }
    }
}

/// The error of a reply of another kind than the job's (a worker that
/// answered another task).
pub fn unexpected(what: &impl Kind) -> String {
    format!("the worker sent a reply of another kind: {}", what.kind())
}
