//! Every shortest solution of a board up to 16 cells, in either metric:
//! their exact number, and the first of them in move order.
//!
//! A depth-first search within the optimal length D, remembering for each
//! (board, moves left r) it meets how many paths of exactly r moves join
//! that board to the goal, and cutting a board whose lower bound
//! ([`ExactDistances::lower_bound`], exact from a table on small shapes)
//! exceeds r. A board met at depth g has distance ≥ D − g (else the start
//! would be closer than D), so every path it counts is a shortest
//! completion, and two different first moves give different paths: the
//! sum over the moves is the count. A move that undoes the last one (in
//! the multi-tile metric, any move along the last move's line) is never
//! on a shortest path and is not tried.
//!
//! **Why `u128` is enough.** A shortest path never undoes its last move,
//! so on 4×4 in the single-tile metric (diameter 80) a path has at most 4
//! first moves and 3 for each later one: at most 4 · 3⁷⁹ ≈ 2.0 · 10³⁸
//! paths, below 2¹²⁸ ≈ 3.4 · 10³⁸. In the multi-tile metric no two moves
//! in a row share a line: at most 6 · 3⁴² paths of 43 moves (its
//! diameter), far below. Every addition is checked all the same, and an
//! overflow on another shape is an error, never a wrong count.

use super::exact::{check_size, Distance, ExactDistances, ExactError};
use crate::moves::{Metric, Move, Slide};
use crate::witness::{verify, verify_slides};
use crate::Board;
use std::collections::HashMap;
use std::fmt;

/// The shortest solutions of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllShortest {
    /// Their length in the metric.
    pub length: u32,
    /// How many distinct shortest paths there are.
    pub count: u128,
    /// The first `limit` of them, in move order ([`Move::ALL`], counts
    /// ascending), each checked by the witness replay.
    pub paths: Vec<Vec<Slide>>,
    /// (board, moves left) pairs the count remembered.
    pub remembered: usize,
}

/// Why the shortest solutions could not be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllShortestError {
    /// No exact distance (too large, unsolvable, …).
    Exact(ExactError),
    /// The optimal search stopped at its node budget.
    NotProved {
        /// The lower bound it proved.
        at_least: u32,
    },
    /// The count passed 2¹²⁸ − 1 (not on 4×4; see the module's note).
    Overflow,
    /// The count stopped at its limit of boards visited: the number is
    /// unknown ([`all_shortest_within`]).
    Stopped {
        /// The limit it reached.
        visits: u64,
    },
    /// A listed path failed the replay check (a bug).
    Witness(String),
}

impl AllShortestError {
    /// A stable snake_case name for JSON output and tests.
    pub fn kind(&self) -> &'static str {
        match self {
            AllShortestError::Exact(e) => e.kind(),
            AllShortestError::NotProved { .. } => "not_proved",
            AllShortestError::Overflow => "overflow",
            AllShortestError::Stopped { .. } => "stopped",
            AllShortestError::Witness(_) => "witness",
        }
    }
}

impl fmt::Display for AllShortestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AllShortestError::Exact(e) => write!(f, "{e}"),
            AllShortestError::NotProved { at_least } => write!(
                f,
                "the optimal length is not proved within the node budget (at least {at_least}); the shortest paths cannot be counted"
            ),
            AllShortestError::Overflow => {
                write!(f, "more than 2^128 − 1 shortest paths; not counted")
            }
            AllShortestError::Stopped { visits } => write!(
                f,
                "the count stopped at its limit of {visits} boards visited, so the number of shortest paths is unknown"
            ),
            AllShortestError::Witness(e) => write!(f, "internal error, witness rejected: {e}"),
        }
    }
}

impl std::error::Error for AllShortestError {}

struct Counter<'a> {
    exact: &'a ExactDistances,
    goal: Board,
    metric: Metric,
    memo: HashMap<(Board, u32), u128>,
    /// Boards visited so far, and the most allowed.
    visits: u64,
    max_visits: Option<u64>,
}

