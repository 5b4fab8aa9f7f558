//! A solve written as text: the move string of `analyse` and the page's
//! paste box, in either of two conventions, read once into [`Slide`]s
//! checked against the board they start from.
//!
//! - **blank** (the project's, [`Notation::Blank`], the default): a letter
//!   names the direction the blank travels, as [`Move`] does: `R` swaps the
//!   blank with the tile on its right.
//! - **tile** (the speedsolvers', [`Notation::Tile`]): a letter names the
//!   direction the tiles travel, the opposite of the blank: `R` slides the
//!   tile on the blank's left one cell right.
//!
//! Letters are `U`, `D`, `L`, `R` (either case), each optionally followed
//! by a count: `R3` is three tiles of the blank's row moving right (tile
//! notation), the blank travelling three cells left — the [`Slide`] of
//! count 3. Spaces and commas between moves are ignored: `R3 D2 L U`,
//! `R3D2LU` and `RRRDDLU` are the same solve. A count is the number of
//! tiles, so in the single-tile metric `R3` is three moves and in the
//! multi-tile metric one; there a run of moves in one direction is one
//! move however it is written (`R R R` is `R3`), as in
//! [`crate::verdict::runs`].
//!
//! Nothing wraps: a move past the board's edge is refused with its 1-based
//! position in the string and what lies that way ([`NotationError`]).

use crate::board::Board;
use crate::moves::{Move, Slide};
use crate::shape::Shape;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which way a move's letter points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// The project's: the letter is the direction the blank travels.
    #[default]
    Blank,
    /// The speedsolvers': the letter is the direction the tiles travel.
    Tile,
}

impl Notation {
    /// Both, the default first.
    pub const ALL: [Notation; 2] = [Notation::Blank, Notation::Tile];

    /// `blank` or `tile`, as the command line and JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Blank => "blank",
            Notation::Tile => "tile",
        }
    }

    /// Parses [`Notation::name`] (surrounding blanks ignored).
    pub fn parse(text: &str) -> Result<Notation, UnknownNotation> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name() == text.trim())
            .ok_or_else(|| UnknownNotation {
                text: text.to_string(),
            })
    }

    /// The blank's direction for a written letter's direction.
    fn blank_way(self, written: Move) -> Move {
        match self {
            Notation::Blank => written,
            Notation::Tile => written.opposite(),
        }
    }

    /// `slide` written in this notation: the letter, then the count when it
    /// is over 1 (`R3`, `U`).
    pub fn write_slide(self, slide: Slide) -> String {
        let letter = self.blank_way(slide.direction).letter();
        match slide.count {
            1 => letter.to_string(),
            n => format!("{letter}{n}"),
        }
    }

    /// A whole solve written in this notation, moves separated by spaces.
    pub fn write(self, slides: &[Slide]) -> String {
        slides
            .iter()
            .map(|&s| self.write_slide(s))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Occurs when a notation is neither `blank` nor `tile`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNotation {
    /// The text given.
    pub text: String,
}

impl fmt::Display for UnknownNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation \"{}\"; use blank (letters name the way the blank travels) or tile (letters name the way the tiles travel, as speedsolvers write)",
            self.text
        )
    }
}

impl std::error::Error for UnknownNotation {}

/// One move as written: its 1-based position in the string, its text and
/// the slide it is (named by the blank's direction).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Written {
    /// 1-based position among the string's moves.
    pub position: usize,
    /// The move as written, e.g. `R3`.
    pub text: String,
    /// The slide: the blank's direction and the count of tiles.
    pub slide: Slide,
}

/// Why a move string was refused. Every case names the move's 1-based
/// position among the string's moves and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A character that is not a move letter, a digit after one, a space
    /// or a comma.
    UnknownLetter {
        /// Position of the move it would have been.
        position: usize,
        /// The character.
        found: char,
    },
    /// A count of 0 (`R0`).
    ZeroCount {
        /// The move's position.
        position: usize,
        /// The move as written.
        text: String,
    },
    /// The move needs more tiles than lie that way from the blank (a
    /// move past the edge, which would wrap, included).
    OffBoard {
        /// The move's position.
        position: usize,
        /// The move as written.
        text: String,
        /// The blank's direction.
        blank_way: Move,
        /// The blank's 1-based column (a move along the row) or row (a
        /// move along the column).
        line: usize,
        /// The tiles lying the blank's way before the edge.
        tiles: usize,
        /// The tiles the move asks for.
        count: u64,
    },
}

