//! Link text at its lowest: a value percent-encoded as the page's
//! `encodeURIComponent` does and decoded back, and the one link a panel
//! writes itself, a board opened in the Solution tab ([`board_link`]). The
//! whole link, every field of every panel, is `link::Link`, above the
//! panels.

use crate::engine::Board;

/// Characters `encodeURIComponent` leaves as they are.
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b)
}

/// Percent-encodes `text` byte for byte as `encodeURIComponent` does.
pub fn encode_component(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if unreserved(b) {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    out
}

/// Decodes percent escapes. A `%` not followed by two hex digits stays as
/// it is, and bytes that are not UTF-8 become U+FFFD: the value is then
/// validated like any typed text, so a damaged link shows a specific error
/// instead of being repaired.
pub fn decode_component(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |j: usize| bytes.get(j).and_then(|&c| char::from(c).to_digit(16));
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A board the figures name, with the link that opens it in the Solve tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLink {
    /// The link's text.
    pub label: String,
    /// The fragment (without `#`).
    pub fragment: String,
}

/// A link that opens `board` with `goal` in the Solve tab: the fragment
/// `Link` writes for a start, a goal and `tab=solution` (a test of `link`
/// holds the two together).
pub fn board_link(label: String, board: &Board, goal: &Board) -> BoardLink {
    let fragment = format!(
        "start={}&goal={}&tab=solution",
        encode_component(&board.to_json()),
        encode_component(&goal.to_json())
    );
    BoardLink { label, fragment }
}
