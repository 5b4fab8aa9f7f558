//! Two searches stepped side by side: one side of a race ([`RaceSide`]) is
//! a search on 3×3 that moves one expansion per step and shows its figures
//! between steps.
//!
//! Every best-first side is the one A* loop (`Solver::advance`, through
//! [`WeightedSearch::ordered`]) with a heuristic and a priority: A* is
//! g + w·h, breadth-first search is g with h = 0, greedy best-first is h
//! alone. IDA* is the one IDA* loop stepped by [`IdaSearch`] (Manhattan),
//! one board entered per step off its explicit path. A found path is
//! checked by [`verify`] before it is reported. A written h (the
//! workshop's expression) orders A* and greedy as a built-in does; the
//! first board it has no usable value on ends the side
//! ([`RaceEnd::WrittenH`]).

use super::ida::{IdaEnd, IdaNode, IdaSearch};
use super::weighted::{Order, Weight, WeightedSearch};
use crate::board::Board;
use crate::contract::Budget;
use crate::contract::Goal;
use crate::contract::{Entry, Event, SolveError};
use crate::heuristic::{Heuristic, WrittenFailure};
use crate::moves::Metric;
use crate::moves::Move;
use crate::problem::Refusal;
use crate::solvability::ParityProof;
use crate::verdict::Verdict;
use crate::witness::verify;

/// How sentences name the teaching IDA* (the trace's and the race's), which
/// counts single-tile moves only.
pub const IDA_TOOL: &str = "the teaching IDA* (Manhattan)";

/// The most expansions a side may make (each side on its own): more than
/// the 181,440 boards of a 3×3 class, so breadth-first search always ends,
/// and a cap on any search that reopens boards. A side that reaches it
/// stops with [`RaceEnd::Budget`]: unfinished, which proves nothing.
pub const RACE_BUDGET: u32 = 200_000;

/// A search one side of the race runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RaceSearch {
    /// A* ordered by f = g + w·h (w = 1: plain A*).
    AStar {
        /// h: built-in or written.
        heuristic: Heuristic,
        /// w.
        weight: Weight,
    },
    /// Greedy best-first, ordered by h alone (built-in or written).
    Greedy(Heuristic),
    /// Breadth-first: ordered by g, h = 0.
    Breadth,
    /// IDA* with Manhattan.
    Ida,
}

/// How a side ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RaceEnd {
    /// The goal was reached; the path passed the witness check.
    Found {
        /// The blank's moves, start to goal.
        moves: Vec<Move>,
        /// Their number.
        cost: u32,
    },
    /// [`RACE_BUDGET`] expansions were made before the goal: unfinished.
    Budget,
    /// The written h had no usable value on a board: no path, and no claim
    /// about one.
    WrittenH(WrittenFailure),
    /// The search ended without the goal or its path failed the check (a
    /// defect, reported rather than hidden).
    Failed(String),
}

enum Running {
    Best(Box<WeightedSearch>),
    Ida(Box<IdaSearch>),
}

/// One side of the race: a search, its steps, and how it ended.
pub struct RaceSide {
    search: RaceSearch,
    running: Running,
    start: Board,
    goal: Board,
    steps: u64,
    end: Option<(RaceEnd, u64)>,
}

impl RaceSide {
    /// Begins `search` from `start` to `goal`; the parity proof instead when
    /// they cannot reach each other.
    pub fn new(search: RaceSearch, start: &Board, goal: &Goal) -> Result<RaceSide, ParityProof> {
        RaceSide::begin(search, start, goal, Metric::Single)
    }

    /// Begins `search` counting moves in `metric`: the best-first sides
    /// search in it (every slide of 1 or 2 tiles one move); IDA* counts
    /// single-tile moves only and is refused in the multi-tile metric with
    /// [`crate::problem::single_tile_only`]'s sentence. The parity proof when start and goal
    /// cannot reach each other.
    pub fn new_in(
        search: RaceSearch,
        start: &Board,
        goal: &Goal,
        metric: Metric,
    ) -> Result<RaceSide, Refusal> {
        if metric != Metric::Single && search == RaceSearch::Ida {
            return Err(Refusal::SingleTileOnly {
                tool: IDA_TOOL,
                metric,
            });
        }
        Ok(RaceSide::begin(search, start, goal, metric)?)
    }

    fn begin(
        search: RaceSearch,
        start: &Board,
        goal: &Goal,
        metric: Metric,
    ) -> Result<RaceSide, ParityProof> {
        let budget = Budget::new(RACE_BUDGET);
        let best = |heuristic: Option<Heuristic>, order: Order| {
            WeightedSearch::ordered_in(start, goal, heuristic, order, budget, metric)
                .map(|s| Running::Best(Box::new(s)))
        };
        let running = match &search {
            RaceSearch::AStar { heuristic, weight } => {
                best(Some(heuristic.clone()), Order::Weighted(*weight))?
            }
            RaceSearch::Greedy(heuristic) => best(Some(heuristic.clone()), Order::Greedy)?,
            RaceSearch::Breadth => best(None, Order::Weighted(Weight::ONE))?,

            RaceSearch::Ida => Running::Ida(Box::new(IdaSearch::new(
                start,
                goal,
                u64::from(RACE_BUDGET),
            )?)),
        };
        Ok(RaceSide {
            search,
            running,
            start: *start,
            goal: *goal.board(),
            steps: 0,
            end: None,
        })
    }

