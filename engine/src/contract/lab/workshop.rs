//! The heuristic workshop's searches: a compiled [`Program`] as h in the
//! engine's own loops — A* on the 3×3 board (the contract's one A*, run as
//! the weighted instance at w = 1 so an inconsistent h is still ordered by
//! g + h and boards are reopened) and IDA* on every shape (the family's one
//! IDA* loop, children by h) — the search cost by solution depth against
//! Manhattan, and graded exercises ([`Exercise`], [`grade`]).
//!
//! Every path found is checked by [`verify`]; an inadmissible h may find a
//! longer one, and its excess over the optimum is counted. Pure: no clock,
//! threads or files; [`SearchCost::step`] runs in slices of boards.

use super::best_first::drive;
use super::depth_table::effective_branching;
use crate::contract::estimate::{Estimate, Manhattan, Weighted};
use crate::contract::weighted::Weight;
use crate::engine::solve::expr::{ExprError, Program};
use crate::engine::solve::{ByH, Cells, FamilyEstimate, Halt, Ida, ManhattanEst, Slide};
use crate::engine::space::{CheckError, EvalFailure, HeuristicCheck, Overestimate};
use crate::engine::text::thousands;
use crate::engine::{
    check_parity,
    contract::{Budget, Goal, Solver},
    verify, Board, Shape,
};
use std::fmt;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// The largest h the A* uses, a larger one taken as this: its frontier
/// grows by rows of f (2g + 2h here), so this bounds it (about 2,000 rows);
/// no board of 3×3 is more than 31 moves away, so only an overestimate is
/// capped. From 63 up, the frontier breaks ties of f by (rank, seq) alone.
pub const ASTAR_H_CAP: u32 = 1_000;

/// A program as the contract A*'s estimate (3×3 packed keys).
struct ProgramAstar<'a>(&'a Program);

