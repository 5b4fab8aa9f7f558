//! `npuzzle._npuzzle`: the engine behind the `npuzzle` Python package.
//!
//! A thin layer: numpy arrays become [`Board`]s here (each row checked by
//! the engine, its message naming the row), and every search is the
//! engine's: [`distances_in`] and [`Ranks`] (space), [`sample_boards`] and
//! [`ranks_at`], [`solve_batch`], and a heuristic made [`ready`] with the
//! command line's cache. The GIL is released while the engine works; the
//! caller's thread comes back about every 100–200 ms to report progress and
//! to check for Ctrl-C, which sets the engine's stop flag.
//!
//! Boards arrive as C-contiguous `uint8` arrays of shape (N, H, W) (the
//! Python layer, `npuzzle/__init__.py`, turns what users pass into that,
//! with its own errors for dtypes and shapes); moves leave as codes 0–3 in
//! [`Move::ALL`]'s order (the blank's direction: up, down, left, right).

use eight_puzzle_engine::heuristic::{ready, BuiltIn, Heuristic, Prepare, Ready, WrittenFault};
use eight_puzzle_engine::moves::Metric;
use eight_puzzle_engine::parse::parse_board_value;
use eight_puzzle_engine::solve::{
    cache::default_cache_dir, solve_batch, Batch, BatchProgress, Mode, OptimalError,
};
use eight_puzzle_engine::space::{
    distances_bytes, distances_in, ranks_at, sample_boards, Ranks, SpaceError,
};
use eight_puzzle_engine::{Board, Move, ParityProof, Shape, Verdict};
use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1, PyArray3, PyReadonlyArray1, PyReadonlyArray3};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// The rows of a (N, H, W) array as boards of one shape, or a
/// `ValueError` naming the first bad row with the engine's message.
fn boards_of(array: &PyReadonlyArray3<'_, u8>) -> PyResult<(Shape, Vec<Board>)> {
    let view = array.as_array();
    let (n, h, w) = view.dim();
    let shape = Shape::new(w, h)
        .map_err(|e| PyValueError::new_err(format!("boards of {h} rows and {w} columns: {e}")))?;
    let cells = array
        .as_slice()
        .map_err(|_| PyValueError::new_err("boards must be C-contiguous"))?;
    let k = shape.cells();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let row = &cells[i * k..(i + 1) * k];
        match Board::new(shape, row) {
            Some(b) => out.push(b),
            None => {
                return Err(PyValueError::new_err(format!(
                    "row {i}: {}",
                    why(shape, row)
                )))
            }
        }
    }
    Ok((shape, out))
}

/// The engine's message for cells that are not a board of `shape`: the
/// parser's, read off the same cells as JSON rows.
fn why(shape: Shape, cells: &[u8]) -> String {
    let rows: Vec<serde_json::Value> = cells
        .chunks(shape.width())
        .map(|r| serde_json::Value::from(r.to_vec()))
        .collect();
    match parse_board_value(&serde_json::Value::Array(rows)) {
        Err(e) => e.to_string(),
        Ok(_) => "not a board".to_string(),
    }
}

/// The goal: the given (H, W) board (one row of a batch), or the shape's
/// default goal.
fn goal_of(shape: Shape, goal: Option<PyReadonlyArray3<'_, u8>>) -> PyResult<Board> {
    let Some(g) = goal else {
        return Ok(Board::default_goal(shape));
    };
    let (gs, boards) =
        boards_of(&g).map_err(|e| PyValueError::new_err(format!("goal: {}", e_text(&e))))?;
    if gs != shape {
        return Err(PyValueError::new_err(format!(
            "the boards are {} (width × height) but the goal is {}",
            shape.name(),
            gs.name()
        )));
    }
    boards
        .first()
        .copied()
        .ok_or_else(|| PyValueError::new_err("goal: no board given"))
}

fn e_text(e: &PyErr) -> String {
    Python::attach(|py| e.value(py).to_string())
}

