//! Renders the Play tab.

use super::chart::bars;
use super::dom::Dom;
use super::ids::Id;
use crate::view::PlayTabView;
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
