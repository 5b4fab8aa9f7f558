//! Moves, named by the direction the **blank** travels.
//!
//! `Right` swaps the blank with the tile immediately to its right, so that
//! tile travels left. `Up` swaps the blank with the tile above it, so that tile
//! travels down. A move exists only when the target cell is inside the grid:
//! the cell after index 2 in the array is index 3, but it is on the next row,
//! so from index 2 there is no `Right` and from index 3 no `Left`.
//!
//! The **metric** says what one move is: the single-tile metric (one tile,
//! a [`Move`]) or the multi-tile metric (a [`Slide`]: the blank travels
//! 1 to W−1 cells along its row, or 1 to H−1 along its column, and every
//! tile it passes moves one cell the other way, all in one move).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One move of the blank. The name is the direction the blank travels; the
/// tile it swaps with travels the opposite way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The blank moves up one row; the tile above it moves down.
    Up,
    /// The blank moves down one row; the tile below it moves up.
    Down,
    /// The blank moves left one column; the tile on its left moves right.
    Left,
    /// The blank moves right one column; the tile on its right moves left.
    Right,
}

/// The convention, in one sentence, for help texts and the page.
pub const MOVE_CONVENTION: &str =
    "Moves name the direction the blank travels: Right swaps the blank with the tile on its right, so that tile travels left. No move wraps from the end of a row to the next.";

impl Move {
    /// All moves in generation order. A* pushes neighbours in this order, which
    /// fixes their insertion sequence numbers.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The move's name as shown to people and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Move::Up => "Up",
            Move::Down => "Down",
            Move::Left => "Left",
            Move::Right => "Right",
        }
    }

    /// The move's initial, `U`, `D`, `L` or `R`: a path as one word.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The move that undoes this one.
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// Parses a move name (`Up`, `Down`, `Left`, `Right`, any case).
    pub fn from_name(name: &str) -> Option<Move> {
        match name.to_ascii_lowercase().as_str() {
            "up" => Some(Move::Up),
            "down" => Some(Move::Down),
            "left" => Some(Move::Left),
            "right" => Some(Move::Right),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one move is when distances are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// The single-tile metric (STM): a move slides one tile.
    #[default]
    Single,
    /// The multi-tile metric (MTM): a move slides one or more tiles of the
    /// blank's row or column, in one motion.
    Multi,
}

impl Metric {
    /// Both metrics, single first.
    pub const ALL: [Metric; 2] = [Metric::Single, Metric::Multi];

    /// The metric's name on the command line and in JSON: `single` or
    /// `multi`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Single => "single",
            Metric::Multi => "multi",
        }
    }

    /// The metric's name in sentences: `single-tile` or `multi-tile` (the
    /// single-tile metric, the multi-tile metric).
    pub fn long_name(self) -> &'static str {
        match self {
            Metric::Single => "single-tile",
            Metric::Multi => "multi-tile",
        }
    }

    /// Parses [`Metric::name`] (exact, surrounding blanks ignored).
    pub fn parse(text: &str) -> Result<Metric, MetricError> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name() == text.trim())
            .ok_or_else(|| MetricError {
                text: text.to_string(),
            })
    }
}

/// Occurs when a metric is neither `single` nor `multi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetricError {
    /// The text given.
    pub text: String,
}

impl MetricError {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        "unknown_metric"
    }
}

impl fmt::Display for MetricError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown metric \"{}\"; use single (one tile a move) or multi (one or more tiles of the blank's row or column a move)",
            self.text
        )
    }
}

impl std::error::Error for MetricError {}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move of the multi-tile metric: the blank travels `count` cells in
/// `direction` and the `count` tiles it passes each move one cell the other
/// way. A slide of count 1 is the single-tile [`Move`] of that direction.
///
/// Written `Left×3` for people ([`Display`](fmt::Display)), `L3` as one
/// word ([`Slide::compact`]); JSON `{"direction":"Left","count":3}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slide {
    /// The direction the blank travels.
    pub direction: Move,
    /// How many tiles slide (cells the blank travels), at least 1.
    pub count: u8,
}

impl Slide {
    /// The slide of `count` tiles with the blank travelling `direction`.
    pub fn new(direction: Move, count: u8) -> Slide {
        Slide { direction, count }
    }

    /// The slide as one word: the direction's letter and the count, `L3`.
    pub fn compact(self) -> String {
        format!("{}{}", self.direction.letter(), self.count)
    }
}

impl From<Move> for Slide {
    fn from(direction: Move) -> Slide {
        Slide::new(direction, 1)
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.direction.name(), self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discriminants_are_generation_order() {
        // The A* stores a move as `mv as u8` and reads it back from ALL, and
        // takes the move back as `mv ^ 1`.
        for (i, m) in Move::ALL.into_iter().enumerate() {
            assert_eq!(m as usize, i);
            assert_eq!(Move::ALL[i ^ 1], m.opposite());
        }
    }

    #[test]
    fn metrics_and_slides_have_one_written_form_each() {
        assert_eq!(Metric::parse("multi"), Ok(Metric::Multi));
        assert_eq!(Metric::parse(" single "), Ok(Metric::Single));
        let e = Metric::parse("Multi").unwrap_err();
        assert_eq!(e.kind(), "unknown_metric");
        assert_eq!(
            e.to_string(),
            "unknown metric \"Multi\"; use single (one tile a move) or multi (one or more tiles of the blank's row or column a move)"
        );
        assert_eq!(Metric::default(), Metric::Single);
        assert_eq!(serde_json::to_string(&Metric::Multi).unwrap(), "\"multi\"");
        let s = Slide::new(Move::Left, 3);
        assert_eq!(s.to_string(), "Left×3");
        assert_eq!(s.compact(), "L3");
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"direction":"Left","count":3}"#
        );
        assert_eq!(Slide::from(Move::Up), Slide::new(Move::Up, 1));
    }
}
