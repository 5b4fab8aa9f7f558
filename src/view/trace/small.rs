//! The small board the trace draws (popped boards, neighbours, paths): a
//! leaf of the trace, below both its lines and its tree.

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
