//! The web layer in a real browser (wasm-bindgen-test, headless Chromium):
//! mount the page's own markup, then drive it through DOM events.
#![cfg(target_arch = "wasm32")]

use eight_puzzle::web::ids::Id;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Document, Event, HtmlElement, HtmlInputElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

const PAGE: &str = include_str!("../www/index.html");

/// A fresh copy of the page's markup (our own static HTML) in a container,
/// replacing the previous test's; the test runner's own output elements in
/// the body are left alone.
fn page() -> Document {
    let doc = web_sys::window().unwrap().document().unwrap();
    if let Some(old) = doc.get_element_by_id("page-under-test") {
        old.remove();
    }
    // The markup between the first step's script (top of <body>) and the
    // module script at the end.
    let first_step = "/*INLINE_START*/</script>";
    let start = PAGE.find(first_step).unwrap() + first_step.len();
    let end = start + PAGE[start..].find("<script").unwrap();
    let container = doc.create_element("div").unwrap();
    container.set_id("page-under-test");
    container.set_inner_html(&PAGE[start..end]);
    doc.body().unwrap().append_child(&container).unwrap();
    eight_puzzle::web::mount(&doc, "").unwrap();
    doc
}

fn text(doc: &Document, id: Id) -> String {
    doc.get_element_by_id(id.name())
        .unwrap()
        .text_content()
        .unwrap_or_default()
}

fn click(doc: &Document, id: Id) {
    doc.get_element_by_id(id.name())
        .unwrap()
        .unchecked_into::<HtmlElement>()
        .click();
}

fn type_into(doc: &Document, id: Id, value: &str) {
    let el = doc.get_element_by_id(id.name()).unwrap();
    if let Some(t) = el.dyn_ref::<HtmlTextAreaElement>() {
        t.set_value(value);
    } else {
        el.dyn_ref::<HtmlInputElement>().unwrap().set_value(value);
    }
    el.dispatch_event(&Event::new("input").unwrap()).unwrap();
}

fn cells(doc: &Document) -> Vec<String> {
    let list = doc.query_selector_all("#board [role=cell]").unwrap();
    (0..list.length())
        .map(|i| {
            let el = list.item(i).unwrap().unchecked_into::<HtmlElement>();
            match el.get_attribute("aria-label") {
                Some(label) => label,
                None => el.text_content().unwrap_or_default(),
            }
        })
        .collect()
}

fn witness(doc: &Document) -> Vec<String> {
    let list = doc.query_selector_all("#witness li").unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().text_content().unwrap_or_default())
        .collect()
}

#[wasm_bindgen_test]
fn baseline_is_solved_on_mount() {
    let doc = page();
    assert_eq!(text(&doc, Id::Status), "Solved");
    assert_eq!(text(&doc, Id::Cost), "2");
    assert_eq!(text(&doc, Id::InitialH), "2");
    assert_eq!(text(&doc, Id::Expansions), "2");
    assert_eq!(witness(&doc), ["Right", "Right"]);
    assert_eq!(
        cells(&doc),
        ["1", "2", "3", "4", "5", "6", "blank", "7", "8"]
    );
    assert_eq!(text(&doc, Id::LedgerTotal), "2");
}

#[wasm_bindgen_test]
fn next_reaches_the_goal_and_is_guarded() {
    let doc = page();
    click(&doc, Id::Next);
    click(&doc, Id::Next);
    assert_eq!(
        cells(&doc),
        ["1", "2", "3", "4", "5", "6", "7", "8", "blank"]
    );
    assert_eq!(text(&doc, Id::ReplayStatus), "Step 2 of 2");
    click(&doc, Id::Next);
    assert_eq!(text(&doc, Id::ReplayStatus), "Step 2 of 2");
    assert_eq!(
        text(&doc, Id::Guard),
        "Already at the last step (step 2, the goal); Next stays here."
    );
    let current = doc
        .query_selector("#replay-rows tr[aria-current=step] td")
        .unwrap()
        .unwrap();
    assert_eq!(current.text_content().unwrap(), "2");
}

