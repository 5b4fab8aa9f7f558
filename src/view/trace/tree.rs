//! The search tree's geometry and the picked node's path: where each node
//! of the picture sits (a tidy layout, children under their parent), how
//! big a node is (a small board up to [`BOARD_LIMIT`] nodes, a compact mark
//! past it), the zoom-and-pan [`Viewport`] the page maps onto one SVG group,
//! and [`PathView`], the moves and boards from the start to a picked node.

use crate::view::common::SmallBoard;

/// The most nodes drawn as small boards; past this each node is a compact
/// mark.
pub const BOARD_LIMIT: usize = 40;

/// The size of one node and the spacing of the picture, in picture units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeSize {
    /// A node's width.
    pub width: u32,
    /// A node's height.
    pub height: u32,
    /// Horizontal distance between the centres of neighbouring leaves.
    pub pitch: u32,
    /// Vertical distance between the centres of neighbouring rows.
    pub row: u32,
}

/// Small boards: a 3×3 board of 18-unit cells over one line of g, h, f,
/// wide enough for `g 31 h 22 f 53` inside the frame's outline.
pub const BOARD_NODE: NodeSize = NodeSize {
    width: 84,
    height: 80,
    pitch: 100,
    row: 120,
};

/// The longest figures line (in characters) drawn at its natural width
/// inside a small board's frame; a longer one (a weighted f, a written
/// h) is drawn narrowed to the frame.
pub const FIGURES_FIT: usize = 14;

/// Compact marks: a circle.
pub const MARK_NODE: NodeSize = NodeSize {
    width: 16,
    height: 16,
    pitch: 24,
    row: 56,
};

/// The size of one cell of a small board in the tree.
pub const BOARD_CELL: u32 = 18;

/// The node size for a picture of `nodes` nodes.
pub fn node_size(nodes: usize) -> NodeSize {
    if nodes <= BOARD_LIMIT {
        BOARD_NODE
    } else {
        MARK_NODE
    }
}

/// A tidy layout of a forest given by parent indices: each node's centre.
/// Children (in index order) sit one row under their parent; leaves take
/// consecutive columns in depth-first order; a parent is centred over its
/// first and last child. Returns the centres and the picture's width and
/// height.
pub fn tidy_layout(
    parents: &[Option<usize>],
    depths: &[u32],
    size: NodeSize,
) -> (Vec<(u32, u32)>, u32, u32) {
    let n = parents.len();
    let mut children = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for (i, p) in parents.iter().enumerate() {
        match p.filter(|&p| p < n && p != i) {
            Some(p) => children[p].push(i),
            None => roots.push(i),
        }
    }
    let mut x = vec![0u32; n];
    let mut leaves = 0u32;
    // Depth-first, post-order without recursion: (node, children done).
    let mut stack: Vec<(usize, bool)> = roots.iter().rev().map(|&r| (r, false)).collect();
    let mut seen = vec![false; n];
    while let Some((i, done)) = stack.pop() {
        if done {
            let kids = &children[i];
            x[i] = match (kids.first(), kids.last()) {
                (Some(&a), Some(&b)) => (x[a] + x[b]) / 2,
                _ => {
                    leaves += 1;
                    (leaves - 1) * size.pitch + size.pitch / 2
                }
            };
            continue;
        }
        if seen[i] {
            continue;
        }
        seen[i] = true;
        stack.push((i, true));
        for &c in children[i].iter().rev() {
            stack.push((c, false));
        }
    }
    let rows = depths.iter().map(|&g| g + 1).max().unwrap_or(0);
    let centres = (0..n)
        .map(|i| {
            (
                x[i],
                depths.get(i).copied().unwrap_or(0) * size.row + size.row / 2,
            )
        })
        .collect();
    (centres, leaves * size.pitch, rows * size.row)
}

/// The zoom and pan of the tree picture: picture units are scaled by
/// `scale`, then moved by (`x`, `y`). The identity is "fit": the page's
/// picture scales the whole tree to its box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Zoom factor (1 = the whole tree fits).
    pub scale: f64,
    /// Horizontal shift, in picture units.
    pub x: f64,
    /// Vertical shift, in picture units.
    pub y: f64,
}

impl Default for Viewport {
    fn default() -> Viewport {
        Viewport::FIT
    }
}

impl Viewport {
    /// The whole tree in view.
    pub const FIT: Viewport = Viewport {
        scale: 1.0,
        x: 0.0,
        y: 0.0,
    };
    /// The smallest zoom.
    pub const MIN_SCALE: f64 = 0.5;
    /// The largest zoom.
    pub const MAX_SCALE: f64 = 16.0;
    /// One zoom step (a button, a key, a wheel notch).
    pub const STEP: f64 = 1.25;
    /// One pan step by keyboard, in picture units at zoom 1.
    pub const PAN: f64 = 40.0;

