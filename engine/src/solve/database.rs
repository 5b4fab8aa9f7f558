//! A whole additive database: the tables of a [`Partition`] for one goal,
//! built in one go or in bounded slices ([`PdbBuilder`]), with progress.

use super::partition::{Partition, MAX_GROUPS};
use super::pdb::{placements, PatternBuilder, PatternTable};
use crate::engine::{Board, Shape, MAX_CELLS, NO_CELL};

/// An additive disjoint pattern database: one table per group of a
/// [`Partition`], for one goal. h(board) = Σ tables.
#[derive(Clone, Debug)]
pub struct PatternDb {
    name: String,
    goal: Board,
    tables: Vec<PatternTable>,
    /// Pattern index of each tile (the blank: none).
    pub(crate) pattern_of: [u8; MAX_CELLS],
}

impl PatternDb {
    /// Builds every table of `partition` toward `goal` (native convenience;
    /// the page drives a [`PdbBuilder`] in slices instead).
    pub fn build(partition: &Partition, goal: &Board) -> Option<PatternDb> {
        let mut b = PdbBuilder::new(partition, goal);
        while !b.step(1 << 20) {}
        b.finish()
    }

    /// Assembles a database from tables built separately (e.g. on several
    /// threads); `None` unless their tiles are exactly the partition's
    /// groups in order, for `goal`'s shape.
    pub fn from_tables(
        partition: &Partition,
        goal: &Board,
        tables: Vec<PatternTable>,
    ) -> Option<PatternDb> {
        if tables.len() != partition.groups().len()
            || tables.len() > MAX_GROUPS
            || tables.iter().zip(partition.groups()).any(|(t, g)| {
                t.tiles() != g.as_slice()
                    || t.shape != goal.shape()
                    || t.home
                        .iter()
                        .zip(&t.tiles)
                        .any(|(&h, &x)| goal.cells()[h as usize] != x)
            })
        {
            return None;
        }
        let mut pattern_of = [NO_CELL; MAX_CELLS];
        for (p, g) in partition.groups().iter().enumerate() {
            for &t in g {
                pattern_of[t as usize] = p as u8;
            }
        }
        Some(PatternDb {
            name: partition.name().to_string(),
            goal: *goal,
            tables,
            pattern_of,
        })
    }

    /// The partition's name, e.g. `pdb-663`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The tables, one per pattern.
    pub fn tables(&self) -> &[PatternTable] {
        &self.tables
    }

    /// Bytes held by the tables' entries.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(PatternTable::bytes).sum()
    }

    /// Each pattern's value for `board` (of the goal's shape).
    pub fn parts(&self, board: &Board) -> Vec<u8> {
        let mut pos = [0u8; MAX_CELLS];
        for (cell, &t) in board.cells().iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        self.tables
            .iter()
            .map(|t| {
                let cells: Vec<u8> = t.tiles().iter().map(|&x| pos[x as usize]).collect();
                t.value(&cells)
            })
            .collect()
    }

    /// The additive estimate for `board`: the sum of [`PatternDb::parts`].
    pub fn estimate(&self, board: &Board) -> u32 {
        self.parts(board).iter().map(|&v| u32::from(v)).sum()
    }
}

/// Progress of a [`PdbBuilder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Index of the pattern being built (= patterns when done).
    pub pattern: usize,
    /// Number of patterns.
    pub patterns: usize,
    /// Breadth-first depth of the pattern being built.
    pub depth: u8,
    /// Entries filled so far, over all patterns.
    pub filled: usize,
    /// Entries in all patterns.
    pub entries: usize,
}

/// A whole database under construction, in slices of bounded work: call
/// [`PdbBuilder::step`] until it returns `true`, then [`PdbBuilder::finish`].
#[derive(Clone, Debug)]
pub struct PdbBuilder {
    partition: Partition,
    goal: Board,
    done: Vec<PatternTable>,
    current: Option<PatternBuilder>,
    filled_before: usize,
    entries: usize,
}

impl PdbBuilder {
    /// Starts building `partition`'s tables toward `goal`.
    pub fn new(partition: &Partition, goal: &Board) -> PdbBuilder {
        let n = goal.shape().cells();
        let entries = partition
            .groups()
            .iter()
            .map(|g| placements(g.len(), n))
            .sum();
        PdbBuilder {
            partition: partition.clone(),
            goal: *goal,
            done: Vec::new(),
            current: None,
            filled_before: 0,
            entries,
        }
    }

    /// Does up to `work` placement expansions; `true` when every table is
    /// built (or a group cannot be built: then [`PdbBuilder::finish`] says
    /// `None`).
    pub fn step(&mut self, work: usize) -> bool {
        loop {
            let index = self.done.len();
            if index == self.partition.groups().len() {
                return true;
            }
            if self.current.is_none() {
                self.current = PatternBuilder::new(&self.partition.groups()[index], &self.goal);
            }
            let Some(builder) = self.current.as_mut() else {
                return true;
            };
            if !builder.step(work) {
                return false;
            }
            match self.current.take().and_then(PatternBuilder::finish) {
                Some(table) => {
                    self.filled_before += table.len();
                    self.done.push(table);
                }
                None => return true,
            }
        }
    }

    /// How far the build has come.
    pub fn progress(&self) -> BuildProgress {
        let (depth, filled) = self
            .current
            .as_ref()
            .map_or((0, 0), |b| (b.progress().0, b.progress().1));
        BuildProgress {
            pattern: self.done.len(),
            patterns: self.partition.groups().len(),
            depth,
            filled: self.filled_before + filled,
            entries: self.entries,
        }
    }

    /// The database; `None` if the build is not done.
    pub fn finish(self) -> Option<PatternDb> {
        PatternDb::from_tables(&self.partition, &self.goal, self.done)
    }
}

/// The bytes `partition`'s finished tables take on `shape` (two entries a
/// byte).
pub fn table_bytes(partition: &Partition, shape: Shape) -> usize {
    partition
        .groups()
        .iter()
        .map(|g| placements(g.len(), shape.cells()).div_ceil(2))
        .sum()
}
