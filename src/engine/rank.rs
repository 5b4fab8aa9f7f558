//! A perfect hash of boards: the Lehmer rank of the permutation, 0..9!.
//!
//! The search tables (best g, distances) are flat arrays indexed by rank, so
//! the hot path never hashes or allocates.

use super::board::{Board, CELLS};

/// Number of permutations of nine cells (9!).
pub const STATES: usize = 362_880;

const FACT: [u32; CELLS] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// The rank of a packed board key (see [`Board::packed`]) in 0..[`STATES`].
#[inline]
pub fn rank_packed(key: u64) -> u32 {
    let mut seen: u32 = 0;
    let mut rank = 0;
    // The last cell's Lehmer digit is always 0.
    for i in 0..CELLS - 1 {
        let v = ((key >> (4 * (8 - i))) & 0xF) as u32;
        let smaller_before = (seen & ((1 << v) - 1)).count_ones();
        rank += (v - smaller_before) * FACT[8 - i];
        seen |= 1 << v;
    }
    rank
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
    Board::from_cells(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(rank(&Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap()), 0);
        assert_eq!(rank(&Board::from_cells([8, 7, 6, 5, 4, 3, 2, 1, 0]).unwrap()), STATES as u32 - 1);
    }
}
