//! The sliding-puzzle family in the page: which shape the start field
//! shows, the default goal that follows it, the samples, and the parts of
//! the page beside the shared ones (the mode, the node budget, which limit
//! applies, progress and Cancel, the 5×5 warning, and why a 3×3 tool does
//! not apply to another shape). All of the family's sentences are here.

use super::common::optimal_refusal;
use super::input::ParsedInputs;
use crate::engine::heuristic::BuiltIn;
use crate::engine::moves::Metric;
use crate::engine::request::Field;
use crate::engine::solve::{partition_name, Mode};
use crate::engine::{Board, Shape};

/// The node budget a person sees first: enough for Korf's hardest 4×4
/// instances with the 6-6-3 database, so Solve needs no other change.
pub const NODE_BUDGET_DEFAULT: &str = "1000000000";

/// The default goal's text for a shape, as the Goal field shows it
/// (`[1,2,3,4,5,6,7,8,0]` on 3×3, the contract's form; rows on every other
/// shape).
pub fn default_goal_text(shape: Shape) -> String {
    board_text(&Board::default_goal(shape))
}

/// A board's text as the Start and Goal fields show it: the contract's nine
/// values on 3×3, rows on every other shape.
pub fn board_text(board: &Board) -> String {
    if board.shape() == Shape::THREE {
        board.to_json()
    } else {
        board.rows_json()
    }
}

/// A sample the sample control loads: start, goal, mode and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The control's value.
    pub key: &'static str,
    /// The option's label.
    pub label: &'static str,
    /// Start text.
    pub start: &'static str,
    /// Goal text.
    pub goal: &'static str,
    /// The mode it is solved in.
    pub mode: Mode,
}

/// The samples of the family, smallest first: the last three are the
/// boards past 25 cells the page solves in Fast mode only (uniformly random,
/// drawn by the engine's `sample_boards` toward the default goal with the
/// seed their label names, as `bench-random` draws them).
pub const SAMPLES: [Sample; 8] = [
    Sample {
        key: "baseline",
        label: "3×3 baseline (2 moves)",
        start: "[1,2,3,4,5,6,0,7,8]",
        goal: "[1,2,3,4,5,6,7,8,0]",
        mode: Mode::Optimal,
    },
    Sample {
        key: "two-by-three",
        label: "2×3, two wide and three tall (21 moves, the farthest)",
        start: "[[2,1],[4,3],[0,5]]",
        goal: "[[1,2],[3,4],[5,0]]",
        mode: Mode::Optimal,
    },
    Sample {
        key: "three-by-four",
        label: "3×4, three wide and four tall (30 moves)",
        start: "[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]",
        goal: "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]",
        mode: Mode::Optimal,
    },
    Sample {
        key: "korf55",
        label: "4×4 Korf #55 (41 moves, goal blank top-left)",
        start: "[[13,8,14,3],[9,1,0,7],[15,5,4,10],[12,2,6,11]]",
        goal: "[[0,1,2,3],[4,5,6,7],[8,9,10,11],[12,13,14,15]]",
        mode: Mode::Optimal,
    },
    Sample {
        key: "korf24-1",
        label: "5×5 Korf #1, Fast (optimal 95, goal blank top-left)",
        start: "[[14,5,9,2,18],[8,23,19,12,17],[15,0,10,20,4],[6,11,21,1,7],[24,3,16,22,13]]",
        goal: "[[0,1,2,3,4],[5,6,7,8,9],[10,11,12,13,14],[15,16,17,18,19],[20,21,22,23,24]]",
        mode: Mode::Fast,
    },
    Sample {
        key: "six-by-six",
        label: "6×6 random (seed 35), Fast: the 35-puzzle",
        start: "[[30,31,28,13,15,14],[8,32,3,4,12,9],[22,1,21,34,26,16],[20,7,27,6,23,25],[29,33,17,2,24,11],[35,18,5,19,10,0]]",
        goal: "[[1,2,3,4,5,6],[7,8,9,10,11,12],[13,14,15,16,17,18],[19,20,21,22,23,24],[25,26,27,28,29,30],[31,32,33,34,35,0]]",
        mode: Mode::Fast,
    },
    Sample {
        key: "seven-by-seven",
        label: "7×7 random (seed 48), Fast: the 48-puzzle",
        start: "[[32,23,8,14,25,48,30],[28,10,0,45,19,24,39],[11,20,3,27,13,21,36],[34,1,42,37,41,7,35],[29,2,16,22,18,31,5],[15,44,4,46,9,43,40],[33,26,6,17,47,38,12]]",
        goal: "[[1,2,3,4,5,6,7],[8,9,10,11,12,13,14],[15,16,17,18,19,20,21],[22,23,24,25,26,27,28],[29,30,31,32,33,34,35],[36,37,38,39,40,41,42],[43,44,45,46,47,48,0]]",
        mode: Mode::Fast,
    },
    Sample {
        key: "eight-by-eight",
        label: "8×8 random (seed 63), Fast: the 63-puzzle",
        start: "[[24,21,17,14,26,31,34,2],[8,4,35,60,44,29,19,56],[57,59,42,49,3,39,7,52],[37,45,55,25,15,50,54,1],[46,30,62,41,22,61,6,48],[12,32,9,23,40,13,5,28],[16,47,58,63,51,27,53,20],[10,38,0,36,43,18,11,33]]",
        goal: "[[1,2,3,4,5,6,7,8],[9,10,11,12,13,14,15,16],[17,18,19,20,21,22,23,24],[25,26,27,28,29,30,31,32],[33,34,35,36,37,38,39,40],[41,42,43,44,45,46,47,48],[49,50,51,52,53,54,55,56],[57,58,59,60,61,62,63,0]]",
        mode: Mode::Fast,
    },
];

