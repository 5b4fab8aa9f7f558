//! Boards past 25 cells in the page (issue 35): a 6×6 or 8×8 board is a
//! fast solve in the worker, Optimal is refused with the engine's sentence,
//! Cancel, Play with a fast-mode hint, and the tools that stop earlier say
//! so. Driven natively through `apply`, `receive` and the `Session`, as the
//! web layer drives them; distances near the goal against a plain BFS.

use super::family_tests::{posted_task, run_job};
use super::play_tests::bfs_near;
use super::*;
use crate::engine::moves::Metric;
use crate::engine::{parse_board, Move};
use crate::task::solver::HintAnswer;
use crate::task::Session;

/// The 6×6 goal, and a start two moves from it (the blank two cells left).
const GOAL36: &str = "[[1,2,3,4,5,6],[7,8,9,10,11,12],[13,14,15,16,17,18],[19,20,21,22,23,24],[25,26,27,28,29,30],[31,32,33,34,35,0]]";
const NEAR36: &str = "[[1,2,3,4,5,6],[7,8,9,10,11,12],[13,14,15,16,17,18],[19,20,21,22,23,24],[25,26,27,28,29,30],[31,32,33,0,34,35]]";

/// The engine's refusal of Optimal on 6×6, as the page shows it.
const REFUSED36: &str = "A 6×6 board has 36 cells and optimal search stops at 25 (5×5), past which an exact search cannot be expected to finish; fast mode gives a verified path with a proved lower bound.";

/// Runs the solver task the workbench hands the web layer through a
/// session, every reply through the workbench; returns the task.
fn run_worker(w: &mut Workbench) -> Task {
    let (job, task, _) = w.solution.worker().take_task().expect("a task to post");
    run_job(w, &mut Session::default(), job, task.clone());
    task
}

#[test]
fn a_6x6_board_typed_in_becomes_a_fast_solve_in_the_worker_checked_against_bfs() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, NEAR36);
    // The goal follows the start's shape.
    assert_eq!(parse_board(&w.input.texts().goal), parse_board(GOAL36));
    w.set_mode(Mode::Fast);
    assert_eq!(
        w.view().family.limit_note,
        "6×6: Fast mode finds a verified path quickly, not necessarily a shortest one, and states its proved lower bound and the gap."
    );
    assert_eq!(w.view().family.warning, None);
    w.solve();
    assert_eq!(
        w.view().family.progress,
        "Fast mode on this 6×6 board: one beam search in the Web Worker, then the page checks the path (Cancel stops waiting for it)."
    );
    assert!(w.view().family.cancel_enabled);
    let task = run_worker(&mut w);
    let (start, goal) = (parse_board(NEAR36).unwrap(), parse_board(GOAL36).unwrap());
    assert_eq!(
        task,
        Task::Solve {
            start,
            goal,
            mode: Mode::Fast,
            budget: 0,
            metric: Metric::Single
        }
    );
    // The reference: a plain BFS from the goal says the start is 2 away.
    assert_eq!(bfs_near(&goal, 3)[&start], 2);
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved (shortest)");
    assert_eq!(v.verdict.cost, "2");
    assert_eq!(v.solution.witness, vec!["Right", "Right"]);
    assert_eq!(
        v.verdict.explanation,
        "Fast mode found a path of 2 moves and the page checked it. No solution is shorter than 2 moves (a proved lower bound), so this path is a shortest one: it meets the lower bound. Next: replay the witness with Next. The page's lower bound is Manhattan distance plus linear conflicts, computed without tables; the command line's pattern databases stay out of the page."
    );
    assert_eq!(
        v.solution.check,
        "Independent replay (verify, on the page): all 2 moves checked as legal swaps of the blank with a grid neighbour on the 6×6 board, every board a permutation of 0–35; the final board equals the goal; length 2 equals cost 2."
    );
    assert_eq!(v.board.width, 6);
    assert_eq!(v.board.cells.as_ref().map(Vec::len), Some(36));
}

