//! The 15-puzzle's part of the page: the node budget field, the limit
//! note, the sample control, the solve's progress and Cancel, and the notes
//! of the tabs that apply to 3×3 only. The solve runs in the session's
//! worker (`workers::SessionWorker`).

use super::dom::Dom;
use super::ids::Id;
use crate::view::{FifteenView, SAMPLES};
use wasm_bindgen::prelude::*;

/// The sample options and the node budget, written once at mount.
pub fn mount(dom: &Dom, node_budget: &str) -> Result<(), JsValue> {
    let select = dom.el(Id::Sample);
    let first = dom.child(select, "option", Some("Choose a sample…"))?;
    first.set_attribute("value", "")?;
    for s in SAMPLES {
        dom.child(select, "option", Some(s.label))?
            .set_attribute("value", s.key)?;
    }
    dom.set_value(Id::NodeBudget, node_budget);
    Ok(())
}

/// Draws the 4×4 extras.
pub fn render(dom: &Dom, v: &FifteenView) -> Result<(), JsValue> {
    dom.set_hidden(Id::NodesField, !v.active)?;
    if v.active {
        dom.set_value(Id::NodeBudget, &v.node_budget);
    }
    dom.optional_text(Id::NodeBudgetError, v.node_budget_error.as_deref())?;
    dom.attr(
        Id::NodeBudget,
        "aria-invalid",
        if v.node_budget_error.is_some() {
            "true"
        } else {
            "false"
        },
    )?;
    dom.optional_text(Id::LimitNote, Some(&v.limit_note))?;
    dom.set_hidden(Id::Run16, v.progress.is_empty() && !v.cancel_enabled)?;
    dom.text(Id::Progress16, &v.progress);
    if v.cancel_enabled {
        dom.el(Id::Cancel16).remove_attribute("disabled")?;
    } else {
        dom.attr(Id::Cancel16, "disabled", "")?;
    }
    for (note_id, panel, note) in [
        (Id::TraceSizeNote, Id::TracePanel, &v.trace_note),
        (Id::PlaySizeNote, Id::PlayPanel, &v.play_note),
        (Id::LabSizeNote, Id::LabPanel, &v.lab_note),
        (Id::SpaceSizeNote, Id::SpacePanel, &v.space_note),
    ] {
        dom.optional_text(note_id, note.as_deref())?;
        if note.is_some() {
            dom.attr(panel, "data-na", "")?;
        } else {
            dom.el(panel).remove_attribute("data-na")?;
        }
    }
    Ok(())
}
