//! A solve read back move by move: after each move of the metric the
//! board's exact distance to the goal ([`ExactDistances`]), each move that
//! did not bring the board one closer marked, the solve's length, the
//! optimum and the excess; and [`shorten`], the solve made shorter by
//! re-solving windows of it optimally.
//!
//! The moves are counted in the metric: in the single-tile metric a
//! written `R3` is three moves; in the multi-tile metric a run of moves in
//! one direction is one move however it is written
//! ([`crate::verdict::runs`]).

use super::exact::{check_size, Distance, ExactDistances, ExactError};
use super::{solve_optimal, solve_optimal_multi, Estimator};
use crate::moves::{Metric, Move, Slide};
use crate::notation::Written;
use crate::verdict::runs;
use crate::{Board, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One move of the metric and where the solve stands after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// 1-based number of the move in the metric.
    pub number: usize,
    /// 1-based position of the written move it comes from (in the
    /// multi-tile metric, the first of a run).
    pub written: usize,
    /// The move (named by the blank's direction).
    pub slide: Slide,
    /// The board after it.
    pub board: Board,
    /// That board's distance to the goal.
    pub distance: Distance,
    /// Whether the move failed to bring the board one move closer
    /// (`None`: a distance around it is only bounded).
    pub wasted: Option<bool>,
}

/// The analysis of one solve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// The start.
    pub start: Board,
    /// The goal.
    pub goal: Board,
    /// The metric the moves and distances count in.
    pub metric: Metric,
    /// The start's distance: the optimum.
    pub optimum: Distance,
    /// Every move, in order.
    pub steps: Vec<Step>,
    /// The solve's length in the metric.
    pub length: u32,
    /// Whether the last board is the goal.
    pub reaches_goal: bool,
    /// Length − optimum, when the solve reaches the goal and the optimum
    /// is exact.
    pub excess: Option<u32>,
}

impl Analysis {
    /// How many moves are marked wasted.
    pub fn wasted(&self) -> usize {
        self.steps.iter().filter(|s| s.wasted == Some(true)).count()
    }
}

/// The written moves as moves of `metric`, each with the position of the
/// written move it comes from.
pub fn metric_moves(written: &[Written], metric: Metric) -> Vec<(Slide, usize)> {
    let mut out: Vec<(Slide, usize)> = Vec::new();
    for w in written {
        match metric {
            Metric::Single => {
                out.extend((0..w.slide.count).map(|_| (Slide::from(w.slide.direction), w.position)))
            }
            Metric::Multi => match out.last_mut() {
                Some((s, _)) if s.direction == w.slide.direction => s.count += w.slide.count,
                _ => out.push((w.slide, w.position)),
            },
        }
    }
    out
}

/// Analyses the solve `written` from `start` toward `exact`'s goal, in
/// `exact`'s metric. `each` hears the number of moves analysed so far (for
/// progress).
pub fn analyse(
    start: &Board,
    written: &[Written],
    exact: &mut ExactDistances,
    each: &mut dyn FnMut(usize),
) -> Result<Analysis, ExactError> {
    check_size(start.shape())?;
    let metric = exact.metric();
    let goal = *exact.goal();
    let optimum = exact.distance(start)?;
    let mut steps = Vec::new();
    let (mut board, mut before) = (*start, optimum);
    for (i, (slide, position)) in metric_moves(written, metric).into_iter().enumerate() {
        board = board
            .slide(slide)
            .expect("written moves are checked on their boards");
        let distance = exact.distance(&board)?;
        let wasted = match (before, distance) {
            (Distance::Exact(a), Distance::Exact(b)) => Some(b + 1 != a),
            _ => None,
        };
        steps.push(Step {
            number: i + 1,
            written: position,
            slide,
            board,
            distance,
            wasted,
        });
        before = distance;
        each(i + 1);
    }
    let length = steps.len() as u32;
    let reaches_goal = board == goal;
    let excess = match (reaches_goal, optimum) {
        (true, Distance::Exact(d)) => Some(length - d),
        _ => None,
    };
    Ok(Analysis {
        start: *start,
        goal,
        metric,
        optimum,
        steps,
        length,
        reaches_goal,
        excess,
    })
}

/// The boards along `slides` from `start`, start first.
fn boards_along(start: &Board, slides: &[Slide]) -> Vec<Board> {
    let mut out = Vec::with_capacity(slides.len() + 1);
    out.push(*start);
    let mut b = *start;
    for &s in slides {
        b = b.slide(s).expect("a checked path");
        out.push(b);
    }
    out
}

