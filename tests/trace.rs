//! The search made visible: A* trace records and their export, the tree at
//! every event (back equals forward), IDA* stepped, check-my-order, and the
//! shortest-path counts — each against an independent derivation.

use eight_puzzle::engine::teaching::lab::{run, Algorithm};
use eight_puzzle::engine::{
    contract::{Budget, Entry, Goal, Solver},
    solve::IdaKind,
    teaching::{
        astar_trace, check_order, count_optimal_paths, ida_trace, optimal_moves, parse_key,
        parse_pops, reachable_starts, snapshot_at, DistanceTable, IdaEnd, IdaSearch, KeyProblem,
        PathCounts, PopKind, PopsError, Rule, TraceStepper,
    },
    Board, Move, Verdict,
};

fn board(cells: [u8; 9]) -> Board {
    Board::square(&cells).unwrap()
}

fn entry(key: u64, g: u32, h: u32, seq: u32) -> Entry {
    Entry { key, g, h, seq }
}

fn spread(step: usize) -> (Goal, DistanceTable, Vec<Board>) {
    let goal = Goal::default();
    let table = DistanceTable::new(goal.board());
    let starts = reachable_starts(&table).into_iter().step_by(step).collect();
    (goal, table, starts)
}

#[test]
fn baseline_trace_records_and_exports() {
    let goal = Goal::default();
    let t = astar_trace(
        &mut Solver::new(),
        &Board::BASELINE_START,
        &goal,
        Budget::new(100),
    )
    .unwrap();
    let kinds: Vec<PopKind> = t.records.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, [PopKind::Expanded, PopKind::Expanded, PopKind::Goal]);
    assert_eq!(t.records[0].entry, entry(0x123456078, 0, 2, 0));
    assert_eq!(t.records[0].parent, None);
    assert_eq!(
        t.records[0].pushed,
        [entry(0x123056478, 1, 3, 1), entry(0x123456708, 1, 1, 2)]
    );
    assert_eq!(t.records[2].parent, Some((2, 0x123456708)));
    // Every neighbour, and why one was not pushed: its g 2 does not beat 0.
    let n: Vec<(Move, u64, u32, bool, Option<u32>)> = t.records[1]
        .neighbours
        .iter()
        .map(|n| (n.mv, n.entry.key, n.entry.g, n.pushed, n.best_g))
        .collect();
    assert_eq!(
        n,
        [
            (Move::Up, 0x123406758, 2, true, None),
            (Move::Left, 0x123456078, 2, false, Some(0)),
            (Move::Right, 0x123456780, 2, true, None),
        ]
    );
    assert!(t.records[2].neighbours.is_empty());
    assert_eq!(
        t.to_csv(),
        "event,kind,f,h,key,seq,g,parent,pushed\n\
         1,expanded,2,2,123456078,0,0,,123056478 123456708\n\
         2,expanded,2,1,123456708,2,1,123456078,123406758 123456780\n\
         3,goal,2,0,123456780,4,2,123456708,\n"
    );
    assert_eq!(
        t.to_json(),
        concat!(
            r#"{"events":[{"event":1,"kind":"expanded","f":2,"h":2,"key":"123456078","seq":0,"g":0,"parent":null,"pushed":["123056478","123456708"]},"#,
            r#"{"event":2,"kind":"expanded","f":2,"h":1,"key":"123456708","seq":2,"g":1,"parent":"123456078","pushed":["123406758","123456780"]},"#,
            r#"{"event":3,"kind":"goal","f":2,"h":0,"key":"123456780","seq":4,"g":2,"parent":"123456708","pushed":[]}]}"#,
            "\n"
        )
    );
    // The JSON export is valid JSON.
    let v: serde_json::Value = serde_json::from_str(&t.to_json()).unwrap();
    assert_eq!(v["events"].as_array().unwrap().len(), 3);
    // Budget 1: the second pop is the cut-off.
    let t = astar_trace(
        &mut Solver::new(),
        &Board::BASELINE_START,
        &goal,
        Budget::new(1),
    )
    .unwrap();
    assert_eq!(
        t.to_csv(),
        "event,kind,f,h,key,seq,g,parent,pushed\n\
         1,expanded,2,2,123456078,0,0,,123056478 123456708\n\
         2,cutoff,2,1,123456708,2,1,123456078,\n"
    );
    let odd = board([2, 1, 3, 4, 5, 6, 7, 8, 0]);
    assert!(astar_trace(&mut Solver::new(), &odd, &goal, Budget::new(5)).is_err());
}

