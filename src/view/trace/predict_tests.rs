//! Predict mode and the pseudocode highlight, natively: the quiz's
//! judgement at each tie-break (through the checker's one rule), the score,
//! IDA*'s questions, and the lines each event kind marks.

use super::*;
use crate::engine::{
    contract::{parse_board_3x3, Budget, Entry, Goal},
    teaching::{PopKind, Rule},
    Board,
};
use crate::view::{Field, Inputs, Tab, TraceAction, Workbench};

const HARD: &str = "[8,6,7,2,5,4,3,0,1]";

fn bench(start: &str) -> Workbench {
    let mut w = Workbench::new(Inputs::default());
    w.edit(Field::Start, start);
    w.edit(Field::Budget, "10000");
    w.select_tab(Tab::Trace);
    w
}

fn said(w: &mut Workbench) -> String {
    w.view().trace.predict.said
}

#[test]
fn a_right_answer_pops_and_scores() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    w.apply(TraceAction::Predict(true));
    let p = w.view().trace.predict;
    assert_eq!(
        p.question,
        "Pop 1: which entry does the frontier pop next? 1 entry has the smallest f, 2; choose one, or type any key."
    );
    assert_eq!(p.choices.len(), 1);
    assert_eq!(p.choices[0].answer, "123456078");
    assert_eq!(p.choices[0].label, "Pops next: 123456078");
    assert_eq!(p.score, "Score: 0 right out of 0 asked.");
    w.apply(TraceAction::Answer("123456078".into()));
    let v = w.view();
    assert_eq!(v.trace.view.as_ref().unwrap().event, 1);
    assert_eq!(
        v.trace.predict.said,
        "Right: the frontier pops (f 2, h 2, key 123456078, seq 0) next, and it is popped now. Score: 1 right out of 1 asked."
    );
    assert_eq!(v.trace.predict.score, "Score: 1 right out of 1 asked.");
    assert!(
        v.link
            .ends_with("&tab=trace&events=1&predict=1&score=1%2F1"),
        "{}",
        v.link
    );
}

#[test]
fn a_wrong_answer_at_f_shows_the_right_entry_and_step_pops_it() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    w.apply(TraceAction::Predict(true));
    w.apply(TraceAction::Step);
    // Step with a question open asks instead of popping.
    assert_eq!(w.view().trace.view.unwrap().event, 0);
    assert_eq!(
        said(&mut w),
        "Predict is on: choose the entry you expect the frontier to pop next (or type its key) before it is popped. Run to end and Go to event move on without asking."
    );
    w.apply(TraceAction::Answer("123456078".into()));
    w.apply(TraceAction::Answer("123056478".into()));
    let v = w.view();
    assert_eq!(
        v.trace.view.as_ref().unwrap().event,
        1,
        "a wrong answer does not pop"
    );
    assert_eq!(
        v.trace.predict.said,
        "Not this one: the frontier pops (f 2, h 1, key 123456708, seq 2) before (f 4, h 3, key 123056478, seq 1): f decides (2 < 4). Step pops it. Score: 1 right out of 2 asked."
    );
    assert_eq!(v.trace.predict.question, "");
    assert!(v.trace.predict.choices.is_empty());
    assert_eq!(v.trace.predict.shown_title, "The entry popped next");
    assert_eq!(
        v.trace.predict.shown[0].caption,
        "(f 2, h 1, key 123456708, seq 2), g 1"
    );
    w.apply(TraceAction::Step);
    let v = w.view();
    assert_eq!(v.trace.view.as_ref().unwrap().event, 2);
    assert_eq!(v.trace.predict.shown, Vec::new());
    assert_eq!(v.trace.predict.score, "Score: 1 right out of 2 asked.");
}

