//! The command line on every shape: `solve` (optimal and fast), `batch`,
//! `korf100`, `korf24`, and the 3×3 contract path left as it was.

mod common;

use common::{json1, run};

use serde_json::{json, Value};

const ONE_MOVE: &str = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]";
const KORF_GOAL: &str = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]";

#[test]
fn solve_sixteen_values_json() {
    let (code, v) = json1(&[
        "solve",
        "--start",
        ONE_MOVE,
        "--heuristic",
        "manhattan",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        v,
        json!({
            "status": "Solved", "shape": "4x4", "mode": "optimal", "moves": ["Right"],
            "cost": 1, "lower_bound": 1, "heuristic": "manhattan",
            "initial_h": 1, "initial_manhattan": 1, "generated": 3, "expanded": 2,
            "bound": 1, "iterations": 1
        })
    );
    // Korf #55 (41 moves) with the default heuristic, the 6-6-3 database.
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]",
        "--goal",
        KORF_GOAL,
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "Solved");
    assert_eq!(v["cost"], 41);
    assert_eq!(v["bound"], 41);
    assert_eq!(v["heuristic"], "pdb-663");
    assert_eq!(v["moves"].as_array().unwrap().len(), 41);
    assert_eq!(v["generated"], 5_480);
}

#[test]
fn sixteen_value_unknown_and_unsolvable() {
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[1,3,2,5,10,9,15,6,8,14,13,11,12,4,7,0]",
        "--goal",
        KORF_GOAL,
        "--heuristic",
        "linear-conflict",
        "--node-budget",
        "5000",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "Unknown");
    assert_eq!(v["reason"], "NodeBudget");
    assert_eq!(v["generated"], 5000);
    assert_eq!(v["lower_bound"], v["bound"]);
    assert_eq!(v["shape"], "4x4");
    assert_eq!(v["moves"], json!([]));
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0]",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "Unsolvable");
    assert_eq!(v["inversions"], json!({"start": 1, "goal": 0}));
    // Rows counted from the bottom: the blank is on row 1 in both.
    assert_eq!(v["blank_rows"], json!({"start": 1, "goal": 1}));
    assert_eq!(v["lower_bound"], Value::Null);
    let (_, out, _) = run(&[
        "solve",
        "--start",
        "[2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0]",
    ]);
    assert!(out.contains("inversions 1 + blank row 1 = 2 (even) for the start, inversions 0 + blank row 1 = 1 (odd) for the goal"), "{out}");
}

#[test]
fn sixteen_value_invalid_inputs() {
    let (code, v) = json1(&[
        "solve",
        "--start",
        ONE_MOVE,
        "--goal",
        "[1,2,3,4,5,6,7,8,0]",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["field"], "goal");
    assert_eq!(v["error"]["kind"], "shape_mismatch");
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--goal",
        ONE_MOVE,
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["kind"], "shape_mismatch");
    let (_, v) = json1(&["solve", "--start", ONE_MOVE, "--budget", "10", "--json"]);
    assert_eq!(v["error"]["field"], "budget");
    assert_eq!(v["error"]["kind"], "not_for_shape");
    let (_, v) = json1(&["solve", "--start", ONE_MOVE, "--heuristic", "pdb", "--json"]);
    assert_eq!(v["error"]["kind"], "unknown_heuristic");
    let (_, v) = json1(&["solve", "--start", ONE_MOVE, "--node-budget", "0", "--json"]);
    assert_eq!(v["error"]["field"], "node_budget");
    assert_eq!(v["error"]["kind"], "out_of_range");
    let (_, v) = json1(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--heuristic",
        "pdb-663",
        "--json",
    ]);
    assert_eq!(v["error"]["field"], "heuristic");
    assert_eq!(v["error"]["kind"], "not_for_3x3");
    let (code, _, err) = run(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,16]",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "Invalid — Start board: 4×4 board: value 16 at position 15 (row 4, column 4) is outside 0–15"
    );
    // 3×3 with --heuristic manhattan is the contract A*, unchanged.
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--heuristic",
        "manhattan",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["expansions"], 2);
    assert_eq!(v["moves"], json!(["Right", "Right"]));
}

