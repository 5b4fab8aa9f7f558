//! What the Solution tab and the verdict summary show: the view types
//! (verdict, controls, ledger and replay lines, the whole tab) and the
//! helpers that fill them, shared with the remote panel.

use super::{Status, NONE, REPLAY_HEADINGS};
use crate::engine::moves::Metric;
use crate::engine::{solve::Ledger, text::cell_text_of};
use crate::view::common::replay_estimate;

/// The verdict summary beside the board.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct VerdictView {
    /// The kind of verdict.
    pub kind: Status,
    /// Status text: `Solved`, `Unknown (BudgetExceeded)`, `Unsolvable`, `Invalid — …`, or "—".
    pub status: String,
    /// Path cost g, or "—".
    pub cost: String,
    /// The initial h, or "—": the chosen metric's estimate (Manhattan in
    /// the single-tile metric, multi-tile Manhattan in the multi-tile one).
    pub initial_h: String,
    /// The label of `initial_h`, naming the estimate: `Initial Manhattan (h)`.
    pub h_label: String,
    /// Expansions, or "—".
    pub expansions: String,
    /// The verdict in one line, with the next check (beside the board).
    pub summary: String,
    /// The domain explanation and the next check in full (Solution tab).
    pub explanation: String,
}

/// The replay controls under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ControlsView {
    /// "Step 1 of 2", or empty with no replay.
    pub replay_status: String,
    /// Boundary-guard message from the last navigation, if any.
    pub guard: Option<String>,
    /// Whether the replay buttons have a replay to drive.
    pub replay_enabled: bool,
    /// Why the replay buttons are disabled, when they are.
    pub disabled_reason: Option<String>,
    /// Whether the replay is playing.
    pub playing: bool,
    /// The Play/Pause button's text: what pressing it will do.
    pub play_button: &'static str,
    /// Replay speed in milliseconds per move.
    pub speed_ms: u32,
}

/// One row of the Manhattan ledger as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerLine {
    /// "1" … "8", or "blank".
    pub tile: String,
    /// "row 3, column 2".
    pub cell: String,
    /// "row 3, column 1".
    pub goal_cell: String,
    /// "1", or "excluded" for the blank.
    pub distance: String,
}

/// One replay table record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayLine {
    /// Step number.
    pub step: usize,
    /// Move name, or "—" at step 0.
    pub mv: String,
    /// Board JSON.
    pub board: String,
    /// Path cost.
    pub g: u32,
    /// The chosen metric's estimate (Manhattan, or the multi-tile
    /// estimate: [`SolutionView::replay_headings`] names it).
    pub h: u32,
    /// g + h.
    pub f: u32,
    /// Whether this is the replay's current step.
    pub current: bool,
}

/// The Solution tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SolutionView {
    /// Further counters ("generated 5, stale 0, largest frontier 3"), or empty.
    pub counters: String,
    /// The independent replay check, or empty.
    pub check: String,
    /// The parity proof, for unsolvable input.
    pub parity: Option<String>,
    /// Witness move names.
    pub witness: Vec<String>,
    /// Why there are no moves to list, when there are none.
    pub witness_note: Option<String>,
    /// The replay table's column headings: `h` names the estimate in the
    /// multi-tile metric (`h (multi-tile Manhattan)`).
    pub replay_headings: [String; 6],
    /// Replay table records.
    pub replay: Vec<ReplayLine>,
    /// How many shortest paths there are, for a solved start.
    pub paths: Option<String>,
    /// Whether the count is still to be made (the page makes it next).
    pub paths_pending: bool,
    /// The Manhattan ledger of the start (tiles 1–8, then the blank).
    pub ledger: Vec<LedgerLine>,
    /// The ledger's total h, or "—".
    pub ledger_total: String,
    /// In the multi-tile metric: the ledger is the single-tile Manhattan,
    /// not the h the replay and the verdict use (`None` single-tile).
    pub ledger_note: Option<String>,
}

