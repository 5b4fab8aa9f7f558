//! What the A* trace shows: log lines, small boards, the search-tree
//! picture's data, and the whole [`TraceView`].

use super::tree::NodeStep;
pub(crate) use crate::view::common::{entry_board, entry_boards};
pub use crate::view::common::{EntryLine, SmallBoard};

/// How many log lines the page shows (the newest).
pub const LOG_SHOWN: usize = 40;

/// One generated neighbour as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeighbourLine {
    /// The blank's move (`Right`; `Right×2` in the multi-tile metric).
    pub mv: String,
    /// The neighbour.
    pub entry: EntryLine,
    /// Pushed (g strictly improved) or not.
    pub pushed: bool,
}

impl NeighbourLine {
    /// `Right → 123456708 f 2 h 1 g 1: pushed as seq 2`.
    pub fn text(&self) -> String {
        let e = &self.entry;
        if self.pushed {
            format!(
                "{} → {} (f {}, h {}, g {}): pushed as seq {}",
                self.mv, e.key, e.f, e.h, e.g, e.seq
            )
        } else {
            format!(
                "{} → {} (f {}, h {}, g {}): not improved, not pushed",
                self.mv, e.key, e.f, e.h, e.g
            )
        }
    }
}

/// What one pop did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceLine {
    /// 1-based event number.
    pub number: usize,
    /// `expanded`, `stale (skipped)`, `goal (accepted)` or `budget reached (not expanded)`.
    pub kind: &'static str,
    /// The popped entry.
    pub popped: EntryLine,
    /// Its neighbours, for an expansion.
    pub neighbours: Vec<NeighbourLine>,
    /// Expansions after this event.
    pub expansions: u32,
}

impl TraceLine {
    /// One line: `3. pop (f 2, h 0, key 123456780, seq 4), g 2: goal (accepted)`.
    pub fn text(&self) -> String {
        format!("{}. pop {}: {}", self.number, self.popped.text(), self.kind)
    }
}

/// Everything the trace panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceView {
    /// The newest [`LOG_SHOWN`] events, oldest first.
    pub log: Vec<String>,
    /// How many older events are not shown.
    pub log_hidden: usize,
    /// The newest event in full.
    pub latest: Option<TraceLine>,
    /// "Expansions 1 of budget 1".
    pub expansions: String,
    /// Frontier size (stale entries included) and closed (expanded) count.
    pub frontier: String,
    /// The next five frontier entries in priority order.
    pub next: Vec<String>,
    /// Where the trace stands, and why.
    pub status: String,
    /// The board to draw: the latest popped board, or the start.
    pub board: [u8; 9],
    /// Whether the trace has ended.
    pub finished: bool,
    /// Pops so far.
    pub event: u32,
    /// The latest popped board and its neighbours, as small boards.
    pub latest_boards: Option<LatestBoards>,
    /// The next frontier entries as small boards.
    pub next_boards: Vec<SmallBoard>,
    /// The search tree's picture data.
    pub tree: TreeView,
    /// The picked node's path from the start.
    pub path: Option<super::tree::PathView>,
    /// The search as its pictures' file names say it (`astar`, or
    /// `astar-<heuristic>-w<weight>` when weighted).
    pub search: String,
}

/// The latest pop and what it generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatestBoards {
    /// The popped board.
    pub popped: SmallBoard,
    /// Its neighbours (expansions only), pushed or not and why.
    pub neighbours: Vec<SmallBoard>,
}

/// How a node of the tree picture is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// Popped and expanded.
    Expanded,
    /// Popped stale (skipped).
    Stale,
    /// The goal, popped and accepted.
    Goal,
    /// Popped when the budget was reached (not expanded).
    Cutoff,
    /// Still in the frontier (a leaf, not popped).
    Frontier,
}

impl NodeKind {
    /// The word the stylesheet keys on and the text alternative says.
    pub fn word(self) -> &'static str {
        match self {
            NodeKind::Expanded => "expanded",
            NodeKind::Stale => "stale",
            NodeKind::Goal => "goal",
            NodeKind::Cutoff => "cutoff",
            NodeKind::Frontier => "frontier",
        }
    }
}

