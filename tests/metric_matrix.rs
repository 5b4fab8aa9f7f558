//! Every tool in both metrics against a plain breadth-first search written
//! here (its own cells, its own slides: nothing shared with the engine but
//! the board type it reads and writes), on 3×3, 2×5 and — where the tool
//! runs there — 4×4 boards near the goal. Where a tool counts single-tile
//! moves only, the test pins its refusal sentence.

mod common;

use common::{json1, json_lines, run};
use eight_puzzle::engine::{
    contract::{Budget, Goal, Solver},
    heuristic::{expr::Program, prepared, BuiltIn, Heuristic, HeuristicCheck},
    moves::{Metric, Move, Slide},
    problem::{single_tile_only, Refusal},
    replay::Replay,
    solve::{solve_fast_in, solve_optimal, solve_optimal_multi, Estimator},
    space::SpaceSearch,
    teaching::{
        closer_slides, count_optimal_paths, path_text, reachable_starts, sweep_chunk,
        weighted_astar_trace_in,
        workshop::{grade, run_search_in, CostSearch, Exercise, SearchCost},
        DistanceTable, Order, RaceEnd, RaceSearch, RaceSide, Weight, WeightedSearch, IDA_TOOL,
    },
    witness::{verify, verify_slides},
    Board, Shape, Verdict,
};
use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, OnceLock};

const BOTH: [Metric; 2] = [Metric::Single, Metric::Multi];

/// The boards one move of `metric` away, by the test's own rule: the blank
/// travels 1 cell (single) or 1 to the edge (multi) along its row or
/// column, each tile it passes one cell back.
fn next_boards(b: &Board, multi: bool) -> Vec<Board> {
    let (w, h) = (b.shape().width() as i64, b.shape().height() as i64);
    let cells = b.cells().to_vec();
    let blank = cells.iter().position(|&c| c == 0).unwrap() as i64;
    let mut out = Vec::new();
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let mut c = cells.clone();
        let (mut r, mut col) = (blank / w, blank % w);
        loop {
            let (nr, nc) = (r + dr, col + dc);
            if !(0..h).contains(&nr) || !(0..w).contains(&nc) {
                break;
            }
            c.swap((r * w + col) as usize, (nr * w + nc) as usize);
            (r, col) = (nr, nc);
            out.push(Board::new(b.shape(), &c).unwrap());
            if !multi {
                break;
            }
        }
    }
    out
}

/// Distances to `goal` in `metric` of every board within `radius` moves (a
/// plain queue).
fn bfs(goal: &Board, metric: Metric, radius: u32) -> HashMap<Board, u32> {
    let multi = metric == Metric::Multi;
    let mut dist = HashMap::from([(*goal, 0)]);
    let mut queue = VecDeque::from([*goal]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        if d == radius {
            continue;
        }
        for n in next_boards(&b, multi) {
            dist.entry(n).or_insert_with(|| {
                queue.push_back(n);
                d + 1
            });
        }
    }
    dist
}

/// [`bfs`] over the whole class of `goal`, computed once per goal and
/// metric for the whole test binary.
fn whole(goal: &Board, metric: Metric) -> &'static HashMap<Board, u32> {
    type Cache = Mutex<HashMap<(Board, Metric), &'static HashMap<Board, u32>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(d) = cache.lock().unwrap().get(&(*goal, metric)) {
        return d;
    }
    let d: &'static HashMap<Board, u32> = Box::leak(Box::new(bfs(goal, metric, u32::MAX)));
    cache.lock().unwrap().insert((*goal, metric), d);
    d
}

fn histogram(dist: &HashMap<Board, u32>) -> Vec<u64> {
    let mut h = vec![0u64; *dist.values().max().unwrap() as usize + 1];
    for &d in dist.values() {
        h[d as usize] += 1;
    }
    h
}

/// The test's own Manhattan sum.
fn manhattan(b: &Board, goal: &Board) -> u32 {
    let w = b.shape().width();
    let mut home = [0usize; 32];
    for (i, &t) in goal.cells().iter().enumerate() {
        home[usize::from(t)] = i;
    }
    b.cells()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(i, &t)| {
            let g = home[usize::from(t)];
            ((i / w).abs_diff(g / w) + (i % w).abs_diff(g % w)) as u32
        })
        .sum()
}

