//! What a chain search finds (an [`Offer`]: its kind, conclusion and chains), how
//! Sudoku Explainer rates and orders it, and the [`Best`] sink that keeps the step a
//! rung hands out.
//!
//! A chain's difficulty is its producer's base plus a length adder that grows with
//! its complexity (the number of distinct nodes of its chains, plus the complexity of
//! each distinct chain nested in them): +0.1 for each of the ceilings 4, 6, 8, 12,
//! 16, 24, 32, ... that the complexity less two exceeds. Sudoku Explainer sorts a
//! producer's hints by difficulty (as a double, the adder summed 0.1 at a time, so
//! the comparisons here use the same `f64` arithmetic), then complexity, then a sort
//! key by kind, then order of discovery, and applies the first.

use super::node::{digit_of, square_of};
use super::store::{links, Arena};
use super::unary::{chain_nodes, cycle_squares};
use super::{Ctx, Producer};
use crate::steps::step::{Step, Technique};

/// The kind of a chain step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    /// A bidirectional cycle (X, Y or XY links).
    Cycle { x: bool, y: bool },
    /// A forcing chain from a candidate to its opposite.
    Forcing { x: bool, y: bool },
    /// An assumption leads to a contradiction (its two chains: the node on and off).
    Contradiction,
    /// A candidate on and off imply the same node.
    Double,
    /// Every candidate of a square implies the same node.
    Cell,
    /// Every place of a digit in unit `unit` implies the same node.
    Region { unit: u8, digit: u8 },
}

/// A step a chain search found: what it concludes and the chains that prove it
/// (entries of arenas that live while the offer is looked at).
pub(super) struct Offer<'a> {
    pub(super) kind: Kind,
    /// The producer's base difficulty.
    pub(super) base: f64,
    /// Sudoku Explainer's sort key of the kind.
    pub(super) sort_key: u8,
    /// The chains' conclusions, one per branch.
    pub(super) targets: &'a [(&'a Arena, u32)],
    pub(super) removes: [u128; 9],
    pub(super) place: Option<(u8, u8)>,
    /// The squares to show.
    pub(super) cells: u128,
}

/// Where chain searches hand what they find.
pub(super) trait Sink {
    /// The greatest complexity a step of difficulty `base` and sort key `key` may
    /// have and still come before every step kept so far (`u32::MAX` if any).
    fn limit(&mut self, base: f64, key: u8) -> u32;
    /// A step found (in order of discovery).
    fn offer(&mut self, ctx: &mut Ctx, offer: &Offer);
    /// False once the search should stop (asked square by square by the top-level
    /// searches; a nested search's sink always goes on).
    fn keep_going(&mut self) -> bool {
        true
    }
}

