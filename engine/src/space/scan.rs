//! One pass of the two-bit breadth-first search: scan a range of the table,
//! expand every board of the current layer, mark its unseen neighbours as
//! the next layer and close it.
//!
//! Each board has two bits:
//!
//! | bits | meaning                                              |
//! |------|------------------------------------------------------|
//! | `00` | unseen                                               |
//! | `01` | the current layer on even passes, the next on odd    |
//! | `10` | the next layer on even passes, the current on odd    |
//! | `11` | closed: expanded in an earlier pass                  |
//!
//! Pass d expands the boards of code `current(d)` and closes each (`| 11`).
//! A neighbour of a board at distance d is at distance d − 1 (closed), d
//! (current, or closed if expanded already) or d + 1 (unseen or already
//! marked next). In the single-tile metric it is never at d, since every
//! move takes the blank to a cell of the other colour of the checkerboard;
//! in the multi-tile metric it can be (a slide of two tiles), and that needs
//! nothing either, as only an unseen entry is ever marked. So marking is
//! `| next` on an unseen entry and nothing else, and the table never needs a
//! second scan of a layer.
//!
//! The metric only changes a board's neighbours: one cell each way in the
//! single-tile metric; in the multi-tile metric every cell of the blank's
//! row (the tile order unchanged, so the entries of the same `q`) and of its
//! column (the order moved one cell at a time by [`Geometry::slide_up`] and
//! [`Geometry::slide_down`]).

use super::index::{Geometry, Head, Order};
use crate::engine::moves::Metric;
use std::collections::BinaryHeap;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Boards listed at the diameter; beyond this only the count.
pub const ANTIPODES_LISTED: usize = 100;

/// Entries per table word.
pub(super) const PER_WORD: u64 = 32;

const LOW: u64 = 0x5555_5555_5555_5555;

/// The code of the layer expanded in pass `depth`.
pub(super) fn current_code(depth: u32) -> u64 {
    if depth.is_multiple_of(2) {
        1
    } else {
        2
    }
}

/// The smallest keys of a layer (at most [`ANTIPODES_LISTED`]): a max-heap,
/// so the largest kept key is at hand.
#[derive(Clone, Debug, Default)]
pub(super) struct Smallest {
    heap: BinaryHeap<u64>,
}

impl Smallest {
    #[inline]
    pub fn offer(&mut self, key: u64) {
        if self.heap.len() < ANTIPODES_LISTED {
            self.heap.push(key);
        } else if self.heap.peek().is_some_and(|&top| key < top) {
            self.heap.pop();
            self.heap.push(key);
        }
    }

    pub fn merge(&mut self, other: Smallest) {
        for key in other.heap {
            self.offer(key);
        }
    }

    /// The keys, ascending.
    pub fn sorted(self) -> Vec<u64> {
        self.heap.into_sorted_vec()
    }
}

/// What one range of one pass found.
#[derive(Clone, Debug, Default)]
pub(super) struct PassPart {
    /// Boards of the current layer expanded.
    pub expanded: u64,
    /// Entries this range turned from unseen to next.
    pub new: u64,
    /// The smallest keys of the expanded boards.
    pub smallest: Smallest,
}

impl PassPart {
    pub fn merge(&mut self, other: PassPart) {
        self.expanded += other.expanded;
        self.new += other.new;
        self.smallest.merge(other.smallest);
    }
}

/// The bit mask (bit 2k set) of the entries of `word` holding `code`.
#[inline(always)]
pub(super) fn holding(word: u64, code: u64) -> u64 {
    let (low, high) = (word & LOW, (word >> 1) & LOW);
    if code == 1 {
        low & !high
    } else {
        high & !low
    }
}

/// Marks entry `e` as the next layer if it is unseen. `SHARED`: other
/// threads write the table too, so the mark is an atomic OR whose old value
/// says whether this thread made it; otherwise a plain load and store.
#[inline(always)]
fn mark<const SHARED: bool>(table: &[AtomicU64], e: u64, next: u64, part: &mut PassPart) {
    let i = (e / PER_WORD) as usize;
    let s = 2 * (e % PER_WORD);
    let word = table[i].load(Relaxed);
    if (word >> s) & 3 == 0 {
        if SHARED {
            let old = table[i].fetch_or(next << s, Relaxed);
            part.new += u64::from((old >> s) & 3 == 0);
        } else {
            table[i].store(word | (next << s), Relaxed);
            part.new += 1;
        }
    }
}