#[test]
fn ties_at_h_and_at_key_name_the_rule_the_checker_names() {
    // Pop 2 of the hardest start: two entries with f 21 and h 20.
    let mut w = bench(HARD);
    w.apply(TraceAction::Predict(true));
    w.apply(TraceAction::Answer("867254301".into()));
    let p = w.view().trace.predict;
    assert_eq!(
        p.choices
            .iter()
            .map(|c| c.answer.as_str())
            .collect::<Vec<_>>(),
        ["867254031", "867254310"]
    );
    w.apply(TraceAction::Answer("867254310".into()));
    assert_eq!(
        said(&mut w),
        "Not this one: the frontier pops (f 21, h 20, key 867254031, seq 2) before (f 21, h 20, key 867254310, seq 3): equal f and h, key decides (867254031 < 867254310). Step pops it. Score: 1 right out of 2 asked."
    );
    w.apply(TraceAction::Step);
    w.apply(TraceAction::Answer("867254310".into()));
    // Pop 4: three entries with f 23; h decides against 867204351.
    let p = w.view().trace.predict;
    assert_eq!(
        p.choices
            .iter()
            .map(|c| c.answer.as_str())
            .collect::<Vec<_>>(),
        ["867204351", "867054231", "867250314"]
    );
    w.apply(TraceAction::Answer("867204351".into()));
    assert_eq!(
        said(&mut w),
        "Not this one: the frontier pops (f 23, h 21, key 867054231, seq 4) before (f 23, h 22, key 867204351, seq 1): equal f, h decides (21 < 22). Step pops it. Score: 2 right out of 4 asked."
    );
}

#[test]
fn the_judgement_uses_the_checkers_rule_at_every_tie_break() {
    let x = Entry {
        key: 0x123456708,
        g: 1,
        h: 1,
        seq: 2,
    };
    let cases = [
        (
            Entry {
                key: 0x123056478,
                g: 1,
                h: 3,
                seq: 1,
            },
            "f",
            "f decides (2 < 4)",
        ),
        (
            Entry {
                key: 0x123406758,
                g: 0,
                h: 2,
                seq: 5,
            },
            "h",
            "equal f, h decides (1 < 2)",
        ),
        (
            Entry {
                key: 0x123456780,
                g: 1,
                h: 1,
                seq: 3,
            },
            "key",
            "equal f and h, key decides (123456708 < 123456780)",
        ),
        (
            Entry {
                key: 0x123456708,
                g: 1,
                h: 1,
                seq: 7,
            },
            "seq",
            "equal f, h and key, seq decides (2 < 7)",
        ),
    ];
    for (y, name, reason) in cases {
        let rule = Rule::between(&x, &y);
        assert_eq!(rule.name(), name);
        let j = judge_entries(&x, Some(&y), rule, y.key);
        assert!(!j.right);
        assert_eq!(j.rule, Some(name));
        assert_eq!(
            j.sentence,
            format!(
                "Not this one: the frontier pops (f 2, h 1, key 123456708, seq 2) before ({}): {reason}. Step pops it.",
                format_args!("f {}, h {}, key {:09x}, seq {}", y.f(), y.h, y.key, y.seq)
            )
        );
    }
    let j = judge_entries(&x, Some(&x), Rule::between(&x, &x), x.key);
    assert_eq!((j.right, j.rule), (true, None));
}

#[test]
fn a_key_not_in_the_frontier_and_a_bad_key() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    w.apply(TraceAction::Predict(true));
    w.apply(TraceAction::Answer("12345678".into()));
    assert_eq!(
        said(&mut w),
        "Nothing judged: the key \"12345678\" has 8 characters; a key is nine digits."
    );
    assert_eq!(
        w.view().trace.predict.score,
        "Score: 0 right out of 0 asked."
    );
    w.apply(TraceAction::Answer("876543210".into()));
    assert_eq!(
        said(&mut w),
        "Not this one: 876543210 is not in the frontier: it was never pushed; the frontier pops (f 2, h 2, key 123456078, seq 0) next. Step pops it. Score: 0 right out of 1 asked."
    );
    let j = judge_pop(
        &Entry {
            key: 0x123456708,
            g: 1,
            h: 1,
            seq: 2,
        },
        &[],
        &[],
        0x123456078,
        0x123456078,
    );
    assert_eq!(j.rule, Some("not_in_frontier"));
}