impl Estimate for ProgramAstar<'_> {
    fn estimate(&self, key: u64) -> u32 {
        // No value, or one above the cap: the cap.
        Board::from_packed(key).map_or(ASTAR_H_CAP, |b| {
            crate::contract::weighted::written_h(self.0, &b).unwrap_or(ASTAR_H_CAP)
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

/// [`run_search`] with the A*'s buffers kept by the caller.
fn search_with(
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
                if let Some(r) = run_search(CostSearch::IdaStar, p, &start, &goal) {
                    row.ida[i].add(&r, d);
                }
                if let (Some(a), Some(r)) = (
                    &mut row.astar,
                    search_with(&mut self.solver, CostSearch::AStar, p, &start, &goal),
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

    /// One row per depth (index = depth).
    pub fn rows(&self) -> &[CostRow] {
        &self.rows
    }
}

/// The most boards an exercise holds.
pub const EXERCISE_MAX_BOARDS: usize = 100;

/// An exercise: a heuristic that makes `search` expand at most `max_nodes`
/// boards in total from `boards` to `goal` (and, when `admissible`, never
/// overestimates on any board of the class).
///
/// Its text, the value of `exercise=` in a page link's fragment:
/// `WxH.GOAL.SEARCH.RULE.NODES.BOARD_BOARD_…`, each board its cells as
/// digits row by row (0 the blank), SEARCH `astar` (3×3) or `idastar`,
/// RULE `admissible` or `any`; e.g.
/// `3x3.123456780.astar.admissible.5000.867254301_123456708`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    /// The goal (its shape is the exercise's, at most 10 cells).
    pub goal: Board,
    /// The search that counts the nodes.
    pub search: CostSearch,
    /// Whether h must be admissible.
    pub admissible: bool,
    /// The most expansions allowed, in total over the boards.
    pub max_nodes: u64,
    /// The starts, each reaching the goal.
    pub boards: Vec<Board>,
}

/// The three exercises shipped with the page: (name, text). The 3×3 ones
/// share 20 boards, one at each depth 12–31 (drawn by
/// [`HeuristicCheck::boards_by_distance`] from [`COST_SEED`]); the 2×4 one
/// (width 2, height 4) has one at each depth 17–36. Targets: one node fewer
/// than misplaced tiles (A*, 471,945), than Manhattan (A*, 35,799), and
/// than Manhattan with IDA* on 2×4 (273,930).
pub const EXERCISES: [(&str, &str); 3] = [
    (
        "beat-misplaced",
        "3x3.123456780.astar.admissible.471944.572103846_152064783_263185047_6034\
         18725_428513076_128063457_740561832_153028647_452817063_207583614_765102\
         438_236084571_170243568_302814756_340612875_175024638_170248536_45706238\
         1_654321870_867254301",
    ),
    (
        "beat-manhattan",
        "3x3.123456780.astar.admissible.35798.572103846_152064783_263185047_60341\
         8725_428513076_128063457_740561832_153028647_452817063_207583614_7651024\
         38_236084571_170243568_302814756_340612875_175024638_170248536_457062381\
         _654321870_867254301",
    ),
    (
        "two-by-four",
        "2x4.12345670.idastar.admissible.273929.31052674_43157260_10472536_631047\
         25_21063457_05132674_63071425_61472350_50412367_67415320_63725104_647502\
         31_75246301_57304621_57346012_76452130_57063421_06754312_60573412_076534\
         12",
    ),
];

/// Why an exercise's text was refused: one variant per field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExerciseError {
    /// No `exercise=` in the link.
    Missing,
    /// Not six fields separated by `.`.
    Fields {
        /// Fields found.
        found: usize,
    },
    /// The shape is not WxH of at most 10 cells.
    Shape(String),
    /// The goal is not a board of the shape.
    Goal(String),
    /// Neither `astar` nor `idastar`, or A* on a shape other than 3×3.
    Search(String),
    /// Neither `admissible` nor `any`.
    Rule(String),
    /// The node target is not a whole number from 1.
    Nodes(String),
    /// No boards, or more than [`EXERCISE_MAX_BOARDS`].
    Count(usize),
    /// A start is not a board of the shape (index from 1).
    Board(usize, String),
    /// A start cannot reach the goal (index from 1).
    Unreachable(usize),
}

impl ExerciseError {
    /// A stable code for JSON: `missing`, `fields`, `shape`, `goal`,
    /// `search`, `rule`, `nodes`, `count`, `board`, `unreachable`.
    pub fn kind(&self) -> &'static str {
        match self {
            ExerciseError::Missing => "missing",
            ExerciseError::Fields { .. } => "fields",
            ExerciseError::Shape(_) => "shape",
            ExerciseError::Goal(_) => "goal",
            ExerciseError::Search(_) => "search",
            ExerciseError::Rule(_) => "rule",
            ExerciseError::Nodes(_) => "nodes",
            ExerciseError::Count(_) => "count",
            ExerciseError::Board(..) => "board",
            ExerciseError::Unreachable(_) => "unreachable",
        }
    }

    /// The field named in JSON.
    pub fn field(&self) -> &'static str {
        match self {
            ExerciseError::Missing | ExerciseError::Fields { .. } => "link",
            ExerciseError::Shape(_) => "shape",
            ExerciseError::Goal(_) => "goal",
            ExerciseError::Search(_) => "search",
            ExerciseError::Rule(_) => "rule",
            ExerciseError::Nodes(_) => "nodes",
            ExerciseError::Count(_) | ExerciseError::Board(..) | ExerciseError::Unreachable(_) => {
                "boards"
            }
        }
    }
}

