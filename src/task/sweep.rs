//! The heuristic sweep's tasks: a range or a list of 3×3 starts solved
//! with one heuristic, answered with [`SweepTotals`] that merge in any
//! order into the totals a single pass gives.

use crate::engine::heuristic::BuiltIn;
use crate::engine::teaching::lab::{run, Algorithm, LAB_HEURISTICS};
use crate::engine::{
    check_parity,
    contract::{Budget, Goal, Solver},
    Board, Shape, Verdict,
};
use serde::{Deserialize, Serialize};

/// Per-heuristic totals of a sweep; chunks solved apart (in Web Workers)
/// merge into the same totals a single pass gives.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepTotals {
    /// Starts solved.
    pub starts: u64,
    /// Sum of expansions.
    pub expansions: u64,
    /// Largest expansions of one start.
    pub max: u64,
    /// Starts that need more than 10000 expansions: the contract budget
    /// would leave them Unknown.
    pub over_contract_budget: u64,
}

impl SweepTotals {
    /// Adds one start's expansions.
    pub fn record(&mut self, expansions: u64) {
        self.starts += 1;
        self.expansions += expansions;
        self.max = self.max.max(expansions);
        if expansions > u64::from(Budget::MAX) {
            self.over_contract_budget += 1;
        }
    }

    /// Adds another chunk's totals.
    pub fn merge(&mut self, other: &SweepTotals) {
        self.starts += other.starts;
        self.expansions += other.expansions;
        self.max = self.max.max(other.max);
        self.over_contract_budget += other.over_contract_budget;
    }
}

/// Expansions of one start with heuristic `h`: Manhattan runs the contract
/// solver (the same search as the lab's A* with Manhattan); the others run
/// the lab's A*.
pub fn expansions_of(solver: &mut Solver, goal: &Goal, h: BuiltIn, start: &Board) -> u64 {
    if h == BuiltIn::Manhattan {
        match solver.solve(start, goal, Budget::UNLIMITED) {
            Ok(out) if matches!(out.verdict, Verdict::Solved(_)) => u64::from(out.stats.expansions),
            _ => 0,
        }
    } else {
        run(Algorithm::AStar(h), start, goal, u64::MAX)
            .map(|o| o.expansions)
            .unwrap_or(0)
    }
}

/// One piece of a sweep, small enough for a worker to finish in a fraction
/// of a second: a range of ranks (every board in it that can reach the
/// goal) or a list of ranks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepTask {
    /// The phase it belongs to.
    pub phase: usize,
    /// The goal's nine cells.
    pub goal: [u8; 9],
    /// `misplaced`, `manhattan` or `linear-conflict`.
    pub heuristic: String,
    /// Ranks `lo..hi`, those of the goal's parity (when `ranks` is empty).
    pub lo: u32,
    /// End of the range.
    pub hi: u32,
    /// Listed ranks.
    pub ranks: Vec<u32>,
}

/// Ranks per task of a whole-space phase (about 2,000 starts).
pub const RANKS_PER_TASK: u32 = 4_096;
/// Boards per task of a listed phase.
pub const BOARDS_PER_TASK: usize = 250;

thread_local! {
    static TASK_SOLVER: std::cell::RefCell<Option<Solver>> = const { std::cell::RefCell::new(None) };
}

/// Solves one task: what a worker does. Errors name what was wrong with it.
pub fn run_sweep_task(task: &SweepTask) -> Result<SweepTotals, String> {
    let goal = Board::square(&task.goal).ok_or("the task's goal is not a board")?;
    let h = LAB_HEURISTICS
        .into_iter()
        .find(|&h| h.code(Shape::THREE) == task.heuristic)
        .ok_or_else(|| format!("unknown heuristic {:?}", task.heuristic))?;
    let goal = Goal::new(goal);
    TASK_SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(Solver::new);
        let mut totals = SweepTotals::default();
        let boards: Vec<Board> = if task.ranks.is_empty() {
            (task.lo..task.hi)
                .filter_map(crate::engine::contract::unrank)
                .filter(|b| check_parity(b, goal.board()).is_ok())
                .collect()
        } else {
            task.ranks
                .iter()
                .filter_map(|&r| crate::engine::contract::unrank(r))
                .collect()
        };
        for b in &boards {
            totals.record(expansions_of(solver, &goal, h, b));
        }
        Ok(totals)
    })
}
