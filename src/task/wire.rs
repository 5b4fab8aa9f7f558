//! serde adapters for the engine's types in messages: a board as its JSON
//! list, a move as its name, a mode and a metric as their names, a depth
//! partial as its totals.

/// A board as its JSON list (`[1,2,3,…]`), read back through the engine's
/// one board parser.
pub mod board {
    use crate::engine::{parse_board, Board};
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    /// Writes the board's JSON list.
    pub fn serialize<S: Serializer>(b: &Board, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&b.to_json())
    }

    /// Reads a board.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let text = String::deserialize(d)?;
        parse_board(&text).map_err(|e| D::Error::custom(format!("not a board: {text}: {e}")))
    }
}

/// Moves as the blank's moves' names.
pub mod moves {
    use crate::engine::Move;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    /// Writes the names.
    pub fn serialize<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(moves.iter().map(|m| m.name()))
    }

    /// Reads the names.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Move>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|n| {
                Move::ALL
                    .into_iter()
                    .find(|m| m.name() == n)
                    .ok_or_else(|| D::Error::custom(format!("not a move: {n}")))
            })
            .collect()
    }
}

/// One move as its name.
pub mod one_move {
    use crate::engine::Move;
    use serde::{de::Error, Deserializer, Serializer};

    /// Writes the name.
    pub fn serialize<S: Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
        super::moves::serialize(std::slice::from_ref(m), s)
    }

    /// Reads the name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        match super::moves::deserialize(d)?.as_slice() {
            [m] => Ok(*m),
            other => Err(D::Error::custom(format!("not one move: {}", other.len()))),
        }
    }
}

/// A solve's mode as its name.
pub mod mode {
    use crate::engine::solve::Mode;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    /// Writes the name.
    pub fn serialize<S: Serializer>(m: &Mode, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(m.name())
    }

    /// Reads the name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Mode, D::Error> {
        Mode::parse(&String::deserialize(d)?).map_err(|e| D::Error::custom(e.to_string()))
    }
}

/// An exercise as its text, read back through the engine's one reader.
pub mod exercise {
    use crate::engine::teaching::workshop::Exercise;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    /// Writes the text.
    pub fn serialize<S: Serializer>(e: &Exercise, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&e.text())
    }

    /// Reads the text.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Exercise, D::Error> {
        Exercise::read(&String::deserialize(d)?).map_err(|e| D::Error::custom(e.to_string()))
    }
}

/// A metric by its name (`single` or `multi`).
pub mod metric {
    use crate::engine::moves::Metric;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    /// Writes the name.
    pub fn serialize<S: Serializer>(m: &Metric, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(m.name())
    }

    /// Reads the name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Metric, D::Error> {
        Metric::parse(&String::deserialize(d)?).map_err(|e| D::Error::custom(e.to_string()))
    }
}

/// A depth partial as its totals by depth: (starts, four expansion sums,
/// four generated sums).
pub mod depth {
    use crate::engine::teaching::lab::{DepthPartial, DepthTotals};
    use serde::{Deserialize, Deserializer, Serializer};

    type Row = (u64, [u64; 4], [u64; 4]);

    /// Writes the totals.
    pub fn serialize<S: Serializer>(p: &DepthPartial, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            p.by_depth
                .iter()
                .map(|t| (t.starts, t.expansions, t.generated)),
        )
    }

    /// Reads the totals.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DepthPartial, D::Error> {
        let rows = Vec::<Row>::deserialize(d)?;
        Ok(DepthPartial {
            by_depth: rows
                .into_iter()
                .map(|(starts, expansions, generated)| DepthTotals {
                    starts,
                    expansions,
                    generated,
                })
                .collect(),
        })
    }
}

/// A state-space search's progress, field by field.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "crate::engine::space::Progress")]
pub struct ProgressDef {
    /// Boards whose distance is known.
    pub reached: u64,
    /// Boards that can reach the goal.
    pub total: u64,
    /// The layer being expanded.
    pub depth: u32,
}
