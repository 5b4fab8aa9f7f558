//! A parsed expression compiled for one goal: tile numbers checked, `width`
//! and `height` folded to constants, the board features it reads marked, so
//! an evaluation computes only those (each by the engine's own code) and
//! then walks a small tree.

use super::error::{EvalError, ExprError, ExprErrorKind};
use super::{parse, Binary, Expr, Feature, Node, TileFeature, Unary};
use crate::engine::solve::{manhattan_of_cells, manhattan_table, Cells, LinearConflictEst};
use crate::engine::{shape::OPTIMAL_MAX_CELLS, Board, Shape};

/// Slots of the whole-board features an evaluation computes.
const SLOTS: usize = 7;

/// The compiled tree: [`Node`] with features as slots and tiles checked.
#[derive(Clone, Debug)]
enum Code {
    Const(i64),
    Slot(u8),
    Tile(TileFeature, u8),
    Unary(Unary, u32, Box<Code>),
    Binary(Binary, u32, Box<Code>, Box<Code>),
    If(Box<Code>, Box<Code>, Box<Code>),
}

/// An expression ready to evaluate on boards of one goal.
///
/// ```
/// use eight_puzzle_engine::{Board, Shape, heuristic::expr::Program};
/// let goal = Board::default_goal(Shape::THREE);
/// let h = Program::compile("max(manhattan, 2 * misplaced - 1)", &goal).unwrap();
/// let board = Board::square(&[1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
/// assert_eq!(h.eval(&board), Ok(3)); // Manhattan 2, two tiles misplaced
/// ```
#[derive(Clone)]
pub struct Program {
    code: Code,
    text: String,
    goal: Board,
    md: [[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS],
    lc: LinearConflictEst,
    /// Goal row and column of each tile (the blank's entry unused).
    home_row: [u8; OPTIMAL_MAX_CELLS],
    home_col: [u8; OPTIMAL_MAX_CELLS],
    /// Which slots the code reads; `tiles`: whether it reads tile cells.
    needs: [bool; SLOTS],
    tiles: bool,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Program({:?} for {})", self.text, self.goal.to_json())
    }
}

/// The slot of a feature that varies by board; `None` for the constants.
fn slot(f: Feature) -> Option<usize> {
    Some(match f {
        Feature::Manhattan => 0,
        Feature::Misplaced => 1,
        Feature::LinearConflict => 2,
        Feature::OutOfRow => 3,
        Feature::OutOfCol => 4,
        Feature::BlankRow => 5,
        Feature::BlankCol => 6,
        Feature::Width | Feature::Height => return None,
    })
}

impl Program {
    /// Parses `text` and compiles it for `goal` (see [`parse`] and
    /// [`Program::new`]).
    pub fn compile(text: &str, goal: &Board) -> Result<Program, ExprError> {
        let expr = parse(text)?;
        let mut p = Program::new(&expr, goal)?;
        p.text = text.to_string();
        Ok(p)
    }

    /// Compiles a parsed expression for `goal`: an error for a tile number
    /// that is not a tile of the goal's shape (1 to W·H − 1).
    pub fn new(expr: &Expr, goal: &Board) -> Result<Program, ExprError> {
        let shape = goal.shape();
        if !shape.optimal_searchable() {
            return Err(ExprError {
                at: 0,
                kind: ExprErrorKind::GoalTooLarge {
                    shape: shape.name(),
                    cells: shape.cells(),
                },
            });
        }
        let (mut home_row, mut home_col) = ([0u8; OPTIMAL_MAX_CELLS], [0u8; OPTIMAL_MAX_CELLS]);
        for (cell, &t) in goal.cells().iter().enumerate() {
            home_row[usize::from(t)] = shape.row_of(cell) as u8;
            home_col[usize::from(t)] = shape.col_of(cell) as u8;
        }
        let mut p = Program {
            code: Code::Const(0),
            text: String::new(),
            goal: *goal,
            md: manhattan_table(goal),
            lc: LinearConflictEst::new(goal),
            home_row,
            home_col,
            needs: [false; SLOTS],
            tiles: false,
        };
        p.code = p.lower(expr, shape)?;
        Ok(p)
    }