#[test]
fn trace_agrees_with_the_solver() {
    let (goal, _, starts) = spread(3_001);
    let mut solver = Solver::new();
    for start in &starts {
        let out = solver.solve(start, &goal, Budget::DEFAULT).unwrap();
        let t = astar_trace(&mut solver, start, &goal, Budget::DEFAULT).unwrap();
        assert_eq!(t.stats, out.stats, "{start}");
        let expanded = t.records.iter().filter(|r| r.kind == PopKind::Expanded);
        assert_eq!(expanded.count() as u32, out.stats.expansions);
        let stale = t.records.iter().filter(|r| r.kind == PopKind::Stale);
        assert_eq!(stale.count() as u32, out.stats.stale);
        let pushed: usize = t.records.iter().map(|r| r.pushed.len()).sum();
        assert_eq!(pushed as u32, out.stats.pushed);
        let generated: usize = t.records.iter().map(|r| r.neighbours.len()).sum();
        assert_eq!(generated as u32, out.stats.generated);
        // A neighbour is not pushed exactly when its g does not beat the best.
        for n in t.records.iter().flat_map(|r| &r.neighbours) {
            assert_eq!(n.pushed, n.best_g.is_none());
            assert!(n.best_g.is_none_or(|b| b <= n.entry.g));
        }
        // Events are numbered 1.. and only the last one ends the search.
        for (i, r) in t.records.iter().enumerate() {
            assert_eq!(r.event as usize, i + 1);
            let ends = matches!(r.kind, PopKind::Goal | PopKind::Cutoff);
            assert_eq!(ends, i + 1 == t.records.len(), "{start} event {}", r.event);
        }
        // The parent links rebuild the witness.
        if let Verdict::Solved(sol) = &out.verdict {
            let snap = snapshot_at(start, &goal, Budget::DEFAULT, u32::MAX).unwrap();
            let path = snap.goal_path.clone().unwrap();
            let keys: Vec<u64> = path
                .iter()
                .map(|s| snap.node(*s).unwrap().entry.key)
                .collect();
            let want: Vec<u64> = sol.boards.iter().map(Board::packed).collect();
            assert_eq!(keys, want, "{start}");
        }
    }
}

#[test]
fn baseline_tree_at_each_event() {
    let goal = Goal::default();
    let b = Budget::new(100);
    let s0 = snapshot_at(&Board::BASELINE_START, &goal, b, 0).unwrap();
    assert_eq!(s0.event, 0);
    assert!(s0.nodes.is_empty());
    assert_eq!(s0.frontier.len(), 1);
    assert_eq!(s0.frontier[0].entry, entry(0x123456078, 0, 2, 0));
    assert_eq!(s0.preview, [entry(0x123456078, 0, 2, 0)]);
    let s1 = snapshot_at(&Board::BASELINE_START, &goal, b, 1).unwrap();
    let leaves: Vec<(Entry, Option<u32>, bool)> = s1
        .frontier
        .iter()
        .map(|l| (l.entry, l.parent, l.stale))
        .collect();
    assert_eq!(
        leaves,
        [
            (entry(0x123456708, 1, 1, 2), Some(0), false),
            (entry(0x123056478, 1, 3, 1), Some(0), false),
        ]
    );
    assert_eq!(s1.goal_path, None);
    let s3 = snapshot_at(&Board::BASELINE_START, &goal, b, 3).unwrap();
    let nodes: Vec<(u32, Option<u32>, u32, PopKind)> = s3
        .nodes
        .iter()
        .map(|n| (n.entry.seq, n.parent, n.event, n.kind))
        .collect();
    assert_eq!(
        nodes,
        [
            (0, None, 1, PopKind::Expanded),
            (2, Some(0), 2, PopKind::Expanded),
            (4, Some(2), 3, PopKind::Goal),
        ]
    );
    assert_eq!(s3.goal_path, Some(vec![0, 2, 4]));
    let leaf_seqs: Vec<u32> = s3.frontier.iter().map(|l| l.entry.seq).collect();
    assert_eq!(leaf_seqs, [3, 1]);
    assert_eq!((s3.frontier_len, s3.finished), (2, true));
    assert_eq!(s3.expansions_per_f, [0, 0, 2]);
    assert_eq!(s3.expansions_per_g, [1, 1]);
    let focus = s3.path_with_siblings(4).unwrap();
    assert_eq!(focus.path, [0, 2, 4]);
    assert_eq!(focus.children, [vec![1, 2], vec![3, 4], vec![]]);
    assert_eq!(s3.path_with_siblings(99), None);
    // Past the end: the end.
    assert_eq!(
        snapshot_at(&Board::BASELINE_START, &goal, b, 50).unwrap(),
        s3
    );
}

