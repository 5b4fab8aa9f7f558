//! Property tests of the size-generic parser and the 4×4 validator: any
//! text gives a board or a specific error (never a panic), 3×3 texts give
//! exactly the contract parser's answer, and any board gives a verdict.

use eight_puzzle::engine::fifteen::{apply16, check_parity16, Board16};
use eight_puzzle::engine::{
    parse_any_board, parse_board, position_text_for, AnyBoard, BoardError, BoardSize, Move,
};

fn index_of(e: &BoardError) -> Option<usize> {
    match e {
        BoardError::NumericString { index, .. }
        | BoardError::Text { index, .. }
        | BoardError::Fraction { index, .. }
        | BoardError::DecimalInteger { index, .. }
        | BoardError::NotANumber { index, .. }
        | BoardError::OutOfRange { index, .. } => Some(*index),
        BoardError::Duplicate { second, .. } => Some(*second),
        _ => None,
    }
}
use proptest::prelude::*;

const KINDS: [&str; 15] = [
    "not_json",
    "not_an_array",
    "mixed_nesting",
    "wrong_row_count",
    "wrong_row_length",
    "numeric_string",
    "text",
    "fraction",
    "decimal_integer",
    "signed_zero",
    "not_a_number",
    "out_of_range",
    "too_few",
    "too_many",
    "duplicate",
];

/// A JSON scalar, biased toward the interesting ones.
fn cell() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (0i64..16).prop_map(|v| v.to_string()),
        1 => (-3i64..40).prop_map(|v| v.to_string()),
        1 => Just("1.5".to_string()),
        1 => Just("2.0".to_string()),
        1 => Just("\"3\"".to_string()),
        1 => Just("\"x\"".to_string()),
        1 => Just("true".to_string()),
        1 => Just("null".to_string()),
        1 => Just("{}".to_string()),
        1 => Just("[1]".to_string()),
    ]
}

/// Flat arrays of 0–20 cells, or 2–5 rows of 2–5 cells.
fn board_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(cell(), 0..20).prop_map(|v| format!("[{}]", v.join(","))),
        prop::collection::vec(prop::collection::vec(cell(), 2..6), 2..6).prop_map(|rows| {
            let rows: Vec<String> = rows.iter().map(|r| format!("[{}]", r.join(","))).collect();
            format!("[{}]", rows.join(","))
        }),
        // Permutations, the valid case, in both sizes.
        Just((0u8..9).collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(|v| format!("{v:?}")),
        Just((0u8..16).collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(|v| format!("{v:?}")),
    ]
}