impl fmt::Display for ExerciseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExerciseError::Missing => write!(f, "the link has no exercise= part"),
            ExerciseError::Fields { found } => write!(
                f,
                "an exercise has 6 fields separated by '.' (shape, goal, search, rule, nodes, boards); found {found}"
            ),
            ExerciseError::Shape(t) => {
                write!(f, "'{t}' is not a shape WxH of at most 10 cells")
            }
            ExerciseError::Goal(t) => write!(f, "'{t}' is not a goal board of the shape"),
            ExerciseError::Search(t) => write!(
                f,
                "'{t}' is not a search of this shape: astar (3x3 only) or idastar"
            ),
            ExerciseError::Rule(t) => write!(f, "'{t}' is not a rule: admissible or any"),
            ExerciseError::Nodes(t) => {
                write!(f, "'{t}' is not a node target (a whole number from 1)")
            }
            ExerciseError::Count(n) => write!(
                f,
                "an exercise has 1 to {EXERCISE_MAX_BOARDS} boards; found {n}"
            ),
            ExerciseError::Board(i, t) => {
                write!(f, "board {i}, '{t}', is not a board of the shape")
            }
            ExerciseError::Unreachable(i) => write!(f, "board {i} cannot reach the goal"),
        }
    }
}

impl std::error::Error for ExerciseError {}

fn digits(b: &Board) -> String {
    b.cells().iter().map(|&c| char::from(b'0' + c)).collect()
}

fn board_of(shape: Shape, text: &str) -> Option<Board> {
    if !text.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let cells: Vec<u8> = text.bytes().map(|c| c - b'0').collect();
    Board::new(shape, &cells)
}

impl Exercise {
    /// The exercise's text (the value of `exercise=`).
    pub fn text(&self) -> String {
        let s = self.goal.shape();
        let boards: Vec<String> = self.boards.iter().map(digits).collect();
        format!(
            "{}x{}.{}.{}.{}.{}.{}",
            s.width(),
            s.height(),
            digits(&self.goal),
            self.search.code(),
            if self.admissible { "admissible" } else { "any" },
            self.max_nodes,
            boards.join("_")
        )
    }

    /// The fragment of a page link that opens it: `exercise=` and the text.
    pub fn fragment(&self) -> String {
        format!("exercise={}", self.text())
    }

