//! The small boards the Trace and the Race draw alike (popped boards,
//! neighbours, frontier entries, IDA*'s path), and a frontier entry's line.

use crate::engine::{contract::Entry, teaching::f_text, teaching::IdaNode};

/// A board drawn small, with its caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallBoard {
    /// The nine cells.
    pub cells: [u8; 9],
    /// E.g. `(f 2, h 1, key 123456708, seq 2), g 1`.
    pub caption: String,
    /// Whether it was pushed (for neighbours; true otherwise).
    pub pushed: bool,
}

/// A frontier entry as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryLine {
    /// Nine-digit key, e.g. `123456708`.
    pub key: String,
    /// f = g + h (g + w·h in a weighted trace: the priority used), as
    /// written (`4`, `4.5`).
    pub f: String,
    /// Manhattan h.
    pub h: u32,
    /// Path cost g.
    pub g: u32,
    /// Insertion sequence number.
    pub seq: u32,
}

impl EntryLine {
    /// The entry with f = g + w·h, w given as 2w (2: the contract's f).
    pub(crate) fn weighted(e: &Entry, twice_w: u32) -> EntryLine {
        EntryLine {
            key: e.key_string(),
            f: f_text(e.g, e.h, twice_w),
            h: e.h,
            g: e.g,
            seq: e.seq,
        }
    }

    /// `(f 2, h 1, key 123456708, seq 2), g 1`.
    pub fn text(&self) -> String {
        format!(
            "(f {}, h {}, key {}, seq {}), g {}",
            self.f, self.h, self.key, self.seq, self.g
        )
    }
}

/// A frontier entry drawn small: its board, captioned as its log line
/// (f = g + w·h, w given as 2w).
pub(crate) fn entry_board(e: &Entry, twice_w: u32) -> SmallBoard {
    SmallBoard {
        cells: e.board().three_cells(),
        caption: EntryLine::weighted(e, twice_w).text(),
        pushed: true,
    }
}

/// Frontier entries drawn small, in their order: the Trace's and the
/// Race's next boards to pop.
pub(crate) fn entry_boards(entries: &[Entry], twice_w: u32) -> Vec<SmallBoard> {
    entries.iter().map(|e| entry_board(e, twice_w)).collect()
}

/// IDA*'s depth-first path as small boards, start first, each captioned
/// with its move, g and f; a board over `bound` is drawn faded (the Trace
/// and the Race draw it alike).
pub(crate) fn ida_path_boards(path: &[IdaNode], bound: u32) -> Vec<SmallBoard> {
    path.iter()
        .map(|n| SmallBoard {
            cells: n.board().three_cells(),
            caption: format!(
                "{}g {}, f {}",
                n.mv.map_or(String::new(), |m| format!("{}: ", m.name())),
                n.g,
                n.f()
            ),
            pushed: n.f() <= bound,
        })
        .collect()
}
