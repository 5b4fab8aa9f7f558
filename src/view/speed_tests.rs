//! Play for speedsolvers: the timer on the times the page tells, the link
//! to a solve (round trip, bad fields), and the count of shortest
//! solutions against a plain breadth-first count.

use super::*;
use crate::engine::moves::Metric;
use crate::engine::{parse_board, Board, Move};
use crate::task::Session;
use std::collections::{HashMap, VecDeque};

/// Runs the job the effects post through a session, every reply through
/// the workbench as the web layer does; the effects of the last reply
/// (a job it posts next).
fn run_job(w: &mut Workbench, fx: &Effects) -> Effects {
    let (job, task) = fx
        .list
        .iter()
        .find_map(|e| match e {
            Effect::PostSolve { job, task, .. } => Some((*job, task.clone())),
            _ => None,
        })
        .expect("a task posted to the worker");
    let mut worker = Session::default();
    worker.begin(task);
    let mut clock = || 0.0;
    let mut last = Effects::default();
    while let Some(reply) = worker.step(&mut clock) {
        last = w.receive(Inbound::Solver { job, reply }, &mut clock);
    }
    last
}

fn tell(w: &mut Workbench, ms: u64) -> Effects {
    w.receive(Inbound::Now(ms), &mut || 0.0)
}

fn play_view(w: &mut Workbench) -> PlayView {
    w.view().play.view.expect("a game")
}

/// A 3×3 game from `start` on the Play tab.
fn game(start: &str, metric: Metric) -> Workbench {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, start);
    w.set_metric(metric);
    w.select_tab(Tab::Play);
    w
}

#[test]
fn the_timer_starts_at_the_first_move_stops_at_the_goal_and_shows_tenths() {
    let mut w = game("[1,2,3,4,5,6,0,7,8]", Metric::Single);
    // On load, and as time passes with no move: not running.
    assert_eq!(play_view(&mut w).timer.as_deref(), Some("Time: 0.0 s"));
    assert_eq!(tell(&mut w, 5_000), Effects::default());
    assert_eq!(play_view(&mut w).timer.as_deref(), Some("Time: 0.0 s"));
    // The first move starts it, and the page is asked for its ticks.
    tell(&mut w, 10_000);
    let fx = w.apply(PlayAction::Move(Move::Right));
    assert!(fx.list.contains(&Effect::PlayTimer { token: 10_000 }));
    // A tick redraws and asks for the next; the tenth is cut, not rounded.
    let fx = w.receive(
        Inbound::PlayTick {
            token: 10_000,
            ms: 12_399,
        },
        &mut || 0.0,
    );
    assert!(fx.used);
    assert_eq!(fx.list, vec![Effect::PlayTimer { token: 10_000 }]);
    assert_eq!(play_view(&mut w).timer.as_deref(), Some("Time: 2.3 s"));
    // The goal stops it at 12.3 s; later ticks draw nothing and stop.
    tell(&mut w, 22_345);
    let fx = w.apply(PlayAction::Move(Move::Right));
    assert!(!fx
        .list
        .iter()
        .any(|e| matches!(e, Effect::PlayTimer { .. })));
    tell(&mut w, 30_000);
    let p = play_view(&mut w);
    assert!(p.solved);
    assert_eq!(p.timer.as_deref(), Some("Time: 12.3 s"));
    let tick = Inbound::PlayTick {
        token: 10_000,
        ms: 30_100,
    };
    assert_eq!(w.receive(tick, &mut || 0.0), Effects::default());
    // New scramble resets it; a paste replays untimed.
    w.apply(PlayAction::Scramble(3));
    assert_eq!(play_view(&mut w).timer.as_deref(), Some("Time: 0.0 s"));
    w.apply(PlayAction::Move(Move::Up));
    w.apply(PlayAction::Paste {
        text: "U".into(),
        notation: "blank".into(),
    });
    assert_eq!(play_view(&mut w).timer, None);
}