#[test]
fn batch_json_lines() {
    let dir = std::env::temp_dir().join(format!("eight-puzzle-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    std::fs::write(
        &file,
        "# a comment\n\n[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]\n1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15\n1 2 3 4 5 6 0 7 8\n1 2 x\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n",
    )
    .unwrap();
    let (code, out, _) = run(&[
        "batch",
        file.to_str().unwrap(),
        "--heuristic",
        "manhattan",
        "--json",
    ]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(code, 2, "an invalid line makes the exit status 2");
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["line"], 3);
    assert_eq!(lines[0]["moves"], json!(["Right"]));
    assert_eq!(lines[1]["line"], 4);
    assert_eq!(lines[1]["moves"], json!(["Right", "Right"]));
    assert_eq!(lines[1]["heuristic"], "manhattan");
    // 3×3 lines go through the contract A*.
    assert_eq!(lines[2]["line"], 5);
    assert_eq!(lines[2]["expansions"], 2);
    assert_eq!(lines[3]["status"], "Invalid");
    assert_eq!(lines[3]["error"]["kind"], "text");
    assert_eq!(lines[4]["status"], "Unsolvable");
    for l in &lines {
        assert!(l["ms"].is_number());
    }
    let (code, out, _) = run(&["batch", file.to_str().unwrap(), "--heuristic", "manhattan"]);
    assert_eq!(code, 2);
    assert!(
        out.contains("Boards: 5 (solved 3, unknown 0, unsolvable 1, invalid 1)"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let (code, _, err) = run(&["batch", "/nonexistent/boards.txt"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("cannot read /nonexistent/boards.txt"),
        "{err}"
    );
}

#[test]
fn korf100_subset_json_lines() {
    let (code, out, _) = run(&["korf100", "--ids", "55,79", "--json"]);
    assert_eq!(code, 0);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["id"], 55);
    assert_eq!(lines[0]["cost"], 41);
    assert_eq!(lines[0]["published"], 41);
    assert_eq!(lines[0]["generated"], 5_480);
    assert_eq!(lines[1]["id"], 79);
    assert_eq!(lines[1]["cost"], 42);
    assert_eq!(lines[1]["generated"], 4_323);
    let summary = &lines[2];
    assert!(summary.get("id").is_none());
    assert_eq!(summary["instances"], 2);
    assert_eq!(summary["optimal"], 2);
    assert_eq!(summary["generated"], 5_480 + 4_323);
    assert_eq!(summary["heuristic"], "pdb-663");
    assert!(summary["ms"].is_number() && summary["build_ms"].is_number());
    let (code, v) = json1(&["korf100", "--ids", "101", "--json"]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["kind"], "unknown_instance");
}

#[test]
fn every_shape_solves_by_rows() {
    // 4 wide, 3 tall, two moves from the default goal.
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[[1,2,3,4],[5,6,7,8],[9,0,10,11]]",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["shape"], "4x3");
    assert_eq!(v["heuristic"], "pdb-65");
    assert_eq!(v["moves"], json!(["Right", "Right"]));
    assert_eq!(v["lower_bound"], 2);
    // 2×3 toward a given goal; 3 wide and 2 tall is another shape.
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[[1,2],[3,4],[0,5]]",
        "--goal",
        "[[1,2],[3,4],[5,0]]",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["shape"], "2x3");
    assert_eq!(v["cost"], 1);
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[[1,2,3],[4,0,5]]",
        "--goal",
        "[[1,2],[3,4],[5,0]]",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["kind"], "shape_mismatch");
    assert_eq!(
        v["error"]["message"],
        "the start is a 3×2 board (3 wide, 2 tall) but the goal is a 2×3 board (2 wide, 3 tall); start and goal must have the same shape"
    );
    // Ragged rows, thin and oversized boards are each their own error.
    let (_, v) = json1(&["solve", "--start", "[[1,2,3],[4,0]]", "--json"]);
    assert_eq!(v["error"]["kind"], "ragged_rows");
    let (_, v) = json1(&["solve", "--start", "[[1],[0]]", "--json"]);
    assert_eq!(v["error"]["kind"], "too_thin");
    // 30 cells is a board, but past optimal search's 25; 72 cells is none.
    let (_, v) = json1(&[
        "solve",
        "--start",
        "[[0,1,2,3,4,5],[6,7,8,9,10,11],[12,13,14,15,16,17],[18,19,20,21,22,23],[24,25,26,27,28,29]]",
        "--json",
    ]);
    assert_eq!(v["error"]["kind"], "too_large_for_optimal");
    assert_eq!(v["error"]["field"], "mode");
    let big: Vec<Vec<u8>> = (0..9u8)
        .map(|r| (0..8u8).map(|c| r * 8 + c).collect())
        .collect();
    let (_, v) = json1(&[
        "solve",
        "--start",
        &serde_json::to_string(&big).unwrap(),
        "--json",
    ]);
    assert_eq!(v["error"]["kind"], "too_many_cells");
    // The shape's heuristics are listed when a name is wrong.
    let (_, v) = json1(&[
        "solve",
        "--start",
        "[[1,2,3,4],[5,6,7,8],[9,0,10,11]]",
        "--heuristic",
        "pdb-663",
        "--json",
    ]);
    assert_eq!(v["error"]["kind"], "unknown_heuristic");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("manhattan, linear-conflict or pdb-65"),
        "{v}"
    );
}

