//! The algorithm lab: other searches on the same boards, moves and goals,
//! each in its own file, each under a node budget, each path checked by the
//! same independent [`verify`] as the contract A*.
//!
//! These are for comparison. The contract A* ([`crate::engine::contract::Solver`]) is
//! the one the page's Solve button runs.

mod best_first;
pub(crate) use best_first::drive;
mod bfs_search;
mod depth_table;
mod dfs;
mod idastar;

#[cfg(not(target_arch = "wasm32"))]
pub use depth_table::{depth_table, depth_table_of};
pub use depth_table::{
    depth_table_chunk, effective_branching, DepthError, DepthFigures, DepthPartial, DepthRow,
    DepthSearches, DepthTotals, DEPTH_ALGORITHMS,
};

use crate::engine::{
    check_parity, contract::Goal, heuristic::BuiltIn, verify, witness::WitnessError, Board, Move,
    ParityProof,
};

/// The default lab budget, in boards.
pub const LAB_BUDGET: u64 = 200_000;

/// The heuristics the lab's A* and the sweep offer: the admissible ones of
/// the 3×3 A*, weakest first.
pub const LAB_HEURISTICS: [BuiltIn; 3] = [
    BuiltIn::Misplaced,
    BuiltIn::Manhattan,
    BuiltIn::LinearConflict,
];
/// The default depth limit of the depth-limited DFS.
pub const DFS_LIMIT: u32 = 32;

/// One of the lab's searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Breadth-first search: optimal, no heuristic.
    Bfs,
    /// Depth-limited depth-first search that never repeats a board on its
    /// own current path; finds *a* path, often longer than the optimum.
    Dfs {
        /// Deepest path explored.
        limit: u32,
    },
    /// Iterative-deepening A* with Manhattan: optimal, memory ∝ depth.
    IdaStar,
    /// A* with the contract's order (f, h, key, seq) and a chosen heuristic
    /// (optimal when the heuristic is admissible; [`Algorithm::ALL`] lists
    /// the admissible ones).
    AStar(BuiltIn),
    /// Greedy best-first on Manhattan alone (h, key, seq): fast, not optimal.
    Greedy,
}

impl Algorithm {
    /// Every algorithm of the compare panel, in display order.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Bfs,
        Algorithm::Dfs { limit: DFS_LIMIT },
        Algorithm::IdaStar,
        Algorithm::AStar(BuiltIn::Misplaced),
        Algorithm::AStar(BuiltIn::Manhattan),
        Algorithm::AStar(BuiltIn::LinearConflict),
        Algorithm::Greedy,
    ];

    /// The name shown in the lab.
    pub fn name(self) -> String {
        match self {
            Algorithm::Bfs => "BFS".into(),
            Algorithm::Dfs { limit } => format!("DFS (depth limit {limit})"),
            Algorithm::IdaStar => "IDA* (Manhattan)".into(),
            Algorithm::AStar(h) => format!("A* ({})", h.name()),
            Algorithm::Greedy => "Greedy best-first (Manhattan; not optimal)".into(),
        }
    }

    /// Whether the algorithm guarantees a shortest path when it finishes.
    pub fn guarantees_optimal(self) -> bool {
        match self {
            Algorithm::AStar(h) => h.lower_bound_in(crate::moves::Metric::Single),
            Algorithm::Dfs { .. } | Algorithm::Greedy => false,
            Algorithm::Bfs | Algorithm::IdaStar => true,
        }
    }
}

/// Why a lab search stopped without a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabStop {
    /// The node budget was used up.
    BudgetExceeded,
    /// DFS explored every path up to its depth limit without the goal. A
    /// longer path may exist; this is not a proof of unsolvability.
    DepthLimitReached,
}

impl LabStop {
    /// The stop's name.
    pub fn name(self) -> &'static str {
        match self {
            LabStop::BudgetExceeded => "BudgetExceeded",
            LabStop::DepthLimitReached => "DepthLimitReached",
        }
    }
}

/// What a lab search concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabVerdict {
    /// A path was found and passed [`verify`].
    Solved(Vec<Move>),
    /// Stopped before finding a path.
    Unknown(LabStop),
    /// Different inversion parity; nothing was searched.
    Unsolvable(ParityProof),
}

