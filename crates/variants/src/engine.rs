//! `Engine`: a puzzle compiled once (its [`Tables`]), searched as often as asked.
//!
//! The search state is a fixed array sized for the board, so the engine is compiled
//! for three widths and picks one by the cell count: up to 128 cells (4×4 to 11×11),
//! 256 (12×12 to 16×16) and 640 (up to 25×25). In WebAssembly, where the module's size
//! counts, the boards up to 128 cells take the 256-cell state and the engine is
//! compiled twice, not three times. A classic 9×9 puzzle (rows, columns,
//! 3×3 boxes and nothing else) goes to the fast band engine of `bitdoku-solver`
//! instead, and a classic 16×16 to the digit-major engine of [`crate::band16`]: both
//! answer the same, faster.

use crate::candidates::TrueCandidates;
use crate::puzzle::{ModelError, Puzzle};
use crate::search::{self, Control, Outcome};
use crate::state::{State, Work};
use crate::tables::Tables;
use bitdoku_core::Grid;
use bitdoku_solver::{Observer, Options};
use std::cell::RefCell;

/// The search state's width, by the board's cell count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Width {
    /// Up to 128 cells (not in WebAssembly: see the [module docs](self)).
    #[cfg(not(target_family = "wasm"))]
    Small,
    /// Up to 256 cells.
    Medium,
    /// Up to 640 cells.
    Large,
}

impl Width {
    /// The width of a board of `cells` cells.
    fn of(cells: usize) -> Width {
        #[cfg(not(target_family = "wasm"))]
        if cells <= 128 {
            return Width::Small;
        }
        if cells <= 256 {
            Width::Medium
        } else {
            Width::Large
        }
    }
}

/// Runs `$body` with `W` and `C` bound to the width's state size.
macro_rules! with_width {
    ($width:expr, |$w:ident, $c:ident| $body:expr) => {
        match $width {
            #[cfg(not(target_family = "wasm"))]
            Width::Small => {
                const $w: usize = 2;
                const $c: usize = 128;
                $body
            }
            Width::Medium => {
                const $w: usize = 4;
                const $c: usize = 256;
                $body
            }
            Width::Large => {
                const $w: usize = 10;
                const $c: usize = 640;
                $body
            }
        }
    };
}

/// The engine of the last puzzle, kept for the next one of the same layout: a file of
/// puzzles that differ only in their givens (a data set of 16×16s, say) compiles its
/// tables once, and one whose puzzles differ in their rules on the same houses (a file
/// of killers) builds the houses' crossings once. One per thread of a batch.
///
/// ```
/// use bitdoku_variants::{Puzzle, Reuse};
/// let mut reuse = Reuse::default();
/// let mut p = Puzzle::classic(4)?;
/// p.set_givens(&[4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 3, 0, 0, 0, 1])?;
/// assert_eq!(reuse.engine(&p)?.count(2), 1);
/// p.set_givens(&[0; 16])?;
/// assert_eq!(reuse.engine(&p)?.count(300), 288);
/// # Ok::<(), bitdoku_variants::ModelError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Reuse {
    last: Option<(Puzzle, Engine)>,
}

impl Reuse {
    /// The engine of `puzzle`: the last one with `puzzle`'s givens when the layout is
    /// the same ([`Puzzle::same_layout`]), else a new one.
    pub fn engine(&mut self, puzzle: &Puzzle) -> Result<&Engine, ModelError> {
        let last = match self.last.take() {
            Some((p, mut engine)) if p.same_layout(puzzle) => {
                engine.set_givens(puzzle.givens());
                (p, engine)
            }
            kept => (
                puzzle.clone(),
                Engine::keeping(puzzle, kept.map(|(_, e)| e))?,
            ),
        };
        Ok(&self.last.insert(last).1)
    }

    /// Runs `f` with the engine of `puzzle` that this thread keeps: the front ends'
    /// one `Reuse` per thread (the CLI's workers, a Python or JavaScript caller
    /// looping over a data set, each thread of a batch call). Were `f` to ask for an
    /// engine itself, that inner call would compile its own.
    ///
    /// ```
    /// use bitdoku_variants::{Puzzle, Reuse};
    /// let mut p = Puzzle::classic(6)?;
    /// p.set_givens(&[0; 36])?;
    /// assert_eq!(Reuse::with_engine(&p, |e| e.count(2))?, 2);
    /// # Ok::<(), bitdoku_variants::ModelError>(())
    /// ```
    pub fn with_engine<R>(puzzle: &Puzzle, f: impl FnOnce(&Engine) -> R) -> Result<R, ModelError> {
        thread_local! {
            static KEPT: RefCell<Reuse> = RefCell::new(Reuse::default());
        }
        KEPT.with(|kept| match kept.try_borrow_mut() {
            Ok(mut reuse) => reuse.engine(puzzle).map(f),
            Err(_) => Engine::new(puzzle).map(|e| f(&e)),
        })
    }
}

