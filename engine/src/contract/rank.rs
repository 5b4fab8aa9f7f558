//! A perfect hash of boards: the Lehmer rank of the permutation, 0..9!.
//!
//! The search tables (best g, distances) are flat arrays indexed by rank, so
//! the hot path never hashes or allocates.
//!
//! The rank is order-preserving: board a's nine-digit key string is smaller
//! than board b's exactly when rank(a) < rank(b), so the frontier breaks ties
//! by rank, which is the contract's key order.

use crate::board::{Board, CELLS};
use crate::shape::Shape;

/// Number of permutations of nine cells (9!).
pub const STATES: usize = 362_880;

const FACT: [u32; CELLS] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// Set bits of every 9-bit mask. A table, because the baseline x86-64 target
/// has no popcount instruction and the software fallback is slower.
const POPCOUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The rank of a packed board key (see [`Board::packed`]) in 0..[`STATES`].
#[inline]
pub fn rank_packed(key: u64) -> u32 {
    let mut seen: u32 = 0;
    let mut rank = 0;
    // The last cell's Lehmer digit is always 0.
    for i in 0..CELLS - 1 {
        let v = ((key >> (4 * (8 - i))) & 0xF) as u32;
        let smaller_before = u32::from(POPCOUNT[(seen & ((1 << v) - 1)) as usize]);
        rank += (v - smaller_before) * FACT[8 - i];
        seen |= 1 << v;
    }
    rank
}

/// The Lehmer digits of a packed key, packed the same way: digit `i` (how
/// many later cells hold a smaller value) in bits `4·(8−i)..`.
pub(crate) fn lehmer_packed(key: u64) -> u64 {
    let mut seen: u32 = 0;
    let mut digits = 0u64;
    for i in 0..CELLS {
        let v = ((key >> (4 * (8 - i))) & 0xF) as u32;
        let smaller_before = u32::from(POPCOUNT[(seen & ((1 << v) - 1)) as usize]);
        digits |= u64::from(v - smaller_before) << (4 * (8 - i));
        seen |= 1 << v;
    }
    digits
}

/// Lehmer digits and rank after swapping cells `a < b` (`b − a` is 1 or 3,
/// a legal move), updated from the old ones in a few comparisons instead of
/// recomputed. Only the digits of cells a..=b change: for a horizontal swap
/// the two values trade places; for a vertical one the two cells between
/// them also see one value leave their suffix and another arrive.
#[cfg(test)]
pub(crate) fn after_swap(key: u64, lehmer: u64, rank: u32, a: usize, b: usize) -> (u64, u32) {
    let sh = |i: usize| 4 * (8 - i as u32);
    let cell = |i: usize| ((key >> sh(i)) & 0xF) as i64;
    let dig = |i: usize| ((lehmer >> sh(i)) & 0xF) as i64;
    let lt = |x: i64, y: i64| i64::from(x < y);
    let (va, vb) = (cell(a), cell(b));
    let mut rank = i64::from(rank);
    let mut lehmer = lehmer;
    let mut set = |i: usize, old: i64, new: i64| {
        rank += (new - old) * i64::from(FACT[8 - i]);
        lehmer = (lehmer & !(0xF << sh(i))) | ((new as u64) << sh(i));
    };
    if b == a + 1 {
        let (da, db) = (dig(a), dig(b));
        set(a, da, db + lt(va, vb));
        set(b, db, da - lt(vb, va));
    } else {
        let (c1, c2) = (cell(a + 1), cell(a + 2));
        let (da, d1, d2, db) = (dig(a), dig(a + 1), dig(a + 2), dig(b));
        set(a, da, db + lt(c1, vb) + lt(c2, vb) + lt(va, vb));
        set(a + 1, d1, d1 - lt(vb, c1) + lt(va, c1));
        set(a + 2, d2, d2 - lt(vb, c2) + lt(va, c2));
        set(b, db, da - lt(c1, va) - lt(c2, va) - lt(vb, va));
    }
    (lehmer, rank as u32)
}