/// One lab run's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabOutcome {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Its conclusion.
    pub verdict: LabVerdict,
    /// Boards expanded (their neighbours generated); for DFS and IDA*, every
    /// board entered, counted again on each visit.
    pub expansions: u64,
    /// Neighbour boards generated.
    pub generated: u64,
    /// The most boards held at once: arena or queue for BFS and the
    /// best-first searches, the current path for DFS and IDA*.
    pub peak_stored: u64,
}

impl LabOutcome {
    /// The path length, when solved.
    pub fn length(&self) -> Option<u32> {
        match &self.verdict {
            LabVerdict::Solved(m) => Some(m.len() as u32),
            _ => None,
        }
    }
}

/// What a search returns before its path is checked.
pub(crate) struct Raw {
    pub found: Result<Vec<Move>, LabStop>,
    pub expansions: u64,
    pub generated: u64,
    pub peak_stored: u64,
}

/// Runs `algorithm` from `start` to `goal` with a budget of `budget` boards;
/// every path is checked by [`verify`] before it is returned.
pub fn run(
    algorithm: Algorithm,
    start: &Board,
    goal: &Goal,
    budget: u64,
) -> Result<LabOutcome, WitnessError> {
    if let Err(proof) = check_parity(start, goal.board()) {
        return Ok(LabOutcome {
            algorithm,
            verdict: LabVerdict::Unsolvable(proof),
            expansions: 0,
            generated: 0,
            peak_stored: 0,
        });
    }
    let raw = match algorithm {
        Algorithm::Bfs => bfs_search::search(start, goal, budget),
        Algorithm::Dfs { limit } => dfs::search(start, goal, limit, budget),
        Algorithm::IdaStar => idastar::search(start, goal, budget),
        Algorithm::AStar(h) => best_first::search(start, goal, h, false, budget),
        Algorithm::Greedy => best_first::search(start, goal, BuiltIn::Manhattan, true, budget),
    };
    let verdict = match raw.found {
        Ok(moves) => {
            verify(start, goal.board(), &moves, moves.len() as u32)?;
            LabVerdict::Solved(moves)
        }
        Err(stop) => LabVerdict::Unknown(stop),
    };
    Ok(LabOutcome {
        algorithm,
        verdict,
        expansions: raw.expansions,
        generated: raw.generated,
        peak_stored: raw.peak_stored,
    })
}

/// A per-board table (indexed by rank) that the lab's searches borrow and
/// hand back clean: only the entries a search touched are reset, so a small
/// search does not pay for clearing 9! entries. One per thread.
pub(crate) struct Table {
    data: Vec<u32>,
    touched: Vec<u32>,
}

/// The value of an entry nobody has set.
pub(crate) const UNSET: u32 = u32::MAX;

impl Table {
    pub fn get(&self, rank: u32) -> u32 {
        self.data[rank as usize]
    }

    pub fn set(&mut self, rank: u32, value: u32) {
        let slot = &mut self.data[rank as usize];
        if *slot == UNSET {
            self.touched.push(rank);
        }
        *slot = value;
    }
}

thread_local! {
    static TABLE: std::cell::RefCell<Option<Table>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's clean table, and cleans it afterwards.
pub(crate) fn with_table<R>(f: impl FnOnce(&mut Table) -> R) -> R {
    let mut table = TABLE
        .with(|t| t.borrow_mut().take())
        .unwrap_or_else(|| Table {
            data: vec![UNSET; crate::contract::STATES],
            touched: Vec::new(),
        });
    let result = f(&mut table);
    for r in table.touched.drain(..) {
        table.data[r as usize] = UNSET;
    }
    TABLE.with(|t| *t.borrow_mut() = Some(table));
    result
}

/// Follows parent links (arena indices, `u32::MAX` at the root) back to the
/// start and returns the moves in order.
pub(crate) fn path_from(parents: &[(u32, Option<Move>)], mut at: u32) -> Vec<Move> {
    let mut moves = Vec::new();
    while at != u32::MAX {
        let (parent, mv) = parents[at as usize];
        if let Some(m) = mv {
            moves.push(m);
        }
        at = parent;
    }
    moves.reverse();
    moves
}