/// A compiled puzzle: its tables built once, searched as often as asked; a classic
/// 9×9 puzzle runs on the fast band engine of `bitdoku-solver`, a classic 16×16 on
/// the band engine of this crate.
///
/// ```
/// use bitdoku_variants::{Engine, Puzzle};
/// let mut p = Puzzle::classic(4)?;
/// p.set_givens(&[4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 3, 0, 0, 0, 1])?;
/// let engine = Engine::new(&p)?;
/// assert_eq!(engine.count(2), 1);
/// assert_eq!(engine.solve().unwrap(), [4, 3, 1, 2, 1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 2, 1]);
/// # Ok::<(), bitdoku_variants::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    pub(crate) tables: Tables,
    width: Width,
    classic: Option<bitdoku_core::Puzzle>,
    /// A classic 16×16 (rows, columns, 4×4 boxes, nothing else): the band engine of
    /// [`crate::band16`] searches it.
    pub(crate) band16: bool,
}

impl Engine {
    /// Compiles `puzzle`. The checks were made as it was built; this only refuses a
    /// board larger than [`crate::MAX_SIZE`] (which `Puzzle` never holds).
    pub fn new(puzzle: &Puzzle) -> Result<Engine, ModelError> {
        Engine::keeping(puzzle, None)
    }

    /// [`Engine::new`], taking what it can of `kept`'s tables (see [`Reuse`]).
    fn keeping(puzzle: &Puzzle, kept: Option<Engine>) -> Result<Engine, ModelError> {
        let cells = puzzle.cells();
        let width = Width::of(cells);
        let words = with_width!(width, |W, _C| W);
        let tables = Tables::new(puzzle, words, kept.map(|e| e.tables));
        if tables.houses.len() > crate::state::MAX_HOUSES {
            return Err(ModelError::new(
                crate::At::Board,
                format!(
                    "{} houses of {} cells: the engine takes at most {}",
                    tables.houses.len(),
                    tables.size,
                    crate::state::MAX_HOUSES
                ),
            ));
        }
        Ok(Engine {
            tables,
            width,
            classic: puzzle.as_classic(),
            band16: puzzle.is_plain(4),
        })
    }

    /// The same puzzle with other givens (row-major, 0 empty, each at most N): the
    /// tables stay, only the start changes. For minimizing and generating.
    pub fn set_givens(&mut self, givens: &[u8]) {
        debug_assert_eq!(givens.len(), self.tables.cells);
        let t = &self.tables;
        self.tables.start = crate::tables::start_of(&t.marks, givens, t.unsatisfiable);
        if let Some(classic) = &mut self.classic {
            let mut values = [0u8; 81];
            values.copy_from_slice(&givens[..81]);
            let grid = Grid::from_values(values);
            *classic = match classic {
                bitdoku_core::Puzzle::Givens(_) => bitdoku_core::Puzzle::Givens(grid),
                bitdoku_core::Puzzle::Candidates(_) => {
                    let mut board = bitdoku_core::Board::FULL;
                    for (square, &m) in bitdoku_core::Square::all().zip(&self.tables.start) {
                        board.set(square, bitdoku_core::Candidates::from_bits(m as u16));
                    }
                    bitdoku_core::Puzzle::Candidates(board)
                }
            };
        }
    }

    /// True if a classic 9×9 puzzle runs on the fast engine.
    pub fn is_classic(&self) -> bool {
        self.classic.is_some()
    }

    /// The board's size N.
    pub fn size(&self) -> usize {
        self.tables.size
    }

    /// Searches within `options` (solution limit, guess budget, time limit).
    pub fn search(&self, options: &Options) -> Outcome {
        self.search_with(options, &mut ())
    }

    /// [`Engine::search`], reporting each solution to `control`, which can also stop
    /// it.
    pub fn search_with(&self, options: &Options, control: &mut impl Control) -> Outcome {
        if let Some(classic) = self.classic {
            return classic_search(classic, options, control);
        }
        if self.band16 {
            return crate::band16::search(&self.tables.start, options, control);
        }
        self.general_search(options, control)
    }

    /// The search on the general engine, even for a classic 9×9 or 16×16 puzzle (for
    /// tests and benchmarks that compare the engines).
    pub fn general_search(&self, options: &Options, control: &mut impl Control) -> Outcome {
        let t = &self.tables;
        let mut w = Work::new(t);
        with_width!(self.width, |W, C| {
            let root = State::<W, C>::start(t, &mut w).ok();
            search::search(t, &mut w, root, options, control)
        })
    }

    /// The first solution (digits row-major), if any.
    pub fn solve(&self) -> Option<Vec<u8>> {
        self.search(&Options::default()).solution
    }

    /// The number of solutions, counting up to `limit`.
    pub fn count(&self, limit: usize) -> usize {
        self.search(&Options::default().with_limit(limit)).solutions
    }