    /// The text it was compiled from (empty when built by [`Program::new`]).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The goal it measures boards against.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    fn lower(&mut self, e: &Expr, shape: Shape) -> Result<Code, ExprError> {
        Ok(match &e.node {
            Node::Int(v) => Code::Const(*v),
            Node::Feature(Feature::Width) => Code::Const(shape.width() as i64),
            Node::Feature(Feature::Height) => Code::Const(shape.height() as i64),
            Node::Feature(f) => {
                let s = slot(*f).unwrap_or(0);
                self.needs[s] = true;
                if *f == Feature::LinearConflict {
                    self.needs[0] = true;
                }
                Code::Slot(s as u8)
            }
            Node::Tile {
                kind,
                tile,
                tile_at,
            } => {
                let tiles = shape.cells() - 1;
                if *tile < 1 || *tile > tiles as i64 {
                    return Err(ExprError {
                        at: *tile_at,
                        kind: ExprErrorKind::TileOutOfRange { tile: *tile, tiles },
                    });
                }
                self.tiles = true;
                Code::Tile(*kind, *tile as u8)
            }
            Node::Unary(op, a) => Code::Unary(*op, e.at as u32, Box::new(self.lower(a, shape)?)),
            Node::Binary {
                op,
                op_at,
                left,
                right,
            } => Code::Binary(
                *op,
                *op_at as u32,
                Box::new(self.lower(left, shape)?),
                Box::new(self.lower(right, shape)?),
            ),
            Node::If(c, a, b) => Code::If(
                Box::new(self.lower(c, shape)?),
                Box::new(self.lower(a, shape)?),
                Box::new(self.lower(b, shape)?),
            ),
        })
    }

    /// h of `board`: an error for a division by zero, an overflow or a
    /// negative value, or for a board of another shape than the goal's
    /// ([`EvalError::Shape`]).
    pub fn eval(&self, board: &Board) -> Result<i64, EvalError> {
        if board.shape() != self.goal.shape() {
            return Err(EvalError::Shape);
        }
        self.eval_cells(board.cells())
    }

    /// [`Program::eval`] of a board's cells (row-major, 0 the blank, of the
    /// goal's shape: the caller's promise).
    pub(crate) fn eval_cells(&self, cells: &[u8]) -> Result<i64, EvalError> {
        let shape = self.goal.shape();
        let width = shape.width();
        let mut slots = [0i64; SLOTS];
        let mut pos: Cells = [0; OPTIMAL_MAX_CELLS];
        let n = cells.len().min(OPTIMAL_MAX_CELLS);
        if self.needs[0] {
            slots[0] = i64::from(manhattan_of_cells(&self.md, &cells[..n]));
        }
        if self.needs[1] {
            let goal = self.goal.cells();
            slots[1] = cells
                .iter()
                .zip(goal)
                .filter(|&(&c, &g)| c != 0 && c != g)
                .count() as i64;
        }
        if self.needs[2] {
            let mut full: Cells = [0; OPTIMAL_MAX_CELLS];
            full[..n].copy_from_slice(&cells[..n]);
            slots[2] = slots[0] + i64::from(self.lc.conflicts(&full));
        }
        if self.needs[3] || self.needs[4] || self.needs[5] || self.needs[6] || self.tiles {
            for (cell, &t) in cells[..n].iter().enumerate() {
                let t = usize::from(t) % OPTIMAL_MAX_CELLS;
                pos[t] = cell as u8;
                if t != 0 {
                    let (r, c) = ((cell / width) as u8, (cell % width) as u8);
                    slots[3] += i64::from(r != self.home_row[t]);
                    slots[4] += i64::from(c != self.home_col[t]);
                }
            }
            slots[5] = i64::from(pos[0]) / width as i64;
            slots[6] = i64::from(pos[0]) % width as i64;
        }
        let h = self.run(&self.code, &slots, &pos)?;
        if h < 0 {
            return Err(EvalError::Negative { h });
        }
        Ok(h)
    }

    fn run(&self, code: &Code, slots: &[i64; SLOTS], pos: &Cells) -> Result<i64, EvalError> {
        Ok(match code {
            Code::Const(v) => *v,
            Code::Slot(s) => slots[usize::from(*s) % SLOTS],
            Code::Tile(kind, t) => {
                let t = usize::from(*t) % OPTIMAL_MAX_CELLS;
                let cell = usize::from(pos[t]);
                let width = self.goal.width();
                i64::from(match kind {
                    TileFeature::Md => self.md[t][cell % OPTIMAL_MAX_CELLS],
                    TileFeature::Row => (cell / width) as u8,
                    TileFeature::Col => (cell % width) as u8,
                })
            }
            Code::Unary(op, at, a) => {
                let x = self.run(a, slots, pos)?;
                let overflow = EvalError::Overflow { at: *at as usize };
                match op {
                    Unary::Neg => x.checked_neg().ok_or(overflow)?,
                    Unary::Abs => x.checked_abs().ok_or(overflow)?,
                    Unary::Not => i64::from(x == 0),
                }
            }
            Code::Binary(op, at, a, b) => {
                let x = self.run(a, slots, pos)?;
                match op {
                    Binary::And if x == 0 => return Ok(0),
                    Binary::Or if x != 0 => return Ok(1),
                    _ => {}
                }
                let y = self.run(b, slots, pos)?;
                let overflow = EvalError::Overflow { at: *at as usize };
                match op {
                    Binary::Add => x.checked_add(y).ok_or(overflow)?,
                    Binary::Sub => x.checked_sub(y).ok_or(overflow)?,
                    Binary::Mul => x.checked_mul(y).ok_or(overflow)?,
                    Binary::Div => {
                        if y == 0 {
                            return Err(EvalError::DivisionByZero { at: *at as usize });
                        }
                        x.checked_div(y).ok_or(overflow)?
                    }
                    Binary::Min => x.min(y),
                    Binary::Max => x.max(y),
                    Binary::Lt => i64::from(x < y),
                    Binary::Le => i64::from(x <= y),
                    Binary::Gt => i64::from(x > y),
                    Binary::Ge => i64::from(x >= y),
                    Binary::Eq => i64::from(x == y),
                    Binary::Ne => i64::from(x != y),
                    Binary::And | Binary::Or => i64::from(y != 0),
                }
            }
            Code::If(c, a, b) => {
                if self.run(c, slots, pos)? != 0 {
                    self.run(a, slots, pos)?
                } else {
                    self.run(b, slots, pos)?
                }
            }
        })
    }
}
