//! Native tests of the protocol: every task and reply through the
//! envelope and back, the envelope's bytes, and a session run of each kind
//! of work against the engine's own answers.

use super::experiment::experiment_row;
use super::lab::compare_row;
use super::solver::{Counters, HintAnswer, Report};
use super::space::SpaceAnswer;
use super::sweep::{expansions_of, SweepTask, SweepTotals};
use super::*;
use crate::engine::heuristic::expr::EvalError;
use crate::engine::heuristic::{
    BuiltIn, CheckResult, EvalFailure, HCount, Inconsistency, Overestimate, SampleInfo,
};
use crate::engine::moves::Metric;
use crate::engine::solve::Mode;
use crate::engine::teaching::lab::{depth_table_chunk, Algorithm, DepthTotals};
use crate::engine::{
    contract::{Goal, Solver},
    parse_board,
    space::Progress,
    Board, Move,
};

const EASY16: &str = "[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]";
const GOAL16: &str = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]";

fn board(text: &str) -> Board {
    parse_board(text).unwrap()
}

fn every_task() -> Vec<Task> {
    let goal = Board::DEFAULT_GOAL;
    vec![
        Task::Solve {
            start: board(EASY16),
            goal: board(GOAL16),
            mode: Mode::Optimal,
            budget: 1_000,
            metric: crate::engine::moves::Metric::Single,
        },
        Task::Solve {
            start: board("[[1,2,3],[4,5,6],[7,8,9],[10,0,11]]"),
            goal: board("[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]"),
            mode: Mode::Fast,
            budget: 0,
            metric: crate::engine::moves::Metric::Single,
        },
        Task::Hint {
            board: board(EASY16),
            goal: board(GOAL16),
            budget: 1_000_000,
            metric: Default::default(),
        },
        Task::Space {
            goal: board("[[1,2],[3,4],[5,0]]"),
            metric: Metric::Single,
        },
        Task::Sweep(SweepTask {
            phase: 1,
            goal: goal.three_cells(),
            heuristic: "misplaced".into(),
            lo: 0,
            hi: 0,
            ranks: vec![1, 5, 9],
        }),
        Task::Depth { goal, lo: 0, hi: 5 },
        Task::Compare {
            start: board("[1,2,3,4,5,6,0,7,8]"),
            goal,
            budget: 200_000,
            index: 3,
        },
        Task::Experiment { row: 4 },
        Task::Explore {
            goal,
            metric: Default::default(),
        },
        Task::Check {
            expr: "max(manhattan, 2 * misplaced - 1)".into(),
            goal: board("[[1,2],[3,4],[5,0]]"),
            metric: Default::default(),
        },
        Task::AllShortest {
            start: board(EASY16),
            goal: board(GOAL16),
            metric: crate::engine::moves::Metric::Multi,
            limit: 50,
        },
    ]
}

