//! The search cost of a heuristic by solution depth: a compiled [`Program`]
//! as h in the engine's own loops (A* on 3×3, IDA* on every shape) against
//! Manhattan, on boards drawn at each depth of a finished exhaustive check.

use crate::contract::estimate::{Estimate, Manhattan, Weighted};
use crate::contract::{Budget, Goal, Solver};
use crate::heuristic::expr::Program;
use crate::heuristic::Heuristic;
use crate::heuristic::{written_h, HeuristicCheck, WRITTEN_H_MAX};
use crate::moves::Metric;
use crate::solve::{
    ByH, Cells, FamilyEstimate, Halt, Ida, ManhattanEst, MultiTile, RunsEst, Slide,
};
use crate::teaching::lab::{drive, effective_branching};
use crate::teaching::weighted::{Order, WeightedSearch};
use crate::teaching::Weight;
use crate::witness::verify_slides;
use crate::{verify, Board, Shape};

/// The largest h a search uses: a larger value is taken as this (no board
/// of a checked shape is this far from its goal).
pub const H_CAP: u32 = 10_000;

/// The A* budget per board, in expansions.
pub const ASTAR_BUDGET: u32 = 1_000_000;

/// The IDA* budget per board, in children generated.
pub const IDA_BUDGET: u64 = 2_000_000;

/// The seed of the boards drawn at each depth ([`SearchCost`]).
pub const COST_SEED: u64 = 0x005E_ED0F_C057;

/// The boards drawn at each depth unless told otherwise.
pub const COST_PER_DEPTH: usize = 20;

/// Which search runs with the heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CostSearch {
    /// A*, 3×3 only.
    AStar,
    /// IDA*, every shape.
    IdaStar,
}

impl CostSearch {
    /// The name in links and JSON: `astar` or `idastar`.
    pub fn code(self) -> &'static str {
        match self {
            CostSearch::AStar => "astar",
            CostSearch::IdaStar => "idastar",
        }
    }
}

/// One search from one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Boards expanded.
    pub expansions: u64,
    /// Children generated (A*: every legal move of every expansion, as the
    /// depth table counts; IDA*: the children its loop made).
    pub generated: u64,
    /// The length of the path found (checked by [`verify`]); `None` when
    /// the budget ran out first.
    pub length: Option<u32>,
}

fn clamp(h: Option<i64>) -> u32 {
    h.map_or(H_CAP, |h| h.clamp(0, i64::from(H_CAP)) as u32)
}

/// A program as the contract A*'s estimate (3×3 packed keys).
struct ProgramAstar<'a>(&'a Program);

impl Estimate for ProgramAstar<'_> {
    fn estimate(&self, key: u64) -> u32 {
        // No value, or one above the cap: the cap (the frontier grows by
        // rows of f = 2g + 2h, so the cap bounds it; no 3×3 board is more
        // than 31 moves away, so only an overestimate is capped).
        Board::from_packed(key).map_or(WRITTEN_H_MAX, |b| {
            written_h(self.0, &b).unwrap_or(WRITTEN_H_MAX)
        })
    }
    fn after_move(&self, _: u32, _: u64, next: u64, _: usize, _: usize, _: usize) -> u32 {
        self.estimate(next)
    }
}

/// A program as the family IDA*'s estimate.
#[derive(Clone, Copy)]
struct ProgramIda<'a>(&'a Program, usize);

impl FamilyEstimate for ProgramIda<'_> {
    type Parts = ();
    const NEEDS_CELLS: bool = true;
    fn start(&self, cells: &Cells, _: &Cells) -> (u32, ()) {
        (clamp(self.0.eval_cells(&cells[..self.1]).ok()), ())
    }
    fn moved(&self, _: u32, _: (), _: &Cells, cells: &Cells, _: Slide) -> (u32, ()) {
        self.start(cells, cells)
    }
}

/// IDA* with `est` in the multi-tile metric: children are slides, the path
/// checked by [`verify_slides`], its length in slides.
fn ida_run_multi<E: FamilyEstimate>(est: E, start: &Board, goal: &Board) -> Run {
    let mut ida: Ida<E, ByH, MultiTile> = Ida::new(est, start, goal);
    let halt = ida.run(IDA_BUDGET, &mut ());
    let length = match halt {
        Halt::Found => {
            let slides = ida.slides();
            let n = slides.len() as u32;
            verify_slides(start, goal, &slides, n).ok().map(|_| n)
        }
        _ => None,
    };
    Run {
        expansions: ida.expanded(),
        generated: ida.generated(),
        length,
    }
}