/// The length adder of a chain of complexity `complexity`, as Sudoku Explainer sums it.
pub(super) fn length_adder(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceiling: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// Base plus length adder.
pub(super) fn difficulty(base: f64, complexity: u32) -> f64 {
    base + length_adder(complexity)
}

/// A difficulty in tenths, rounded as Sudoku Explainer prints it.
pub(super) fn tenths(difficulty: f64) -> u16 {
    ((difficulty + 0.05) * 10.0) as u16
}

/// The sort order: difficulty, complexity, sort key.
pub(super) type Rank = (f64, u32, u8);

/// True if `a` sorts strictly before `b`.
pub(super) fn before(a: Rank, b: Rank) -> bool {
    if a.0 != b.0 {
        return a.0 < b.0;
    }
    if a.1 != b.1 {
        return a.1 < b.1;
    }
    a.2 < b.2
}

/// The greatest complexity whose rank, with `base` and `key`, sorts strictly before
/// `best`.
pub(super) fn limit_before(best: Rank, base: f64, key: u8) -> u32 {
    // The complexities with the same adder form ranges (.., ceiling + 2]; walk them.
    let (mut added, mut ceiling, mut odd) = (0.0, 4i64, false);
    let mut valid = 0i64;
    loop {
        let d = base + added;
        let hi = ceiling + 2;
        if d < best.0 {
            valid = hi;
        } else {
            if d == best.0 {
                let c = i64::from(best.1);
                let top = if key < best.2 { c } else { c - 1 };
                valid = valid.max(top.min(hi));
            }
            break;
        }
        if hi > i64::from(u32::MAX / 2) {
            break;
        }
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    valid.clamp(0, i64::from(u32::MAX / 2)) as u32
}

/// The complexity of an offer: the distinct nodes of each target's chain, plus the
/// complexity of each distinct nested chain they use.
pub(super) fn complexity(ctx: &mut Ctx, targets: &[(&Arena, u32)]) -> u32 {
    let mut flat = 0;
    let mut nested = core::mem::take(&mut ctx.nested_seen);
    nested.clear();
    for &(arena, e) in targets {
        flat += ctx.walk.ancestors(arena, e, |id| nested.push(id));
    }
    let mut extra = 0;
    if !nested.is_empty() {
        let mut prints: Vec<u64> = Vec::with_capacity(nested.len());
        for &id in &nested {
            let info = ctx.nested[id as usize];
            if !prints.contains(&info.fingerprint) {
                prints.push(info.fingerprint);
                extra += info.complexity;
            }
        }
    }
    ctx.nested_seen = nested;
    flat + extra
}

/// The technique and name words of a step of `kind` from `producer`.
fn technique(
    ctx: &mut Ctx,
    producer: Producer,
    offer: &Offer,
) -> (Technique, Option<&'static str>) {
    let variant = producer.suffix();
    let technique = match offer.kind {
        Kind::Cycle { x, y } => match (x, y) {
            (true, true) => Technique::BidirectionalCycle,
            (false, true) => Technique::BidirectionalYCycle,
            _ => {
                let (arena, dst) = offer.targets[0];
                if cycle_squares(arena, dst) == 4 {
                    Technique::GeneralizedXWing
                } else {
                    Technique::BidirectionalXCycle
                }
            }
        },
        Kind::Forcing { x, y } => match (x, y) {
            (true, true) => Technique::ForcingChain,
            (false, true) => Technique::ForcingYChain,
            _ => {
                let (arena, target) = offer.targets[0];
                if chain_nodes(&mut ctx.walk, arena, target) == 6 {
                    Technique::TurbotFishChain
                } else {
                    Technique::ForcingXChain
                }
            }
        },
        Kind::Contradiction if producer.nishio => Technique::NishioForcingChains,
        Kind::Double if producer.nishio => Technique::NishioForcingChains,
        Kind::Contradiction => Technique::DynamicContradictionForcingChains,
        Kind::Double => Technique::DynamicDoubleForcingChains,
        Kind::Cell if producer.dynamic => Technique::DynamicCellForcingChains,
        Kind::Cell => Technique::CellForcingChains,
        Kind::Region { .. } if producer.dynamic => Technique::DynamicRegionForcingChains,
        Kind::Region { .. } => Technique::RegionForcingChains,
    };
    (technique, variant)
}

/// The step of an offer.
pub(super) fn step(ctx: &mut Ctx, producer: Producer, offer: &Offer, rank: Rank) -> Step {
    let (technique, variant) = technique(ctx, producer, offer);
    let mut step = Step::new(technique, tenths(rank.0));
    step.variant = variant;
    step.removes = offer.removes;
    step.place = offer.place;
    step.cells = offer.cells;
    let mut all = Vec::new();
    for &(arena, e) in offer.targets {
        links(&mut ctx.walk, arena, e, &mut all);
        ctx.walk.breadth_first(arena, e, |x| {
            let n = arena.get(x).node;
            step.marks[digit_of(n)] |= 1 << square_of(n);
            step.digits |= 1 << digit_of(n);
        });
    }
    if let Kind::Region { unit, .. } = offer.kind {
        step.units = 1 << unit;
    }
    step.links = all;
    step
}

/// Keeps the first step in Sudoku Explainer's order.
pub(super) struct Best<'a> {
    producer: Producer,
    rank: Option<Rank>,
    pub(super) step: Option<Step>,
    limits: Vec<(u64, u8, u32)>,
    /// Asked whether to go on (never stops when `None`).
    keep_going: Option<&'a mut dyn FnMut() -> bool>,
    /// True once `keep_going` said no: the search was cut short, and `step` may not be
    /// its first.
    pub(super) stopped: bool,
}

impl<'a> Best<'a> {
    pub(super) fn new(producer: Producer) -> Best<'a> {
        Best {
            producer,
            rank: None,
            step: None,
            limits: Vec::new(),
            keep_going: None,
            stopped: false,
        }
    }

    /// A `Best` whose search stops once `keep_going` says no.
    pub(super) fn within(producer: Producer, keep_going: &'a mut dyn FnMut() -> bool) -> Best<'a> {
        Best {
            keep_going: Some(keep_going),
            ..Best::new(producer)
        }
    }
}

impl Sink for Best<'_> {
    fn keep_going(&mut self) -> bool {
        if let Some(keep_going) = &mut self.keep_going {
            self.stopped = self.stopped || !keep_going();
        }
        !self.stopped
    }

    fn limit(&mut self, base: f64, key: u8) -> u32 {
        let Some(best) = self.rank else {
            return u32::MAX;
        };
        let bits = base.to_bits();
        if let Some(&(_, _, l)) = self.limits.iter().find(|&&(b, k, _)| b == bits && k == key) {
            return l;
        }
        let l = limit_before(best, base, key);
        self.limits.push((bits, key, l));
        l
    }

    fn offer(&mut self, ctx: &mut Ctx, offer: &Offer) {
        if let Some(best) = self.rank {
            // A chain's longest path has its depth plus one entries, of which only
            // the conclusion may repeat a node (a cycle's start, a contradiction's
            // new half): at least `depth` distinct nodes.
            let least: u32 = offer
                .targets
                .iter()
                .map(|&(arena, e)| u32::from(arena.get(e).depth).max(1))
                .sum();
            if !before((difficulty(offer.base, least), least, offer.sort_key), best) {
                return;
            }
        }
        let cx = complexity(ctx, offer.targets);
        let rank = (difficulty(offer.base, cx), cx, offer.sort_key);
        if self.rank.is_some_and(|best| !before(rank, best)) {
            return;
        }
        self.rank = Some(rank);
        self.limits.clear();
        self.step = Some(step(ctx, self.producer, offer, rank));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_adder_follows_the_ceilings() {
        let tenth = |cx| tenths(difficulty(7.0, cx)) - 70;
        assert_eq!(tenth(6), 0);
        assert_eq!(tenth(7), 1);
        assert_eq!(tenth(8), 1);
        assert_eq!(tenth(9), 2);
        assert_eq!(tenth(10), 2);
        assert_eq!(tenth(11), 3);
        assert_eq!(tenth(14), 3);
        assert_eq!(tenth(15), 4);
        assert_eq!(tenth(18), 4);
        assert_eq!(tenth(19), 5);
        assert_eq!(tenth(26), 5);
        assert_eq!(tenth(27), 6);
        assert_eq!(tenth(34), 6);
        assert_eq!(tenth(35), 7);
    }

    #[test]
    fn ranks_order_by_difficulty_complexity_and_key() {
        // 6.5 + 0.1 and 6.6 are the same double, as in Sudoku Explainer.
        assert_eq!(difficulty(6.5, 7), difficulty(6.6, 6));
        assert!(before((6.5, 4, 2), (6.5, 4, 3)));
        assert!(!before((6.5, 4, 2), (6.5, 4, 2)));
        assert!(before((6.5, 9, 4), (6.6, 4, 2)));
        let best = (difficulty(6.5, 4), 4, 2);
        assert_eq!(limit_before(best, 6.5, 3), 3);
        assert_eq!(limit_before(best, 6.5, 1), 4);
        assert_eq!(limit_before(best, 7.0, 1), 0);
    }
}
