//! `eight-puzzle bench-random` and the boards past 25 cells on the command
//! line: a tiny run (two 6×6 boards, one beam each) whose every path is
//! replayed by the engine's independent checker and whose summary is
//! recomputed here; `batch` on two threads; the refusals, word for word.
//! Nothing here is timed.

mod common;

use common::{json_lines, run};
use eight_puzzle::engine::{parse_board, verify, Board, Move, Shape};

#[test]
fn two_random_6x6_boards_with_checked_paths_and_summary() {
    let (code, out, err) = run(&[
        "bench-random",
        "--shape",
        "6x6",
        "--count",
        "2",
        "--seed",
        "1",
        "--time-limit",
        "0.001",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    let goal = Board::default_goal(Shape::new(6, 6).unwrap());
    let mut costs = Vec::new();
    let mut slowest = (0, -1.0f64);
    for (i, row) in lines[..2].iter().enumerate() {
        assert_eq!(row["board"], i + 1);
        let start = parse_board(row["start"].as_str().unwrap()).unwrap();
        assert_eq!(start.shape(), goal.shape());
        let moves: Vec<Move> = row["moves"]
            .as_str()
            .unwrap()
            .chars()
            .map(|c| Move::ALL.into_iter().find(|m| m.letter() == c).unwrap())
            .collect();
        let cost = row["cost"].as_u64().unwrap() as u32;
        assert_eq!(moves.len() as u32, cost);
        assert!(verify(&start, &goal, &moves, cost).is_ok());
        let lb = row["lower_bound"].as_u64().unwrap() as u32;
        assert!(lb <= cost);
        assert_eq!(row["gap"].as_u64().unwrap() as u32, cost - lb);
        costs.push((cost, lb));
        let ms = row["ms"].as_f64().unwrap();
        if ms > slowest.1 {
            slowest = (i + 1, ms);
        }
    }
    // The first beam always completes (and its path's repair), and with a
    // limit this short it is the only one: the same paths on every machine
    // (seed 1; the beam's own paths are 207 and 227 moves long).
    assert_eq!(costs, [(205, 133), (225, 139)]);
    let summary = &lines[2];
    assert_eq!(summary["shape"], "6x6");
    assert_eq!(summary["boards"], 2);
    assert_eq!(summary["solved"], 2);
    assert_eq!(summary["mean_cost"], 215.0);
    assert_eq!(summary["mean_lower_bound"], 136.0);
    assert_eq!(summary["mean_gap"], 79.0);
    assert_eq!(summary["worst"]["board"], 2);
    assert_eq!(summary["worst"]["cost"], 225);
    assert_eq!(summary["slowest"]["board"], slowest.0);
    assert_eq!(summary["time_limit_s"], 0.001);
}

#[test]
fn bad_shapes_and_optimal_past_25_cells_are_refused_word_for_word() {
    let (code, _, err) = run(&["bench-random", "--shape", "9x8", "--count", "2"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "Invalid — Shape: a board 9 wide and 8 tall has 72 cells; the largest board has 64 (8×8)\n"
    );
    let (code, _, err) = run(&["bench-random", "--shape", "1x36", "--count", "2"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "Invalid — Shape: a board 1 wide and 36 tall is too thin; every board needs at least 2 columns and 2 rows\n"
    );
    let (code, _, err) = run(&["bench-random", "--shape", "six", "--count", "2"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "Invalid — Shape: \"six\" is not a shape: write WxH, e.g. 6x6\n"
    );
    let goal = Board::default_goal(Shape::new(6, 6).unwrap());
    let start = goal.apply(Move::Up).unwrap();
    let (code, _, err) = run(&["solve", "--start", &start.to_json()]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "Invalid — Mode: a 6×6 board has 36 cells and optimal search stops at 25 (5×5), past which an exact search cannot be expected to finish; fast mode gives a verified path with a proved lower bound (--mode fast)\n"
    );
    let (code, out, _) = run(&[
        "solve",
        "--start",
        &start.to_json(),
        "--mode",
        "fast",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "Solved");
    assert_eq!(v["cost"], 1);
}

/// `batch --threads 2` prints the lines in the file's order with the same
/// paths as one thread (one beam each, no time limit); `--time-limit` in
/// optimal mode is refused word for word.
#[test]
fn batch_on_two_threads_keeps_the_order_and_the_paths() {
    let dir = std::env::temp_dir().join(format!("batch-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    let goal = Board::default_goal(Shape::new(6, 6).unwrap());
    let a = goal.apply(Move::Up).unwrap();
    let b = a.apply(Move::Left).unwrap().apply(Move::Up).unwrap();
    let three = Board::default_goal(Shape::THREE).apply(Move::Left).unwrap();
    let text = format!(
        "{}\n# a comment\n{}\n{}\n",
        b.to_json(),
        three.to_json(),
        a.to_json()
    );
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let one = run(&["batch", path, "--mode", "fast", "--json"]);
    let two = run(&["batch", path, "--mode", "fast", "--threads", "2", "--json"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!((one.0, two.0), (0, 0));
    let (one, two) = (json_lines(&one.1), json_lines(&two.1));
    assert_eq!(one.len(), 3);
    assert_eq!(two.len(), 3);
    for (x, y) in one.iter().zip(&two) {
        assert_eq!(x["line"], y["line"]);
        assert_eq!(x["moves"], y["moves"]);
    }
    let lines: Vec<_> = two.iter().map(|v| v["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 3, 4]);
    let costs: Vec<_> = two.iter().map(|v| v["cost"].as_u64().unwrap()).collect();
    assert_eq!(costs, [3, 1, 1]);
    let (code, _, err) = run(&["batch", "data/korf24.txt", "--time-limit", "1"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "Invalid — Input: --time-limit keeps improving a fast path; the optimal search's limit is --node-budget\n"
    );
}
