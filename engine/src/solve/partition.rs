//! One additive pattern-database partition for every shape.
//!
//! A partition is a list of disjoint groups of tiles covering every tile of
//! the goal. It is laid out in **goal cells**, so it applies to any goal: the
//! layout below is written for a goal whose blank is in the top-left corner
//! (cell 0); a goal blank in another corner uses the layout mirrored into
//! that corner; a goal blank off the corners keeps the top-left layout, the
//! tile standing on cell 0 joins the first (smallest) group, or forms its
//! own when that group is full, and the blank's cell leaves its group.
//!
//! | shape (W×H)                       | tiles | groups (name)        | layout                  |
//! |-----------------------------------|------:|----------------------|-------------------------|
//! | 2×2                               |     3 | 3 (`pdb-3`)          | one group: exact table  |
//! | 2×3, 3×2                          |     5 | 5 (`pdb-5`)          | one group: exact table  |
//! | 2×4, 4×2                          |     7 | 7 (`pdb-7`)          | one group: exact table  |
//! | 3×3                               |     8 | 8 (`pdb-8`)          | one group: exact table  |
//! | 2×5, 5×2                          |     9 | 6-3 (`pdb-63`)       | snake                   |
//! | 3×4, 4×3, 2×6, 6×2                |    11 | 6-5 (`pdb-65`)       | snake                   |
//! | 2×7, 7×2                          |    13 | 6-6-1 (`pdb-661`)    | snake                   |
//! | 3×5, 5×3                          |    14 | 6-6-2 (`pdb-662`)    | snake                   |
//! | 4×4                               |    15 | 6-6-3 (`pdb-663`)    | measured (below)        |
//! | 2×8, 8×2                          |    15 | 6-6-3 (`pdb-663`)    | snake                   |
//! | 2×9, 9×2, 3×6, 6×3                |    17 | 5-5-5-2 (`pdb-5552`) | snake                   |
//! | 2×10, 10×2, 4×5, 5×4              |    19 | 5-5-5-4 (`pdb-5554`) | snake                   |
//! | 3×7, 7×3                          |    20 | 5-5-5-5 (`pdb-5555`) | snake                   |
//! | 2×11, 11×2                        |    21 | 5-5-5-5-1 (`pdb-55551`) | snake                |
//! | 2×12, 12×2, 3×8, 8×3, 4×6, 6×4    |    23 | 5-5-5-5-3 (`pdb-55553`) | snake                |
//! | 5×5                               |    24 | 5-5-5-5-4 (`pdb-55554`) | snake                |
//! | 6×6                               |    35 | seven of 5 (`pdb-5555555`) | snake             |
//! | 7×7                               |    48 | twelve of 4 (`pdb-444444444444`) | snake       |
//! | 8×8                               |    63 | fifteen of 4 and 3 (`pdb-4444444444444443`) | snake |
//!
//! (and every other shape of 26 to 64 cells likewise: groups of five up to
//! 36 cells, of four above).
//!
//! **Group sizes.** Boards of at most nine cells take one group of every
//! tile: the table is then the exact distance. Larger boards fill groups of
//! six tiles (boards of up to 16 cells), five (up to 36 cells: a 5-tile
//! table of 6×6 has 45,239,040 entries, 22.6 MB), or four (larger boards:
//! a 5-tile table of 7×7 would take 114 MB and a 4-tile one takes 2.8 MB;
//! on 8×8, 7.6 MB); the first group of the layout takes the rest (the
//! names list the sizes largest first). Boards of more than 25 cells are
//! solved by fast mode only, whose beam such a database ranks.
//!
//! **Snake layout.** The board is cut into strips two lines wide along its
//! longer side (columns when W ≥ H, else rows; an odd count leaves a last
//! strip one line wide). The strips are walked in turn, the first from its
//! top (or left) end, the next back from the other end, and so on, each
//! line across the strip read before the next; cell 0 is skipped, and the
//! cells are cut into groups in that order. Consecutive cells of the walk
//! are always grid neighbours or share a strip line, so every group is a
//! compact block (on 3×4: rows 1–2 without the corner, and rows 3–4; on
//! 5×5: columns 1–2 of rows 1–3 without the corner, three blocks of five
//! across the middle, and column 5).
//!
//! **4×4** keeps the layout measured for Korf's 100 (BENCHMARKS.md's
//! history in git, "15-puzzle, Korf's 100: fewer nodes"): the three cells of the bottom row
//! after its first ({13,14,15}), the two left columns without the blank's
//! corner and the bottom row ({1,4,5,8,9,12}), and the two right columns
//! above the bottom row ({2,3,6,7,10,11}); with the reflected look-up it
//! generated 44.5 M nodes over the 100 instances, against 127.7 M for the
//! top row / two 2×3 blocks layout.