#[test]
fn the_score_is_cleared_by_an_edit_and_kept_by_reset_and_the_link() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    w.apply(TraceAction::Predict(true));
    w.apply(TraceAction::Answer("123456078".into()));
    w.apply(TraceAction::Answer("123056478".into()));
    let link = w.view().link;
    assert!(link.ends_with("&predict=1&score=1%2F2"), "{link}");
    let mut again = Workbench::from_link(&link);
    let v = again.view();
    assert_eq!(v.trace.predict.score, "Score: 1 right out of 2 asked.");
    assert!(v.trace.predict.on);
    assert_eq!(v.trace.view.unwrap().event, 1);
    w.apply(TraceAction::Reset);
    assert_eq!(
        w.view().trace.predict.score,
        "Score: 1 right out of 2 asked."
    );
    w.edit(Field::Start, "[1,2,3,4,5,6,7,0,8]");
    let v = w.view();
    assert_eq!(v.trace.predict.score, "Score: 0 right out of 0 asked.");
    assert_eq!(v.trace.predict.said, "");
    assert!(!v.link.contains("score="), "{}", v.link);
}

#[test]
fn ida_asks_cut_off_and_the_next_bound() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    w.apply(TraceAction::Algorithm("idastar".into()));
    w.apply(TraceAction::Predict(true));
    let p = w.view().trace.predict;
    assert_eq!(
        p.question,
        "Next board: 123456078 at g 0 in iteration 1, bound 2. Is it cut off (is f = g + h over the bound)?"
    );
    assert_eq!(
        p.choices
            .iter()
            .map(|c| c.answer.as_str())
            .collect::<Vec<_>>(),
        ["yes", "no"]
    );
    w.apply(TraceAction::Answer("no".into()));
    assert_eq!(
        said(&mut w),
        "Right: 123456078 at g 0 has f = 0 + 2 = 2, within the bound 2, so it is not cut off; it is entered now. Score: 1 right out of 1 asked."
    );
    w.apply(TraceAction::Answer("no".into()));
    assert_eq!(
        said(&mut w),
        "Not this one: 123056478 at g 1 has f = 1 + 3 = 4, over the bound 2, so it is cut off. Step enters it. Score: 1 right out of 2 asked."
    );
    assert_eq!(w.view().trace.ida.unwrap().event, 1);
    w.apply(TraceAction::Step);
    assert_eq!(w.view().trace.ida.unwrap().event, 2);
    // The hardest start: iteration 1 (bound 21) ends after event 6.
    let mut w = bench(HARD);
    w.apply(TraceAction::Algorithm("idastar".into()));
    w.apply(TraceAction::Jump("6".into()));
    w.apply(TraceAction::Predict(true));
    let p = w.view().trace.predict;
    assert_eq!(
        p.question,
        "Iteration 1 ended without the goal under the bound 21. What is the next bound?"
    );
    assert_eq!(
        p.choices
            .iter()
            .map(|c| c.answer.as_str())
            .collect::<Vec<_>>(),
        ["22", "23", "24", "25"]
    );
    w.apply(TraceAction::Answer("x".into()));
    assert_eq!(
        said(&mut w),
        "Nothing judged: the next bound is a whole number, such as 22; \"x\" is not."
    );
    w.apply(TraceAction::Answer("22".into()));
    assert_eq!(
        said(&mut w),
        "Not this one: the next bound is 23, not 22: the smallest f that went over the bound 21 in iteration 1. Step begins iteration 2. Score: 0 right out of 1 asked."
    );
    w.apply(TraceAction::Step);
    let ida = w.view().trace.ida.unwrap();
    assert_eq!((ida.event, ida.iterations.len()), (7, 2));
    w.apply(TraceAction::Jump("71".into()));
    w.apply(TraceAction::Answer("25".into()));
    assert_eq!(
        said(&mut w),
        "Right: the next bound is 25, the smallest f that went over the bound 23 in iteration 2; iteration 3 begins now. Score: 1 right out of 2 asked."
    );
}

fn lines_at(w: &mut Workbench) -> Vec<u8> {
    w.view()
        .trace
        .code
        .lines
        .iter()
        .filter(|l| l.current)
        .map(|l| l.number)
        .collect()
}