#[test]
fn fast_mode_is_verified_and_says_not_proved_shortest() {
    // Korf's 24-puzzle #1 (published optimum 95).
    let start = "[14,5,9,2,18,8,23,19,12,17,15,0,10,20,4,6,11,21,1,7,24,3,16,22,13]";
    let goal = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24]";
    let (code, v) = json1(&[
        "solve", "--start", start, "--goal", goal, "--mode", "fast", "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "Solved");
    assert_eq!(v["shape"], "5x5");
    assert_eq!(v["mode"], "fast");
    // A gap remains to the lower bound: not proved shortest (null).
    assert_eq!(v["shortest"], Value::Null);
    let cost = v["cost"].as_u64().unwrap();
    let lb = v["lower_bound"].as_u64().unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len() as u64, cost);
    assert!(lb <= 95 && cost >= 95, "{v}");
    assert_eq!(v["gap"].as_u64().unwrap(), cost - lb);
    let (_, out, _) = run(&["solve", "--start", start, "--goal", goal, "--mode", "fast"]);
    assert!(
        out.contains("Status: Solved (not proved shortest)"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "Length: {cost} moves; lower bound {lb}; gap {}",
            cost - lb
        )),
        "{out}"
    );
    // 3×3 in fast mode leaves the contract; its options do not apply.
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--mode",
        "fast",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        (v["mode"].as_str(), v["cost"].as_u64()),
        (Some("fast"), Some(2))
    );
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--mode",
        "fast",
        "--budget",
        "5",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["kind"], "not_for_fast");
    let (_, v) = json1(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--mode",
        "quick",
        "--json",
    ]);
    assert_eq!(v["error"]["field"], "mode");
    assert_eq!(v["error"]["kind"], "unknown_mode");
}