use crate::engine::{shape::OPTIMAL_MAX_CELLS, Board, Shape};

/// The name of the 7-8 partition of 4×4 ([`Partition::seven_eight`]).
pub const PDB78: &str = "pdb-78";

/// The name of Korf & Felner's 6-6-6-6 partition of 5×5
/// ([`Partition::six_six_six_six`]).
pub const PDB6666: &str = "pdb-6666";

/// The largest pattern the databases build (the 8-tile table of `pdb-78`:
/// 518,918,400 entries, 259 MB at four bits). Patterns on boards of more than 16 cells have at most
/// [`MAX_PATTERN_WIDE`] tiles; one-group tables of at most nine cells may
/// have eight.
pub const MAX_PATTERN: usize = 8;

/// The largest pattern of a shape's own partition ([`Partition::for_goal`])
/// on a board of more than 16 cells.
pub const MAX_PATTERN_WIDE: usize = 5;

/// The largest pattern a table may have on a board of more than 16 cells
/// (the 6-tile tables of `pdb-6666`: 127,512,000 entries on 5×5, 63.8 MB
/// at four bits).
pub const MAX_TABLE_PATTERN_WIDE: usize = 6;

/// The most groups a partition of a board of at most 25 cells may have
/// (the optimal searches' estimate keeps them in fixed slots).
pub const MAX_GROUPS: usize = 5;

/// The most groups a partition of a board of more than 25 cells may have
/// (8×8: fifteen groups of four tiles and one of three).
pub const MAX_GROUPS_LARGE: usize = 16;

/// The largest pattern a table of a board of more than 25 cells may have
/// (five tiles: 45,239,040 entries on 6×6).
pub const MAX_TABLE_PATTERN_LARGE: usize = 5;

/// The most groups a partition of a board of `cells` cells may have.
pub fn max_groups(cells: usize) -> usize {
    if cells <= OPTIMAL_MAX_CELLS {
        MAX_GROUPS
    } else {
        MAX_GROUPS_LARGE
    }
}

/// A partition of a goal's tiles into disjoint patterns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    name: String,
    groups: Vec<Vec<u8>>,
}

/// The largest pattern a board of `cells` cells may have: the whole board
/// less one when it has at most nine cells, else 6 up to 16 cells, 5 up to
/// 36, else 4.
pub fn max_pattern(cells: usize) -> usize {
    if cells <= 9 {
        cells - 1
    } else if cells <= 16 {
        6
    } else if cells <= 36 {
        MAX_PATTERN_WIDE
    } else {
        4
    }
}

/// The largest pattern a table of a board of `cells` cells may have (what
/// [`crate::engine::solve::PatternBuilder`] accepts): [`MAX_PATTERN`] up to
/// 16 cells (the 7-8 partition of 4×4, `pdb-78`),
/// [`MAX_TABLE_PATTERN_WIDE`] above (the 6-6-6-6 partition of 5×5,
/// `pdb-6666`) up to 25 cells, [`MAX_TABLE_PATTERN_LARGE`] above.
pub fn max_table_pattern(cells: usize) -> usize {
    if cells <= 16 {
        MAX_PATTERN.min(cells - 1)
    } else if cells <= OPTIMAL_MAX_CELLS {
        MAX_TABLE_PATTERN_WIDE
    } else {
        MAX_TABLE_PATTERN_LARGE
    }
}

