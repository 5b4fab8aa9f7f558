//! Renders the Play tab.

use super::chart::bars;
use super::dom::Dom;
use super::ids::Id;
use crate::view::{PlayTabView, PlayView};
use wasm_bindgen::prelude::*;

pub fn render(dom: &Dom, v: &PlayTabView) -> Result<(), JsValue> {
    let p = v.view.as_ref();
    dom.text(
        Id::PlayStatus,
        p.map_or(v.note.as_str(), |p| p.status.as_str()),
    );
    dom.optional_text(Id::PlayMessage, p.and_then(|p| p.message.as_deref()))?;
    dom.optional_text(Id::HintText, p.and_then(|p| p.hint.as_deref()))?;
    dom.set_hidden(Id::HintCancel, !p.is_some_and(|p| p.hint_running))?;
    dom.optional_text(Id::PlayAnalysis, p.and_then(|p| p.analysis.as_deref()))?;
    // No game (an invalid board): Hint and the move keys are disabled, and
    // the reason is beside them.
    dom.optional_text(Id::HintReason, v.hint_reason.as_deref())?;
    for id in [
        Id::Hint,
        Id::MoveUp,
        Id::MoveLeft,
        Id::MoveDown,
        Id::MoveRight,
    ] {
        if v.hint_reason.is_some() {
            dom.attr(id, "disabled", "")?;
        } else {
            dom.el(id).remove_attribute("disabled")?;
        }
    }
    dom.fill_list(Id::PlayMoves, p.map_or(&[][..], |p| p.moves.as_slice()))?;
    dom.optional_text(Id::PlayCounter, p.map(|p| p.counter.as_str()))?;
    speed(dom, p)?;
    let a = p.and_then(|p| p.analysis_detail.as_ref());
    dom.set_hidden(Id::PlayDetail, a.is_none())?;
    dom.fill_list(Id::PlaySteps, a.map_or(&[][..], |a| a.steps.as_slice()))?;
    bars(
        dom,
        Id::PlayChart,
        a.map_or(&[][..], |a| a.distances.as_slice()),
        "The exact distance to the goal before the first move and after each move",
        "move",
        "moves from the goal",
    )
}

/// The timer, a recorded solve, the link to the solve and the shortest
/// solutions.
fn speed(dom: &Dom, p: Option<&PlayView>) -> Result<(), JsValue> {
    dom.optional_text(Id::PlayTimer, p.and_then(|p| p.timer.as_deref()))?;
    dom.optional_text(Id::PlayRecorded, p.and_then(|p| p.recorded.as_deref()))?;
    let link = p.and_then(|p| p.solve_link.as_deref());
    dom.set_hidden(Id::PlayShare, link.is_none())?;
    if let Some(f) = link {
        let href = format!("#{f}");
        dom.attr(Id::PlayLink, "href", &href)?;
        dom.text(Id::PlayLink, &href);
    }
    let s = p.map(|p| &p.shortest);
    enable(dom, Id::PlayCount, s.is_some_and(|s| !s.running))?;
    dom.optional_text(Id::PlayShortest, s.and_then(|s| s.summary.as_deref()))?;
    let at = s.and_then(|s| s.position.as_deref());
    dom.set_hidden(Id::PlayShortestNav, at.is_none())?;
    dom.text(Id::PlayShortestAt, at.unwrap_or(""));
    dom.text(
        Id::PlayShortestMoves,
        s.and_then(|s| s.moves.as_deref()).unwrap_or("(no move)"),
    );
    enable(dom, Id::PlayShortestPrev, s.is_some_and(|s| s.previous))?;
    enable(dom, Id::PlayShortestNext, s.is_some_and(|s| s.next))?;
    enable(
        dom,
        Id::PlayShortestReplay,
        s.is_some_and(|s| s.moves.is_some()),
    )
}

fn enable(dom: &Dom, id: Id, on: bool) -> Result<(), JsValue> {
    if on {
        dom.el(id).remove_attribute("disabled")
    } else {
        dom.attr(id, "disabled", "")
    }
}
