//! The whole-space search against a plain, independent breadth-first search,
//! the 3×3 distance table and the published figures.
//!
//! The workspace's test profile is optimised (opt-level 3, debug assertions
//! and overflow checks on), so 2×5 (1,814,400 boards) takes well under a
//! second here.

use eight_puzzle_engine::{
    contract::rank,
    moves::Metric,
    space::{
        explore, explore_in, explore_single, explore_single_in, parse_space_goal,
        parse_space_shape, space_bytes, space_bytes_in, Reach, SpaceError, SpaceResult,
        SpaceSearch, ANTIPODES_LISTED,
    },
    teaching::{DistanceTable, UNREACHABLE},
    Board, Move, ParityProof, Shape,
};
use std::collections::{HashMap, VecDeque};

/// The plain search: a queue of boards and a map from each board's cells
/// (packed four bits a cell) to its distance, every move through
/// `Board::apply`. Returns the count at each distance and the boards at the
/// largest one, sorted by their cells.
fn plain_bfs(goal: &Board) -> (Vec<u64>, Vec<Board>) {
    let mut dist: HashMap<u64, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(goal.packed(), 0);
    queue.push_back((*goal, 0));
    let mut counts: Vec<u64> = Vec::new();
    let mut far: Vec<Board> = Vec::new();
    while let Some((b, d)) = queue.pop_front() {
        if counts.len() == d as usize {
            counts.push(0);
            far.clear();
        }
        counts[d as usize] += 1;
        far.push(b);
        for m in Move::ALL {
            if let Some(n) = b.apply(m) {
                dist.entry(n.packed()).or_insert_with(|| {
                    queue.push_back((n, d + 1));
                    d + 1
                });
            }
        }
    }
    far.sort_by(|a, b| a.cells().cmp(b.cells()));
    (counts, far)
}

fn goal_of(shape: Shape, cells: &[u8]) -> Board {
    Board::new(shape, cells).unwrap()
}

/// The other goal of each test: the blank first, then 1 … n, with tiles 1
/// and 2 exchanged when needed to put it in the other parity class from the
/// default goal (so both classes' hashes are tested).
fn blank_first(shape: Shape) -> Board {
    let default = Board::default_goal(shape);
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    if ParityProof::of(&goal_of(shape, &cells), &default).same_parity() {
        cells.swap(1, 2);
    }
    let b = goal_of(shape, &cells);
    assert!(!ParityProof::of(&b, &default).same_parity());
    b
}

fn check_against_plain(goal: &Board) -> SpaceResult {
    let (counts, far) = plain_bfs(goal);
    let got = explore_single(goal).unwrap();
    assert_eq!(got.counts, counts, "{goal}");
    assert_eq!(got.antipode_count, far.len() as u64, "{goal}");
    let listed: Vec<Board> = far.into_iter().take(ANTIPODES_LISTED).collect();
    assert_eq!(got.antipodes, listed, "{goal}");
    assert_eq!(got.goal, *goal);
    got
}

#[test]
fn every_shape_up_to_nine_cells_equals_the_plain_search() {
    let shapes: Vec<Shape> = Shape::all()
        .into_iter()
        .filter(|s| s.cells() <= 9)
        .collect();
    let codes: Vec<String> = shapes.iter().map(|s| s.code()).collect();
    assert_eq!(codes, ["2x2", "2x3", "3x2", "2x4", "4x2", "3x3"]);
    for shape in shapes {
        let full: u64 = (1..=shape.cells() as u64).product::<u64>() / 2;
        for goal in [Board::default_goal(shape), blank_first(shape)] {
            let got = check_against_plain(&goal);
            assert_eq!(got.states(), full, "{goal}");
        }
    }
}

#[test]
fn published_figures_of_the_small_boards() {
    // Karlemo & Östergård; the 3×3 figures are the State space tab's.
    for (w, h, states, diameter) in [
        (2, 3, 360, 21),
        (3, 2, 360, 21),
        (2, 4, 20_160, 36),
        (4, 2, 20_160, 36),
        (3, 3, 181_440, 31),
    ] {
        let r = explore_single(&Board::default_goal(Shape::new(w, h).unwrap())).unwrap();
        assert_eq!((r.states(), r.diameter()), (states, diameter), "{w}x{h}");
    }
}

