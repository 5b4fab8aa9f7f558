//! The 15-puzzle engine: optimal solutions on Korf's short instances, the
//! pattern database's admissibility and additivity, solvability against a
//! breadth-first search, budgets and slicing.

use eight_puzzle::engine::fifteen::{
    apply16, check_parity16, korf100, linear_conflict16, manhattan16, pdb_estimate16, solve16,
    target16, Board16, Heuristic16, Ida16, IdaStep, KorfInstance, Partition, PatternBuilder,
    PatternDb, Verdict16,
};
use eight_puzzle::engine::Move;
use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

/// One 6-6-3 database for Korf's goal, built once for every test here.
fn korf_db() -> Arc<PatternDb> {
    static DB: OnceLock<Arc<PatternDb>> = OnceLock::new();
    DB.get_or_init(|| {
        Arc::new(PatternDb::build(
            &Partition::six_six_three(&Board16::KORF_GOAL),
            &Board16::KORF_GOAL,
        ))
    })
    .clone()
}

fn instance(id: u32) -> KorfInstance {
    korf100().into_iter().find(|k| k.id == id).unwrap()
}

fn solved(v: &Verdict16) -> &[Move] {
    match v {
        Verdict16::Solved(s) => &s.moves,
        other => panic!("not solved: {other:?}"),
    }
}

/// The boards along a path, start first.
fn path(start: &Board16, moves: &[Move]) -> Vec<Board16> {
    let mut b = *start;
    let mut out = vec![b];
    for &m in moves {
        b = apply16(m, &b).unwrap();
        out.push(b);
    }
    out
}

/// Small deterministic generator (xorshift) for random walks.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn walk(&mut self, from: &Board16, steps: usize) -> Board16 {
        let mut b = *from;
        for _ in 0..steps {
            let legal: Vec<Move> = Move::ALL
                .into_iter()
                .filter(|&m| target16(m, b.blank()).is_some())
                .collect();
            b = apply16(legal[(self.next() % legal.len() as u64) as usize], &b).unwrap();
        }
        b
    }
}

#[test]
fn short_korf_instances_are_solved_optimally_with_pdb_663() {
    let h = Heuristic16::Pdb(korf_db());
    let goal = Board16::KORF_GOAL;
    // (id, published optimal length)
    for (id, len) in [(79, 42), (42, 42), (16, 42), (55, 41), (12, 45)] {
        let k = instance(id);
        assert_eq!(k.optimal, len);
        let out = solve16(&k.start, &goal, &h, None).unwrap();
        let moves = solved(&out.verdict);
        assert_eq!(moves.len() as u32, len, "instance {id}");
        assert_eq!(out.progress.bound, len);
        assert_eq!(out.heuristic, "pdb-663");
        assert_eq!(*path(&k.start, moves).last().unwrap(), goal);
        // Fewer nodes than Korf's Manhattan IDA* on the same instance.
        assert!(out.progress.generated < k.manhattan_nodes, "instance {id}");
    }
}

#[test]
fn manhattan_and_linear_conflict_agree_on_short_instances() {
    let goal = Board16::KORF_GOAL;
    for id in [79, 12] {
        let k = instance(id);
        let m = solve16(&k.start, &goal, &Heuristic16::Manhattan, None).unwrap();
        let lc = solve16(&k.start, &goal, &Heuristic16::LinearConflict, None).unwrap();
        assert_eq!(solved(&m.verdict).len() as u32, k.optimal);
        assert_eq!(solved(&lc.verdict).len() as u32, k.optimal);
        assert!(lc.progress.generated < m.progress.generated);
        assert_eq!(m.progress.initial_h, manhattan16(&k.start, &goal));
        assert_eq!(lc.progress.initial_h, linear_conflict16(&k.start, &goal));
    }
}

