//! The heuristic workshop's searches: a compiled [`Program`] as h in the
//! engine's own loops — A* on the 3×3 board (the contract's one A*, run as
//! the weighted instance at w = 1 so an inconsistent h is still ordered by
//! g + h and boards are reopened) and IDA* on every shape (the family's one
//! IDA* loop, children by h) — the search cost by solution depth against
//! Manhattan, and graded exercises ([`Exercise`], [`grade`]).
//!
//! Every path found is checked by [`verify`]; an inadmissible h may find a
//! longer one, and its excess over the optimum is counted. Pure: no clock,
//! threads or files; [`SearchCost::step`] runs in slices of boards.

mod cost;
mod exercise;
mod grade;

pub use cost::{
    reference_heuristic, run_search, run_search_in, CostRow, CostSearch, CostTotals, Run,
    SearchCost, ASTAR_BUDGET, COST_PER_DEPTH, COST_SEED, H_CAP, IDA_BUDGET,
};
pub use exercise::{Exercise, ExerciseError, EXERCISES, EXERCISE_MAX_BOARDS};
pub use grade::{grade, Grade, GradeError, GradeReason, Grading};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::expr::Program;
    use crate::heuristic::HeuristicCheck;
    use crate::{Board, Shape};

    fn checked(text: &str, goal: &Board) -> HeuristicCheck {
        let mut c = HeuristicCheck::new(Program::compile(text, goal).unwrap()).unwrap();
        while !c.step(1 << 16) {}
        c
    }

    #[test]
    fn boards_by_distance_on_3x2() {
        let goal = Board::default_goal(Shape::new(3, 2).unwrap());
        let c = checked("manhattan", &goal);
        let by = c.boards_by_distance(2, COST_SEED);
        let sizes: Vec<usize> = by.iter().map(Vec::len).collect();
        let mut want = vec![2; 22];
        (want[0], want[21]) = (1, 1);
        assert_eq!(sizes, want);
        for (d, boards) in by.iter().enumerate() {
            for b in boards {
                let run = run_search(CostSearch::IdaStar, None, b, &goal).unwrap();
                assert_eq!(run.length, Some(d as u32), "{b}");
            }
        }
        // Deterministic: the same boards again.
        assert_eq!(by, c.boards_by_distance(2, COST_SEED));
    }

    fn cost(text: &str, goal: &Board, per_depth: usize) -> SearchCost {
        let mut c = SearchCost::new(&checked(text, goal), per_depth).unwrap();
        let mut steps = 0;
        while !c.step(1) {
            steps += 1;
        }
        assert_eq!(steps + 1, c.progress().1);
        c
    }

    /// 2×2 with h = 0: the 12 boards, one or two a depth. At depth 1,
    /// 10/32 takes 3 entries (computed in `grading_on_2x2_by_hand`) and
    /// 12/03 takes 4 (bound 0 the root; bound 1 the root, 02/13 (up, first
    /// in move order) and the goal): 7.
    #[test]
    fn search_cost_on_2x2_with_h_zero() {
        let goal = Board::default_goal(Shape::new(2, 2).unwrap());
        let c = cost("0", &goal, 20);
        let rows = c.rows();
        let boards: Vec<u64> = rows.iter().map(|r| r.ida[0].boards).collect();
        assert_eq!(boards, vec![1, 2, 2, 2, 2, 2, 1]);
        assert_eq!(rows[1].ida[0].expansions, 7);
        assert!(rows.iter().all(|r| r.astar.is_none()));
        let h0: Vec<u64> = rows.iter().map(|r| r.ida[0].expansions).collect();
        let md: Vec<u64> = rows.iter().map(|r| r.ida[1].expansions).collect();
        assert_eq!(h0, vec![1, 7, 16, 29, 46, 67, 43]);
        assert_eq!(md, vec![1, 4, 6, 8, 10, 12, 7]);
        assert_eq!(
            rows[1].ida[0].branching(1),
            Some(rows[1].ida[0].generated as f64 / 2.0)
        );
    }

    /// h = Manhattan through the program is the engine's Manhattan: the
    /// same figures, in both searches; 3 * Manhattan (up to 66 on these
    /// boards, past the frontier's 64 slots of h) finds longer paths, 100
    /// moves over the optimum in all with A*, 122 with IDA*, on one board
    /// a depth.
    #[test]
    fn search_cost_of_manhattan_is_manhattan_and_excess_is_counted() {
        let goal = Board::default_goal(Shape::new(3, 2).unwrap());
        for r in cost("manhattan", &goal, 3).rows() {
            assert_eq!(r.ida[0], r.ida[1], "depth {}", r.depth);
        }
        let goal = Board::DEFAULT_GOAL;
        let c = cost("manhattan", &goal, 1);
        for r in c.rows() {
            let [h, m] = r.astar.unwrap();
            assert_eq!(h, m, "depth {}", r.depth);
            assert_eq!((h.excess, r.ida[0].excess), (0, 0));
        }
        let c = cost("3 * manhattan", &goal, 1);
        let excess: u64 = c.rows().iter().map(|r| r.astar.unwrap()[0].excess).sum();
        let ida: u64 = c.rows().iter().map(|r| r.ida[0].excess).sum();
        let over: u64 = c.rows().iter().map(|r| r.ida[0].over_budget).sum();
        assert_eq!((excess, ida, over), (100, 122, 0));
    }

    fn small(text: &str) -> Exercise {
        Exercise::read(text).unwrap()
    }

    /// 2×2, goal 12/30; IDA* counts every board entered inside the bound
    /// (the goal and each iteration's root included), children by h, ties
    /// in move order (up, down, left, right). 10/32 is one move away; with
    /// h = Manhattan (1) the root and the goal: 2. With h = 0, bound 0 the
    /// root alone, bound 1 the root and the goal (down comes first): 3.
    /// 01/32 (two moves) with h = 0: bound 0 the root (1); bound 1 the root
    /// and both children (3); bound 2 the root, 31/02 (down) and its child
    /// 31/20, then 10/32 (right) and the goal (5): 9.
    #[test]
    fn grading_on_2x2_by_hand() {
        let ex = small("2x2.1230.idastar.admissible.2.1032");
        let g = grade(&ex, "manhattan").unwrap();
        assert_eq!((g.nodes.clone(), g.total, g.pass), (vec![2], 2, true));
        let g = grade(&ex, "0").unwrap();
        assert_eq!((g.nodes.clone(), g.total, g.pass), (vec![3], 3, false));
        let ex = small("2x2.1230.idastar.admissible.2.1032_0132");
        let g = grade(&ex, "0").unwrap();
        assert_eq!(g.nodes, vec![3, 9]);
        assert_eq!(
            (g.total, g.pass, g.reason),
            (12, false, GradeReason::TooManyNodes)
        );
        // 3 * manhattan overestimates; the rule decides.
        let g = grade(&ex, "3 * manhattan").unwrap();
        assert_eq!(
            (g.admissible, g.reason.clone()),
            (false, GradeReason::Inadmissible)
        );
        // In slices of one board: the same grade; the steps counted.
        let mut slices = Grading::new(&ex, "0").unwrap();
        let mut steps = 0;
        while !slices.step(1).unwrap() {
            steps += 1;
        }
        // 12 boards checked one a step, a 13th finds none left and
        // finishes the check, a 14th runs the first board; the step that
        // runs the second answers true.
        assert_eq!((steps, slices.progress()), (14, (14, 14)));
        assert_eq!(slices.grade(), Some(grade(&ex, "0").unwrap()));
        let any = small("2x2.1230.idastar.any.100.1032_0132");
        let g = grade(&any, "3 * manhattan").unwrap();
        assert!(g.pass);
        assert_eq!((g.total, g.excess), (g.nodes[0] + g.nodes[1], 0));
    }

    #[test]
    fn shipped_exercises_round_trip_and_their_targets_can_be_met() {
        let totals = [
            // (exercise, h, total, pass)
            (0, "misplaced", 471_945, false),
            (0, "manhattan", 35_799, true),
            (1, "manhattan", 35_799, false),
            (1, "linear_conflict", 19_335, true),
            (2, "manhattan", 273_930, false),
            (2, "linear_conflict", 102_560, true),
        ];
        for (name, text) in EXERCISES {
            let ex = small(text);
            assert_eq!(ex.text(), text, "{name}");
            assert_eq!(ex.boards.len(), 20, "{name}");
            let link = format!(
                "https://example.org/eight-puzzle.html#tab=lab&{}&x=1",
                ex.fragment()
            );
            assert_eq!(Exercise::read(&link), Ok(ex.clone()), "{name}");
        }
        for (i, h, total, pass) in totals {
            let g = grade(&small(EXERCISES[i].1), h).unwrap();
            assert_eq!(
                (g.total, g.pass, g.admissible, g.excess),
                (total, pass, true, 0),
                "{i} {h}"
            );
        }
        let g = grade(&small(EXERCISES[1].1), "2 * manhattan").unwrap();
        assert_eq!(g.reason, GradeReason::Inadmissible);
    }

    #[test]
    fn every_field_has_its_error() {
        use ExerciseError as E;
        let cases: [(&str, ExerciseError); 14] = [
            ("#tab=lab", E::Missing),
            ("3x3.123456780.astar", E::Fields { found: 3 }),
            (
                "3y3.123456780.astar.any.5.123456708",
                E::Shape("3y3".into()),
            ),
            (
                "4x4.123456780.astar.any.5.123456708",
                E::Shape("4x4".into()),
            ),
            (
                "3x3.12345678.astar.any.5.123456708",
                E::Goal("12345678".into()),
            ),
            ("3x3.123456780.bfs.any.5.123456708", E::Search("bfs".into())),
            ("2x2.1230.astar.any.5.1203", E::Search("astar".into())),
            (
                "3x3.123456780.astar.some.5.123456708",
                E::Rule("some".into()),
            ),
            ("3x3.123456780.astar.any.0.123456708", E::Nodes("0".into())),
            (
                "3x3.123456780.astar.any.+5.123456708",
                E::Nodes("+5".into()),
            ),
            ("3x3.123456780.astar.any.5.", E::Count(0)),
            (
                "3x3.123456780.astar.any.5.123456708_12345678x",
                E::Board(2, "12345678x".into()),
            ),
            ("3x3.123456780.astar.any.5.213456780", E::Unreachable(1)),
            (
                "exercise=3x3.123456780.astar.any.99999999999999999999.1",
                E::Nodes("99999999999999999999".into()),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(Exercise::read(text), Err(want.clone()), "{text}");
            assert!(!want.to_string().is_empty());
        }
        let many = vec!["123456708"; EXERCISE_MAX_BOARDS + 1].join("_");
        assert_eq!(
            Exercise::read(&format!("3x3.123456780.astar.any.5.{many}")),
            Err(E::Count(EXERCISE_MAX_BOARDS + 1))
        );
        assert_eq!(
            E::Fields { found: 3 }.to_string(),
            "an exercise has 6 fields separated by '.' (shape, goal, search, rule, nodes, boards), and a 7th, multi, in the multi-tile metric; found 3"
        );
        assert_eq!(
            Exercise::read("3x3.123456780.astar.any.5.123456708.single"),
            Err(E::Metric("single".into()))
        );
        let multi = Exercise::read("3x3.123456780.astar.any.5.123456708.multi").unwrap();
        assert_eq!(multi.metric, crate::moves::Metric::Multi);
        assert_eq!(multi.text(), "3x3.123456780.astar.any.5.123456708.multi");
    }

    #[test]
    fn grading_errors_are_typed() {
        let ex = small("2x2.1230.idastar.any.5.1032");
        assert!(matches!(
            grade(&ex, "manhattan +"),
            Err(GradeError::Expr(_))
        ));
        assert!(matches!(
            grade(&ex, "1 / (manhattan - 1)"),
            Err(GradeError::Eval(_))
        ));
    }
}
