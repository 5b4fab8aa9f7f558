//! Pattern tables against a plain 0-1 breadth-first search over (tile
//! cells, blank cell), on shapes with four-bit and five-bit cells, merged
//! and unmerged builds; sliced database builds with progress.

mod common;

use common::check_table;
use eight_puzzle_engine::solve::{korf_goal, table_bytes, Partition, PatternTable, PdbBuilder};
use eight_puzzle_engine::{Board, Shape};

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