/// Whether `next` may follow `last` on a shortest path.
fn may_follow(metric: Metric, last: Option<Move>, next: Move) -> bool {
    match (last, metric) {
        (None, _) => true,
        (Some(l), Metric::Single) => next != l.opposite(),
        (Some(l), Metric::Multi) => next != l && next != l.opposite(),
    }
}

impl Counter<'_> {
    /// Paths of exactly `r` moves from `b` to the goal (see the module).
    fn count(&mut self, b: &Board, r: u32, last: Option<Move>) -> Result<u128, AllShortestError> {
        if r == 0 {
            return Ok(u128::from(*b == self.goal));
        }
        if self.exact.lower_bound(b) > r {
            return Ok(0);
        }
        if let Some(&n) = self.memo.get(&(*b, r)) {
            return Ok(n);
        }
        self.visits += 1;
        if let Some(max) = self.max_visits.filter(|&m| self.visits > m) {
            return Err(AllShortestError::Stopped { visits: max });
        }
        let mut sum: u128 = 0;
        for (slide, next) in b.moves_in(self.metric) {
            if !may_follow(self.metric, last, slide.direction) {
                continue;
            }
            let n = self.count(&next, r - 1, Some(slide.direction))?;
            sum = sum.checked_add(n).ok_or(AllShortestError::Overflow)?;
        }
        self.memo.insert((*b, r), sum);
        Ok(sum)
    }

    /// The first paths of `r` moves from `b`, up to `limit` in `out`.
    fn list(
        &mut self,
        b: &Board,
        r: u32,
        last: Option<Move>,
        prefix: &mut Vec<Slide>,
        out: &mut Vec<Vec<Slide>>,
        limit: usize,
    ) -> Result<(), AllShortestError> {
        if out.len() >= limit {
            return Ok(());
        }
        if r == 0 {
            if *b == self.goal {
                out.push(prefix.clone());
            }
            return Ok(());
        }
        for (slide, next) in b.moves_in(self.metric) {
            if !may_follow(self.metric, last, slide.direction)
                || self.count(&next, r - 1, Some(slide.direction))? == 0
            {
                continue;
            }
            prefix.push(slide);
            self.list(&next, r - 1, Some(slide.direction), prefix, out, limit)?;
            prefix.pop();
        }
        Ok(())
    }
}

/// Counts the shortest paths from `start` to `exact`'s goal in its metric
/// and lists the first `limit` of them.
pub fn all_shortest(
    start: &Board,
    exact: &mut ExactDistances,
    limit: usize,
) -> Result<AllShortest, AllShortestError> {
    all_shortest_within(start, exact, limit, None)
}