    /// Zooms by `factor` (clamped to the limits), keeping the picture
    /// point under `at` (in the picture's unscaled units) where it is.
    pub fn zoom(&mut self, factor: f64, at: (f64, f64)) {
        let scale = (self.scale * factor).clamp(Viewport::MIN_SCALE, Viewport::MAX_SCALE);
        let k = scale / self.scale;
        self.x = at.0 - (at.0 - self.x) * k;
        self.y = at.1 - (at.1 - self.y) * k;
        self.scale = scale;
    }

    /// Moves the picture by (`dx`, `dy`) unscaled units.
    pub fn pan(&mut self, dx: f64, dy: f64) {
        self.x += dx;
        self.y += dy;
    }

    /// The SVG transform, e.g. `translate(-12.5 0) scale(1.25)` (numbers to
    /// three decimals, written without a float formatter).
    pub fn transform(&self) -> String {
        format!(
            "translate({} {}) scale({})",
            decimal(self.x),
            decimal(self.y),
            decimal(self.scale)
        )
    }
}

/// `x` to at most three decimals, trailing zeros dropped: `-12.5`, `0`, `1.25`.
pub fn decimal(x: f64) -> String {
    let milli = (x * 1000.0).round() as i64;
    let sign = if milli < 0 { "-" } else { "" };
    let m = milli.unsigned_abs();
    let (whole, frac) = (m / 1000, m % 1000);
    if frac == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{frac:03}");
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

/// What a key does to the tree picture while it has focus.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TreeKey {
    /// Zoom by this factor around the picture's centre.
    Zoom(f64),
    /// Pan by (dx, dy) unscaled units.
    Pan(f64, f64),
    /// Back to the whole tree.
    Fit,
    /// Pick the focused node.
    Pick,
}

/// A move of the focus from one node of the tree to another, by an arrow
/// key pressed on a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeStep {
    /// To the parent (↑).
    Parent,
    /// To the first (leftmost) child (↓).
    FirstChild,
    /// To the node on its left in the same row (←).
    Left,
    /// To the node on its right in the same row (→).
    Right,
}

impl TreeKey {
    /// What the key does on a node rather than on the picture: the arrows,
    /// which pan the picture, move the focus between nodes instead.
    pub fn step(self) -> Option<NodeStep> {
        match self {
            TreeKey::Pan(dx, _) if dx > 0.0 => Some(NodeStep::Left),
            TreeKey::Pan(dx, _) if dx < 0.0 => Some(NodeStep::Right),
            TreeKey::Pan(_, dy) if dy > 0.0 => Some(NodeStep::Parent),
            TreeKey::Pan(_, dy) if dy < 0.0 => Some(NodeStep::FirstChild),
            _ => None,
        }
    }
}

/// The tree's keys: `+`/`=` zoom in, `-` zoom out, `0` fit, the arrows pan
/// (the picture moves the other way, as if the view moved; on a node they
/// move the focus instead, see [`TreeKey::step`]), Enter and Space pick the
/// focused node.
pub fn tree_key(key: &str) -> Option<TreeKey> {
    let p = Viewport::PAN;
    Some(match key {
        "+" | "=" => TreeKey::Zoom(Viewport::STEP),
        "-" | "_" => TreeKey::Zoom(1.0 / Viewport::STEP),
        "0" => TreeKey::Fit,
        "ArrowLeft" => TreeKey::Pan(p, 0.0),
        "ArrowRight" => TreeKey::Pan(-p, 0.0),
        "ArrowUp" => TreeKey::Pan(0.0, p),
        "ArrowDown" => TreeKey::Pan(0.0, -p),
        "Enter" | " " => TreeKey::Pick,
        _ => return None,
    })
}

/// The picked node: its board and the path from the start to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathView {
    /// The picked node's seq.
    pub seq: u32,
    /// One sentence: what was picked and the moves that reach it.
    pub summary: String,
    /// The boards from the start to the picked node, each captioned with
    /// the move that reached it.
    pub boards: Vec<SmallBoard>,
}

/// How the tree picture is moved, shown beside it.
pub const TREE_KEYS: &str = "While the picture has focus, + and − zoom, the arrow keys pan and 0 fits the whole tree; drag to pan, the wheel zooms. Tab moves on to the nodes (past 40 nodes, to one mark: the picked or the latest node). On a node, ↑ goes to its parent, ↓ to its first child, ← and → along its row, + − 0 still zoom, and Enter or a click shows its path from the start.";

/// The path panel before a node is picked.
pub const PICK_HINT: &str =
    "Pick a board in the tree (click it, or Enter on it) to see the moves and boards from the start.";
