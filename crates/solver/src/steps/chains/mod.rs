//! Chains: Sudoku Explainer's forcing chains and cycles, from the static level-0
//! cycles and X-/XY-chains up to dynamic forcing chains nested four levels deep, so
//! that a puzzle with one solution always gets a rating, on Sudoku Explainer's scale
//! and with its solve path.
//!
//! A chain is a sequence of implications between nodes, a node being a candidate
//! turned on (the digit is there) or off (it is not). "On" implies "off" for the
//! square's other candidates and the digit's other places in its units; "off" implies
//! "on" for a square's last candidate and a digit's last place in a unit. The
//! producers, in ladder order (see [`super::ladder`]):
//!
//! | rung | Sudoku Explainer | base | module |
//! |---|---|---|---|
//! | [`cycles_and_forcing_chains`] | `Chaining(false, false, false, 0)` | 6.5 / 6.6 / 7.0 | [`unary`] |
//! | [`nishio`] | `Chaining(false, true, true, 0)` | 7.5 | [`multiple`] |
//! | [`multiple`] | `Chaining(true, false, false, 0)` | 8.0 | [`multiple`] |
//! | [`dynamic`] | `Chaining(true, true, false, 0)` | 8.5 | [`multiple`] |
//! | [`dynamic_plus`] | level 1: locked candidates, pairs, X-wings inside | 9.0 | [`advanced`] |
//! | [`nested_forcing`] | level 2: and level-0 forcing chains | 9.5 | |
//! | [`nested_multiple`] | level 3: and static multiple chains | 10.0 | |
//! | [`nested_dynamic`] (`_0`..`_3`) | level 4: and dynamic chains nested to a limit | 10.5 | |
//!
//! - [`node`]: nodes and node sets on bitboards.
//! - [`store`]: the implication store (entries, parents) and walks over it.
//! - [`unary`]: cycles and forcing chains from one candidate.
//! - [`propagate`]: everything one assumption implies (static or dynamic, with the
//!   other techniques at levels 1 and up).
//! - [`multiple`]: contradiction and double forcing chains, cell and region forcing
//!   chains, Nishio.
//! - [`advanced`]: the techniques used inside dynamic chains of level 1 to 4, and
//!   the chains nested in them.
//! - [`hint`]: difficulty (base plus the length adder from the complexity), Sudoku
//!   Explainer's order of hints, and the step handed out.

mod advanced;
mod hint;
mod multiple;
mod node;
mod propagate;
mod simple;
mod store;
mod unary;

#[cfg(test)]
mod tests;

use super::ladder::Found;
use super::marks::{changed_digits, Marks};
use crate::masks::ALL;
use core::ops::ControlFlow;
use hint::Best;
use propagate::Prop;
use store::Walk;

/// A chain producer, as Sudoku Explainer configures one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Producer {
    /// Cell and region forcing chains (for squares and units of more than two).
    pub(super) multiple: bool,
    /// Chains that see the grid as their own deductions leave it.
    pub(super) dynamic: bool,
    /// Nishio: one digit's chains, contradictions only.
    pub(super) nishio: bool,
    /// 0 plain; 1 with simple techniques inside; 2 with forcing chains inside; 3 with
    /// multiple forcing chains; 4 with dynamic chains of level `nesting`.
    pub(super) level: u8,
    /// The level of the chains nested at level 4.
    pub(super) nesting: u8,
}