#[test]
fn back_equals_forward_at_every_event() {
    let (goal, _, starts) = spread(15_013);
    // A small budget keeps the quadratic replay short and ends some searches
    // with a cut-off.
    let budget = Budget::new(150);
    let mut seen_kinds = std::collections::HashSet::new();
    for start in &starts {
        let mut fwd = TraceStepper::new(*start, goal.clone(), budget).unwrap();
        let mut forward = vec![fwd.snapshot()];
        while let Some(r) = fwd.step() {
            seen_kinds.insert(r.kind);
            forward.push(fwd.snapshot());
        }
        let last = fwd.event();
        assert_eq!(forward.len() as u32, last + 1);
        // Back one step at a time from the end.
        for k in (0..last).rev() {
            fwd.back();
            assert_eq!(fwd.event(), k);
            assert_eq!(fwd.snapshot(), forward[k as usize], "{start} back to {k}");
        }
        for (k, snap) in forward.iter().enumerate() {
            // A fresh replay, and a jump from elsewhere.
            assert_eq!(
                &snapshot_at(start, &goal, budget, k as u32).unwrap(),
                snap,
                "{start} at {k}"
            );
            // The tree's frontier is the search's frontier.
            assert_eq!(snap.frontier.len(), snap.frontier_len, "{start} at {k}");
            let head: Vec<Entry> = snap.frontier.iter().take(5).map(|l| l.entry).collect();
            assert_eq!(head, snap.preview, "{start} at {k}");
            // Every parent is a popped, expanded node.
            for n in snap.nodes.iter().filter_map(|n| n.parent) {
                assert_eq!(snap.node(n).unwrap().kind, PopKind::Expanded);
            }
            for l in &snap.frontier {
                // A leaf marked stale pops stale.
                if l.stale {
                    let later = forward.last().unwrap().node(l.entry.seq);
                    assert!(later.is_none_or(|n| n.kind == PopKind::Stale));
                }
            }
        }
        fwd.seek(last / 2);
        assert_eq!(fwd.snapshot(), forward[(last / 2) as usize]);
        fwd.seek(last);
        assert_eq!(fwd.snapshot(), forward[last as usize]);
    }
    assert!(seen_kinds.contains(&PopKind::Stale), "{seen_kinds:?}");
    assert!(seen_kinds.contains(&PopKind::Cutoff));
    assert!(seen_kinds.contains(&PopKind::Goal));
}

/// An IDA* written independently in the test: plain recursion on `Board`
/// and `Move::apply`. Returns, per iteration, (bound, generated, expansions)
/// and the solution length.
fn reference_ida(start: &Board, goal: &Goal) -> (Vec<(u32, u64, u64)>, usize) {
    fn dfs(
        b: &Board,
        g: u32,
        bound: u32,
        back: Option<Move>,
        goal: &Goal,
        counts: &mut (u64, u64),
        path: &mut Vec<Move>,
    ) -> Result<(), u32> {
        let f = g + goal.manhattan(b);
        if f > bound {
            return Err(f);
        }
        if b == goal.board() {
            return Ok(());
        }
        counts.1 += 1;
        let mut min = u32::MAX;
        for m in Move::ALL {
            if Some(m.opposite()) == back {
                continue;
            }
            if let Some(c) = m.apply(b) {
                counts.0 += 1;
                path.push(m);
                match dfs(&c, g + 1, bound, Some(m), goal, counts, path) {
                    Ok(()) => return Ok(()),
                    Err(t) => min = min.min(t),
                }
                path.pop();
            }
        }
        Err(min)
    }
    let mut bound = goal.manhattan(start);
    let mut its = Vec::new();
    loop {
        let mut counts = (0, 0);
        let mut path = Vec::new();
        let r = dfs(start, 0, bound, None, goal, &mut counts, &mut path);
        its.push((bound, counts.0, counts.1));
        match r {
            Ok(()) => return (its, path.len()),
            Err(next) => bound = next,
        }
    }
}