/// The group sizes of `shape`'s partition in layout order: the remainder
/// (if any) first, then full groups (the table in the module docs).
pub fn group_sizes(shape: Shape) -> Vec<usize> {
    if shape == Shape::FOUR {
        return vec![3, 6, 6];
    }
    let tiles = shape.cells() - 1;
    let g = max_pattern(shape.cells());
    let mut sizes = Vec::new();
    if !tiles.is_multiple_of(g) {
        sizes.push(tiles % g);
    }
    sizes.extend(std::iter::repeat_n(g, tiles / g));
    sizes
}

/// The database's name for `shape`: `pdb-` and the group sizes, largest
/// first, e.g. `pdb-663`, `pdb-65`, `pdb-55554`.
pub fn partition_name(shape: Shape) -> String {
    let mut sizes = group_sizes(shape);
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let digits: String = sizes.iter().map(|s| s.to_string()).collect();
    format!("pdb-{digits}")
}

/// The snake walk of the module docs: every cell once, cell 0 first.
fn snake(shape: Shape) -> Vec<usize> {
    let (w, h) = (shape.width(), shape.height());
    // Along the longer side: strips of two columns (W ≥ H) or two rows.
    let by_columns = w >= h;
    let (lines, across) = if by_columns { (w, h) } else { (h, w) };
    let cell = |line: usize, pos: usize| {
        if by_columns {
            pos * w + line
        } else {
            line * w + pos
        }
    };
    let mut order = Vec::with_capacity(shape.cells());
    for (strip, first) in (0..lines).step_by(2).enumerate() {
        let strip_lines: Vec<usize> = (first..(first + 2).min(lines)).collect();
        let positions: Vec<usize> = if strip % 2 == 0 {
            (0..across).collect()
        } else {
            (0..across).rev().collect()
        };
        for pos in positions {
            for &line in &strip_lines {
                order.push(cell(line, pos));
            }
        }
    }
    order
}

/// The base layout (goal blank on cell 0) as groups of goal cells.
fn base_layout(shape: Shape) -> Vec<Vec<usize>> {
    if shape == Shape::FOUR {
        return vec![
            vec![13, 14, 15],
            vec![1, 4, 5, 8, 9, 12],
            vec![2, 3, 6, 7, 10, 11],
        ];
    }
    let walk: Vec<usize> = snake(shape).into_iter().filter(|&c| c != 0).collect();
    let mut groups = Vec::new();
    let mut rest = walk.as_slice();
    for size in group_sizes(shape) {
        let (g, r) = rest.split_at(size);
        groups.push(g.to_vec());
        rest = r;
    }
    groups
}

impl Partition {
    /// The partition of the module docs' table for `goal`'s shape, laid out
    /// in `goal`'s cells (any shape of up to 64 cells).
    pub fn for_goal(goal: &Board) -> Partition {
        let shape = goal.shape();
        Partition::laid_out(
            goal,
            base_layout(shape),
            partition_name(shape),
            max_pattern(shape.cells()),
        )
    }

    /// Korf & Felner's 7-8 partition of the 15-puzzle (`pdb-78`) for a 4×4
    /// `goal`: laid out for a goal blank in the top-left corner as the
    /// other seven cells of the top two rows and the eight cells of the
    /// bottom two (tiles 1–7 and 8–15 of Korf's goal), placed into `goal`'s
    /// cells like [`Partition::for_goal`]; `None` for any other shape.
    pub fn seven_eight(goal: &Board) -> Option<Partition> {
        (goal.shape() == Shape::FOUR).then(|| {
            Partition::laid_out(
                goal,
                vec![(1..8).collect(), (8..16).collect()],
                PDB78.to_string(),
                MAX_PATTERN,
            )
        })
    }