/// Where the page's lower bound comes from, in one sentence (said with
/// every fast result and in docs/page.md).
pub const PAGE_BOUND_SOURCE: &str = "The page's lower bound is Manhattan distance plus linear conflicts, computed without tables; the command line's pattern databases stay out of the page.";

/// Where the page's lower bound comes from in the multi-tile metric, in one
/// sentence (said with every multi-tile fast result).
pub const PAGE_BOUND_SOURCE_MULTI: &str = "In the multi-tile metric the page's lower bound is the multi-tile estimate: the tiles' column distances over W − 1 plus their row distances over H − 1, each rounded up, computed without tables.";

/// The sample with this key.
pub fn sample(key: &str) -> Option<&'static Sample> {
    SAMPLES.iter().find(|s| s.key == key)
}

/// Said wherever the parity proof is shown: it holds in both metrics.
pub const PARITY_BOTH_METRICS: &str = "The proof is the same in both metrics: a multi-tile move is a run of single-tile moves, so it keeps the invariant too.";

/// The note under the Metric control: what a move is in the multi-tile
/// metric, and on 3×3 that the contract A* does not solve in it. `None`
/// in the single-tile metric.
pub fn metric_note(shape: Option<Shape>, metric: Metric) -> Option<String> {
    match (metric, shape) {
        (Metric::Single, _) => None,
        (Metric::Multi, Some(Shape::THREE)) => Some("The 3×3 contract A* counts single-tile moves, so a multi-tile Solve runs in the Web Worker instead.".into()),
        (Metric::Multi, _) => Some("Multi-tile metric: sliding one or more tiles along the blank's row or column is one move.".into()),
    }
}

/// What the family's parts of the page show beyond the shared parts.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FamilyView {
    /// The mode control's value.
    pub mode: Mode,
    /// The Metric control's value.
    pub metric: Metric,
    /// What the metric means here (none in the single-tile metric).
    pub metric_note: Option<String>,
    /// Whether the node budget field shows (an optimal solve in the worker).
    pub nodes_shown: bool,
    /// The node budget field's text.
    pub node_budget: String,
    /// Its error, if invalid.
    pub node_budget_error: Option<String>,
    /// Which limit applies, in words (empty on the 3×3 contract).
    pub limit_note: String,
    /// The warning before an optimal solve that may take hours (5×5).
    pub warning: Option<String>,
    /// Progress of a running solve, or empty.
    pub progress: String,
    /// Whether Cancel has something to stop.
    pub cancel_enabled: bool,
    /// Why the Trace tab does not apply to this shape.
    pub trace_note: Option<String>,
    /// Why the Lab tab does not apply to this shape.
    pub lab_note: Option<String>,
    /// Why the State space tab does not apply to this shape.
    pub space_note: Option<String>,
    /// Why the Play tab does not apply (always `None`: Play takes any shape).
    pub play_note: Option<String>,
}

/// The heuristic an optimal worker solve of a `shape` board uses in
/// `metric`, as sentences name it: the shape's additive pattern database
/// (`the pdb-663 pattern database`) in the single-tile metric, the
/// multi-tile pattern tables in the multi-tile one.
pub fn solver_heuristic(shape: Shape, metric: Metric) -> String {
    match metric {
        Metric::Single => format!("the {} pattern database", partition_name(shape)),
        Metric::Multi => BuiltIn::MultiTilePdb.name().to_string(),
    }
}

/// The limit a worker solve runs under, in words. The fields that do not
/// apply say so themselves (see [`budget_reason`]); the node budget field
/// only shows where it applies.
pub fn limit_note(shape: Shape, mode: Mode, metric: Metric, budget: Result<u64, &str>) -> String {
    match mode {
        Mode::Fast => format!("{}: Fast mode finds a verified path quickly, not necessarily a shortest one, and states its proved lower bound and the gap.", shape.name()),
        // The refusal is the warning's (with Use Fast instead).
        Mode::Optimal if !shape.optimal_searchable() => String::new(),
        Mode::Optimal => {
            let limit = match budget {
                Ok(n) => format!("{} generated nodes", crate::engine::text::thousands(n)),
                Err(_) => "the node budget (invalid now)".into(),
            };
            format!(
                "{}: IDA* with {} stops at the node budget, {limit}, or when you press Cancel.",
                shape.name(),
                solver_heuristic(shape, metric)
            )
        }
    }
}