/// One node of the tree picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNodeView {
    /// Nine-digit key.
    pub key: String,
    /// Arena sequence number (the node's identity).
    pub seq: u32,
    /// Depth g (the row).
    pub g: u32,
    /// Manhattan h (the chosen heuristic's in a weighted trace).
    pub h: u32,
    /// f as written: g + h, or g + w·h in a weighted trace.
    pub f: String,
    /// Position in its row, and the row's length.
    pub slot: (usize, usize),
    /// The parent's index in [`TreeView::nodes`].
    pub parent: Option<usize>,
    /// How it is drawn.
    pub kind: NodeKind,
    /// The latest pop.
    pub latest: bool,
    /// On the start-to-goal path (once the goal is popped).
    pub on_goal_path: bool,
    /// The event a homework check found different.
    pub marked: bool,
    /// A frontier leaf whose board has since been pushed with a smaller g:
    /// it will pop stale.
    pub superseded: bool,
    /// The node picked to show its path from the start.
    pub picked: bool,
    /// The board.
    pub cells: [u8; 9],
    /// The node's centre in the picture (picture units; see
    /// [`TreeView::width`]).
    pub x: u32,
    /// The centre's vertical position.
    pub y: u32,
}

impl TreeNodeView {
    /// The line under a small board: `g 1 h 1 f 2`.
    pub fn figures(&self) -> String {
        format!("g {} h {} f {}", self.g, self.h, self.f)
    }

    /// The accessible name: the figures the small board shows under it
    /// first (g, h, f: a name that begins with the visible text), then the
    /// board, seq and what happened.
    pub fn label(&self) -> String {
        format!(
            "g {}, h {}, f {}: board {}, seq {}, {}{}{}{}",
            self.g,
            self.h,
            self.f,
            self.key,
            self.seq,
            self.kind.word(),
            if self.superseded {
                " (superseded by a smaller g: it will pop stale)"
            } else {
                ""
            },
            if self.latest { ", the latest pop" } else { "" },
            if self.on_goal_path {
                ", on the path to the goal"
            } else {
                ""
            }
        )
    }
}

impl TreeView {
    /// The seq of the node one [`NodeStep`] away from the node `seq`: its
    /// parent, its leftmost child, or its nearest neighbour on the left or
    /// right in the same row (`None` at an edge, or for a seq not drawn).
    pub fn neighbour(&self, seq: u32, step: NodeStep) -> Option<u32> {
        let i = self.nodes.iter().position(|n| n.seq == seq)?;
        let here = &self.nodes[i];
        let found = match step {
            NodeStep::Parent => here.parent.and_then(|p| self.nodes.get(p)),
            NodeStep::FirstChild => self
                .nodes
                .iter()
                .filter(|n| n.parent == Some(i))
                .min_by_key(|n| n.x),
            NodeStep::Left => self
                .nodes
                .iter()
                .filter(|n| n.y == here.y && n.x < here.x)
                .max_by_key(|n| n.x),
            NodeStep::Right => self
                .nodes
                .iter()
                .filter(|n| n.y == here.y && n.x > here.x)
                .min_by_key(|n| n.x),
        };
        found.map(|n| n.seq)
    }

    /// The one node that Tab reaches among the marks (a roving focus): the
    /// picked node, else the latest pop, else the first node.
    pub fn tab_stop(&self) -> Option<u32> {
        self.nodes
            .iter()
            .find(|n| n.picked)
            .or_else(|| self.nodes.iter().find(|n| n.latest))
            .or(self.nodes.first())
            .map(|n| n.seq)
    }
}

/// The most nodes drawn whole; past this the picture shows the latest
/// pop's path with its siblings, and the f-contour chart.
pub const TREE_LIMIT: usize = 300;

/// The search-tree picture's data.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TreeView {
    /// Nodes (popped boards, then frontier leaves), each with its parent.
    pub nodes: Vec<TreeNodeView>,
    /// Rows: the deepest g drawn plus one.
    pub depth: u32,
    /// Whether the tree was too large and only the path with siblings is drawn.
    pub reduced: bool,
    /// What the picture shows, in one sentence.
    pub summary: String,
    /// Expansions per f value (index = f), once the tree is reduced.
    pub per_f: Vec<u32>,
    /// Expansions per g (index = g), once the tree is reduced.
    pub per_g: Vec<u32>,
    /// Whether each node is drawn as a small board (at most
    /// [`BOARD_LIMIT`](super::tree::BOARD_LIMIT) nodes) rather than a mark.
    pub boards: bool,
    /// The picture's width in picture units (the nodes' centres lie inside).
    pub width: u32,
    /// The picture's height in picture units.
    pub height: u32,
}