/// `WxH` (width first) as a shape: every shape of the engine, 2 ≤ W, H
/// and W·H ≤ 64 (what each function does with it is the engine's to say).
fn shape_of(text: &str) -> PyResult<Shape> {
    Shape::from_code(text).ok_or_else(|| {
        PyValueError::new_err(format!(
            "shape {text:?} is not WxH (width first, 2 ≤ W, H and W·H ≤ 64), e.g. \"4x3\""
        ))
    })
}

fn metric_of(text: &str) -> PyResult<Metric> {
    Metric::parse(text).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn space_error(e: SpaceError) -> PyErr {
    match e {
        SpaceError::LabelsMemory { .. } | SpaceError::OutOfMemory { .. } => {
            PyMemoryError::new_err(e.to_string())
        }
        e => PyValueError::new_err(e.to_string()),
    }
}

fn threads_or_all(threads: Option<usize>) -> usize {
    threads
        .filter(|&t| t > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
}

/// Calls `f` with the GIL held: the progress callback, then Ctrl-C.
fn report(progress: Option<&Py<PyAny>>, done: u64, total: u64) -> PyResult<()> {
    Python::attach(|py| {
        py.check_signals()?;
        if let Some(cb) = progress {
            cb.call1(py, (done, total))?;
        }
        Ok(())
    })
}

/// Each board's parity: the sum the parity proof compares (inversions,
/// plus the blank's row from the bottom on even widths), mod 2.
#[pyfunction]
fn parity<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray3<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let (_, boards) = boards_of(&boards)?;
    let out: Vec<u8> = boards
        .iter()
        .map(|b| (ParityProof::of(b, b).start_sum() % 2) as u8)
        .collect();
    Ok(PyArray1::from_vec(py, out))
}

/// Whether each board can reach the goal.
#[pyfunction]
#[pyo3(signature = (boards, goal=None))]
fn solvable<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray3<'py, u8>,
    goal: Option<PyReadonlyArray3<'py, u8>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let (shape, boards) = boards_of(&boards)?;
    let goal = goal_of(shape, goal)?;
    let out: Vec<bool> = boards
        .iter()
        .map(|b| eight_puzzle_engine::check_parity(b, &goal).is_ok())
        .collect();
    Ok(PyArray1::from_vec(py, out))
}

/// Each board's rank in the goal's class.
#[pyfunction]
#[pyo3(signature = (boards, goal=None))]
fn rank<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray3<'py, u8>,
    goal: Option<PyReadonlyArray3<'py, u8>>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let (shape, boards) = boards_of(&boards)?;
    let goal = goal_of(shape, goal)?;
    let ranks = Ranks::new(&goal).map_err(space_error)?;
    let mut out = Vec::with_capacity(boards.len());
    for (i, b) in boards.iter().enumerate() {
        match ranks.rank(b) {
            Some(r) => out.push(r),
            None => {
                return Err(PyValueError::new_err(format!(
                    "row {i}: {b} cannot reach the goal {goal} (their parities differ), so it has no rank"
                )))
            }
        }
    }
    Ok(PyArray1::from_vec(py, out))
}

/// The boards of `ranks` in the class of `goal` (default: the shape's).
#[pyfunction]
#[pyo3(signature = (ranks, shape, goal=None))]
fn unrank<'py>(
    py: Python<'py>,
    ranks: PyReadonlyArray1<'py, u64>,
    shape: &str,
    goal: Option<PyReadonlyArray3<'py, u8>>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let shape = shape_of(shape)?;
    let goal = goal_of(shape, goal)?;
    let table = Ranks::new(&goal).map_err(space_error)?;
    let ranks = ranks.as_array();
    let mut boards = Vec::with_capacity(ranks.len());
    for (i, &r) in ranks.iter().enumerate() {
        boards.push(table.board(r).ok_or_else(|| {
            PyValueError::new_err(format!(
                "index {i}: rank {r} is not below {}, the number of {} boards that reach the goal",
                eight_puzzle_engine::text::thousands(table.len()),
                shape.name()
            ))
        })?);
    }
    to_array(py, shape, &boards)
}