/// Why the Budget field (the 3×3 A*'s expansions) does not apply to a
/// valid start of `shape` in `mode`; `None` where it applies. The page
/// disables the field and shows this reason beside it.
pub fn budget_reason(shape: Shape, mode: Mode, metric: Metric) -> Option<String> {
    if shape != Shape::THREE {
        Some(format!(
            "Does not apply to {} {} board: the Budget limits the 3×3 A* only.",
            shape.article(),
            shape.name()
        ))
    } else if mode == Mode::Fast {
        Some("Does not apply in Fast mode: the Budget limits the optimal 3×3 A* only.".into())
    } else if metric == Metric::Multi {
        Some("Does not apply in the multi-tile metric: the Budget limits the single-tile 3×3 A* only.".into())
    } else {
        None
    }
}

/// The notice beside the goal when it followed the start to `shape`'s
/// default goal.
pub fn goal_note(shape: Shape) -> String {
    format!("Goal set to the {} default.", shape.name())
}

/// The warning shown before an optimal 5×5 solve, and on a board past 25
/// cells in Optimal mode the engine's refusal ([`optimal_refusal`]).
pub fn warning(shape: Shape, mode: Mode) -> Option<String> {
    if mode == Mode::Optimal {
        if let Some(refused) = optimal_refusal(shape) {
            return Some(refused);
        }
    }
    (mode == Mode::Optimal && shape == Shape::FIVE).then(|| {
        "A random 24-puzzle can take hours to solve optimally (Korf and Felner's solver took about two days per instance); Solve may run until the node budget. Fast gives a verified path in about a second, with its gap to the proved lower bound.".to_string()
    })
}

/// Why each 3×3 tool does not apply to a board of `shape` (all `None` on
/// 3×3): (trace, lab, space); the State space tab applies up to 12 cells.
pub fn tab_notes(shape: Shape) -> (Option<String>, Option<String>, Option<String>) {
    if shape == Shape::THREE {
        return (None, None, None);
    }
    let why = |what: &str| {
        Some(format!(
            "{what} on a 3×3 board only: the start is {} {} board. Type or choose a 3×3 board to use this tab.",
            shape.article(),
            shape.name()
        ))
    };
    (
        why("The Trace tab steps the 3×3 contract A*, which exists"),
        why("The Lab compares searches over the 181,440 boards of the 8-puzzle and runs").map(|n| {
            format!("{n} Write your own heuristic, below, checks h on every board of up to {} cells.", crate::engine::space::SPACE_MAX_CELLS)
        }),
        // Explore works up to 12 cells; beyond, the engine's reason.
        super::explore::space_tab_note(shape),
    )
}

/// The goal field following the start's shape (a default goal of another
/// shape is replaced by this shape's, with a notice and Undo).
#[derive(Default)]
pub struct GoalFollow {
    /// The person's goal text it replaced, and the shape it followed to.
    followed: Option<(String, Shape)>,
    /// Undo was pressed: the goal stays as typed until it is edited.
    kept: bool,
}

impl GoalFollow {
    /// The goal field follows the start's shape while it holds a default
    /// goal of another shape; true when it followed (the inputs' goal is
    /// then that shape's default goal). The person's goal text is kept (the
    /// first one replaced) for Undo. After Undo the goal no longer follows,
    /// until the goal is edited.
    pub fn follow(&mut self, input: &mut ParsedInputs) -> bool {
        let Some(shape) = input.shown_shape() else {
            return false;
        };
        if self.kept || input.goal_shape() == Some(shape) {
            return false;
        }
        if !input.goal_is_a_default() {
            return false;
        }
        let before = input.texts().goal.clone();
        let default = default_goal_text(shape);
        input.set(Field::Goal, &default);
        let theirs = self.followed.take().map_or(before, |(t, _)| t);
        // Nothing to undo when the goal is back to the person's text.
        self.followed = (theirs != default).then_some((theirs, shape));
        true
    }

    /// Undo beside the goal's notice: the person's goal text to put back
    /// (`None`: nothing to undo).
    pub fn undo(&mut self) -> Option<String> {
        self.followed.take().map(|(text, _)| text)
    }

    /// After Undo: the goal stays as typed until it is edited.
    pub fn kept() -> GoalFollow {
        GoalFollow {
            followed: None,
            kept: true,
        }
    }

    /// The notice beside the goal when it followed the start's shape.
    pub fn note(&self) -> Option<String> {
        self.followed.as_ref().map(|(_, s)| goal_note(*s))
    }
}
