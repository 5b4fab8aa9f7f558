//! The A* frontier: a bucket queue on (f, h), each bucket a list of
//! (rank, seq) sorted when it is next popped.
//!
//! Popping the smallest bucket's smallest entry gives exactly the contract
//! order (f, h, key, seq), because rank order is key order. The bucket cursor
//! only moves a step or two per pop: a child of an (f, h) entry lands in
//! (f, h − 1) or (f + 2, h + 1), never in its parent's bucket (with unit
//! moves, f' = f means h' = h − 1). So a bucket fills while the cursor is
//! elsewhere and is then emptied with no push in between: one sort per
//! filling instead of a heap's sift per push and pop. A push into a bucket
//! that is being emptied (greedy best-first with a heuristic that can stay
//! level) stays correct: it only marks the bucket for another sort.

/// Number of h values per f (Manhattan on 3×3 never reaches 32; the
/// inadmissible twice-Manhattan of the weighted search reaches 44). A
/// larger h (a heuristic written in the language may overestimate more)
/// shares the last slot: among those, ties of f go by (rank, seq) alone.
const H_SLOTS: usize = 64;
/// Number of f values allocated up front (the contract's f never exceeds the
/// optimum plus two, at most 33). A weighted search's priority 2g + 2w·h
/// goes higher: the queue grows by whole rows of f when a push needs one.
const F_SLOTS: usize = 64;

/// One frontier entry as the queue stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Item {
    pub f: u32,
    pub h: u32,
    pub rank: u32,
    pub seq: u32,
}

/// One (f, h) bucket: (rank << 32 | seq) values, in descending order when
/// `sorted`, so the smallest is popped from the end.
#[derive(Default)]
struct Bucket {
    items: Vec<u64>,
    sorted: bool,
}

pub(crate) struct Frontier {
    buckets: Vec<Bucket>,
    cursor: usize,
    len: usize,
}

#[inline]
fn bucket(f: u32, h: u32) -> usize {
    // h's bound holds for every board of the 3×3 puzzle and every heuristic
    // (see the constant); f rows are added by `push` as needed.
    (f as usize) * H_SLOTS + (h as usize).min(H_SLOTS - 1)
}

impl Frontier {
    pub fn new() -> Frontier {
        Frontier {
            buckets: (0..F_SLOTS * H_SLOTS).map(|_| Bucket::default()).collect(),
            cursor: F_SLOTS * H_SLOTS,
            len: 0,
        }
    }

    pub fn clear(&mut self) {
        // Every bucket below the cursor is empty: walk up from it only until
        // the remaining entries are cleared, not over the whole (possibly
        // grown) table.
        let mut left = self.len;
        let mut b = self.cursor;
        while left > 0 {
            let items = &mut self.buckets[b].items;
            left -= items.len();
            items.clear();
            b += 1;
        }
        self.cursor = self.buckets.len();
        self.len = 0;
    }

    /// Adds rows of f until bucket `b` exists (weighted searches only).
    #[cold]
    fn grow(&mut self, b: usize) {
        let rows = b / H_SLOTS + 1;
        self.buckets.resize_with(rows * H_SLOTS, Bucket::default);
    }

    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn push(&mut self, f: u32, h: u32, rank: u32, seq: u32) {
        let b = bucket(f, h);
        if b >= self.buckets.len() {
            self.grow(b);
        }
        let v = (u64::from(rank) << 32) | u64::from(seq);
        let bucket = &mut self.buckets[b];
        // Appending keeps the order only below the current smallest.
        bucket.sorted = match bucket.items.last() {
            Some(&last) => bucket.sorted && v < last,
            None => true,
        };
        bucket.items.push(v);
        self.cursor = self.cursor.min(b);
        self.len += 1;
    }

    #[inline]
    pub fn pop(&mut self) -> Option<Item> {
        if self.len == 0 {
            return None;
        }
        while self.buckets[self.cursor].items.is_empty() {
            self.cursor += 1;
        }
        let bucket = &mut self.buckets[self.cursor];
        if !bucket.sorted {
            bucket.items.sort_unstable_by(|a, b| b.cmp(a));
            bucket.sorted = true;
        }
        let v = bucket.items.pop()?;
        self.len -= 1;
        Some(Item {
            f: (self.cursor / H_SLOTS) as u32,
            h: (self.cursor % H_SLOTS) as u32,
            rank: (v >> 32) as u32,
            seq: v as u32,
        })
    }

    /// Every entry, in pop order. For the trace view only.
    pub fn sorted(&self) -> Vec<Item> {
        let mut all: Vec<Item> = self
            .buckets
            .iter()
            .enumerate()
            .flat_map(|(b, bucket)| {
                bucket.items.iter().map(move |v| Item {
                    f: (b / H_SLOTS) as u32,
                    h: (b % H_SLOTS) as u32,
                    rank: (v >> 32) as u32,
                    seq: *v as u32,
                })
            })
            .collect();
        all.sort_unstable();
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_f_h_rank_seq_order() {
        let mut q = Frontier::new();
        let items = [
            (4, 2, 9, 0),
            (2, 1, 7, 1),
            (2, 2, 1, 2),
            (2, 1, 3, 3),
            (2, 1, 3, 4),
            (3, 0, 0, 5),
        ];
        for (f, h, r, s) in items {
            q.push(f, h, r, s);
        }
        let mut want: Vec<Item> = items
            .iter()
            .map(|&(f, h, rank, seq)| Item { f, h, rank, seq })
            .collect();
        want.sort();
        assert_eq!(q.sorted(), want);
        let mut got = Vec::new();
        while let Some(i) = q.pop() {
            got.push(i);
        }
        assert_eq!(got, want);
        assert_eq!(q.len(), 0);
    }

    #[test]
    fn clear_empties_entries_left_in_every_row() {
        let mut q = Frontier::new();
        for (f, h, r, s) in [(2, 1, 4, 0), (5, 3, 1, 1), (90, 44, 7, 2), (5, 3, 0, 3)] {
            q.push(f, h, r, s);
        }
        assert_eq!(q.pop().map(|i| (i.f, i.h, i.seq)), Some((2, 1, 0)));
        q.clear();
        assert_eq!(q.len(), 0);
        assert_eq!(q.sorted(), []);
        q.push(7, 2, 3, 0);
        let got: Vec<(u32, u32)> = std::iter::from_fn(|| q.pop())
            .map(|i| (i.f, i.seq))
            .collect();
        assert_eq!(got, [(7, 0)]);
    }

    #[test]
    fn grows_for_priorities_past_the_first_rows() {
        let mut q = Frontier::new();
        let items = [
            (300, 40, 5, 0),
            (70, 44, 2, 1),
            (300, 12, 9, 2),
            (3, 3, 1, 3),
        ];
        for (f, h, r, s) in items {
            q.push(f, h, r, s);
        }
        let got: Vec<(u32, u32)> = std::iter::from_fn(|| q.pop()).map(|i| (i.f, i.h)).collect();
        assert_eq!(got, [(3, 3), (70, 44), (300, 12), (300, 40)]);
        q.clear();
        q.push(1, 1, 0, 0);
        assert_eq!(q.pop().map(|i| (i.f, i.seq)), Some((1, 0)));
    }
}