#[test]
fn ida_bounds_and_iterations() {
    let (goal, table, starts) = spread(6_007);
    for start in &starts {
        let d = table.distance(start).unwrap();
        let h0 = goal.manhattan(start);
        // By hand: Manhattan changes by exactly 1 per move, so f changes by 0
        // or 2 and a cut-off child of an f = bound node has f = bound + 2;
        // IDA* is optimal, so the bounds are h0, h0 + 2, …, d.
        let by_hand: Vec<u32> = (h0..=d).step_by(2).collect();
        let t = ida_trace(start, &goal, Budget::UNLIMITED).unwrap();
        let bounds: Vec<u32> = t.iterations.iter().map(|i| i.threshold).collect();
        assert_eq!(bounds, by_hand, "{start}");
        let (reference, len) = reference_ida(start, &goal);
        let ours: Vec<(u32, u64, u64)> = t
            .iterations
            .iter()
            .map(|i| (i.threshold, i.generated, i.expansions))
            .collect();
        assert_eq!(ours, reference, "{start}");
        assert_eq!(len as u32, d);
        // Events: numbered from 1; each iteration starts at the start board;
        // a cut-off is exactly f over the bound; next_bound is the running
        // minimum; the last event is the goal at the A* cost.
        let mut next = None::<u32>;
        for (i, e) in t.events.iter().enumerate() {
            assert_eq!(e.number as usize, i + 1);
            if e.node.g == 0 {
                next = None;
                assert_eq!(e.parent, None);
            }
            assert_eq!(e.kind == IdaKind::Cutoff, e.node.f() > e.bound);
            if e.kind == IdaKind::Cutoff {
                next = Some(next.map_or(e.node.f(), |n| n.min(e.node.f())));
            }
            assert_eq!(e.next_bound, next, "{start} event {}", e.number);
        }
        let last = t.events.last().unwrap();
        assert_eq!((last.kind, last.node.g), (IdaKind::Goal, d));
        // The same cost as the contract A*.
        let out = Solver::new()
            .solve(start, &goal, Budget::UNLIMITED)
            .unwrap();
        let Verdict::Solved(sol) = out.verdict else {
            panic!("{start}")
        };
        assert_eq!(sol.cost, last.node.g);
        let cutoffs: u64 = t.iterations.iter().map(|i| i.cutoffs).sum();
        let counted = t.events.iter().filter(|e| e.kind == IdaKind::Cutoff);
        assert_eq!(counted.count() as u64, cutoffs);
    }
}