#[wasm_bindgen_test]
fn budget_one_is_unknown_and_clears_the_witness() {
    let doc = page();
    type_into(&doc, Id::Budget, "1");
    assert!(
        witness(&doc).is_empty(),
        "the edit alone clears the witness"
    );
    assert_eq!(text(&doc, Id::Status), "—");
    click(&doc, Id::Solve);
    assert_eq!(text(&doc, Id::Status), "Unknown (BudgetExceeded)");
    assert_eq!(text(&doc, Id::Expansions), "1");
    assert!(witness(&doc).is_empty());
    assert!(text(&doc, Id::Explanation).contains("does not mean that no solution exists"));
}

#[wasm_bindgen_test]
fn invalid_input_shows_an_alert_and_no_board() {
    let doc = page();
    type_into(&doc, Id::Start, "[1,2,3,4,5,6,7,8,\"0\"]");
    assert_eq!(
        text(&doc, Id::StartError),
        "position 8 (row 3, column 3) holds the string \"0\"; numbers must not be quoted"
    );
    assert!(cells(&doc).is_empty());
    let html_like = "[\"<b>x</b>\",2,3,4,5,6,7,8,0]";
    type_into(&doc, Id::Start, html_like);
    assert!(text(&doc, Id::StartError).contains("\"<b>x</b>\""));
    assert!(doc.query_selector("#start-error b").unwrap().is_none());
    type_into(&doc, Id::Start, "[1,2,3,4,5,6,0,7,8]");
    assert_eq!(text(&doc, Id::StartError), "");
    assert_eq!(cells(&doc).len(), 9);
}

#[wasm_bindgen_test]
fn trace_steps_show_the_contract_pops() {
    let doc = page();
    click(&doc, Id::TraceStep);
    assert_eq!(
        text(&doc, Id::TraceLatest),
        "1. pop (f 2, h 2, key 123456078, seq 0), g 0: expanded"
    );
    assert_eq!(
        doc.get_element_by_id(Id::TabTrace.name())
            .unwrap()
            .get_attribute("aria-selected")
            .as_deref(),
        Some("true")
    );
    click(&doc, Id::TraceStep);
    assert_eq!(
        cells(&doc),
        ["1", "2", "3", "4", "5", "6", "7", "blank", "8"]
    );
    click(&doc, Id::TraceStep);
    assert_eq!(
        text(&doc, Id::TraceLatest),
        "3. pop (f 2, h 0, key 123456780, seq 4), g 2: goal (accepted)"
    );
    assert_eq!(
        text(&doc, Id::TraceStatus),
        "Goal accepted when popped: Solved, cost 2, after 2 expansions — the same result as Solve."
    );
}

#[wasm_bindgen_test]
fn play_mode_by_click() {
    let doc = page();
    click(&doc, Id::TabPlay);
    assert!(text(&doc, Id::PlayStatus)
        .starts_with("g = 0 moves so far; Manhattan h = 2; exact distance to the goal 2."));
    let tile = doc
        .query_selector("#board [data-cell='7']")
        .unwrap()
        .unwrap();
    tile.unchecked_into::<HtmlElement>().click();
    assert_eq!(
        cells(&doc),
        ["1", "2", "3", "4", "5", "6", "7", "blank", "8"]
    );
    click(&doc, Id::Hint);
    assert_eq!(
        text(&doc, Id::HintText),
        "Hint: Right (the blank moves right); the exact distance drops from 1 to 0."
    );
    let tile = doc
        .query_selector("#board [data-cell='8']")
        .unwrap()
        .unwrap();
    tile.unchecked_into::<HtmlElement>().click();
    assert_eq!(
        text(&doc, Id::PlayMessage),
        "Goal reached in 2 moves; the optimum from this start is 2, so that is optimal."
    );
}

#[wasm_bindgen_test]
fn play_button_names_what_it_will_do() {
    let doc = page();
    assert_eq!(text(&doc, Id::Play), "Play");
    click(&doc, Id::Play);
    assert_eq!(text(&doc, Id::Play), "Pause");
    click(&doc, Id::Play);
    assert_eq!(text(&doc, Id::Play), "Play");
}