fn every_reply() -> Vec<Reply> {
    let c = Counters::figures(41, Some(39), 123_456, 45_678, 2);
    vec![
        Reply::Progress(Step::Solver(Report::Build {
            done: 1,
            tables: 3,
            filled: 364_630,
            entries: 11_534_880,
        })),
        Reply::Progress(Step::Solver(Report::Search(c))),
        Reply::Progress(Step::Space(Progress {
            reached: 5,
            total: 360,
            depth: 2,
        })),
        Reply::Done(Answer::Solver(Report::Found(
            c,
            Metric::Single,
            Move::ALL.to_vec(),
        ))),
        Reply::Done(Answer::Solver(Report::Found(c, Metric::Multi, Vec::new()))),
        Reply::Done(Answer::Solver(Report::Fast {
            lower_bound: 95,
            generated: 7,
            metric: Metric::Multi,
            moves: vec![Move::Left, Move::Up],
        })),
        Reply::Done(Answer::Solver(Report::Cutoff(c))),
        Reply::Done(Answer::Solver(Report::Hint(HintAnswer::Exact([
            Some(3),
            None,
            Some(3),
            Some(1),
        ])))),
        Reply::Done(Answer::Solver(Report::Hint(HintAnswer::Shortest {
            first: Move::Left,
            distance: 40,
            budget: 9,
        }))),
        Reply::Done(Answer::Solver(Report::Hint(HintAnswer::Fast {
            first: Move::Down,
            length: 130,
            lower_bound: 88,
            budget: 4_000_000,
        }))),
        Reply::Done(Answer::Space(SpaceAnswer {
            counts: vec![1, 2, 3],
            antipode_count: 3,
            antipodes: vec![board("[[2,1],[4,3],[0,5]]")],
        })),
        Reply::Done(Answer::Sweep(SweepTotals {
            starts: 3,
            expansions: 40,
            max: 20,
            over_contract_budget: 0,
        })),
        Reply::Done(Answer::Depth(crate::engine::teaching::lab::DepthPartial {
            by_depth: vec![DepthTotals {
                starts: 1,
                expansions: [1, 2, 3, 4],
                generated: [5, 6, 7, 8],
            }],
        })),
        Reply::Done(Answer::Optimum(Some(31))),
        Reply::Done(Answer::Optimum(None)),
        Reply::Done(Answer::CompareRow(lab::CompareRow::from_cells(
            ["a", "b", "c", "d", "e", "f", "g", "h"].map(String::from),
        ))),
        Reply::Done(Answer::ExperimentRow(
            experiment::ExperimentRow::from_cells(
                ["a", "b", "c", "d", "e", "f", "g"].map(String::from),
            ),
        )),
        Reply::Done(Answer::Explored {
            histogram: vec![1, 2, 4],
            hardest: vec![7, 9],
        }),
        Reply::Progress(Step::Check(check::CheckProgress {
            checked: 7,
            total: 360,
        })),
        Reply::Done(Answer::Check(check::CheckAnswer::Figures(Box::new(
            CheckResult {
                goal: board("[[1,2],[3,4],[5,0]]"),
                metric: Default::default(),
                boards: 360,
                admissible: false,
                overestimates: 1,
                worst_overestimate: Some(Overestimate {
                    board: board("[[2,1],[4,3],[0,5]]"),
                    h: 9,
                    distance: 7,
                }),
                consistent: false,
                inconsistent_moves: 2,
                worst_inconsistency: Some(Inconsistency {
                    from: board("[[1,2],[3,4],[0,5]]"),
                    to: board("[[1,2],[3,4],[5,0]]"),
                    h_from: 3,
                    h_to: 0,
                }),
                mean_ratio: 0.642,
                exact_share: 12.0 / 360.0,
                exact: 12,
                counts: vec![1, 2],
                h_vs_distance: vec![
                    HCount {
                        distance: 0,
                        h: 0,
                        count: 1,
                    },
                    HCount {
                        distance: 1,
                        h: 1,
                        count: 2,
                    },
                ],
                sample: Some(SampleInfo {
                    class_boards: 239_500_800,
                    seed: 7,
                }),
            },
        )))),
        Reply::Done(Answer::Check(check::CheckAnswer::Failed(EvalFailure {
            board: board("[[1,2],[3,4],[5,0]]"),
            distance: Some(0),
            error: EvalError::DivisionByZero { at: 11 },
        }))),
        Reply::Error("out of memory".into()),
        Reply::Progress(Step::Shortest(super::ShortestProgress::Build {
            done: 1,
            tables: 3,
        })),
        Reply::Progress(Step::Shortest(super::ShortestProgress::Optimum)),
        // A count past u64.
        Reply::Done(Answer::Shortest(super::Shortest {
            length: 80,
            count: u128::from(u64::MAX) * 3,
            paths: vec![vec![crate::engine::moves::Slide::new(
                crate::engine::Move::Right,
                2,
            )]],
        })),
    ]
}

fn round_trip(body: Body) {
    let envelope = Envelope { job: 42, body };
    let bytes = envelope.to_bytes();
    assert_eq!(Envelope::from_bytes(&bytes), Ok(envelope), "{bytes:?}");
}

#[test]
fn every_task_and_reply_survives_the_envelope() {
    for task in every_task() {
        round_trip(Body::Task(task));
    }
    for reply in every_reply() {
        round_trip(Body::Reply(reply));
    }
    round_trip(Body::Cancel);
}