    /// True if the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.count(2) == 1
    }

    /// Hands each solution to `each`, up to `limit` of them.
    pub fn enumerate(&self, limit: usize, each: impl FnMut(&[u8])) -> Outcome {
        self.enumerate_within(&Options::default().with_limit(limit), each)
    }

    /// [`Engine::enumerate`] within `options` (limit and budgets).
    pub fn enumerate_within(&self, options: &Options, each: impl FnMut(&[u8])) -> Outcome {
        struct Each<F>(F);
        impl<F: FnMut(&[u8])> Control for Each<F> {
            fn solution(&mut self, values: &[u8]) {
                (self.0)(values)
            }
        }
        self.search_with(options, &mut Each(each))
    }

    /// The true candidates: see [`crate::candidates`].
    pub fn true_candidates(&self, options: &Options) -> TrueCandidates {
        self.true_candidates_with(options, &mut ())
    }

    /// [`Engine::true_candidates`] with a `control` that can stop it.
    pub fn true_candidates_with(
        &self,
        options: &Options,
        control: &mut impl Control,
    ) -> TrueCandidates {
        let t = &self.tables;
        with_width!(self.width, |W, C| {
            crate::candidates::true_candidates::<W, C, _>(
                t,
                options,
                control,
                |first, seen| self.search_with(first, seen),
                self.band16,
            )
        })
    }
}

/// A classic puzzle on the fast engine, its solutions as row-major digits.
fn classic_search(
    puzzle: bitdoku_core::Puzzle,
    options: &Options,
    control: &mut impl Control,
) -> Outcome {
    struct Adapter<'a, K>(&'a mut K);
    impl<K: Control> Observer for Adapter<'_, K> {
        const SOLUTIONS: bool = true;
        fn keep_going(&mut self) -> bool {
            self.0.keep_going()
        }
        fn solution(&mut self, grid: &Grid) {
            self.0.solution(grid.values());
        }
    }
    let o = bitdoku_solver::search_observed(puzzle, options, Adapter(control));
    Outcome {
        solution: o.solution.map(|g| g.values().to_vec()),
        solutions: o.solutions,
        complete: o.complete,
        timed_out: o.timed_out,
        stats: o.stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Cage, Rule};

    /// A kept engine answers as a new one, through puzzles of one layout and another:
    /// boards, rules, given candidates, a classic 9×9 (the fast engine) and a rule no
    /// digits satisfy.
    #[test]
    fn a_kept_engine_answers_as_a_new_one() {
        let mut puzzles = Vec::new();
        for givens in [[4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 3, 0, 0, 0, 1], [0; 16]] {
            let mut p = Puzzle::classic(4).unwrap();
            p.set_givens(&givens).unwrap();
            puzzles.push(p.clone());
            p.add_rule(Rule::Cage(Cage {
                cells: vec![0, 1],
                sum: Some(7),
            }))
            .unwrap();
            puzzles.push(p.clone());
            p.set_candidates(5, 0b0011).unwrap();
            puzzles.push(p.clone());
            p.add_rule(Rule::Cage(Cage {
                cells: vec![2, 3],
                sum: Some(8),
            }))
            .unwrap();
            puzzles.push(p);
        }
        let mut nine = Puzzle::classic(9).unwrap();
        for (cell, d) in [(0, 5), (40, 1), (80, 9)] {
            nine.set_given(cell, d).unwrap();
            puzzles.push(nine.clone());
        }
        let mut reuse = Reuse::default();
        for p in puzzles.iter().chain(puzzles.iter().rev()) {
            let fresh = Engine::new(p).unwrap();
            let kept = reuse.engine(p).unwrap();
            assert_eq!(kept.count(3), fresh.count(3), "{p:?}");
            assert_eq!(kept.solve(), fresh.solve(), "{p:?}");
            assert_eq!(kept.is_classic(), fresh.is_classic());
        }
    }

    /// The engine a thread keeps answers for the puzzle asked, not the last one; a
    /// call made inside another compiles its own.
    #[test]
    fn the_thread_s_engine_answers_for_the_puzzle_asked() {
        let mut unique = Puzzle::classic(4).unwrap();
        unique
            .set_givens(&[4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 3, 0, 0, 0, 1])
            .unwrap();
        let empty = Puzzle::classic(4).unwrap();
        for _ in 0..2 {
            assert_eq!(Reuse::with_engine(&unique, |e| e.count(3)), Ok(1));
            assert_eq!(Reuse::with_engine(&empty, |e| e.count(300)), Ok(288));
        }
        let nested = Reuse::with_engine(&unique, |outer| {
            let inner = Reuse::with_engine(&empty, |e| e.count(300));
            (outer.count(3), inner)
        });
        assert_eq!(nested, Ok((1, Ok(288))));
    }
}
