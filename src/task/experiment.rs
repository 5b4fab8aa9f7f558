//! The blog post's BFS / DFS / A* experiment: its samples and published
//! figures, one row per (sample, algorithm), and the notes on why counts differ.

use crate::engine::heuristic::BuiltIn;
use crate::engine::teaching::lab::{run, Algorithm, LabVerdict, DFS_LIMIT};
use crate::engine::{contract::Goal, Board};
use serde::{Deserialize, Serialize};

/// The five samples of the blog post, goal `1238-4765`, with the figures it
/// published: (sample, BFS count, DFS found depth, DFS count, A* count) and
/// the optimal depth.
pub const EXPERIMENT_SAMPLES: [(&str, u32, u32, u32, u32, u32); 5] = [
    ("134-85726", 7, 166, 31, 203_512, 9),
    ("5674-8321", 30, 181_358, 32, 188_739, 5_691),
    ("-75168324", 28, 179_983, 32, 1_867_331, 8_152),
    ("32841-567", 29, 180_492, 31, 871_753, 12_747),
    ("32-418567", 30, 181_228, 32, 1_015_214, 18_765),
];

/// The goal of the blog post's experiment.
pub const EXPERIMENT_GOAL: &str = "1238-4765";

/// The DFS budget of the blog experiment (its own counts reach 1.9 million;
/// with our move order the last sample needs 6.6 million).
pub const EXPERIMENT_DFS_BUDGET: u64 = 10_000_000;

/// Rows of the blog experiment: five samples × three algorithms.
pub const EXPERIMENT_ROWS: usize = 15;

/// One row of the blog experiment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExperimentRow {
    /// Sample in the post's notation.
    pub sample: String,
    /// The same board as JSON.
    pub board: String,
    /// Algorithm.
    pub algorithm: String,
    /// Our depth (path length), or the stop.
    pub depth: String,
    /// Our expansions.
    pub expansions: String,
    /// The post's depth.
    pub published_depth: String,
    /// The post's count.
    pub published_count: String,
}

impl ExperimentRow {
    /// A row from its cells in [`EXPERIMENT_HEADINGS`] order.
    pub fn from_cells(c: [String; 7]) -> ExperimentRow {
        let [sample, board, algorithm, depth, expansions, published_depth, published_count] = c;
        ExperimentRow {
            sample,
            board,
            algorithm,
            depth,
            expansions,
            published_depth,
            published_count,
        }
    }

    /// The row's cells in [`EXPERIMENT_HEADINGS`] order.
    pub fn cells(&self) -> [String; 7] {
        [
            self.sample.clone(),
            self.board.clone(),
            self.algorithm.clone(),
            self.depth.clone(),
            self.expansions.clone(),
            self.published_depth.clone(),
            self.published_count.clone(),
        ]
    }
}

/// Runs BFS, DFS (limit 32) and A* (Manhattan) on the five samples.
pub fn experiment() -> Vec<ExperimentRow> {
    (0..EXPERIMENT_ROWS).filter_map(experiment_row).collect()
}

/// Row `i` of the experiment (sample `i / 3`, algorithm `i % 3`), so the page
/// can run one row per task.
pub fn experiment_row(i: usize) -> Option<ExperimentRow> {
    let goal = Goal::new(Board::from_dash_notation(EXPERIMENT_GOAL)?);
    let (text, depth, bfs, dfs_depth, dfs, astar) = *EXPERIMENT_SAMPLES.get(i / 3)?;
    let start = Board::from_dash_notation(text)?;
    let (alg, budget, published_depth, published_count) = [
        (Algorithm::Bfs, u64::MAX, depth, bfs),
        (
            Algorithm::Dfs { limit: DFS_LIMIT },
            EXPERIMENT_DFS_BUDGET,
            dfs_depth,
            dfs,
        ),
        (Algorithm::AStar(BuiltIn::Manhattan), u64::MAX, depth, astar),
    ][i % 3];
    let (ours, count) = match run(alg, &start, &goal, budget) {
        Ok(o) => (
            match &o.verdict {
                LabVerdict::Solved(m) => m.len().to_string(),
                LabVerdict::Unknown(s) => format!("Unknown ({})", s.name()),
                LabVerdict::Unsolvable(_) => "Unsolvable".into(),
            },
            o.expansions.to_string(),
        ),
        Err(e) => (format!("internal check failed: {e}"), "—".into()),
    };
    Some(ExperimentRow {
        sample: text.to_string(),
        board: start.to_json(),
        algorithm: alg.name(),
        depth: ours,
        expansions: count,
        published_depth: published_depth.to_string(),
        published_count: published_count.to_string(),
    })
}

/// Runs an experiment task (a row number): the row.
pub fn run_experiment_task(row: usize) -> Result<ExperimentRow, String> {
    experiment_row(row).ok_or(format!("the experiment has no row {row}"))
}

/// Why our counts differ from the post's.
pub const EXPERIMENT_NOTES: [&str; 4] = [
    "Depths: our BFS and A* depths are the optimum (7, 30, 28, 29, 30), the same as the post's; DFS returns the first path it meets within the limit, so its depth depends on the move order.",
    "BFS counts: the post counts every board taken from the queue, the goal included, and tries moves in the order left, up, right, down; we count expansions (the goal is not expanded) and try Up, Down, Left, Right, so a different part of the last layer comes before the goal.",
    "A* counts: the post orders its open list by f alone; ours breaks ties by h, then the board key, then insertion order, and skips stale entries. Preferring the smaller h on equal f heads for the goal, which is why we expand far fewer boards on the deep samples.",
    "DFS counts: both searches only refuse boards already on the current path, but with another move order the first path found, and the number of boards entered before it, change completely.",
];

/// The experiment table's column headings.
pub const EXPERIMENT_HEADINGS: [&str; 7] = [
    "Sample",
    "Board",
    "Algorithm",
    "Our depth",
    "Our expansions",
    "Published depth",
    "Published count",
];