#[test]
fn the_envelope_is_the_job_then_the_body_in_postcard_bytes() {
    let solve = Envelope {
        job: 3,
        body: Body::Task(Task::Solve {
            start: board("[1,2,3,4,5,6,7,0,8]"),
            goal: Board::DEFAULT_GOAL,
            mode: Mode::Fast,
            budget: 300,
            metric: crate::engine::moves::Metric::Single,
        }),
    };
    // A board is its width, height and cells; a mode and a metric their
    // variant's index; numbers varints.
    let mut want = vec![3, 0, 0];
    want.extend([3, 3, 9, 1, 2, 3, 4, 5, 6, 7, 0, 8]);
    want.extend([3, 3, 9, 1, 2, 3, 4, 5, 6, 7, 8, 0]);
    want.push(1);
    want.extend([0xac, 0x02]);
    want.push(0);
    assert_eq!(
        solve.to_bytes(),
        want,
        "job, Task, Solve, start, goal, mode, budget, metric"
    );
    let found = Envelope {
        job: 300,
        body: Body::Reply(Reply::Done(Answer::Solver(Report::Found(
            Counters::figures(1, None, 3, 2, 1),
            Metric::Single,
            vec![Move::Right],
        )))),
    };
    let want = vec![0xac, 0x02, 2, 1, 0, 2, 1, 0, 3, 2, 1, 0, 1, 3];
    assert_eq!(found.to_bytes(), want, "…, Found, counters, metric, moves");
    assert_eq!(
        Envelope {
            job: 0,
            body: Body::Cancel
        }
        .to_bytes(),
        [0, 1]
    );
}

#[test]
fn a_message_that_cannot_be_read_is_an_error_not_a_panic() {
    // job 1, Task::Solve, start, goal, mode, budget 0, metric.
    let solve = |start: &[u8], mode: u8, metric: u8| {
        let mut bytes = vec![1, 0, 0];
        bytes.extend(start);
        bytes.extend([3, 3, 9, 1, 2, 3, 4, 5, 6, 7, 8, 0]);
        bytes.extend([mode, 0, metric]);
        bytes
    };
    let start = [3, 3, 9, 1, 2, 3, 4, 5, 6, 7, 0, 8];
    assert!(Envelope::from_bytes(&solve(&start, 1, 0)).is_ok());
    for bad in [
        Vec::new(),
        vec![1],
        vec![1, 9],
        // Two cells for a 3×3 board; a tile twice; a board 1 wide.
        solve(&[3, 3, 2, 1, 2], 1, 0),
        solve(&[3, 3, 9, 1, 1, 3, 4, 5, 6, 7, 0, 8], 1, 0),
        solve(&[1, 3, 3, 1, 2, 0], 1, 0),
        // A mode other than optimal or fast; a metric other than single
        // or multi.
        solve(&start, 2, 0),
        solve(&start, 1, 2),
        vec![
            1, 2, 1, 0, 3, 1, 0, 3, 2, 1, 1, 8, b'S', b'i', b'd', b'e', b'w', b'a', b'y', b's',
        ],
    ] {
        let e = Envelope::from_bytes(&bad).unwrap_err();
        assert!(e.starts_with("a message that could not be read: "), "{e}");
    }
}

/// Every reply of one job, in order.
fn run(task: Task) -> Vec<Reply> {
    let mut s = Session::default();
    s.begin(task);
    let mut clock = || 0.0;
    let mut replies = Vec::new();
    while let Some(r) = s.step(&mut clock) {
        let last = r.is_final();
        replies.push(r);
        if last {
            break;
        }
    }
    assert_eq!(s.step(&mut clock), None, "nothing after the last reply");
    replies
}