/// `slides` with every loop cut out: whenever a board comes back, the moves
/// between its two visits go.
fn without_loops(start: &Board, slides: &[Slide]) -> Vec<Slide> {
    let mut kept: Vec<Slide> = Vec::new();
    let mut seen: HashMap<Board, usize> = HashMap::from([(*start, 0)]);
    let mut order = vec![*start];
    let mut b = *start;
    for &s in slides {
        b = b.slide(s).expect("a checked path");
        if let Some(&i) = seen.get(&b) {
            for gone in order.drain(i + 1..) {
                seen.remove(&gone);
            }
            kept.truncate(i);
        } else {
            kept.push(s);
            seen.insert(b, order.len());
            order.push(b);
        }
    }
    kept
}

/// Runs merged in the multi-tile metric; as they are in the single-tile one.
fn tidy(slides: Vec<Slide>, metric: Metric) -> Vec<Slide> {
    match metric {
        Metric::Single => slides,
        Metric::Multi => {
            let moves: Vec<Move> = slides
                .iter()
                .flat_map(|s| std::iter::repeat_n(s.direction, usize::from(s.count)))
                .collect();
            runs(&moves)
        }
    }
}

/// The shortest path from `a` to `b` in `metric` (IDA* with linear
/// conflict, or the multi-tile Manhattan, toward `b`), as the metric's
/// moves; `None` if the search could not finish.
fn optimal_between(a: &Board, b: &Board, metric: Metric) -> Option<Vec<Slide>> {
    let out = match metric {
        Metric::Single => solve_optimal(a, b, &Estimator::LinearConflict, None),
        Metric::Multi => solve_optimal_multi(a, b, None, None),
    }
    .ok()?;
    match out.verdict {
        Verdict::Solved(s) => Some(s.slides()),
        _ => None,
    }
}