    /// Korf & Felner's 6-6-6-6 partition of the 24-puzzle (`pdb-6666`) for
    /// a 5×5 `goal`: laid out for a goal blank in the top-left corner (cells
    /// numbered row by row, 0–24) as {1,2,5,6,7,12}, {3,4,8,9,13,14},
    /// {10,11,15,16,20,21} and {17,18,19,22,23,24}, placed into `goal`'s
    /// cells like [`Partition::for_goal`]; `None` for any other shape.
    ///
    /// No group is another's reflection about the main diagonal, so the
    /// four tables are all distinct; the reflected look-up reads the same
    /// four tables on the reflected board, which is the sum over the
    /// reflected partition ({1,5,6,10,11,12}, {15,16,17,20,21,22},
    /// {2,3,4,7,8,9}, {13,14,18,19,23,24}) on the board itself, at no
    /// extra storage.
    pub fn six_six_six_six(goal: &Board) -> Option<Partition> {
        (goal.shape() == Shape::FIVE).then(|| {
            Partition::laid_out(
                goal,
                vec![
                    vec![1, 2, 5, 6, 7, 12],
                    vec![3, 4, 8, 9, 13, 14],
                    vec![10, 11, 15, 16, 20, 21],
                    vec![17, 18, 19, 22, 23, 24],
                ],
                PDB6666.to_string(),
                MAX_TABLE_PATTERN_WIDE,
            )
        })
    }

    /// A base layout (groups of goal cells for a blank on cell 0) placed
    /// into `goal`'s cells (module docs); `limit` is the largest group.
    fn laid_out(goal: &Board, base: Vec<Vec<usize>>, name: String, limit: usize) -> Partition {
        let shape = goal.shape();
        let (w, h) = (shape.width(), shape.height());
        let blank = goal.blank();
        let (right, bottom) = (w - 1, (h - 1) * w);
        let map = |cell: usize| -> usize {
            let (r, c) = (cell / w, cell % w);
            if blank == right {
                r * w + (w - 1 - c)
            } else if blank == bottom {
                (h - 1 - r) * w + c
            } else if blank == bottom + right {
                (h - 1 - r) * w + (w - 1 - c)
            } else {
                cell
            }
        };
        let cells = goal.cells();
        let mut groups: Vec<Vec<u8>> = base
            .iter()
            .map(|g| {
                g.iter()
                    .map(|&c| map(c))
                    .filter(|&c| c != blank)
                    .map(|c| cells[c])
                    .collect()
            })
            .collect();
        if ![0, right, bottom, bottom + right].contains(&blank) {
            match groups.first_mut() {
                Some(first) if first.len() < limit => first.insert(0, cells[0]),
                _ => groups.insert(0, vec![cells[0]]),
            }
        }
        groups.retain(|g| !g.is_empty());
        Partition { name, groups }
    }

    /// A partition from explicit tile groups of a board of `shape`; `None`
    /// unless there are at most [`max_groups`], they are disjoint, cover the
    /// tiles 1…W·H−1 exactly, and each has 1…[`max_table_pattern`] tiles.
    pub fn from_groups(shape: Shape, name: &str, groups: Vec<Vec<u8>>) -> Option<Partition> {
        let n = shape.cells();
        if groups.len() > max_groups(n) {
            return None;
        }
        let mut seen = 0u64;
        for g in &groups {
            if g.is_empty() || g.len() > max_table_pattern(n) {
                return None;
            }
            for &t in g {
                if t == 0 || usize::from(t) >= n || seen & (1 << t) != 0 {
                    return None;
                }
                seen |= 1 << t;
            }
        }
        let all = (u64::MAX >> (64 - n)) & !1;
        (seen == all).then(|| Partition {
            name: name.to_string(),
            groups,
        })
    }