#[test]
fn astar_pseudocode_marks_the_lines_of_every_event_kind() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    let code = w.view().trace.code;
    assert_eq!(code.title, "A* in pseudocode");
    assert_eq!(code.lines.len(), 9);
    assert_eq!(code.note, "Before the first event: line 1 is marked.");
    assert_eq!(lines_at(&mut w), [1]);
    w.apply(TraceAction::Step); // the start expanded, both neighbours pushed
    assert_eq!(lines_at(&mut w), [3, 7, 8]);
    w.apply(TraceAction::Step); // 123456708 expanded; the move back is not improved
    assert_eq!(lines_at(&mut w), [3, 7, 8, 9]);
    assert_eq!(
        w.view().trace.code.note,
        "Event 2 ran lines 3, 7, 8 and 9 (marked)."
    );
    w.apply(TraceAction::Step); // the goal
    assert_eq!(lines_at(&mut w), [3, 5]);
    w.apply(TraceAction::Back);
    assert_eq!(lines_at(&mut w), [3, 7, 8, 9]);
    w.apply(TraceAction::Jump("0".into()));
    assert_eq!(lines_at(&mut w), [1]);
    w.apply(TraceAction::Run);
    assert_eq!(lines_at(&mut w), [3, 5]);
    // Budget 1: the second pop is the budget stop.
    w.edit(Field::Budget, "1");
    w.apply(TraceAction::Run);
    assert_eq!(lines_at(&mut w), [3, 6]);
    // The hardest start: pop 293 is the first stale pop, pop 351 an
    // expansion that pushes nothing.
    let mut w = bench(HARD);
    w.apply(TraceAction::Jump("293".into()));
    assert_eq!(
        w.view().trace.view.unwrap().latest.unwrap().kind,
        "stale (skipped)"
    );
    assert_eq!(lines_at(&mut w), [3, 4]);
    w.apply(TraceAction::Jump("351".into()));
    assert_eq!(lines_at(&mut w), [3, 7, 9]);
    // Unsolvable: no search, nothing marked.
    w.edit(Field::Start, "[2,1,3,4,5,6,7,8,0]");
    let code = w.view().trace.code;
    assert_eq!(code.lines.iter().filter(|l| l.current).count(), 0);
    assert_eq!(code.note, "No search runs, so no line is marked.");
}

#[test]
fn ida_pseudocode_marks_the_lines_of_every_event_kind() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    w.apply(TraceAction::Algorithm("idastar".into()));
    assert_eq!(w.view().trace.code.title, "IDA* in pseudocode");
    assert_eq!(lines_at(&mut w), [1]);
    w.apply(TraceAction::Step); // the start, within bound 2: expanded
    assert_eq!(lines_at(&mut w), [3, 4, 8]);
    w.apply(TraceAction::Step); // 123056478: f 4 over the bound
    assert_eq!(lines_at(&mut w), [4, 5]);
    w.apply(TraceAction::Step); // 123456708 expanded
    assert_eq!(lines_at(&mut w), [4, 8]);
    w.apply(TraceAction::Run); // the goal
    assert_eq!(lines_at(&mut w), [4, 6]);
    w.apply(TraceAction::Back);
    assert_eq!(lines_at(&mut w), [4, 5]);
    // IDA* budget 1 (its own field): the second board within the bound is
    // the budget stop.
    w.apply(TraceAction::IdaBudget("1".into()));
    w.apply(TraceAction::Run);
    assert_eq!(lines_at(&mut w), [4, 7]);
    // A new iteration: the start entered again under the next bound.
    let mut w = bench(HARD);
    w.apply(TraceAction::Algorithm("idastar".into()));
    w.apply(TraceAction::Jump("7".into()));
    assert_eq!(lines_at(&mut w), [3, 4, 8, 9]);
    assert_eq!(
        w.view().trace.code.note,
        "Event 7 ran lines 3, 4, 8 and 9 (marked)."
    );
}

#[test]
fn candidates_are_capped_and_drawn_in_push_order() {
    let start = parse_board_3x3(HARD).unwrap();
    let mut t = Trace::new(start, Goal::default(), Budget::new(10000));
    t.seek(2000);
    let frontier = t.frontier();
    let tied = frontier
        .iter()
        .take_while(|e| Rule::between(&frontier[0], e) != Rule::F)
        .count();
    assert!(tied > CHOICES_SHOWN, "{tied}");
    let mut w = bench(HARD);
    w.apply(TraceAction::Jump("2000".into()));
    w.apply(TraceAction::Predict(true));
    let p = w.view().trace.predict;
    assert_eq!(p.choices.len(), CHOICES_SHOWN);
    assert!(p
        .choices
        .iter()
        .any(|c| c.answer == frontier[0].key_string()));
    let seqs: Vec<u32> = frontier[..CHOICES_SHOWN].iter().map(|e| e.seq).collect();
    let mut sorted = seqs.clone();
    sorted.sort_unstable();
    let shown: Vec<String> = p.choices.iter().map(|c| c.answer.clone()).collect();
    let want: Vec<String> = sorted
        .iter()
        .map(|s| frontier.iter().find(|e| e.seq == *s).unwrap().key_string())
        .collect();
    assert_eq!(shown, want);
    assert_eq!(
        p.more,
        format!(
            "{} more entries with f {} are not drawn (the 12 drawn come first by h, key and seq, shown in push order); type a key to choose another.",
            tied - CHOICES_SHOWN,
            frontier[0].f()
        )
    );
    let _ = (Board::DEFAULT_GOAL, PopKind::Stale);
}

