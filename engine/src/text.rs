//! Number formatting and counted nouns, shared by the command line and the
//! page.

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

/// `n` and the noun in agreement: `1 move`, `2 moves`, `0 moves`; a noun
/// ending in a consonant and y takes -ies (`1 entry`, `2 entries`).
pub fn plural(n: impl Into<u64>, word: &str) -> String {
    let n: u64 = n.into();
    format!("{n} {}", noun(n, word))
}

/// The noun of [`plural`] alone, for a count written another way (with
/// thousands separators): `expansion` for 1, `expansions` otherwise.
pub fn noun(n: impl Into<u64>, word: &str) -> String {
    if n.into() == 1 {
        return word.to_string();
    }
    match word.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{word}s"),
    }
}

/// "row 3, column 1" for a cell index of a board `width` cells wide.
pub fn cell_text_of(cell: usize, width: usize) -> String {
    format!("row {}, column {}", cell / width + 1, cell % width + 1)
}

/// Bytes in decimal units, three significant figures: "778 MB", "2.62 TB".
pub fn in_units(bytes: u128) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    let text = if value >= 100.0 {
        format!("{value:.0}")
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    };
    format!("{text} {}", units[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plural_agrees_with_its_count() {
        assert_eq!(plural(1u32, "event"), "1 event");
        assert_eq!(plural(2u32, "event"), "2 events");
        assert_eq!(plural(0u32, "move"), "0 moves");
        assert_eq!(plural(1u32, "entry"), "1 entry");
        assert_eq!(plural(2u32, "entry"), "2 entries");
        assert_eq!(plural(2u32, "day"), "2 days");
        assert_eq!(noun(1u32, "expansion"), "expansion");
        assert_eq!(noun(1_000u32, "expansion"), "expansions");
    }

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
