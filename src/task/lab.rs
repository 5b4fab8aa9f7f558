//! Compare all's tasks: the exact optimum, or one algorithm's row, each
//! timed on the clock the caller passes in.

use crate::engine::teaching::lab::{run, Algorithm, LabVerdict};
use crate::engine::{contract::Goal, Board};
use serde::{Deserialize, Serialize};

/// The clock: milliseconds, monotonic.
pub type Clock<'a> = &'a mut dyn FnMut() -> f64;

/// The finest step a page's clock resolves without cross-origin isolation
/// (browsers coarsen `performance.now()` to 0.1 ms), in ms.
pub const CLOCK_RESOLUTION_MS: f64 = 0.1;

/// A measured duration for people: tenths of a millisecond, the clock's own
/// resolution, and "< 0.1" below it, so a search too fast to time never
/// reads as 0.000.
pub fn duration_text(ms: f64) -> String {
    if ms < CLOCK_RESOLUTION_MS {
        return "< 0.1".into();
    }
    let tenths = (ms * 10.0).round() as u64;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// One algorithm's row in the compare panel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompareRow {
    /// Algorithm name.
    pub algorithm: String,
    /// `Solved`, `Unknown (BudgetExceeded)`, `Unknown (DepthLimitReached)`, `Unsolvable`.
    pub verdict: String,
    /// Path length, or "—".
    pub length: String,
    /// "yes", "no (+k)", or "—".
    pub optimal: String,
    /// Expansions.
    pub expansions: String,
    /// Boards generated.
    pub generated: String,
    /// Peak stored boards.
    pub peak: String,
    /// Time of this run in ms (tenths), or "< 0.1".
    pub ms: String,
}

impl CompareRow {
    /// A row from its cells in `COMPARE_HEADINGS` order (the Lab panel's).
    pub fn from_cells(c: [String; 8]) -> CompareRow {
        let [algorithm, verdict, length, optimal, expansions, generated, peak, ms] = c;
        CompareRow {
            algorithm,
            verdict,
            length,
            optimal,
            expansions,
            generated,
            peak,
            ms,
        }
    }

    /// The row's cells in `COMPARE_HEADINGS` order (the Lab panel's).
    pub fn cells(&self) -> [String; 8] {
        [
            self.algorithm.clone(),
            self.verdict.clone(),
            self.length.clone(),
            self.optimal.clone(),
            self.expansions.clone(),
            self.generated.clone(),
            self.peak.clone(),
            self.ms.clone(),
        ]
    }
}

/// One algorithm's row, its "Optimal?" cell left for the panel (`fill_optimal`).
pub fn compare_row(
    alg: Algorithm,
    start: &Board,
    goal: &Goal,
    budget: u64,
    clock: Clock<'_>,
) -> CompareRow {
    let t0 = clock();
    let out = run(alg, start, goal, budget);
    let ms = duration_text(clock() - t0);
    let dash = || "—".to_string();
    match out {
        Err(e) => CompareRow {
            algorithm: alg.name(),
            verdict: format!("Invalid — internal check failed: {e}"),
            length: dash(),
            optimal: dash(),
            expansions: dash(),
            generated: dash(),
            peak: dash(),
            ms,
        },
        Ok(o) => {
            let verdict = match &o.verdict {
                LabVerdict::Solved(_) => "Solved".to_string(),
                LabVerdict::Unknown(s) => format!("Unknown ({})", s.name()),
                LabVerdict::Unsolvable(_) => "Unsolvable".to_string(),
            };
            CompareRow {
                algorithm: alg.name(),
                verdict,
                length: o.length().map_or_else(dash, |l| l.to_string()),
                optimal: dash(),
                expansions: o.expansions.to_string(),
                generated: o.generated.to_string(),
                peak: o.peak_stored.to_string(),
                ms,
            }
        }
    }
}
