//! `solve --weight` / `--heuristic` on 3×3 (weighted A*, outside the
//! contract) and the IDA* trace's own budget, run as a process.

mod common;

use common::run;

use serde_json::Value;

const HARD: &str = "[8,6,7,2,5,4,3,0,1]";
const HARD2: &str = "[6,4,7,8,5,0,3,2,1]";

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(&all);
    assert!(code == 0 || code == 2, "{code} {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn weighted_json_carries_weight_and_optimal_cost() {
    let v = json(&[
        "solve",
        "--start",
        HARD,
        "--weight",
        "2.5",
        "--heuristic",
        "twice-manhattan",
    ]);
    assert_eq!(v["status"], "Solved");
    assert_eq!(v["mode"], "weighted");
    assert_eq!(v["weight"], 2.5);
    assert_eq!(v["heuristic"], "twice-manhattan");
    assert_eq!(v["admissible"], false);
    assert_eq!(v["cost"], 45);
    assert_eq!(v["optimal_cost"], 31);
    assert_eq!(v["lower_bound"], 31);
    assert_eq!(v["excess"], 14);
    assert_eq!(v["shortest"], false);
    assert_eq!(v["expansions"], 272);
    assert_eq!(v["moves"].as_array().unwrap().len(), 45);
    // Manhattan at the same weight: 31 moves, 541 expansions.
    let m = json(&["solve", "--start", HARD, "--weight", "2.5"]);
    assert_eq!(
        (
            &m["cost"],
            &m["optimal_cost"],
            &m["shortest"],
            &m["expansions"],
            &m["heuristic"]
        ),
        (
            &Value::from(31),
            &Value::from(31),
            &Value::from(true),
            &Value::from(541),
            &Value::from("manhattan")
        )
    );
    // A heuristic alone runs at w = 1.
    let lc = json(&[
        "solve",
        "--start",
        HARD2,
        "--heuristic",
        "manhattan-plus-misplaced",
    ]);
    assert_eq!(
        (&lc["weight"], &lc["optimal_cost"]),
        (&Value::from(1.0), &Value::from(31))
    );
    assert!(lc["cost"].as_u64().unwrap() >= 31);
}