/// h(sᵢ) ≤ L − i along optimal paths: no heuristic ever overestimates the
/// remaining distance, and the database is at least Manhattan, pattern by
/// pattern.
#[test]
fn pdb_never_overestimates_along_optimal_paths() {
    let db = korf_db();
    let h = Heuristic16::Pdb(db.clone());
    let goal = Board16::KORF_GOAL;
    let mut home = [0usize; 16];
    for (cell, &t) in goal.cells().iter().enumerate() {
        home[t as usize] = cell;
    }
    for id in [79, 42, 16, 55, 12] {
        let k = instance(id);
        let out = solve16(&k.start, &goal, &h, None).unwrap();
        let boards = path(&k.start, solved(&out.verdict));
        let len = boards.len() - 1;
        for (i, b) in boards.iter().enumerate() {
            let left = (len - i) as u32;
            assert!(db.estimate(b) <= left, "#{id} step {i}");
            // The reflected look-up's maximum too, and it is at least the sum.
            assert!(pdb_estimate16(&db, b) <= left, "#{id} step {i}");
            assert!(pdb_estimate16(&db, b) >= db.estimate(b));
            assert!(linear_conflict16(b, &goal) <= left, "#{id} step {i}");
            let parts = db.parts(b);
            for (table, &v) in db.tables().iter().zip(&parts) {
                let md: u32 = table
                    .tiles()
                    .iter()
                    .map(|&t| {
                        let c = b.cells().iter().position(|&x| x == t).unwrap();
                        let g = home[t as usize];
                        ((c / 4).abs_diff(g / 4) + (c % 4).abs_diff(g % 4)) as u32
                    })
                    .sum();
                assert!(u32::from(v) >= md, "#{id} step {i}");
            }
            assert!(db.estimate(b) >= manhattan16(b, &goal));
        }
    }
}

/// On random walks the database's cost equals the Manhattan search's cost
/// (two independent optimal searches agree) and h never exceeds it.
#[test]
fn random_walks_pdb_admissible_and_optimal() {
    let db = korf_db();
    let goal = Board16::KORF_GOAL;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for n in 0..40 {
        let start = rng.walk(&goal, 10 + n % 20);
        let p = solve16(&start, &goal, &Heuristic16::Pdb(db.clone()), None).unwrap();
        let m = solve16(&start, &goal, &Heuristic16::Manhattan, None).unwrap();
        let cost = solved(&p.verdict).len() as u32;
        assert_eq!(cost, solved(&m.verdict).len() as u32, "{start}");
        assert!(pdb_estimate16(&db, &start) <= cost);
        assert_eq!(p.progress.initial_h, pdb_estimate16(&db, &start));
        assert!(db.estimate(&start) >= manhattan16(&start, &goal));
    }
}

#[test]
fn sliced_build_equals_one_shot_build() {
    let db = korf_db();
    let table = &db.tables()[1];
    assert_eq!(table.tiles(), [1, 4, 5, 8, 9, 12]);
    let mut b = PatternBuilder::new(table.tiles(), &Board16::KORF_GOAL).unwrap();
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
        (Board16::DEFAULT_GOAL, 3_754),
        (Board16::KORF_GOAL, 3_754),
        (
            Board16::from_cells([5, 1, 2, 3, 4, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]).unwrap(),
            6_073,
        ),
    ];
    for (goal, within_ten) in goals {
        let mut seen: HashSet<Board16> = HashSet::from([goal]);
        let mut layer = vec![goal];
        for _ in 0..10 {
            let mut next = Vec::new();
            for b in &layer {
                for m in Move::ALL {
                    if let Some(n) = apply16(m, b) {
                        if seen.insert(n) {
                            next.push(n);
                        }
                    }
                }
            }
            layer = next;
        }
        assert_eq!(seen.len(), within_ten);
        for b in &seen {
            assert_eq!(check_parity16(b, &goal), Ok(()), "{b}");
            let mut cells = b.cells();
            let (i, j) = if cells[0] != 0 && cells[1] != 0 {
                (0, 1)
            } else {
                (2, 3)
            };
            cells.swap(i, j);
            let swapped = Board16::from_cells(cells).unwrap();
            assert!(!seen.contains(&swapped));
            let proof = check_parity16(&swapped, &goal).unwrap_err();
            assert_ne!(proof.start_sum() % 2, proof.goal_sum() % 2);
        }
    }
}