#[test]
fn a_weighted_trace_is_judged_by_the_priority_it_uses() {
    // Under f = g + h the two entries tie on f (4) and h decides; under
    // f = g + 2·h the first has f 6, the second f 7: f decides.
    let x = Entry {
        key: 0x123406758,
        g: 2,
        h: 2,
        seq: 3,
    };
    let y = Entry {
        key: 0x123056478,
        g: 1,
        h: 3,
        seq: 1,
    };
    assert_eq!(Rule::between(&x, &y), Rule::H);
    assert_eq!(Rule::between_under(&x, &y, 4), Rule::F);
    assert_eq!(
        judge_pop_under(&x, &[x, y], &[], 0, y.key, 4).sentence,
        "Not this one: the frontier pops (f 6, h 2, key 123406758, seq 3) before (f 7, h 3, key 123056478, seq 1): f decides (6 < 7). Step pops it."
    );
    assert_eq!(
        judge_pop_under(&x, &[x, y], &[], 0, y.key, 5).sentence,
        "Not this one: the frontier pops (f 7, h 2, key 123406758, seq 3) before (f 8.5, h 3, key 123056478, seq 1): f decides (7 < 8.5). Step pops it."
    );

    // The Workbench's weighted trace asks and judges with f = g + 2·h.
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    w.apply(TraceAction::Weight("2".into()));
    w.apply(TraceAction::Step);
    w.apply(TraceAction::Predict(true));
    let p = w.view().trace.predict;
    assert_eq!(
        p.question,
        "Pop 2: which entry does the frontier pop next? 1 entry has the smallest f, 3; choose one, or type any key."
    );
    assert_eq!(
        p.choices[0].board.as_ref().unwrap().caption,
        "(f 3, h 1, key 123456708, seq 2), g 1"
    );
    w.apply(TraceAction::Answer("123056478".into()));
    assert_eq!(
        said(&mut w),
        "Not this one: the frontier pops (f 3, h 1, key 123456708, seq 2) before (f 7, h 3, key 123056478, seq 1): f decides (3 < 7). Step pops it. Score: 0 right out of 1 asked."
    );
    w.apply(TraceAction::Step);
    let v = w.view();
    assert_eq!(v.trace.view.as_ref().unwrap().event, 2);
    assert_eq!(
        v.trace.code.lines[2].text,
        "pop the entry with the smallest (f, h, key, seq), where f = g + w·h"
    );
    assert!(
        v.link.ends_with("&predict=1&score=0%2F1&weight=2"),
        "{}",
        v.link
    );
}

#[test]
fn right_and_wrong_answers_differ_by_word_icon_and_verdict() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]");
    w.apply(TraceAction::Predict(true));
    let p = w.view().trace.predict;
    assert_eq!((p.verdict, p.mark), (None, ""));
    w.apply(TraceAction::Answer("123456078".into()));
    let p = w.view().trace.predict;
    assert!(p.said.starts_with("Right: "), "{}", p.said);
    assert_eq!((p.verdict, p.mark), (Some(true), "✓"));
    w.apply(TraceAction::Answer("123056478".into()));
    let p = w.view().trace.predict;
    assert!(p.said.starts_with("Not this one: "), "{}", p.said);
    assert_eq!((p.verdict, p.mark), (Some(false), "✗"));
    assert_ne!(RIGHT_MARK, WRONG_MARK);
    // A sentence that judges nothing has neither.
    w.apply(TraceAction::Answer("123".into()));
    let p = w.view().trace.predict;
    assert!(
        p.said.starts_with("This one was answered already"),
        "{}",
        p.said
    );
    assert_eq!((p.verdict, p.mark), (None, ""));
}