#[test]
fn a_solve_link_round_trips_the_start_solve_count_and_time() {
    let mut w = game("[1,2,3,4,5,6,0,7,8]", Metric::Single);
    tell(&mut w, 1_000);
    w.apply(PlayAction::Move(Move::Right));
    w.apply(PlayAction::Move(Move::Left));
    w.apply(PlayAction::Move(Move::Right));
    tell(&mut w, 22_750);
    let fx = w.apply(PlayAction::Move(Move::Right));
    run_job(&mut w, &fx);
    let at_goal = play_view(&mut w);
    assert_eq!(at_goal.timer.as_deref(), Some("Time: 21.7 s"));
    let link = at_goal.solve_link.clone().expect("a link at the goal");
    assert_eq!(
        link,
        "start=%5B1%2C2%2C3%2C4%2C5%2C6%2C0%2C7%2C8%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&tab=play&solve=R%20L%20R%20R&moves=4&time=21.7"
    );
    // The link type reads it back.
    let (read, rejected) = Link::read(&link);
    assert_eq!(rejected, []);
    assert_eq!(read.solve.as_deref(), Some("R L R R"));
    assert_eq!((read.moves, read.time), (Some(4), SolveTime::parse("21.7")));
    assert_eq!(read.to_fragment(), link);

    // A new page opens it: the start, the solve replayed to the goal, the
    // analysis asked of the worker, and the count and time as recorded.
    let (mut opened, fx) = Workbench::open(&link);
    assert_eq!(opened.view().tab, Tab::Play);
    assert_eq!(opened.view().link_note, "");
    run_job(&mut opened, &fx);
    let p = play_view(&mut opened);
    assert_eq!(p.moves, at_goal.moves);
    assert_eq!(p.moves, vec!["Right", "Left", "Right", "Right"]);
    assert_eq!(p.analysis, at_goal.analysis);
    assert_eq!(p.analysis_detail, at_goal.analysis_detail);
    assert_eq!(p.recorded.as_deref(), Some("Recorded: 4 moves in 21.7 s"));
    assert_eq!(p.timer, None, "a replayed solve is not timed");
    assert_eq!(p.counter, "Moves: 4");
    // Its own link is the same link.
    assert_eq!(p.solve_link.as_deref(), Some(link.as_str()));

    // In the multi-tile metric the link names the metric and a slide.
    let mut w = game("[1,2,3,4,5,6,0,7,8]", Metric::Multi);
    // One move is the first and the last: the timer starts and stops there.
    tell(&mut w, 1_050);
    w.apply(PlayAction::Click(8));
    let link = play_view(&mut w).solve_link.unwrap();
    assert!(
        link.ends_with("&metric=multi&tab=play&solve=R2&moves=1&time=0.0"),
        "{link}"
    );
    let (mut opened, _) = Workbench::open(&link);
    let p = play_view(&mut opened);
    assert_eq!(p.moves, vec!["Right×2"]);
    assert_eq!(p.recorded.as_deref(), Some("Recorded: 1 move in 0.0 s"));
}

#[test]
fn a_bad_link_field_is_named_and_nothing_else_is_lost() {
    let start = "start=%5B1%2C2%2C3%2C4%2C5%2C6%2C0%2C7%2C8%5D";
    for (rest, note, moves, recorded) in [
        (
            "solve=R%20R&moves=4x&time=21.7",
            "The link's moves value \"4x\" was not used: expected a move count (a whole number).",
            vec!["Right", "Right"],
            Some("Recorded: 2 moves in 21.7 s"),
        ),
        (
            "solve=R%20R&moves=2&time=21.75",
            "The link's time value \"21.75\" was not used: expected a time in seconds with at most one decimal (21.7).",
            vec!["Right", "Right"],
            Some("Recorded: 2 moves (no time: the solve was replayed, not timed)"),
        ),
        (
            "solve=R%20R&moves=3&time=4",
            "The link's moves value \"3\" was not used: the solve has 2 moves.",
            vec!["Right", "Right"],
            Some("Recorded: 2 moves in 4.0 s"),
        ),
        (
            "solve=R%20X&moves=2&time=4",
            "The link's solve value \"R X\" was not used: move 2, 'X': not a move letter; write U, D, L or R, each optionally followed by a count (R3), separated by spaces or nothing.",
            vec![],
            None,
        ),
        (
            "solve=R&moves=1",
            "The link's solve value \"R\" was not used: it does not end at the goal.",
            vec![],
            None,
        ),
        (
            "solve=R%20R%20L%20R&moves=4",
            "The link's solve value \"R R L R\" was not used: it reaches the goal at its move 2 and goes on.",
            vec![],
            None,
        ),
        (
            "tab=play&time=3.5",
            "The link's time value \"3.5\" was not used: a time is recorded only with a solve.",
            vec![],
            None,
        ),
    ] {
        let (mut w, _) = Workbench::open(&format!("{start}&{rest}"));
        let v = w.view();
        assert_eq!(v.link_note, note, "{rest}");
        // The start and the tab are kept.
        assert_eq!(v.inputs.start, "[1,2,3,4,5,6,0,7,8]");
        assert_eq!(v.tab, Tab::Play);
        let p = v.play.view.unwrap();
        assert_eq!(p.moves, moves, "{rest}");
        assert_eq!(p.recorded.as_deref(), recorded, "{rest}");
    }
}

