//! `Conflicts`: where a search's contradictions came from, for the branching rule of
//! boards with rules (`State::branch`).
//!
//! Every contradiction is blamed on the propagator that found it and on the cell left
//! without candidates, if any (a rule's removal may do both). A blame adds the current
//! step to a weight, and the step grows by 5% at each blame: the weights of dom/wdeg
//! (Boussemart, Hemery, Lecoutre and Sais 2004), recent contradictions weighing more
//! as a SAT solver's activities do. Every 284 blames (when the step has grown
//! 2<sup>20</sup> times) all weights are divided by 2<sup>20</sup>, so only the last few
//! hundred contradictions count. A cell's factor is 1 + ½ log2(1 + w), w the weights of
//! the cell and of the propagators watching it in units of the first step: 1 for a cell
//! no contradiction came near. The search then branches on a cell with the fewest
//! candidates per factor: a rule that keeps failing is looked at even while its cells
//! hold many candidates. On an empty 9×9 with an arrow whose bulb and one-cell shaft
//! share a row, MRV alone branched everywhere else and never on the arrow (millions of
//! guesses); weighted, the search proves it has no solution in about 500.
//! docs/performance.md (session 30) has the sweep, and the half weighed against the
//! whole log and other fractions.
//!
//! The weights are integers and the logarithm a fixed-point one, so that the tree is
//! the same on every target (a float `log2` may round differently in WebAssembly).

/// The weight of one contradiction at the start: far enough from zero that 5% of it
/// is exact enough.
const FIRST_STEP: u64 = 1 << 16;
/// Each time the step has grown 2<sup>FADE</sup> times (284 blames), every weight and
/// the step are shifted right by `FADE` bits.
const FADE: u32 = 20;
const MAX_STEP: u64 = FIRST_STEP << FADE;
/// A factor of 1, in the fixed point of [`log2_16`].
pub(crate) const ONE: u32 = 16;

/// A search's contradictions, by propagator and by cell; see the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct Conflicts {
    /// The propagators' weights, then the cells'.
    weights: Vec<u64>,
    props: usize,
    step: u64,
    any: bool,
}

impl Conflicts {
    /// No contradiction yet, for `props` propagators on `cells` cells.
    pub(crate) fn new(props: usize, cells: usize) -> Conflicts {
        Conflicts {
            weights: vec![0; props + cells],
            props,
            step: FIRST_STEP,
            any: false,
        }
    }

    /// Whether any contradiction was blamed yet.
    #[inline(always)]
    pub(crate) fn any(&self) -> bool {
        self.any
    }

    /// Propagator `p` found a contradiction.
    #[cold]
    pub(crate) fn blame_prop(&mut self, p: usize) {
        self.blame(p);
    }

    /// `cell` was left without candidates.
    #[cold]
    pub(crate) fn blame_cell(&mut self, cell: usize) {
        self.blame(self.props + cell);
    }

    fn blame(&mut self, i: usize) {
        let Some(w) = self.weights.get_mut(i) else {
            return;
        };
        *w += self.step;
        self.any = true;
        self.step += self.step / 20;
        if self.step >= MAX_STEP {
            for w in &mut self.weights {
                *w >>= FADE;
            }
            self.step >>= FADE;
        }
    }

    /// `cell`'s factor, [`ONE`] times 1 + ½ log2(1 + w / [`FIRST_STEP`]), w the
    /// weights of `cell` and of the propagators `watching` it.
    #[inline(always)]
    pub(crate) fn factor(&self, cell: usize, watching: &[u16]) -> u32 {
        let own = self.weights.get(self.props + cell).copied().unwrap_or(0);
        let w = watching.iter().fold(own, |w, &p| {
            w + self.weights.get(usize::from(p)).copied().unwrap_or(0)
        });
        if w == 0 {
            return ONE;
        }
        ONE + (log2_16(FIRST_STEP + w) - log2_16(FIRST_STEP)) / 2
    }
}

