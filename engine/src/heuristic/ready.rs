//! Every heuristic made ready for a search, by one path for the command
//! line and the page's worker alike: [`Preparation`] builds (or, natively,
//! loads from the cache) whatever tables a heuristic needs toward a goal.
//!
//! - The page's worker steps it in bounded slices ([`Preparation::step`],
//!   [`Preparation::progress`] between them, dropped to cancel).
//! - The command line calls [`ready`]: the same preparation run to its end
//!   on several threads, `pdb-78` and `pdb-6666` loaded from the cache
//!   directory or built and saved there (`crate::solve::cache`).
//!
//! Nothing falls back: a heuristic that cannot be made ready is a
//! [`ReadyError`] naming it, and a [`Ready`] always names the heuristic it
//! holds ([`Ready::name`]).

use super::catalogue::{BuiltIn, Heuristic};
use super::written::{written_h, WrittenFault};
use crate::board::Board;
use crate::solve::{
    linear_conflict, manhattan, manhattan_by, manhattan_table, multi_tile_manhattan, pdb_estimate,
    BuildProgress, DbSource, Estimator, Partition, PatternDb, PatternError, PdbBuilder, RunsDb,
    RunsDbBuilder,
};
use std::fmt;
use std::sync::Arc;

/// The tables a ready heuristic holds.
#[derive(Clone, Debug)]
pub enum Tables {
    /// None: the heuristic is a formula of the board.
    None,
    /// An additive pattern database of the single-tile metric.
    Pdb(Arc<PatternDb>),
    /// The multi-tile pattern tables.
    Runs(Arc<RunsDb>),
}

/// A heuristic toward one goal with everything it needs in hand.
#[derive(Clone, Debug)]
pub struct Ready {
    heuristic: Heuristic,
    goal: Board,
    tables: Tables,
    source: Option<DbSource>,
    seconds: f64,
}

impl Ready {
    /// The heuristic (a written one compiled for the goal).
    pub fn heuristic(&self) -> &Heuristic {
        &self.heuristic
    }

    /// The goal it estimates the distance to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// Its tables.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Where the tables came from (`None` without tables).
    pub fn source(&self) -> Option<&DbSource> {
        self.source.as_ref()
    }