/// Distances to `goal` in `metric` of every board of its class, and the
/// number of shortest paths from each: a plain breadth-first search and
/// its layers.
fn plain_counts(goal: &Board, metric: Metric) -> (HashMap<Board, u32>, HashMap<Board, u128>) {
    let mut dist = HashMap::from([(*goal, 0u32)]);
    let mut order = vec![*goal];
    let mut queue = VecDeque::from([*goal]);
    while let Some(b) = queue.pop_front() {
        for (_, n) in b.moves_in(metric) {
            if !dist.contains_key(&n) {
                dist.insert(n, dist[&b] + 1);
                order.push(n);
                queue.push_back(n);
            }
        }
    }
    let mut paths = HashMap::from([(*goal, 1u128)]);
    for b in order.iter().skip(1) {
        let n = b
            .moves_in(metric)
            .iter()
            .filter(|(_, n)| dist[n] + 1 == dist[b])
            .map(|(_, n)| paths[n])
            .sum();
        paths.insert(*b, n);
    }
    (dist, paths)
}

/// Counts the shortest solutions of the game's start in the worker.
fn count(w: &mut Workbench) -> ShortestView {
    let fx = w.apply(PlayAction::Shortest(ShortestAction::Count));
    assert!(play_view(w).shortest.running);
    run_job(w, &fx);
    play_view(w).shortest
}