#[test]
fn two_by_five_totals_and_counts() {
    // Every count against the plain search on 2×5 (two wide, five tall);
    // the totals on 5×2, by two threads and by one.
    let goal = Board::default_goal(Shape::new(2, 5).unwrap());
    let r = check_against_plain(&goal);
    assert_eq!((r.states(), r.diameter()), (1_814_400, 55));
    assert_eq!(explore(&goal, 2, |_| {}).unwrap(), r);
    let goal = Board::default_goal(Shape::new(5, 2).unwrap());
    let r = explore(&goal, 2, |_| {}).unwrap();
    assert_eq!((r.states(), r.diameter()), (1_814_400, 55));
    assert_eq!(explore_single(&goal).unwrap(), r);
}

#[test]
fn three_by_three_equals_the_distance_table() {
    let goal = Board::DEFAULT_GOAL;
    let table = DistanceTable::new(&goal);
    let r = explore_single(&goal).unwrap();
    let histogram: Vec<u64> = table.histogram().iter().map(|&c| u64::from(c)).collect();
    assert_eq!(r.counts, histogram);
    assert_eq!(r.diameter(), 31);
    assert_eq!(r.states(), 181_440);
    // The tab lists the hardest boards in rank order, which is key order.
    let hardest: Vec<Board> = table
        .by_rank()
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != UNREACHABLE && u32::from(d) == table.diameter())
        .map(|(r, _)| eight_puzzle_engine::contract::unrank(r as u32).unwrap())
        .collect();
    assert_eq!(r.antipodes, hardest);
    assert_eq!(
        r.antipodes.iter().map(Board::to_json).collect::<Vec<_>>(),
        ["[6,4,7,8,5,0,3,2,1]", "[8,6,7,2,5,4,3,0,1]"]
    );
    assert_eq!(r.antipode_count, 2);
    assert_eq!(r.total_distance(), 3_986_672);
    assert!(rank(&r.antipodes[0]) < rank(&r.antipodes[1]));
}

#[test]
fn slices_threads_and_one_pass_agree_and_progress_climbs() {
    for goal in [
        Board::DEFAULT_GOAL,
        blank_first(Shape::new(4, 2).unwrap()),
        Board::default_goal(Shape::new(3, 2).unwrap()),
    ] {
        let whole = explore_single(&goal).unwrap();
        let mut search = SpaceSearch::new(&goal).unwrap();
        let total = whole.states();
        let (mut last_reached, mut last_depth, mut slices) = (0, 0, 0u64);
        while !search.step(40) {
            let p = search.progress();
            assert_eq!(p.total, total);
            assert!(p.reached >= last_reached && p.reached <= total);
            assert!(p.depth >= last_depth);
            (last_reached, last_depth) = (p.reached, p.depth);
            slices += 1;
        }
        assert!(slices > 10, "{goal}: {slices} slices");
        assert_eq!(search.progress().reached, total);
        assert_eq!(search.result(), Some(&whole));
        for threads in [1, 2, 3] {
            let mut calls = 0;
            let r = explore(&goal, threads, |p| {
                assert!(p.reached <= total);
                calls += 1;
            })
            .unwrap();
            assert_eq!(r, whole, "{goal} on {threads} threads");
            assert!(calls > whole.diameter());
        }
    }
}

#[test]
fn the_mean_and_the_memory() {
    let r = explore_single(&Board::default_goal(Shape::new(2, 2).unwrap())).unwrap();
    assert_eq!(r.counts, [1, 2, 2, 2, 2, 2, 1]);
    assert_eq!(r.mean(), 3.0);
    assert_eq!(space_bytes(Shape::new(4, 3).unwrap()), Ok(59_875_208));
    assert_eq!(space_bytes(Shape::new(5, 2).unwrap()), Ok(453_608));
    assert_eq!(space_bytes(Shape::THREE), Ok(45_368));
    assert_eq!(
        SpaceSearch::new(&Board::DEFAULT_GOAL).unwrap().bytes(),
        45_368
    ); // 2×7 and 7×2: natively 10.9 GB; in slices (the page) still refused
       // before any allocation, as over 12 cells.
    let two_by_seven = Shape::new(2, 7).unwrap();
    assert_eq!(
        space_bytes_in(two_by_seven, Reach::Native),
        Ok(10_897_286_408)
    );
    assert_eq!(
        space_bytes(two_by_seven),
        Err(SpaceError::TooLarge {
            shape: two_by_seven
        })
    );
    assert_eq!(
        SpaceSearch::new(&Board::default_goal(two_by_seven)).err(),
        Some(SpaceError::TooLarge {
            shape: two_by_seven
        })
    );
    let three_by_five = Shape::new(3, 5).unwrap();
    assert_eq!(
        SpaceSearch::within(
            &Board::default_goal(three_by_five),
            Metric::Multi,
            Reach::Native
        )
        .err(),
        Some(SpaceError::TooLargeNative {
            shape: three_by_five
        })
    );
}

