//! The heuristic check against a plain, independent computation: a
//! breadth-first search over `Board::apply` with a map of distances, h of
//! every board by `Program::eval`, and every figure (the worst cases with
//! their tie-breaks too) computed from those by plain loops.

use eight_puzzle_engine::{
    heuristic::expr::{EvalError, Program},
    heuristic::{CheckError, CheckResult, HCount, HeuristicCheck, Inconsistency, Overestimate},
    Board, Move, Shape,
};
use std::collections::{BTreeMap, HashMap, VecDeque};

/// Every board that can reach `goal`, with its distance, by key.
fn plain_bfs(goal: &Board) -> BTreeMap<u64, (Board, u32)> {
    let mut dist: HashMap<u64, (Board, u32)> = HashMap::new();
    let mut queue = VecDeque::from([(*goal, 0u32)]);
    dist.insert(goal.packed(), (*goal, 0));
    while let Some((b, d)) = queue.pop_front() {
        for mv in Move::ALL {
            if let Some(n) = b.apply(mv) {
                dist.entry(n.packed()).or_insert_with(|| {
                    queue.push_back((n, d + 1));
                    (n, d + 1)
                });
            }
        }
    }
    dist.into_iter().collect()
}

/// Every figure, by plain loops.
fn plain_check(goal: &Board, text: &str) -> CheckResult {
    let p = Program::compile(text, goal).unwrap();
    let all = plain_bfs(goal);
    let h: HashMap<u64, i64> = all
        .iter()
        .map(|(&k, (b, _))| (k, p.eval(b).unwrap()))
        .collect();
    let boards = all.len() as u64;
    let mut over = 0;
    let mut worst_over: Option<(i64, u64)> = None;
    let mut moves = 0;
    let mut worst_move: Option<(i64, u64, u64)> = None;
    let mut exact = 0;
    let mut ratio = 0.0;
    let mut counts = vec![];
    let mut pairs: BTreeMap<(u32, i64), u64> = BTreeMap::new();
    for (&k, &(b, d)) in &all {
        let hb = h[&k];
        if counts.len() <= d as usize {
            counts.resize(d as usize + 1, 0);
        }
        counts[d as usize] += 1;
        *pairs.entry((d, hb)).or_insert(0) += 1;
        exact += u64::from(hb == i64::from(d));
        if d > 0 {
            ratio += hb as f64 / f64::from(d);
        }
        if hb > i64::from(d) {
            over += 1;
            let x = hb - i64::from(d);
            // Keys ascend, so the first of the largest excess is kept.
            if worst_over.is_none_or(|(w, _)| x > w) {
                worst_over = Some((x, k));
            }
        }
        for mv in Move::ALL {
            if let Some(n) = b.apply(mv) {
                let hn = h[&n.packed()];
                if hb > 1 + hn {
                    moves += 1;
                    let x = hb - 1 - hn;
                    let cand = (x, k, n.packed());
                    if worst_move
                        .is_none_or(|(w, wa, wb)| x > w || (x == w && (k, n.packed()) < (wa, wb)))
                    {
                        worst_move = Some(cand);
                    }
                }
            }
        }
    }
    let board = |k: u64| all[&k].0;
    CheckResult {
        goal: *goal,
        metric: Default::default(),
        boards,
        admissible: over == 0,
        overestimates: over,
        worst_overestimate: worst_over.map(|(_, k)| Overestimate {
            board: board(k),
            h: h[&k],
            distance: all[&k].1,
        }),
        consistent: moves == 0,
        inconsistent_moves: moves,
        worst_inconsistency: worst_move.map(|(_, a, b)| Inconsistency {
            from: board(a),
            to: board(b),
            h_from: h[&a],
            h_to: h[&b],
        }),
        mean_ratio: ratio / (boards - 1) as f64,
        exact_share: exact as f64 / boards as f64,
        exact,
        counts,
        h_vs_distance: pairs
            .into_iter()
            .map(|((distance, h), count)| HCount { distance, h, count })
            .collect(),
        sample: None,
    }
}

