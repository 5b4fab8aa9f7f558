//! Renders the Race tab: the pickers' options (once), each side's figures
//! and frontier boards (drawn by the Trace's `small_boards`), the finish
//! line, and the race offered as a picture to take away.

use super::board::small_boards;
use super::dom::Dom;
use super::download;
use super::ids::Id;
use crate::engine::{teaching::Weight, Shape};
use crate::view::{
    choice_code, Picture, RaceLane, RacePick, RaceSpeed, RaceView, PAGE_OFFER, RACE_INTRO, WRITTEN,
    WRITTEN_LABEL,
};
use wasm_bindgen::prelude::*;

/// One side's elements.
pub struct SideIds {
    pub title: Id,
    pub search: Id,
    pub heuristic: Id,
    pub weight: Id,
    pub figures: Id,
    pub status: Id,
    pub boards_title: Id,
    pub boards: Id,
}

/// The elements of `lane`'s side.
pub fn side_ids(lane: RaceLane) -> SideIds {
    match lane {
        RaceLane::Left => SideIds {
            title: Id::RaceLeftTitle,
            search: Id::RaceLeftSearch,
            heuristic: Id::RaceLeftHeuristic,
            weight: Id::RaceLeftWeight,
            figures: Id::RaceLeftFigures,
            status: Id::RaceLeftStatus,
            boards_title: Id::RaceLeftBoardsTitle,
            boards: Id::RaceLeftBoards,
        },
        RaceLane::Right => SideIds {
            title: Id::RaceRightTitle,
            search: Id::RaceRightSearch,
            heuristic: Id::RaceRightHeuristic,
            weight: Id::RaceRightWeight,
            figures: Id::RaceRightFigures,
            status: Id::RaceRightStatus,
            boards_title: Id::RaceRightBoardsTitle,
            boards: Id::RaceRightBoards,
        },
    }
}

/// Appends one `<option>` per (value, label) to the select `id`.
fn options<K: AsRef<str>>(
    dom: &Dom,
    id: Id,
    items: impl Iterator<Item = (K, String)>,
) -> Result<(), JsValue> {
    let select = dom.el(id);
    select.set_text_content(None);
    for (value, label) in items {
        dom.child(select, "option", Some(&label))?
            .set_attribute("value", value.as_ref())?;
    }
    Ok(())
}

/// The intro and the pickers' options, once.
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.text(Id::RaceIntro, RACE_INTRO);
    options(
        dom,
        Id::RaceSpeed,
        RaceSpeed::ALL
            .iter()
            .map(|s| (s.key(), s.label().to_string())),
    )?;
    let weights: Vec<String> = Weight::ALL.iter().map(|w| w.text()).collect();
    for lane in RaceLane::ALL {
        let ids = side_ids(lane);
        options(
            dom,
            ids.search,
            RacePick::ALL
                .iter()
                .map(|p| (p.key(), p.label().to_string())),
        )?;
        options(
            dom,
            ids.heuristic,
            PAGE_OFFER
                .iter()
                .map(|h| (h.code(Shape::THREE), h.name().to_string()))
                .chain([(WRITTEN.to_string(), WRITTEN_LABEL.to_string())]),
        )?;
        options(
            dom,
            ids.weight,
            weights.iter().map(|w| (w.as_str(), w.clone())),
        )?;
    }
    Ok(())
}

pub fn render(dom: &Dom, v: &RaceView) -> Result<(), JsValue> {
    dom.optional_text(Id::RaceMetricNote, v.metric_note.as_deref())?;
    dom.text(Id::RaceStatus, &v.status);
    dom.text(Id::RacePlay, v.play_label);
    dom.attr(
        Id::RacePlay,
        "aria-pressed",
        if v.playing { "true" } else { "false" },
    )?;
    dom.set_value(Id::RaceSpeed, v.speed.key());
    for (id, off) in [
        (Id::RaceStep, !v.can_step),
        (Id::RacePlay, !v.can_step && !v.playing),
    ] {
        if off {
            dom.attr(id, "aria-disabled", "true")?;
        } else {
            dom.el(id).remove_attribute("aria-disabled")?;
        }
    }
    for s in &v.sides {
        let ids = side_ids(s.lane);
        dom.text(ids.title, &s.title);
        dom.set_value(ids.search, s.choice.pick.key());
        dom.set_value(ids.heuristic, &choice_code(&s.choice.heuristic));
        dom.set_value(ids.weight, &s.choice.weight.text());
        // A picker that does not apply to the search is not shown.
        for (id, off) in [
            (ids.heuristic, !s.choice.pick.uses_heuristic()),
            (ids.weight, s.choice.pick != RacePick::AStar),
        ] {
            if let Some(field) = dom.el(id).parent_element() {
                field.toggle_attribute_with_force("hidden", off)?;
            }
        }
        dom.fill_list(
            ids.figures,
            [&s.frontier, &s.expansions, &s.best]
                .into_iter()
                .filter(|t| !t.is_empty()),
        )?;
        dom.text(ids.status, &s.status);
        dom.text(ids.boards_title, &s.boards_caption);
        small_boards(dom, ids.boards, &s.boards)?;
    }
    dom.fill_list(Id::RaceFinish, v.finish.iter())?;
    // The race as a picture: both sides and the finish line.
    download::offer(dom, Id::RaceFinish, Picture::race(v))?;
    dom.text(Id::RaceBudgetNote, &v.budget_note);
    Ok(())
}
