//! The sliding-puzzle family's parts of the page: the mode control, the
//! node budget field, the limit note, the 5×5 warning with its switch to
//! Fast, the sample control, the solve's progress and Cancel, and the
//! notes of the tabs that apply to 3×3 only. The solve itself runs in the
//! session's worker (`workers::SessionWorker`).

use super::dom::Dom;
use super::ids::Id;
use crate::view::{FamilyView, SAMPLES};
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

/// Draws the family's parts.
pub fn render(dom: &Dom, v: &FamilyView) -> Result<(), JsValue> {
    dom.set_value(Id::Mode, v.mode.name());
    dom.set_value(Id::Metric, v.metric.name());
    dom.optional_text(Id::MetricNote, v.metric_note.as_deref())?;
    dom.set_hidden(Id::NodesField, !v.nodes_shown)?;
    if v.nodes_shown {
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
    dom.optional_text(
        Id::LimitNote,
        Some(v.limit_note.as_str()).filter(|n| !n.is_empty()),
    )?;
    dom.set_hidden(Id::WarningBox, v.warning.is_none())?;
    dom.text(Id::Warning, v.warning.as_deref().unwrap_or(""));
    dom.set_hidden(Id::SolveRun, v.progress.is_empty() && !v.cancel_enabled)?;
    dom.text(Id::SolveProgress, &v.progress);
    if v.cancel_enabled {
        dom.el(Id::CancelSolve).remove_attribute("disabled")?;
    } else {
        dom.attr(Id::CancelSolve, "disabled", "")?;
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
