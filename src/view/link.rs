//! Links that reopen a state: the URL fragment
//! `#start=…&goal=…&budget=…&tab=…&step=…` (and `events=…` on the Trace
//! tab; `nodes=…` and `mode=optimal|fast` on a worker solve), each value the text of its field, percent-encoded exactly as
//! `encodeURIComponent` does. Opening such a link validates each value as
//! typing would; unknown keys are ignored.
//!
//! Predict mode on the Trace tab adds `predict=1` (written only when on;
//! `0` reads as off, any other value is ignored) and `score=R/N` (right
//! answers out of questions asked, two whole numbers with R ≤ N; any other
//! value is ignored, so the score starts at 0 out of 0).

use super::{Mode, Score, Tab};

/// What a fragment names. Every part is optional: a missing one falls back
/// to the baseline.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Link {
    /// The start field's text.
    pub start: Option<String>,
    /// The goal field's text.
    pub goal: Option<String>,
    /// The budget field's text.
    pub budget: Option<String>,
    /// The node budget field's text (an optimal solve in the worker).
    pub nodes: Option<String>,
    /// Optimal or Fast (on every shape but 3×3, and in Fast mode).
    pub mode: Option<Mode>,
    /// The tab to open.
    pub tab: Option<Tab>,
    /// The replay step to show.
    pub step: Option<usize>,
    /// Trace events already popped (Trace tab).
    pub events: Option<usize>,
    /// Predict mode on the Trace tab (`predict=1`).
    pub predict: Option<bool>,
    /// Predict mode's score (`score=R/N`).
    pub score: Option<Score>,
}

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