/// `slides` (moves of `metric` from `start`) made shorter: loops cut out,
/// then every stretch of `window` moves replaced by a shortest path between
/// its end boards whenever that is shorter, until no window shortens it.
/// The result joins the same two boards and is never longer.
pub fn shorten(start: &Board, slides: &[Slide], metric: Metric, window: usize) -> Vec<Slide> {
    let window = window.max(2);
    let mut path = tidy(without_loops(start, slides), metric);
    let mut i = 0;
    while i + 1 < path.len() {
        let j = (i + window).min(path.len());
        let boards = boards_along(start, &path);
        match optimal_between(&boards[i], &boards[j], metric) {
            Some(better) if better.len() < j - i => {
                let mut next = path[..i].to_vec();
                next.extend(better);
                next.extend_from_slice(&path[j..]);
                path = tidy(without_loops(start, &next), metric);
                // A change can open a shortening in the windows before it.
                i = i.saturating_sub(window);
            }
            _ => i += 1,
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_moves, Notation};
    use crate::reference::plain_distances;
    use crate::solve::exact::on_plain_estimates as exact;
    use crate::Shape;

    /// A random walk of `len` single moves from `goal`, returned as the
    /// walk's far end and the walk back to the goal written in blank
    /// notation: a solve with wasted moves in it.
    fn walk_back(goal: &Board, len: usize, seed: u64) -> (Board, String) {
        let mut draws = crate::space::Draws::new(seed);
        let mut b = *goal;
        let mut moves = Vec::new();
        while moves.len() < len {
            let legal: Vec<Move> = b.legal_moves().collect();
            let m = legal[draws.below(legal.len() as u64) as usize];
            b = b.apply(m).unwrap();
            moves.push(m);
        }
        let back: String = moves.iter().rev().map(|m| m.opposite().letter()).collect();
        (b, back)
    }

    #[test]
    fn small_solves_are_read_back_as_the_plain_bfs_says_in_both_metrics() {
        for (w, h) in [(3, 3), (4, 2)] {
            let goal = Board::default_goal(Shape::new(w, h).unwrap());
            for metric in Metric::ALL {
                let plain = plain_distances(&goal, metric);
                let mut ex = exact(&goal, metric);
                for seed in 1..=4 {
                    let (start, text) = walk_back(&goal, 25, seed);
                    let (written, end) = parse_moves(&text, &start, Notation::Blank).unwrap();
                    assert_eq!(end, goal);
                    let mut heard = 0;
                    let a = analyse(&start, &written, &mut ex, &mut |n| heard = n).unwrap();
                    assert_eq!(a.optimum, Distance::Exact(plain[&start]));
                    let mut before = plain[&start];
                    for s in &a.steps {
                        let d = plain[&s.board];
                        assert_eq!(s.distance, Distance::Exact(d));
                        assert_eq!(s.wasted, Some(d + 1 != before));
                        before = d;
                    }
                    let length = match metric {
                        Metric::Single => 25,
                        Metric::Multi => runs(
                            &text
                                .chars()
                                .map(|c| match c {
                                    'U' => Move::Up,
                                    'D' => Move::Down,
                                    'L' => Move::Left,
                                    _ => Move::Right,
                                })
                                .collect::<Vec<_>>(),
                        )
                        .len() as u32,
                    };
                    assert_eq!((a.length, heard), (length, length as usize));
                    assert!(a.reaches_goal);
                    assert_eq!(a.excess, Some(length - plain[&start]));
                    if metric == Metric::Single {
                        // Every single move changes the distance by one.
                        assert_eq!(a.wasted() as u32 * 2, length - plain[&start]);
                    }
                }
            }
        }
    }

    #[test]
    fn a_solve_is_read_back_and_shortened_exactly_as_pinned() {
        // Blank top left of the 3×3 goal's mirror: down twice, right twice.
        let goal = Board::DEFAULT_GOAL;
        let start = Board::square(&[0, 1, 2, 4, 5, 3, 7, 8, 6]).unwrap();
        // In tile notation (the tiles go left twice, then up twice) with
        // a loop: the blank goes right, back left, then right twice.
        let (written, end) = parse_moves("L R L2 U U", &start, Notation::Tile).unwrap();
        assert_eq!(end, goal);
        let single = analyse(
            &start,
            &written,
            &mut exact(&goal, Metric::Single),
            &mut |_| {},
        )
        .unwrap();
        let dist = |a: &Analysis| {
            a.steps
                .iter()
                .map(|s| s.distance.proved())
                .collect::<Vec<_>>()
        };
        let wasted = |a: &Analysis| {
            a.steps
                .iter()
                .map(|s| s.wasted == Some(true))
                .collect::<Vec<_>>()
        };
        assert_eq!(single.optimum, Distance::Exact(4));
        assert_eq!(dist(&single), [3, 4, 3, 2, 1, 0]);
        assert_eq!(wasted(&single), [false, true, false, false, false, false]);
        assert_eq!(
            (single.length, single.excess, single.wasted()),
            (6, Some(2), 1)
        );
        assert_eq!(
            single.steps.iter().map(|s| s.written).collect::<Vec<_>>(),
            [1, 2, 3, 3, 4, 5]
        );
        let multi = analyse(
            &start,
            &written,
            &mut exact(&goal, Metric::Multi),
            &mut |_| {},
        )
        .unwrap();
        // Multi-tile: R, L, R2, then D D merged into one move D2; the
        // first R keeps the distance (R2 was the move).
        assert_eq!(multi.optimum, Distance::Exact(2));
        assert_eq!(dist(&multi), [2, 2, 1, 0]);
        assert_eq!(wasted(&multi), [true, true, false, false]);
        assert_eq!((multi.length, multi.excess), (4, Some(2)));
        assert_eq!(
            multi
                .steps
                .iter()
                .map(|s| Notation::Tile.write_slide(s.slide))
                .collect::<Vec<_>>(),
            ["L", "R", "L2", "U2"]
        );
        let slides: Vec<Slide> = single.steps.iter().map(|s| s.slide).collect();
        assert_eq!(
            Notation::Tile.write(&shorten(&start, &slides, Metric::Single, 4)),
            "L L U U"
        );
        let slides: Vec<Slide> = multi.steps.iter().map(|s| s.slide).collect();
        assert_eq!(
            Notation::Tile.write(&shorten(&start, &slides, Metric::Multi, 2)),
            "L2 U2"
        );
    }

    #[test]
    fn shortening_keeps_the_ends_and_a_window_as_long_as_the_solve_finds_the_optimum() {
        for (w, h) in [(3, 3), (4, 2)] {
            let goal = Board::default_goal(Shape::new(w, h).unwrap());
            for metric in Metric::ALL {
                let plain = plain_distances(&goal, metric);
                for seed in 1..=3 {
                    let (start, text) = walk_back(&goal, 24, seed);
                    let (written, _) = parse_moves(&text, &start, Notation::Blank).unwrap();
                    let slides: Vec<Slide> = metric_moves(&written, metric)
                        .into_iter()
                        .map(|(s, _)| s)
                        .collect();
                    let short = shorten(&start, &slides, metric, 6);
                    let cost = short.len() as u32;
                    let check = match metric {
                        Metric::Single => crate::witness::verify(
                            &start,
                            &goal,
                            &short.iter().map(|s| s.direction).collect::<Vec<_>>(),
                            cost,
                        ),
                        Metric::Multi => crate::witness::verify_slides(&start, &goal, &short, cost),
                    };
                    assert!(check.is_ok(), "{check:?}");
                    assert!(cost <= slides.len() as u32 && cost >= plain[&start]);
                    let whole = shorten(&start, &slides, metric, slides.len());
                    assert_eq!(whole.len() as u32, plain[&start], "{w}x{h} {metric} {seed}");
                }
            }
        }
    }
}