#[test]
fn the_shortest_solutions_are_counted_as_the_plain_bfs_counts_and_stepped_through() {
    // The 3×3 baseline: one shortest solution, R R.
    let mut w = game("[1,2,3,4,5,6,0,7,8]", Metric::Single);
    let s = count(&mut w);
    assert_eq!(
        s.summary.as_deref(),
        Some("From the start: 1 shortest solution of 2 moves (an exact count).")
    );
    assert_eq!(s.position.as_deref(), Some("Solution 1 of 1"));
    assert_eq!(s.moves.as_deref(), Some("R R"));
    assert!(!s.previous && !s.next);

    // A board 31 moves away, in each metric, against the plain count.
    let goal = parse_board("[1,2,3,4,5,6,7,8,0]").unwrap();
    let start = parse_board("[8,6,7,2,5,4,3,0,1]").unwrap();
    for (metric, text) in [
        (
            Metric::Single,
            "From the start: 40 shortest solutions of 31 moves (an exact count).",
        ),
        (
            Metric::Multi,
            "From the start: 2 shortest solutions of 20 multi-tile moves (an exact count).",
        ),
    ] {
        let (dist, paths) = plain_counts(&goal, metric);
        let mut w = game(&start.to_json(), metric);
        let s = count(&mut w);
        let unit = match metric {
            Metric::Single => "moves",
            Metric::Multi => "multi-tile moves",
        };
        let plain = format!(
            "From the start: {} shortest solutions of {} {unit} (an exact count).",
            crate::engine::text::thousands(paths[&start]),
            dist[&start]
        );
        assert_eq!(s.summary.as_deref(), Some(plain.as_str()));
        assert_eq!(s.summary.as_deref(), Some(text));
        let listed = paths[&start].min(50);
        let of = if paths[&start] > 50 {
            format!(
                " (of {} shortest)",
                crate::engine::text::thousands(paths[&start])
            )
        } else {
            String::new()
        };
        assert_eq!(s.position, Some(format!("Solution 1 of {listed}{of}")));
        // Step: Next twice, Previous once; each shown solution is a
        // shortest path by the BFS.
        w.apply(PlayAction::Shortest(ShortestAction::Next));
        w.apply(PlayAction::Shortest(ShortestAction::Next));
        w.apply(PlayAction::Shortest(ShortestAction::Previous));
        // Next stops at the last listed, Previous at the first.
        let last = listed as usize - 1;
        let at = (1usize.min(last) + 1).min(last).saturating_sub(1);
        let s = play_view(&mut w).shortest;
        assert_eq!(
            s.position,
            Some(format!("Solution {} of {listed}{of}", at + 1))
        );
        assert_eq!((s.previous, s.next), (at > 0, at < last));
        // Replay it: the board reaches the goal in exactly the optimum,
        // every move one closer by the BFS, and the count stays.
        let fx = w.apply(PlayAction::Shortest(ShortestAction::Replay));
        let p = play_view(&mut w);
        assert!(p.solved);
        assert_eq!(p.counter, format!("Moves: {}", dist[&start]));
        assert_eq!(p.shortest, s);
        let mut b = start;
        let (written, _) = crate::engine::notation::parse_moves(
            s.moves.as_deref().unwrap(),
            &start,
            crate::engine::notation::Notation::Blank,
        )
        .unwrap();
        for w in &written {
            let next = b.slide(w.slide).unwrap();
            assert_eq!(dist[&next] + 1, dist[&b]);
            b = next;
        }
        assert_eq!(b, goal);
        run_job(&mut w, &fx);
        let a = play_view(&mut w).analysis.unwrap();
        assert!(a.contains("so the excess is 0."), "{a}");
    }
}

#[test]
fn a_count_asked_during_the_analysis_waits_for_it_and_a_4x4_count_out_of_reach_says_so() {
    // At the goal the analysis runs; the count asked then waits, and is
    // posted when the analysis is answered.
    let mut w = game("[1,2,3,4,5,6,0,7,8]", Metric::Single);
    w.apply(PlayAction::Move(Move::Right));
    let fx = w.apply(PlayAction::Move(Move::Right));
    let fx2 = w.apply(PlayAction::Shortest(ShortestAction::Count));
    assert!(!fx2
        .list
        .iter()
        .any(|e| matches!(e, Effect::PostSolve { .. })));
    let next = run_job(&mut w, &fx);
    assert!(play_view(&mut w).analysis_detail.is_some());
    run_job(&mut w, &next);
    assert_eq!(
        play_view(&mut w).shortest.summary.as_deref(),
        Some("From the start: 1 shortest solution of 2 moves (an exact count).")
    );

    // Cancel ends a count being worked out, and says so.
    let mut w = game("[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]", Metric::Single);
    let fx = w.apply(PlayAction::Shortest(ShortestAction::Count));
    assert!(fx
        .list
        .iter()
        .any(|e| matches!(e, Effect::PostSolve { .. })));
    assert!(w.view().family.cancel_enabled);
    let fx = w.apply(InputAction::Cancel);
    assert!(fx.list.contains(&Effect::StopSolve));
    let s = play_view(&mut w).shortest;
    assert_eq!(s.summary.as_deref(), Some("No count: cancelled."));
    assert!(!s.running);

    // A 4×4 start 80 moves from the goal: its optimum is not proved
    // within the page's node budget, so there is no count, and it says so.
    let mut w = game("[0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1]", Metric::Single);
    let s = count(&mut w);
    let summary = s.summary.unwrap();
    assert!(
        summary.starts_with(
            "No count: the optimal length is not proved within the node budget (at least "
        ),
        "{summary}"
    );
    assert!(
        summary.ends_with("); the shortest paths cannot be counted."),
        "{summary}"
    );
    assert_eq!((s.position, s.moves), (None, None));
}
