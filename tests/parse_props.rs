//! Property tests of the shape-generic parser, boards and moves: any text
//! gives a board or a specific error (never a panic), 3×3 texts give exactly
//! the contract parser's answer, every board of every shape prints to a text
//! that parses back to it, every move is undone by its opposite, and the
//! parity verdict is kept by every move and flipped by a swap of two tiles.

use eight_puzzle::engine::{
    check_parity, contract::parse_board_3x3, parse::BoardError, parse_board, Board, Move, Shape,
};
use proptest::prelude::*;

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

const KINDS: [&str; 19] = [
    "not_json",
    "flat_not_square",
    "not_an_array",
    "mixed_nesting",
    "ragged_rows",
    "too_thin",
    "too_many_cells",
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
        8 => (0i64..25).prop_map(|v| v.to_string()),
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

/// Any shape of the family.
fn shape() -> impl Strategy<Value = Shape> {
    prop::sample::select(Shape::all())
}

/// A random board of a random shape.
fn board() -> impl Strategy<Value = Board> {
    shape().prop_flat_map(|s| {
        Just((0..s.cells() as u8).collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(move |v| Board::new(s, &v).expect("a shuffled range is a permutation"))
    })
}

/// Flat arrays of 0–27 cells, 1–6 rows of 1–6 cells, or valid boards.
fn board_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(cell(), 0..27).prop_map(|v| format!("[{}]", v.join(","))),
        prop::collection::vec(prop::collection::vec(cell(), 1..7), 1..7).prop_map(|rows| {
            let rows: Vec<String> = rows.iter().map(|r| format!("[{}]", r.join(","))).collect();
            format!("[{}]", rows.join(","))
        }),
        board().prop_map(|b| b.to_json()),
        board().prop_map(|b| b.rows_json()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_text_gives_a_board_or_a_specific_error(text in "\\PC{0,40}") {
        match parse_board(&text) {
            Ok(b) => prop_assert!(Shape::all().contains(&b.shape())),
            Err(e) => {
                prop_assert!(KINDS.contains(&e.kind()));
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn board_shaped_text_gives_a_board_or_a_specific_error(text in board_text()) {
        match &parse_board(&text) {
            Ok(b) if b.shape() == Shape::THREE => prop_assert_eq!(parse_board_3x3(&text), Ok(*b)),
            Ok(b) => prop_assert_eq!(Board::new(b.shape(), b.cells()), Some(*b)),
            Err(e) => {
                prop_assert!(KINDS.contains(&e.kind()));
                let message = e.to_string();
                // Positions are named on the shape the text was read as, and
                // every shape but 3×3 is named first.
                if let Some(i) = index_of(&e.error) {
                    let shape = e.shape.unwrap_or(Shape::THREE);
                    prop_assert!(message.contains(&shape.position_text(i)), "{}", message);
                }
                match e.shape {
                    Some(s) if s == Shape::THREE => {
                        // A text read as 3×3 gets exactly the contract parser's error.
                        let three = parse_board_3x3(&text).unwrap_err();
                        prop_assert_eq!(&three, &e.error);
                        prop_assert_eq!(three.to_string(), message);
                    }
                    Some(s) => {
                        let prefix = format!("{} board: ", s.name());
                        prop_assert!(message.starts_with(&prefix), "{}", message);
                    }
                    None => {}
                }
            }
        }
    }

    #[test]
    fn a_printed_board_parses_back(b in board()) {
        prop_assert_eq!(parse_board(&b.to_json()), Ok(b));
        prop_assert_eq!(parse_board(&b.rows_json()), Ok(b));
    }

    #[test]
    fn every_move_is_undone_by_its_opposite(b in board()) {
        for m in Move::ALL {
            match b.apply(m) {
                Some(after) => {
                    prop_assert_ne!(after, b);
                    prop_assert_eq!(after.apply(m.opposite()), Some(b));
                }
                // Only at the edge: the blank's row or column ends there.
                None => {
                    let (s, blank) = (b.shape(), b.blank());
                    let edge = match m {
                        Move::Up => s.row_of(blank) == 0,
                        Move::Down => s.row_of(blank) + 1 == s.height(),
                        Move::Left => s.col_of(blank) == 0,
                        Move::Right => s.col_of(blank) + 1 == s.width(),
                    };
                    prop_assert!(edge);
                }
            }
        }
    }

    #[test]
    fn parity_is_kept_by_moves_and_flipped_by_a_swap(a in board(), seed in any::<u64>()) {
        let s = a.shape();
        // A second board of the same shape.
        let mut cells = a.cells().to_vec();
        let n = cells.len();
        cells.rotate_left((seed % n as u64) as usize);
        let b = Board::new(s, &cells).unwrap();
        let verdict = check_parity(&a, &b);
        prop_assert_eq!(verdict.is_ok(), check_parity(&b, &a).is_ok());
        for m in Move::ALL {
            if let Some(a2) = a.apply(m) {
                prop_assert_eq!(check_parity(&a2, &b).is_ok(), verdict.is_ok());
            }
        }
        let mut swapped = a.cells().to_vec();
        let tiles: Vec<usize> = (0..n).filter(|&i| swapped[i] != 0).take(2).collect();
        swapped.swap(tiles[0], tiles[1]);
        let swapped = Board::new(s, &swapped).unwrap();
        prop_assert_eq!(check_parity(&swapped, &b).is_ok(), verdict.is_err());
        if let Err(p) = verdict {
            prop_assert_eq!(p.start, a.inversions());
            prop_assert_eq!(p.start_blank_row.is_some(), s.width() % 2 == 0);
        }
    }
}

#[test]
fn four_by_four_messages() {
    let err = |t: &str| parse_board(t).unwrap_err();
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,15]").to_string(),
        "4×4 board: value 15 appears twice, at position 14 (row 4, column 3) and at position 15 (row 4, column 4), so 0 is missing"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]").to_string(),
        "4×4 board: only 15 of sixteen values given; missing 0"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,\"15\"]").to_string(),
        "4×4 board: position 15 (row 4, column 4) holds the string \"15\"; numbers must not be quoted"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,16]").to_string(),
        "4×4 board: value 16 at position 15 (row 4, column 4) is outside 0–15"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,2.5]").to_string(),
        "4×4 board: position 15 (row 4, column 4) holds 2.5, a fraction; each cell must be a whole number from 0 to 15"
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15.0]").to_string(),
        "4×4 board: position 15 (row 4, column 4) holds 15.0, written with a decimal point or exponent; write the integer 15"
    );
    assert_eq!(
        err("{}").to_string(),
        "expected a JSON array of rows (any shape) or of 4, 9, 16, 25, 36, 49 or 64 numbers (a square board), found an object"
    );
    // Fewer than nine values with a 9–15 among them are read as 4×4.
    let e = err("[12,1,2]");
    assert_eq!(e.shape, Some(Shape::FOUR));
    assert_eq!(e.kind(), "too_few");
    // Nested 4×4 parses like flat.
    assert_eq!(
        parse_board("[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]").unwrap(),
        Board::default_goal(Shape::FOUR)
    );
    // A 3×3 text keeps the contract's wording.
    assert_eq!(
        err("[1,2,3,4,9,6,0,7,8]").to_string(),
        "value 9 at position 4 (row 2, column 2) is outside 0–8"
    );
}

