//! Uniform random boards of one goal's class, seeded: on a shape of at
//! most [`NATIVE_SPACE_MAX_CELLS`](super::NATIVE_SPACE_MAX_CELLS) cells a
//! uniform rank ([`Ranks`]), on larger shapes a uniform shuffle of the
//! goal's cells with the parity put right by one fixed swap (a bijection
//! between the two classes, so still uniform); and uniform boards at an
//! exact distance, drawn among the ranks a distance array
//! ([`super::distances_in`]) puts there. Draws are independent (with
//! replacement).

use super::Ranks;
use crate::engine::{check_parity, Board};

/// The seeded generator of every draw here and of the heuristic check's
/// sample: xorshift64*.
#[derive(Clone, Debug)]
pub struct Draws {
    state: u64,
}

impl Draws {
    /// From `seed` (0 is taken as 1: xorshift never leaves 0).
    pub fn new(seed: u64) -> Draws {
        Draws { state: seed.max(1) }
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (n > 0): the high bits scaled, uniform up to a
    /// bias below n / 2⁶⁴.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// `n` boards drawn uniformly from those that can reach `goal` (any
/// shape), from `seed`.
pub fn sample_boards(goal: &Board, n: usize, seed: u64) -> Vec<Board> {
    let mut draws = Draws::new(seed);
    if let Ok(ranks) = Ranks::new(goal) {
        return (0..n)
            .map(|_| {
                let r = draws.below(ranks.len());
                ranks.board(r).unwrap_or(*goal)
            })
            .collect();
    }
    let cells = goal.shape().cells();
    (0..n)
        .map(|_| {
            let mut c = goal.cells().to_vec();
            for i in (1..cells).rev() {
                let j = draws.below(i as u64 + 1) as usize;
                c.swap(i, j);
            }
            let b = Board::new(goal.shape(), &c).unwrap_or(*goal);
            if check_parity(&b, goal).is_ok() {
                return b;
            }
            // The first two tiles (not the blank) swapped: the other class.
            let tiles: Vec<usize> = (0..cells).filter(|&i| c[i] != 0).take(2).collect();
            c.swap(tiles[0], tiles[1]);
            Board::new(goal.shape(), &c).unwrap_or(*goal)
        })
        .collect()
}

/// `n` ranks drawn uniformly from those whose entry in `distances` is
/// `distance`, from `seed`; empty when no board is at that distance.
pub fn ranks_at(distances: &[u8], distance: u8, n: usize, seed: u64) -> Vec<u64> {
    let pool: Vec<u64> = distances
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d == distance)
        .map(|(r, _)| r as u64)
        .collect();
    if pool.is_empty() {
        return Vec::new();
    }
    let mut draws = Draws::new(seed);
    (0..n)
        .map(|_| pool[draws.below(pool.len() as u64) as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;
    use crate::moves::Metric;
    use crate::space::distances_in;

    #[test]
    fn draws_cover_a_small_class_evenly_and_stay_in_it() {
        let goal = Board::default_goal(Shape::new(2, 2).unwrap());
        let boards = sample_boards(&goal, 12_000, 7);
        let ranks = Ranks::new(&goal).unwrap();
        let mut counts = [0u32; 12];
        for b in &boards {
            counts[ranks.rank(b).unwrap() as usize] += 1;
        }
        // 1,000 expected each; six standard deviations is about ±190.
        assert!(
            counts.iter().all(|&c| (810..=1190).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(sample_boards(&goal, 5, 7), boards[..5].to_vec());
    }

    #[test]
    fn large_shapes_shuffle_within_the_class() {
        let goal = Board::default_goal(Shape::FIVE);
        let boards = sample_boards(&goal, 200, 3);
        assert!(boards.iter().all(|b| check_parity(b, &goal).is_ok()));
        let distinct: std::collections::HashSet<_> = boards.iter().collect();
        assert_eq!(distinct.len(), 200);
        // Every tile lands on cell 0 now and then.
        let firsts: std::collections::HashSet<u8> = boards.iter().map(|b| b.cells()[0]).collect();
        assert_eq!(firsts.len(), 25);
    }

    #[test]
    fn ranks_at_a_distance_are_there_and_cover_it() {
        let goal = Board::default_goal(Shape::new(3, 2).unwrap());
        let d = distances_in(&goal, Metric::Single, 1, None, |_| {}, || true)
            .unwrap()
            .unwrap();
        let at = ranks_at(&d, 21, 100, 5);
        assert_eq!(at.len(), 100);
        assert!(at.iter().all(|&r| d[r as usize] == 21));
        // 3×2 has one board at its diameter 21.
        assert_eq!(at.iter().collect::<std::collections::HashSet<_>>().len(), 1);
        assert!(ranks_at(&d, 22, 10, 5).is_empty());
        let at = ranks_at(&d, 10, 2_000, 5);
        let wanted = d.iter().filter(|&&x| x == 10).count();
        let seen = at.iter().collect::<std::collections::HashSet<_>>().len();
        assert_eq!(seen, wanted);
    }
}
