//! The trace exports, byte for byte, against files written by the
//! hand-written exporters before they went through serde (the CLI's
//! `trace`, the page's downloads and `check-trace` read these bytes).

use super::{astar_trace, ida_trace, weighted_astar_trace};
use crate::contract::parse_board_3x3 as parse_board;
use crate::contract::Budget;
use crate::contract::Goal;
use crate::contract::Solver;
use crate::heuristic::BuiltIn;
use crate::teaching::weighted::Weight;

const GOAL: &str = "[1,2,3,4,5,6,7,8,0]";

/// (name, start, goal, budget): solved, budget stops (1 and
/// more), another goal.
const CASES: [(&str, &str, &str, u32); 6] = [
    ("one", "[1,2,3,4,5,6,7,0,8]", GOAL, 10_000),
    ("goal", GOAL, GOAL, 10_000),
    ("mid", "[1,2,3,4,5,6,0,7,8]", GOAL, 10_000),
    ("deep", "[8,6,7,2,5,4,3,0,1]", GOAL, 120),
    ("stop", "[8,6,7,2,5,4,3,0,1]", GOAL, 1),
    ("other", "[4,1,3,7,2,6,0,5,8]", "[0,1,2,3,4,5,6,7,8]", 90),
];

fn exports() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut solver = Solver::new();
    for (name, start, goal, budget) in CASES {
        let start = parse_board(start).unwrap();
        let goal = Goal::new(parse_board(goal).unwrap());
        let budget = Budget::new(budget);
        let a = astar_trace(&mut solver, &start, &goal, budget).unwrap();
        out.push((format!("astar-{name}.csv"), a.to_csv()));
        out.push((format!("astar-{name}.json"), a.to_json()));
        let i = ida_trace(&start, &goal, budget).unwrap();
        out.push((format!("ida-{name}.csv"), i.to_csv()));
        out.push((format!("ida-{name}.json"), i.to_json()));
        for (h, twice) in [(BuiltIn::Manhattan, 3), (BuiltIn::Misplaced, 4)] {
            let w = Weight::from_twice(twice).unwrap();
            let t = weighted_astar_trace(&start, &goal, budget, h, w).unwrap();
            out.push((
                format!(
                    "weighted-{}-{twice}-{name}.csv",
                    h.code(crate::Shape::THREE)
                ),
                t.to_csv(),
            ));
            out.push((
                format!(
                    "weighted-{}-{twice}-{name}.json",
                    h.code(crate::Shape::THREE)
                ),
                t.to_json(),
            ));
        }
    }
    out
}

#[test]
fn exports_are_the_captured_bytes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/teaching/trace/fixtures");
    let exports = exports();
    assert_eq!(exports.len(), 48);
    for (name, text) in exports {
        let path = format!("{dir}/{name}");
        if std::env::var_os("TRACE_FIXTURES_WRITE").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        let want = std::fs::read_to_string(&path).unwrap();
        assert!(text == want, "{name} differs from its captured bytes");
    }
}
