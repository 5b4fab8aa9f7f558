//! What a solve is asked for: the shortest path, or a quick one.

use std::fmt;

/// The two ways a board of any shape is solved.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Mode {
    /// A shortest path, proved shortest: the 3×3 contract A* on 3×3 boards,
    /// IDA* with the shape's pattern database on every other shape. It may
    /// stop at a budget with `Unknown`.
    #[default]
    Optimal,
    /// A verified path found quickly, not necessarily shortest, shown with
    /// its length, a proved lower bound and the gap between them.
    Fast,
}

impl Mode {
    /// Both modes.
    pub const ALL: [Mode; 2] = [Mode::Optimal, Mode::Fast];

    /// `optimal` or `fast`: the name on the command line, in JSON and in links.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Optimal => "optimal",
            Mode::Fast => "fast",
        }
    }

    /// Parses [`Mode::name`] (exact, surrounding blanks ignored).
    pub fn parse(text: &str) -> Result<Mode, ModeError> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == text.trim())
            .ok_or_else(|| ModeError {
                text: text.to_string(),
            })
    }
}

/// Occurs when a mode is neither `optimal` nor `fast`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeError {
    /// The text given.
    pub text: String,
}

impl ModeError {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        "unknown_mode"
    }
}

impl fmt::Display for ModeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown mode \"{}\"; use optimal or fast", self.text)
    }
}

impl std::error::Error for ModeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for m in Mode::ALL {
            assert_eq!(Mode::parse(m.name()), Ok(m));
        }
        assert_eq!(
            Mode::parse("quick").unwrap_err().to_string(),
            "unknown mode \"quick\"; use optimal or fast"
        );
        assert_eq!(Mode::default(), Mode::Optimal);
    }
}
