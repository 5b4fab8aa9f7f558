//! The optimal IDA*'s progress lines on standard error (`solve`,
//! `korf100`, `korf24`): shown on a terminal, or with `--progress`, and
//! only on a long run: nothing in its first 2 s, then a line per finished
//! iteration and the running count at most every 2 s (rewritten in place on
//! a terminal, one a line otherwise), as `space --progress` does.

use eight_puzzle::engine::solve::{IdaNews, IdaProgress};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Hears one search's news and prints its lines.
pub(super) struct IdaReporter {
    on: bool,
    tty: bool,
    /// Put before each line (an instance's id), or empty.
    label: String,
    started: Instant,
    last: Instant,
    /// Whether a line rewritten in place is open.
    open: bool,
}

impl IdaReporter {
    const EVERY: Duration = Duration::from_secs(2);

    /// Lines when standard error is a terminal or `forced` (`--progress`).
    pub(super) fn new(forced: bool, label: String) -> IdaReporter {
        let tty = std::io::stderr().is_terminal();
        let now = Instant::now();
        IdaReporter {
            on: tty || forced,
            tty,
            label,
            started: now,
            last: now,
            open: false,
        }
    }

    /// One piece of news from the search.
    pub(super) fn hear(&mut self, news: IdaNews) {
        if !self.on || self.started.elapsed() < Self::EVERY {
            return;
        }
        match news {
            IdaNews::Iteration(p) => {
                let line = format!(
                    "{}bound {} done, no solution of that length: {}; next bound {}",
                    self.label,
                    p.completed_bound.unwrap_or(p.bound),
                    self.counts(&p),
                    p.bound
                );
                self.end();
                eprintln!("{line}");
                self.last = Instant::now();
            }
            IdaNews::Running(p) => {
                if self.last.elapsed() < Self::EVERY {
                    return;
                }
                self.last = Instant::now();
                let line = format!("{}bound {}: {}", self.label, p.bound, self.counts(&p));
                if self.tty {
                    // Back to the line's start, the line, the rest cleared.
                    eprint!("\r{line}\x1b[K");
                    self.open = true;
                } else {
                    eprintln!("{line}");
                }
            }
        }
    }

    /// Nodes so far, the rate and the time.
    fn counts(&self, p: &IdaProgress) -> String {
        let secs = self.started.elapsed().as_secs_f64();
        format!(
            "{} nodes generated in {secs:.1} s ({:.1} M nodes/s)",
            p.generated,
            p.generated as f64 / secs.max(1e-9) / 1e6
        )
    }

    /// Ends a line rewritten in place.
    pub(super) fn end(&mut self) {
        if std::mem::replace(&mut self.open, false) {
            eprintln!();
        }
    }
}