fn ida_run<E: FamilyEstimate>(est: E, start: &Board, goal: &Board) -> Run {
    let mut ida: Ida<E, ByH> = Ida::new(est, start, goal);
    let halt = ida.run(IDA_BUDGET, &mut ());
    let length = match halt {
        Halt::Found => {
            let moves = ida.moves();
            let n = moves.len() as u32;
            verify(start, goal, &moves, n).ok().map(|_| n)
        }
        _ => None,
    };
    Run {
        expansions: ida.expanded(),
        generated: ida.generated(),
        length,
    }
}

fn astar_run<E: Estimate>(solver: &mut Solver, e: &E, start: &Board, goal: &Goal) -> Run {
    let raw = drive::<false, _>(solver, start, goal, Budget::new(ASTAR_BUDGET), e);
    let length = raw.found.ok().and_then(|moves| {
        let n = moves.len() as u32;
        verify(start, goal.board(), &moves, n).ok().map(|_| n)
    });
    Run {
        expansions: raw.expansions,
        generated: raw.generated,
        length,
    }
}

/// Runs `search` with `program` (or Manhattan when `None`) as h from
/// `start` to the program's goal; `None` for A* on another shape than 3×3.
pub fn run_search(
    search: CostSearch,
    program: Option<&Program>,
    start: &Board,
    goal: &Board,
) -> Option<Run> {
    search_with(&mut Solver::new(), search, program, start, goal)
}

/// The reference heuristic the search cost compares h with in `metric`:
/// Manhattan (single-tile), the multi-tile estimate (multi-tile, where
/// Manhattan is not a lower bound).
pub fn reference_heuristic(metric: Metric) -> crate::heuristic::BuiltIn {
    crate::heuristic::BuiltIn::plain_bound(metric)
}

/// [`run_search`] counting moves in `metric`: in the multi-tile metric
/// every slide is one move (IDA* on every shape, A* on 3×3 through the one
/// A* loop's slides), and `None` for `program` is the multi-tile estimate
/// ([`reference_heuristic`]).
pub fn run_search_in(
    search: CostSearch,
    program: Option<&Program>,
    start: &Board,
    goal: &Board,
    metric: Metric,
) -> Option<Run> {
    search_with_in(&mut Solver::new(), search, program, start, goal, metric)
}

/// [`run_search_in`] with the A*'s buffers kept by the caller.
pub(super) fn search_with_in(
    solver: &mut Solver,
    search: CostSearch,
    program: Option<&Program>,
    start: &Board,
    goal: &Board,
    metric: Metric,
) -> Option<Run> {
    if metric == Metric::Single {
        return search_with(solver, search, program, start, goal);
    }
    match search {
        CostSearch::IdaStar => Some(match program {
            Some(p) => ida_run_multi(ProgramIda(p, goal.shape().cells()), start, goal),
            None => ida_run_multi(RunsEst::new(goal), start, goal),
        }),
        CostSearch::AStar => {
            if goal.shape() != Shape::THREE {
                return None;
            }
            let h: Heuristic = match program {
                Some(p) => Heuristic::Written(Box::new(p.clone())),
                None => reference_heuristic(metric).into(),
            };
            let mut s = WeightedSearch::ordered_in(
                start,
                &Goal::new(*goal),
                Some(h),
                Order::Weighted(Weight::ONE),
                Budget::new(ASTAR_BUDGET),
                metric,
            )
            .ok()?;
            s.run();
            let length = match s.outcome() {
                Ok(out) => match out.verdict {
                    crate::Verdict::Solved(sol) => Some(sol.cost),
                    _ => None,
                },
                Err(_) => None,
            };
            let stats = s.stats();
            Some(Run {
                expansions: u64::from(stats.expansions),
                generated: u64::from(stats.generated),
                length,
            })
        }
    }
}

/// [`run_search`] with the A*'s buffers kept by the caller.
pub(super) fn search_with(
    solver: &mut Solver,
    search: CostSearch,
    program: Option<&Program>,
    start: &Board,
    goal: &Board,
) -> Option<Run> {
    match search {
        CostSearch::IdaStar => Some(match program {
            Some(p) => ida_run(ProgramIda(p, goal.shape().cells()), start, goal),
            None => ida_run(ManhattanEst::new(goal), start, goal),
        }),
        CostSearch::AStar => {
            if goal.shape() != Shape::THREE {
                return None;
            }
            let g = Goal::new(*goal);
            Some(match program {
                Some(p) => {
                    let e = Weighted {
                        inner: ProgramAstar(p),
                        twice_w: Weight::ONE.twice(),
                    };
                    astar_run(solver, &e, start, &g)
                }
                None => astar_run(solver, &Manhattan::new(&g), start, &g),
            })
        }
    }
}

