//! `eight-puzzle space`, run as a process: the JSON fields, the CSV, the
//! human output and the input errors (the search itself is checked in
//! engine/tests/space.rs).

mod common;

use common::run;

use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn json_fields_for_a_shape_and_for_a_goal() {
    let v = json(&["space", "--shape", "3x2", "--json"]);
    assert_eq!(v["shape"], "3x2");
    assert_eq!(v["goal"], serde_json::json!([[1, 2, 3], [4, 5, 0]]));
    assert_eq!(v["states"], 360);
    assert_eq!(v["diameter"], 21);
    let counts: Vec<u64> = serde_json::from_value(v["counts"].clone()).unwrap();
    assert_eq!(counts.len(), 22);
    assert_eq!(counts.iter().sum::<u64>(), 360);
    assert_eq!(v["antipode_count"], 1);
    assert_eq!(v["antipodes"], serde_json::json!([[[4, 5, 0], [1, 2, 3]]]));
    assert!((v["mean"].as_f64().unwrap() - 4544.0 / 360.0).abs() < 1e-12);
    // The documented order of the fields.
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let (_, text, _) = run(&["space", "--shape", "3x2", "--json"]);
    let mut at = 0;
    for key in [
        "shape",
        "goal",
        "states",
        "counts",
        "diameter",
        "mean",
        "antipodes",
        "antipode_count",
    ] {
        assert!(keys.contains(&key), "{key}");
        let found = text[at..].find(&format!("\"{key}\":")).map(|i| i + at);
        assert!(found.is_some(), "{key} out of order in {text}");
        at = found.unwrap_or(at);
    }
    // The 3×3 default: the State space tab's figures.
    let v = json(&["space", "--json"]);
    assert_eq!(
        (v["states"].as_u64(), v["diameter"].as_u64()),
        (Some(181_440), Some(31))
    );
    assert_eq!(
        v["antipodes"],
        serde_json::json!([[6, 4, 7, 8, 5, 0, 3, 2, 1], [8, 6, 7, 2, 5, 4, 3, 0, 1]])
    );
    // A goal of the other parity class; rows for a non-square board.
    let v = json(&[
        "space",
        "--goal",
        "[[2,1],[3,4],[5,0]]",
        "--json",
        "--threads",
        "1",
    ]);
    assert_eq!(
        (v["shape"].as_str(), v["states"].as_u64()),
        (Some("2x3"), Some(360))
    );
}