#[test]
fn the_6x6_sample_is_solved_in_fast_mode_with_its_bound_and_gap() {
    let mut w = Workbench::new(Default::default());
    w.load_sample("six-by-six");
    assert_eq!(w.input.mode(), Mode::Fast);
    w.solve();
    run_worker(&mut w);
    let v = w.view();
    let cost: u32 = v.verdict.cost.parse().unwrap();
    let start = parse_board(w.input.texts().start.as_str()).unwrap();
    let goal = parse_board(GOAL36).unwrap();
    // The bound the page states is the engine's Manhattan + linear conflict.
    let lb = crate::engine::solve::linear_conflict(&start, &goal);
    assert_eq!(v.verdict.status, "Solved (not proved shortest)");
    assert_eq!(
        v.verdict.summary,
        format!(
            "Not proved shortest: a fast path of {cost} moves; proved lower bound {lb}, gap {}. Next: replay it with Next.",
            cost - lb
        )
    );
    assert!(
        v.verdict.explanation.ends_with(&format!(
            "the gap is at most {} moves. Next: replay the witness with Next (optimal search stops at 25 cells, so Optimal does not run on this board). The page's lower bound is Manhattan distance plus linear conflicts, computed without tables; the command line's pattern databases stay out of the page.",
            cost - lb
        )),
        "{}",
        v.verdict.explanation
    );
    // The path the page shows is the one the engine's verify accepts.
    let moves: Vec<Move> = v
        .solution
        .witness
        .iter()
        .map(|m| *Move::ALL.iter().find(|x| x.name() == m).unwrap())
        .collect();
    assert_eq!(moves.len() as u32, cost);
    assert!(crate::engine::verify(&start, &goal, &moves, cost).is_ok());
}

#[test]
fn optimal_on_6x6_is_refused_with_the_engines_sentence_beside_the_mode() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, NEAR36);
    w.set_mode(Mode::Optimal);
    let v = w.view();
    assert_eq!(v.family.warning.as_deref(), Some(REFUSED36));
    assert_eq!(v.family.limit_note, "");
    assert_eq!(v.verdict.status, "Refused — Optimal on 6×6");
    assert_eq!(
        v.verdict.explanation,
        format!("{REFUSED36} Nothing was solved. Next: choose Fast in the Mode control.")
    );
    // The board still shows, and the start field has no error.
    assert_eq!(v.board.cells.as_ref().map(Vec::len), Some(36));
    assert_eq!(v.inputs.start_error, None);
    w.solve();
    assert_eq!(w.solution.worker().take_task(), None, "nothing is posted");
    // The 5×5 sentence is unchanged.
    w.edit(
        Field::Start,
        "[[1,2,3,4,5],[6,7,8,9,10],[11,12,13,14,15],[16,17,18,19,20],[21,22,23,0,24]]",
    );
    assert!(w
        .view()
        .family
        .warning
        .unwrap()
        .starts_with("A random 24-puzzle can take hours"));
}

#[test]
fn cancel_of_a_fast_8x8_solve_stops_at_once_and_claims_nothing() {
    let mut w = Workbench::new(Default::default());
    w.load_sample("eight-by-eight");
    assert_eq!(w.view().board.width, 8);
    w.solve();
    let (job, task, _) = w.solution.worker().take_task().unwrap();
    assert!(matches!(
        task,
        Task::Solve {
            mode: Mode::Fast,
            ..
        }
    ));
    assert!(w.cancel_solve());
    let v = w.view();
    assert_eq!(v.verdict.status, "Cancelled");
    assert_eq!(
        v.verdict.explanation,
        "The fast solve was cancelled; nothing is claimed. The Web Worker finishes the beam search it is running (a fast solve is one piece of work) before it takes the next job."
    );
    assert!(!v.family.cancel_enabled);
    // A late answer of the cancelled job is ignored.
    run_job(&mut w, &mut Session::default(), job, task);
    assert_eq!(w.view().verdict.status, "Cancelled");
    assert_eq!(w.view().verdict.cost, "—");
}

