//! Renders the Trace tab.

use super::dom::Dom;
use super::ids::Id;
use crate::view::{TraceTabView, LOG_SHOWN};
use wasm_bindgen::prelude::*;

pub fn render(dom: &Dom, v: &TraceTabView) -> Result<(), JsValue> {
    let t = v.view.as_ref();
    dom.text(
        Id::TraceStatus,
        t.map_or(v.note.as_str(), |t| t.status.as_str()),
    );
    let latest = t.and_then(|t| t.latest.as_ref());
    dom.text(Id::TraceLatest, &latest.map_or(String::new(), |l| l.text()));
    dom.fill_list(
        Id::TraceNeighbours,
        latest
            .into_iter()
            .flat_map(|l| l.neighbours.iter().map(|n| n.text())),
    )?;
    dom.text(Id::TraceExpansions, t.map_or("", |t| t.expansions.as_str()));
    dom.text(Id::TraceFrontier, t.map_or("", |t| t.frontier.as_str()));
    dom.fill_list(Id::TraceNext, t.map_or(&[][..], |t| t.next.as_slice()))?;
    dom.fill_list(Id::TraceLog, t.map_or(&[][..], |t| t.log.as_slice()))?;
    let hidden = t.map_or(0, |t| t.log_hidden);
    dom.optional_text(
        Id::TraceLogHidden,
        (hidden > 0)
            .then(|| format!("{hidden} earlier events are not shown; the newest {LOG_SHOWN} are."))
            .as_deref(),
    )
}