fn three(cells: [u8; 9]) -> Board {
    Board::square(&cells).unwrap()
}

fn two_by_five() -> Shape {
    Shape::new(2, 5).unwrap()
}

/// Boards spread over the 3×3 space (every `step`-th by the table's order).
fn spread(dist: &HashMap<Board, u32>, step: usize) -> Vec<Board> {
    let mut all: Vec<&Board> = dist.keys().collect();
    all.sort_by_key(|b| (b.packed(), b.cells().len()));
    all.into_iter().step_by(step).copied().collect()
}

#[test]
fn play_distances_hints_and_path_counts_in_both_metrics() {
    let goal = Board::DEFAULT_GOAL;
    for metric in BOTH {
        let want = whole(&goal, metric);
        let table = DistanceTable::in_metric(&goal, metric);
        assert_eq!(table.metric(), metric);
        assert_eq!(table.reachable() as usize, want.len());
        let hist: Vec<u64> = table.histogram().iter().map(|&n| u64::from(n)).collect();
        assert_eq!(hist, histogram(want), "{metric}");
        for (b, &d) in want.iter() {
            assert_eq!(table.distance(b), Some(d), "{b} {metric}");
        }
        // Every hint and every closer slide takes the reference distance
        // down by one; the closer slides are exactly those that do.
        for b in spread(want, 97) {
            let d = want[&b];
            let closer: Vec<Slide> = closer_slides(&table, &b);
            let all: Vec<(Slide, Board)> = b.moves_in(metric);
            let expect: Vec<Slide> = all
                .iter()
                .filter(|(_, n)| want[n] + 1 == d)
                .map(|&(s, _)| s)
                .collect();
            assert_eq!(closer, expect, "{b} {metric}");
            assert_eq!(table.hint(&b), expect.first().copied(), "{b} {metric}");
        }
    }
    // The baseline: one slide of two tiles in the multi-tile metric.
    let multi = DistanceTable::in_metric(&goal, Metric::Multi);
    let single = DistanceTable::new(&goal);
    assert_eq!(multi.distance(&Board::BASELINE_START), Some(1));
    assert_eq!(
        multi.hint(&Board::BASELINE_START),
        Some(Slide::new(Move::Right, 2))
    );
    assert_eq!(single.distance(&Board::BASELINE_START), Some(2));
    assert_eq!(
        single.hint(&Board::BASELINE_START),
        Some(Slide::from(Move::Right))
    );
    assert_eq!((single.diameter(), multi.diameter()), (31, 24));
    assert_eq!(count_optimal_paths(&multi, &Board::BASELINE_START), Some(1));
    // Path counts: a board at distance 2 has as many shortest paths as its
    // closer neighbours' counts sum to (the reference's own count).
    let want = whole(&goal, Metric::Multi);
    for b in spread(want, 997) {
        let d = want[&b];
        let mut layer: HashMap<Board, u64> = HashMap::from([(b, 1)]);
        for level in (0..d).rev() {
            let mut next = HashMap::new();
            for (x, n) in &layer {
                for y in next_boards(x, true) {
                    if want[&y] == level {
                        *next.entry(y).or_insert(0) += n;
                    }
                }
            }
            layer = next;
        }
        assert_eq!(
            count_optimal_paths(&multi, &b),
            layer.get(&goal).copied(),
            "{b}"
        );
    }
}