#[test]
fn csv_and_human_output() {
    let (code, stdout, _) = run(&["space", "--shape", "2x2", "--csv"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "distance,boards\n0,1\n1,2\n2,2\n3,2\n4,2\n5,2\n6,1\n"
    );
    let (code, stdout, _) = run(&["space", "--shape", "2x3"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("360 boards can reach the goal"), "{stdout}");
    assert!(
        stdout.contains("Diameter: 21 moves, reached by 1 board\n"),
        "{stdout}"
    );
    assert!(stdout.contains("Mean distance: 12.6222"), "{stdout}");
    assert!(stdout.contains("  [[2,1],[4,3],[0,5]]\n"), "{stdout}");
    assert!(stdout.contains("Time: "), "{stdout}");
}

#[test]
fn bad_inputs_are_invalid_with_their_kind() {
    for (args, field, kind) in [
        (vec!["--shape", "4x4"], "shape", "too_large_for_space"),
        // 2×7 and 7×2 (14 cells) run; 15 cells is the first refused.
        (vec!["--shape", "3x5"], "shape", "too_large_for_space"),
        (vec!["--shape", "5x3"], "shape", "too_large_for_space"),
        (vec!["--shape", "1x9"], "shape", "too_thin"),
        (vec!["--shape", "6x5"], "shape", "too_large_for_space"),
        (vec!["--shape", "9x8"], "shape", "too_many_cells"),
        (vec!["--shape", "four"], "shape", "shape_syntax"),
        (vec!["--goal", "[1,2,3]"], "goal", "too_few"),
        (vec!["--goal", "[[1,2,3],[4,0]]"], "goal", "ragged_rows"),
        (
            vec!["--goal", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]"],
            "shape",
            "too_large_for_space",
        ),
    ] {
        let mut all = vec!["space"];
        all.extend(&args);
        all.push("--json");
        let (code, stdout, _) = run(&all);
        assert_eq!(code, 2, "{args:?}");
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["status"], "Invalid");
        assert_eq!(v["error"]["field"], field, "{args:?}");
        assert_eq!(v["error"]["kind"], kind, "{args:?}");
    }
    let (code, _, stderr) = run(&["space", "--shape", "4x4"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("Invalid — Shape: a 4×4 board has 16 cells: 10,461,394,944,000 boards"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["space", "--shape", "3x5"]);
    assert_eq!(code, 2);
    assert_eq!(stderr, "Invalid — Shape: a 3×5 board has 15 cells: 653,837,184,000 boards can reach any one goal (15!/2), and at 2 bits a board the search's table alone would need 163,459,296,000 bytes (163 GB); the exact search covers boards of at most 14 cells, the largest (2×7, 7×2) needing 10,897,286,400 bytes (10.9 GB) for 43,589,145,600 boards\n");
    let (code, _, stderr) = run(&["space", "--shape", "2x3", "--goal", "[1,2,3,4,5,6,7,8,0]"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
    let (code, _, stderr) = run(&["space", "--json", "--csv"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

#[test]
fn the_multi_tile_metric() {
    // 3×3 from the corner-blank goal: radius 24 (31 in the single-tile
    // metric), one board at the diameter.
    let v = json(&["space", "--metric", "multi", "--json"]);
    assert_eq!(v["shape"], "3x3");
    assert_eq!(v["metric"], "multi");
    assert_eq!(v["states"], 181_440);
    assert_eq!(v["diameter"], 24);
    assert_eq!(v["antipode_count"], 1);
    assert_eq!(
        v["antipodes"],
        serde_json::json!([[1, 4, 7, 2, 0, 8, 3, 6, 5]])
    );
    let (_, text, _) = run(&["space", "--metric", "multi", "--json"]);
    assert!(
        text.starts_with(r#"{"shape":"3x3","metric":"multi","goal":[1,2,3,4,5,6,7,8,0],"#),
        "{text}"
    );
    // Asked for by name, the single-tile metric is the default's search
    // and names itself; absent, the JSON has no metric field.
    let single = json(&["space", "--metric", "single", "--json"]);
    assert_eq!(single["metric"], "single");
    assert_eq!(single["diameter"], 31);
    let plain = json(&["space", "--json"]);
    assert_eq!(plain.get("metric"), None);
    assert_eq!(plain["counts"], single["counts"]);
    // CSV: the counts only.
    let (code, stdout, _) = run(&["space", "--shape", "2x3", "--metric", "multi", "--csv"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "distance,boards\n0,1\n1,3\n2,4\n3,6\n4,8\n5,12\n6,15\n7,18\n8,22\n9,30\n10,36\n11,45\n12,42\n13,30\n14,28\n15,24\n16,18\n17,9\n18,5\n19,3\n20,1\n"
    );
    // The report says which metric it counts in.
    let (code, stdout, _) = run(&[
        "space",
        "--shape",
        "4x2",
        "--metric",
        "multi",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("\nMulti-tile metric: one move slides 1 to 3 tiles of the blank's row or 1 tile of its column.\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Diameter: 25 moves, reached by 8 boards\n"),
        "{stdout}"
    );
    let (_, stdout, _) = run(&["space", "--shape", "4x2"]);
    assert!(!stdout.contains("metric"), "{stdout}");
}

#[test]
fn an_unknown_metric_names_both() {
    let (code, stdout, _) = run(&["space", "--metric", "mtm", "--json"]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["status"], "Invalid");
    assert_eq!(v["error"]["field"], "metric");
    assert_eq!(v["error"]["kind"], "unknown_metric");
    let (code, stdout, stderr) = run(&["space", "--metric", "Multi"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        "Invalid — Metric: unknown metric \"Multi\"; use single (one tile a move) or multi (one or more tiles of the blank's row or column a move)\n"
    );
}

#[test]
fn the_table_size_first_and_progress_when_asked() {
    // Not a terminal: nothing on standard error unless --progress.
    let (code, _, stderr) = run(&["space", "--shape", "2x3", "--csv"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (code, stdout, stderr) = run(&["space", "--shape", "4x3", "--csv", "--progress"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("distance,boards\n0,1\n1,2\n"),
        "{stdout}"
    );
    assert!(
        stderr.starts_with(
            "4x3: 239,500,800 boards, two bits each: 59.9 MB of table (59,875,208 bytes)\n"
        ),
        "{stderr}"
    );
    let (_, _, stderr) = run(&["space", "--shape", "2x3", "--progress"]);
    assert_eq!(
        stderr,
        "2x3: 360 boards, two bits each: 104 bytes of table\n"
    );
}

/// A fresh directory for one test's checkpoint.
fn checkpoint_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "space-checkpoint-test-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The JSON result without its timing.
fn result_of(stdout: &str) -> Value {
    let mut v: Value = serde_json::from_str(stdout).unwrap();
    v.as_object_mut().unwrap().remove("ms");
    v
}

#[test]
fn a_stopped_run_resumes_from_its_checkpoint_to_the_same_result() {
    for metric in ["single", "multi"] {
        let dir = checkpoint_dir(metric);
        let d = dir.to_str().unwrap();
        let base = ["space", "--shape", "4x2", "--metric", metric, "--json"];
        let (code, whole, _) = run(&base);
        assert_eq!(code, 0);
        // A temporary file of a run stopped mid-write goes at the next write.
        std::fs::create_dir_all(&dir).unwrap();
        let stale = dir.join(".space.checkpoint.4242.tmp");
        std::fs::write(&stale, b"half").unwrap();
        let mut stopped = base.to_vec();
        stopped.extend(["--checkpoint", d, "--stop-after-layer", "6"]);
        let (code, stdout, stderr) = run(&stopped);
        assert_eq!((code, stdout.as_str()), (4, ""), "{stderr}");
        assert!(!stale.exists());
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["space.checkpoint"]);
        assert_eq!(stderr, "Stopped after layer 6 as asked (--stop-after-layer); run again with the same arguments to resume.\n");
        let mut again = base.to_vec();
        again.extend(["--checkpoint", d]);
        let (code, resumed, stderr) = run(&again);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(
            stderr,
            format!(
                "Resumed from the checkpoint in {d}: layers 0 to 7 known, {} boards.\n",
                result_of(&whole)["counts"].as_array().unwrap()[..8]
                    .iter()
                    .map(|c| c.as_u64().unwrap())
                    .sum::<u64>()
            )
        );
        assert_eq!(result_of(&resumed), result_of(&whole), "{metric}");
        // Complete: the rerun reads the result back.
        let (code, again_out, stderr) = run(&again);
        assert_eq!(code, 0);
        assert_eq!(stderr, format!("The checkpoint {d}/space.checkpoint holds this search complete: its result, not searched again.\n"));
        assert_eq!(result_of(&again_out), result_of(&whole));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_checkpoint_for_other_arguments_is_refused_with_what_differs() {
    let dir = checkpoint_dir("other");
    let d = dir.to_str().unwrap();
    let (code, _, _) = run(&[
        "space",
        "--shape",
        "2x4",
        "--csv",
        "--checkpoint",
        d,
        "--stop-after-layer",
        "3",
    ]);
    assert_eq!(code, 4);
    let (code, _, stderr) = run(&[
        "space",
        "--shape",
        "2x4",
        "--metric",
        "multi",
        "--checkpoint",
        d,
    ]);
    assert_eq!(code, 2);
    assert_eq!(stderr, format!("Invalid — Checkpoint: the checkpoint in {d} is for metric single; this run is for metric multi — remove it or use another directory\n"));
    let (code, stdout, _) = run(&[
        "space",
        "--goal",
        "[[2,1],[3,4],[5,6],[7,0]]",
        "--json",
        "--checkpoint",
        d,
    ]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["error"]["field"], "checkpoint");
    assert_eq!(v["error"]["kind"], "checkpoint_for_other_arguments");
    assert_eq!(v["error"]["message"], format!("the checkpoint in {d} is for goal [[1,2],[3,4],[5,6],[7,0]]; this run is for goal [[2,1],[3,4],[5,6],[7,0]] — remove it or use another directory"));
    // A file where the directory should be.
    let file = dir.join("space.checkpoint");
    let f = file.to_str().unwrap();
    let (code, _, stderr) = run(&["space", "--shape", "2x4", "--checkpoint", f]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(&format!(
            "Invalid — Checkpoint: {f} cannot be used as the checkpoint directory: "
        )),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_checkpoint_is_named_and_ignored() {
    let dir = checkpoint_dir("damaged");
    let d = dir.to_str().unwrap();
    let file = dir.join("space.checkpoint");
    let args = ["space", "--shape", "3x2", "--csv", "--checkpoint", d];
    let (_, whole, _) = run(&["space", "--shape", "3x2", "--csv"]);
    let mut stop = args.to_vec();
    stop.extend(["--stop-after-layer", "4"]);
    for (damage, why) in [
        ("flip", "its checksum does not match"),
        ("cut", "it is truncated"),
        ("longer", "it has bytes after its checksum"),
    ] {
        assert_eq!(run(&stop).0, 4);
        let mut bytes = std::fs::read(&file).unwrap();
        match damage {
            "flip" => {
                let at = bytes.len() - 20;
                bytes[at] ^= 0x10;
            }
            "cut" => bytes.truncate(bytes.len() - 9),
            _ => bytes.push(0),
        }
        std::fs::write(&file, &bytes).unwrap();
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 0);
        assert_eq!(stderr, format!("Ignored the damaged checkpoint {}: {why}; this run starts afresh and replaces it.\n", file.display()));
        assert_eq!(stdout, whole);
        std::fs::remove_file(&file).unwrap();
    }
    std::fs::write(&file, b"not a checkpoint").unwrap();
    let (code, stdout, stderr) = run(&args);
    assert_eq!((code, stdout), (0, whole));
    assert_eq!(stderr, format!("Ignored the damaged checkpoint {}: it is not a space checkpoint; this run starts afresh and replaces it.\n", file.display()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn checkpoints_are_written_every_ten_minutes_unless_asked_for_more_often() {
    let dir = checkpoint_dir("every");
    let d = dir.to_str().unwrap();
    let writes = |extra: &[&str]| {
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = vec![
            "space",
            "--shape",
            "4x2",
            "--csv",
            "--progress",
            "--checkpoint",
            d,
        ];
        args.extend_from_slice(extra);
        let (code, _, stderr) = run(&args);
        assert_eq!(code, 0, "{stderr}");
        let layers = stderr.matches("Checkpoint: layers 0 to ").count();
        let result = stderr
            .matches("Checkpoint: the complete result written to")
            .count();
        (layers, result)
    };
    // By default (600 s) a search of seconds writes no layer, only its
    // result at the end.
    assert_eq!(writes(&[]), (0, 1));
    // --checkpoint-every 0: after every pass (4×2's diameter is 36: layers
    // 0 to 1, …, 0 to 36), then the result.
    assert_eq!(writes(&["--checkpoint-every", "0"]), (36, 1));
    let _ = std::fs::remove_dir_all(&dir);
}
