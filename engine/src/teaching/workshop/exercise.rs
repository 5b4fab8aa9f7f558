//! Graded exercises: a target of nodes for a heuristic on a set of boards,
//! and the text an `exercise=` link carries (one error variant per field).

use super::cost::CostSearch;
use crate::moves::Metric;
use crate::{check_parity, Board, Shape};
use std::fmt;

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
/// `3x3.123456780.astar.admissible.5000.867254301_123456708`. An exercise
/// in the multi-tile metric has a seventh field, `multi` (absent: the
/// single-tile metric, so every older link reads as it did).
///
/// It travels (worker messages) as that text, read back by
/// [`Exercise::read`], so a message cannot make an exercise a link could
/// not.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
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
    /// The metric distances, admissibility and paths are counted in.
    pub metric: Metric,
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
    /// Not six fields separated by `.` (seven with the metric).
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
    /// A seventh field other than `multi`.
    Metric(String),
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
            ExerciseError::Metric(_) => "metric",
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
            ExerciseError::Metric(_) => "metric",
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
                "an exercise has 6 fields separated by '.' (shape, goal, search, rule, nodes, boards), and a 7th, multi, in the multi-tile metric; found {found}"
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
            ExerciseError::Metric(t) => write!(
                f,
                "'{t}' is not a metric field: multi (the multi-tile metric), or no seventh field (single-tile)"
            ),
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
        let metric = match self.metric {
            Metric::Single => "",
            Metric::Multi => ".multi",
        };
        format!(
            "{}x{}.{}.{}.{}.{}.{}{metric}",
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
        let (fields, metric) = match fields[..] {
            [.., "multi"] if fields.len() == 7 => (&fields[..6], Metric::Multi),
            [.., last] if fields.len() == 7 => return Err(ExerciseError::Metric(last.to_string())),
            _ => (&fields[..], Metric::Single),
        };
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
        if shape.cells() > crate::heuristic::CHECK_MAX_CELLS {
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
            metric,
        })
    }
}

impl TryFrom<String> for Exercise {
    type Error = ExerciseError;
    fn try_from(text: String) -> Result<Exercise, ExerciseError> {
        Exercise::read(&text)
    }
}

impl From<Exercise> for String {
    fn from(e: Exercise) -> String {
        e.text()
    }
}