#[test]
fn the_workshop_check_is_against_the_chosen_metric() {
    for (shape, step) in [(Shape::THREE, 1), (two_by_five(), 1)] {
        let goal = Board::default_goal(shape);
        for metric in BOTH {
            let want = whole(&goal, metric);
            let program = Program::compile("manhattan", &goal).unwrap();
            let mut check = HeuristicCheck::in_metric(program, metric).unwrap();
            while !check.step(1 << 20) {}
            let r = check.result().unwrap();
            assert_eq!(r.metric, metric);
            assert_eq!(
                r.against(),
                format!("checked against the {} distances", metric.long_name())
            );
            assert_eq!(r.boards as usize, want.len());
            assert_eq!(r.counts, histogram(want), "{shape} {metric}");
            let over = want
                .iter()
                .step_by(step)
                .filter(|(b, &d)| manhattan(b, &goal) > d)
                .count() as u64;
            assert_eq!(r.overestimates, over, "{shape} {metric}");
            assert_eq!(r.admissible, over == 0);
            for b in spread(want, 5003) {
                assert_eq!(check.distance(&b), Some(want[&b]));
            }
            // Consistency: every move of the metric, both ways (3×3; on
            // 2×5 the count is pinned by the engine's own tests).
            if shape != Shape::THREE {
                continue;
            }
            let mut bad = 0u64;
            for b in want.keys() {
                for n in next_boards(b, metric == Metric::Multi) {
                    if manhattan(b, &goal) > 1 + manhattan(&n, &goal) {
                        bad += 1;
                    }
                }
            }
            assert_eq!(r.inconsistent_moves, bad, "{shape} {metric}");
        }
    }
    // The figure: on the baseline h is 2 and the distance 1.
    let goal = Board::DEFAULT_GOAL;
    let program = Program::compile("manhattan", &goal).unwrap();
    let mut check = HeuristicCheck::in_metric(program, Metric::Multi).unwrap();
    while !check.step(1 << 20) {}
    let r = check.result().unwrap();
    assert!(!r.admissible);
    assert_eq!(check.distance(&Board::BASELINE_START), Some(1));
    assert_eq!(manhattan(&Board::BASELINE_START, &goal), 2);
    assert_eq!(r.against(), "checked against the multi-tile distances");
}

#[test]
fn solve_each_mode_in_both_metrics() {
    let four = Board::default_goal(Shape::FOUR);
    let near_four: Vec<Board> = {
        let d = bfs(&four, Metric::Single, 6);
        spread(&d, 37)
    };
    // (goal, starts, the reference's radius: every start lies within it).
    let cases: Vec<(Board, Vec<Board>, u32)> = vec![
        (
            Board::DEFAULT_GOAL,
            spread(whole(&Board::DEFAULT_GOAL, Metric::Single), 9001),
            u32::MAX,
        ),
        (
            Board::default_goal(two_by_five()),
            spread(
                &bfs(&Board::default_goal(two_by_five()), Metric::Single, 12),
                4001,
            ),
            u32::MAX,
        ),
        (four, near_four, 7),
    ];
    for (goal, starts, radius) in cases {
        for metric in BOTH {
            let owned;
            let want: &HashMap<Board, u32> = if radius == u32::MAX {
                whole(&goal, metric)
            } else {
                owned = bfs(&goal, metric, radius);
                &owned
            };
            for start in &starts {
                let d = want[start];
                let optimal = match metric {
                    Metric::Single => solve_optimal(start, &goal, &Estimator::Manhattan, None),
                    Metric::Multi => solve_optimal_multi(start, &goal, None, None),
                }
                .unwrap();
                let Verdict::Solved(sol) = &optimal.verdict else {
                    panic!("{start}")
                };
                assert_eq!((sol.cost, sol.metric), (d, metric), "{start} {metric}");
                let fast = solve_fast_in(start, &goal, metric).unwrap();
                let Verdict::Solved(f) = &fast.verdict else {
                    panic!("{start}")
                };
                assert!(f.cost >= d, "{start} {metric}");
                match metric {
                    Metric::Single => verify(start, &goal, &f.moves, f.cost).map(|_| ()),
                    Metric::Multi => verify_slides(start, &goal, &f.slides(), f.cost).map(|_| ()),
                }
                .unwrap();
            }
        }
    }
}

/// The cost of a found path of a weighted search in `metric`, its path
/// checked again here.
fn weighted_cost(start: &Board, h: Option<Heuristic>, order: Order, metric: Metric) -> Option<u32> {
    let goal = Goal::default();
    let mut s =
        WeightedSearch::ordered_in(start, &goal, h, order, Budget::new(200_000), metric).unwrap();
    s.run();
    match s.outcome().unwrap().verdict {
        Verdict::Solved(sol) => {
            assert_eq!(sol.metric, metric);
            let n = sol.slides().len() as u32;
            assert_eq!(n, sol.cost);
            verify_slides(start, goal.board(), &sol.slides(), sol.cost).unwrap();
            Some(sol.cost)
        }
        _ => None,
    }
}