#[test]
fn a_session_runs_each_kind_of_work_as_before() {
    let goal = Board::DEFAULT_GOAL;
    let tasks = every_task();
    // An optimal 4×4 solve: the database build, then the shortest path (two
    // moves right).
    let replies = run(tasks[0].clone());
    assert_eq!(
        replies.first(),
        Some(&Reply::Progress(Step::Solver(Report::Build {
            done: 1,
            tables: 3,
            filled: 366_045,
            entries: 11_534_880
        })))
    );
    assert_eq!(
        replies.last(),
        Some(&Reply::Done(Answer::Solver(Report::Found(
            Counters::figures(2, None, 5, 3, 1),
            Metric::Single,
            vec![Move::Right, Move::Right]
        ))))
    );
    // A fast 3×4 solve answers in one slice.
    let replies = run(tasks[1].clone());
    assert_eq!(replies.len(), 1);
    assert!(matches!(
        &replies[0],
        Reply::Done(Answer::Solver(Report::Fast { moves, .. })) if moves == &[Move::Right]
    ));
    // A hint: the exact distance after each move.
    let replies = run(tasks[2].clone());
    assert_eq!(
        replies.last(),
        Some(&Reply::Done(Answer::Solver(Report::Hint(
            HintAnswer::Exact([Some(3), None, Some(3), Some(1)])
        ))))
    );
    // The 2×3 space streams, then its counts by distance.
    let replies = run(tasks[3].clone());
    let Some(Reply::Done(Answer::Space(answer))) = replies.last() else {
        panic!("{replies:?}")
    };
    assert_eq!(
        answer.counts,
        [1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1]
    );
    let result = answer.result(&board("[[1,2],[3,4],[5,0]]")).unwrap();
    assert_eq!(result.antipodes, [board("[[2,1],[4,3],[0,5]]")]);
    // A sweep piece: the expansions of its listed starts.
    let mut solver = Solver::new();
    let mut want = SweepTotals::default();
    for r in [1, 5, 9] {
        let start = crate::engine::contract::unrank(r).unwrap();
        want.record(expansions_of(
            &mut solver,
            &Goal::default(),
            BuiltIn::Misplaced,
            &start,
        ));
    }
    assert_eq!(run(tasks[4].clone()), [Reply::Done(Answer::Sweep(want))]);
    // A depth-table range: the engine's chunk.
    assert_eq!(
        run(tasks[5].clone()),
        [Reply::Done(Answer::Depth(
            depth_table_chunk(&Goal::default(), 0..5).unwrap()
        ))]
    );
    // Compare all's row 3 and the optimum.
    let replies = run(tasks[6].clone());
    let Reply::Done(Answer::CompareRow(row)) = &replies[0] else {
        panic!("{replies:?}")
    };
    let start = board("[1,2,3,4,5,6,0,7,8]");
    let mut clock = || 0.0;
    let want = compare_row(
        Algorithm::ALL[2],
        &start,
        &Goal::default(),
        200_000,
        &mut clock,
    );
    assert_eq!(
        (&row.algorithm, &row.verdict, &row.length),
        (&want.algorithm, &want.verdict, &want.length)
    );
    assert_eq!(row.length, "2");
    let optimum = Task::Compare {
        start,
        goal,
        budget: 200_000,
        index: 0,
    };
    assert_eq!(run(optimum), [Reply::Done(Answer::Optimum(Some(2)))]);
    // An experiment row.
    assert_eq!(
        run(tasks[7].clone()),
        [Reply::Done(Answer::ExperimentRow(
            experiment_row(4).unwrap()
        ))]
    );
    // The whole 3×3 space: 181,440 boards, two at 31 moves.
    let replies = run(tasks[8].clone());
    let Reply::Done(Answer::Explored { histogram, hardest }) = &replies[0] else {
        panic!("{replies:?}")
    };
    assert_eq!(histogram.iter().sum::<u32>(), 181_440);
    assert_eq!(histogram.len(), 32);
    assert_eq!(hardest.len(), 2);
}