impl NotationError {
    /// A stable snake_case name for JSON output and tests.
    pub fn kind(&self) -> &'static str {
        match self {
            NotationError::UnknownLetter { .. } => "unknown_move_letter",
            NotationError::ZeroCount { .. } => "zero_move_count",
            NotationError::OffBoard { .. } => "move_off_board",
        }
    }

    /// The move's 1-based position in the string.
    pub fn position(&self) -> usize {
        match self {
            NotationError::UnknownLetter { position, .. }
            | NotationError::ZeroCount { position, .. }
            | NotationError::OffBoard { position, .. } => *position,
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::UnknownLetter { position, found } => write!(
                f,
                "move {position}, '{found}': not a move letter; write U, D, L or R, each optionally followed by a count (R3), separated by spaces or nothing"
            ),
            NotationError::ZeroCount { position, text } => write!(
                f,
                "move {position}, {text}: a count is at least 1 (the number of tiles that slide)"
            ),
            NotationError::OffBoard {
                position,
                text,
                blank_way,
                line,
                tiles,
                count: _,
            } => {
                // The blank's column along a row, its row along a column.
                let (line_word, along, side) = match blank_way {
                    Move::Left => ("column", "row", "to its left"),
                    Move::Right => ("column", "row", "to its right"),
                    Move::Up => ("row", "column", "above it"),
                    Move::Down => ("row", "column", "below it"),
                };
                let lie = match tiles {
                    0 => "no tile lies".to_string(),
                    1 => "only 1 tile lies".to_string(),
                    n => format!("only {n} tiles lie"),
                };
                write!(
                    f,
                    "move {position}, {text}: the blank is in {line_word} {line} and {lie} {side}"
                )?;
                if *tiles == 0 {
                    write!(f, " (no move wraps to the other end of a {along})")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// How many tiles lie between the blank at `cell` and the edge, the way
/// the blank travels.
fn tiles_toward(shape: Shape, cell: usize, way: Move) -> (usize, usize) {
    let (r, c) = (shape.row_of(cell), shape.col_of(cell));
    match way {
        Move::Left => (c + 1, c),
        Move::Right => (c + 1, shape.width() - 1 - c),
        Move::Up => (r + 1, r),
        Move::Down => (r + 1, shape.height() - 1 - r),
    }
}

/// Reads `text` as a solve from `start` in `notation`: each move checked
/// on the board it is made on. Returns the moves as written and the board
/// at the end. An empty string is the empty solve.
pub fn parse_moves(
    text: &str,
    start: &Board,
    notation: Notation,
) -> Result<(Vec<Written>, Board), NotationError> {
    let mut out: Vec<Written> = Vec::new();
    let mut board = *start;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() || c == ',' {
            continue;
        }
        let position = out.len() + 1;
        let written = match c.to_ascii_uppercase() {
            'U' => Move::Up,
            'D' => Move::Down,
            'L' => Move::Left,
            'R' => Move::Right,
            _ => return Err(NotationError::UnknownLetter { position, found: c }),
        };
        let mut digits = String::new();
        while let Some(&d) = chars.peek() {
            if !d.is_ascii_digit() {
                break;
            }
            digits.push(d);
            chars.next();
        }
        let text = format!("{c}{digits}");
        // Digits only: a count too long for u64 is surely off the board.
        let count: u64 = if digits.is_empty() {
            1
        } else {
            digits.parse().unwrap_or(u64::MAX)
        };
        if count == 0 {
            return Err(NotationError::ZeroCount { position, text });
        }
        let way = notation.blank_way(written);
        let (line, tiles) = tiles_toward(board.shape(), board.blank(), way);
        if count > tiles as u64 {
            return Err(NotationError::OffBoard {
                position,
                text,
                blank_way: way,
                line,
                tiles,
                count,
            });
        }
        let slide = Slide::new(way, count as u8);
        board = board
            .slide(slide)
            .expect("the count was checked against the edge");
        out.push(Written {
            position,
            text,
            slide,
        });
    }
    Ok((out, board))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Board {
        // 4×4, the blank in row 2, column 2.
        Board::new(
            Shape::FOUR,
            &[1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        )
        .unwrap()
    }

    #[test]
    fn both_notations_read_one_solve_opposite_ways_and_write_it_back() {
        let start = four();
        let (tile, end_t) = parse_moves("R U2 l3,d", &start, Notation::Tile).unwrap();
        let (blank, end_b) = parse_moves("LD2R3U", &start, Notation::Blank).unwrap();
        let slides: Vec<Slide> = tile.iter().map(|w| w.slide).collect();
        assert_eq!(
            slides,
            [
                Slide::new(Move::Left, 1),
                Slide::new(Move::Down, 2),
                Slide::new(Move::Right, 3),
                Slide::new(Move::Up, 1),
            ]
        );
        assert_eq!(blank.iter().map(|w| w.slide).collect::<Vec<_>>(), slides);
        assert_eq!(end_t, end_b);
        assert_eq!(end_t.blank(), 11);
        assert_eq!(
            tile.iter()
                .map(|w| (w.position, w.text.as_str()))
                .collect::<Vec<_>>(),
            [(1, "R"), (2, "U2"), (3, "l3"), (4, "d")]
        );
        assert_eq!(Notation::Tile.write(&slides), "R U2 L3 D");
        assert_eq!(Notation::Blank.write(&slides), "L D2 R3 U");
        assert_eq!(
            parse_moves(" , ", &start, Notation::Tile),
            Ok((vec![], start))
        );
        assert_eq!(Notation::parse(" tile"), Ok(Notation::Tile));
        assert_eq!(Notation::default(), Notation::Blank);
        assert_eq!(
            Notation::parse("tiles").unwrap_err().to_string(),
            "unknown notation \"tiles\"; use blank (letters name the way the blank travels) or tile (letters name the way the tiles travel, as speedsolvers write)"
        );
    }

    fn refused(text: &str, notation: Notation) -> (String, &'static str, usize) {
        let e = parse_moves(text, &four(), notation).unwrap_err();
        (e.to_string(), e.kind(), e.position())
    }

    #[test]
    fn bad_moves_are_refused_naming_their_position_and_what_lies_that_way() {
        assert_eq!(
            refused("U D U D U D R3", Notation::Tile),
            (
                "move 7, R3: the blank is in column 2 and only 1 tile lies to its left".into(),
                "move_off_board",
                7
            )
        );
        assert_eq!(
            refused("R R", Notation::Tile).0,
            "move 2, R: the blank is in column 1 and no tile lies to its left (no move wraps to the other end of a row)"
        );
        assert_eq!(
            refused("L3", Notation::Tile).0,
            "move 1, L3: the blank is in column 2 and only 2 tiles lie to its right"
        );
        assert_eq!(
            refused("D3", Notation::Blank).0,
            "move 1, D3: the blank is in row 2 and only 2 tiles lie below it"
        );
        assert_eq!(
            refused("U U", Notation::Blank).0,
            "move 2, U: the blank is in row 1 and no tile lies above it (no move wraps to the other end of a column)"
        );
        assert_eq!(
            refused("R99999999999999999999999", Notation::Blank).0,
            "move 1, R99999999999999999999999: the blank is in column 2 and only 2 tiles lie to its right"
        );
        assert_eq!(
            refused("R x", Notation::Blank),
            (
                "move 2, 'x': not a move letter; write U, D, L or R, each optionally followed by a count (R3), separated by spaces or nothing".into(),
                "unknown_move_letter",
                2
            )
        );
        assert_eq!(
            refused("U0", Notation::Blank),
            (
                "move 1, U0: a count is at least 1 (the number of tiles that slide)".into(),
                "zero_move_count",
                1
            )
        );
    }
}