#[test]
fn ida_stepping_state() {
    let goal = Goal::default();
    let start = board([8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let mut s = IdaSearch::new(&start, &goal, u64::MAX).unwrap();
    // The path is always a chain of legal moves, each node's f within the bound.
    for _ in 0..5_000 {
        s.step().unwrap();
        let path = s.path();
        for w in path.windows(2) {
            let next = w[1].mv.unwrap().apply(&w[0].board()).unwrap();
            assert_eq!(next, w[1].board());
            assert_eq!(w[1].g, w[0].g + 1);
        }
        assert!(path.iter().all(|n| n.f() <= s.bound()));
        assert_eq!(path.first().map(|n| n.g), Some(0));
    }
    // Stepping to k from a fresh search is the same state.
    let at = IdaSearch::at(&start, &goal, u64::MAX, 5_000).unwrap();
    assert_eq!(at.path(), s.path());
    assert_eq!(at.iterations(), s.iterations());
    assert_eq!(at.next_bound(), s.next_bound());
    s.run();
    assert_eq!(s.end(), Some(IdaEnd::Goal));
    assert_eq!(s.solution().unwrap().len(), 31);
    let bounds: Vec<u32> = s.iterations().iter().map(|i| i.threshold).collect();
    assert_eq!(bounds, [21, 23, 25, 27, 29, 31]);
    assert_eq!(s.events(), 22_803 + 6);
    // A budget stop.
    let mut s = IdaSearch::new(&start, &goal, 10).unwrap();
    s.run();
    assert_eq!(s.end(), Some(IdaEnd::Budget));
    assert_eq!(s.expansions(), 10);
    assert!(IdaSearch::new(&board([2, 1, 3, 4, 5, 6, 7, 8, 0]), &goal, 10).is_err());
}

#[test]
fn lab_idastar_keeps_its_figures() {
    // Figures of the lab's recursive IDA* before it became a driver of the
    // stepping machine: (start, expansions, generated, peak path).
    let goal = Goal::default();
    for (key, exp, gen, peak) in [
        ("012345678", 1_941, 3_284, 22),
        ("173025648", 3_757, 6_333, 23),
        ("310247685", 4_039, 6_687, 26),
        ("654023178", 146, 243, 17),
        ("873025614", 677, 1_119, 23),
        ("867254301", 14_195, 22_803, 31),
        ("647850321", 17_818, 28_730, 31),
    ] {
        let cells: Vec<u8> = key.bytes().map(|b| b - b'0').collect();
        let start = board(cells.try_into().unwrap());
        let out = run(Algorithm::IdaStar, &start, &goal, u64::MAX).unwrap();
        assert_eq!(
            (out.expansions, out.generated, out.peak_stored),
            (exp, gen, peak),
            "{key}"
        );
    }
    let start = board([8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let out = run(Algorithm::IdaStar, &start, &goal, 1_000).unwrap();
    assert_eq!(
        (out.expansions, out.generated, out.peak_stored),
        (1_000, 1_557, 24)
    );
}

#[test]
fn ida_export_baseline() {
    let t = ida_trace(&Board::BASELINE_START, &Goal::default(), Budget::new(100)).unwrap();
    assert_eq!(
        t.to_csv(),
        "event,iteration,bound,kind,f,h,key,g,parent,next_bound\n\
         1,1,2,expanded,2,2,123456078,0,,\n\
         2,1,2,cutoff,4,3,123056478,1,123456078,4\n\
         3,1,2,expanded,2,1,123456708,1,123456078,4\n\
         4,1,2,cutoff,4,2,123406758,2,123456708,4\n\
         5,1,2,goal,2,0,123456780,2,123456708,4\n"
    );
    let json = t.to_json();
    assert!(json.ends_with("\"iterations\":[{\"threshold\":2,\"generated\":4}]}\n"));
    assert!(json.starts_with(r#"{"events":[{"event":1,"iteration":1,"bound":2,"kind":"expanded","f":2,"h":2,"key":"123456078","g":0,"parent":null,"next_bound":null},"#));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["events"].as_array().unwrap().len(), 5);
}

/// Every sequence of exactly `len` moves (any legal move, undoing allowed)
/// from `b` that ends on the goal.
fn count_sequences(b: &Board, goal: &Board, len: u32) -> u64 {
    if len == 0 {
        return u64::from(b == goal);
    }
    Move::ALL
        .iter()
        .filter_map(|m| m.apply(b))
        .map(|c| count_sequences(&c, goal, len - 1))
        .sum()
}

/// (shortest length, number of shortest paths), by brute force.
fn brute_force(b: &Board, goal: &Board) -> (u32, u64) {
    (0..)
        .map(|len| (len, count_sequences(b, goal, len)))
        .find(|&(_, n)| n > 0)
        .unwrap()
}

#[test]
fn shortest_path_counts_against_enumeration() {
    let (goal, table, starts) = spread(1);
    let counts = PathCounts::new(&table);
    let short: Vec<&Board> = starts
        .iter()
        .filter(|b| table.distance(b).unwrap() <= 9)
        .step_by(3)
        .collect();
    assert!(short.len() > 100, "{}", short.len());
    let mut above_one = 0;
    for b in short {
        let (len, n) = brute_force(b, goal.board());
        assert_eq!(Some(len), table.distance(b));
        assert_eq!(count_optimal_paths(&table, b), Some(n), "{b}");
        assert_eq!(counts.get(b), Some(n), "{b}");
        above_one += usize::from(n > 1);
        // Every closer move, by brute force: the moves whose board is one
        // step nearer.
        let closer: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|m| {
                m.apply(b)
                    .is_some_and(|c| len > 0 && brute_force(&c, goal.board()).0 + 1 == len)
            })
            .collect();
        assert_eq!(optimal_moves(&table, b), closer, "{b}");
        if let Some(first) = closer.first() {
            assert_eq!(table.hint(b), Some((*first).into()));
        }
    }
    assert!(above_one > 10);
    // The forward layered count equals the whole-space table on a spread.
    for b in starts.iter().step_by(997) {
        assert_eq!(count_optimal_paths(&table, b), counts.get(b), "{b}");
    }
    // The largest count over all 181,440 boards (fits u64 by far), and the
    // two 31-move boards.
    let (max, at) = counts.max();
    assert_eq!((max, at.key_string()), (64, "085672341".to_string()));
    assert_eq!(table.distance(&at), Some(30));
    for cells in [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]] {
        assert_eq!(count_optimal_paths(&table, &board(cells)), Some(40));
    }
    assert_eq!(count_optimal_paths(&table, &Board::BASELINE_START), Some(1));
    let odd = board([2, 1, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!(count_optimal_paths(&table, &odd), None);
    assert_eq!(counts.get(&odd), None);
}

#[test]
fn export_check_round_trip() {
    let (goal, _, starts) = spread(9_001);
    let mut solver = Solver::new();
    let budget = Budget::new(400);
    for start in &starts {
        let t = astar_trace(&mut solver, start, &goal, budget).unwrap();
        let keys: Vec<u64> = t.records.iter().map(|r| r.entry.key).collect();
        assert_eq!(parse_pops(&t.to_csv()).unwrap(), keys);
        assert_eq!(parse_pops(&t.to_json()).unwrap(), keys);
        let lines: String = keys.iter().map(|k| format!("{k:09x}\n")).collect();
        assert_eq!(parse_pops(&lines).unwrap(), keys);
        let rep = check_order(&mut solver, start, &goal, budget, &keys);
        assert!(rep.matches, "{start}: {}", rep.message());
        assert_eq!((rep.events, rep.contract_events), (keys.len(), keys.len()));
        assert_eq!(rep.first_difference, None);
        // A prefix matches too, and says how many pops the contract makes.
        let rep = check_order(&mut solver, start, &goal, budget, &keys[..3]);
        assert!(rep.matches);
        assert_eq!(
            rep.message(),
            format!(
                "matches the contract order for all 3 pops given (the contract search makes {})",
                keys.len()
            )
        );
        // One pop too many.
        let mut more = keys.clone();
        more.push(keys[0]);
        let rep = check_order(&mut solver, start, &goal, budget, &more);
        let d = rep.first_difference.unwrap();
        assert_eq!((d.event as usize, d.rule), (keys.len() + 1, Rule::AfterEnd));
    }
}

#[test]
fn swapped_pops_are_caught_with_the_rule() {
    let (goal, _, starts) = spread(20_011);
    let mut solver = Solver::new();
    let budget = Budget::new(300);
    let mut rules = std::collections::HashSet::new();
    for start in &starts {
        let t = astar_trace(&mut solver, start, &goal, budget).unwrap();
        let keys: Vec<u64> = t.records.iter().map(|r| r.entry.key).collect();
        for i in (0..keys.len() - 1).step_by(7) {
            if keys[i] == keys[i + 1] {
                continue;
            }
            let mut user = keys.clone();
            user.swap(i, i + 1);
            let rep = check_order(&mut solver, start, &goal, budget, &user);
            assert!(!rep.matches);
            let d = rep.first_difference.unwrap();
            assert_eq!(d.event as usize, i + 1);
            let x = t.records[i].entry;
            assert_eq!(d.expected, Some((x, t.records[i].kind)));
            assert_eq!(d.got, keys[i + 1]);
            // The rule, derived here: the user's board's best entry among the
            // tree's frontier leaves before pop i + 1.
            let snap = snapshot_at(start, &goal, budget, i as u32).unwrap();
            let y = snap
                .frontier
                .iter()
                .map(|l| l.entry)
                .find(|e| e.key == keys[i + 1]);
            assert_eq!(d.got_entry, y);
            let want = match y {
                None => "not_in_frontier",
                Some(y) if y.f() > x.f() => "f",
                Some(y) if y.h > x.h => "h",
                Some(y) => {
                    assert!(y.key > x.key && y.f() == x.f() && y.h == x.h);
                    "key"
                }
            };
            assert_eq!(d.rule.name(), want, "{start} pop {}", i + 1);
            rules.insert(want);
        }
    }
    assert_eq!(rules.len(), 4, "{rules:?}");
    // Pinned examples on the board 012345678.
    let start = board([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    let t = astar_trace(&mut solver, &start, &goal, Budget::DEFAULT).unwrap();
    let keys: Vec<u64> = t.records.iter().map(|r| r.entry.key).collect();
    for (i, message) in [
        (2, "first difference at pop 3: the contract pops (f 12, h 10, key 120345678, seq 4), you popped 312045678 (f 12, h 11, key 312045678, seq 1): equal f, h decides (10 < 11)"),
        (10, "first difference at pop 11: the contract pops (f 14, h 10, key 310452678, seq 11), you popped 312458670 (f 14, h 10, key 312458670, seq 12): equal f and h, key decides (310452678 < 312458670)"),
        (27, "first difference at pop 28: the contract pops (f 14, h 11, key 142350678, seq 40), you popped 142630785 (f 16, h 9, key 142630785, seq 46): f decides (14 < 16)"),
        (0, "first difference at pop 1: the contract pops (f 12, h 12, key 012345678, seq 0), you popped 102345678, which is not in the frontier: it was never pushed"),
    ] {
        let mut user = keys.clone();
        user.swap(i, i + 1);
        let rep = check_order(&mut solver, &start, &goal, Budget::DEFAULT, &user);
        assert_eq!(rep.message(), message);
    }
    // A board popped before and asked for again.
    let user = [keys[0], keys[1], keys[0]];
    let rep = check_order(&mut solver, &start, &goal, Budget::DEFAULT, &user);
    let d = rep.first_difference.unwrap();
    assert_eq!(
        d.rule,
        Rule::NotInFrontier {
            popped_at: Some(1),
            ever_pushed: true
        }
    );
    assert!(
        d.message()
            .ends_with("which is not in the frontier: it was popped at pop 1 and not pushed again"),
        "{}",
        d.message()
    );
    // Unsolvable: the contract makes no pops.
    let odd = board([2, 1, 3, 4, 5, 6, 7, 8, 0]);
    let rep = check_order(&mut solver, &odd, &goal, Budget::DEFAULT, &[odd.packed()]);
    assert_eq!(rep.contract_events, 0);
    assert_eq!(rep.first_difference.unwrap().rule, Rule::AfterEnd);
}

#[test]
fn check_report_json() {
    let goal = Goal::default();
    let mut solver = Solver::new();
    let start = Board::BASELINE_START;
    let ok = check_order(
        &mut solver,
        &start,
        &goal,
        Budget::DEFAULT,
        &[0x123456078, 0x123456708, 0x123456780],
    );
    assert_eq!(
        ok.to_json(),
        "{\"matches\":true,\"events\":3,\"contract_events\":3,\"first_difference\":null,\"message\":\"matches the contract order for all 3 pops\"}\n"
    );
    let bad = check_order(
        &mut solver,
        &start,
        &goal,
        Budget::DEFAULT,
        &[0x123456078, 0x123056478],
    );
    let v: serde_json::Value = serde_json::from_str(&bad.to_json()).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "matches": false, "events": 2, "contract_events": 3,
            "first_difference": {
                "event": 2,
                "expected": {"f": 2, "h": 1, "key": "123456708", "seq": 2, "g": 1, "kind": "expanded"},
                "got": "123056478",
                "got_entry": {"f": 4, "h": 3, "key": "123056478", "seq": 1, "g": 1},
                "rule": "f",
                "message": "first difference at pop 2: the contract pops (f 2, h 1, key 123456708, seq 2), you popped 123056478 (f 4, h 3, key 123056478, seq 1): f decides (2 < 4)"
            },
            "message": "first difference at pop 2: the contract pops (f 2, h 1, key 123456708, seq 2), you popped 123056478 (f 4, h 3, key 123056478, seq 1): f decides (2 < 4)"
        })
    );
}

#[test]
fn malformed_pops_get_specific_errors() {
    assert_eq!(parse_key("123456780"), Ok(0x123456780));
    assert_eq!(parse_key("12345678"), Err(KeyProblem::Length(8)));
    assert_eq!(parse_key("1234567890"), Err(KeyProblem::Length(10)));
    assert_eq!(
        parse_key("1234a6780"),
        Err(KeyProblem::NotADigit {
            ch: 'a',
            position: 5
        })
    );
    assert_eq!(
        parse_key("123456789"),
        Err(KeyProblem::NotADigit {
            ch: '9',
            position: 9
        })
    );
    assert_eq!(
        parse_key("123456788"),
        Err(KeyProblem::Repeated {
            digit: 8,
            missing: 0
        })
    );
    let e = parse_pops("123456078\n\n12345678\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 3: the key \"12345678\" has 8 characters; a key is nine digits"
    );
    assert_eq!(
        parse_pops("1234567é8").unwrap_err().to_string(),
        "line 1: the key \"1234567é8\" character 8 is 'é', not a digit 0–8"
    );
    assert_eq!(
        parse_pops("113456780").unwrap_err().to_string(),
        "line 1: the key \"113456780\" repeats 1 and lacks 2; a key uses each of 0–8 once"
    );
    assert_eq!(parse_pops(" \n\n").unwrap_err(), PopsError::Empty);
    assert_eq!(
        parse_pops("").unwrap_err().to_string(),
        "no popped keys given"
    );
    assert_eq!(
        parse_pops("event,kind,f\n1,expanded,2\n")
            .unwrap_err()
            .to_string(),
        "CSV line 1: the header row has no key column"
    );
    assert_eq!(
        parse_pops("event,kind,key\n1,expanded,123456078\n2,goal\n")
            .unwrap_err()
            .to_string(),
        "CSV line 3: 2 fields, but the header names 3"
    );
    assert_eq!(
        parse_pops("event,key\n1,12345607\n")
            .unwrap_err()
            .to_string(),
        "line 2: the key \"12345607\" has 8 characters; a key is nine digits"
    );
    assert!(parse_pops("{\"events\":[")
        .unwrap_err()
        .to_string()
        .starts_with("JSON trace: not valid JSON ("));
    assert_eq!(
        parse_pops("{\"pops\":[]}").unwrap_err().to_string(),
        "JSON trace: no \"events\" array"
    );
    assert_eq!(
        parse_pops("{\"events\":[{\"key\":\"123456078\"},{\"f\":2}]}")
            .unwrap_err()
            .to_string(),
        "JSON trace: event 2 has no \"key\""
    );
    assert_eq!(
        parse_pops("{\"events\":[{\"key\":123456078}]}")
            .unwrap_err()
            .to_string(),
        "JSON trace: event 1: \"key\" is 123456078, not a string of nine digits"
    );
    assert_eq!(parse_pops("{\"events\":[]}").unwrap_err(), PopsError::Empty);
    assert_eq!(
        parse_pops("  123456078  \r\n123456708").unwrap(),
        [0x123456078, 0x123456708]
    );
    assert_eq!(
        parse_pops("123456078 123456708\n\t123456780").unwrap(),
        [0x123456078, 0x123456708, 0x123456780]
    );
    assert_eq!(
        parse_pops("123456078 12345\n").unwrap_err().to_string(),
        "line 1: the key \"12345\" has 5 characters; a key is nine digits"
    );
}

#[test]
fn weighted_trace_steps_the_weighted_search() {
    use eight_puzzle::engine::{
        heuristic::BuiltIn,
        teaching::{solve_weighted, Weight},
    };
    let goal = Goal::default();
    let budget = Budget::new(100);
    let w2 = Weight::from_twice(4).unwrap();
    let mut s = TraceStepper::weighted(
        Board::BASELINE_START,
        goal.clone(),
        budget,
        BuiltIn::Manhattan,
        w2,
    )
    .unwrap();
    assert_eq!(s.weighting(), Some((BuiltIn::Manhattan.into(), w2)));
    while s.step().is_some() {}
    let pops: Vec<(u32, &str, String, u32, u32, u32)> = s
        .records()
        .iter()
        .map(|r| {
            (
                r.event,
                r.kind.name(),
                r.entry.key_string(),
                r.entry.g,
                r.entry.h,
                r.entry.seq,
            )
        })
        .collect();
    assert_eq!(
        pops,
        [
            (1, "expanded", "123456078".to_string(), 0, 2, 0),
            (2, "expanded", "123456708".to_string(), 1, 1, 2),
            (3, "goal", "123456780".to_string(), 2, 0, 4),
        ]
    );
    // The frontier left is ordered by 2g + 2w·h: Up from the second pop
    // (g 2, h 2: 2f = 12) before Up from the start (g 1, h 3: 2f = 14).
    let snap = s.snapshot();
    let left: Vec<(String, u32, u32)> = snap
        .frontier
        .iter()
        .map(|l| (l.entry.key_string(), l.entry.g, l.entry.h))
        .collect();
    assert_eq!(
        left,
        [
            ("123406758".to_string(), 2, 2),
            ("123056478".to_string(), 1, 3),
        ]
    );
    assert_eq!(snap.expansions_per_f, [0, 0, 0, 1, 1]);
    // Same outcome as running the weighted search to its end.
    let ran = solve_weighted(
        &Board::BASELINE_START,
        &goal,
        BuiltIn::Manhattan,
        w2,
        budget,
    )
    .unwrap();
    let stepped = s.outcome().unwrap();
    assert_eq!(stepped.verdict, ran.verdict);
    assert_eq!(stepped.stats, ran.stats);
    // Back replays the weighted search: event 1 again, same record.
    let second = s.records()[1].clone();
    s.seek(1);
    assert_eq!(s.event(), 1);
    s.step();
    assert_eq!(s.records()[1], second);

    // w = 1 with Manhattan is the contract's stepper: the same records as
    // the contract trace at every event.
    let mut plain = TraceStepper::new(Board::BASELINE_START, goal.clone(), budget).unwrap();
    let mut one = TraceStepper::weighted(
        Board::BASELINE_START,
        goal.clone(),
        budget,
        BuiltIn::Manhattan,
        Weight::ONE,
    )
    .unwrap();
    assert_eq!(one.weighting(), None);
    while plain.step().is_some() {
        one.step();
    }
    assert_eq!(one.records(), plain.records());
    assert_eq!(one.snapshot(), plain.snapshot());
}

#[test]
fn weighted_trace_with_an_inadmissible_heuristic_matches_its_solver() {
    use eight_puzzle::engine::{
        heuristic::BuiltIn,
        teaching::{solve_weighted, Weight},
    };
    let goal = Goal::default();
    let budget = Budget::new(10000);
    let start = board([8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let w = Weight::from_twice(5).unwrap();
    let h = BuiltIn::ManhattanPlusMisplaced;
    let mut s = TraceStepper::weighted(start, goal.clone(), budget, h, w).unwrap();
    while s.step().is_some() {}
    let ran = solve_weighted(&start, &goal, h, w, budget).unwrap();
    let stepped = s.outcome().unwrap();
    assert_eq!(stepped.verdict, ran.verdict);
    assert_eq!(stepped.stats, ran.stats);
    let expanded = s
        .records()
        .iter()
        .filter(|r| r.kind == PopKind::Expanded)
        .count() as u64;
    assert_eq!(expanded, ran.stats.expansions as u64);
    // Each pop takes the smallest 2g + 2w·h of the frontier before it.
    let mut at = TraceStepper::weighted(start, goal.clone(), budget, h, w).unwrap();
    for _ in 0..30 {
        let before = at.frontier();
        let Some(r) = at.step() else { break };
        let key = |e: &Entry| (2 * e.g + 5 * e.h, e.h, e.key, e.seq);
        assert_eq!(key(&r.entry), before.iter().map(key).min().unwrap());
    }
}