fn permutation16() -> impl Strategy<Value = Board16> {
    Just((0u8..16).collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(|v| Board16::from_cells(v.try_into().unwrap()).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_text_gives_a_board_or_a_specific_error(text in "\\PC{0,40}") {
        match parse_any_board(&text) {
            Ok(b) => prop_assert!(matches!(b.size(), BoardSize::Three | BoardSize::Four)),
            Err(e) => {
                prop_assert!(KINDS.contains(&e.kind()));
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn board_shaped_text_gives_a_board_or_a_specific_error(text in board_text()) {
        let any = parse_any_board(&text);
        match &any {
            Ok(AnyBoard::Four(b)) => {
                prop_assert_eq!(Board16::from_cells(b.cells()), Some(*b));
            }
            Ok(AnyBoard::Three(b)) => prop_assert_eq!(parse_board(&text), Ok(*b)),
            Err(e) => {
                prop_assert!(KINDS.contains(&e.kind()));
                let message = e.to_string();
                // Positions are named with the right width.
                if let Some(i) = index_of(&e.error) {
                    let width = if e.size == Some(BoardSize::Four) { 4 } else { 3 };
                    prop_assert!(message.contains(&position_text_for(i, width)), "{}", message);
                }
                if e.size == Some(BoardSize::Three) {
                    // A text read as 3×3 gets exactly the contract parser's error.
                    let three = parse_board(&text).unwrap_err();
                    prop_assert_eq!(&three, &e.error);
                    prop_assert_eq!(three.to_string(), message);
                }
            }
        }
        // Valid exactly when the values are a permutation of 0..n for n = 9 or 16
        // (flat form).
        if let Ok(serde_json::Value::Array(items)) = serde_json::from_str::<serde_json::Value>(&text) {
            if items.iter().all(|v| v.is_u64()) {
                let mut vals: Vec<u64> = items.iter().filter_map(|v| v.as_u64()).collect();
                vals.sort_unstable();
                let perm = (vals.len() == 9 || vals.len() == 16)
                    && vals.iter().enumerate().all(|(i, &v)| v == i as u64);
                prop_assert_eq!(any.is_ok(), perm, "{}", text);
            }
        }
    }

    #[test]
    fn any_pair_of_boards_gives_a_verdict(a in permutation16(), b in permutation16()) {
        let verdict = check_parity16(&a, &b);
        // Symmetric, and kept by every legal move of either board.
        prop_assert_eq!(verdict.is_ok(), check_parity16(&b, &a).is_ok());
        for m in Move::ALL {
            if let Some(a2) = apply16(m, &a) {
                prop_assert_eq!(check_parity16(&a2, &b).is_ok(), verdict.is_ok());
            }
        }
        // Swapping two tiles flips it.
        let mut cells = a.cells();
        let (i, j) = if cells[0] != 0 && cells[1] != 0 { (0, 1) } else { (2, 3) };
        cells.swap(i, j);
        let swapped = Board16::from_cells(cells).unwrap();
        prop_assert_eq!(check_parity16(&swapped, &b).is_ok(), verdict.is_err());
        if let Err(p) = verdict {
            prop_assert_eq!(p.start_inversions, a.inversions());
            prop_assert_eq!(p.goal_blank_row, b.blank_row());
        }
    }
}

#[test]
fn four_by_four_messages() {
    let err = |t: &str| parse_any_board(t).unwrap_err();
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,15]").to_string(),
        "value 15 appears twice, at position 14 (row 4, column 3) and at position 15 (row 4, column 4), so 0 is missing"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]").to_string(),
        "only 15 of sixteen values given; missing 0"
    );
    assert_eq!(
        err("[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0]]").to_string(),
        "row 4 holds 3 values; each row needs exactly four"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,\"15\"]").to_string(),
        "position 15 (row 4, column 4) holds the string \"15\"; numbers must not be quoted"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,16]").to_string(),
        "value 16 at position 15 (row 4, column 4) is outside 0–15"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,2.5]").to_string(),
        "position 15 (row 4, column 4) holds 2.5, a fraction; each cell must be a whole number from 0 to 15"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15.0]").to_string(),
        "position 15 (row 4, column 4) holds 15.0, written with a decimal point or exponent; write the integer 15"
    );
    assert_eq!(
        err("[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]").to_string(),
        "17 values given; a board has exactly nine or sixteen"
    );
    assert_eq!(
        err("[[1,2],[3,4]]").to_string(),
        "2 rows given; the nested form needs three rows of three or four rows of four"
    );
    assert_eq!(
        err("{}").to_string(),
        "expected a JSON array of nine or sixteen numbers, found an object"
    );
    // Fewer than nine values with a 9–15 among them are read as 4×4.
    let e = err("[12,1,2]");
    assert_eq!(e.size, Some(BoardSize::Four));
    assert_eq!(e.kind(), "too_few");
    // Nested 4×4 parses like flat.
    assert_eq!(
        parse_any_board("[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]").unwrap(),
        AnyBoard::Four(Board16::DEFAULT_GOAL)
    );
    // A 3×3 text keeps the contract's wording.
    assert_eq!(
        err("[1,2,3,4,9,6,0,7,8]").to_string(),
        "value 9 at position 4 (row 2, column 2) is outside 0–8"
    );
}