impl Producer {
    const fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8, nesting: u8) -> Self {
        Producer {
            multiple,
            dynamic,
            nishio,
            level,
            nesting,
        }
    }

    /// The level-0 cycles and forcing chains.
    pub(super) const UNARY: Producer = Producer::new(false, false, false, 0, 0);
    /// Nishio forcing chains.
    pub(super) const NISHIO: Producer = Producer::new(false, true, true, 0, 0);
    /// Static cell and region forcing chains.
    pub(super) const MULTIPLE: Producer = Producer::new(true, false, false, 0, 0);
    /// Dynamic forcing chains of a level.
    pub(super) const fn dynamic(level: u8, nesting: u8) -> Producer {
        Producer::new(true, true, false, level, nesting)
    }

    /// The base difficulty of its binary, cell and region hints.
    pub(super) fn base(self) -> f64 {
        if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    /// The words Sudoku Explainer adds to the names of its hints.
    pub(super) fn suffix(self) -> Option<&'static str> {
        match self.level {
            0 => None,
            1 => Some("(+)"),
            2 => Some("(+ Forcing Chains)"),
            3 => Some("(+ Multiple Forcing Chains)"),
            4 => Some("(+ Dynamic Forcing Chains)"),
            5 => Some("(+ Dynamic Forcing Chains (+))"),
            6 => Some("(+ Dynamic Forcing Chains (+ Forcing Chains))"),
            _ => Some("(+ Dynamic Forcing Chains (+ Multiple Forcing Chains))"),
        }
    }
}

/// What a nested chain contributes to the complexity of the chains that use it.
#[derive(Clone, Copy, Debug)]
pub(super) struct NestedInfo {
    /// Identifies the chain (its conclusions and nodes), so that the same chain met
    /// twice counts once.
    pub(super) fingerprint: u64,
    /// Its own complexity.
    pub(super) complexity: u32,
}

/// Scratch space and the nested chains of one rung's search.
#[derive(Default)]
pub(super) struct Ctx {
    walk: Walk,
    unary: unary::Unary,
    /// The propagations not in use (boxed: they move in and out of it all the time,
    /// and a propagation is some 800 bytes).
    #[allow(clippy::vec_box)]
    pool: Vec<Box<Prop>>,
    /// Nested chains referred to by `Advanced` entries.
    nested: Vec<NestedInfo>,
    nested_seen: Vec<u32>,
    /// The removals of the techniques inside chains.
    results: advanced::Results,
    /// The rung's grid, if the level-0 cycles and forcing chains find nothing in it:
    /// then a chain nested in a chain from it needs a strong link the outer chain
    /// made (see [`unary::search`]).
    top: Option<Marks>,
    /// The nested searches already made in this rung's search, by a hash of their
    /// grids.
    memo: std::collections::HashMap<u64, Vec<advanced::Memo>>,
    /// The last grid on which the level-0 cycles and forcing chains found nothing
    /// (kept from one call to the next).
    level0_empty: Option<Marks>,
    /// The last grid on which the static cell and region chains found nothing.
    multiple_empty: Option<Marks>,
    /// The last grid on which Nishio found nothing.
    nishio_empty: Option<Marks>,
    /// How many squares hold each digit (for X-wings inside chains; chains never
    /// place digits).
    placed: [u32; 9],
}

impl Ctx {
    fn take_prop(&mut self, grid: &Marks) -> Box<Prop> {
        self.pool.pop().unwrap_or_else(|| Box::new(Prop::new(grid)))
    }

    fn give_prop(&mut self, prop: Box<Prop>) {
        self.pool.push(prop);
    }
}

std::thread_local! {
    /// The scratch space of the rungs run on this thread, kept from one call to the
    /// next.
    static CONTEXT: core::cell::RefCell<Ctx> = core::cell::RefCell::new(Ctx::default());
}