    /// Seconds the tables took to build or load (0 without tables).
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The name outputs give it: a built-in's code on the goal's shape (a
    /// database's own name, e.g. `pdb-663`), or `h = <text>`.
    pub fn name(&self) -> String {
        match (&self.heuristic, &self.tables) {
            (_, Tables::Pdb(db)) => db.name().to_string(),
            (_, Tables::Runs(db)) => db.name(),
            (Heuristic::BuiltIn(b), Tables::None) => b.code(self.goal.shape()),
            (Heuristic::Written(p), Tables::None) => format!("h = {}", p.text()),
        }
    }

    /// The estimate the single-tile optimal search and fast mode run
    /// (Manhattan, linear conflict or a pattern database); `None` for a
    /// heuristic they do not run.
    pub fn estimator(&self) -> Option<Estimator> {
        match (&self.heuristic, &self.tables) {
            (_, Tables::Pdb(db)) => Some(Estimator::Pdb(db.clone())),
            (Heuristic::BuiltIn(BuiltIn::Manhattan), _) => Some(Estimator::Manhattan),
            (Heuristic::BuiltIn(BuiltIn::LinearConflict), _) => Some(Estimator::LinearConflict),
            _ => None,
        }
    }

    /// The multi-tile tables, when it holds them.
    pub fn runs(&self) -> Option<&Arc<RunsDb>> {
        match &self.tables {
            Tables::Runs(db) => Some(db),
            _ => None,
        }
    }

    /// Its value on `board` (of the goal's shape), as a search computes it
    /// (a written h: up to [`super::WRITTEN_H_MAX`], or why not).
    pub fn value(&self, board: &Board) -> Result<u32, WrittenFault> {
        let goal = &self.goal;
        Ok(match (&self.heuristic, &self.tables) {
            (Heuristic::Written(p), _) => return written_h(p, board),
            (_, Tables::Pdb(db)) => pdb_estimate(db, board),
            (_, Tables::Runs(db)) => db.estimate(board),
            (Heuristic::BuiltIn(b), Tables::None) => formula(*b, board, goal),
        })
    }
}

impl Ready {
    /// [`Ready::value`] on each of `boards`, what a formula needs toward
    /// the goal made once (Manhattan's table) rather than per board; the
    /// first board without a value is the error, with its index.
    pub fn values(&self, boards: &[Board]) -> Result<Vec<u32>, (usize, WrittenFault)> {
        // The table reaches 25 cells; past them the formula's plain sum.
        if let (Heuristic::BuiltIn(BuiltIn::Manhattan), Tables::None, true) = (
            &self.heuristic,
            &self.tables,
            self.goal.shape().optimal_searchable(),
        ) {
            let md = manhattan_table(&self.goal);
            return Ok(boards.iter().map(|b| manhattan_by(&md, b)).collect());
        }
        boards
            .iter()
            .enumerate()
            .map(|(i, b)| self.value(b).map_err(|e| (i, e)))
            .collect()
    }
}

/// The value of a built-in that needs no tables (a table one's fallback is
/// never asked: [`Ready`] holds its tables).
pub fn formula(b: BuiltIn, board: &Board, goal: &Board) -> u32 {
    let misplaced = || {
        board
            .cells()
            .iter()
            .zip(goal.cells())
            .filter(|&(&c, &g)| c != 0 && c != g)
            .count() as u32
    };
    match b {
        BuiltIn::Misplaced => misplaced(),
        BuiltIn::Manhattan => manhattan(board, goal),
        BuiltIn::LinearConflict => linear_conflict(board, goal),
        BuiltIn::TwiceManhattan => 2 * manhattan(board, goal),
        BuiltIn::ManhattanPlusMisplaced => manhattan(board, goal) + misplaced(),
        BuiltIn::MultiTileManhattan | BuiltIn::MultiTilePdb => multi_tile_manhattan(board, goal),
        BuiltIn::Pdb | BuiltIn::Pdb78 | BuiltIn::Pdb6666 => linear_conflict(board, goal),
    }
}

/// Why a heuristic could not be made ready.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadyError {
    /// Occurs when the heuristic does not exist on the goal's shape
    /// (`pdb-78` off 4×4, `pdb-6666` off 5×5).
    NotOnShape {
        /// The heuristic's code.
        code: String,
        /// The goal's shape.
        shape: crate::shape::Shape,
    },
    /// Occurs when a table's build was refused memory (the bytes it asked
    /// for are in the error).
    Build {
        /// The heuristic's code.
        code: String,
        /// What failed.
        error: PatternError,
    },
    /// Occurs when a written heuristic does not compile for the goal.
    Written(super::expr::ExprError),
    /// Occurs when a database that lives in the command line's cache
    /// (`pdb-78`, `pdb-6666`) is asked for where there is none (the page).
    CommandLineOnly {
        /// The heuristic's code.
        code: String,
    },
}

impl fmt::Display for ReadyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadyError::NotOnShape { code, shape } => {
                write!(f, "{code} has no tables for {} {shape} board", shape.article())
            }
            ReadyError::Build { code, error } => write!(f, "{code}: {error}"),
            ReadyError::Written(e) => write!(f, "{e}"),
            ReadyError::CommandLineOnly { code } => write!(
                f,
                "{code} is kept on disk by the command line (hundreds of megabytes); the page builds the shape's own database instead"
            ),
        }
    }
}

impl std::error::Error for ReadyError {}

/// What a preparation is building.
enum Building {
    Nothing,
    Pdb(Box<PdbBuilder>),
    Runs(Box<RunsDbBuilder>),
}

/// A heuristic being made ready toward a goal, in slices.
pub struct Preparation {
    heuristic: Heuristic,
    goal: Board,
    building: Building,
}

