//! The Metric control on the page: its link, the solve it plans, the
//! witness of a multi-tile answer, Play's slides and the notes that say
//! which metric applies. Exact values.

use super::solution::{draw, Answer, Cursor, Evidence, Scene, Search};
use super::*;
use crate::engine::moves::{Metric, Slide};
use crate::engine::witness::verify_slides;
use crate::engine::{parse_board, Board, Move, Shape};
use crate::task::solver::{Counters, Report};

const NEAR: &str = "[1,2,3,4,5,6,0,7,8]";
const NEAR16: &str = "[[1,2,3,0],[5,6,7,4],[9,10,11,8],[13,14,15,12]]";

fn bench(fragment: &str) -> Workbench {
    Workbench::from_link(fragment)
}

#[test]
fn the_link_carries_the_metric_only_when_multi() {
    let mut w = bench("");
    assert_eq!(w.input.metric(), Metric::Single);
    assert!(!w.link().contains("metric"));
    w.apply(InputAction::Metric(Metric::Multi));
    assert_eq!(w.input.metric(), Metric::Multi);
    assert_eq!(
        w.link(),
        "start=%5B1%2C2%2C3%2C4%2C5%2C6%2C0%2C7%2C8%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&budget=100&nodes=1000000000&metric=multi&tab=solution"
    );
    // The link reopens the metric; a bad value is named and not used.
    let again = bench(&w.link());
    assert_eq!(again.input.metric(), Metric::Multi);
    assert_eq!(again.link(), w.link());
    let bad = bench("metric=mtm");
    assert_eq!(bad.input.metric(), Metric::Single);
    assert_eq!(
        bad.link_note,
        "The link's metric value \"mtm\" was not used: expected single or multi."
    );
    // Choosing the metric is an edit: a new history entry, every result
    // dropped.
    let mut w = bench("");
    let entry = w.history.entry();
    w.apply(InputAction::Metric(Metric::Multi));
    assert_eq!(w.history.entry(), entry + 1);
    assert_eq!(w.view().verdict.status, "—");
}

#[test]
fn a_multi_tile_solve_is_planned_for_the_worker_even_on_3x3() {
    let mut w = bench("");
    assert_eq!(Search::of(&w.input), Search::Contract);
    w.apply(InputAction::Metric(Metric::Multi));
    assert_eq!(Search::of(&w.input), Search::Ida(Metric::Multi));
    assert!(w.solution.in_worker());
    let v = w.view();
    assert_eq!(v.family.metric, Metric::Multi);
    assert_eq!(
        v.family.metric_note.as_deref(),
        Some("The 3×3 contract A* counts single-tile moves, so a multi-tile Solve runs in the Web Worker instead.")
    );
    assert_eq!(
        v.inputs.budget_reason.as_deref(),
        Some("Does not apply in the multi-tile metric: the Budget limits the single-tile 3×3 A* only.")
    );
    assert_eq!(
        v.verdict.summary,
        "Not solved yet. Next: press Solve (the multi-tile solver in a Web Worker)."
    );
    assert_eq!(
        v.verdict.explanation,
        "The inputs changed, so the previous result was cleared. Press Solve: this 3×3 board is solved by the optimal multi-tile solver in a Web Worker."
    );
    // The effect that posts the solve carries the metric.
    let fx = w.apply(InputAction::Solve);
    assert_eq!(
        w.view().verdict.explanation,
        "The optimal multi-tile solver is running in a Web Worker. Progress is shown beside the board; Cancel stops it."
    );
    let start = parse_board(NEAR).unwrap();
    let goal = Board::default_goal(start.shape());
    assert_eq!(
        fx.list,
        [Effect::PostSolve {
            job: w.solution.worker_ref().job(),
            task: Task::Solve {
                start,
                goal,
                mode: Mode::Optimal,
                budget: 1_000_000_000,
                metric: Metric::Multi,
            },
            metric: Metric::Multi,
        }]
    );
    // Fast mode too, on any shape.
    w.apply(InputAction::Mode(Mode::Fast));
    w.apply(InputAction::Edit(Field::Start, NEAR16.into()));
    assert_eq!(Search::of(&w.input), Search::Fast(Metric::Multi));
    let fx = w.apply(InputAction::Solve);
    assert!(
        matches!(
            fx.list[..],
            [Effect::PostSolve {
                metric: Metric::Multi,
                ..
            }]
        ),
        "{fx:?}"
    );
    assert_eq!(
        w.view().family.metric_note.as_deref(),
        Some("Multi-tile metric: sliding one or more tiles along the blank's row or column is one move.")
    );
    // Back to single: the 3×3 contract answers at once, as before.
    let mut w = bench("");
    w.apply(InputAction::Metric(Metric::Multi));
    w.apply(InputAction::Metric(Metric::Single));
    let fx = w.apply(InputAction::Solve);
    assert_eq!(fx.list, [Effect::CountPaths]);
    assert_eq!(w.view().verdict.status, "Solved");
    assert_eq!(w.view().family.metric_note, None);
}

