//! The optimal solver on 4×4 (ported from the 15-puzzle tests): optimal
//! solutions on Korf's short instances with pinned node counts, the pattern
//! database's admissibility, solvability against a breadth-first search,
//! node budgets and slicing.

mod common;

use common::{cost, moves, Rng};
use eight_puzzle_engine::solve::{
    korf100, korf_goal, linear_conflict, manhattan, pdb_estimate, solve_optimal, Estimator,
    IdaStep, KorfInstance, OptimalSearch, Partition, PatternBuilder, PatternDb,
};
use eight_puzzle_engine::{check_parity, Board, Move, Shape, UnknownReason, Verdict};
use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

fn goal() -> Board {
    korf_goal(Shape::FOUR)
}

/// One 6-6-3 database for Korf's goal, built once for every test here.
fn korf_db() -> Arc<PatternDb> {
    static DB: OnceLock<Arc<PatternDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(PatternDb::build(&Partition::for_goal(&goal()), &goal()).unwrap()))
        .clone()
}

fn instance(id: u32) -> KorfInstance {
    korf100().into_iter().find(|k| k.id == id).unwrap()
}

fn path(start: &Board, moves: &[Move]) -> Vec<Board> {
    let mut b = *start;
    let mut out = vec![b];
    for &m in moves {
        b = b.apply(m).unwrap();
        out.push(b);
    }
    out
}

#[test]
fn short_korf_instances_are_solved_optimally_with_pdb_663() {
    let h = Estimator::Pdb(korf_db());
    for (id, len) in [(79, 42), (42, 42), (16, 42), (55, 41), (12, 45)] {
        let k = instance(id);
        assert_eq!(k.optimal, len);
        let out = solve_optimal(&k.start, &goal(), &h, None).unwrap();
        assert_eq!(cost(&out.verdict), len, "instance {id}");
        assert_eq!(out.progress.bound, len);
        assert_eq!(out.lower_bound(), Some(len));
        assert_eq!(out.heuristic, "pdb-663");
        let Verdict::Solved(s) = &out.verdict else {
            panic!()
        };
        assert_eq!(s.boards.len() as u32, len + 1);
        assert_eq!(*s.boards.last().unwrap(), goal());
        assert_eq!(*path(&k.start, &s.moves).last().unwrap(), goal());
        assert!(
            out.progress.generated < k.manhattan_nodes.unwrap(),
            "instance {id}"
        );
    }
}

/// The search effort on the short instances, pinned (the same counts as the
/// 4×4-only solver gave): children entered by h with the 6-6-3 database.
#[test]
fn short_korf_instances_generate_pinned_node_counts() {
    let h = Estimator::Pdb(korf_db());
    for (id, generated) in [
        (79, 4_323),
        (42, 1_607),
        (16, 93_406),
        (55, 5_480),
        (12, 5_770),
    ] {
        let out = solve_optimal(&instance(id).start, &goal(), &h, None).unwrap();
        assert_eq!(out.progress.generated, generated, "instance {id}");
    }
}

#[test]
fn manhattan_and_linear_conflict_agree_on_short_instances() {
    for id in [79, 12] {
        let k = instance(id);
        let m = solve_optimal(&k.start, &goal(), &Estimator::Manhattan, None).unwrap();
        let lc = solve_optimal(&k.start, &goal(), &Estimator::LinearConflict, None).unwrap();
        assert_eq!(cost(&m.verdict), k.optimal);
        assert_eq!(cost(&lc.verdict), k.optimal);
        assert!(lc.progress.generated < m.progress.generated);
        assert_eq!(m.progress.initial_h, manhattan(&k.start, &goal()));
        assert_eq!(lc.progress.initial_h, linear_conflict(&k.start, &goal()));
    }
    // Manhattan and linear conflict, pinned: the same counts as the
    // 4×4-only solver (children entered by h, smallest first).
    for (id, counts) in [(79, (590_190, 105_463)), (12, (568_708, 179_698))] {
        let k = instance(id);
        let m = solve_optimal(&k.start, &goal(), &Estimator::Manhattan, None).unwrap();
        let lc = solve_optimal(&k.start, &goal(), &Estimator::LinearConflict, None).unwrap();
        assert_eq!(
            (m.progress.generated, lc.progress.generated),
            counts,
            "#{id}"
        );
    }
}