/// Boards as a (N, H, W) uint8 array.
fn to_array<'py>(
    py: Python<'py>,
    shape: Shape,
    boards: &[Board],
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let mut flat = Vec::with_capacity(boards.len() * shape.cells());
    for b in boards {
        flat.extend_from_slice(b.cells());
    }
    let a = Array3::from_shape_vec((boards.len(), shape.height(), shape.width()), flat)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(a.into_pyarray(py))
}

/// Bytes `distances` takes for `shape`: (array, table).
#[pyfunction]
fn memory(shape: &str) -> PyResult<(u64, u64)> {
    distances_bytes(shape_of(shape)?).map_err(space_error)
}

/// The engine's whole-space search, GIL released, progress and Ctrl-C
/// between passes.
fn run_distances(
    py: Python<'_>,
    goal: &Board,
    metric: Metric,
    threads: usize,
    max_bytes: Option<u64>,
    progress: Option<&Py<PyAny>>,
) -> PyResult<Vec<u8>> {
    let failed: Mutex<Option<PyErr>> = Mutex::new(None);
    let stop = AtomicBool::new(false);
    let out = py.detach(|| {
        distances_in(
            goal,
            metric,
            threads,
            max_bytes,
            |p| {
                if stop.load(Relaxed) {
                    return;
                }
                if let Err(e) = report(progress, p.reached, p.total) {
                    if let Ok(mut f) = failed.lock() {
                        *f = Some(e);
                    }
                    stop.store(true, Relaxed);
                }
            },
            || !stop.load(Relaxed),
        )
    });
    if let Some(e) = failed.lock().ok().and_then(|mut f| f.take()) {
        return Err(e);
    }
    match out.map_err(space_error)? {
        Some(d) => Ok(d),
        None => Err(PyValueError::new_err("the search was stopped")),
    }
}

/// Every board's distance to the goal by rank, as a uint8 array.
#[pyfunction]
#[pyo3(signature = (shape, metric="single", goal=None, threads=None, max_bytes=None, progress=None))]
fn distances<'py>(
    py: Python<'py>,
    shape: &str,
    metric: &str,
    goal: Option<PyReadonlyArray3<'py, u8>>,
    threads: Option<usize>,
    max_bytes: Option<u64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let shape = shape_of(shape)?;
    let goal = goal_of(shape, goal)?;
    let metric = metric_of(metric)?;
    let d = run_distances(
        py,
        &goal,
        metric,
        threads_or_all(threads),
        max_bytes,
        progress.as_ref(),
    )?;
    Ok(PyArray1::from_vec(py, d))
}

/// The spaces `sample` has searched, kept for the next call.
type SpaceKey = (Board, Metric);
static SPACES: Mutex<Vec<(SpaceKey, Arc<Vec<u8>>)>> = Mutex::new(Vec::new());

/// Boards drawn, and their distances when known.
type Drawn<'py> = (Bound<'py, PyArray3<u8>>, Option<Bound<'py, PyArray1<u8>>>);

/// Uniform boards of the goal's class, optionally at an exact distance,
/// with their distances where the space is searched.
#[pyfunction]
#[pyo3(signature = (shape, n, distance=None, seed=0, metric="single", goal=None, labels=true, threads=None, max_bytes=None))]
#[allow(clippy::too_many_arguments)]
fn sample<'py>(
    py: Python<'py>,
    shape: &str,
    n: usize,
    distance: Option<u8>,
    seed: u64,
    metric: &str,
    goal: Option<PyReadonlyArray3<'py, u8>>,
    labels: bool,
    threads: Option<usize>,
    max_bytes: Option<u64>,
) -> PyResult<Drawn<'py>> {
    let shape = shape_of(shape)?;
    let goal = goal_of(shape, goal)?;
    let metric = metric_of(metric)?;
    if !labels && distance.is_none() {
        let boards = py.detach(|| sample_boards(&goal, n, seed));
        return Ok((to_array(py, shape, &boards)?, None));
    }
    let space = kept_space(py, &goal, metric, threads, max_bytes)?;
    let ranks = Ranks::new(&goal).map_err(space_error)?;
    let (boards, labels) = py.detach(|| {
        let drawn: Vec<u64> = match distance {
            Some(d) => ranks_at(&space, d, n, seed),
            None => sample_boards(&goal, n, seed)
                .iter()
                .filter_map(|b| ranks.rank(b))
                .collect(),
        };
        let boards: Vec<Board> = drawn.iter().filter_map(|&r| ranks.board(r)).collect();
        let labels: Vec<u8> = drawn.iter().map(|&r| space[r as usize]).collect();
        (boards, labels)
    });
    if let (Some(d), true) = (distance, boards.is_empty() && n > 0) {
        let diameter = space.iter().copied().max().unwrap_or(0);
        return Err(PyValueError::new_err(format!(
            "no {} board is at distance {d} from the goal in the {} metric: the distances run from 0 to {diameter}",
            shape.name(),
            metric.name()
        )));
    }
    Ok((
        to_array(py, shape, &boards)?,
        Some(PyArray1::from_vec(py, labels)),
    ))
}