#[test]
fn trace_weighted_and_race_search_in_the_chosen_metric() {
    let goal = Board::DEFAULT_GOAL;
    for metric in BOTH {
        let want = whole(&goal, metric);
        let bound: Heuristic = BuiltIn::plain_bound(metric).into();
        for start in spread(want, 12007) {
            let d = want[&start];
            // A* with the metric's lower bound, and breadth-first search:
            // shortest.
            let astar = weighted_cost(
                &start,
                Some(bound.clone()),
                Order::Weighted(Weight::ONE),
                metric,
            );
            assert_eq!(astar, Some(d), "{start} {metric}");
            assert_eq!(
                weighted_cost(&start, None, Order::Weighted(Weight::ONE), metric),
                Some(d)
            );
            // w = 2 and greedy: a checked path, never shorter.
            let w2 = Order::Weighted(Weight::from_twice(4).unwrap());
            assert!(weighted_cost(&start, Some(bound.clone()), w2, metric).unwrap() >= d);
            assert!(
                weighted_cost(&start, Some(bound.clone()), Order::Greedy, metric).unwrap() >= d
            );
            // The trace is the same loop: its last pop is the goal at g = d.
            let trace = weighted_astar_trace_in(
                &start,
                &Goal::default(),
                Budget::UNLIMITED,
                bound.clone(),
                Weight::ONE,
                metric,
            )
            .unwrap();
            let last = trace.records.last().unwrap();
            assert_eq!(last.entry.key, goal.packed());
            assert_eq!(last.entry.g, d, "{start} {metric}");
            // In the multi-tile metric an expansion on 3×3 makes four slides.
            if metric == Metric::Multi {
                for r in trace.records.iter().filter(|r| !r.neighbours.is_empty()) {
                    assert_eq!(r.neighbours.len(), 4);
                }
            }
            // The race's sides.
            let race = |search: RaceSearch| {
                let mut side = RaceSide::new_in(search, &start, &Goal::default(), metric).unwrap();
                while side.end().is_none() {
                    side.step();
                }
                match side.end() {
                    Some((RaceEnd::Found { cost, .. }, _)) => *cost,
                    other => panic!("{other:?}"),
                }
            };
            assert_eq!(
                race(RaceSearch::AStar {
                    heuristic: bound.clone(),
                    weight: Weight::ONE
                }),
                d
            );
            assert_eq!(race(RaceSearch::Breadth), d);
            assert!(race(RaceSearch::Greedy(bound.clone())) >= d);
        }
    }
    // Manhattan runs in the multi-tile metric, and its result says so.
    let start = Board::BASELINE_START;
    let cost = weighted_cost(
        &start,
        Some(Heuristic::MANHATTAN),
        Order::Weighted(Weight::ONE),
        Metric::Multi,
    )
    .unwrap();
    assert_eq!(cost, 1);
    let lb = Heuristic::MANHATTAN.lower_bound_in(Metric::Multi);
    assert_eq!(
        path_text(cost, 1, lb, Metric::Multi),
        "not admissible in the multi-tile metric: a path of 1 move, the exact distance 1"
    );
    // IDA* (the trace's and the race's) is single-tile: refused, in words.
    let e = RaceSide::new_in(RaceSearch::Ida, &start, &Goal::default(), Metric::Multi)
        .err()
        .unwrap();
    assert_eq!(
        e,
        Refusal::SingleTileOnly {
            tool: IDA_TOOL,
            metric: Metric::Multi
        }
    );
    assert_eq!(
        e.to_string(),
        "the teaching IDA* (Manhattan) counts single-tile moves only; it does not take the multi-tile metric"
    );
    assert_eq!(e.to_string(), single_tile_only(IDA_TOOL, Metric::Multi));
    let d = whole(&goal, Metric::Single)[&start];
    let mut ida =
        RaceSide::new_in(RaceSearch::Ida, &start, &Goal::default(), Metric::Single).unwrap();
    while ida.end().is_none() {
        ida.step();
    }
    assert!(matches!(ida.end(), Some((RaceEnd::Found { cost, .. }, _)) if *cost == d));
}