/// The sentence above the ledger in `metric`: in the multi-tile metric
/// the ledger's `total` is the single-tile Manhattan, and the h used is
/// the multi-tile estimate `h`.
pub(in crate::view) fn ledger_note(metric: Metric, total: u32, h: u32) -> Option<String> {
    (metric == Metric::Multi).then(|| {
        format!(
            "Multi-tile metric: this ledger is the single-tile Manhattan, {total} here, not the h above. The verdict and the replay use {} ({h} here): one slide can move several tiles, so Manhattan may overestimate.",
            replay_estimate(metric).name()
        )
    })
}

/// The verdict's label of the initial h in `metric`.
fn h_label(metric: Metric) -> String {
    format!("Initial {} (h)", replay_estimate(metric).name())
}

/// The replay table's headings in `metric`: the single-tile table keeps
/// its plain `h` (Manhattan, named beside the verdict); the multi-tile one
/// names its estimate.
pub(in crate::view) fn replay_headings(metric: Metric) -> [String; 6] {
    let h = match metric {
        Metric::Single => "h".to_string(),
        Metric::Multi => format!("h ({})", replay_estimate(metric).name()),
    };
    REPLAY_HEADINGS.map(|c| if c == "h" { h.clone() } else { c.to_string() })
}

impl VerdictView {
    /// The verdict's labels for `metric` (the initial h names its estimate).
    pub(in crate::view) fn in_metric(mut self, metric: Metric) -> VerdictView {
        self.h_label = h_label(metric);
        self
    }

    /// Nothing solved: every figure "—".
    pub(crate) fn pending() -> VerdictView {
        VerdictView {
            kind: Status::Pending,
            status: NONE.into(),
            cost: NONE.into(),
            initial_h: NONE.into(),
            h_label: h_label(Metric::Single),
            expansions: NONE.into(),
            summary: String::new(),
            explanation: String::new(),
        }
    }
}

/// The verdict and the (empty) board of invalid input: its field's label
/// and its error. Invalid input shows its error and no board at all.
pub(crate) fn invalid_input(
    label: &str,
    message: &str,
) -> (VerdictView, crate::view::common::BoardView) {
    let v = VerdictView {
        kind: Status::Invalid,
        status: format!("Invalid — {label}"),
        explanation: format!("{label}: {message}. Nothing was solved; fix the input to continue."),
        summary: format!(
            "Nothing solved: the {} is invalid. Next: fix it (its error is under the field).",
            label.to_ascii_lowercase()
        ),
        ..VerdictView::pending()
    };
    let board = crate::view::common::BoardView {
        caption: "No board: the input is invalid".into(),
        ..crate::view::common::BoardView::default()
    };
    (v, board)
}

/// The board's caption at replay step `here` of `last`.
pub(crate) fn replay_caption(here: usize, last: usize) -> String {
    if here == 0 {
        format!("Replay step 0 of {last} (the start)")
    } else if here == last {
        format!("Replay step {here} of {here} (the goal)")
    } else {
        format!("Replay step {here} of {last}")
    }
}

/// The Manhattan ledger as shown, for either board size.
pub(in crate::view) fn fill_ledger(v: &mut SolutionView, ledger: &Ledger) {
    let cell = |c: usize| cell_text_of(c, ledger.width);
    v.ledger = ledger
        .rows
        .iter()
        .map(|r| LedgerLine {
            tile: r.tile.to_string(),
            cell: cell(r.cell),
            goal_cell: cell(r.goal_cell),
            distance: r.distance.to_string(),
        })
        .collect();
    v.ledger.push(LedgerLine {
        tile: "blank".into(),
        cell: cell(ledger.blank_cell),
        goal_cell: cell(ledger.blank_goal_cell),
        distance: "excluded".into(),
    });
    v.ledger_total = ledger.total.to_string();
}