#[test]
fn pdb_never_overestimates_along_optimal_paths() {
    let db = korf_db();
    let h = Estimator::Pdb(db.clone());
    let g = goal();
    for id in [79, 42, 16, 55, 12] {
        let k = instance(id);
        let out = solve_optimal(&k.start, &g, &h, None).unwrap();
        let boards = path(&k.start, moves(&out.verdict));
        let len = boards.len() - 1;
        for (i, b) in boards.iter().enumerate() {
            let left = (len - i) as u32;
            assert!(db.estimate(b) <= left, "#{id} step {i}");
            assert!(pdb_estimate(&db, b) <= left, "#{id} step {i}");
            assert!(pdb_estimate(&db, b) >= db.estimate(b));
            assert!(linear_conflict(b, &g) <= left, "#{id} step {i}");
            for (table, &v) in db.tables().iter().zip(&db.parts(b)) {
                let md: u32 = table
                    .tiles()
                    .iter()
                    .map(|&t| Shape::FOUR.distance(b.cell_of(t), g.cell_of(t)))
                    .sum();
                assert!(u32::from(v) >= md, "#{id} step {i}");
            }
            assert!(db.estimate(b) >= manhattan(b, &g));
        }
    }
}

#[test]
fn random_walks_pdb_admissible_and_optimal() {
    let db = korf_db();
    let g = goal();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for n in 0..40 {
        let start = rng.walk(&g, 10 + n % 20);
        let p = solve_optimal(&start, &g, &Estimator::Pdb(db.clone()), None).unwrap();
        let m = solve_optimal(&start, &g, &Estimator::Manhattan, None).unwrap();
        let c = cost(&p.verdict);
        assert_eq!(c, cost(&m.verdict), "{start}");
        assert!(pdb_estimate(&db, &start) <= c);
        assert_eq!(p.progress.initial_h, pdb_estimate(&db, &start));
    }
}

#[test]
fn sliced_build_equals_one_shot_build() {
    let db = korf_db();
    let table = &db.tables()[1];
    assert_eq!(table.tiles(), [1, 4, 5, 8, 9, 12]);
    let mut b = PatternBuilder::new(table.tiles(), &goal()).unwrap();
    let mut slices = 0;
    let mut last = 0;
    while !b.step(250_000) {
        slices += 1;
        let (_, filled, entries) = b.progress();
        assert!(filled >= last && filled <= entries);
        last = filled;
    }
    assert!(slices > 3);
    let sliced = b.finish().unwrap();
    assert_eq!(sliced.len(), 5_765_760);
    assert_eq!(sliced.max_value(), table.max_value());
    let mut rng = Rng(7);
    for _ in 0..20_000 {
        let mut cells = [0u8; 6];
        let mut used = 0u32;
        for c in &mut cells {
            loop {
                let x = (rng.next() % 16) as u8;
                if used & (1 << x) == 0 {
                    used |= 1 << x;
                    *c = x;
                    break;
                }
            }
        }
        assert_eq!(sliced.value(&cells), table.value(&cells));
    }
    assert_eq!(db.bytes(), 2 * 2_882_880 + 1_680);
}