/// The check run in small slices, progress rising to the end.
fn sliced(goal: &Board, text: &str) -> CheckResult {
    let mut check = HeuristicCheck::new(Program::compile(text, goal).unwrap()).unwrap();
    let mut last = 0;
    while !check.step(97) {
        let p = check.progress();
        assert!(p.checked > last && p.checked < p.total);
        last = p.checked;
    }
    assert!(check.failure().is_none());
    let p = check.progress();
    assert_eq!(p.checked, p.total);
    check.result().unwrap().clone()
}

fn same(goal: &Board, text: &str) -> CheckResult {
    let mut got = sliced(goal, text);
    let want = plain_check(goal, text);
    assert!(
        (got.mean_ratio - want.mean_ratio).abs() <= 1e-12 * want.mean_ratio.max(1.0),
        "{text}"
    );
    got.mean_ratio = want.mean_ratio;
    assert_eq!(got, want, "{text} on {goal}");
    got
}

/// A condition true on `board` only: every tile's row and column.
fn only(board: &Board) -> String {
    let shape = board.shape();
    let parts: Vec<String> = (1..shape.cells() as u8)
        .map(|t| {
            let c = board.cell_of(t);
            format!(
                "row({t}) == {} && col({t}) == {}",
                shape.row_of(c),
                shape.col_of(c)
            )
        })
        .collect();
    parts.join(" && ")
}

#[test]
fn manhattan_on_2x3_against_a_plain_bfs() {
    let goal = Board::default_goal(Shape::new(3, 2).unwrap());
    let r = same(&goal, "manhattan");
    assert_eq!((r.boards, r.admissible, r.consistent), (360, true, true));
    assert_eq!((r.overestimates, r.inconsistent_moves), (0, 0));
    assert_eq!((r.worst_overestimate, r.worst_inconsistency), (None, None));
    assert_eq!(r.counts.len(), 22);
}

#[test]
fn many_heuristics_on_small_shapes_against_plain_loops() {
    let exprs = [
        "manhattan",
        "misplaced",
        "linear_conflict",
        "2 * manhattan",
        "max(manhattan, 2 * misplaced - 1)",
        "manhattan + misplaced",
        "out_of_row + out_of_col",
        "if(blank_row == 0, manhattan + 3, manhattan / 2)",
        "0",
        "md(1) * 200",
    ];
    for (w, h) in [(2, 2), (3, 2), (2, 3), (2, 4)] {
        let shape = Shape::new(w, h).unwrap();
        let goal = Board::default_goal(shape);
        for text in exprs {
            same(&goal, text);
        }
    }
    // Another goal, the other class.
    let goal = Board::new(Shape::new(3, 2).unwrap(), &[2, 1, 3, 4, 5, 0]).unwrap();
    for text in exprs {
        same(&goal, text);
    }
}

#[test]
fn planted_overestimates_are_found_at_exactly_the_planted_boards() {
    let shape = Shape::new(3, 2).unwrap();
    let goal = Board::default_goal(shape);
    let far = Board::new(shape, &[0, 5, 4, 3, 2, 1]).unwrap();
    let near = Board::new(shape, &[1, 2, 3, 4, 0, 5]).unwrap();
    let text = format!("if({}, 30, if({}, 5, manhattan))", only(&far), only(&near));
    let r = same(&goal, &text);
    // d(near) = 1 < 5; far is at distance ≤ 21 < 30: both overestimate.
    assert_eq!(r.overestimates, 2);
    let worst = r.worst_overestimate.unwrap();
    assert_eq!((worst.board, worst.h), (far, 30));
    // The planted boards' moves to their neighbours: 2 from near's cell
    // (bottom middle) has 3 neighbours, far's blank (top left) 2; near's h
    // 5 exceeds 1 + h of its neighbours (Manhattan 0 or 2) on all three.
    assert_eq!(r.inconsistent_moves, 5);
    assert_eq!(r.worst_inconsistency.unwrap().from, far);
    // 3×3, the whole space against plain loops.
    let goal = Board::default_goal(Shape::THREE);
    let planted = Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let r = same(&goal, &format!("if({}, 99, manhattan)", only(&planted)));
    assert_eq!(r.overestimates, 1);
    assert_eq!(
        r.worst_overestimate.unwrap(),
        Overestimate {
            board: planted,
            h: 99,
            distance: 31
        }
    );
    assert_eq!(r.inconsistent_moves, 3);
}