    /// The partition's name, e.g. `pdb-663`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The tile groups.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn korf_goal() -> Board {
        let c: Vec<u8> = (0..16).collect();
        Board::square(&c).unwrap()
    }

    #[test]
    fn four_by_four_keeps_the_measured_six_six_three() {
        let p = Partition::for_goal(&korf_goal());
        assert_eq!(p.name(), "pdb-663");
        assert_eq!(
            p.groups(),
            [
                vec![13, 14, 15],
                vec![1, 4, 5, 8, 9, 12],
                vec![2, 3, 6, 7, 10, 11]
            ]
        );
        let p = Partition::for_goal(&Board::default_goal(Shape::FOUR));
        assert_eq!(
            p.groups(),
            [
                vec![3, 2, 1],
                vec![15, 12, 11, 8, 7, 4],
                vec![14, 13, 10, 9, 6, 5]
            ]
        );
        let mid = Board::square(&[1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]).unwrap();
        let p = Partition::for_goal(&mid);
        assert_eq!(
            p.groups(),
            [
                vec![1, 13, 14, 15],
                vec![2, 5, 8, 9, 12],
                vec![3, 4, 6, 7, 10, 11]
            ]
        );
        assert!(Partition::from_groups(Shape::FOUR, "x", p.groups().to_vec()).is_some());
        assert!(Partition::from_groups(Shape::FOUR, "x", vec![vec![1, 2]]).is_none());
    }

    #[test]
    fn the_table_of_names() {
        let names: Vec<(String, String)> = Shape::up_to(OPTIMAL_MAX_CELLS)
            .into_iter()
            .map(|s| (s.code(), partition_name(s)))
            .collect();
        let get = |code: &str| names.iter().find(|(c, _)| c == code).unwrap().1.clone();
        assert_eq!(get("2x2"), "pdb-3");
        assert_eq!(get("3x3"), "pdb-8");
        assert_eq!(get("2x5"), "pdb-63");
        assert_eq!(get("3x4"), "pdb-65");
        assert_eq!(get("4x3"), "pdb-65");
        assert_eq!(get("2x7"), "pdb-661");
        assert_eq!(get("5x3"), "pdb-662");
        assert_eq!(get("2x8"), "pdb-663");
        assert_eq!(get("6x3"), "pdb-5552");
        assert_eq!(get("4x5"), "pdb-5554");
        assert_eq!(get("3x7"), "pdb-5555");
        assert_eq!(get("2x11"), "pdb-55551");
        assert_eq!(get("4x6"), "pdb-55553");
        assert_eq!(get("5x5"), "pdb-55554");
    }

    #[test]
    fn every_shape_and_corner_gives_a_valid_partition() {
        for shape in Shape::up_to(OPTIMAL_MAX_CELLS) {
            let n = shape.cells();
            for blank in 0..n {
                // The goal with the blank on `blank`, tiles in order around it.
                let mut cells: Vec<u8> = (1..n as u8).collect();
                cells.insert(blank, 0);
                let goal = Board::new(shape, &cells).unwrap();
                let p = Partition::for_goal(&goal);
                assert!(
                    Partition::from_groups(shape, p.name(), p.groups().to_vec()).is_some(),
                    "{shape} blank {blank}: {:?}",
                    p.groups()
                );
            }
        }
    }

    #[test]
    fn snake_groups_on_three_by_four_and_five_by_five() {
        // 3 wide, 4 tall: rows 1–2 without the corner, then rows 3–4.
        let s = Shape::new(3, 4).unwrap();
        let goal = Board::new(s, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]).unwrap();
        let p = Partition::for_goal(&goal);
        assert_eq!(p.groups(), [vec![3, 1, 4, 2, 5], vec![8, 11, 7, 10, 6, 9]]);
        let c: Vec<u8> = (0..25).collect();
        let p = Partition::for_goal(&Board::square(&c).unwrap());
        assert_eq!(
            p.groups(),
            [
                vec![1, 5, 6, 10],
                vec![11, 15, 16, 20, 21],
                vec![22, 23, 17, 18, 12],
                vec![13, 7, 8, 2, 3],
                vec![4, 9, 14, 19, 24]
            ]
        );
    }
}
