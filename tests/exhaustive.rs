//! Every board, against an independent breadth-first search written here.

use eight_puzzle::engine::{
    check_parity,
    contract::{Budget, Goal, Solver},
    Board, Verdict,
};
use std::collections::{HashMap, VecDeque};

/// A plain BFS over arrays with a hash map, sharing no code with the crate.
fn distances(goal: [u8; 9]) -> HashMap<[u8; 9], u32> {
    let mut dist = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(goal, 0);
    queue.push_back(goal);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        let z = b.iter().position(|&c| c == 0).unwrap();
        let (r, c) = (z / 3, z % 3);
        let mut next = Vec::new();
        if r > 0 {
            next.push(z - 3);
        }
        if r < 2 {
            next.push(z + 3);
        }
        if c > 0 {
            next.push(z - 1);
        }
        if c < 2 {
            next.push(z + 1);
        }
        for t in next {
            let mut n = b;
            n.swap(z, t);
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                e.insert(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

fn histogram(dist: &HashMap<[u8; 9], u32>) -> Vec<u32> {
    let max = *dist.values().max().unwrap() as usize;
    let mut h = vec![0; max + 1];
    for &d in dist.values() {
        h[d as usize] += 1;
    }
    h
}

fn all_permutations() -> Vec<[u8; 9]> {
    fn go(prefix: &mut Vec<u8>, used: u16, out: &mut Vec<[u8; 9]>) {
        if prefix.len() == 9 {
            out.push(prefix.as_slice().try_into().unwrap());
            return;
        }
        for v in 0..9u8 {
            if used & (1 << v) == 0 {
                prefix.push(v);
                go(prefix, used | (1 << v), out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::with_capacity(362_880);
    go(&mut Vec::new(), 0, &mut out);
    out
}

#[test]
fn every_board_default_goal() {
    let goal_cells = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let dist = distances(goal_cells);
    assert_eq!(dist.len(), 181_440);
    let h = histogram(&dist);
    assert_eq!(
        h,
        [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1_024, 1_893, 2_512, 4_485, 5_638,
            9_529, 10_878, 16_993, 17_110, 23_952, 20_224, 24_047, 15_578, 14_560, 6_274, 3_910,
            760, 221, 2
        ]
    );
    assert_eq!(h.len() - 1, 31);

    let goal = Goal::default();
    let mut solver = Solver::new();
    let mut unsolvable = 0;
    for cells in all_permutations() {
        let start = Board::square(&cells).unwrap();
        match dist.get(&cells) {
            Some(&d) => {
                let out = solver.solve(&start, &goal, Budget::UNLIMITED).unwrap();
                let Verdict::Solved(s) = &out.verdict else {
                    panic!("{start}: {:?}", out.verdict)
                };
                assert_eq!(s.cost, d, "{start}");
                assert_eq!(s.moves.len() as u32, d);
            }
            None => {
                assert!(check_parity(&start, goal.board()).is_err(), "{start}");
                let out = solver.solve(&start, &goal, Budget::UNLIMITED).unwrap();
                assert_eq!(out.verdict.status(), "Unsolvable");
                unsolvable += 1;
            }
        }
    }
    assert_eq!(unsolvable, 181_440);
}

#[test]
fn spiral_goal_has_diameter_thirty() {
    let dist = distances([1, 2, 3, 8, 0, 4, 7, 6, 5]);
    assert_eq!(dist.len(), 181_440);
    assert_eq!(histogram(&dist).len() - 1, 30);
    let table = eight_puzzle::engine::teaching::DistanceTable::new(
        &Board::square(&[1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap(),
    );
    assert_eq!(table.diameter(), 30);
    assert_eq!(table.histogram(), histogram(&dist).as_slice());
}