#[test]
fn a_refused_task_is_the_jobs_error_and_cancel_drops_the_job() {
    let errors = [
        (Task::Experiment { row: 15 }, "the experiment has no row 15"),
        (
            Task::Compare {
                start: Board::DEFAULT_GOAL,
                goal: Board::DEFAULT_GOAL,
                budget: 5,
                index: 99,
            },
            "no algorithm number 99",
        ),
    ];
    for (task, e) in errors {
        assert_eq!(run(task), [Reply::Error(e.into())]);
    }
    assert_eq!(
        run_task(
            &Task::Hint {
                board: board(EASY16),
                goal: board(GOAL16),
                budget: 1_000_000,
                metric: Default::default()
            },
            &mut || 0.0
        ),
        Err("a streaming task is not a batch task".into())
    );
    let mut s = Session::default();
    s.begin(every_task()[0].clone());
    assert!(s.step(&mut || 0.0).is_some_and(|r| !r.is_final()));
    s.cancel();
    assert_eq!(s.step(&mut || 0.0), None);
}

#[test]
fn a_multi_tile_solve_streams_slices_and_finds_the_3x3_antipode_in_24_slides() {
    use crate::engine::{moves::Metric, verdict::runs, witness::verify_slides};
    let start = board("[1,4,7,2,0,8,3,6,5]");
    let goal = Board::DEFAULT_GOAL;
    let replies = run(Task::Solve {
        start,
        goal,
        mode: Mode::Optimal,
        budget: u64::MAX,
        metric: Metric::Multi,
    });
    // The multi-tile table (seven tiles and the blank: exact on 3×3; its
    // 181,440 reachable states fit one slice of 262,144), then the search
    // straight down the path.
    assert_eq!(replies.len(), 2);
    assert_eq!(
        replies[0],
        Reply::Progress(Step::Solver(Report::Build {
            done: 1,
            tables: 1,
            filled: 362_880,
            entries: 362_880
        }))
    );
    let Reply::Done(Answer::Solver(Report::Found(c, found, moves))) = &replies[1] else {
        panic!("{:?}", replies[1]);
    };
    assert_eq!(*c, Counters::figures(24, None, 50, 25, 1));
    assert_eq!(*found, Metric::Multi);
    let slides = runs(moves);
    assert_eq!(slides.len(), 24);
    assert_eq!(verify_slides(&start, &goal, &slides, 24).unwrap().len(), 25);
    // Fast mode counts its path in slides too, against the multi-tile bound.
    let replies = run(Task::Solve {
        start,
        goal,
        mode: Mode::Fast,
        budget: 0,
        metric: Metric::Multi,
    });
    let [Reply::Done(Answer::Solver(Report::Fast {
        lower_bound,
        moves,
        metric: Metric::Multi,
        ..
    }))] = &replies[..]
    else {
        panic!("{replies:?}");
    };
    assert_eq!(*lower_bound, 10);
    let slides = runs(moves);
    assert!(verify_slides(&start, &goal, &slides, slides.len() as u32).is_ok());
    assert_eq!((moves.len(), slides.len()), (30, 26));
}

#[test]
fn a_session_checks_a_heuristic_in_slices_and_says_what_it_found() {
    let goal = board("[[1,2],[3,4],[5,0]]");
    let replies = run(Task::Check {
        expr: "manhattan".into(),
        goal,
        metric: Default::default(),
    });
    let (last, steps) = replies.split_last().unwrap();
    assert_eq!(
        steps[0],
        Reply::Progress(Step::Check(check::CheckProgress {
            checked: 0,
            total: 360
        }))
    );
    let Reply::Done(Answer::Check(check::CheckAnswer::Figures(f))) = last else {
        panic!("{last:?}");
    };
    assert_eq!(
        (
            f.boards,
            f.overestimates,
            f.inconsistent_moves,
            f.worst_overestimate.is_none()
        ),
        (360, 0, 0, true)
    );
    let replies = run(Task::Check {
        expr: "manhattan / (misplaced - misplaced)".into(),
        goal,
        metric: Default::default(),
    });
    assert_eq!(
        replies.last(),
        Some(&Reply::Done(Answer::Check(check::CheckAnswer::Failed(
            EvalFailure {
                board: goal,
                distance: Some(0),
                error: EvalError::DivisionByZero { at: 10 },
            }
        ))))
    );
    let replies = run(Task::Check {
        expr: "manhattan +".into(),
        goal,
        metric: Default::default(),
    });
    assert_eq!(
        replies,
        vec![Reply::Error(
            "at character 12: expected a number, a name or `(`, found the end of the expression"
                .into()
        )]
    );
}