impl Preparation {
    /// Starts making `heuristic` ready toward `goal` (a written heuristic
    /// is compiled for it here). Nothing is built yet.
    pub fn new(heuristic: &Heuristic, goal: &Board) -> Result<Preparation, ReadyError> {
        let heuristic = heuristic.for_goal(goal).map_err(ReadyError::Written)?;
        let building = match heuristic.built_in() {
            Some(b) if !b.on_shape(goal.shape()) => {
                return Err(ReadyError::NotOnShape {
                    code: b.code(goal.shape()),
                    shape: goal.shape(),
                })
            }
            Some(b @ (BuiltIn::Pdb78 | BuiltIn::Pdb6666)) if cfg!(target_arch = "wasm32") => {
                return Err(ReadyError::CommandLineOnly {
                    code: b.code(goal.shape()),
                })
            }
            // Past 25 cells the shape's database takes minutes and hundreds
            // of MB: the page keeps the table-free fast mode there.
            Some(b @ BuiltIn::Pdb)
                if cfg!(target_arch = "wasm32") && !goal.shape().optimal_searchable() =>
            {
                return Err(ReadyError::CommandLineOnly {
                    code: b.code(goal.shape()),
                })
            }
            Some(b @ (BuiltIn::Pdb | BuiltIn::Pdb78 | BuiltIn::Pdb6666)) => {
                let partition = partition_of(b, goal).ok_or_else(|| ReadyError::NotOnShape {
                    code: b.code(goal.shape()),
                    shape: goal.shape(),
                })?;
                Building::Pdb(Box::new(PdbBuilder::new(&partition, goal)))
            }
            Some(BuiltIn::MultiTilePdb) => Building::Runs(Box::new(RunsDb::builder(goal))),
            _ => Building::Nothing,
        };
        Ok(Preparation {
            heuristic,
            goal: *goal,
            building,
        })
    }

    /// Does up to `work` units of the build; `true` once it is finished.
    pub fn step(&mut self, work: usize) -> bool {
        match &mut self.building {
            Building::Nothing => true,
            Building::Pdb(b) => b.step(work),
            Building::Runs(b) => b.step(work),
        }
    }

    /// Tables finished, tables in all, and the entries filled of the one
    /// in progress.
    pub fn progress(&self) -> BuildProgress {
        match &self.building {
            Building::Nothing => BuildProgress {
                pattern: 0,
                patterns: 0,
                depth: 0,
                filled: 0,
                entries: 0,
            },
            Building::Pdb(b) => b.progress(),
            Building::Runs(b) => {
                let (done, all) = b.progress();
                BuildProgress {
                    pattern: done,
                    patterns: all,
                    depth: 0,
                    filled: 0,
                    entries: b.bytes(),
                }
            }
        }
    }

    /// Whether there are tables to build.
    pub fn builds(&self) -> bool {
        !matches!(self.building, Building::Nothing)
    }

    /// The ready heuristic, once [`Preparation::step`] said `true`.
    pub fn finish(self, seconds: f64) -> Result<Ready, ReadyError> {
        let code = self.code();
        let failed = || ReadyError::Build {
            code: code.clone(),
            error: PatternError::BadPattern,
        };
        let (tables, source) = match self.building {
            Building::Nothing => (Tables::None, None),
            Building::Pdb(b) => (
                Tables::Pdb(Arc::new(b.finish().ok_or_else(failed)?)),
                Some(DbSource::Built),
            ),
            Building::Runs(b) => (
                Tables::Runs(Arc::new(b.finish().ok_or_else(failed)?)),
                Some(DbSource::Built),
            ),
        };
        Ok(Ready {
            heuristic: self.heuristic,
            goal: self.goal,
            tables,
            source,
            seconds,
        })
    }

    fn code(&self) -> String {
        match &self.heuristic {
            Heuristic::BuiltIn(b) => b.code(self.goal.shape()),
            Heuristic::Written(p) => format!("h = {}", p.text()),
        }
    }
}

