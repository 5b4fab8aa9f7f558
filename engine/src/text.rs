//! Number formatting shared by the command line and the page.

/// A whole number with a comma between groups of three digits:
/// 1234567 → "1,234,567".
pub fn thousands(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "row 3, column 1" for a cell index of a board `width` cells wide.
pub fn cell_text_of(cell: usize, width: usize) -> String {
    format!("row {}, column {}", cell / width + 1, cell % width + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_of_three() {
        assert_eq!(thousands(0u8), "0");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(1000u32), "1,000");
        assert_eq!(thousands(239_500_800u64), "239,500,800");
        assert_eq!(
            thousands(7_755_605_021_665_492_992_000_000u128),
            "7,755,605,021,665,492,992,000,000"
        );
    }
}
