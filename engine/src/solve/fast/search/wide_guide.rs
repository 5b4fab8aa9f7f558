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

#[cfg(test)]
mod tests {
    use crate::solve::{
        linear_conflict, pdb_estimate, Estimator, FastConfig, FastSolver, Partition, PatternDb,
        FAST_METHOD_PDB,
    };
    use crate::space::sample_boards;
    use crate::{Board, Shape, Verdict};
    use std::sync::Arc;

    #[test]
    fn a_database_ranks_the_large_beam_and_gives_its_bound() {
        let shape = Shape::new(6, 6).unwrap();
        let goal = Board::default_goal(shape);
        let groups: Vec<Vec<u8>> = (1..36u8)
            .collect::<Vec<u8>>()
            .chunks(3)
            .map(|c| c.to_vec())
            .collect();
        let p = Partition::from_groups(shape, "pdb-threes", groups).unwrap();
        let db = Arc::new(PatternDb::build(&p, &goal).unwrap());
        let config = FastConfig {
            candidate_budget: 100_000,
            ..FastConfig::default()
        };
        let guided = FastSolver::with_heuristic(&goal, config.clone(), &Estimator::Pdb(db.clone()));
        assert!(guided.has_database());
        assert_eq!(guided.heuristic_name(), "pdb-threes");
        assert_eq!(guided.method(), FAST_METHOD_PDB);
        // A database of another goal is not used.
        let other = Board::new(shape, &(0..36).collect::<Vec<u8>>()).unwrap();
        assert!(
            !FastSolver::with_heuristic(&other, config.clone(), &Estimator::Pdb(db.clone()))
                .has_database()
        );
        let plain = FastSolver::with_config(&goal, config);
        let mut above = 0;
        for start in sample_boards(&goal, 3, 35) {
            let out = guided.outcome(&start, &goal).unwrap();
            let Verdict::Solved(s) = &out.verdict else {
                panic!("{start}: {:?}", out.verdict)
            };
            let (pdb, lc) = (pdb_estimate(&db, &start), linear_conflict(&start, &goal));
            assert_eq!(out.lower_bound, Some(pdb.max(lc)), "{start}");
            assert!(s.cost >= pdb.max(lc));
            let table_free = plain.outcome(&start, &goal).unwrap();
            assert_eq!(table_free.lower_bound, Some(lc));
            above += usize::from(pdb > lc);
        }
        // Tables of three tiles are weaker than Manhattan + linear conflict
        // on these uniform boards: the bound is then the latter.
        assert_eq!(above, 0);
    }
}