/// Makes `heuristic` ready toward `goal` in one call on this thread, with no
/// cache (every table built here): what the page's small 3×3 searches and
/// the tests use; the command line calls [`ready`].
pub fn prepared(heuristic: &Heuristic, goal: &Board) -> Result<Ready, ReadyError> {
    let mut p = Preparation::new(heuristic, goal)?;
    while !p.step(usize::MAX) {}
    p.finish(0.0)
}

/// The partition of a pattern-database built-in toward `goal`.
fn partition_of(b: BuiltIn, goal: &Board) -> Option<Partition> {
    match b {
        BuiltIn::Pdb => Some(Partition::for_goal(goal)),
        BuiltIn::Pdb78 => Partition::seven_eight(goal),
        BuiltIn::Pdb6666 => Partition::six_six_six_six(goal),
        _ => None,
    }
}

/// How the command line makes a heuristic ready: the cache directory of
/// `pdb-78` and `pdb-6666` (`None`: built in memory, said in the log), the
/// threads a build may use, and where its progress lines go.
#[cfg(not(target_arch = "wasm32"))]
pub struct Prepare<'a> {
    /// The cache directory.
    pub cache: Option<&'a std::path::Path>,
    /// Threads a build may use.
    pub threads: usize,
    /// Progress lines (each without its newline).
    pub log: &'a mut dyn FnMut(&str),
}