/// 16 × log2(`x`) for `x` ≥ 1, to a sixteenth: the position of the top bit and the
/// four bits below it (a line between powers of two).
#[inline(always)]
fn log2_16(x: u64) -> u32 {
    let top = 63 - x.leading_zeros();
    let below = ((x << x.leading_zeros()) >> 59) as u32 & 15;
    ONE * top + below
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::puzzle::Puzzle;
    use bitdoku_solver::Options;

    #[test]
    fn log2_16_is_the_logarithm_to_a_sixteenth() {
        for x in (1..5000u64).chain([1 << 40, 3 << 50, u64::MAX]) {
            let exact = 16.0 * (x as f64).log2();
            let ours = f64::from(log2_16(x));
            // A line between powers of two lies below the curve, by at most 0.086
            // of an octave; the truncation to a sixteenth adds less than one.
            assert!(
                ours <= exact + 1e-9 && exact - ours < 16.0 * 0.087 + 1.0,
                "{x}"
            );
        }
        assert_eq!(log2_16(1), 0);
        assert_eq!(log2_16(1 << 16), 256);
        assert_eq!(log2_16(3 << 16), 272 + 8);
    }

    #[test]
    fn a_cell_weighs_what_failed_near_it_lately() {
        let mut c = Conflicts::new(2, 4);
        assert!(!c.any());
        assert_eq!(c.factor(0, &[0, 1]), ONE);
        c.blame_prop(1);
        assert!(c.any());
        // Blamed once: 1 + ½ log2(2).
        assert_eq!(c.factor(0, &[1]), ONE + ONE / 2);
        assert_eq!(c.factor(0, &[0]), ONE);
        c.blame_cell(3);
        assert!(c.factor(3, &[1]) > c.factor(0, &[1]));
        // Later blames weigh more: ten blames after cell 3's, cell 2's is worth more.
        for _ in 0..10 {
            c.blame_prop(0);
        }
        c.blame_cell(2);
        assert!(c.factor(2, &[]) > c.factor(3, &[]));
    }

    #[test]
    fn old_contradictions_fade() {
        let mut c = Conflicts::new(1, 2);
        c.blame_prop(0);
        for i in 0..2000 {
            c.blame_cell(i % 2);
            assert!(c.step >= FIRST_STEP && c.step < MAX_STEP);
        }
        // The propagator's one blame, 2,000 blames ago, is gone; the cells, blamed
        // alike, weigh alike.
        assert_eq!(c.factor(0, &[0]), c.factor(0, &[]));
        let (a, b) = (c.factor(0, &[]), c.factor(1, &[]));
        assert!(a > 2 * ONE && a.abs_diff(b) <= 1, "{a} {b}");
        // Out-of-range indices are ignored rather than a panic.
        c.blame_prop(7);
        c.blame_cell(9);
        assert_eq!(c.factor(9, &[7]), ONE);
    }

    /// A sudoku-puzzle document of an `n`×`n` board, no givens but `given` (a
    /// row-major index and a digit), and `rules` (JSON).
    fn document(n: usize, given: Option<(usize, u8)>, rules: &str) -> Puzzle {
        let mut givens = vec![0u8; n * n];
        if let Some((i, d)) = given {
            givens[i] = d;
        }
        let text = format!(
            r#"{{"format":"sudoku-puzzle","format_version":1,"board":{{"rows":{n},"cols":{n}}},"digits":{n},"givens":{givens:?},"rules":{rules}}}"#
        );
        crate::format::read(&text, &Default::default())
            .unwrap()
            .puzzle
    }

    /// The first document of `tests/data/runaway_searches.jsonl`.
    fn arrows() -> Puzzle {
        let data = include_str!("../tests/data/runaway_searches.jsonl");
        let first = data.lines().next().unwrap_or_default();
        crate::format::read(first, &Default::default())
            .unwrap()
            .puzzle
    }

    /// Regression: searches that ran away (3 million guesses and more, with no
    /// verdict) where pencilmark's search answers at once. Each came from the sweep
    /// against pencilmark (docs/performance.md, session 29), shrunk.
    #[test]
    fn searches_that_ran_away_end() {
        let cases = [
            // An arrow with a one-cell shaft in its bulb's row: no solution (the first
            // document of tests/data/runaway_searches.jsonl).
            (arrows(), 0),
            // Three between lines and a group sum on an empty 9×9.
            (document(9, None, BETWEEN), 2),
            // A 10×10 Latin square with three jigsaw boxes, an extra region, a cage.
            (document(10, Some((6, 1)), LATIN), 2),
        ];
        for (puzzle, solutions) in cases {
            let engine = Engine::new(&puzzle).unwrap();
            let options = Options::default()
                .with_limit(2)
                .with_max_guesses(Some(20_000));
            let o = engine.general_search(&options, &mut ());
            assert!(o.complete, "{} guesses", o.stats.guesses);
            assert_eq!(o.solutions, solutions);
        }
    }

    const BETWEEN: &str = r#"[{"type":"box_grid","box":[3,3],"origin":"r1c1"},{"type":"line","kind":"between","cells":["r8c8","r7c8","r7c7"]},{"type":"sum","kind":"group","sum":25,"cells":["r7c4","r8c4","r9c4","r9c3"]},{"type":"line","kind":"between","cells":["r7c4","r8c5","r8c4"]},{"type":"line","kind":"between","cells":["r3c3","r3c2","r3c1","r2c1"]}]"#;
    const LATIN: &str = r#"[{"type":"grid","origin":"r1c1"},{"type":"box","cells":["r1c1","r1c2","r1c3","r1c4","r1c5","r2c1","r2c2","r2c3","r2c5","r3c5"]},{"type":"box","cells":["r1c6","r1c7","r1c8","r1c9","r1c10","r2c6","r2c8","r2c9","r2c10","r3c8"]},{"type":"box","cells":["r6c2","r6c3","r7c2","r7c3","r7c5","r8c1","r8c2","r8c3","r8c4","r8c5"]},{"type":"region","kind":"extra","cells":["r2c7","r2c9","r3c7","r3c8","r3c9","r3c10","r4c7","r4c8","r4c9","r5c8"]},{"type":"cage","cells":["r1c5","r2c5","r3c5"],"sum":9}]"#;
}
