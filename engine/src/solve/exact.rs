//! Exact distances to one goal, asked board by board, for boards of up to
//! [`EXACT_MAX_CELLS`] cells in either metric: what `analyse` and the
//! count of all shortest paths stand on.
//!
//! - Up to [`TABLE_MAX_CELLS`] cells (natively): every board's distance
//!   from one breadth-first search ([`crate::space::distances_in`]),
//!   looked up by rank.
//! - Larger: the one optimal IDA* ([`solve_optimal`], or
//!   [`solve_optimal_multi`] in the multi-tile metric) from the board, with
//!   the estimate the caller made ready for this goal ([`Bound`]), within
//!   an optional node budget per board. Every board of a solved path is
//!   remembered at its distance (cost − step), so a solve that follows an
//!   optimal line asks the search once. A board whose search stops at the
//!   budget has [`Distance::AtLeast`] its proved lower bound.

use super::{
    linear_conflict, manhattan, multi_tile_manhattan, Estimator, IdaStep, OptimalError,
    OptimalSearch, PdbLookup, RunsDb,
};
use crate::moves::Metric;
use crate::{check_parity, Board, ParityProof, Shape, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// The largest board (cells) whose exact distances this module answers.
pub const EXACT_MAX_CELLS: usize = 16;

/// Up to this many cells the distances come from one whole-space table.
pub const TABLE_MAX_CELLS: usize = 10;

/// A board's distance to the goal in moves of the metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Distance {
    /// Exactly this many moves.
    Exact(u32),
    /// The search stopped at its node budget having proved this lower bound.
    AtLeast(u32),
}

impl Distance {
    /// The exact value, if known.
    pub fn exact(self) -> Option<u32> {
        match self {
            Distance::Exact(d) => Some(d),
            Distance::AtLeast(_) => None,
        }
    }

    /// The value proved: exact, or the lower bound.
    pub fn proved(self) -> u32 {
        match self {
            Distance::Exact(d) | Distance::AtLeast(d) => d,
        }
    }
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Distance::Exact(d) => write!(f, "{d}"),
            Distance::AtLeast(d) => write!(f, "≥{d}"),
        }
    }
}

/// The estimate that bounds the searches on boards too large for a table,
/// made ready toward the goal by the caller
/// ([`crate::heuristic::ready`]).
#[derive(Clone, Debug)]
pub enum Bound {
    /// A single-tile estimate (Manhattan, linear conflict, a database).
    Single(Estimator),
    /// The multi-tile estimate: the tables when given, else the multi-tile
    /// Manhattan.
    Multi(Option<Arc<RunsDb>>),
}

/// Why exact distances cannot be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExactError {
    /// The board has more than [`EXACT_MAX_CELLS`] cells.
    TooLarge {
        /// Its shape.
        shape: Shape,
    },
    /// The bound is of the other metric.
    WrongBound {
        /// The metric asked for.
        metric: Metric,
    },
    /// The board cannot reach the goal.
    Unjoined(ParityProof),
    /// The search failed (a bug, reported rather than a wrong answer).
    Search(OptimalError),
    /// The whole-space table could not be made.
    Table(String),
}

impl ExactError {
    /// A stable snake_case name for JSON output and tests.
    pub fn kind(&self) -> &'static str {
        match self {
            ExactError::TooLarge { .. } => "too_large",
            ExactError::WrongBound { .. } => "wrong_bound",
            ExactError::Unjoined(_) => "unsolvable",
            ExactError::Search(e) => e.kind(),
            ExactError::Table(_) => "table",
        }
    }
}