#[test]
fn play_on_6x6_moves_counts_and_hints_from_fast_mode() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, NEAR36);
    w.set_mode(Mode::Fast);
    w.select_tab(Tab::Play);
    let p = w.view().play.view.unwrap();
    assert_eq!(p.counter, "Moves: 0");
    assert!(p.status.contains("A hint is worked out in a Web Worker when you ask: the first move of a fast-mode path, not necessarily on a shortest one (optimal search stops at 25 cells)."), "{}", p.status);
    // A move away from the goal, then the hint of fast mode back.
    w.apply(PlayAction::Move(Move::Up));
    let p = w.view().play.view.unwrap();
    assert_eq!(p.counter, "Moves: 1");
    assert_eq!(p.moves, vec!["Up"]);
    let fx = w.apply(PlayAction::Hint);
    let (job, task) = posted_task(&fx).expect("a task posted to the worker");
    let board = w.play.game().unwrap().board().to_owned();
    assert!(matches!(task, Task::Hint { .. }));
    run_job(&mut w, &mut Session::default(), job, task);
    // The reference: the board is 3 from the goal by a plain BFS.
    let goal = parse_board(GOAL36).unwrap();
    assert_eq!(bfs_near(&goal, 4)[&board], 3);
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Hint from fast mode (not necessarily on a shortest path): Down (the blank moves that way), the first move of a fast-mode path of 3 moves; no path is shorter than 3 moves (Manhattan + linear conflict). Optimal search stops at 25 cells, so no move is proved shortest on this board.")
    );
    // Down, Right, Right: the goal; the analysis stops at 16 cells.
    for mv in [Move::Down, Move::Right, Move::Right] {
        w.apply(PlayAction::Move(mv));
    }
    let p = w.view().play.view.unwrap();
    assert!(p.solved);
    assert_eq!(p.counter, "Moves: 4");
    assert_eq!(
        p.analysis.as_deref(),
        Some("No analysis: the page analyses solves on boards of at most 16 cells (4×4), and this one has 36.")
    );
}

#[test]
fn a_hint_past_25_cells_is_fast_modes_first_move_in_the_multi_tile_metric_too() {
    let goal = parse_board(GOAL36).unwrap();
    let start = parse_board(NEAR36).unwrap();
    let mut worker = Session::default();
    worker.begin(Task::Hint {
        board: start,
        goal,
        budget: 1000,
        metric: Metric::Multi,
    });
    let mut clock = || 0.0;
    let reply = worker.step(&mut clock).unwrap();
    assert_eq!(
        reply.report(),
        Some(crate::task::solver::Report::Hint(HintAnswer::FastOnly {
            first: crate::engine::moves::Slide::new(Move::Right, 2),
            length: 1,
            lower_bound: 1,
            metric: Metric::Multi,
        }))
    );
    assert_eq!(worker.step(&mut clock), None);
}

#[test]
fn new_scramble_on_8x8_deals_the_engines_draw_and_a_new_game() {
    let mut w = Workbench::new(Default::default());
    w.load_sample("eight-by-eight");
    w.select_tab(Tab::Play);
    w.apply(PlayAction::Scramble(5));
    let goal = parse_board(&w.input.texts().goal).unwrap();
    let dealt = crate::engine::space::sample_boards(&goal, 1, 5)[0];
    assert_eq!(dealt.shape().cells(), 64);
    assert_eq!(parse_board(&w.input.texts().start).unwrap(), dealt);
    let p = w.view().play.view.unwrap();
    assert_eq!(p.board, dealt.cells().to_vec());
    assert_eq!(p.counter, "Moves: 0");
}

#[test]
fn the_tools_that_stop_earlier_say_so_on_6x6() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, NEAR36);
    let f = w.view().family;
    assert_eq!(
        f.trace_note.as_deref(),
        Some("The Trace tab steps the 3×3 contract A*, which exists on a 3×3 board only: the start is a 6×6 board. Type or choose a 3×3 board to use this tab.")
    );
    assert_eq!(
        f.lab_note.as_deref(),
        Some("The Lab compares searches over the 181,440 boards of the 8-puzzle and runs on a 3×3 board only: the start is a 6×6 board. Type or choose a 3×3 board to use this tab. Write your own heuristic, below, checks h on every board of up to 12 cells.")
    );
    // The engine's figures: 36! does not fit in 128 bits, so it says "over".
    assert_eq!(
        f.space_note.as_deref(),
        Some("Explore covers boards of at most 12 cells. A 6×6 board has 36 cells: 36!/2 boards can reach any one goal, over 10^39, and at 2 bits a board the search's table alone would need over 10^38 bytes; the exact search covers boards of at most 12 cells, the largest (3×4, 4×3) needing 59,875,200 bytes (59.9 MB) for 239,500,800 boards. The heuristic sweep and the depth table are 3×3 tools.")
    );
    assert_eq!(f.play_note, None);
}