#[wasm_bindgen_test]
fn compare_all_fills_the_lab_table() {
    let doc = page();
    // As a person would: show the tab first (a hidden tab is drawn when
    // it is shown).
    click(&doc, Id::TabLab);
    click(&doc, Id::Compare);
    assert_eq!(
        text(&doc, Id::CompareSummary),
        "Optimum from the exact table (breadth-first search of the whole space): 2 moves."
    );
    let rows = doc.query_selector_all("#compare-rows tr").unwrap();
    assert_eq!(rows.length(), 7);
    let first = rows.item(0).unwrap().text_content().unwrap();
    assert!(first.starts_with("BFSSolved2yes"), "{first}");
    click(&doc, Id::TabSpace);
    click(&doc, Id::Explore);
    assert_eq!(
        doc.query_selector_all("#space-chart rect.bar")
            .unwrap()
            .length(),
        32
    );
    let hardest = doc
        .query_selector("#hardest [data-board]")
        .unwrap()
        .unwrap();
    hardest.unchecked_into::<HtmlElement>().click();
    let start = doc
        .get_element_by_id(Id::Start.name())
        .unwrap()
        .unchecked_into::<HtmlTextAreaElement>()
        .value();
    assert_eq!(start, "[6,4,7,8,5,0,3,2,1]");
    assert_eq!(text(&doc, Id::Status), "—");
}

#[wasm_bindgen_test]
fn a_replay_step_redraws_only_what_changed() {
    let doc = page();
    let ledger_row = doc
        .query_selector("#ledger-rows tr")
        .unwrap()
        .expect("the ledger is drawn on mount");
    let witness_item = doc.query_selector("#witness li").unwrap().unwrap();
    click(&doc, Id::Next);
    assert_eq!(text(&doc, Id::ReplayStatus), "Step 1 of 2");
    let after = doc.query_selector("#ledger-rows tr").unwrap().unwrap();
    assert!(
        after.is_same_node(Some(&ledger_row)),
        "the ledger did not change, so its rows are the same nodes"
    );
    let witness_after = doc.query_selector("#witness li").unwrap().unwrap();
    assert!(witness_after.is_same_node(Some(&witness_item)));
}

#[wasm_bindgen_test]
fn a_replay_step_moves_the_mark_on_the_same_rows_and_boards_wrap_between_values() {
    let doc = page();
    let rows = |doc: &web_sys::Document| -> Vec<web_sys::Element> {
        let list = doc.query_selector_all("#replay-rows tr").unwrap();
        (0..list.length())
            .map(|i| list.item(i).unwrap().dyn_into().unwrap())
            .collect()
    };
    let marks = |rows: &[web_sys::Element]| -> Vec<(Option<String>, String)> {
        rows.iter()
            .map(|r| (r.get_attribute("aria-current"), r.class_name()))
            .collect()
    };
    let before = rows(&doc);
    assert_eq!(before.len(), 3);
    let step = || (Some("step".to_string()), "current".to_string());
    let none = || (None, String::new());
    assert_eq!(marks(&before), [step(), none(), none()]);
    click(&doc, Id::Next);
    let after = rows(&doc);
    assert!(before
        .iter()
        .zip(&after)
        .all(|(a, b)| a.is_same_node(Some(b))));
    assert_eq!(marks(&after), [none(), step(), none()]);
    click(&doc, Id::First);
    assert_eq!(marks(&rows(&doc)), [step(), none(), none()]);
    // The board's text is its JSON; a <wbr> after each comma is where a
    // line may break.
    let board = before[0]
        .query_selector("td:nth-child(3)")
        .unwrap()
        .unwrap();
    assert_eq!(board.text_content().unwrap(), "[1,2,3,4,5,6,0,7,8]");
    assert_eq!(board.query_selector_all("wbr").unwrap().length(), 8);
}

#[wasm_bindgen_test]
fn tabs_select_their_panel() {
    let doc = page();
    let selected = |id: Id| {
        doc.get_element_by_id(id.name())
            .unwrap()
            .get_attribute("aria-selected")
            .unwrap_or_default()
    };
    let hidden = |id: Id| {
        doc.get_element_by_id(id.name())
            .unwrap()
            .has_attribute("hidden")
    };
    assert_eq!(selected(Id::TabSolution), "true");
    assert!(!hidden(Id::SolutionPanel) && hidden(Id::LabPanel));
    click(&doc, Id::TabLab);
    assert_eq!(
        (selected(Id::TabSolution), selected(Id::TabLab)),
        ("false".to_string(), "true".to_string())
    );
    assert!(hidden(Id::SolutionPanel) && !hidden(Id::LabPanel));
}