    /// The metric its moves are counted in.
    pub fn metric(&self) -> Metric {
        match &self.running {
            Running::Best(s) => s.metric(),
            Running::Ida(_) => Metric::Single,
        }
    }

    /// The search this side runs.
    pub fn search(&self) -> &RaceSearch {
        &self.search
    }

    /// One step: pops until one board is expanded (stale pops skipped) or
    /// the search ends (a written h's first failure ends it); for IDA*,
    /// one board entered. Nothing once ended.
    pub fn step(&mut self) {
        if self.end.is_some() {
            return;
        }
        self.steps += 1;
        let end = match &mut self.running {
            Running::Best(s) => loop {
                match s.step() {
                    Event::Stale(_) => continue,
                    Event::Expanded { .. } if s.written_failure().is_none() => break None,
                    Event::Expanded { .. }
                    | Event::GoalAccepted(_)
                    | Event::BudgetExceeded(_)
                    | Event::Finished => {
                        break Some(match s.outcome() {
                            Ok(out) => match out.verdict {
                                Verdict::Solved(sol) => RaceEnd::Found {
                                    moves: sol.moves,
                                    cost: sol.cost,
                                },
                                Verdict::Unknown(_) => RaceEnd::Budget,
                                Verdict::Unsolvable(_) => {
                                    RaceEnd::Failed("the parity differs".into())
                                }
                            },
                            Err(SolveError::WrittenH(f)) => RaceEnd::WrittenH(f),
                            Err(e) => RaceEnd::Failed(e.to_string()),
                        })
                    }
                }
            },
            Running::Ida(s) => {
                s.step();
                match s.end() {
                    None => None,
                    Some(IdaEnd::Budget) => Some(RaceEnd::Budget),
                    Some(IdaEnd::Exhausted) => {
                        Some(RaceEnd::Failed("IDA* ended without the goal".into()))
                    }
                    Some(IdaEnd::Goal) => {
                        let moves = s.solution().unwrap_or_default();
                        let cost = moves.len() as u32;
                        Some(match verify(&self.start, &self.goal, &moves, cost) {
                            Ok(_) => RaceEnd::Found { moves, cost },
                            Err(e) => RaceEnd::Failed(e.to_string()),
                        })
                    }
                }
            }
        };
        if let Some(end) = end {
            self.end = Some((end, self.steps));
        }
    }

    /// Steps taken (the step that ended the search included).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// How the search ended and at which step; `None` while it runs.
    pub fn end(&self) -> Option<(&RaceEnd, u64)> {
        self.end.as_ref().map(|(e, at)| (e, *at))
    }

    /// Boards expanded so far.
    pub fn expansions(&self) -> u64 {
        match &self.running {
            Running::Best(s) => u64::from(s.stats().expansions),
            Running::Ida(s) => s.expansions(),
        }
    }

    /// The frontier's size (stale entries included); for IDA*, the boards
    /// on its depth-first path.
    pub fn frontier_len(&self) -> usize {
        match &self.running {
            Running::Best(s) => s.frontier_len(),
            Running::Ida(s) => s.path().len(),
        }
    }

    /// The next `n` frontier entries in pop order (empty for IDA*).
    pub fn preview(&self, n: usize) -> Vec<Entry> {
        match &self.running {
            Running::Best(s) => s.frontier_preview(n),
            Running::Ida(_) => Vec::new(),
        }
    }

    /// IDA*'s depth-first path, start first (empty for the others).
    pub fn ida_path(&self) -> Vec<IdaNode> {
        match &self.running {
            Running::Best(_) => Vec::new(),
            Running::Ida(s) => s.path(),
        }
    }