/// The whole space of `goal` in `metric`, kept for later calls (searched
/// now if it is not yet).
fn kept_space(
    py: Python<'_>,
    goal: &Board,
    metric: Metric,
    threads: Option<usize>,
    max_bytes: Option<u64>,
) -> PyResult<Arc<Vec<u8>>> {
    let shape = goal.shape();
    if shape.cells() > eight_puzzle_engine::space::SPACE_MAX_CELLS {
        return Err(PyValueError::new_err(format!(
            "{} boards have {} cells: exact distances (labels, or a distance to sample at) are known up to {} cells; pass labels=False for unlabelled uniform boards",
            shape.name(),
            shape.cells(),
            eight_puzzle_engine::space::SPACE_MAX_CELLS
        )));
    }
    let key = (*goal, metric);
    let kept = SPACES
        .lock()
        .ok()
        .and_then(|s| s.iter().find(|(k, _)| *k == key).map(|(_, d)| d.clone()));
    if let Some(d) = kept {
        return Ok(d);
    }
    let d = Arc::new(run_distances(
        py,
        goal,
        metric,
        threads_or_all(threads),
        max_bytes,
        None,
    )?);
    if let Ok(mut s) = SPACES.lock() {
        s.push((key, d.clone()));
    }
    Ok(d)
}

/// Each board's exact distance to the goal, from the kept space.
#[pyfunction]
#[pyo3(signature = (boards, metric="single", goal=None, threads=None, max_bytes=None))]
fn labels<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray3<'py, u8>,
    metric: &str,
    goal: Option<PyReadonlyArray3<'py, u8>>,
    threads: Option<usize>,
    max_bytes: Option<u64>,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let (shape, boards) = boards_of(&boards)?;
    let goal = goal_of(shape, goal)?;
    let metric = metric_of(metric)?;
    let space = kept_space(py, &goal, metric, threads, max_bytes)?;
    let ranks = Ranks::new(&goal).map_err(space_error)?;
    let mut out = Vec::with_capacity(boards.len());
    for (i, b) in boards.iter().enumerate() {
        let r = ranks.rank(b).ok_or_else(|| {
            PyValueError::new_err(format!(
                "row {i}: {b} cannot reach the goal {goal} (their parities differ)"
            ))
        })?;
        out.push(space[r as usize]);
    }
    Ok(PyArray1::from_vec(py, out))
}

/// Forgets the spaces `sample` keeps and the heuristics made ready.
#[pyfunction]
fn clear_cache() {
    if let Ok(mut s) = SPACES.lock() {
        s.clear();
    }
    if let Ok(mut r) = READY.lock() {
        r.clear();
    }
}

/// Heuristics made ready, kept for the next call (by heuristic and goal).
static READY: Mutex<Vec<Arc<Ready>>> = Mutex::new(Vec::new());