/// Expands every board of the layer of pass `depth` in table words `words`,
/// its neighbours those of `metric`. Returns what it found.
pub(super) fn scan<const SHARED: bool>(
    geo: &Geometry,
    table: &[AtomicU64],
    words: Range<usize>,
    depth: u32,
    metric: Metric,
) -> PassPart {
    match metric {
        Metric::Single => expand::<SHARED, false>(geo, table, words, depth),
        Metric::Multi => expand::<SHARED, true>(geo, table, words, depth),
    }
}

/// [`scan`] for one metric (`MULTI`: the multi-tile metric), compiled once
/// for each so the single-tile loop stays as it was.
fn expand<const SHARED: bool, const MULTI: bool>(
    geo: &Geometry,
    table: &[AtomicU64],
    words: Range<usize>,
    depth: u32,
) -> PassPart {
    let mut part = PassPart::default();
    let cur = current_code(depth);
    let next = 3 - cur;
    let cells = geo.cells as u64;
    let width = geo.width;
    let last_col = (width - 1) as u8;
    let last_row = geo.cells - width;
    debug_assert!(width >= 2);
    // The decoded tile orders of the last q seen, both parities.
    let mut cached_q = u64::MAX;
    let mut cached_head = u64::MAX;
    let mut head = Head::default();
    let mut orders = [Order::default(); 2];
    let mut base_parity = 0u8;
    for w in words {
        let mut todo = holding(table[w].load(Relaxed), cur);
        if todo == 0 {
            continue;
        }
        let closing = todo | (todo << 1);
        while todo != 0 {
            let bit = u64::from(todo.trailing_zeros());
            todo &= todo - 1;
            let e = w as u64 * PER_WORD + bit / 2;
            let (q, b) = geo.divide(e);
            if q != cached_q {
                cached_q = q;
                let (h, tail) = geo.split(q);
                if h != cached_head {
                    cached_head = h;
                    head = geo.head(h);
                    geo.set_head(&head, &mut orders[0]);
                    geo.set_head(&head, &mut orders[1]);
                }
                let [even, odd] = &mut orders;
                geo.set_tail(&head, tail, even, odd);
                base_parity = head.parity ^ geo.tail_parity(tail);
            }
            let order = &orders[usize::from(geo.want[b] ^ base_parity)];
            part.expanded += 1;
            part.smallest.offer(geo.key(order, b));
            let row_start = q * cells;
            let col = geo.col[b];
            if MULTI {
                let e = row_start + b as u64;
                for k in 1..=u64::from(col) {
                    mark::<SHARED>(table, e - k, next, &mut part);
                }
                for k in 1..=u64::from(last_col - col) {
                    mark::<SHARED>(table, e + k, next, &mut part);
                }
                let (mut moved, mut at) = (*order, b);
                while at >= width {
                    geo.slide_up(&mut moved, at);
                    at -= width;
                    let e2 = (moved.rank >> 1) * cells + at as u64;
                    mark::<SHARED>(table, e2, next, &mut part);
                }
                let (mut moved, mut at) = (*order, b);
                while at < last_row {
                    geo.slide_down(&mut moved, at);
                    at += width;
                    let e2 = (moved.rank >> 1) * cells + at as u64;
                    mark::<SHARED>(table, e2, next, &mut part);
                }
                continue;
            }
            if col > 0 {
                mark::<SHARED>(table, row_start + b as u64 - 1, next, &mut part);
            }
            if col < last_col {
                mark::<SHARED>(table, row_start + b as u64 + 1, next, &mut part);
            }
            if b >= width {
                let r = geo.rank_up(order, b);
                let e2 = (r >> 1) * cells + (b - width) as u64;
                mark::<SHARED>(table, e2, next, &mut part);
            }
            if b < last_row {
                let r = geo.rank_down(order, b);
                let e2 = (r >> 1) * cells + (b + width) as u64;
                mark::<SHARED>(table, e2, next, &mut part);
            }
        }
        if SHARED {
            table[w].fetch_or(closing, Relaxed);
        } else {
            let word = table[w].load(Relaxed);
            table[w].store(word | closing, Relaxed);
        }
    }
    part
}