/// A hint's replies through a session, to its answer.
fn hint_answer(at: Board, goal: Board, budget: u64) -> (Vec<Reply>, Option<HintAnswer>) {
    let replies = run(Task::Hint {
        board: at,
        goal,
        budget,
        metric: Default::default(),
    });
    let answer = match replies.last() {
        Some(Reply::Done(Answer::Solver(Report::Hint(a)))) => Some(a.clone()),
        _ => None,
    };
    (replies, answer)
}

#[test]
fn a_multi_tile_hint_is_a_slide_of_a_shortest_multi_tile_path() {
    use crate::engine::{moves::Slide, teaching::DistanceTable};
    let goal = Board::DEFAULT_GOAL;
    let table = DistanceTable::in_metric(&goal, Metric::Multi);
    for (at, budget) in [
        (Board::BASELINE_START, 1_000_000),
        (board("[8,6,7,2,5,4,3,0,1]"), 50_000_000),
    ] {
        let replies = run(Task::Hint {
            board: at,
            goal,
            budget,
            metric: Metric::Multi,
        });
        let Some(Reply::Done(Answer::Solver(Report::Hint(answer)))) = replies.last() else {
            panic!("{replies:?}")
        };
        let HintAnswer::Slide {
            first,
            length,
            lower_bound,
            ..
        } = answer.clone()
        else {
            panic!("{answer:?}")
        };
        // Proved: the multi-tile distance of the whole-space table, and the
        // slide takes it down by one.
        let d = table.distance(&at).unwrap();
        assert_eq!((length, lower_bound), (d, d));
        assert_eq!(table.distance(&at.slide(first).unwrap()), Some(d - 1));
        if at == Board::BASELINE_START {
            assert_eq!(first, Slide::new(Move::Right, 2));
            assert_eq!(
                answer.slide_words().unwrap(),
                "Hint: Right×2 (the blank slides that way) starts a shortest multi-tile path; the exact multi-tile distance drops from 1 to 0."
            );
        }
    }
}

#[test]
fn a_3x3_hint_in_the_worker_names_every_move_that_starts_a_shortest_path() {
    use crate::engine::teaching::DistanceTable;
    let goal = Board::DEFAULT_GOAL;
    let at = board("[8,6,7,2,5,4,3,0,1]");
    let (replies, answer) = hint_answer(at, goal, 4_000_000);
    // The whole-space table's distances, independently of the IDA*.
    let table = DistanceTable::new(&goal);
    let exact = Move::ALL.map(|m| at.apply(m).and_then(|b| table.distance(&b)));
    assert_eq!(exact, [Some(30), None, Some(30), Some(30)]);
    assert_eq!(answer, Some(HintAnswer::Exact(exact)), "{replies:?}");
    assert!(replies[..replies.len() - 1]
        .iter()
        .all(|r| matches!(r, Reply::Progress(Step::Solver(Report::Search(_))))));
}

#[test]
fn a_random_5x5_hint_gives_a_fast_move_with_its_lower_bound_when_the_budget_runs_out() {
    use crate::engine::solve::{korf_goal, solve_fast};
    // Korf's first random 24-puzzle start.
    let at = board("[14,5,9,2,18,8,23,19,12,17,15,0,10,20,4,6,11,21,1,7,24,3,16,22,13]");
    let goal = korf_goal(crate::engine::Shape::FIVE);
    let (replies, answer) = hint_answer(at, goal, 200_000);
    let fast = solve_fast(&at, &goal).unwrap();
    let crate::engine::Verdict::Solved(path) = &fast.verdict else {
        panic!("{fast:?}")
    };
    assert_eq!(
        answer,
        Some(HintAnswer::Fast {
            first: path.moves[0],
            length: path.cost,
            lower_bound: 83,
            budget: 200_000,
        }),
        "{replies:?}"
    );
    assert_eq!((path.moves[0], path.cost), (Move::Left, 109));
    // Progress before the answer, slice by slice: the board's bound (no
    // path is shorter) and the nodes generated so far.
    let progress: Vec<(u32, u64)> = replies
        .iter()
        .filter_map(|r| match r {
            Reply::Progress(Step::Solver(Report::Search(c))) => Some((c.bound, c.generated)),
            _ => None,
        })
        .collect();
    assert_eq!(progress, [(81, 65_536), (83, 131_072), (83, 196_608)]);
}

