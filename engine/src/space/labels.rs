//! Every board's exact distance, one byte a board by rank ([`Ranks`]): the
//! two-bit search of `threads.rs`, each new layer copied out of the table
//! as the layer is found (one sequential read of the table per layer, on
//! the same threads), the goal's distance 0 set first.
//!
//! Memory: the array (one byte a board) and the two-bit table, both
//! counted ([`distances_bytes`]) and asked for before the search starts;
//! a refused allocation, or one over the caller's limit, is
//! [`SpaceError::LabelsMemory`] with the figures.
//!
//! [`Ranks`]: super::Ranks

use super::error::{Reach, SpaceError};
use super::index::Geometry;
use super::scan::{current_code, holding, PER_WORD};
use super::{space_bytes_in, Progress, SpaceSearch};
use crate::engine::{moves::Metric, Board, Shape};
use std::sync::atomic::Ordering::Relaxed;

/// Table words per piece of the copy (the array's 4 MiB).
const COPY_PIECE: usize = 1 << 17;

/// Bytes the distances of `shape` take while they are found: the array
/// (one byte a board) and the two-bit table; an error beyond
/// [`NATIVE_SPACE_MAX_CELLS`](super::NATIVE_SPACE_MAX_CELLS) cells.
pub fn distances_bytes(shape: Shape) -> Result<(u64, u64), SpaceError> {
    let table = space_bytes_in(shape, Reach::Native)?;
    let boards: u64 = (1..=shape.cells() as u64).product::<u64>() / 2;
    Ok((boards, table))
}

/// The distance of every board of `goal`'s class to `goal` in `metric`,
/// indexed by rank ([`Ranks`](super::Ranks)), each pass on `threads`
/// threads. `progress` hears the search as [`SpaceSearch::run`] tells it
/// (before each pass and about every 200 ms); `go_on` is asked after each
/// layer, and `false` stops the search there: `Ok(None)`. `limit`: the most
/// bytes the array and the table may take together.
///
/// ```
/// use eight_puzzle_engine::{Board, Shape, moves::Metric, space::{distances_in, Ranks}};
/// let goal = Board::default_goal(Shape::new(3, 2).unwrap());
/// let d = distances_in(&goal, Metric::Single, 1, None, |_| {}, || true).unwrap().unwrap();
/// assert_eq!(d.len(), 360);
/// assert_eq!(d[Ranks::new(&goal).unwrap().rank(&goal).unwrap() as usize], 0);
/// assert_eq!(d.iter().max(), Some(&21));
/// ```
pub fn distances_in(
    goal: &Board,
    metric: Metric,
    threads: usize,
    limit: Option<u64>,
    progress: impl FnMut(Progress),
    mut go_on: impl FnMut() -> bool,
) -> Result<Option<Vec<u8>>, SpaceError> {
    let shape = goal.shape();
    let (boards, table) = distances_bytes(shape)?;
    let memory = |limit| SpaceError::LabelsMemory {
        shape,
        array: boards,
        table,
        limit,
    };
    if limit.is_some_and(|l| boards + table > l) {
        return Err(memory(limit));
    }
    let len = usize::try_from(boards).map_err(|_| memory(None))?;
    let mut out: Vec<u8> = Vec::new();
    out.try_reserve_exact(len).map_err(|_| memory(None))?;
    out.resize(len, u8::MAX);
    let mut search = SpaceSearch::within(goal, metric, Reach::Native).map_err(|e| match e {
        SpaceError::OutOfMemory { .. } => memory(None),
        e => e,
    })?;
    let geo = Geometry::new(goal);
    if let Some(e) = geo.entry_of(goal) {
        out[e as usize] = 0;
    }
    let threads = threads.max(1);
    let done = search.run(threads, progress, |s| {
        copy_layer(s, &mut out, threads);
        go_on()
    });
    Ok(done.map(|_| out))
}

/// Writes the layer just found (the entries holding the code of the pass
/// about to run) into `out` as its depth.
fn copy_layer(search: &SpaceSearch, out: &mut [u8], threads: usize) {
    let depth = search.depth;
    let code = current_code(depth);
    let value = u8::try_from(depth).unwrap_or(u8::MAX);
    let table = &search.table[..];
    let fill = |p: usize, chunk: &mut [u8]| {
        let first = p * COPY_PIECE;
        let words = chunk.len().div_ceil(PER_WORD as usize);
        for (w, word) in table[first..].iter().take(words).enumerate() {
            let mut bits = holding(word.load(Relaxed), code);
            while bits != 0 {
                let k = bits.trailing_zeros() as usize / 2;
                bits &= bits - 1;
                if let Some(cell) = chunk.get_mut(w * PER_WORD as usize + k) {
                    *cell = value;
                }
            }
        }
    };
    let mut groups: Vec<Vec<(usize, &mut [u8])>> = (0..threads).map(|_| Vec::new()).collect();
    for (p, chunk) in out.chunks_mut(COPY_PIECE * PER_WORD as usize).enumerate() {
        groups[p % threads].push((p, chunk));
    }
    let fill = &fill;
    std::thread::scope(|s| {
        for group in groups {
            s.spawn(move || {
                for (p, chunk) in group {
                    fill(p, chunk);
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::plain_distances;
    use crate::space::Ranks;

    #[test]
    fn every_distance_matches_a_plain_search_on_small_shapes_both_metrics() {
        let mut other = Board::default_goal(Shape::new(3, 3).unwrap())
            .cells()
            .to_vec();
        other.rotate_left(1);
        let goals = [
            Board::default_goal(Shape::new(3, 2).unwrap()),
            Board::default_goal(Shape::new(2, 4).unwrap()),
            Board::new(Shape::THREE, &other).unwrap(),
        ];
        for goal in goals {
            for metric in Metric::ALL {
                let exact = plain_distances(&goal, metric);
                let ranks = Ranks::new(&goal).unwrap();
                for threads in [1, 2] {
                    let d = distances_in(&goal, metric, threads, None, |_| {}, || true)
                        .unwrap()
                        .unwrap();
                    assert_eq!(d.len() as u64, ranks.len());
                    assert_eq!(exact.len() as u64, ranks.len());
                    for (b, &dist) in &exact {
                        let r = ranks.rank(b).unwrap() as usize;
                        assert_eq!(u32::from(d[r]), dist, "{goal} {metric} {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_limit_and_the_stop_are_kept() {
        let goal = Board::default_goal(Shape::new(4, 3).unwrap());
        let e = distances_in(&goal, Metric::Single, 1, Some(1 << 20), |_| {}, || true).unwrap_err();
        assert_eq!(e.kind(), "out_of_memory");
        assert_eq!(
            e.to_string(),
            "the 4×3 distances need 299,376,008 bytes (299 MB): 239,500,800 for the array (a byte a board) and 59,875,208 for the search's table; over the limit of 1,048,576 bytes (1.05 MB)"
        );
        let goal = Board::default_goal(Shape::new(3, 3).unwrap());
        let mut layers = 0;
        let stopped = distances_in(
            &goal,
            Metric::Single,
            2,
            None,
            |_| {},
            || {
                layers += 1;
                layers < 5
            },
        );
        assert_eq!(stopped, Ok(None));
        assert_eq!(layers, 5);
    }
}