#[test]
fn inputs_are_checked_with_specific_errors() {
    let kind = |t: &str| parse_space_shape(t).unwrap_err().kind();
    assert_eq!(kind("4"), "shape_syntax");
    assert_eq!(kind("4x-3"), "shape_syntax");
    assert_eq!(kind("ax3"), "shape_syntax");
    assert_eq!(kind("1x5"), "too_thin");
    assert_eq!(kind("6x5"), "too_large_for_space");
    assert_eq!(kind("9x8"), "too_many_cells");
    assert_eq!(kind("4x4"), "too_large_for_space");
    assert_eq!(kind("7x2"), "too_large_for_space");
    assert_eq!(parse_space_shape(" 4×3 "), Ok(Shape::new(4, 3).unwrap()));
    let e = parse_space_shape("2x7").unwrap_err();
    assert_eq!(e.field(), "shape");
    assert_eq!(
        e.to_string(),
        "a 2×7 board has 14 cells: 43,589,145,600 boards can reach any one goal (14!/2), and at 2 bits a board the search's table alone would need 10,897,286,400 bytes (10.9 GB); the exact search covers boards of at most 12 cells, the largest (3×4, 4×3) needing 59,875,200 bytes (59.9 MB) for 239,500,800 boards"
    );
    // Goals go through the engine's parser: its kinds and messages.
    let e = parse_space_goal("[1,2,3,4,5,6,7,8,8]").unwrap_err();
    assert_eq!((e.kind(), e.field()), ("duplicate", "goal"));
    let e = parse_space_goal("[[1,2,3],[4,0]]").unwrap_err();
    assert_eq!(e.kind(), "ragged_rows");
    let e = parse_space_goal("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]").unwrap_err();
    assert_eq!(e.kind(), "too_large_for_space");
    assert!(e.to_string().starts_with("a 4×4 board has 16 cells"));
    assert_eq!(
        parse_space_goal("[[1,2,3,4],[5,6,7,8],[9,10,11,0]]").map(|b| b.shape().code()),
        Ok("4x3".to_string())
    );
    let four = Board::default_goal(Shape::FOUR);
    assert_eq!(
        SpaceSearch::new(&four).err().map(|e| e.kind()),
        Some("too_large_for_space")
    );
}

/// The plain search of the multi-tile metric: a map from each board's cells
/// to its distance, the neighbours of a board every board reached by
/// `Board::apply` of one direction 1, 2, … times until the edge (one move
/// each). Returns the count at each distance and the boards at the largest
/// one, sorted by their cells.
fn plain_bfs_multi(goal: &Board) -> (Vec<u64>, Vec<Board>) {
    let mut dist: HashMap<u64, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(goal.packed(), 0);
    queue.push_back((*goal, 0));
    let mut counts: Vec<u64> = Vec::new();
    let mut far: Vec<Board> = Vec::new();
    while let Some((b, d)) = queue.pop_front() {
        if counts.len() == d as usize {
            counts.push(0);
            far.clear();
        }
        counts[d as usize] += 1;
        far.push(b);
        for m in Move::ALL {
            let mut at = b;
            while let Some(n) = at.apply(m) {
                dist.entry(n.packed()).or_insert_with(|| {
                    queue.push_back((n, d + 1));
                    d + 1
                });
                at = n;
            }
        }
    }
    far.sort_by(|a, b| a.cells().cmp(b.cells()));
    (counts, far)
}