#[test]
fn a_fast_path_is_shortest_only_when_it_meets_its_lower_bound() {
    // The 3×3 baseline: 2 moves against the lower bound 2, gap 0.
    let b3 = "[1,2,3,4,5,6,0,7,8]";
    let (code, v) = json1(&["solve", "--start", b3, "--mode", "fast", "--json"]);
    assert_eq!(code, 0);
    assert_eq!((&v["cost"], &v["gap"]), (&json!(2), &json!(0)));
    assert_eq!(v["shortest"], true);
    let (_, out, _) = run(&["solve", "--start", b3, "--mode", "fast"]);
    assert!(
        out.contains(
            "\nStatus: Solved (shortest)\nLength: 2 moves; lower bound 2; gap 0: shortest (proved: it meets the lower bound)\n"
        ),
        "{out}"
    );
    // The 3×4 sample: a 30-move path against the lower bound 22, gap 8.
    let (start, goal) = (
        "[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]",
        "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]",
    );
    let args = ["solve", "--start", start, "--goal", goal, "--mode", "fast"];
    let (code, v) = json1(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0);
    assert_eq!((&v["cost"], &v["gap"]), (&json!(30), &json!(8)));
    assert_eq!(v["shortest"], Value::Null);
    let (_, out, _) = run(&args);
    assert!(
        out.contains(
            "\nStatus: Solved (not proved shortest)\nLength: 30 moves; lower bound 22; gap 8: not proved shortest (the shortest path has between 22 and 30 moves)\n"
        ),
        "{out}"
    );
    // batch words each line the same way.
    let (_, out, _) = run(&[
        "batch",
        "tests/golden/cli/inputs/batch.txt",
        "--mode",
        "fast",
    ]);
    assert!(
        out.contains("line 2: Solved — length 2 (shortest; lower bound 2, gap 0), generated 2 ("),
        "{out}"
    );
    assert!(
        out.contains("line 8: Solved — length 31 (not proved shortest; lower bound 23, gap 8), generated 173798 ("),
        "{out}"
    );
}

#[test]
fn korf24_fast_json_lines() {
    let (code, out, _) = run(&["korf24", "--ids", "25,1", "--json"]);
    assert_eq!(code, 0);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        (lines[0]["id"].as_u64(), lines[0]["published"].as_u64()),
        (Some(1), Some(95))
    );
    assert_eq!(
        (lines[1]["id"].as_u64(), lines[1]["published"].as_u64()),
        (Some(25), Some(81))
    );
    for l in &lines[..2] {
        let cost = l["cost"].as_i64().unwrap();
        assert_eq!(
            l["gap"].as_i64().unwrap(),
            cost - l["published"].as_i64().unwrap()
        );
        assert_eq!(l["moves"].as_str().unwrap().len() as i64, cost);
        assert!(l["ms"].is_number() && l["generated"].is_number());
    }
    assert_eq!(lines[2]["mode"], "fast");
    assert_eq!(lines[2]["instances"], 2);
    assert_eq!(lines[2]["solved"], 2);
    let (code, v) = json1(&["korf24", "--ids", "51", "--json"]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["kind"], "unknown_instance");
    // Optimal with a small node budget proves a bound and stops.
    let (code, out, _) = run(&[
        "korf24",
        "--ids",
        "25",
        "--mode",
        "optimal",
        "--heuristic",
        "linear-conflict",
        "--node-budget",
        "1000",
        "--json",
    ]);
    assert_eq!(code, 1, "an unfinished optimal run is not all solved");
    let first: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "Unknown");
    assert!(first["lower_bound"].as_u64().unwrap() <= 81);
}

/// Fast mode with a database: the beam ranked by it and the bound is its
/// estimate (on 3×3, `pdb-8` is exact, so the path is proved shortest);
/// without one, the table-free bound leaves a gap.
#[test]
fn fast_mode_with_a_database() {
    let start = "[8,6,7,2,5,4,3,0,1]";
    let (code, v) = json1(&[
        "solve",
        "--start",
        start,
        "--mode",
        "fast",
        "--heuristic",
        "pdb-8",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        v["method"],
        "beam search on a pattern database and linear conflict"
    );
    assert_eq!(
        (v["cost"].as_u64(), v["lower_bound"].as_u64()),
        (Some(31), Some(31))
    );
    assert_eq!(
        (v["gap"].as_u64(), v["shortest"].as_bool()),
        (Some(0), Some(true))
    );
    let (code, v) = json1(&["solve", "--start", start, "--mode", "fast", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["method"], "beam search on Manhattan + linear conflict");
    assert_eq!(
        (v["cost"].as_u64(), v["lower_bound"].as_u64()),
        (Some(31), Some(23))
    );
    assert_eq!((v["gap"].as_u64(), &v["shortest"]), (Some(8), &Value::Null));
}