/// `spec` on `shape`: a built-in's code (`manhattan`, `linear-conflict`,
/// `pdb` or the shape's database name, `pdb-78`, `pdb-6666`, …), else a
/// written expression.
fn heuristic_of(spec: &str, goal: &Board) -> PyResult<Heuristic> {
    let shape = goal.shape();
    let t = spec.trim();
    // The two whose codes name their groups, also by their plain names.
    match t {
        "pdb" => return Ok(BuiltIn::Pdb.into()),
        "multi-tile-pdb" => return Ok(BuiltIn::MultiTilePdb.into()),
        _ => {}
    }
    if let Some(b) = BuiltIn::parse_among(t, shape, &BuiltIn::ALL) {
        return Ok(b.into());
    }
    Heuristic::written(t, goal).map_err(|e| {
        PyValueError::new_err(format!(
            "heuristic {t:?} is neither a built-in on {} ({}) nor an expression: {e}",
            shape.name(),
            BuiltIn::ALL
                .iter()
                .filter(|b| b.on_shape(shape))
                .map(|b| b.code(shape))
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

/// The heuristic made ready toward `goal` (kept; the pattern databases
/// `pdb-78` and `pdb-6666` loaded from the command line's cache or built
/// and saved there), GIL released.
fn ready_of(
    py: Python<'_>,
    h: &Heuristic,
    goal: &Board,
    cache_dir: Option<PathBuf>,
    log: Option<&Py<PyAny>>,
) -> PyResult<Arc<Ready>> {
    if let Some(r) = READY.lock().ok().and_then(|kept| {
        kept.iter()
            .find(|r| r.goal() == goal && r.heuristic() == h)
            .cloned()
    }) {
        return Ok(r);
    }
    let dir = cache_dir.or_else(default_cache_dir);
    let threads = threads_or_all(None);
    let r = py
        .detach(|| {
            ready(
                h,
                goal,
                Prepare {
                    cache: dir.as_deref(),
                    threads,
                    log: &mut |line| {
                        if let Some(cb) = log {
                            Python::attach(|py| {
                                let _ = cb.call1(py, (line,));
                            });
                        }
                    },
                },
            )
        })
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let r = Arc::new(r);
    if let Ok(mut kept) = READY.lock() {
        kept.push(r.clone());
    }
    Ok(r)
}

/// The heuristic's value on each board.
#[pyfunction(name = "heuristic")]
#[pyo3(signature = (spec, boards, goal=None, cache_dir=None, threads=None, log=None))]
fn heuristic_values<'py>(
    py: Python<'py>,
    spec: &str,
    boards: PyReadonlyArray3<'py, u8>,
    goal: Option<PyReadonlyArray3<'py, u8>>,
    cache_dir: Option<PathBuf>,
    threads: Option<usize>,
    log: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyArray1<i32>>> {
    let (shape, boards) = boards_of(&boards)?;
    let goal = goal_of(shape, goal)?;
    let h = heuristic_of(spec, &goal)?;
    let r = ready_of(py, &h, &goal, cache_dir, log.as_ref())?;
    let threads = threads_or_all(threads);
    let values = py.detach(|| {
        let per = boards.len().div_ceil(threads).max(1);
        let parts: Vec<Result<Vec<u32>, (usize, WrittenFault)>> = std::thread::scope(|s| {
            let handles: Vec<_> = boards
                .chunks(per)
                .map(|chunk| {
                    let r = &r;
                    s.spawn(move || r.values(chunk))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        let mut out: Vec<i32> = Vec::with_capacity(boards.len());
        for (k, part) in parts.into_iter().enumerate() {
            match part {
                Ok(v) => out.extend(v.into_iter().map(|x| i32::try_from(x).unwrap_or(i32::MAX))),
                Err((i, e)) => return Err((k * per + i, format!("{e:?}"))),
            }
        }
        Ok(out)
    });
    match values {
        Ok(v) => Ok(PyArray1::from_vec(py, v)),
        Err((i, e)) => Err(PyValueError::new_err(format!(
            "row {i}: the heuristic {spec:?} has no value there ({e})"
        ))),
    }
}

/// Solves every board toward the goal; a dict of arrays.
#[pyfunction]
#[pyo3(signature = (boards, goal=None, mode="optimal", metric="single", heuristic=None, threads=None, node_budget=None, cache_dir=None, progress=None, log=None))]
#[allow(clippy::too_many_arguments)]
fn solve<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray3<'py, u8>,
    goal: Option<PyReadonlyArray3<'py, u8>>,
    mode: &str,
    metric: &str,
    heuristic: Option<&str>,
    threads: Option<usize>,
    node_budget: Option<u64>,
    cache_dir: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
    log: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (shape, boards) = boards_of(&boards)?;
    let goal = goal_of(shape, goal)?;
    let mode = Mode::parse(mode).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let metric = metric_of(metric)?;
    if mode == Mode::Optimal && !shape.optimal_searchable() {
        // The engine's sentence, as the command line says it (with its
        // flag there, this argument here).
        let why = OptimalError::TooLarge { shape };
        return Err(PyValueError::new_err(format!("{why} (mode=\"fast\")")));
    }
    // Up to 25 cells the shape's pattern database; past them the table-free
    // estimate, as the command line's fast mode (a database of such a shape
    // takes minutes to build: heuristic="pdb" asks for it).
    let spec = heuristic.unwrap_or(match (metric, shape.optimal_searchable()) {
        (Metric::Single, true) => "pdb",
        (Metric::Multi, true) => "multi-tile-pdb",
        (Metric::Single, false) => "linear-conflict",
        (Metric::Multi, false) => "multi-tile-manhattan",
    });
    let h = heuristic_of(spec, &goal)?;
    if mode == Mode::Optimal && h.lower_bound_in(metric) != Some(true) {
        return Err(PyValueError::new_err(format!(
            "heuristic {spec:?} is not a lower bound in the {} metric, so an optimal search cannot use it",
            metric.name()
        )));
    }
    let r = ready_of(py, &h, &goal, cache_dir, log.as_ref())?;
    let estimator = r.estimator();
    if metric == Metric::Single && estimator.is_none() {
        return Err(PyValueError::new_err(format!(
            "heuristic {spec:?} cannot order the search: use manhattan, linear-conflict or a pattern database"
        )));
    }
    let batch = Batch {
        goal,
        mode,
        metric,
        estimator,
        runs: r.runs().cloned(),
        node_budget,
        threads: threads_or_all(threads),
    };
    let cancel = AtomicBool::new(false);
    let failed: Mutex<Option<PyErr>> = Mutex::new(None);
    let answers = py.detach(|| {
        solve_batch(&boards, &batch, &cancel, &mut |p: BatchProgress| {
            if cancel.load(Relaxed) {
                return;
            }
            if let Err(e) = report(progress.as_ref(), p.done as u64, p.total as u64) {
                if let Ok(mut f) = failed.lock() {
                    *f = Some(e);
                }
                cancel.store(true, Relaxed);
            }
        })
    });
    if let Some(e) = failed.lock().ok().and_then(|mut f| f.take()) {
        return Err(e);
    }
    let n = answers.len();
    let (mut lengths, mut bounds, mut proved) = (vec![-1i32; n], vec![-1i32; n], vec![false; n]);
    let mut generated = vec![0u64; n];
    let mut status = Vec::with_capacity(n);
    let mut paths = Vec::with_capacity(n);
    let code = |m: Move| Move::ALL.iter().position(|&x| x == m).unwrap_or(0) as u8;
    for (i, a) in answers.into_iter().enumerate() {
        let a = match a {
            Some(Ok(a)) => a,
            Some(Err(e)) => return Err(PyValueError::new_err(format!("row {i}: {e}"))),
            None => return Err(PyValueError::new_err(format!("row {i}: not solved"))),
        };
        bounds[i] = a.lower_bound.map_or(-1, |b| b as i32);
        generated[i] = a.generated;
        status.push(a.verdict.status().to_lowercase());
        match &a.verdict {
            Verdict::Solved(s) => {
                lengths[i] = s.cost as i32;
                proved[i] = mode == Mode::Optimal || a.lower_bound == Some(s.cost);
                let moves: Vec<u8> = s.moves.iter().map(|&m| code(m)).collect();
                paths.push(PyArray1::from_vec(py, moves).into_any());
            }
            _ => paths.push(py.None().into_bound(py)),
        }
    }
    let d = PyDict::new(py);
    d.set_item("length", PyArray1::from_vec(py, lengths))?;
    d.set_item("lower_bound", PyArray1::from_vec(py, bounds))?;
    d.set_item("proved", PyArray1::from_vec(py, proved))?;
    d.set_item("generated", PyArray1::from_vec(py, generated))?;
    d.set_item("status", status)?;
    d.set_item("paths", paths)?;
    d.set_item("heuristic", r.name())?;
    Ok(d)
}

/// The boards a path of move codes passes through from one board (the
/// board first); an unknown code or a move off the board is an error
/// naming its index.
#[pyfunction]
fn play<'py>(
    py: Python<'py>,
    board: PyReadonlyArray3<'py, u8>,
    moves: PyReadonlyArray1<'py, u8>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let (shape, boards) = boards_of(&board)?;
    let mut at = *boards
        .first()
        .ok_or_else(|| PyValueError::new_err("no board given"))?;
    let mut seen = vec![at];
    for (i, &c) in moves.as_array().iter().enumerate() {
        let m = move_of(i, c)?;
        at = at.apply(m).ok_or_else(|| {
            PyValueError::new_err(format!(
                "move {i}: the blank at {} cannot move {}",
                shape.position_text(at.blank()),
                m.name()
            ))
        })?;
        seen.push(at);
    }
    to_array(py, shape, &seen)
}

/// The engine's independent replay check ([`eight_puzzle_engine::verify`])
/// of a path of move codes from `board` to the goal: `Ok` when every move
/// is legal and the last board is the goal, else a `ValueError` with the
/// engine's message.
#[pyfunction]
#[pyo3(signature = (board, moves, goal=None))]
fn verify<'py>(
    board: PyReadonlyArray3<'py, u8>,
    moves: PyReadonlyArray1<'py, u8>,
    goal: Option<PyReadonlyArray3<'py, u8>>,
) -> PyResult<()> {
    let (shape, boards) = boards_of(&board)?;
    let start = *boards
        .first()
        .ok_or_else(|| PyValueError::new_err("no board given"))?;
    let goal = goal_of(shape, goal)?;
    let path = moves_of(&moves)?;
    eight_puzzle_engine::verify(&start, &goal, &path, path.len() as u32)
        .map(|_| ())
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Move codes as moves; an unknown code is an error naming its index.
fn moves_of(moves: &PyReadonlyArray1<'_, u8>) -> PyResult<Vec<Move>> {
    moves
        .as_array()
        .iter()
        .enumerate()
        .map(|(i, &c)| move_of(i, c))
        .collect()
}

/// The move of code `c`, the path's move `i`.
fn move_of(i: usize, c: u8) -> PyResult<Move> {
    Move::ALL.get(usize::from(c)).copied().ok_or_else(|| {
        PyValueError::new_err(format!(
            "move {i}: code {c} is not a move (0 up, 1 down, 2 left, 3 right: the blank's direction)"
        ))
    })
}

/// `Ok` when `shape` is "WxH" of a board shape, else the `ValueError`.
#[pyfunction]
fn check_shape(shape: &str) -> PyResult<()> {
    shape_of(shape).map(|_| ())
}

/// The move names in code order.
#[pyfunction]
fn move_names() -> Vec<&'static str> {
    Move::ALL.iter().map(|m| m.name()).collect()
}

/// Panics on purpose: the test that a Rust panic reaches Python as an
/// exception, never an abort.
#[pyfunction]
fn _panic_for_test() {
    panic!("a panic raised on purpose by npuzzle._npuzzle._panic_for_test");
}

/// The module.
#[pymodule]
fn _npuzzle(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parity, m)?)?;
    m.add_function(wrap_pyfunction!(solvable, m)?)?;
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(unrank, m)?)?;
    m.add_function(wrap_pyfunction!(memory, m)?)?;
    m.add_function(wrap_pyfunction!(distances, m)?)?;
    m.add_function(wrap_pyfunction!(sample, m)?)?;
    m.add_function(wrap_pyfunction!(labels, m)?)?;
    m.add_function(wrap_pyfunction!(clear_cache, m)?)?;
    m.add_function(wrap_pyfunction!(heuristic_values, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(move_names, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(check_shape, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    Ok(())
}