fn check_multi_against_plain(goal: &Board) -> SpaceResult {
    let (counts, far) = plain_bfs_multi(goal);
    let got = explore_single_in(goal, Metric::Multi).unwrap();
    assert_eq!(got.counts, counts, "{goal}");
    assert_eq!(got.antipode_count, far.len() as u64, "{goal}");
    let listed: Vec<Board> = far.into_iter().take(ANTIPODES_LISTED).collect();
    assert_eq!(got.antipodes, listed, "{goal}");
    assert_eq!(got.goal, *goal);
    got
}

#[test]
fn multi_tile_spaces_up_to_ten_cells_equal_the_plain_search() {
    // Both parity classes of every shape up to 10 cells; on 2×2 and the
    // two-wide or two-tall boards' short sides a slide is one tile, so
    // only the long side differs from the single-tile metric.
    for shape in Shape::all().into_iter().filter(|s| s.cells() <= 10) {
        let full: u64 = (1..=shape.cells() as u64).product::<u64>() / 2;
        for goal in [Board::default_goal(shape), blank_first(shape)] {
            let got = check_multi_against_plain(&goal);
            assert_eq!(got.states(), full, "{goal}");
        }
    }
}

#[test]
fn multi_tile_figures() {
    // Computed here and cross-checked by the plain search above; 3×3
    // radius 24 from the corner-blank goal is the published MTM figure
    // (single-tile 31).
    let three = explore_single_in(&Board::DEFAULT_GOAL, Metric::Multi).unwrap();
    assert_eq!(
        three.counts,
        [
            1, 4, 8, 16, 32, 64, 127, 244, 454, 856, 1_576, 2_854, 5_117, 8_588, 13_466, 19_739,
            26_558, 31_485, 30_985, 23_494, 11_751, 3_390, 589, 41, 1
        ]
    );
    assert_eq!((three.states(), three.diameter()), (181_440, 24));
    assert_eq!(three.antipode_count, 1);
    assert_eq!(three.antipodes[0].to_json(), "[1,4,7,2,0,8,3,6,5]");
    assert_eq!(three.total_distance(), 3_003_557);
    // The long thin boards, both ways round: a slide along the short side
    // is one tile, so transposed boards agree.
    for (w, h, counts) in [
        (
            2,
            3,
            &[
                1, 3, 4, 6, 8, 12, 15, 18, 22, 30, 36, 45, 42, 30, 28, 24, 18, 9, 5, 3, 1,
            ][..],
        ),
        (
            2,
            4,
            &[
                1, 4, 6, 12, 18, 36, 53, 96, 136, 232, 324, 544, 728, 1_064, 1_366, 1_928, 2_321,
                2_780, 2_884, 2_436, 1_825, 800, 368, 140, 50, 8,
            ][..],
        ),
    ] {
        for (w, h) in [(w, h), (h, w)] {
            let goal = Board::default_goal(Shape::new(w, h).unwrap());
            let r = explore_single_in(&goal, Metric::Multi).unwrap();
            assert_eq!(r.counts, counts, "{w}x{h}");
        }
    }
    for (w, h, diameter) in [(2, 3, 20), (2, 4, 25), (2, 5, 36), (5, 2, 36)] {
        let goal = Board::default_goal(Shape::new(w, h).unwrap());
        let r = explore_single_in(&goal, Metric::Multi).unwrap();
        assert_eq!(r.diameter(), diameter, "{w}x{h}");
    }
    // On 2×2 every slide is one tile: the metrics agree.
    let two = Board::default_goal(Shape::new(2, 2).unwrap());
    assert_eq!(
        explore_single_in(&two, Metric::Multi).unwrap(),
        explore_single(&two).unwrap()
    );
}

#[test]
fn multi_tile_slices_threads_and_one_pass_agree() {
    let goal = Board::default_goal(Shape::new(5, 2).unwrap());
    let whole = explore_single_in(&goal, Metric::Multi).unwrap();
    assert_eq!(whole.states(), 1_814_400);
    assert_eq!(explore_in(&goal, Metric::Multi, 2, |_| {}).unwrap(), whole);
    let mut search = SpaceSearch::with_metric(&goal, Metric::Multi).unwrap();
    assert_eq!(search.metric(), Metric::Multi);
    while !search.step(5_000) {}
    assert_eq!(search.result(), Some(&whole));
    // The default stays the single-tile metric.
    assert_eq!(SpaceSearch::new(&goal).unwrap().metric(), Metric::Single);
    assert_eq!(
        explore_in(&goal, Metric::Single, 2, |_| {}).unwrap(),
        explore(&goal, 2, |_| {}).unwrap()
    );
}