#[test]
fn replay_h_is_the_metric_estimate_and_f_stays_under_the_optimum() {
    for (goal, starts) in [
        (
            Board::DEFAULT_GOAL,
            vec![
                Board::BASELINE_START,
                three([8, 6, 7, 2, 5, 4, 3, 0, 1]),
                three([6, 4, 7, 8, 5, 0, 3, 2, 1]),
            ],
        ),
        (
            Board::default_goal(two_by_five()),
            spread(
                &bfs(&Board::default_goal(two_by_five()), Metric::Single, 14),
                3001,
            ),
        ),
    ] {
        for metric in BOTH {
            let want = whole(&goal, metric);
            let ready = prepared(&BuiltIn::plain_bound(metric).into(), &goal).unwrap();
            for start in &starts {
                let out = match metric {
                    Metric::Single => solve_optimal(start, &goal, &Estimator::Manhattan, None),
                    Metric::Multi => solve_optimal_multi(start, &goal, None, None),
                }
                .unwrap();
                let Verdict::Solved(sol) = &out.verdict else {
                    panic!()
                };
                let replay = Replay::of_solution(start, sol, &ready).unwrap();
                assert_eq!(replay.metric(), metric);
                assert_eq!(replay.steps().len() as u32, want[start] + 1);
                for st in replay.steps() {
                    assert!(st.f() <= sol.cost, "{start} {metric} step {}", st.index);
                    assert!(st.h <= want[&st.board]);
                }
            }
        }
    }
    // The baseline in the multi-tile metric: one step, Right×2, h 1 then 0.
    let ready = prepared(
        &BuiltIn::plain_bound(Metric::Multi).into(),
        &Board::DEFAULT_GOAL,
    )
    .unwrap();
    let out =
        solve_optimal_multi(&Board::BASELINE_START, &Board::DEFAULT_GOAL, None, None).unwrap();
    let Verdict::Solved(sol) = &out.verdict else {
        panic!()
    };
    let r = Replay::of_solution(&Board::BASELINE_START, sol, &ready).unwrap();
    let rows: Vec<(String, u32, u32)> = r
        .steps()
        .iter()
        .map(|s| (r.move_text(s), s.g, s.h))
        .collect();
    assert_eq!(rows, [("-".into(), 0, 1), ("Right×2".into(), 1, 0)]);
    assert_eq!((r.heuristic(), r.initial_h()), ("multi-tile-manhattan", 1));
}

#[test]
fn space_counts_equal_the_reference_in_both_metrics() {
    for shape in [Shape::THREE, two_by_five()] {
        let goal = Board::default_goal(shape);
        for metric in BOTH {
            let mut s = SpaceSearch::with_metric(&goal, metric).unwrap();
            while !s.step(1 << 22) {}
            let r = s.result().unwrap();
            assert_eq!(
                r.counts,
                histogram(whole(&goal, metric)),
                "{shape} {metric}"
            );
        }
    }
}