#[test]
fn weighted_human_report_says_how_much_longer() {
    let (code, out, _) = run(&[
        "solve",
        "--start",
        HARD,
        "--weight",
        "2.5",
        "--heuristic",
        "twice-manhattan",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Search: weighted A* outside the 3×3 contract — f = g + 2.5·h, h = twice Manhattan (inadmissible), order (f, h, key, seq)\n"), "{out}");
    assert!(out.contains("\nCost: 45\n"));
    // Twice Manhattan is not a lower bound: the path is never called
    // shortest or not, only measured against the exact distance.
    assert!(out.ends_with("Optimal cost: 31 (exact distance table)\nPath: not admissible in the single-tile metric: a path of 45 moves, the exact distance 31\n"), "{out}");
    let (_, out, _) = run(&["solve", "--start", HARD, "--weight", "1"]);
    assert!(
        out.ends_with("Path: shortest (checked against the distance table)\n"),
        "{out}"
    );
}

#[test]
fn the_default_path_is_the_contract_unchanged() {
    let (code, plain, _) = run(&["solve", "--start", HARD]);
    assert_eq!(code, 0);
    let (_, manhattan, _) = run(&["solve", "--start", HARD, "--heuristic", "manhattan"]);
    assert_eq!(plain, manhattan);
    assert!(!plain.contains("weighted"));
    assert!(plain.contains("\nExpansions: 6843 "), "{plain}");
    let v = json(&["solve", "--start", HARD]);
    assert_eq!(v["expansions"], 6843);
    assert!(v.get("weight").is_none() && v.get("optimal_cost").is_none());
    assert_eq!(v["mode"], "optimal");
}

#[test]
fn bad_weights_and_heuristics_are_specific_errors() {
    for (w, kind, message) in [
        (
            "0.7",
            "out_of_range",
            "the weight 0.7 is outside 1–5; enter one of 1, 1.5, 2, … 5",
        ),
        (
            "6",
            "out_of_range",
            "the weight 6 is outside 1–5; enter one of 1, 1.5, 2, … 5",
        ),
        (
            "abc",
            "not_a_number",
            "the weight \"abc\" is not a number; enter one of 1, 1.5, 2, … 5",
        ),
        (
            "1.25",
            "not_a_half_step",
            "the weight 1.25 is not a step of 0.5; enter one of 1, 1.5, 2, … 5",
        ),
    ] {
        let v = json(&["solve", "--start", HARD, "--weight", w]);
        assert_eq!(v["status"], "Invalid");
        assert_eq!(v["error"]["field"], "weight");
        assert_eq!(v["error"]["kind"], kind, "{w}");
        assert_eq!(v["error"]["message"], message);
        let (code, out, err) = run(&["solve", "--start", HARD, "--weight", w]);
        assert_eq!((code, out.as_str()), (2, ""));
        assert_eq!(err, format!("Invalid — Weight: {message}\n"));
    }
    let v = json(&["solve", "--start", HARD, "--heuristic", "foo"]);
    assert_eq!(v["error"]["kind"], "unknown_heuristic");
    let v = json(&["solve", "--start", HARD, "--heuristic", "pdb-8"]);
    assert_eq!(v["error"]["kind"], "not_for_3x3");
    let v = json(&["solve", "--start", "[[1,2,3],[4,5,0]]", "--weight", "2"]);
    assert_eq!(
        (&v["error"]["field"], &v["error"]["kind"]),
        (&Value::from("weight"), &Value::from("not_for_shape"))
    );
    let v = json(&["solve", "--start", HARD, "--weight", "2", "--mode", "fast"]);
    assert_eq!(v["error"]["kind"], "not_for_fast");
    // The start is checked with the contract's own messages.
    let v = json(&["solve", "--start", "[1,1,3,4,5,6,7,8,0]", "--weight", "2"]);
    assert_eq!(
        (&v["error"]["field"], &v["error"]["kind"]),
        (&Value::from("start"), &Value::from("duplicate"))
    );
}

#[test]
fn the_ida_trace_finishes_without_flags() {
    for start in [HARD, HARD2] {
        let (code, out, _) = run(&["trace", "--start", start, "--algorithm", "idastar"]);
        assert_eq!(code, 0);
        let last = out.lines().last().unwrap();
        assert!(
            last.starts_with("22809,6,31,goal,31,0,123456780,31,")
                || last.contains(",6,31,goal,31,0,123456780,31,"),
            "{last}"
        );
        let bounds: std::collections::BTreeSet<&str> = out
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(2).unwrap())
            .collect();
        assert_eq!(
            bounds.into_iter().collect::<Vec<_>>(),
            ["21", "23", "25", "27", "29", "31"]
        );
    }
    let (code, _, err) = run(&[
        "trace",
        "--start",
        HARD,
        "--algorithm",
        "idastar",
        "--budget",
        "5",
    ]);
    assert_eq!(code, 2);
    assert_eq!(err, "Invalid — Budget: --budget is the contract A*'s (1–10000 expansions); the IDA* trace's budget is --ida-budget\n");
    let (code, _, err) = run(&["trace", "--start", HARD, "--ida-budget", "5"]);
    assert_eq!(code, 2);
    assert_eq!(err, "Invalid — IDA* budget: --ida-budget is the IDA* trace's; the contract A*'s budget is --budget (1–10000)\n");
    let (code, _, err) = run(&[
        "trace",
        "--start",
        HARD,
        "--algorithm",
        "idastar",
        "--ida-budget",
        "0",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "Invalid — IDA* budget: the node budget 0 is outside 1–1000000000000000\n"
    );
    // A small IDA* budget stops it at bound 29 as before.
    let (_, out, _) = run(&[
        "trace",
        "--start",
        HARD,
        "--algorithm",
        "idastar",
        "--ida-budget",
        "10000",
    ]);
    assert!(
        out.lines().last().unwrap().contains(",budget,"),
        "{}",
        out.lines().last().unwrap()
    );
}