#[test]
fn node_budget_gives_unknown_with_a_proven_lower_bound() {
    let goal = Board16::KORF_GOAL;
    let k = instance(16);
    let out = solve16(&k.start, &goal, &Heuristic16::Manhattan, Some(200_000)).unwrap();
    assert_eq!(out.progress.generated, 200_000);
    let Verdict16::Unknown {
        lower_bound,
        completed_bound,
    } = out.verdict
    else {
        panic!("{:?}", out.verdict)
    };
    assert!(lower_bound <= 42);
    assert!(lower_bound > out.progress.initial_h);
    assert_eq!(lower_bound, out.progress.bound);
    assert_eq!(completed_bound, Some(lower_bound - 2));
    // Unsolvable: no search, both parts of the proof.
    let mut cells = goal.cells();
    cells.swap(1, 2);
    let bad = Board16::from_cells(cells).unwrap();
    let out = solve16(&bad, &goal, &Heuristic16::Manhattan, None).unwrap();
    let Verdict16::Unsolvable(p) = out.verdict else {
        panic!()
    };
    assert_eq!(
        (
            p.start_inversions,
            p.start_blank_row,
            p.goal_inversions,
            p.goal_blank_row
        ),
        (1, 1, 0, 1)
    );
    assert_eq!(out.progress.generated, 0);
}

#[test]
fn slices_resume_to_the_same_answer() {
    let goal = Board16::KORF_GOAL;
    let h = Heuristic16::Pdb(korf_db());
    let k = instance(55);
    let whole = solve16(&k.start, &goal, &h, None).unwrap();
    let mut search = Ida16::new(&k.start, &goal, &h).unwrap().unwrap();
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
    // A database built for another goal is refused.
    let other = Heuristic16::Pdb(korf_db());
    assert!(Ida16::new(&k.start, &Board16::DEFAULT_GOAL, &other).is_err());
}

#[test]
fn already_solved_and_one_move() {
    let goal = Board16::DEFAULT_GOAL;
    let out = solve16(&goal, &goal, &Heuristic16::LinearConflict, None).unwrap();
    assert_eq!(solved(&out.verdict), []);
    assert_eq!(out.progress.generated, 0);
    let start =
        Board16::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]).unwrap();
    let out = solve16(&start, &goal, &Heuristic16::Manhattan, None).unwrap();
    assert_eq!(solved(&out.verdict), [Move::Right]);
    assert_eq!(out.progress.generated, 3);
}

/// The estimate of every one of Korf's 100 starts (the 6-6-3 layout, four-bit
/// entries, reflected look-up): at most the published optimal length, of
/// its parity, at least Manhattan. The sum, 4,327 (mean 43.27), is the one
/// the byte-per-entry tables of the same layout gave before the entries were
/// packed, so packing lost nothing on these boards.
#[test]
fn korf_starts_estimates_are_admissible_and_pinned() {
    let db = korf_db();
    let goal = Board16::KORF_GOAL;
    let mut sum = 0;
    for k in korf100() {
        let h = pdb_estimate16(&db, &k.start);
        assert!(h <= k.optimal, "instance {}", k.id);
        assert_eq!(h % 2, k.optimal % 2, "instance {}", k.id);
        assert!(db.estimate(&k.start) >= manhattan16(&k.start, &goal));
        sum += h;
    }
    assert_eq!(sum, 4_327);
}

/// The search effort on the short instances, pinned: children entered by h
/// (smallest first) with the 6-6-3 database.
#[test]
fn short_korf_instances_generate_pinned_node_counts() {
    let h = Heuristic16::Pdb(korf_db());
    let goal = Board16::KORF_GOAL;
    for (id, generated) in [
        (79, 4_323),
        (42, 1_607),
        (16, 93_406),
        (55, 5_480),
        (12, 5_770),
    ] {
        let out = solve16(&instance(id).start, &goal, &h, None).unwrap();
        assert_eq!(out.progress.generated, generated, "instance {id}");
    }
}