impl fmt::Display for ExactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactError::TooLarge { shape } => write!(
                f,
                "boards of at most {EXACT_MAX_CELLS} cells (4×4) are taken; {shape} has {}",
                shape.cells()
            ),
            ExactError::WrongBound { metric } => write!(
                f,
                "internal error: the estimate given is not one of the {} metric",
                metric.long_name()
            ),
            ExactError::Unjoined(p) => write!(f, "{}", p.explain()),
            ExactError::Search(e) => write!(f, "{e}"),
            ExactError::Table(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ExactError {}

/// Refuses a shape over [`EXACT_MAX_CELLS`] cells.
pub fn check_size(shape: Shape) -> Result<(), ExactError> {
    if shape.cells() > EXACT_MAX_CELLS {
        return Err(ExactError::TooLarge { shape });
    }
    Ok(())
}

/// Exact distances to one goal in one metric, remembered as they are found.
pub struct ExactDistances {
    goal: Board,
    metric: Metric,
    table: Option<(crate::space::Ranks, Vec<u8>)>,
    bound: Bound,
    /// The database's look-up made once, when the bound is one.
    lookup: Option<PdbLookup>,
    node_budget: Option<u64>,
    memo: HashMap<Board, Distance>,
    /// The search of a board asked for in slices and not finished yet
    /// ([`ExactDistances::distance_within`]).
    pending: Option<(Board, OptimalSearch)>,
    searches: u64,
    generated: u64,
}

impl ExactDistances {
    /// Distances to `goal` in `metric`: from a whole-space table up to
    /// [`TABLE_MAX_CELLS`] cells (natively), else by searches bounded by
    /// `bound` (of the same metric), each within `node_budget` nodes.
    pub fn new(
        goal: &Board,
        metric: Metric,
        bound: Bound,
        node_budget: Option<u64>,
    ) -> Result<ExactDistances, ExactError> {
        check_size(goal.shape())?;
        match (&bound, metric) {
            (Bound::Single(_), Metric::Single) | (Bound::Multi(_), Metric::Multi) => {}
            _ => return Err(ExactError::WrongBound { metric }),
        }
        Ok(ExactDistances {
            goal: *goal,
            metric,
            table: table(goal, metric)?,
            lookup: match &bound {
                Bound::Single(Estimator::Pdb(db)) => Some(PdbLookup::new(db)),
                _ => None,
            },
            bound,
            node_budget,
            memo: HashMap::new(),
            pending: None,
            searches: 0,
            generated: 0,
        })
    }

    /// The same, asking the search for every board (the route of boards
    /// over [`TABLE_MAX_CELLS`] cells, tested on small ones).
    #[cfg(test)]
    pub(crate) fn without_table(mut self) -> ExactDistances {
        self.table = None;
        self
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Whether the distances come from a whole-space table.
    pub fn by_table(&self) -> bool {
        self.table.is_some()
    }

    /// Searches run and nodes they generated so far.
    pub fn work(&self) -> (u64, u64) {
        (self.searches, self.generated)
    }

    /// The distance of `board` to the goal.
    pub fn distance(&mut self, board: &Board) -> Result<Distance, ExactError> {
        loop {
            if let Some(d) = self.distance_within(board, u64::MAX, None)? {
                return Ok(d);
            }
        }
    }

    /// [`ExactDistances::distance`] in slices, for a caller that answers
    /// messages between them (the page's worker): up to about `nodes`
    /// more generated nodes of `board`'s search, which is kept between
    /// calls; `None` while it runs. Asking for another board drops it.
    ///
    /// `next_to`: the exact distance `n` of a board one move of the metric
    /// away, when known. Then `board` is `n − 1` to `n + 1` moves away, so
    /// its search starts at bound `n − 1` and stops, with `n + 1`, once it
    /// has proved the distance is over `n`.
    pub fn distance_within(
        &mut self,
        board: &Board,
        nodes: u64,
        next_to: Option<u32>,
    ) -> Result<Option<Distance>, ExactError> {
        if let Some((ranks, by_rank)) = &self.table {
            return match ranks.rank(board) {
                Some(r) => Ok(Some(Distance::Exact(u32::from(by_rank[r as usize])))),
                None => Err(ExactError::Unjoined(
                    check_parity(board, &self.goal).expect_err("no rank: the other class"),
                )),
            };
        }
        if let Some(&d) = self.memo.get(board) {
            return Ok(Some(d));
        }
        let mut search = match self.pending.take() {
            Some((b, search)) if b == *board => search,
            _ => {
                let mut search = self.open(board)?;
                if let Some(n) = next_to {
                    search.start_at(n.saturating_sub(1));
                }
                search
            }
        };
        let at_most = next_to.map(|n| n + 1);
        let over = match self.run(&mut search, nodes, at_most) {
            Ran::Paused => {
                self.pending = Some((*board, search));
                return Ok(None);
            }
            Ran::Over => false,
            Ran::AtMost => true,
        };
        let out = search.outcome().map_err(ExactError::Search)?;
        self.searches += 1;
        self.generated += out.progress.generated;
        let d = match (&out.verdict, at_most) {
            // Proved over n, and a board next to one n away: n + 1.
            (_, Some(u)) if over => Distance::Exact(u),
            (Verdict::Solved(s), _) => {
                for (i, b) in s.boards.iter().enumerate() {
                    self.memo.insert(*b, Distance::Exact(s.cost - i as u32));
                }
                Distance::Exact(s.cost)
            }
            _ => Distance::AtLeast(out.lower_bound().unwrap_or(0)),
        };
        self.memo.insert(*board, d);
        Ok(Some(d))
    }

    /// The one-thread optimal search from `board` (the threaded driver is
    /// not needed here, and the page's worker would carry it for nothing).
    fn open(&self, board: &Board) -> Result<OptimalSearch, ExactError> {
        let opened = match &self.bound {
            Bound::Single(e) => OptimalSearch::new(board, &self.goal, e),
            Bound::Multi(db) => OptimalSearch::multi_tile(board, &self.goal, db.as_ref()),
        }
        .map_err(ExactError::Search)?;
        opened.map_err(ExactError::Unjoined)
    }

    /// Runs `search` in slices for up to about `nodes` more nodes: over
    /// (found, or at the node budget), paused, or stopped having proved
    /// the distance is at least `at_most`, the most it can be.
    fn run(&self, search: &mut OptimalSearch, nodes: u64, at_most: Option<u32>) -> Ran {
        const SLICE: u64 = 1 << 16;
        let until = search.progress().generated.saturating_add(nodes);
        loop {
            let generated = search.progress().generated;
            let slice = match self.node_budget {
                Some(b) => SLICE.min(b.saturating_sub(generated)).max(1),
                None => SLICE,
            };
            match search.run_for(slice) {
                IdaStep::Found => return Ran::Over,
                IdaStep::Running(p) => {
                    // After a finished iteration no path is shorter than
                    // the next bound.
                    if p.completed_bound.is_some() && at_most.is_some_and(|u| p.bound >= u) {
                        return Ran::AtMost;
                    }
                    if self.node_budget.is_some_and(|b| p.generated >= b) {
                        return Ran::Over;
                    }
                    if p.generated >= until {
                        return Ran::Paused;
                    }
                }
            }
        }
    }

    /// An admissible lower bound on the distance of `board` (of the goal's
    /// class): exact from a table, else the bound's estimate.
    pub fn lower_bound(&self, board: &Board) -> u32 {
        if let Some((ranks, by_rank)) = &self.table {
            return ranks
                .rank(board)
                .map_or(u32::MAX, |r| u32::from(by_rank[r as usize]));
        }
        if let Some(lookup) = &self.lookup {
            return lookup.estimate(board);
        }
        match &self.bound {
            Bound::Single(Estimator::Manhattan) => manhattan(board, &self.goal),
            Bound::Single(Estimator::LinearConflict) => linear_conflict(board, &self.goal),
            Bound::Single(Estimator::Pdb(db)) => PdbLookup::new(db).estimate(board),
            Bound::Multi(Some(db)) => db.estimate(board),
            Bound::Multi(None) => multi_tile_manhattan(board, &self.goal),
        }
    }
}

/// How a run of slices of a search ended.
enum Ran {
    /// Found, or at the node budget.
    Over,
    /// Its slices' nodes are spent; it goes on at the next call.
    Paused,
    /// Proved the distance is at least the most it can be.
    AtMost,
}

/// The whole-space table of `goal` when it is small enough (natively).
#[cfg(not(target_arch = "wasm32"))]
fn table(
    goal: &Board,
    metric: Metric,
) -> Result<Option<(crate::space::Ranks, Vec<u8>)>, ExactError> {
    if goal.shape().cells() > TABLE_MAX_CELLS {
        return Ok(None);
    }
    let fail = |e: crate::space::SpaceError| ExactError::Table(e.to_string());
    let ranks = crate::space::Ranks::new(goal).map_err(fail)?;
    let by_rank = crate::space::distances_in(goal, metric, 1, None, |_| {}, || true)
        .map_err(fail)?
        .ok_or_else(|| ExactError::Table("the distances were stopped".to_string()))?;
    Ok(Some((ranks, by_rank)))
}

#[cfg(target_arch = "wasm32")]
fn table(
    _goal: &Board,
    _metric: Metric,
) -> Result<Option<(crate::space::Ranks, Vec<u8>)>, ExactError> {
    Ok(None)
}

/// The tests' exact distances on the plain estimates (Manhattan, or the
/// multi-tile estimate without tables) with no node budget.
#[cfg(test)]
pub(crate) fn on_plain_estimates(goal: &Board, metric: Metric) -> ExactDistances {
    let bound = match metric {
        Metric::Single => Bound::Single(crate::solve::Estimator::Manhattan),
        Metric::Multi => Bound::Multi(None),
    };
    ExactDistances::new(goal, metric, bound, None).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::plain_distances;

    #[test]
    fn table_and_search_agree_with_the_plain_bfs_on_2x4_in_both_metrics() {
        let shape = Shape::new(4, 2).unwrap();
        let goal = Board::default_goal(shape);
        for metric in Metric::ALL {
            let plain = plain_distances(&goal, metric);
            let bound = match metric {
                Metric::Single => Bound::Single(Estimator::Manhattan),
                Metric::Multi => Bound::Multi(None),
            };
            let mut by_table = ExactDistances::new(&goal, metric, bound.clone(), None).unwrap();
            assert!(by_table.by_table());
            // The search route, forced by leaving the table out.
            let mut by_search = ExactDistances::new(&goal, metric, bound, None).unwrap();
            by_search.table = None;
            for (i, (b, &d)) in plain.iter().enumerate() {
                assert_eq!(by_table.distance(b), Ok(Distance::Exact(d)), "{b}");
                assert!(by_table.lower_bound(b) == d);
                if i % 97 == 0 {
                    assert_eq!(
                        by_search.distance(b),
                        Ok(Distance::Exact(d)),
                        "{b} {metric}"
                    );
                    assert!(by_search.lower_bound(b) <= d);
                }
            }
        }
    }

    #[test]
    fn over_16_cells_and_the_other_class_are_refused() {
        let goal = Board::default_goal(Shape::new(3, 6).unwrap());
        let e = ExactDistances::new(
            &goal,
            Metric::Single,
            Bound::Single(Estimator::Manhattan),
            None,
        )
        .err()
        .unwrap();
        assert_eq!(e.kind(), "too_large");
        assert_eq!(
            e.to_string(),
            "boards of at most 16 cells (4×4) are taken; 3×6 has 18"
        );
        let e = ExactDistances::new(
            &Board::DEFAULT_GOAL,
            Metric::Multi,
            Bound::Single(Estimator::Manhattan),
            None,
        )
        .err()
        .unwrap();
        assert_eq!(e.kind(), "wrong_bound");
        let mut d = ExactDistances::new(
            &Board::DEFAULT_GOAL,
            Metric::Single,
            Bound::Single(Estimator::Manhattan),
            None,
        )
        .unwrap();
        let odd = Board::square(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(d.distance(&odd).unwrap_err().kind(), "unsolvable");
    }
}
