//! The beam's guide past 25 cells when a pattern database is at hand: the
//! larger of the database's estimate ([`WidePdb`], with the reflected
//! look-up on square boards) and Manhattan + linear conflict, both kept
//! incrementally on the relabelled board (tiles named by their goal cell,
//! which is how [`WidePdb`] reads them).

use super::{Guide, LcAcc, LcHeur, Pos, LARGE, LARGE_LINE};
use crate::solve::wide_pdb::{WideParts, WidePdb};

/// A database built for the solver's goal as the guide of the large form.
pub(super) struct WideGuide<'a> {
    pub(super) lc: LcHeur<'a, LARGE, LARGE_LINE>,
    pub(super) est: WidePdb,
    /// The goal cell of the blank.
    pub(super) blank_home: usize,
}

impl Guide<LARGE> for WideGuide<'_> {
    type Acc = (LcAcc<LARGE_LINE>, WideParts);
    fn init(&self, p: &Pos<LARGE>) -> Self::Acc {
        (self.lc.init(p), self.est.start(&p.pos, self.blank_home))
    }
    #[inline]
    fn update(&self, acc: &Self::Acc, p: &Pos<LARGE>, t: u8, from: u8, to: u8) -> Self::Acc {
        (
            self.lc.update(&acc.0, p, t, from, to),
            self.est.moved(acc.1, &p.pos, t, from, to),
        )
    }
    #[inline]
    fn total(acc: &Self::Acc) -> u32 {
        acc.0.total.max(acc.1.total())
    }
}