#[test]
fn a_single_tile_path_is_never_shown_as_a_multi_tile_answer() {
    let mut w = bench("metric=multi");
    w.apply(InputAction::Solve);
    let job = w.solution.worker_ref().job();
    let found = Report::Found(
        Counters::default(),
        Metric::Single,
        vec![Move::Right, Move::Right],
    );
    assert!(!w.solver_reply(job, &Reply::of_report(found)));
    let v = w.view();
    assert_eq!(v.verdict.kind, Status::Unknown);
    assert_eq!(v.verdict.status, "Unknown — no multi-tile answer");
    assert_eq!(
        v.verdict.summary,
        "The Web Worker answered with a single-tile path, but the multi-tile metric was asked for: nothing is claimed."
    );
    assert_eq!(v.verdict.cost, "—");
    assert!(v.solution.witness.is_empty());
    assert!(v.solution.replay.is_empty());
    assert_eq!(
        v.controls.disabled_reason.as_deref(),
        Some("Nothing to replay: no path in this metric.")
    );
    // The same path in the single-tile metric is a checked answer.
    let mut w = bench("metric=single&mode=fast");
    w.apply(InputAction::Solve);
    let job = w.solution.worker_ref().job();
    let fast = Report::Fast {
        lower_bound: 2,
        generated: 3,
        metric: Metric::Single,
        moves: vec![Move::Right, Move::Right],
    };
    w.solver_reply(job, &Reply::of_report(fast));
    assert_eq!(w.view().solution.witness, ["Right", "Right"]);
    // Found in the multi-tile metric, the run of two is one slide, checked.
    let mut w = bench("metric=multi");
    w.apply(InputAction::Solve);
    let job = w.solution.worker_ref().job();
    let found = Report::Found(
        Counters::default(),
        Metric::Multi,
        vec![Move::Right, Move::Right],
    );
    w.solver_reply(job, &Reply::of_report(found));
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.solution.witness, ["Right×2"]);
    assert_eq!(v.verdict.cost, "1");
    // No single-tile bound is quoted for a multi-tile answer.
    assert_eq!(
        v.verdict.summary,
        "Shortest in the multi-tile metric: IDA* found cost 1 (1 multi-tile move). Next: replay it with Next."
    );
}

/// Draws a checked multi-tile answer of `start` by `slides` as the
/// Solution panel does.
fn multi_answer(start: &str, slides: &[Slide]) -> SolutionParts {
    let start = parse_board(start).unwrap();
    let goal = Board::default_goal(start.shape());
    let w = bench(&format!(
        "metric=multi&mode=fast&start={}&goal={}",
        link::encode_component(&start.to_json()),
        link::encode_component(&goal.to_json())
    ));
    let boards = verify_slides(&start, &goal, slides, slides.len() as u32).unwrap();
    let answer = Answer::checked(
        (start, goal),
        slides.to_vec(),
        Metric::Multi,
        &boards,
        Evidence::Fast {
            generated: 7,
            lower_bound: 1,
        },
    );
    let mut cursor = Cursor::default();
    cursor.load(answer.steps());
    cursor.navigate(NavAction::Last);
    draw(&Scene {
        inputs: &w.input,
        search: Search::Fast(Metric::Multi),
        answer: Some(&answer),
        run: &remote::Run::Answered,
        cursor: &cursor,
        on_board: true,
    })
}

#[test]
fn a_multi_tile_witness_is_written_and_replayed_slide_by_slide() {
    let parts = multi_answer(NEAR, &[Slide::new(Move::Right, 2)]);
    assert_eq!(parts.solution.witness, ["Right×2"]);
    let moves: Vec<&str> = parts
        .solution
        .replay
        .iter()
        .map(|l| l.mv.as_str())
        .collect();
    assert_eq!(moves, ["—", "Right×2"]);
    assert_eq!(parts.controls.replay_status, "Step 1 of 1");
    assert_eq!(parts.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 0]));
    assert_eq!(parts.verdict.cost, "1");
    assert_eq!(
        parts.solution.check,
        "Independent replay (verify, on the page): all 1 move checked as legal slides of one or more tiles along the blank's row or column, none leaving the board or wrapping a row on the 3×3 board, every board a permutation of 0–8; the final board equals the goal; length 1 equals cost 1."
    );
    // A column run on 4×4: the three tiles above the goal's blank cell.
    let parts = multi_answer(NEAR16, &[Slide::new(Move::Down, 3)]);
    assert_eq!(parts.solution.witness, ["Down×3"]);
    assert_eq!(
        parts.board.cells,
        Some((1..16).chain([0]).collect::<Vec<u8>>())
    );
    // Slides of one tile are written with their count too.
    let parts = multi_answer("[1,2,3,4,5,0,7,8,6]", &[Slide::new(Move::Down, 1)]);
    assert_eq!(parts.solution.witness, ["Down×1"]);
}