#[test]
fn search_cost_grading_and_exercises_carry_their_metric() {
    for shape in [Shape::THREE, two_by_five()] {
        let goal = Board::default_goal(shape);
        for metric in BOTH {
            let want = whole(&goal, metric);
            // A lower bound of the metric in the heuristic language: a
            // slide moves at most k = max(W, H) − 1 tiles, so misplaced
            // tiles fall by at most k a move.
            let k = shape.width().max(shape.height()) - 1;
            let bound = match metric {
                Metric::Single => "manhattan".to_string(),
                Metric::Multi => format!("(misplaced + {}) / {k}", k - 1),
            };
            let program = Program::compile(&bound, &goal).unwrap();
            let mut check = HeuristicCheck::in_metric(program, metric).unwrap();
            while !check.step(1 << 20) {}
            assert!(check.result().unwrap().admissible, "{shape} {metric}");
            if shape == Shape::THREE {
                let mut cost = SearchCost::new(&check, 1).unwrap();
                assert_eq!(cost.metric(), metric);
                while !cost.step(64) {}
                let hist = histogram(want);
                for row in cost.rows() {
                    assert_eq!(row.class_boards, hist[row.depth as usize]);
                    // Admissible heuristics: every path found is shortest
                    // (excess 0); the reference (Manhattan, or the
                    // multi-tile estimate) always finishes.
                    let d = row.depth;
                    assert_eq!(row.ida[0].excess, 0, "{shape} {metric} depth {d}");
                    assert_eq!((row.ida[1].excess, row.ida[1].over_budget), (0, 0));
                    let a = row.astar.unwrap();
                    assert_eq!((a[0].excess, a[1].excess, a[1].over_budget), (0, 0, 0));
                }
            }
            // One search, its path length the reference distance.
            let start = want
                .iter()
                .filter(|&(_, &d)| d == 12)
                .map(|(b, _)| *b)
                .min_by_key(Board::packed)
                .unwrap();
            let search = if shape == Shape::THREE {
                CostSearch::AStar
            } else {
                CostSearch::IdaStar
            };
            let run = run_search_in(search, None, &start, &goal, metric).unwrap();
            assert_eq!(run.length, Some(want[&start]));
            // An exercise in the metric: its link carries `.multi`, and
            // Manhattan's grade names the distances it was checked against.
            let boards: Vec<String> = spread(want, 30011)
                .iter()
                .take(3)
                .map(|b| b.cells().iter().map(|c| c.to_string()).collect())
                .collect();
            let text = format!(
                "{}x{}.{}.{}.admissible.100000000.{}{}",
                shape.width(),
                shape.height(),
                goal.cells()
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<String>(),
                if shape == Shape::THREE {
                    "astar"
                } else {
                    "idastar"
                },
                boards.join("_"),
                if metric == Metric::Multi {
                    ".multi"
                } else {
                    ""
                }
            );
            let ex = Exercise::read(&text).unwrap();
            assert_eq!(ex.metric, metric);
            assert_eq!(ex.text(), text);
            let g = grade(&ex, "manhattan").unwrap();
            assert_eq!(g.metric, metric);
            let over = want
                .iter()
                .filter(|(b, &d)| manhattan(b, &goal) > d)
                .count() as u64;
            assert_eq!((g.admissible, g.overestimates), (over == 0, over));
            let lines = g.lines(&ex);
            match metric {
                Metric::Single => assert_eq!(lines[1], "Admissible: yes (h ≤ distance on every board)"),
                Metric::Multi => assert_eq!(
                    lines[1],
                    format!(
                        "Admissible: no — h overestimates on {} boards, checked against the multi-tile distances",
                        eight_puzzle::engine::text::thousands(over)
                    )
                ),
            }
        }
    }
    // A bad seventh field is named.
    let e = Exercise::read("3x3.123456780.astar.any.5.123456708.triple").unwrap_err();
    assert_eq!((e.kind(), e.field()), ("metric", "metric"));
}

#[test]
fn the_contract_sweep_is_single_tile() {
    let goal = Goal::default();
    let table = DistanceTable::new(goal.board());
    let want = whole(goal.board(), Metric::Single);
    let starts: Vec<Board> = reachable_starts(&table).into_iter().step_by(1009).collect();
    let report = sweep_chunk(&mut Solver::new(), &goal, Budget::new(10_000), &starts).unwrap();
    let deepest = starts.iter().map(|b| want[b]).max().unwrap();
    assert_eq!(report.diameter(), deepest);
}