/// [`all_shortest`], stopping with [`AllShortestError::Stopped`] once the
/// count has visited `max_visits` boards (the page's bound on time and
/// memory): a count that stops is never given.
pub fn all_shortest_within(
    start: &Board,
    exact: &mut ExactDistances,
    limit: usize,
    max_visits: Option<u64>,
) -> Result<AllShortest, AllShortestError> {
    check_size(start.shape()).map_err(AllShortestError::Exact)?;
    let length = match exact.distance(start).map_err(AllShortestError::Exact)? {
        Distance::Exact(d) => d,
        Distance::AtLeast(d) => return Err(AllShortestError::NotProved { at_least: d }),
    };
    let mut counter = Counter {
        goal: *exact.goal(),
        metric: exact.metric(),
        exact,
        memo: HashMap::new(),
        visits: 0,
        max_visits,
    };
    let count = counter.count(start, length, None)?;
    let mut paths = Vec::new();
    counter.list(start, length, None, &mut Vec::new(), &mut paths, limit)?;
    for p in &paths {
        let checked = match counter.metric {
            Metric::Single => verify(
                start,
                &counter.goal,
                &p.iter().map(|s| s.direction).collect::<Vec<_>>(),
                length,
            ),
            Metric::Multi => verify_slides(start, &counter.goal, p, length),
        };
        checked.map_err(|e| AllShortestError::Witness(e.to_string()))?;
    }
    Ok(AllShortest {
        length,
        count,
        paths,
        remembered: counter.memo.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::plain_distances;
    use crate::solve::exact::on_plain_estimates as exact;
    use crate::Shape;

    /// The plain count: shortest paths by layers of the plain BFS.
    fn plain_count(d: &HashMap<Board, u32>, start: &Board, metric: Metric) -> u128 {
        fn go(
            d: &HashMap<Board, u32>,
            b: &Board,
            metric: Metric,
            memo: &mut HashMap<Board, u128>,
        ) -> u128 {
            if d[b] == 0 {
                return 1;
            }
            if let Some(&n) = memo.get(b) {
                return n;
            }
            let n = b
                .moves_in(metric)
                .into_iter()
                .filter(|(_, n)| d[n] + 1 == d[b])
                .map(|(_, n)| go(d, &n, metric, memo))
                .sum();
            memo.insert(*b, n);
            n
        }
        go(d, start, metric, &mut HashMap::new())
    }

    #[test]
    fn counts_match_the_plain_bfs_count_on_2x5_and_2x4_by_table_and_by_search() {
        for (w, h, by_search) in [(5, 2, false), (4, 2, true)] {
            let goal = Board::default_goal(Shape::new(w, h).unwrap());
            for metric in Metric::ALL {
                let plain = plain_distances(&goal, metric);
                let mut ex = exact(&goal, metric);
                if by_search {
                    ex = ex.without_table();
                }
                for start in crate::space::sample_boards(&goal, 40, 7) {
                    let a = all_shortest(&start, &mut ex, 3).unwrap();
                    assert_eq!(a.length, plain[&start]);
                    assert_eq!(
                        a.count,
                        plain_count(&plain, &start, metric),
                        "{start} {metric}"
                    );
                    assert_eq!(a.paths.len() as u128, a.count.min(3));
                }
            }
        }
    }

    #[test]
    fn the_pinned_3x3_board_lists_its_paths_in_move_order() {
        // Blank top left of the goal: R R D D and every other order.
        let goal = Board::DEFAULT_GOAL;
        let start = Board::square(&[0, 1, 2, 4, 5, 3, 7, 8, 6]).unwrap();
        let a = all_shortest(&start, &mut exact(&goal, Metric::Single), 10).unwrap();
        let words: Vec<String> = a
            .paths
            .iter()
            .map(|p| p.iter().map(|s| s.direction.letter()).collect())
            .collect();
        assert_eq!((a.length, a.count), (4, 1));
        assert_eq!(words, ["RRDD"]);
        let m = all_shortest(&start, &mut exact(&goal, Metric::Multi), 10).unwrap();
        assert_eq!((m.length, m.count), (2, 1));
        assert_eq!(
            m.paths,
            [vec![Slide::new(Move::Right, 2), Slide::new(Move::Down, 2)]]
        );
        let e = all_shortest(
            &Board::square(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap(),
            &mut exact(&goal, Metric::Single),
            1,
        )
        .unwrap_err();
        assert_eq!(e.kind(), "unsolvable");
    }

    #[test]
    fn a_count_at_its_visit_limit_stops_and_gives_no_number() {
        // A board 31 moves from the goal, by search: a limit of exactly
        // the boards the count remembers is enough, one fewer stops it.
        let goal = Board::DEFAULT_GOAL;
        let start = Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let mut ex = exact(&goal, Metric::Single).without_table();
        let full = all_shortest(&start, &mut ex, 2).unwrap();
        let n = full.remembered as u64;
        let within = all_shortest_within(&start, &mut ex, 2, Some(n)).unwrap();
        assert_eq!(within, full);
        let e = all_shortest_within(&start, &mut ex, 2, Some(n - 1)).unwrap_err();
        assert_eq!(e, AllShortestError::Stopped { visits: n - 1 });
        assert_eq!(e.kind(), "stopped");
        assert_eq!(
            e.to_string(),
            format!("the count stopped at its limit of {} boards visited, so the number of shortest paths is unknown", n - 1)
        );
    }
}