/// Makes `heuristic` ready toward `goal` (natively): the shape's pattern
/// database built with a thread per table (past 25 cells kept in the cache
/// like `pdb-78`), `pdb-78` and `pdb-6666` loaded
/// from the cache or built on `threads` threads and saved there, the
/// multi-tile tables built, a written program compiled.
#[cfg(not(target_arch = "wasm32"))]
pub fn ready(heuristic: &Heuristic, goal: &Board, how: Prepare<'_>) -> Result<Ready, ReadyError> {
    use crate::solve::cache;
    let t = std::time::Instant::now();
    let prep = Preparation::new(heuristic, goal)?;
    let built = |tables, source| Ready {
        heuristic: prep.heuristic.clone(),
        goal: *goal,
        tables,
        source,
        seconds: t.elapsed().as_secs_f64(),
    };
    let b = prep.heuristic.built_in();
    let code = prep.code();
    let failed = |error| ReadyError::Build {
        code: code.clone(),
        error,
    };
    match b {
        Some(b @ (BuiltIn::Pdb78 | BuiltIn::Pdb6666)) => {
            let partition = partition_of(b, goal).ok_or_else(|| ReadyError::NotOnShape {
                code: code.clone(),
                shape: goal.shape(),
            })?;
            let c = cache::load_or_build(how.cache, &partition, goal, how.threads, how.log)
                .map_err(failed)?;
            Ok(built(Tables::Pdb(Arc::new(c.db)), Some(c.source)))
        }
        Some(BuiltIn::MultiTilePdb) if RunsDb::large_for(goal.shape()) => {
            let c = cache::load_or_build_runs(how.cache, goal, how.threads, how.log);
            Ok(built(Tables::Runs(Arc::new(c.db)), Some(c.source)))
        }
        // Past 25 cells the shape's database takes minutes: cached too.
        Some(BuiltIn::Pdb) if !goal.shape().optimal_searchable() => {
            let partition = Partition::for_goal(goal);
            let c = cache::load_or_build(how.cache, &partition, goal, how.threads, how.log)
                .map_err(failed)?;
            Ok(built(Tables::Pdb(Arc::new(c.db)), Some(c.source)))
        }
        Some(BuiltIn::Pdb) => {
            let partition = Partition::for_goal(goal);
            let db = cache::build_by_table(&partition, goal).map_err(failed)?;
            Ok(built(Tables::Pdb(Arc::new(db)), Some(DbSource::Built)))
        }
        _ => {
            let mut prep = prep;
            while !prep.step(usize::MAX) {}
            let mut r = prep.finish(0.0)?;
            r.seconds = t.elapsed().as_secs_f64();
            Ok(r)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Metric;
    use crate::reference::plain_distances;
    use crate::shape::Shape;
    use std::collections::HashMap;

    #[test]
    fn every_built_in_gets_ready_and_bounds_where_it_says() {
        let shape = Shape::new(3, 2).unwrap();
        let goal = Board::default_goal(shape);
        let exact = Metric::ALL.map(|m| plain_distances(&goal, m));
        assert_eq!(exact.each_ref().map(HashMap::len), [360, 360]);
        let mut names = Vec::new();
        for b in BuiltIn::ALL.into_iter().filter(|b| b.on_shape(shape)) {
            let mut prep = Preparation::new(&b.into(), &goal).unwrap();
            while !prep.step(1000) {}
            let r = prep.finish(0.0).unwrap();
            names.push(r.name());
            assert_eq!(r.value(&goal), Ok(0), "{b:?}");
            for (metric, d) in Metric::ALL.into_iter().zip(&exact) {
                let over = d
                    .iter()
                    .filter(|&(board, &d)| r.value(board).unwrap() > d)
                    .count();
                // A lower bound never overestimates; the others do somewhere
                // on this shape.
                assert_eq!(over == 0, b.lower_bound_in(metric), "{b:?} {metric}");
            }
        }
        assert_eq!(
            names.join(" "),
            "misplaced manhattan linear-conflict twice-manhattan manhattan-plus-misplaced \
             pdb-5 multi-tile-manhattan multi-tile-pdb-5"
        );
    }

    #[test]
    fn values_of_many_boards_are_each_boards_value() {
        let goal = Board::default_goal(Shape::new(4, 2).unwrap());
        let boards = crate::space::sample_boards(&goal, 300, 9);
        for b in [BuiltIn::Manhattan, BuiltIn::LinearConflict, BuiltIn::Pdb] {
            let r = prepared(&b.into(), &goal).unwrap();
            let one: Vec<u32> = boards.iter().map(|x| r.value(x).unwrap()).collect();
            assert_eq!(r.values(&boards), Ok(one), "{b:?}");
        }
        let r = prepared(&BuiltIn::Manhattan.into(), &goal).unwrap();
        let want: Vec<u32> = boards.iter().map(|x| manhattan(x, &goal)).collect();
        assert_eq!(r.values(&boards), Ok(want));
    }

    #[test]
    fn values_past_25_cells_are_the_plain_sums() {
        // Manhattan's table stops at 25 cells (this panicked on 6×6 through
        // the Python binding); past them each value is a plain sum.
        let goal = Board::default_goal(Shape::new(6, 6).unwrap());
        let boards = crate::space::sample_boards(&goal, 20, 4);
        let plain: Vec<u32> = boards
            .iter()
            .map(|b| {
                (1..36u8)
                    .map(|t| {
                        let (a, g) = (b.cell_of(t), goal.cell_of(t));
                        (a / 6).abs_diff(g / 6) as u32 + (a % 6).abs_diff(g % 6) as u32
                    })
                    .sum()
            })
            .collect();
        let r = prepared(&BuiltIn::Manhattan.into(), &goal).unwrap();
        assert_eq!(r.values(&boards), Ok(plain.clone()));
        for b in [
            BuiltIn::Misplaced,
            BuiltIn::LinearConflict,
            BuiltIn::MultiTileManhattan,
        ] {
            let r = prepared(&b.into(), &goal).unwrap();
            let one: Vec<u32> = boards.iter().map(|x| r.value(x).unwrap()).collect();
            assert_eq!(r.values(&boards), Ok(one), "{b:?}");
        }
        let r = prepared(&BuiltIn::TwiceManhattan.into(), &goal).unwrap();
        let twice: Vec<u32> = plain.iter().map(|m| 2 * m).collect();
        assert_eq!(r.values(&boards), Ok(twice));
    }

    #[test]
    fn the_cached_databases_need_their_shape() {
        let goal = Board::default_goal(Shape::THREE);
        let e = Preparation::new(&BuiltIn::Pdb78.into(), &goal).err();
        assert_eq!(
            e.map(|e| e.to_string()),
            Some("pdb-78 has no tables for a 3×3 board".to_string())
        );
    }
}