/// One search's totals over the boards of one depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CostTotals {
    /// Boards run.
    pub boards: u64,
    /// Boards where the budget ran out.
    pub over_budget: u64,
    /// Sum of expansions (over-budget boards included, at what they spent).
    pub expansions: u64,
    /// Sum of children generated.
    pub generated: u64,
    /// Sum of path length − depth over the boards solved.
    pub excess: u64,
    /// The largest such excess.
    pub max_excess: u32,
}

impl CostTotals {
    fn add(&mut self, run: &Run, depth: u32) {
        self.boards += 1;
        self.expansions += run.expansions;
        self.generated += run.generated;
        match run.length {
            Some(n) => {
                let x = n.saturating_sub(depth);
                self.excess += u64::from(x);
                self.max_excess = self.max_excess.max(x);
            }
            None => self.over_budget += 1,
        }
    }

    /// Mean expansions per board.
    pub fn mean_expansions(&self) -> f64 {
        self.expansions as f64 / self.boards.max(1) as f64
    }

    /// b* from the mean generated, as the depth table computes it
    /// ([`effective_branching`]); `None` at depth 0.
    pub fn branching(&self, depth: u32) -> Option<f64> {
        effective_branching(self.generated as f64 / self.boards.max(1) as f64, depth)
    }

    /// The cell of the cost table (`heuristic cost` and the page): mean
    /// expansions / b* (`-` at depth 0), then ` +k` when a path was k moves
    /// over the optimum and ` (n over)` when n boards ran out of budget.
    pub fn cell(&self, depth: u32) -> String {
        let b = self
            .branching(depth)
            .map_or("-".to_string(), |b| format!("{b:.3}"));
        let mut cell = format!("{:.1} / {b}", self.mean_expansions());
        if self.max_excess > 0 {
            cell += &format!(" +{}", self.max_excess);
        }
        if self.over_budget > 0 {
            cell += &format!(" ({} over)", self.over_budget);
        }
        cell
    }
}

/// The figures of one solution depth.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CostRow {
    /// The depth.
    pub depth: u32,
    /// Boards at this depth in the class.
    pub class_boards: u64,
    /// A* with h, then with Manhattan (3×3 only).
    pub astar: Option<[CostTotals; 2]>,
    /// IDA* with h, then with Manhattan.
    pub ida: [CostTotals; 2],
}

/// The search cost of a checked heuristic, by depth, run in slices.
pub struct SearchCost {
    program: Program,
    metric: Metric,
    solver: Solver,
    boards: Vec<(Board, u32)>,
    next: usize,
    rows: Vec<CostRow>,
}

impl SearchCost {
    /// The boards of a finished exhaustive check: at each depth
    /// `per_depth` drawn from [`COST_SEED`] (all when the depth has fewer);
    /// `None` for a sampled or unfinished check.
    pub fn new(check: &HeuristicCheck, per_depth: usize) -> Option<SearchCost> {
        let result = check.result()?;
        let by = check.boards_by_distance(per_depth, COST_SEED);
        if by.is_empty() {
            return None;
        }
        let astar = check.program().goal().shape() == Shape::THREE;
        let rows = result
            .counts
            .iter()
            .enumerate()
            .map(|(d, &n)| CostRow {
                depth: d as u32,
                class_boards: n,
                astar: astar.then(Default::default),
                ida: Default::default(),
            })
            .collect();
        let boards = by
            .into_iter()
            .enumerate()
            .flat_map(|(d, bs)| bs.into_iter().map(move |b| (b, d as u32)))
            .collect();
        Some(SearchCost {
            program: check.program().clone(),
            metric: check.metric(),
            solver: Solver::new(),
            boards,
            next: 0,
            rows,
        })
    }

    /// Runs the searches from at most `boards` more boards; `true` when
    /// every board is done.
    pub fn step(&mut self, boards: usize) -> bool {
        let goal = *self.program.goal();
        for _ in 0..boards {
            let Some(&(start, d)) = self.boards.get(self.next) else {
                break;
            };
            self.next += 1;
            let row = &mut self.rows[d as usize];
            for (i, p) in [Some(&self.program), None].into_iter().enumerate() {
                let metric = self.metric;
                if let Some(r) = run_search_in(CostSearch::IdaStar, p, &start, &goal, metric) {
                    row.ida[i].add(&r, d);
                }
                if let (Some(a), Some(r)) = (
                    &mut row.astar,
                    search_with_in(
                        &mut self.solver,
                        CostSearch::AStar,
                        p,
                        &start,
                        &goal,
                        metric,
                    ),
                ) {
                    a[i].add(&r, d);
                }
            }
        }
        self.next >= self.boards.len()
    }

    /// Boards done, of how many.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.boards.len())
    }

    /// The metric the depths and paths are counted in (the check's).
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// One row per depth (index = depth).
    pub fn rows(&self) -> &[CostRow] {
        &self.rows
    }
}