#[test]
fn a_hint_whose_budget_ends_after_the_board_s_own_solve_names_a_proved_first_move() {
    use crate::view::hint_answer_words;
    let goal = Board::DEFAULT_GOAL;
    let at = board("[8,6,7,2,5,4,3,0,1]");
    // 20,000 nodes: the board's own IDA* (distance 31) ends within them,
    // the neighbours' checks do not.
    let (_, answer) = hint_answer(at, goal, 20_000);
    let answer = answer.expect("a hint");
    assert_eq!(
        answer,
        HintAnswer::Shortest {
            first: Move::Up,
            distance: 31,
            budget: 20_000
        }
    );
    assert_eq!(
        hint_answer_words(&answer),
        "Hint: Up (the blank moves that way) starts a shortest path; the exact distance drops from 31 to 30. Whether other moves do too was not decided within the hint's budget of 20,000 nodes."
    );
    // 5,000 nodes: not even the board's; the fast path happens to be 31
    // moves long, but only 29 is proved, so it is not called optimal.
    let (_, answer) = hint_answer(at, goal, 5_000);
    let answer = answer.expect("a hint");
    assert_eq!(
        answer,
        HintAnswer::Fast {
            first: Move::Right,
            length: 31,
            lower_bound: 29,
            budget: 5_000
        }
    );
    assert_eq!(
        hint_answer_words(&answer),
        "Hint (not proved optimal): Right (the blank moves that way), the first move of a fast-mode path of 31 moves. IDA* did not finish within the hint's budget of 5,000 nodes; no path is shorter than 29 moves."
    );
}

/// A 4×4 solve of 34 moves toward [`GOAL16`] (the reverse of a seeded
/// 34-move scramble, optimum 30 single-tile, 21 multi-tile).
const DEEP16: &str = "[1,6,4,8,5,0,10,12,9,11,15,3,13,14,7,2]";
const DEEP16_SOLVE: &str = "R R D D L U R U L D R U U L D D L U U R R D D D L U R U U L D D D R";

/// The distance after each move of [`DEEP16_SOLVE`], single-tile and
/// multi-tile, as the command line gives them (`eight-puzzle analyse
/// --start DEEP16 --moves DEEP16_SOLVE --heuristic pdb-78 --json`, and
/// `--metric multi`): pinned from there, not from the page.
const DEEP16_SINGLE: [u32; 34] = [
    29, 28, 27, 26, 25, 24, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 13, 12, 11, 10,
    9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
];
const DEEP16_MULTI: [u32; 23] = [
    20, 19, 18, 18, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
];

#[test]
fn play_s_analysis_streams_the_tables_then_each_board_with_exact_distances_single_tile() {
    deep16_analysis(Metric::Single);
}

#[test]
fn play_s_analysis_streams_the_tables_then_each_board_with_exact_distances_multi_tile() {
    deep16_analysis(Metric::Multi);
}

