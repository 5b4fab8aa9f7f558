//! The heuristic menus' values (Trace, Race, Lab): a built-in's code or
//! the workshop's written h, and how a link writes a heuristic.

use crate::engine::{
    heuristic::{BuiltIn, Heuristic},
    teaching::WEIGHTED_OFFER,
    Board, Shape,
};

/// The built-ins the page's heuristic menus offer (Trace, Race, the Lab's
/// weighted A*): the weighted A*'s, and multi-tile Manhattan, the one
/// lower bound of the multi-tile metric among them (the CLI's offer in
/// that metric).
pub const PAGE_OFFER: [BuiltIn; 6] = [
    WEIGHTED_OFFER[0],
    WEIGHTED_OFFER[1],
    WEIGHTED_OFFER[2],
    WEIGHTED_OFFER[3],
    WEIGHTED_OFFER[4],
    BuiltIn::MultiTileManhattan,
];

/// The built-in of [`PAGE_OFFER`] whose 3×3 code is `code`.
pub fn page_heuristic(code: &str) -> Option<BuiltIn> {
    BuiltIn::parse_among(code, Shape::THREE, &PAGE_OFFER)
}

/// The heuristic menus' value for the workshop's written h.
pub const WRITTEN: &str = "written";

/// The heuristic menus' label for [`WRITTEN`].
pub const WRITTEN_LABEL: &str = "your h (workshop)";

/// How a link's heuristic value marks a written expression.
pub const WRITTEN_PREFIX: &str = "h:";

/// A heuristic as a link writes it: its code, or [`WRITTEN_PREFIX`] and
/// the expression exactly as typed.
pub fn link_value(h: &Heuristic) -> String {
    match h.expression() {
        Some(text) => format!("{WRITTEN_PREFIX}{text}"),
        None => h.built_in().map_or(String::new(), |b| b.code(Shape::THREE)),
    }
}

/// The heuristic a link's value names ([`link_value`]'s inverse): `None`
/// for an unknown code or an expression that does not parse.
pub fn from_link_value(value: &str) -> Option<Heuristic> {
    match value.strip_prefix(WRITTEN_PREFIX) {
        Some(text) => Heuristic::written(text, &Board::default_goal(Shape::THREE)).ok(),
        None => page_heuristic(value).map(Heuristic::from),
    }
}

/// What a search with a written h says about it (the Trace and the Lab).
pub const WRITTEN_NOTE: &str = "Your h is the workshop's expression, used once it parses; the check is not required, as an overestimate is allowed here. A board where h has no value (or one above 1,000) stops the search.";

/// The choice a heuristic menu's value names: a built-in code, or
/// [`WRITTEN`] with the workshop's `text` (its parse error when it does not
/// parse); `None` for a value no menu offers.
pub fn choice_of(code: &str, text: &str) -> Option<Result<Heuristic, String>> {
    if code == WRITTEN {
        return Some(
            Heuristic::written(text, &Board::default_goal(Shape::THREE))
                .map_err(|e| format!("your h does not parse: {e}")),
        );
    }
    page_heuristic(code).map(|h| Ok(h.into()))
}

/// The menu value of a choice (or of a written h that did not parse).
pub fn choice_code(choice: &Result<Heuristic, String>) -> String {
    match choice {
        Ok(Heuristic::BuiltIn(h)) => h.code(Shape::THREE),
        _ => WRITTEN.to_string(),
    }
}