#[test]
fn four_by_three_multi_tile_radius_33() {
    // 4 wide, 3 tall, from the default goal: radius 33 in the multi-tile
    // metric, the published figure (single-tile 53); the whole table,
    // 239,500,800 boards, on two threads.
    let goal = Board::default_goal(Shape::new(4, 3).unwrap());
    let r = explore_in(&goal, Metric::Multi, 2, |_| {}).unwrap();
    assert_eq!(r.states(), 239_500_800);
    assert_eq!(r.diameter(), 33);
    assert_eq!(r.antipode_count, 5);
    assert_eq!(&r.counts[..8], [1, 5, 12, 30, 72, 180, 431, 1_058]);
    assert_eq!(&r.counts[28..], [4_854_329, 939_300, 93_345, 5_229, 204, 5]);
    assert_eq!(r.total_distance(), 5_597_262_274);
    assert_eq!(
        r.antipodes.iter().map(Board::to_json).collect::<Vec<_>>(),
        [
            "[[0,8,2,1],[11,6,7,5],[3,4,10,9]]",
            "[[4,3,2,1],[8,11,6,5],[0,7,10,9]]",
            "[[4,3,6,1],[8,7,2,5],[0,11,10,9]]",
            "[[7,0,2,1],[4,3,6,5],[8,11,10,9]]",
            "[[11,8,2,1],[3,6,7,5],[0,4,10,9]]",
        ]
    );
}

/// A search stopped between two passes, its layer sizes and table copied
/// out and put into a new search, ends with the result of a run never
/// stopped: both metrics, stopped after the first, the fifth and the
/// twelfth pass, one and two threads.
#[test]
fn a_search_stopped_between_passes_resumes_to_the_same_result() {
    for metric in [Metric::Single, Metric::Multi] {
        for goal in [
            Board::DEFAULT_GOAL,
            Board::default_goal(Shape::new(4, 2).unwrap()),
        ] {
            let whole = explore_in(&goal, metric, 2, |_| {}).unwrap();
            for stop in [1, 5, 12] {
                let mut first = SpaceSearch::within(&goal, metric, Reach::Native).unwrap();
                let mut passes = 0;
                let stopped = first.run(
                    2,
                    |_| {},
                    |_| {
                        passes += 1;
                        passes < stop
                    },
                );
                assert_eq!(stopped, None);
                assert!(first.between_passes());
                let counts = first.counts().to_vec();
                assert_eq!(counts.len(), stop + 1);
                assert_eq!(counts[..], whole.counts[..=stop]);
                let mut words = vec![0u64; first.table_len()];
                assert_eq!(first.table_words(0, &mut words), words.len());
                drop(first);
                let mut second = SpaceSearch::within(&goal, metric, Reach::Native).unwrap();
                assert!(second.restore(counts.clone()));
                let half = words.len() / 2;
                second.load_words(0, &words[..half]);
                second.load_words(half, &words[half..]);
                assert_eq!(second.counts(), &counts[..]);
                let threads = if stop == 5 { 1 } else { 2 };
                let end = second.run(threads, |_| {}, |_| true);
                assert_eq!(end.as_ref(), Some(&whole), "{goal} {metric:?} {stop}");
            }
        }
    }
}

/// Layer sizes that cannot be a state of the space are refused.
#[test]
fn restore_refuses_impossible_layer_sizes() {
    let mut s = SpaceSearch::within(&Board::DEFAULT_GOAL, Metric::Single, Reach::Native).unwrap();
    for bad in [
        vec![],
        vec![2],
        vec![1, 0, 3],
        vec![1, 181_440],
        vec![1, u64::MAX, 2],
    ] {
        assert!(!s.restore(bad.clone()), "{bad:?}");
    }
    assert_eq!(s.counts(), &[1]);
    assert!(s.restore(vec![1, 2, 4]));
    assert_eq!(s.counts(), &[1, 2, 4]);
}