#[test]
fn every_shape_by_rows_and_its_own_errors() {
    let err = |t: &str| parse_board(t).unwrap_err();
    let b = parse_board("[[1,2,3,4],[5,6,7,8],[9,10,11,0]]").unwrap();
    assert_eq!(b.shape(), Shape::new(4, 3).unwrap());
    assert_eq!(b, Board::default_goal(b.shape()));
    assert_eq!(
        parse_board("[[1,2],[3,0]]").unwrap().shape(),
        Shape::new(2, 2).unwrap()
    );
    assert_eq!(
        parse_board("[1,2,3,0]").unwrap().shape(),
        Shape::new(2, 2).unwrap()
    );
    // Ragged rows name the row.
    let e = err("[[1,2,3,4],[5,6,7],[8,9,10,0]]");
    assert_eq!(e.kind(), "ragged_rows");
    assert_eq!(
        e.to_string(),
        "row 2 holds 3 values but row 1 holds 4; every row must be as long as the first"
    );
    // 1-wide and 1-tall boards.
    let e = err("[[1],[2],[0]]");
    assert_eq!(e.kind(), "too_thin");
    assert_eq!(
        e.to_string(),
        "1 column wide and 3 rows tall is too thin; a board needs at least 2 columns and 2 rows"
    );
    assert_eq!(err("[[1,2,0]]").kind(), "too_thin");
    // More than 64 cells, flat or in rows.
    let e = err(&format!("{:?}", (0..65).collect::<Vec<u8>>()));
    assert_eq!(e.kind(), "too_many_cells");
    assert_eq!(
        e.to_string(),
        "65 values given; the largest board, 8×8, has 64"
    );
    let rows = format!(
        "{:?}",
        (0..33).map(|r| [2 * r, 2 * r + 1]).collect::<Vec<_>>()
    );
    assert_eq!(
        err(&rows).to_string(),
        "33 rows of 2 make 66 cells; the largest board, 8×8, has 64"
    );
    // 26 values 0…25 flat are a whole 2×13 board, which asks for rows.
    let e = err(&format!("{:?}", (0..26).collect::<Vec<u8>>()));
    assert_eq!(e.kind(), "flat_not_square");
    // The other shapes name themselves.
    assert_eq!(
        err("[[1,2,3],[4,5,5]]").to_string(),
        "3×2 board: value 5 appears twice, at position 4 (row 2, column 2) and at position 5 (row 2, column 3), so 0 is missing"
    );
    assert_eq!(
        err("[[1,2,3],[4,5,6]]").to_string(),
        "3×2 board: value 6 at position 5 (row 2, column 3) is outside 0–5"
    );
    // A whole board of a shape that is not square, given flat, asks for rows.
    let e = err("[1,2,3,4,5,6,7,8,9,10,11,0]");
    assert_eq!((e.kind(), e.shape), ("flat_not_square", None));
    assert_eq!(
        e.to_string(),
        "12 values in a flat list; a flat list is read only for a square board (4, 9, 16, 25, 36, 49 or 64 values), so write a board of 12 cells as rows, e.g. [[1,2,3,4,5,6],[7,8,9,10,11,0]] for 6 wide and 2 tall"
    );
    // Ten values that are not a whole board keep the 3×3 contract's message.
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,0,0]").to_string(),
        "10 values given; a board has exactly nine"
    );
    // 17 to 25 values are read as 5×5.
    let e = err("[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]");
    assert_eq!(e.shape, Some(Shape::FIVE));
    assert_eq!(
        e.to_string(),
        "5×5 board: only 17 of twenty-five values given; missing 17, 18, 19, 20, 21, 22, 23, 24"
    );
}
