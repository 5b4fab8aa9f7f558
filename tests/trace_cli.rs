//! `eight-puzzle trace`, `check-trace` and `solve --count-paths`, run as a process.

mod common;

use common::run_with_stdin as run;

const BASE: &str = "[1,2,3,4,5,6,0,7,8]";

#[test]
fn trace_baseline_csv_and_json() {
    let (code, out, _) = run(&["trace", "--start", BASE], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "event,kind,f,h,key,seq,g,parent,pushed\n\
         1,expanded,2,2,123456078,0,0,,123056478 123456708\n\
         2,expanded,2,1,123456708,2,1,123456078,123406758 123456780\n\
         3,goal,2,0,123456780,4,2,123456708,\n"
    );
    let (code, out, _) = run(&["trace", "--start", BASE, "--format", "json"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("{\"events\":[{\"event\":1,\"kind\":\"expanded\",\"f\":2,\"h\":2,\"key\":\"123456078\",\"seq\":0,\"g\":0,\"parent\":null,\"pushed\":[\"123056478\",\"123456708\"]},"), "{out}");
    assert!(out.ends_with("\"pushed\":[]}]}\n"), "{out}");
    let (code, out, _) = run(&["trace", "--start", BASE, "--budget", "1"], "");
    assert_eq!(code, 0);
    assert!(
        out.ends_with("\n2,cutoff,2,1,123456708,2,1,123456078,\n"),
        "{out}"
    );
    let (code, out, _) = run(&["trace", "--start", BASE, "--algorithm", "idastar"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "event,iteration,bound,kind,f,h,key,g,parent,next_bound\n\
         1,1,2,expanded,2,2,123456078,0,,\n\
         2,1,2,cutoff,4,3,123056478,1,123456078,4\n\
         3,1,2,expanded,2,1,123456708,1,123456078,4\n\
         4,1,2,cutoff,4,2,123406758,2,123456708,4\n\
         5,1,2,goal,2,0,123456780,2,123456708,4\n"
    );
    let (_, out, _) = run(
        &[
            "trace",
            "--start",
            BASE,
            "--algorithm",
            "idastar",
            "--format",
            "json",
        ],
        "",
    );
    assert!(
        out.ends_with("],\"iterations\":[{\"threshold\":2,\"generated\":4}]}\n"),
        "{out}"
    );
}

#[test]
fn trace_output_is_the_engine_export() {
    use eight_puzzle::engine::{
        contract::{Budget, Goal, Solver},
        teaching::{astar_trace, ida_trace},
        Board,
    };
    let start = Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let goal = Goal::default();
    let t = astar_trace(&mut Solver::new(), &start, &goal, Budget::new(300)).unwrap();
    let args = ["trace", "--start", "[8,6,7,2,5,4,3,0,1]", "--budget", "300"];
    assert_eq!(run(&args, "").1, t.to_csv());
    let json: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
    assert_eq!(run(&json, "").1, t.to_json());
    let i = ida_trace(&start, &goal, Budget::new(300)).unwrap();
    // IDA* has its own budget flag (--budget is the contract A*'s).
    let ida = [
        "trace",
        "--start",
        "[8,6,7,2,5,4,3,0,1]",
        "--ida-budget",
        "300",
        "--format",
        "json",
        "--algorithm",
        "idastar",
    ];
    assert_eq!(run(&ida, "").1, i.to_json());
}

#[test]
fn trace_invalid_and_unsolvable() {
    let (code, out, err) = run(&["trace", "--start", "[1,2,3]"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("Invalid — Start board: "), "{err}");
    let (code, _, err) = run(&["trace", "--start", BASE, "--budget", "0"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "Invalid — Budget: the budget 0 is outside 1–10000"
    );
    let (code, _, _) = run(&["trace", "--start", BASE, "--format", "xml"], "");
    assert_eq!(code, 2);
    let (code, out, err) = run(&["trace", "--start", "[2,1,3,4,5,6,7,8,0]"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "event,kind,f,h,key,seq,g,parent,pushed\n");
    assert!(err.starts_with(
        "Unsolvable — inversions (blank excluded): start 1 (odd), goal 0 (even); different parity"
    ));
}

#[test]
fn check_trace_round_trip_and_difference() {
    let (_, csv, _) = run(&["trace", "--start", BASE], "");
    let (code, out, _) = run(&["check-trace", "--start", BASE, "-"], &csv);
    assert_eq!(
        (code, out.as_str()),
        (0, "matches the contract order for all 3 pops\n")
    );
    let (_, json, _) = run(&["trace", "--start", BASE, "--format", "json"], "");
    let (code, out, _) = run(&["check-trace", "--start", BASE, "--json", "-"], &json);
    assert_eq!(code, 0);
    assert_eq!(out, "{\"matches\":true,\"events\":3,\"contract_events\":3,\"first_difference\":null,\"message\":\"matches the contract order for all 3 pops\"}\n");
    // A file argument.
    let path = std::env::temp_dir().join(format!("eight-puzzle-check-{}.txt", std::process::id()));
    std::fs::write(&path, "123456078\n123056478\n").unwrap();
    let (code, out, _) = run(
        &["check-trace", "--start", BASE, path.to_str().unwrap()],
        "",
    );
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, 1);
    assert_eq!(out, "first difference at pop 2: the contract pops (f 2, h 1, key 123456708, seq 2), you popped 123056478 (f 4, h 3, key 123056478, seq 1): f decides (2 < 4)\n");
    let (code, out, _) = run(
        &["check-trace", "--start", BASE, "--json", "-"],
        "123456078\n123056478\n",
    );
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["matches"], false);
    assert_eq!(v["first_difference"]["event"], 2);
    assert_eq!(v["first_difference"]["rule"], "f");
    assert_eq!(v["first_difference"]["got"], "123056478");
    assert_eq!(v["first_difference"]["expected"]["key"], "123456708");
}

#[test]
fn check_trace_invalid_input() {
    let (code, out, err) = run(
        &["check-trace", "--start", BASE, "-"],
        "123456078\n12345678\n",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err.trim(),
        "Invalid — Trace: line 2: the key \"12345678\" has 8 characters; a key is nine digits"
    );
    let (code, out, _) = run(&["check-trace", "--start", BASE, "--json", "-"], "");
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"status": "Invalid", "error": {"field": "trace", "kind": "empty", "message": "no popped keys given"}})
    );
    let (code, _, err) = run(
        &["check-trace", "--start", BASE, "/nonexistent/pops.txt"],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("Invalid — Trace: cannot read /nonexistent/pops.txt: "),
        "{err}"
    );
    let (code, out, _) = run(
        &["check-trace", "--start", "[1,1]", "--json", "-"],
        "123456078",
    );
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["field"], "start");
}

#[test]
fn solve_counts_paths() {
    let (code, out, _) = run(&["solve", "--start", BASE, "--json", "--count-paths"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimal_paths"], 1);
    assert_eq!(v["cost"], 2);
    let (_, out, _) = run(
        &[
            "solve",
            "--start",
            "[8,6,7,2,5,4,3,0,1]",
            "--json",
            "--count-paths",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["cost"].as_u64(), v["optimal_paths"].as_u64()),
        (Some(31), Some(40))
    );
    let (_, out, _) = run(
        &[
            "solve",
            "--start",
            BASE,
            "--budget",
            "1",
            "--json",
            "--count-paths",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimal_paths"], serde_json::Value::Null);
    let (_, out, _) = run(
        &["solve", "--start", "[8,6,7,2,5,4,3,0,1]", "--count-paths"],
        "",
    );
    assert!(out.ends_with("Optimal paths: 40 distinct shortest paths join start and goal; the witness is one of them.\n"), "{out}");
    // The JSON carries the count without the flag too.
    let (_, out, _) = run(&["solve", "--start", BASE, "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimal_paths"], 1);
}
