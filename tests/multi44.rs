//! The 4×4 multi-tile metric with the real tables (`multi-tile-pdb-666`,
//! 173 MB, about two minutes of two cores to build): `korf100 --metric
//! multi` into a fresh cache directory (built and saved, then loaded), and
//! `solve --metric multi` with them.
//!
//! Run by hand, not by CI (`cargo test --release --test multi44 --
//! --ignored`; figures in BENCHMARKS.md). CI checks the same code on
//! smaller analogues: the tables' cache on 2×4 (`engine/tests/pdb_cache.rs`),
//! the transposed look-up and the tables within the distance on 4×4
//! (`engine/tests/solve_multi.rs`), and the flags (`tests/metric_matrix.rs`).

mod common;

use common::{json_lines, run};
use serde_json::Value;

#[test]
#[ignore = "builds 173 MB of multi-tile tables (minutes)"]
fn korf100_multi_builds_then_loads_and_solve_proves_the_length() {
    let dir = std::env::temp_dir().join(format!("multi44-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_string_lossy().to_string();
    let args = [
        "korf100",
        "--metric",
        "multi",
        "--ids",
        "1,2,3",
        "--threads",
        "2",
        "--json",
        "--cache-dir",
        &d,
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("multi-tile-pdb-666: building 172,972,800 bytes of tables (format version 1, a 172,972,937 byte file) on 2 threads"), "{err}");
    assert!(err.contains("(172,972,937 bytes)"), "{err}");
    let lines: Vec<Value> = json_lines(&out);
    let lengths: Vec<(u64, u64, bool)> = lines[..3]
        .iter()
        .map(|v| {
            (
                v["id"].as_u64().unwrap(),
                v["cost"].as_u64().unwrap(),
                v["shortest"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(lengths, [(1, 33, true), (2, 32, true), (3, 35, true)]);
    assert_eq!(lines[3]["database"], "built");
    assert_eq!(lines[3]["proved_shortest"], 3);
    // Loaded the second time.
    let (code, out, err) = run(&args);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(json_lines(&out)[3]["database"], "loaded");
    // solve: Korf's first instance, its length proved.
    let (code, out, _) = run(&[
        "solve",
        "--start",
        "[14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3]",
        "--goal",
        "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]",
        "--metric",
        "multi",
        "--json",
        "--cache-dir",
        &d,
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["status"], &v["cost"], &v["lower_bound"], &v["heuristic"]),
        (
            &Value::from("Solved"),
            &Value::from(33),
            &Value::from(33),
            &Value::from("multi-tile-pdb-666")
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `analyse --metric multi` and `batch --metric multi` on 4×4 take the
/// cached tables as `solve` does (nothing built: standard error stays
/// empty). The cache directory is `MULTI44_CACHE_DIR` when set (tables
/// already there), else a fresh one the first command fills (minutes).
#[test]
#[ignore = "needs 173 MB of multi-tile tables (minutes to build without MULTI44_CACHE_DIR)"]
fn analyse_and_batch_take_the_cached_multi_tile_tables() {
    let dir = match std::env::var("MULTI44_CACHE_DIR") {
        Ok(d) => std::path::PathBuf::from(d),
        Err(_) => std::env::temp_dir().join(format!("multi44-ab-{}", std::process::id())),
    };
    let d = dir.to_string_lossy().to_string();
    let goal = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]";
    // Korf's #4 solved in 60 single-tile moves (fast mode's path): 41
    // multi-tile moves, optimum 33 (BENCHMARKS.md).
    let moves = "L D L D L U R U U R D D L D R R U L L U U R D D D L U U L U R R D L L D D R R U R U L D D R U U L D L D R R U U U L L L";
    let analyse = [
        "analyse",
        "--start",
        "[5,12,10,7,15,11,14,0,8,2,1,13,3,4,9,6]",
        "--goal",
        goal,
        "--moves",
        moves,
        "--metric",
        "multi",
        "--json",
        "--cache-dir",
        &d,
    ];
    let (code, _, _) = run(&analyse);
    assert_eq!(code, 0);
    let (code, out, err) = run(&analyse);
    assert_eq!((code, err.as_str()), (0, ""));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            &v["length"],
            &v["optimum"]["distance"],
            &v["excess"],
            &v["wasted"]
        ),
        (
            &Value::from(41),
            &Value::from(33),
            &Value::from(8),
            &Value::from(7)
        )
    );
    let file = dir.join("multi44-batch.txt");
    std::fs::write(
        &file,
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n",
    )
    .unwrap();
    let (code, out, err) = run(&[
        "batch",
        &file.to_string_lossy(),
        "--goal",
        goal,
        "--metric",
        "multi",
        "--json",
        "--cache-dir",
        &d,
    ]);
    assert_eq!(code, 0, "{err}");
    let lines = json_lines(&out);
    let got: Vec<(&Value, &Value, &Value)> = lines
        .iter()
        .map(|v| (&v["cost"], &v["lower_bound"], &v["heuristic"]))
        .collect();
    let tables = Value::from("multi-tile-pdb-666");
    assert_eq!(
        got,
        [
            (&Value::from(33), &Value::from(33), &tables),
            (&Value::from(32), &Value::from(32), &tables)
        ]
    );
    // Loaded once for both lines, said in the run's summary.
    assert!(
        err.starts_with("Pattern databases: 1 (multi-tile-pdb-666 for 4×4), each set up once"),
        "{err}"
    );
    std::fs::remove_file(&file).ok();
}