/// Every board within ten moves of a goal is judged solvable; swapping two
/// tiles of any of them gives a board judged unsolvable and not among them.
#[test]
fn solvability_matches_breadth_first_search() {
    let goals = [
        (Board::default_goal(Shape::FOUR), 3_754),
        (goal(), 3_754),
        (
            Board::square(&[5, 1, 2, 3, 4, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]).unwrap(),
            6_073,
        ),
    ];
    for (g, within_ten) in goals {
        let mut seen: HashSet<Board> = HashSet::from([g]);
        let mut layer = vec![g];
        for _ in 0..10 {
            let mut next = Vec::new();
            for b in &layer {
                for n in b.legal_moves().filter_map(|m| b.apply(m)) {
                    if seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            layer = next;
        }
        assert_eq!(seen.len(), within_ten);
        for b in &seen {
            assert_eq!(check_parity(b, &g), Ok(()), "{b}");
            let mut cells = b.cells().to_vec();
            let (i, j) = if cells[0] != 0 && cells[1] != 0 {
                (0, 1)
            } else {
                (2, 3)
            };
            cells.swap(i, j);
            let swapped = Board::new(Shape::FOUR, &cells).unwrap();
            assert!(!seen.contains(&swapped));
            let proof = check_parity(&swapped, &g).unwrap_err();
            assert_ne!(proof.start_sum() % 2, proof.goal_sum() % 2);
        }
    }
}

#[test]
fn node_budget_gives_unknown_with_a_proven_lower_bound() {
    let g = goal();
    let k = instance(16);
    let out = solve_optimal(&k.start, &g, &Estimator::Manhattan, Some(200_000)).unwrap();
    assert_eq!(out.progress.generated, 200_000);
    let Verdict::Unknown(reason) = out.verdict else {
        panic!("{:?}", out.verdict)
    };
    let UnknownReason::NodeBudget {
        lower_bound,
        completed_bound,
    } = reason
    else {
        panic!("{reason:?}")
    };
    assert_eq!(reason.name(), "NodeBudget");
    assert_eq!(UnknownReason::BudgetExceeded.name(), "BudgetExceeded");
    assert!(lower_bound <= 42);
    assert!(lower_bound > out.progress.initial_h);
    assert_eq!(lower_bound, out.progress.bound);
    assert_eq!(out.lower_bound(), Some(lower_bound));
    assert_eq!(completed_bound, Some(lower_bound - 2));
    // Unsolvable: no search, both parts of the proof.
    let mut cells = g.cells().to_vec();
    cells.swap(1, 2);
    let bad = Board::new(Shape::FOUR, &cells).unwrap();
    let out = solve_optimal(&bad, &g, &Estimator::Manhattan, None).unwrap();
    let Verdict::Unsolvable(p) = out.verdict else {
        panic!()
    };
    assert_eq!(
        (p.start, p.start_blank_row, p.goal, p.goal_blank_row),
        (1, Some(4), 0, Some(4))
    );
    assert_eq!(out.progress.generated, 0);
    assert_eq!(out.lower_bound(), None);
}

#[test]
fn slices_resume_to_the_same_answer() {
    let g = goal();
    let h = Estimator::Pdb(korf_db());
    let k = instance(55);
    let whole = solve_optimal(&k.start, &g, &h, None).unwrap();
    let mut search = OptimalSearch::new(&k.start, &g, &h).unwrap().unwrap();
    let mut slices = 0;
    let mut last_bound = 0;
    loop {
        match search.run_for(499) {
            IdaStep::Found => break,
            IdaStep::Running(p) => {
                assert!(p.bound >= last_bound);
                assert_eq!(p.generated, 499 * (slices + 1));
                last_bound = p.bound;
                slices += 1;
            }
        }
    }
    assert!(slices > 5);
    let sliced = search.outcome().unwrap();
    assert_eq!(sliced.verdict, whole.verdict);
    assert_eq!(sliced.progress, whole.progress);
    // A database built for another goal is refused, and so is a goal of
    // another shape.
    let other = Board::default_goal(Shape::FOUR);
    assert_eq!(
        OptimalSearch::new(&k.start, &other, &h)
            .err()
            .map(|e| e.kind()),
        Some("database_goal")
    );
    assert_eq!(
        OptimalSearch::new(&k.start, &Board::DEFAULT_GOAL, &Estimator::Manhattan)
            .err()
            .map(|e| e.kind()),
        Some("shape_mismatch")
    );
}

#[test]
fn already_solved_and_one_move() {
    let g = Board::default_goal(Shape::FOUR);
    let out = solve_optimal(&g, &g, &Estimator::LinearConflict, None).unwrap();
    assert_eq!(moves(&out.verdict), []);
    assert_eq!(out.progress.generated, 0);
    let start = Board::square(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]).unwrap();
    let out = solve_optimal(&start, &g, &Estimator::Manhattan, None).unwrap();
    assert_eq!(moves(&out.verdict), [Move::Right]);
    assert_eq!(out.progress.generated, 3);
}

/// The estimate of every one of Korf's 100 starts: at most the published
/// optimal length, of its parity, at least Manhattan; the sum, 4,327, is
/// the one the 4×4-only solver gave.
#[test]
fn korf_starts_estimates_are_admissible_and_pinned() {
    let db = korf_db();
    let mut sum = 0;
    for k in korf100() {
        let h = pdb_estimate(&db, &k.start);
        assert!(h <= k.optimal, "instance {}", k.id);
        assert_eq!(h % 2, k.optimal % 2, "instance {}", k.id);
        assert!(db.estimate(&k.start) >= manhattan(&k.start, &goal()));
        sum += h;
    }
    assert_eq!(sum, 4_327);
}

/// All of Korf's 100, each at its published optimal length, with the total
/// node count pinned (40,969,707, the 4×4-only solver's count). About 4 s
/// of search at the test profile's opt-level 3.
#[test]
fn all_hundred_korf_instances_are_optimal() {
    let h = Estimator::Pdb(korf_db());
    let mut generated = 0;
    for k in korf100() {
        let out = solve_optimal(&k.start, &goal(), &h, None).unwrap();
        assert_eq!(cost(&out.verdict), k.optimal, "instance {}", k.id);
        generated += out.progress.generated;
    }
    assert_eq!(generated, 40_969_707);
}