/// [`DEEP16_SOLVE`] analysed in the session in `metric`: the tables'
/// build, then each board, then the distances pinned from the command
/// line, the same as IDA* on the plain estimate with no node budget.
fn deep16_analysis(only: Metric) {
    use super::AnalysisProgress;
    use crate::engine::moves::Slide;
    use crate::engine::notation::{parse_moves, Notation};
    use crate::engine::solve::{analyse, Bound, Distance, Estimator, ExactDistances};
    let (start, goal) = (board(DEEP16), board(GOAL16));
    let (written, _) = parse_moves(DEEP16_SOLVE, &start, Notation::Blank).unwrap();
    let moves: Vec<Slide> = written.iter().map(|w| w.slide).collect();
    for (metric, want, boards) in [
        (Metric::Single, &DEEP16_SINGLE[..], 35),
        (Metric::Multi, &DEEP16_MULTI[..], 24),
    ]
    .into_iter()
    .filter(|&(m, ..)| m == only)
    {
        let replies = run(Task::Analyse {
            start,
            goal,
            metric,
            moves: moves.clone(),
        });
        // The tables' build first (pdb-663 or multi-tile-pdb-555), then
        // each board in order, then the analysis.
        let (name, bytes) = match metric {
            Metric::Single => ("pdb-663", 5_765_760 + 1_680),
            Metric::Multi => ("multi-tile-pdb-555", 3 * 5_765_760),
        };
        let mut seen = Vec::new();
        for r in &replies[..replies.len() - 1] {
            match r {
                Reply::Progress(Step::Analysis(AnalysisProgress::Build {
                    name: n,
                    bytes: b,
                    tables,
                    ..
                })) => {
                    assert_eq!((n.as_str(), *b, *tables), (name, bytes, 3), "{metric}");
                    seen.push(0);
                }
                Reply::Progress(Step::Analysis(AnalysisProgress::Boards { done, of })) => {
                    assert_eq!(*of, boards);
                    seen.push(*done);
                }
                other => panic!("{other:?}"),
            }
            // Each progress reply crosses the protocol whole.
            let e = Envelope {
                job: 3,
                body: Body::Reply(r.clone()),
            };
            assert_eq!(Envelope::from_bytes(&e.to_bytes()), Ok(e));
        }
        assert_eq!(seen.first(), Some(&0), "the build comes first");
        let mut done: Vec<usize> = seen.iter().copied().filter(|&d| d > 0).collect();
        done.dedup();
        assert_eq!(done, (1..=boards).collect::<Vec<_>>(), "{metric}");
        let Some(Reply::Done(Answer::Analysis(a))) = replies.last() else {
            panic!("{:?}", replies.last())
        };
        let got: Vec<Distance> = a.steps.iter().map(|s| s.distance).collect();
        let exact: Vec<Distance> = want.iter().map(|&d| Distance::Exact(d)).collect();
        assert_eq!(got, exact, "{metric}");
        // The same analysis by IDA* on the plain estimate with no node
        // budget.
        let bound = match metric {
            Metric::Single => Bound::Single(Estimator::LinearConflict),
            Metric::Multi => Bound::Multi(None),
        };
        let mut plain = ExactDistances::new(&goal, metric, bound, None).unwrap();
        assert_eq!(
            analyse(&start, &written, &mut plain, &mut |_| {}).as_ref(),
            Ok(a)
        );
    }
}

#[test]
fn an_analysis_with_a_move_off_the_board_is_refused_at_once() {
    use crate::engine::moves::Slide;
    let goal = board(GOAL16);
    let replies = run(Task::Analyse {
        start: goal,
        goal,
        metric: Metric::Single,
        moves: vec![Slide::from(Move::Down)],
    });
    assert_eq!(
        replies,
        vec![Reply::Error("move 1, D: off the board".into())]
    );
}

#[test]
fn exact_distances_past_16_cells_are_refused_before_any_table_is_built() {
    // 5×5 and 6×6: the first call answers with the engine's refusal, not
    // with a slice of a database build (which the page would run for
    // seconds on 5×5 and minutes on 6×6 before refusing).
    for (w, h) in [(5, 5), (6, 6)] {
        let goal = Board::default_goal(crate::engine::Shape::new(w, h).unwrap());
        for metric in [Metric::Single, Metric::Multi] {
            let mut solver = super::solver::SolverWorker::default();
            match super::analysis::exact_distances_in(&mut solver, &goal, metric) {
                Err(Report::Failed(why)) => assert_eq!(
                    why,
                    format!(
                        "boards of at most 16 cells (4×4) are taken; {w}×{h} has {}",
                        w * h
                    )
                ),
                Err(other) => panic!("{w}×{h} {metric:?}: {other:?}"),
                Ok(_) => panic!("{w}×{h} {metric:?}: distances made"),
            }
        }
    }
}