    /// Reads an exercise from a page link, its fragment, or the text alone:
    /// the value after `exercise=` (up to `&`), else the whole text.
    pub fn read(link: &str) -> Result<Exercise, ExerciseError> {
        let text = match link.find("exercise=") {
            Some(i) => link[i + "exercise=".len()..]
                .split('&')
                .next()
                .unwrap_or(""),
            None if link.contains('=') || link.contains('#') => return Err(ExerciseError::Missing),
            None => link,
        };
        let text = text.trim();
        let fields: Vec<&str> = text.split('.').collect();
        let [shape, goal, search, rule, nodes, boards] = fields[..] else {
            return Err(ExerciseError::Fields {
                found: fields.len(),
            });
        };
        let shape_err = || ExerciseError::Shape(shape.to_string());
        let (w, h) = shape.split_once('x').ok_or_else(shape_err)?;
        let (w, h) = (
            w.parse::<usize>().map_err(|_| shape_err())?,
            h.parse::<usize>().map_err(|_| shape_err())?,
        );
        let shape = Shape::new(w, h).map_err(|_| shape_err())?;
        if shape.cells() > crate::engine::space::CHECK_MAX_CELLS {
            return Err(shape_err());
        }
        let goal = board_of(shape, goal).ok_or_else(|| ExerciseError::Goal(goal.to_string()))?;
        let search = match search {
            "astar" if shape == Shape::THREE => CostSearch::AStar,
            "idastar" => CostSearch::IdaStar,
            _ => return Err(ExerciseError::Search(search.to_string())),
        };
        let admissible = match rule {
            "admissible" => true,
            "any" => false,
            _ => return Err(ExerciseError::Rule(rule.to_string())),
        };
        let max_nodes = match nodes.parse::<u64>() {
            Ok(n) if n >= 1 && nodes.bytes().all(|c| c.is_ascii_digit()) => n,
            _ => return Err(ExerciseError::Nodes(nodes.to_string())),
        };
        let parts: Vec<&str> = if boards.is_empty() {
            Vec::new()
        } else {
            boards.split('_').collect()
        };
        if parts.is_empty() || parts.len() > EXERCISE_MAX_BOARDS {
            return Err(ExerciseError::Count(parts.len()));
        }
        let mut starts = Vec::with_capacity(parts.len());
        for (i, t) in parts.iter().enumerate() {
            let b = board_of(shape, t).ok_or_else(|| ExerciseError::Board(i + 1, t.to_string()))?;
            check_parity(&b, &goal).map_err(|_| ExerciseError::Unreachable(i + 1))?;
            starts.push(b);
        }
        Ok(Exercise {
            goal,
            search,
            admissible,
            max_nodes,
            boards: starts,
        })
    }
}

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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
        let mut out = vec![format!(
            "Exercise: {} on {} boards of {}, at most {} nodes expanded in total{}",
            ex.search_name(),
            ex.boards.len(),
            ex.goal.shape(),
            thousands(ex.max_nodes),
            if ex.admissible { ", h admissible" } else { "" }
        )];
        out.push(if self.admissible {
            "Admissible: yes (h ≤ distance on every board)".to_string()
        } else {
            format!(
                "Admissible: no — h overestimates on {} boards",
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
        let check = HeuristicCheck::new(program.clone()).map_err(GradeError::Check)?;
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
        let optimum = run_search(CostSearch::IdaStar, None, b, &goal);
        let search = self.exercise.search;
        let run = search_with(&mut self.solver, search, Some(&self.program), b, &goal).ok_or(
            GradeError::Check(CheckError::TooLarge {
                shape: goal.shape(),
            }),
        )?;
        self.nodes.push(run.expansions);
        match (run.length, optimum.and_then(|o| o.length)) {
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
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(text: &str, goal: &Board) -> HeuristicCheck {
        let mut c = HeuristicCheck::new(Program::compile(text, goal).unwrap()).unwrap();
        while !c.step(1 << 16) {}
        c
    }

    #[test]
    fn boards_by_distance_on_3x2() {
        let goal = Board::default_goal(Shape::new(3, 2).unwrap());
        let c = checked("manhattan", &goal);
        let by = c.boards_by_distance(2, COST_SEED);
        let sizes: Vec<usize> = by.iter().map(Vec::len).collect();
        let mut want = vec![2; 22];
        (want[0], want[21]) = (1, 1);
        assert_eq!(sizes, want);
        for (d, boards) in by.iter().enumerate() {
            for b in boards {
                let run = run_search(CostSearch::IdaStar, None, b, &goal).unwrap();
                assert_eq!(run.length, Some(d as u32), "{b}");
            }
        }
        // Deterministic: the same boards again.
        assert_eq!(by, c.boards_by_distance(2, COST_SEED));
    }

    fn cost(text: &str, goal: &Board, per_depth: usize) -> SearchCost {
        let mut c = SearchCost::new(&checked(text, goal), per_depth).unwrap();
        let mut steps = 0;
        while !c.step(1) {
            steps += 1;
        }
        assert_eq!(steps + 1, c.progress().1);
        c
    }

    /// 2×2 with h = 0: the 12 boards, one or two a depth. At depth 1,
    /// 10/32 takes 3 entries (computed in `grading_on_2x2_by_hand`) and
    /// 12/03 takes 4 (bound 0 the root; bound 1 the root, 02/13 (up, first
    /// in move order) and the goal): 7.
    #[test]
    fn search_cost_on_2x2_with_h_zero() {
        let goal = Board::default_goal(Shape::new(2, 2).unwrap());
        let c = cost("0", &goal, 20);
        let rows = c.rows();
        let boards: Vec<u64> = rows.iter().map(|r| r.ida[0].boards).collect();
        assert_eq!(boards, vec![1, 2, 2, 2, 2, 2, 1]);
        assert_eq!(rows[1].ida[0].expansions, 7);
        assert!(rows.iter().all(|r| r.astar.is_none()));
        let h0: Vec<u64> = rows.iter().map(|r| r.ida[0].expansions).collect();
        let md: Vec<u64> = rows.iter().map(|r| r.ida[1].expansions).collect();
        assert_eq!(h0, vec![1, 7, 16, 29, 46, 67, 43]);
        assert_eq!(md, vec![1, 4, 6, 8, 10, 12, 7]);
        assert_eq!(
            rows[1].ida[0].branching(1),
            Some(rows[1].ida[0].generated as f64 / 2.0)
        );
    }

    /// h = Manhattan through the program is the engine's Manhattan: the
    /// same figures, in both searches; 3 * Manhattan (up to 66 on these
    /// boards, past the frontier's 64 slots of h) finds longer paths, 100
    /// moves over the optimum in all with A*, 122 with IDA*, on one board
    /// a depth.
    #[test]
    fn search_cost_of_manhattan_is_manhattan_and_excess_is_counted() {
        let goal = Board::default_goal(Shape::new(3, 2).unwrap());
        for r in cost("manhattan", &goal, 3).rows() {
            assert_eq!(r.ida[0], r.ida[1], "depth {}", r.depth);
        }
        let goal = Board::DEFAULT_GOAL;
        let c = cost("manhattan", &goal, 1);
        for r in c.rows() {
            let [h, m] = r.astar.unwrap();
            assert_eq!(h, m, "depth {}", r.depth);
            assert_eq!((h.excess, r.ida[0].excess), (0, 0));
        }
        let c = cost("3 * manhattan", &goal, 1);
        let excess: u64 = c.rows().iter().map(|r| r.astar.unwrap()[0].excess).sum();
        let ida: u64 = c.rows().iter().map(|r| r.ida[0].excess).sum();
        let over: u64 = c.rows().iter().map(|r| r.ida[0].over_budget).sum();
        assert_eq!((excess, ida, over), (100, 122, 0));
    }

    fn small(text: &str) -> Exercise {
        Exercise::read(text).unwrap()
    }

    /// 2×2, goal 12/30; IDA* counts every board entered inside the bound
    /// (the goal and each iteration's root included), children by h, ties
    /// in move order (up, down, left, right). 10/32 is one move away; with
    /// h = Manhattan (1) the root and the goal: 2. With h = 0, bound 0 the
    /// root alone, bound 1 the root and the goal (down comes first): 3.
    /// 01/32 (two moves) with h = 0: bound 0 the root (1); bound 1 the root
    /// and both children (3); bound 2 the root, 31/02 (down) and its child
    /// 31/20, then 10/32 (right) and the goal (5): 9.
    #[test]
    fn grading_on_2x2_by_hand() {
        let ex = small("2x2.1230.idastar.admissible.2.1032");
        let g = grade(&ex, "manhattan").unwrap();
        assert_eq!((g.nodes.clone(), g.total, g.pass), (vec![2], 2, true));
        let g = grade(&ex, "0").unwrap();
        assert_eq!((g.nodes.clone(), g.total, g.pass), (vec![3], 3, false));
        let ex = small("2x2.1230.idastar.admissible.2.1032_0132");
        let g = grade(&ex, "0").unwrap();
        assert_eq!(g.nodes, vec![3, 9]);
        assert_eq!(
            (g.total, g.pass, g.reason),
            (12, false, GradeReason::TooManyNodes)
        );
        // 3 * manhattan overestimates; the rule decides.
        let g = grade(&ex, "3 * manhattan").unwrap();
        assert_eq!(
            (g.admissible, g.reason.clone()),
            (false, GradeReason::Inadmissible)
        );
        // In slices of one board: the same grade; the steps counted.
        let mut slices = Grading::new(&ex, "0").unwrap();
        let mut steps = 0;
        while !slices.step(1).unwrap() {
            steps += 1;
        }
        // 12 boards checked one a step, a 13th finds none left and
        // finishes the check, a 14th runs the first board; the step that
        // runs the second answers true.
        assert_eq!((steps, slices.progress()), (14, (14, 14)));
        assert_eq!(slices.grade(), Some(grade(&ex, "0").unwrap()));
        let any = small("2x2.1230.idastar.any.100.1032_0132");
        let g = grade(&any, "3 * manhattan").unwrap();
        assert!(g.pass);
        assert_eq!((g.total, g.excess), (g.nodes[0] + g.nodes[1], 0));
    }

    #[test]
    fn shipped_exercises_round_trip_and_their_targets_can_be_met() {
        let totals = [
            // (exercise, h, total, pass)
            (0, "misplaced", 471_945, false),
            (0, "manhattan", 35_799, true),
            (1, "manhattan", 35_799, false),
            (1, "linear_conflict", 19_335, true),
            (2, "manhattan", 273_930, false),
            (2, "linear_conflict", 102_560, true),
        ];
        for (name, text) in EXERCISES {
            let ex = small(text);
            assert_eq!(ex.text(), text, "{name}");
            assert_eq!(ex.boards.len(), 20, "{name}");
            let link = format!(
                "https://example.org/eight-puzzle.html#tab=lab&{}&x=1",
                ex.fragment()
            );
            assert_eq!(Exercise::read(&link), Ok(ex.clone()), "{name}");
        }
        for (i, h, total, pass) in totals {
            let g = grade(&small(EXERCISES[i].1), h).unwrap();
            assert_eq!(
                (g.total, g.pass, g.admissible, g.excess),
                (total, pass, true, 0),
                "{i} {h}"
            );
        }
        let g = grade(&small(EXERCISES[1].1), "2 * manhattan").unwrap();
        assert_eq!(g.reason, GradeReason::Inadmissible);
    }

    #[test]
    fn every_field_has_its_error() {
        use ExerciseError as E;
        let cases: [(&str, ExerciseError); 14] = [
            ("#tab=lab", E::Missing),
            ("3x3.123456780.astar", E::Fields { found: 3 }),
            (
                "3y3.123456780.astar.any.5.123456708",
                E::Shape("3y3".into()),
            ),
            (
                "4x4.123456780.astar.any.5.123456708",
                E::Shape("4x4".into()),
            ),
            (
                "3x3.12345678.astar.any.5.123456708",
                E::Goal("12345678".into()),
            ),
            ("3x3.123456780.bfs.any.5.123456708", E::Search("bfs".into())),
            ("2x2.1230.astar.any.5.1203", E::Search("astar".into())),
            (
                "3x3.123456780.astar.some.5.123456708",
                E::Rule("some".into()),
            ),
            ("3x3.123456780.astar.any.0.123456708", E::Nodes("0".into())),
            (
                "3x3.123456780.astar.any.+5.123456708",
                E::Nodes("+5".into()),
            ),
            ("3x3.123456780.astar.any.5.", E::Count(0)),
            (
                "3x3.123456780.astar.any.5.123456708_12345678x",
                E::Board(2, "12345678x".into()),
            ),
            ("3x3.123456780.astar.any.5.213456780", E::Unreachable(1)),
            (
                "exercise=3x3.123456780.astar.any.99999999999999999999.1",
                E::Nodes("99999999999999999999".into()),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(Exercise::read(text), Err(want.clone()), "{text}");
            assert!(!want.to_string().is_empty());
        }
        let many = vec!["123456708"; EXERCISE_MAX_BOARDS + 1].join("_");
        assert_eq!(
            Exercise::read(&format!("3x3.123456780.astar.any.5.{many}")),
            Err(E::Count(EXERCISE_MAX_BOARDS + 1))
        );
        assert_eq!(
            E::Fields { found: 3 }.to_string(),
            "an exercise has 6 fields separated by '.' (shape, goal, search, rule, nodes, boards); found 3"
        );
    }

    #[test]
    fn grading_errors_are_typed() {
        let ex = small("2x2.1230.idastar.any.5.1032");
        assert!(matches!(
            grade(&ex, "manhattan +"),
            Err(GradeError::Expr(_))
        ));
        assert!(matches!(
            grade(&ex, "1 / (manhattan - 1)"),
            Err(GradeError::Eval(_))
        ));
    }
}