#[test]
fn play_slides_the_run_a_click_names_in_either_metric() {
    // Single-tile: a click two tiles right of the blank slides both, and
    // counts two moves.
    let mut w = bench("tab=play");
    w.apply(PlayAction::Click(8));
    let v = w.view();
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 0]));
    let p = v.play.view.unwrap();
    assert_eq!(p.moves, ["Right", "Right"]);
    assert_eq!(
        p.message.as_deref(),
        Some("Goal reached in 2 moves; the optimum from this start is 2, so that is optimal.")
    );
    assert_eq!(v.board.caption, "Play: the goal is reached");
    // Multi-tile: the same click is one move.
    let mut w = bench("tab=play&metric=multi");
    w.apply(PlayAction::Click(8));
    let p = w.view().play.view.unwrap();
    assert_eq!(p.moves, ["Right×2"]);
    assert_eq!(
        p.message.as_deref(),
        Some("Goal reached in 1 move (multi-tile).")
    );
    // The arrow keys still move one tile.
    let mut w = bench("tab=play&metric=multi");
    w.key(Key::ArrowRight, Focus::Page);
    let p = w.view().play.view.unwrap();
    assert_eq!(p.moves, ["Right×1"]);
    assert!(
        p.status.ends_with("A click on a tile in the blank's row or column slides the whole run as one move (multi-tile metric); an arrow key moves one tile."),
        "{}",
        p.status
    );
    assert!(
        p.status
            .contains("; exact multi-tile distance to the goal 1."),
        "{}",
        p.status
    );
    // 4×4, a column: a tap on the bottom tile of the blank's column slides
    // three tiles up.
    let mut w = bench(&format!(
        "tab=play&metric=multi&start={}&goal={}",
        link::encode_component(NEAR16),
        link::encode_component(&Board::default_goal(Shape::FOUR).to_json())
    ));
    w.apply(PlayAction::Click(15));
    let v = w.view();
    assert_eq!(v.board.cells, Some((1..16).chain([0]).collect::<Vec<u8>>()));
    assert_eq!(v.play.view.unwrap().moves, ["Down×3"]);
    // Outside the blank's row and column nothing moves.
    let mut w = bench("tab=play");
    w.apply(PlayAction::Click(1));
    let p = w.view().play.view.unwrap();
    assert!(p.moves.is_empty());
    assert_eq!(
        p.message.as_deref(),
        Some("Tile 2 is not in the blank's row or column (the blank is at row 3, column 1); only the tiles of its row or column can slide.")
    );
}

#[test]
fn the_parity_proof_says_it_holds_in_both_metrics() {
    let start = "[2,1,3,4,5,6,7,8,0]";
    let mut w = bench(&format!(
        "metric=multi&start={}",
        link::encode_component(start)
    ));
    w.apply(InputAction::Solve);
    let v = w.view();
    assert_eq!(v.verdict.status, "Unsolvable");
    let proof = crate::engine::ParityProof::of(
        &parse_board(start).unwrap(),
        &Board::default_goal(Shape::THREE),
    );
    let both = "The proof is the same in both metrics: a multi-tile move is a run of single-tile moves, so it keeps the invariant too.";
    assert_eq!(
        v.solution.parity,
        Some(format!("{} {both}", proof.explain()))
    );
    assert!(
        v.verdict
            .explanation
            .starts_with(&format!("No search was run. {} {both}", proof.explain())),
        "{}",
        v.verdict.explanation
    );
    // The contract's own proof (single-tile, 3×3) says so too.
    let mut w = bench(&format!("start={}", link::encode_component(start)));
    w.apply(InputAction::Solve);
    assert_eq!(
        w.view().solution.parity,
        Some(format!("The start has 1 inversion and the goal has 0 inversions (blank excluded). Their parities differ (odd vs even); a horizontal move keeps the inversion count and a vertical one changes it by 2 or 0, so no sequence of moves joins them. {both}"))
    );
}