/// [`after_swap`] for a legal move of the blank from `blank` to `target`,
/// specialised on the blank being 0: every comparison with it is known, so a
/// horizontal move touches two digits with no comparison and a vertical one
/// needs two.
#[inline(always)]
pub(crate) fn after_move(
    key: u64,
    lehmer: u64,
    rank: u32,
    blank: usize,
    target: usize,
) -> (u64, u32) {
    let sh = |i: usize| 4 * (8 - i as u32);
    let cell = |i: usize| ((key >> sh(i)) & 0xF) as i32;
    let dig = |i: usize| ((lehmer >> sh(i)) & 0xF) as i32;
    let f = |i: usize| FACT[8 - i] as i32;
    let put = |l: u64, i: usize, d: i32| (l & !(0xF << sh(i))) | ((d as u64) << sh(i));
    let (a, b) = (blank.min(target), blank.max(target));
    // The blank's own digit is always 0: nothing is smaller than 0.
    let (delta, lehmer) = if b == a + 1 {
        if blank == a {
            let d = dig(b);
            ((d + 1) * f(a) - d * f(b), put(put(lehmer, a, d + 1), b, 0))
        } else {
            let d = dig(a);
            ((d - 1) * f(b) - d * f(a), put(put(lehmer, a, 0), b, d - 1))
        }
    } else {
        let (c1, c2) = (cell(a + 1), cell(a + 2));
        let (d1, d2) = (dig(a + 1), dig(a + 2));
        if blank == a {
            let t = cell(b);
            let na = dig(b) + i32::from(c1 < t) + i32::from(c2 < t) + 1;
            let n1 = d1 + 1 - i32::from(t < c1);
            let n2 = d2 + 1 - i32::from(t < c2);
            let delta = na * f(a) + (n1 - d1) * f(a + 1) + (n2 - d2) * f(a + 2) - dig(b) * f(b);
            (
                delta,
                put(put(put(put(lehmer, a, na), a + 1, n1), a + 2, n2), b, 0),
            )
        } else {
            let t = cell(a);
            let nb = dig(a) - i32::from(c1 < t) - i32::from(c2 < t) - 1;
            let n1 = d1 - 1 + i32::from(t < c1);
            let n2 = d2 - 1 + i32::from(t < c2);
            let delta = nb * f(b) + (n1 - d1) * f(a + 1) + (n2 - d2) * f(a + 2) - dig(a) * f(a);
            (
                delta,
                put(put(put(put(lehmer, a, 0), a + 1, n1), a + 2, n2), b, nb),
            )
        }
    };
    (lehmer, (rank as i32 + delta) as u32)
}

/// The rank of a board in 0..[`STATES`].
pub fn rank(board: &Board) -> u32 {
    rank_packed(board.packed())
}

/// The board with the given rank, or `None` if `rank >= 9!`.
pub fn unrank(mut rank: u32) -> Option<Board> {
    if rank as usize >= STATES {
        return None;
    }
    let mut pool: Vec<u8> = (0..CELLS as u8).collect();
    let mut cells = [0u8; CELLS];
    for (i, cell) in cells.iter_mut().enumerate() {
        let f = FACT[8 - i];
        let d = (rank / f) as usize;
        rank %= f;
        *cell = pool.remove(d);
    }
    Board::new(Shape::THREE, &cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_rank_matches_recomputation() {
        for r in 0..STATES as u32 {
            let b = unrank(r).unwrap();
            let key = b.packed();
            let lehmer = lehmer_packed(key);
            let blank = b.blank();
            for m in crate::engine::Move::ALL {
                let Some(t) = m.target_3x3(blank) else {
                    continue;
                };
                let next = b.swapped(blank, t).packed();
                let (l2, r2) = after_swap(key, lehmer, r, blank.min(t), blank.max(t));
                assert_eq!(
                    (l2, r2),
                    (lehmer_packed(next), rank_packed(next)),
                    "{b} {m}"
                );
            }
        }
    }

    #[test]
    fn rank_preserves_key_order() {
        let mut prev = unrank(0).unwrap().key_string();
        for r in 1..STATES as u32 {
            let k = unrank(r).unwrap().key_string();
            assert!(prev < k, "{prev} {k}");
            prev = k;
        }
    }

    #[test]
    fn rank_is_a_bijection() {
        let mut seen = vec![false; STATES];
        for r in 0..STATES as u32 {
            let b = unrank(r).unwrap();
            let back = rank(&b);
            assert_eq!(back, r);
            assert!(!seen[back as usize]);
            seen[back as usize] = true;
        }
        assert_eq!(unrank(STATES as u32), None);
        assert_eq!(
            rank(&Board::square(&[0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap()),
            0
        );
        assert_eq!(
            rank(&Board::square(&[8, 7, 6, 5, 4, 3, 2, 1, 0]).unwrap()),
            STATES as u32 - 1
        );
    }
}