#[test]
fn errors_on_the_first_board_in_breadth_first_order() {
    let shape = Shape::new(3, 2).unwrap();
    let goal = Board::default_goal(shape);
    // The goal itself: 1 / misplaced divides by zero at once.
    let mut c = HeuristicCheck::new(Program::compile("1 / misplaced", &goal).unwrap()).unwrap();
    assert!(c.step(u64::MAX));
    let f = c.failure().unwrap();
    assert_eq!(
        (f.board, f.distance, f.error),
        (goal, Some(0), EvalError::DivisionByZero { at: 2 })
    );
    assert!(c.result().is_none());
    assert_eq!(
        f.to_string(),
        "on the board [[1,2,3],[4,5,0]] (distance 0): division by zero (the `/` at character 3)"
    );
    // Negative from distance 2 on (Manhattan 2 there, 1 at distance 1).
    let mut c = HeuristicCheck::new(Program::compile("1 - manhattan", &goal).unwrap()).unwrap();
    assert!(c.step(u64::MAX));
    let f = c.failure().unwrap();
    assert_eq!(f.distance, Some(2));
    assert_eq!(f.error, EvalError::Negative { h: -1 });
    // Too large: every board up to 10 cells, a sample of 12, nothing more.
    let big = Board::default_goal(Shape::new(4, 3).unwrap());
    let e = HeuristicCheck::every(Program::compile("manhattan", &big).unwrap()).err();
    assert_eq!(e.map(|e| e.kind()), Some("too_large_for_check"));
    let four = Board::default_goal(Shape::FOUR);
    assert!(matches!(
        HeuristicCheck::new(Program::compile("manhattan", &four).unwrap()),
        Err(CheckError::TooLarge { .. })
    ));
}

/// A sample as large as the class draws every board, and then gives the
/// exhaustive check's figures exactly (moves between two sampled boards
/// counted once); a smaller one is stated and its figures add up.
#[test]
fn a_sample_of_every_board_is_the_exhaustive_check() {
    for (shape, texts) in [
        (
            Shape::new(3, 2).unwrap(),
            &[
                "manhattan",
                "2 * manhattan",
                "max(manhattan, 2 * misplaced - 1)",
            ][..],
        ),
        (Shape::THREE, &["max(manhattan, 2 * misplaced - 1)"][..]),
    ] {
        let goal = Board::default_goal(shape);
        for &text in texts {
            let p = Program::compile(text, &goal).unwrap();
            let mut every = HeuristicCheck::every(p.clone()).unwrap();
            while !every.step(u64::MAX) {}
            let mut all = HeuristicCheck::sampled(p, usize::MAX, 7).unwrap();
            let mut last = 0;
            while !all.step(1_000) {
                let q = all.progress();
                assert!(q.checked >= last && q.checked < q.total);
                last = q.checked;
            }
            let mut got = all.result().unwrap().clone();
            let want = every.result().unwrap();
            let info = got.sample.take().unwrap();
            assert_eq!(info.class_boards, want.boards);
            assert!((got.mean_ratio - want.mean_ratio).abs() <= 1e-12);
            got.mean_ratio = want.mean_ratio;
            assert_eq!(&got, want, "{text}");
        }
    }
    let goal = Board::default_goal(Shape::THREE);
    let mut c =
        HeuristicCheck::sampled(Program::compile("manhattan", &goal).unwrap(), 1_000, 3).unwrap();
    while !c.step(u64::MAX) {}
    let r = c.result().unwrap();
    assert_eq!(r.boards, 1_000);
    assert_eq!(r.counts.iter().sum::<u64>(), 1_000);
    assert_eq!(r.h_vs_distance.iter().map(|c| c.count).sum::<u64>(), 1_000);
    assert!(r.admissible && r.consistent);
}
