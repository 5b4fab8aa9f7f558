//! `pdb-6666` without its full build (which takes minutes of both cores and
//! is measured by hand, BENCHMARKS.md): Korf & Felner's partition, the same
//! builder on 6-tile patterns of a board above 16 cells (five-bit cells,
//! 35-bit queued states, unmerged marks) against a plain search, 3×5
//! tables against a plain breadth-first search entry by entry, and on a
//! 4×4 analogue the reflected look-up against the look-up of the reflected
//! board and admissibility against exact distances.

mod common;

use common::{check_table, pattern_bfs, Rng};
use eight_puzzle_engine::solve::{
    korf_goal, pdb_estimate, placements, solve_optimal, Partition, PatternDb, PatternTable,
};
use eight_puzzle_engine::{Board, Shape, Verdict};
use std::collections::HashMap;
use std::sync::Arc;

#[test]
fn the_partition_is_korf_and_felners() {
    let goal = korf_goal(Shape::FIVE);
    let p = Partition::six_six_six_six(&goal).unwrap();
    assert_eq!(p.name(), "pdb-6666");
    assert_eq!(
        p.groups(),
        [
            vec![1, 2, 5, 6, 7, 12],
            vec![3, 4, 8, 9, 13, 14],
            vec![10, 11, 15, 16, 20, 21],
            vec![17, 18, 19, 22, 23, 24]
        ]
    );
    assert!(Partition::from_groups(Shape::FIVE, "pdb-6666", p.groups().to_vec()).is_some());
    // The default goal (blank in the bottom-right corner): the layout
    // turned into that corner, so tile t + 1 stands where Korf's t stood
    // mirrored.
    let d = Partition::six_six_six_six(&Board::default_goal(Shape::FIVE)).unwrap();
    assert_eq!(
        d.groups(),
        [
            vec![24, 23, 20, 19, 18, 13],
            vec![22, 21, 17, 16, 12, 11],
            vec![15, 14, 10, 9, 5, 4],
            vec![8, 7, 6, 3, 2, 1]
        ]
    );
    assert!(Partition::six_six_six_six(&korf_goal(Shape::FOUR)).is_none());
    // Seven tiles are still too many above 16 cells.
    let five = korf_goal(Shape::FIVE);
    assert!(PatternTable::build(&[1, 2, 3, 4, 5, 6, 7], &five).is_none());
}

/// The fewest pattern-tile moves from the placement `from` (any blank
/// cell) to the goal placement `home`: the plain 0-1 search from every
/// blank cell at once, to the first state with the tiles home.
fn plain_distance(shape: Shape, from: &[u8], home: &[u8]) -> u8 {
    let mut found = u8::MAX;
    let sources = (0..shape.cells() as u8)
        .filter(|b| !from.contains(b))
        .map(|b| (from.to_vec(), b));
    pattern_bfs(shape, sources, |at, d| {
        if at == home {
            found = d;
        }
        at == home
    });
    found
}

#[test]
fn six_tiles_on_eighteen_cells_match_a_plain_search() {
    // 3×6: five-bit cells, 12 free cells (unmerged marks), 35-bit states.
    let shape = Shape::new(3, 6).unwrap();
    let goal = Board::default_goal(shape);
    let tiles = [1u8, 2, 4, 5, 7, 8];
    let table = PatternTable::build(&tiles, &goal).unwrap();
    assert_eq!(table.len(), placements(6, 18));
    assert_eq!(table.len(), 13_366_080);
    assert_eq!(table.bytes(), 6_683_040);
    let home: Vec<u8> = tiles.iter().map(|&t| goal.cell_of(t) as u8).collect();
    assert_eq!(table.value(&home), 0);
    let mut rng = Rng(0x6666_2002);
    let mut checked = HashMap::new();
    for i in 0..40 {
        let b = rng.walk(&goal, 10 + i);
        let cells: Vec<u8> = tiles.iter().map(|&t| b.cell_of(t) as u8).collect();
        let d = plain_distance(shape, &cells, &home);
        assert_eq!(table.value(&cells), d, "{cells:?}");
        checked.insert(cells, d);
    }
    // The samples reach well past the goal's neighbourhood.
    let far = checked.values().filter(|&&d| d >= 8).count();
    assert_eq!(
        (checked.len(), far, checked.values().max()),
        (27, 3, Some(&12))
    );
}

#[test]
fn three_by_five_tables_match_plain_bfs_entry_by_entry() {
    let s = Shape::new(3, 5).unwrap();
    check_table(&Board::default_goal(s), &[1, 2, 4, 5, 7]);
    let s = Shape::new(5, 3).unwrap();
    check_table(&Board::default_goal(s), &[1, 2, 6, 7, 11]);
}

/// A 4×4 analogue of the 6-6-6-6 layout: the blank's corner block and
/// three blocks, a partition that is not its own reflection about the main
/// diagonal (for one that is, the reflected sum equals the plain one).
fn analogue() -> (Board, Arc<PatternDb>) {
    let goal = korf_goal(Shape::FOUR);
    let p = Partition::from_groups(
        Shape::FOUR,
        "pdb-4443",
        vec![
            vec![1, 2, 4, 5],
            vec![3, 6, 7],
            vec![8, 9, 12, 13],
            vec![10, 11, 14, 15],
        ],
    )
    .unwrap();
    (goal, Arc::new(PatternDb::build(&p, &goal).unwrap()))
}

/// `b` reflected about the main diagonal, tiles relabelled so that Korf's
/// goal is its own reflection.
fn reflected(b: &Board) -> Board {
    let r = |x: usize| (x % 4) * 4 + x / 4;
    let mut cells = [0u8; 16];
    for (c, &t) in b.cells().iter().enumerate() {
        cells[r(c)] = r(usize::from(t)) as u8;
    }
    Board::square(&cells).unwrap()
}

#[test]
fn the_reflected_look_up_is_the_look_up_of_the_reflected_board() {
    let (goal, db) = analogue();
    let mut rng = Rng(0x2002_6666);
    let mut differ = 0;
    for i in 0..400 {
        let b = rng.walk(&goal, 10 + i % 60);
        let (plain, mirror) = (db.estimate(&b), db.estimate(&reflected(&b)));
        assert_eq!(pdb_estimate(&db, &b), plain.max(mirror), "{b}");
        differ += usize::from(plain != mirror);
    }
    // The reflection matters on this layout.
    assert_eq!(differ, 64);
}

#[test]
fn admissible_against_exact_distances_on_the_analogue() {
    let (goal, db) = analogue();
    let exact = pdb_of(&goal);
    let mut rng = Rng(0x0038_0040);
    for i in 0..60 {
        let b = rng.walk(&goal, 20 + i);
        let out = solve_optimal(&b, &goal, &exact, None).unwrap();
        let Verdict::Solved(s) = out.verdict else {
            panic!("{b}: not solved")
        };
        let h = pdb_estimate(&db, &b);
        assert!(h <= s.cost, "{b}: h {h} > {}", s.cost);
        // Every move changes the Manhattan distance by one and the stored
        // excesses count in twos: h has the distance's parity.
        assert_eq!((s.cost - h) % 2, 0, "{b}");
    }
}

/// The shape's pattern database toward `goal`, as the solver runs it.
fn pdb_of(goal: &eight_puzzle_engine::Board) -> eight_puzzle_engine::solve::Estimator {
    use eight_puzzle_engine::heuristic::{prepared, BuiltIn};
    prepared(&BuiltIn::Pdb.into(), goal)
        .and_then(|r| r.estimator().ok_or_else(|| unreachable!()))
        .unwrap()
}