/// Runs `producer` on `marks` and hands its first step.
/// The search asks `found` whether to go on, square by square; cut short, it hands
/// nothing, and remembers nothing of the grid.
fn first_step(marks: &Marks, producer: Producer, found: Found) -> ControlFlow<()> {
    let mut keep_going = || found.keep_going();
    let mut best = Best::within(producer, &mut keep_going);
    let mut run = |ctx: &mut Ctx| {
        ctx.nested.clear();
        ctx.memo.clear();
        ctx.top = None;
        ctx.placed = core::array::from_fn(|d| marks.placed(d).count_ones());
        // A grid with no level-0 chain, of which this one is a subset: a chain here
        // uses a strong link that grid had not.
        let since = ctx
            .level0_empty
            .filter(|old| (0..9).all(|d| marks.places(d) & !old.places(d) == 0));
        if producer.level >= 2 {
            if ctx.level0_empty.as_ref() != Some(marks) {
                let mut level0 = Best::new(Producer::UNARY);
                unary::search(marks, since.as_ref(), ctx, &mut level0);
                if level0.step.is_none() {
                    ctx.level0_empty = Some(*marks);
                }
            }
            if ctx.level0_empty.as_ref() == Some(marks) {
                ctx.top = Some(*marks);
            }
        }
        if producer == Producer::UNARY {
            unary::search(marks, since.as_ref(), ctx, &mut best);
            if best.step.is_none() {
                ctx.level0_empty = Some(*marks);
            }
        } else if producer == Producer::MULTIPLE {
            // The same for the static cell and region chains: on a subset of a grid
            // where they found nothing, one needs a square or unit that lost
            // candidates since, or a new strong link.
            let since = ctx
                .multiple_empty
                .filter(|old| (0..9).all(|d| marks.places(d) & !old.places(d) == 0));
            multiple::search(marks, producer, since.as_ref(), ALL, ctx, &mut best);
            if best.step.is_none() && !best.stopped {
                ctx.multiple_empty = Some(*marks);
            }
        } else if producer == Producer::NISHIO {
            // A Nishio chain follows one digit's places only (on to off in its units,
            // off to a unit's last place): on a subset of a grid where Nishio found
            // nothing, a digit whose places are the same has no chain either.
            let digits = changed_digits(marks, ctx.nishio_empty.as_ref());
            multiple::search(marks, producer, None, digits, ctx, &mut best);
            if best.step.is_none() && !best.stopped {
                ctx.nishio_empty = Some(*marks);
            }
        } else {
            multiple::search(marks, producer, None, ALL, ctx, &mut best);
        }
    };
    CONTEXT.with(|cell| match cell.try_borrow_mut() {
        Ok(mut ctx) => run(&mut ctx),
        Err(_) => run(&mut Ctx::default()),
    });
    let step = best.step.take().filter(|_| !best.stopped);
    match step {
        Some(step) => found.step(step),
        None => ControlFlow::Continue(()),
    }
}

/// Bidirectional X-, Y- and XY-cycles and forcing X- and XY-chains (6.5 to 7.0 plus
/// the length adder).
pub(crate) fn cycles_and_forcing_chains(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::UNARY, found)
}

/// Nishio forcing chains (7.5+).
pub(crate) fn nishio(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::NISHIO, found)
}

/// Cell and region forcing chains, static (8.0+).
pub(crate) fn multiple(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::MULTIPLE, found)
}

/// Dynamic forcing chains (8.5+).
pub(crate) fn dynamic(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::dynamic(0, 0), found)
}

/// Dynamic forcing chains (+): with locked candidates, hidden and naked pairs and
/// X-wings inside (9.0+).
pub(crate) fn dynamic_plus(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::dynamic(1, 0), found)
}

/// Dynamic forcing chains (+ Forcing Chains): and level-0 forcing chains inside
/// (9.5+).
pub(crate) fn nested_forcing(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::dynamic(2, 0), found)
}

/// Dynamic forcing chains (+ Multiple Forcing Chains) (10.0+).
pub(crate) fn nested_multiple(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::dynamic(3, 0), found)
}

/// Dynamic forcing chains (+ Dynamic Forcing Chains), nested chains of level 0
/// (10.5+).
pub(crate) fn nested_dynamic_0(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::dynamic(4, 0), found)
}

/// The same, nested chains of level 1.
pub(crate) fn nested_dynamic_1(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::dynamic(4, 1), found)
}

/// The same, nested chains of level 2.
pub(crate) fn nested_dynamic_2(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::dynamic(4, 2), found)
}

/// The same, nested chains of level 3.
pub(crate) fn nested_dynamic_3(marks: &Marks, found: Found) -> ControlFlow<()> {
    first_step(marks, Producer::dynamic(4, 3), found)
}