#[test]
fn every_tab_and_work_on_an_8x8_board_answers_without_a_panic() {
    // The page drives these on any board; past 25 cells each either runs
    // or says why not, and nothing panics (a panic would cross the wasm
    // boundary).
    for metric in [Metric::Single, Metric::Multi] {
        let mut w = Workbench::new(Default::default());
        w.load_sample("eight-by-eight");
        w.apply(InputAction::Metric(metric));
        w.apply(LabAction::Expr("md + lc".into()));
        for tab in Tab::ALL {
            w.select_tab(tab);
            w.view();
            for work in Work::ALL {
                let mut clock = || 0.0;
                w.receive(
                    Inbound::Start {
                        work,
                        workers: true,
                    },
                    &mut clock,
                );
                w.view();
                w.apply(Action::CancelWork(work));
            }
            w.apply(Action::Key(Key::ArrowLeft, Focus::Page));
            w.apply(RaceAction::Step);
            w.apply(LabAction::RunWeighted);
            w.apply(LabAction::MakeLink);
            w.view();
        }
        w.select_tab(Tab::Play);
        w.apply(PlayAction::Click(63));
        w.apply(PlayAction::Move(Move::Down));
        let p = w.view().play.view.unwrap();
        // The blank at row 8, column 3 (cell 58): a click on cell 63 slides the five
        // tiles between; then Down would leave the board.
        let expected = match metric {
            Metric::Single => ("Moves: 5", "Right"),
            Metric::Multi => ("Moves: 1", "Right×5"),
        };
        assert_eq!((p.counter.as_str(), p.moves[0].as_str()), expected);
        assert_eq!(p.board[63], 0);
        assert_eq!(
            p.message.as_deref(),
            Some("The blank cannot move Down from row 8, column 8: that would leave the board.")
        );
        // The link of an 8×8 board opens the same board.
        let link = w.view().link;
        let (mut again, _) = Workbench::open(&link);
        assert_eq!(again.input.texts().start, w.input.texts().start);
        assert_eq!(again.view().board.cells.map(|c| c.len()), Some(64));
    }
}

#[test]
fn a_multi_tile_fast_solve_on_6x6_says_where_its_bound_comes_from() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, NEAR36);
    w.set_mode(Mode::Fast);
    w.apply(InputAction::Metric(Metric::Multi));
    w.solve();
    let (job, task, metric) = w.solution.worker().take_task().unwrap();
    assert_eq!(metric, Metric::Multi);
    run_job(&mut w, &mut Session::default(), job, task);
    let v = w.view();
    // Right×2 is one slide; the estimate ⌈2 / 5⌉ + ⌈0 / 5⌉ = 1 meets it.
    assert_eq!(v.verdict.status, "Solved (shortest)");
    assert_eq!(v.verdict.cost, "1");
    assert_eq!(
        v.verdict.explanation,
        "Fast mode found a path of 1 move and the page checked it. No solution is shorter than 1 move (a proved lower bound), so this path is a shortest one: it meets the lower bound. Next: replay the witness with Next. In the multi-tile metric the page's lower bound is the multi-tile estimate: the tiles' column distances over W − 1 plus their row distances over H − 1, each rounded up, computed without tables."
    );
}

#[test]
fn an_8x8_start_is_named_with_its_article_in_the_tabs_notes() {
    use crate::view::family::{budget_reason, tab_notes};
    let eight = Shape::new(8, 8).unwrap();
    let (trace, ..) = tab_notes(eight);
    assert_eq!(
        trace.as_deref(),
        Some("The Trace tab steps the 3×3 contract A*, which exists on a 3×3 board only: the start is an 8×8 board. Type or choose a 3×3 board to use this tab.")
    );
    assert_eq!(
        budget_reason(eight, Mode::Fast, Metric::Single).as_deref(),
        Some("Does not apply to an 8×8 board: the Budget limits the 3×3 A* only.")
    );
    let six = Shape::new(6, 6).unwrap();
    assert_eq!(
        budget_reason(six, Mode::Fast, Metric::Single).as_deref(),
        Some("Does not apply to a 6×6 board: the Budget limits the 3×3 A* only.")
    );
}