#[test]
fn the_command_line_takes_the_metric_or_says_why_not_in_one_sentence() {
    let goal = Board::DEFAULT_GOAL;
    // Refused: the tools built on the 3×3 contract, and the 24-puzzle set.
    for (args, sentence) in [
        (
            vec!["sweep", "--metric", "multi", "--json"],
            "sweep, which runs the 3×3 contract A*, counts single-tile moves only; it does not take the multi-tile metric",
        ),
        (
            vec!["depth-table", "--metric", "multi", "--json"],
            "depth-table, which runs the 3×3 A* and IDA*, counts single-tile moves only; it does not take the multi-tile metric",
        ),
        (
            vec!["korf24", "--metric", "multi", "--json"],
            "korf24, whose published optimal lengths are single-tile, counts single-tile moves only; it does not take the multi-tile metric",
        ),
    ] {
        let (code, v) = json1(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(v["error"]["kind"], "single_tile_only");
        assert_eq!(v["error"]["message"], sentence, "{args:?}");
    }
    // korf100 takes the multi-tile metric (tests/multi44.rs runs it), in
    // optimal mode with its own tables only.
    for (args, field, sentence) in [
        (
            vec!["korf100", "--metric", "multi", "--mode", "fast", "--json"],
            "mode",
            "korf100 --metric multi solves each instance optimally; fast mode is single-tile here",
        ),
        (
            vec!["korf100", "--metric", "multi", "--heuristic", "pdb-78", "--json"],
            "heuristic",
            "--heuristic chooses a single-tile estimate; the multi-tile search uses its own tables (multi-tile-pdb-666)",
        ),
    ] {
        let (code, v) = json1(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(v["error"]["field"], field);
        assert_eq!(v["error"]["kind"], "not_for_multi");
        assert_eq!(v["error"]["message"], sentence, "{args:?}");
    }
    let (code, _, err) = run(&[
        "trace",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--metric",
        "multi",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the 3×3 contract is single-tile: trace"),
        "{err}"
    );

    // batch --metric: every line at its multi-tile distance.
    let want = whole(&goal, Metric::Multi);
    let starts = spread(want, 20011);
    let file = std::env::temp_dir().join(format!("metric_matrix_{}.txt", std::process::id()));
    let text: Vec<String> = starts.iter().map(Board::to_json).collect();
    std::fs::write(&file, text.join("\n")).unwrap();
    let path = file.to_string_lossy().to_string();
    for (metric, table) in [("single", whole(&goal, Metric::Single)), ("multi", want)] {
        let (code, out, err) = run(&["batch", &path, "--metric", metric, "--json"]);
        assert_eq!(code, 0, "{err}");
        let lines = json_lines(&out);
        assert_eq!(lines.len(), starts.len());
        for (b, v) in starts.iter().zip(&lines) {
            assert_eq!(v["cost"], table[b], "{b} {metric}");
        }
    }
    let (code, out, _) = run(&[
        "batch", &path, "--metric", "multi", "--budget", "5", "--json",
    ]);
    assert_eq!(code, 2);
    assert!(out.contains("contract_single_tile"), "{out}");
    std::fs::remove_file(&file).ok();

    // heuristic check --metric: the baseline's figure, and the metric named.
    let (code, v) = json1(&[
        "heuristic",
        "check",
        "--expr",
        "manhattan",
        "--metric",
        "multi",
        "--json",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        (v["admissible"].clone(), v["metric"].clone()),
        (false.into(), "multi".into())
    );
    let over = want
        .iter()
        .filter(|(b, &d)| manhattan(b, &goal) > d)
        .count();
    assert_eq!(v["overestimates"], over);
    let (code, out, _) = run(&[
        "heuristic",
        "check",
        "--expr",
        "manhattan",
        "--metric",
        "multi",
    ]);
    assert_eq!(code, 1);
    assert!(
        out.contains("Distances checked against the multi-tile distances"),
        "{out}"
    );

    // solve --weight --metric multi: the weighted A* with slides, and
    // Manhattan named as not admissible there.
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--weight",
        "1",
        "--heuristic",
        "manhattan",
        "--metric",
        "multi",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        (v["cost"].clone(), v["optimal_cost"].clone()),
        (1.into(), 1.into())
    );
    assert_eq!(
        v["moves"],
        serde_json::json!([{"direction": "Right", "count": 2}])
    );
    assert_eq!(v["admissible"], false);
    let (_, out, _) = run(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--weight",
        "1",
        "--heuristic",
        "manhattan",
        "--metric",
        "multi",
    ]);
    assert!(
        out.contains(
            "Path: not admissible in the multi-tile metric: a path of 1 move, the exact distance 1"
        ),
        "{out}"
    );
    assert!(out.contains("Right×2"), "{out}");
    assert!(!out.contains("shortest"), "{out}");

    // heuristic exercise --metric multi: the link's seventh field.
    let (code, v) = json1(&[
        "heuristic",
        "exercise",
        "--target-nodes",
        "9",
        "--boards",
        "123456708",
        "--metric",
        "multi",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        v["exercise"],
        "3x3.123456780.astar.admissible.9.123456708.multi"
    );
}