    /// IDA*'s current bound on f (`None` for the others).
    pub fn bound(&self) -> Option<u32> {
        match &self.running {
            Running::Best(_) => None,
            Running::Ida(s) => Some(s.bound()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::{BuiltIn, Heuristic};
    use crate::teaching::DistanceTable;

    fn run(search: RaceSearch, start: &Board) -> (RaceSide, Vec<(u64, usize)>) {
        let goal = Goal::default();
        let mut side = RaceSide::new(search, start, &goal).unwrap();
        let mut first = Vec::new();
        for _ in 0..3 {
            side.step();
            first.push((side.expansions(), side.frontier_len()));
        }
        while side.end().is_none() {
            side.step();
        }
        (side, first)
    }

    fn found(side: &RaceSide) -> (u32, u64, u64) {
        match side.end() {
            Some((RaceEnd::Found { moves, cost }, at)) => {
                let goal = Board::DEFAULT_GOAL;
                // The one witness checker, again, on what the side reports.
                verify(&start(), &goal, moves, *cost).unwrap();
                (*cost, side.expansions(), at)
            }
            other => panic!("{other:?}"),
        }
    }

    /// A fixed board.
    fn start() -> Board {
        Board::square(&[8, 1, 3, 4, 0, 2, 7, 6, 5]).unwrap()
    }

    #[test]
    fn each_search_steps_and_ends_with_its_pinned_figures() {
        let table = DistanceTable::new(&Board::DEFAULT_GOAL);
        let optimal = table.distance(&start()).unwrap();
        let astar = RaceSearch::AStar {
            heuristic: BuiltIn::Manhattan.into(),
            weight: Weight::ONE,
        };
        let (a, a_first) = run(astar, &start());
        let (b, b_first) = run(RaceSearch::Breadth, &start());
        let (g, g_first) = run(RaceSearch::Greedy(BuiltIn::Manhattan.into()), &start());
        let (i, i_first) = run(RaceSearch::Ida, &start());
        // w = 3.
        let w = RaceSearch::AStar {
            heuristic: BuiltIn::Manhattan.into(),
            weight: Weight::from_twice(6).unwrap(),
        };
        let (wa, _) = run(w, &start());
        // A* and BFS are optimal: their costs equal the BFS distance.
        assert_eq!(
            (found(&a).0, found(&b).0, found(&i).0),
            (optimal, optimal, optimal)
        );
        assert_eq!(optimal, 14);
        // (cost, expansions, the step it ended at): best-first sides end one
        // step after their last expansion (the goal's pop).
        assert_eq!(found(&a), (14, 35, 36));
        assert_eq!(found(&b), (14, 4157, 4158));
        // Greedy's path is checked, not shortest: 62 moves longer.
        assert_eq!(found(&g), (76, 456, 457));
        assert_eq!(found(&i), (14, 104, 181));
        assert_eq!(found(&wa), (14, 29, 30));
        // (expansions, frontier) after each of the first three steps: the
        // start has its blank in the centre, so four children.
        assert_eq!(a_first, [(1, 4), (2, 5), (3, 5)]);
        assert_eq!(b_first, [(1, 4), (2, 5), (3, 6)]);
        assert_eq!(g_first, [(1, 4), (2, 5), (3, 5)]);
        // IDA* enters one board a step: the start (expanded), its first
        // child (a cut-off under the first bound), its second (expanded).
        assert_eq!(i_first, [(1, 1), (1, 1), (2, 2)]);
        assert_eq!(i.bound(), Some(14));
        assert_eq!(a.bound(), None);
        // Greedy is the lab's greedy best-first (the same loop): the same
        // path and the same expansions.
        let lab = crate::teaching::lab::run(
            crate::teaching::lab::Algorithm::Greedy,
            &start(),
            &Goal::default(),
            u64::from(RACE_BUDGET),
        )
        .unwrap();
        let Some((RaceEnd::Found { moves, .. }, _)) = g.end() else {
            panic!()
        };
        assert_eq!(
            lab.verdict,
            crate::teaching::lab::LabVerdict::Solved(moves.clone())
        );
        assert_eq!(lab.expansions, g.expansions());
        // A side that has ended takes no more steps.
        let mut a = a;
        a.step();
        assert_eq!((a.steps(), a.expansions()), (36, 35));
    }

    #[test]
    fn a_written_h_runs_as_its_built_in_twin_and_its_failure_ends_the_side() {
        let written = |text: &str| {
            Heuristic::written(text, &crate::Board::default_goal(crate::Shape::THREE)).unwrap()
        };
        // `manhattan` written: the built-in's path, expansions and steps.
        for weight in [Weight::ONE, Weight::from_twice(6).unwrap()] {
            let (built_in, _) = run(
                RaceSearch::AStar {
                    heuristic: BuiltIn::Manhattan.into(),
                    weight,
                },
                &start(),
            );
            let (mine, _) = run(
                RaceSearch::AStar {
                    heuristic: written("manhattan"),
                    weight,
                },
                &start(),
            );
            assert_eq!(mine.end(), built_in.end());
            assert_eq!(found(&mine), found(&built_in));
        }
        let (g, _) = run(RaceSearch::Greedy(written("manhattan")), &start());
        assert_eq!(found(&g), (76, 456, 457));
        // No value on the start (5 tiles out of place): the first step ends
        // the side, naming the board.
        let (bad, _) = run(
            RaceSearch::AStar {
                heuristic: written("12 / (misplaced - 5)"),
                weight: Weight::ONE,
            },
            &start(),
        );
        let Some((RaceEnd::WrittenH(f), 1)) = bad.end() else {
            panic!("{:?}", bad.end())
        };
        assert_eq!(
            f.to_string(),
            "your h has no usable value on [8,1,3,4,0,2,7,6,5]: division by zero (the `/` at character 4)"
        );
        assert_eq!(bad.expansions(), 1);
    }
}