impl Link {
    /// Reads a fragment, with or without its leading `#`.
    pub fn parse(fragment: &str) -> Link {
        let mut link = Link::default();
        let body = fragment.strip_prefix('#').unwrap_or(fragment);
        for pair in body.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = decode_component(value);
            match key {
                "start" => link.start = Some(value),
                "goal" => link.goal = Some(value),
                "budget" => link.budget = Some(value),
                "nodes" => link.nodes = Some(value),
                "mode" => link.mode = Mode::parse(&value).ok().or(link.mode),
                "tab" => link.tab = Tab::from_key(&value).or(link.tab),
                "step" => link.step = value.parse().ok().or(link.step),
                "events" => link.events = value.parse().ok().or(link.events),
                "predict" => {
                    link.predict = match value.as_str() {
                        "1" => Some(true),
                        "0" => Some(false),
                        _ => link.predict,
                    }
                }
                "score" => link.score = Score::parse(&value).or(link.score),
                _ => {}
            }
        }
        link
    }

    /// The fragment, without `#`, naming every part that is set.
    pub fn to_fragment(&self) -> String {
        let mut parts = Vec::new();
        let mut put = |key: &str, value: Option<String>| {
            if let Some(v) = value {
                parts.push(format!("{key}={}", encode_component(&v)));
            }
        };
        put("start", self.start.clone());
        put("goal", self.goal.clone());
        put("budget", self.budget.clone());
        put("nodes", self.nodes.clone());
        put("mode", self.mode.map(|m| m.name().to_string()));
        put("tab", self.tab.map(|t| t.key().to_string()));
        put("step", self.step.map(|s| s.to_string()));
        put("events", self.events.map(|s| s.to_string()));
        put("predict", self.predict.filter(|&on| on).map(|_| "1".into()));
        put("score", self.score.map(Score::to_link));
        parts.join("&")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_as_encode_uri_component() {
        // Expected strings are what encodeURIComponent returns for the same text.
        assert_eq!(
            encode_component("[1,2,3,4,5,6,0,7,8]"),
            "%5B1%2C2%2C3%2C4%2C5%2C6%2C0%2C7%2C8%5D"
        );
        assert_eq!(encode_component("a b&c=d#e"), "a%20b%26c%3Dd%23e");
        assert_eq!(encode_component("-_.!~*'()"), "-_.!~*'()");
        assert_eq!(encode_component("é→"), "%C3%A9%E2%86%92");
        assert_eq!(encode_component("\"3\""), "%223%22");
    }

    #[test]
    fn decoding_inverts_encoding_and_keeps_damage_visible() {
        for text in [
            "[[1,2,3],[4,5,6],[0,7,8]]",
            " 10000 ",
            "é→ & = #",
            "%41",
            "",
        ] {
            assert_eq!(decode_component(&encode_component(text)), text);
        }
        assert_eq!(decode_component("100%"), "100%");
        assert_eq!(decode_component("%zz1"), "%zz1");
        assert_eq!(decode_component("%FF"), "\u{FFFD}");
    }

    #[test]
    fn parses_known_keys_and_ignores_the_rest() {
        let link = Link::parse("#start=%5B1%2C2%5D&budget=7&tab=lab&step=2&colour=red&events=x");
        assert_eq!(
            link,
            Link {
                start: Some("[1,2]".into()),
                goal: None,
                budget: Some("7".into()),
                nodes: None,
                mode: None,
                tab: Some(Tab::Lab),
                step: Some(2),
                events: None,
                predict: None,
                score: None,
            }
        );
        assert_eq!(Link::parse(""), Link::default());
        assert_eq!(Link::parse("tab=nowhere").tab, None);
    }

    #[test]
    fn round_trip() {
        let link = Link {
            start: Some("[8,6,7,2,5,4,3,0,1]".into()),
            goal: Some("[1,2,3,4,5,6,7,8,0]".into()),
            budget: Some("10000".into()),
            nodes: None,
            mode: None,
            tab: Some(Tab::Trace),
            step: Some(0),
            events: Some(12),
            predict: None,
            score: None,
        };
        let fragment = link.to_fragment();
        assert_eq!(
            fragment,
            "start=%5B8%2C6%2C7%2C2%2C5%2C4%2C3%2C0%2C1%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&budget=10000&tab=trace&step=0&events=12"
        );
        assert_eq!(Link::parse(&fragment), link);
    }

    #[test]
    fn round_trip_of_a_4x4_board_and_its_node_budget() {
        let link = Link {
            start: Some("[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]".into()),
            goal: Some("[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]".into()),
            budget: Some("100".into()),
            nodes: Some("1000000000".into()),
            mode: Some(Mode::Optimal),
            tab: Some(Tab::Solution),
            step: Some(41),
            events: None,
            predict: None,
            score: None,
        };
        let fragment = link.to_fragment();
        assert_eq!(
            fragment,
            "start=%5B13%2C8%2C14%2C3%2C9%2C1%2C0%2C7%2C15%2C5%2C4%2C10%2C12%2C2%2C6%2C11%5D&goal=%5B0%2C1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12%2C13%2C14%2C15%5D&budget=100&nodes=1000000000&mode=optimal&tab=solution&step=41"
        );
        assert_eq!(Link::parse(&fragment), link);
        // A 3×4 board in Fast mode; an unknown mode is ignored, as typing
        // cannot make one.
        let link =
            Link::parse("start=%5B%5B1%2C2%2C3%5D%2C%5B4%2C5%2C0%5D%5D&mode=fast&mode=quick");
        assert_eq!(link.start.as_deref(), Some("[[1,2,3],[4,5,0]]"));
        assert_eq!(link.mode, Some(Mode::Fast));
        assert_eq!(Link::parse("mode=quick").mode, None);
    }

    #[test]
    fn predict_and_score_round_trip_and_bad_values_are_ignored() {
        let link = Link::parse("tab=trace&events=3&predict=1&score=2%2F3");
        assert_eq!(link.predict, Some(true));
        assert_eq!(link.score, Some(Score { right: 2, asked: 3 }));
        assert_eq!(
            link.to_fragment(),
            "tab=trace&events=3&predict=1&score=2%2F3"
        );
        // Off is not written; a bad value is ignored, as typing cannot make one.
        assert_eq!(Link::parse("predict=0").predict, Some(false));
        assert_eq!(Link::parse("predict=0").to_fragment(), "");
        for bad in [
            "predict=yes",
            "predict=",
            "score=4%2F3",
            "score=1",
            "score=-1%2F2",
            "score=a%2Fb",
            "score=%2F2",
            "score=1%2F",
            "score=+1%2F2",
            "score=1%2F2%2F3",
        ] {
            let l = Link::parse(bad);
            assert_eq!((l.predict, l.score), (None, None), "{bad}");
        }
        assert_eq!(Score::parse("0/0"), Some(Score { right: 0, asked: 0 }));
    }
}
