//! Whether a found path is known to be a shortest one: the one notion
//! behind the page's labels, the CLI's human output and JSON's `shortest`.

/// What is proved about a checked path's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shortest {
    /// Shortest: its length meets a proved lower bound (or equals the
    /// exact optimum).
    Proved,
    /// Not shortest: the exact optimum is known and is smaller.
    Disproved,
    /// Not proved shortest: a gap to the lower bound remains and the exact
    /// optimum is not known.
    Unknown,
}

impl Shortest {
    /// What a path of `length` moves is, given a proved `lower_bound` and,
    /// where known, the exact `optimum`.
    pub fn of(length: u32, lower_bound: Option<u32>, optimum: Option<u32>) -> Shortest {
        match (optimum, lower_bound) {
            (Some(d), _) if length <= d => Shortest::Proved,
            (Some(_), _) => Shortest::Disproved,
            (None, Some(lb)) if length <= lb => Shortest::Proved,
            _ => Shortest::Unknown,
        }
    }

    /// JSON's `shortest`: `true`, `false`, or `null` when unknown.
    pub fn json(self) -> Option<bool> {
        match self {
            Shortest::Proved => Some(true),
            Shortest::Disproved => Some(false),
            Shortest::Unknown => None,
        }
    }

    /// The short label: `shortest`, `not shortest` or `not proved shortest`.
    pub fn label(self) -> &'static str {
        match self {
            Shortest::Proved => "shortest",
            Shortest::Disproved => "not shortest",
            Shortest::Unknown => "not proved shortest",
        }
    }

    /// The label with its reason, for a path judged against its proved
    /// lower bound (a fast path): e.g. `shortest (proved: it meets the
    /// lower bound)`.
    pub fn against_bound(self) -> &'static str {
        match self {
            Shortest::Proved => "shortest (proved: it meets the lower bound)",
            Shortest::Disproved => "not shortest",
            Shortest::Unknown => "not proved shortest",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_shortest_when_it_meets_its_bound_or_the_optimum() {
        assert_eq!(Shortest::of(2, Some(2), None), Shortest::Proved);
        assert_eq!(Shortest::of(30, Some(28), None), Shortest::Unknown);
        assert_eq!(Shortest::of(30, Some(28), Some(30)), Shortest::Proved);
        assert_eq!(Shortest::of(32, Some(28), Some(30)), Shortest::Disproved);
        assert_eq!(Shortest::of(5, None, None), Shortest::Unknown);
        assert_eq!(Shortest::Proved.json(), Some(true));
        assert_eq!(Shortest::Disproved.json(), Some(false));
        assert_eq!(Shortest::Unknown.json(), None);
        assert_eq!(
            Shortest::Proved.against_bound(),
            "shortest (proved: it meets the lower bound)"
        );
        assert_eq!(Shortest::Unknown.label(), "not proved shortest");
    }
}
