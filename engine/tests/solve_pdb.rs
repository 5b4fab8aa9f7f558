//! Pattern tables against a plain 0-1 breadth-first search over (tile
//! cells, blank cell), on shapes with four-bit and five-bit cells, merged
//! and unmerged builds; sliced database builds with progress.

use eight_puzzle_engine::solve::{
    korf_goal, placements, table_bytes, Partition, PatternTable, PdbBuilder,
};
use eight_puzzle_engine::{Board, Shape};
use std::collections::{HashMap, VecDeque};

/// The fewest pattern-tile moves to bring `tiles` home, for every placement
/// of them: a 0-1 BFS where the blank moves one cell at a time and moving
/// onto a pattern tile costs 1 (written for this test alone).
fn plain_pattern_bfs(goal: &Board, tiles: &[u8]) -> HashMap<Vec<u8>, u8> {
    let s = goal.shape();
    let (w, h) = (s.width() as i32, s.height() as i32);
    let start: (Vec<u8>, u8) = (
        tiles.iter().map(|&t| goal.cell_of(t) as u8).collect(),
        goal.blank() as u8,
    );
    let mut full: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
    let mut queue = VecDeque::from([(start, 0u8)]);
    while let Some((st, d)) = queue.pop_front() {
        if full.contains_key(&st) {
            continue;
        }
        full.insert(st.clone(), d);
        let (at, blank) = st;
        let (r, c) = (i32::from(blank) / w, i32::from(blank) % w);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            if !(0..h).contains(&nr) || !(0..w).contains(&nc) {
                continue;
            }
            let q = (nr * w + nc) as u8;
            let mut next = at.clone();
            match at.iter().position(|&x| x == q) {
                Some(j) => {
                    next[j] = blank;
                    queue.push_back(((next, q), d + 1));
                }
                None => queue.push_front(((next, q), d)),
            }
        }
    }
    let mut dist: HashMap<Vec<u8>, u8> = HashMap::new();
    for ((t, _), d) in full {
        let e = dist.entry(t).or_insert(d);
        *e = (*e).min(d);
    }
    dist
}

fn check_table(goal: &Board, tiles: &[u8]) {
    let table = PatternTable::build(tiles, goal).unwrap();
    let dist = plain_pattern_bfs(goal, tiles);
    let n = goal.shape().cells();
    // With every tile in the pattern only the goal's parity class is
    // reached: half the placements.
    let reached = if tiles.len() + 1 == n {
        placements(tiles.len(), n) / 2
    } else {
        placements(tiles.len(), n)
    };
    assert_eq!(dist.len(), reached);
    assert_eq!(table.len(), placements(tiles.len(), n));
    for (cells, &d) in &dist {
        // Capped at Manhattan + 30 (four bits of excess); never reached here.
        assert_eq!(
            table.value(cells),
            d,
            "{} {tiles:?} {cells:?}",
            goal.shape()
        );
    }
    assert_eq!(table.max_value(), *dist.values().max().unwrap());
}

#[test]
fn four_bit_tables_match_plain_bfs() {
    check_table(&korf_goal(Shape::FOUR), &[1, 2, 3]);
    check_table(&Board::default_goal(Shape::FOUR), &[13, 14, 15]);
    // 3×4, a 4-tile unmerged build and a 5-tile one with the goal blank
    // off the corners.
    let s = Shape::new(3, 4).unwrap();
    check_table(&Board::default_goal(s), &[1, 4, 5, 8]);
    let goal = Board::new(s, &[1, 2, 3, 4, 0, 5, 6, 7, 8, 9, 10, 11]).unwrap();
    check_table(&goal, &[9, 11, 8, 10]);
    // 2×4 with every tile: the blank is implied (merged, exact).
    check_table(
        &Board::default_goal(Shape::new(2, 4).unwrap()),
        &[1, 2, 3, 4, 5, 6, 7],
    );
}

#[test]
fn five_bit_tables_match_plain_bfs() {
    check_table(&korf_goal(Shape::FIVE), &[1, 5, 6]);
    check_table(
        &Board::default_goal(Shape::new(4, 5).unwrap()),
        &[16, 19, 15],
    );
    check_table(&Board::default_goal(Shape::new(2, 12).unwrap()), &[22, 23]);
}

#[test]
fn bad_patterns_are_refused() {
    let goal = korf_goal(Shape::FOUR);
    assert!(PatternTable::build(&[1, 1], &goal).is_none());
    assert!(PatternTable::build(&[0, 1], &goal).is_none());
    assert!(PatternTable::build(&[16], &goal).is_none());
    // Up to 8 tiles on 4×4 (the 7-8 partition's larger table); 9 are refused.
    assert!(PatternTable::build(&[1, 2, 3, 4, 5, 6, 7, 8, 9], &goal).is_none());
    // Up to 6 tiles above 16 cells (the 6-6-6-6 partition of 5×5); 7 are
    // refused.
    let five = korf_goal(Shape::FIVE);
    assert!(PatternTable::build(&[1, 2, 3, 4, 5, 6, 7], &five).is_none());
    assert!(PatternTable::build(&[1, 2, 3, 4, 5, 6, 7, 8], &five).is_none());
}

#[test]
fn builder_reports_progress_and_finishes() {
    let goal = korf_goal(Shape::FOUR);
    let partition = Partition::from_groups(
        Shape::FOUR,
        "small",
        vec![
            vec![1, 2, 3, 4],
            vec![5, 6, 7, 8],
            vec![9, 10, 11, 12],
            vec![13, 14, 15],
        ],
    )
    .unwrap();
    let mut b = PdbBuilder::new(&partition, &goal);
    assert_eq!(b.progress().entries, 3 * 43_680 + 3_360);
    let mut steps = 0;
    while !b.step(500) {
        steps += 1;
        let p = b.progress();
        assert!(p.filled <= p.entries);
    }
    assert!(steps > 10);
    assert_eq!(b.progress().filled, 3 * 43_680 + 3_360);
    assert_eq!(b.progress().pattern, 4);
    let db = b.finish().unwrap();
    assert_eq!(db.estimate(&goal), 0);
    assert_eq!(db.bytes(), 3 * 43_680 / 2 + 3_360 / 2);
    assert_eq!(db.bytes(), table_bytes(&partition, Shape::FOUR));
}

/// The finished sizes of the partition table's databases (two entries a
/// byte), pinned for the shapes the page offers.
#[test]
fn table_sizes() {
    let bytes = |w: usize, h: usize| {
        let s = Shape::new(w, h).unwrap();
        table_bytes(&Partition::for_goal(&Board::default_goal(s)), s)
    };
    assert_eq!(bytes(3, 3), 181_440);
    assert_eq!(bytes(2, 3), 360);
    assert_eq!(bytes(3, 4), 380_160);
    assert_eq!(bytes(4, 4), 5_767_440);
    assert_eq!(bytes(4, 5), 2_848_860);
    assert_eq!(bytes(5, 5), 3 * 3_187_800 + 3_187_800 + 151_800);
}
