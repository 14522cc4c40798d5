//! `Step`: one deduction of a human technique, what it found and what it changes, with
//! its difficulty on Sudoku Explainer's scale.

use super::marks::{square, squares, Marks};
use bitdoku_core::{Digit, Square, Unit};
use core::fmt;

/// A difficulty on Sudoku Explainer's scale (1.0 to 20.0), kept in tenths.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// The difficulty as a number with one decimal (`7.3`).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A technique of Sudoku Explainer's ladder, by the name its hints carry.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[non_exhaustive]
pub enum Technique {
    // Singles (`singles.rs`).
    /// The last empty square of a unit (SE rates it as a hidden single, 1.0).
    FullHouse,
    /// A digit with one place left in a box (1.2) or a line (1.5).
    HiddenSingle,
    /// A square with one candidate left (2.3).
    NakedSingle,
    // Intersections (`intersections.rs`).
    /// Pointing that leaves a hidden single (1.7).
    DirectPointing,
    /// Claiming that leaves a hidden single (1.9).
    DirectClaiming,
    /// A digit of a box confined to one line leaves the rest of the line (2.6).
    Pointing,
    /// A digit of a line confined to one box leaves the rest of the box (2.8).
    Claiming,
    // Subsets (`subsets.rs`).
    /// A hidden pair that leaves a hidden single (2.0).
    DirectHiddenPair,
    /// A hidden triplet that leaves a hidden single (2.5).
    DirectHiddenTriplet,
    /// Two squares of a unit with the same two candidates (3.0).
    NakedPair,
    /// Three squares of a unit with three candidates between them (3.6).
    NakedTriplet,
    /// Four squares of a unit with four candidates between them (5.0).
    NakedQuad,
    /// Two digits with the same two places in a unit (3.4).
    HiddenPair,
    /// Three digits with three places between them in a unit (4.0).
    HiddenTriplet,
    /// Four digits with four places between them in a unit (5.4).
    HiddenQuad,
    // Fish (`fish.rs`).
    /// A digit's places in two lines lie in two crossing lines (3.2).
    XWing,
    /// The same with three lines (3.8).
    Swordfish,
    /// The same with four lines (5.2).
    Jellyfish,
    // Strong links (`strong_links.rs`).
    /// Two strong links on one digit in parallel lines (4.0).
    Skyscraper,
    /// A row and a column strong link (4.1).
    TwoStringKite,
    /// Two strong links joined in a box (turbot fish) (4.2+).
    TurbotFish,
    /// Two strong links, one of them in a box (4.1-4.2).
    TwoStrongLinks,
    /// A skyscraper with a grouped link (4.3).
    GroupedSkyscraper,
    /// A 2-string kite with a grouped link (4.3).
    GroupedTwoStringKite,
    /// Two strong links of which one or both are grouped (4.3).
    GroupedTwoStrongLinks,
    /// Two strong links closing into a loop (4.0-4.3).
    XLoop2,
    /// Two strong links closing into a loop, with a grouped link (4.3).
    GroupedXLoop2,
    /// Three strong links in parallel lines (5.4).
    ThreeSkyscrapers,
    /// Three strong links in rows and columns (5.5).
    ThreeStringKite,
    /// Three strong links, one of them in a box (5.5-5.6).
    ThreeStrongLinks,
    /// Three strong links in parallel lines, with a grouped link (5.7).
    GroupedThreeSkyscrapers,
    /// Three strong links in rows and columns, with a grouped link (5.7).
    GroupedThreeStringKite,
    /// Three strong links with a grouped link (5.7).
    GroupedThreeStrongLinks,
    /// Three strong links closing into a loop (5.4-5.7).
    XLoop3,
    /// Three strong links closing into a loop, with a grouped link (5.7).
    GroupedXLoop3,
    /// Four strong links in parallel lines (5.8).
    FourSkyscrapers,
    /// Four strong links in both kinds of lines or boxes (5.9-6.0).
    FourStrongLinks,
    /// Four strong links in parallel lines, with a grouped link (6.1).
    GroupedFourSkyscrapers,
    /// Four strong links with a grouped link (6.1).
    GroupedFourStrongLinks,
    /// Four strong links closing into a loop (5.8-6.1).
    XLoop4,
    /// Four strong links closing into a loop, with a grouped link (6.1).
    GroupedXLoop4,
    // Wings (`wings.rs`).
    /// A pivot with two candidates and two pincers (4.2).
    XYWing,
    /// A pivot with three candidates and two pincers (4.4).
    XYZWing,
    /// Four squares, four digits (5.5-5.6).
    WXYZWing,
    /// Five squares, five digits (6.2-6.4).
    VWXYZWing,
    /// Six squares, six digits (6.6).
    UVWXYZWing,
    /// Seven squares, seven digits (7.5).
    TUVWXYZWing,
    // Uniqueness (`uniqueness.rs`, `bug.rs`).
    /// A unique rectangle of type 1: of four squares with the same two candidates in
    /// two rows, two columns and two boxes, one has more; it loses the two (4.5).
    UniqueRectangle1,
    /// Type 2: the squares with more share one more digit, which leaves the squares
    /// that see them all (4.5).
    UniqueRectangle2,
    /// Type 3: the squares with more form a naked or hidden set with other squares of
    /// a unit (4.5+).
    UniqueRectangle3,
    /// Type 4: one of the two digits is locked in the squares with more in a unit,
    /// which lose the other (4.5).
    UniqueRectangle4,
    /// A unique loop (6, 8, 10... squares) of type 1 (4.6, 4.7, 5.0 by its size); the
    /// step's variant is the size.
    UniqueLoop1,
    /// Type 2.
    UniqueLoop2,
    /// Type 3 (naked or hidden set).
    UniqueLoop3,
    /// Type 4.
    UniqueLoop4,
    /// Bivalue universal grave, type 1 (5.6).
    Bug1,
    /// Type 2 (5.7).
    Bug2,
    /// Type 3 (5.8+).
    Bug3,
    /// Type 4 (5.7).
    Bug4,
    // Aligned exclusion (`aligned.rs`).
    /// Two squares of a box or line whose combinations rule out a digit (6.2).
    AlignedPairExclusion,
    /// Three squares (7.5).
    AlignedTripletExclusion,
    // Chains (`chains/`).
    /// An X-cycle: one digit's alternating strong and weak links closing on itself (6.5+).
    BidirectionalXCycle,
    /// An X-cycle through four squares (6.5+).
    GeneralizedXWing,
    /// A Y-cycle through bivalue squares (6.5+).
    BidirectionalYCycle,
    /// A cycle mixing both (7.0+).
    BidirectionalCycle,
    /// A forcing chain on one digit (6.6+).
    ForcingXChain,
    /// A forcing chain on one digit of six nodes, which Sudoku Explainer names Turbot
    /// Fish (6.6+).
    TurbotFishChain,
    /// A forcing chain of Y-links only (Sudoku Explainer names it, never finds it).
    ForcingYChain,
    /// A forcing chain (7.0+).
    ForcingChain,
    /// One digit's dynamic chains from a candidate on or off reach a contradiction
    /// (7.5+).
    NishioForcingChains,
    /// Every candidate of a square forces the same conclusion (8.0+).
    CellForcingChains,
    /// Every place of a digit in a unit forces the same conclusion (8.0+).
    RegionForcingChains,
    /// A dynamic chain from a candidate reaches a contradiction (8.5+). The nested
    /// levels carry their suffix as the step's variant: `(+)` (9.0+), `(+ Forcing
    /// Chains)` (9.5+), `(+ Multiple Forcing Chains)` (10.0+), `(+ Dynamic Forcing
    /// Chains)` (10.5+); the same for the three below.
    DynamicContradictionForcingChains,
    /// A candidate and its negation force the same conclusion (8.5+).
    DynamicDoubleForcingChains,
    /// Dynamic cell forcing chains (8.5+).
    DynamicCellForcingChains,
    /// Dynamic region forcing chains (8.5+).
    DynamicRegionForcingChains,
}

impl Technique {
    /// The name Sudoku Explainer gives its hints.
    pub const fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::DirectHiddenTriplet => "Direct Hidden Triplet",
            Technique::NakedPair => "Naked Pair",
            Technique::NakedTriplet => "Naked Triplet",
            Technique::NakedQuad => "Naked Quad",
            Technique::HiddenPair => "Hidden Pair",
            Technique::HiddenTriplet => "Hidden Triplet",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::TwoStrongLinks => "2 Strong links",
            Technique::GroupedSkyscraper => "Grouped Skyscraper",
            Technique::GroupedTwoStringKite => "Grouped 2-String Kite",
            Technique::GroupedTwoStrongLinks => "Grouped 2 Strong links",
            Technique::XLoop2 => "(2 Strong Links) X-Loop",
            Technique::GroupedXLoop2 => "(2 Strong Links) Grouped X-Loop",
            Technique::ThreeSkyscrapers => "3 Skyscrapers",
            Technique::ThreeStringKite => "3-String Kite",
            Technique::ThreeStrongLinks => "3 Strong links",
            Technique::GroupedThreeSkyscrapers => "Grouped 3 Skyscrapers",
            Technique::GroupedThreeStringKite => "Grouped 3-String Kite",
            Technique::GroupedThreeStrongLinks => "Grouped 3 Strong links",
            Technique::XLoop3 => "(3 Strong Links) X-Loop",
            Technique::GroupedXLoop3 => "(3 Strong Links) Grouped X-Loop",
            Technique::FourSkyscrapers => "4 Skyscrapers",
            Technique::FourStrongLinks => "4 Strong links",
            Technique::GroupedFourSkyscrapers => "Grouped 4 Skyscrapers",
            Technique::GroupedFourStrongLinks => "Grouped 4 Strong links",
            Technique::XLoop4 => "(4 Strong Links) X-Loop",
            Technique::GroupedXLoop4 => "(4 Strong Links) Grouped X-Loop",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::WXYZWing => "WXYZ-Wing",
            Technique::VWXYZWing => "VWXYZ-Wing",
            Technique::UVWXYZWing => "UVWXYZ-Wing",
            Technique::TUVWXYZWing => "TUVWXYZ-Wing",
            Technique::UniqueRectangle1 => "Unique Rectangle type 1",
            Technique::UniqueRectangle2 => "Unique Rectangle type 2",
            Technique::UniqueRectangle3 => "Unique Rectangle type 3",
            Technique::UniqueRectangle4 => "Unique Rectangle type 4",
            Technique::UniqueLoop1 => "Unique Loop type 1",
            Technique::UniqueLoop2 => "Unique Loop type 2",
            Technique::UniqueLoop3 => "Unique Loop type 3",
            Technique::UniqueLoop4 => "Unique Loop type 4",
            Technique::Bug1 => "BUG type 1",
            Technique::Bug2 => "BUG type 2",
            Technique::Bug3 => "BUG type 3",
            Technique::Bug4 => "BUG type 4",
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
            Technique::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            Technique::BidirectionalXCycle => "Bidirectional X-Cycle",
            Technique::GeneralizedXWing => "Generalized X-Wing",
            Technique::BidirectionalYCycle => "Bidirectional Y-Cycle",
            Technique::BidirectionalCycle => "Bidirectional Cycle",
            Technique::ForcingXChain => "Forcing X-Chain",
            Technique::TurbotFishChain => "Turbot Fish",
            Technique::ForcingYChain => "Forcing Y-Chain",
            Technique::ForcingChain => "Forcing Chain",
            Technique::NishioForcingChains => "Nishio Forcing Chains",
            Technique::CellForcingChains => "Cell Forcing Chains",
            Technique::RegionForcingChains => "Region Forcing Chains",
            Technique::DynamicContradictionForcingChains => "Dynamic Contradiction Forcing Chains",
            Technique::DynamicDoubleForcingChains => "Dynamic Double Forcing Chains",
            Technique::DynamicCellForcingChains => "Dynamic Cell Forcing Chains",
            Technique::DynamicRegionForcingChains => "Dynamic Region Forcing Chains",
        }
    }

    /// True for the techniques that assume the puzzle has one solution (unique
    /// rectangles and loops, BUG): they are not used on a puzzle with several.
    pub const fn assumes_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::UniqueLoop1
                | Technique::UniqueLoop2
                | Technique::UniqueLoop3
                | Technique::UniqueLoop4
                | Technique::Bug1
                | Technique::Bug2
                | Technique::Bug3
                | Technique::Bug4
        )
    }

    /// Writes the name with a step's extra words: after the name (a strong-link
    /// pattern's code), or for a unique loop its size before the type, as Sudoku
    /// Explainer prints it (`Unique Loop 6 type 2`).
    pub(crate) fn write_name(self, variant: Option<&str>, f: &mut impl fmt::Write) -> fmt::Result {
        match (variant, self.name().strip_prefix("Unique Loop ")) {
            (Some(v), Some(kind)) => write!(f, "Unique Loop {v} {kind}"),
            (Some(v), None) => write!(f, "{} {v}", self.name()),
            (None, _) => f.write_str(self.name()),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A candidate in a chain: digit `digit` in `square`, on (true) or off (false).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Node {
    /// The square.
    pub square: Square,
    /// The digit.
    pub digit: Digit,
    /// True if the chain puts the digit there, false if it takes it away.
    pub on: bool,
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = if self.on { "=" } else { "<>" };
        write!(f, "{}{op}{}", self.square, self.digit)
    }
}

/// One implication of a chain: `from` forces `to`.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Link {
    /// The cause.
    pub from: Node,
    /// What it forces.
    pub to: Node,
}

/// One deduction: the technique and its difficulty, the pattern it saw (squares,
/// candidates, units, digits, chain links) and what it changes (a placement, or
/// candidates removed). Built without allocating, but for a chain's links.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub(crate) technique: Technique,
    pub(crate) difficulty: Difficulty,
    /// A square to solve and the digit (0-based) that goes there.
    pub(crate) place: Option<(u8, u8)>,
    /// Bit `s` of `removes[d]`: digit `d + 1` leaves square `s`.
    pub(crate) removes: [u128; 9],
    /// The squares of the pattern.
    pub(crate) cells: u128,
    /// The candidates of the pattern, by digit.
    pub(crate) marks: [u128; 9],
    /// The units of the pattern (bit `u` for unit `u`).
    pub(crate) units: u32,
    /// The digits of the pattern (bit `d` for digit `d + 1`).
    pub(crate) digits: u16,
    /// A chain's implications, in order.
    pub(crate) links: Vec<Link>,
    /// More of the technique's name, where Sudoku Explainer's hint carries some (a
    /// strong-link pattern's code, a chain's nesting).
    pub(crate) variant: Option<&'static str>,
}

impl Step {
    /// A step of `technique` at `difficulty` (tenths) with nothing found yet.
    pub(crate) const fn new(technique: Technique, difficulty: u16) -> Step {
        Step {
            technique,
            difficulty: Difficulty(difficulty),
            place: None,
            removes: [0; 9],
            cells: 0,
            marks: [0; 9],
            units: 0,
            digits: 0,
            links: Vec::new(),
            variant: None,
        }
    }

    /// The technique.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// Its difficulty on Sudoku Explainer's scale.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The technique's name as Sudoku Explainer prints it (with the pattern's code,
    /// where it has one).
    pub fn name(&self) -> String {
        let mut name = String::new();
        let _ = self.technique.write_name(self.variant, &mut name);
        name
    }

    /// The square this step solves and its digit, if it places one.
    pub fn placement(&self) -> Option<(Square, Digit)> {
        let (s, d) = self.place?;
        Some((square(usize::from(s)), Digit::ALL[usize::from(d) % 9]))
    }

    /// The candidates this step removes, digit by digit, each in square order.
    pub fn eliminations(&self) -> impl Iterator<Item = (Square, Digit)> + '_ {
        by_digit(&self.removes)
    }

    /// The squares of the pattern.
    pub fn cells(&self) -> impl Iterator<Item = Square> + '_ {
        squares(self.cells).map(square)
    }

    /// The candidates of the pattern, digit by digit.
    pub fn candidates(&self) -> impl Iterator<Item = (Square, Digit)> + '_ {
        by_digit(&self.marks)
    }

    /// The units of the pattern.
    pub fn units(&self) -> impl Iterator<Item = Unit> + '_ {
        (0..27)
            .filter(|u| self.units >> u & 1 == 1)
            .filter_map(Unit::new)
    }

    /// The digits of the pattern.
    pub fn digits(&self) -> impl Iterator<Item = Digit> + '_ {
        Digit::ALL
            .into_iter()
            .filter(|d| self.digits >> d.index() & 1 == 1)
    }

    /// A chain's implications, in order (empty for other techniques).
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// Applies the step: the removals, then the placement (as Sudoku Explainer does).
    pub(crate) fn apply(&self, marks: &mut Marks) {
        for (d, &r) in self.removes.iter().enumerate() {
            for s in squares(r) {
                marks.eliminate(s, d);
            }
        }
        if let Some((s, d)) = self.place {
            let (s, d) = (usize::from(s), usize::from(d));
            if marks.value(s) == 0 {
                marks.place(s, d);
            }
        }
    }

    /// Sets the placement: digit `d + 1` in square `s`.
    pub(crate) fn placing(mut self, s: usize, d: usize) -> Step {
        self.place = Some((s as u8, d as u8));
        self
    }
}

/// A step as JSON (with the `serde` feature): the one shape the CLI, Python and
/// JavaScript give it.
///
/// ```json
/// {"technique": "X-Wing", "difficulty": 3.2, "placement": null,
///  "eliminations": [{"square": "A3", "digit": 4}, {"square": "G3", "digit": 4}],
///  "cells": ["B3", "B8", "F3", "F8"], "candidates": [{"square": "B3", "digit": 4}, ...],
///  "units": ["row B", "row F", "column 3", "column 8"], "digits": [4], "links": [],
///  "text": "X-Wing (3.2): remove 4 from A3, G3"}
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Step {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;

        #[derive(serde::Serialize)]
        struct Candidate {
            square: Square,
            digit: Digit,
        }
        let candidates = |it: &mut dyn Iterator<Item = (Square, Digit)>| -> Vec<Candidate> {
            it.map(|(square, digit)| Candidate { square, digit })
                .collect()
        };
        let mut st = s.serialize_struct("Step", 10)?;
        st.serialize_field("technique", &self.name())?;
        st.serialize_field("difficulty", &self.difficulty.value())?;
        st.serialize_field(
            "placement",
            &self
                .placement()
                .map(|(square, digit)| Candidate { square, digit }),
        )?;
        st.serialize_field("eliminations", &candidates(&mut self.eliminations()))?;
        st.serialize_field("cells", &self.cells().collect::<Vec<_>>())?;
        st.serialize_field("candidates", &candidates(&mut self.candidates()))?;
        st.serialize_field(
            "units",
            &self.units().map(|u| u.to_string()).collect::<Vec<_>>(),
        )?;
        st.serialize_field("digits", &self.digits().collect::<Vec<_>>())?;
        st.serialize_field("links", &self.links)?;
        st.serialize_field("text", &self.to_string())?;
        st.end()
    }
}

fn by_digit(sets: &[u128; 9]) -> impl Iterator<Item = (Square, Digit)> + '_ {
    sets.iter()
        .enumerate()
        .flat_map(|(d, &set)| squares(set).map(move |s| (square(s), Digit::ALL[d % 9])))
}

impl fmt::Display for Step {
    /// The step in one line: its name, difficulty and effect, as `Hidden Single
    /// (1.5): D6 = 7` or `X-Wing (3.2): remove 4 from A3, G3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.technique.write_name(self.variant, f)?;
        write!(f, " ({})", self.difficulty)?;
        if let Some((s, d)) = self.placement() {
            write!(f, ": {s} = {d}")?;
        }
        let mut first = true;
        for (d, &set) in self.removes.iter().enumerate() {
            if set == 0 {
                continue;
            }
            let sep = if first { ": remove" } else { ";" };
            first = false;
            write!(f, "{sep} {} from ", d + 1)?;
            for (i, s) in squares(set).enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{}", square(s))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_says_what_it_does() {
        let mut step = Step::new(Technique::XWing, 32);
        step.removes[3] = 1 << 2 | 1 << 56;
        assert_eq!(step.to_string(), "X-Wing (3.2): remove 4 from A3, G3");
        let single = Step::new(Technique::HiddenSingle, 15).placing(30, 6);
        assert_eq!(single.to_string(), "Hidden Single (1.5): D4 = 7");
        let mut lp = Step::new(Technique::UniqueLoop2, 46);
        lp.variant = Some("6");
        lp.removes[8] = 1 << 1;
        assert_eq!(
            lp.to_string(),
            "Unique Loop 6 type 2 (4.6): remove 9 from A2"
        );
        assert_eq!(lp.name(), "Unique Loop 6 type 2");
        assert_eq!(
            Technique::UniqueRectangle2.name(),
            "Unique Rectangle type 2"
        );
        assert_eq!(Difficulty(95).to_string(), "9.5");
        assert_eq!(Difficulty(100).value(), 10.0);
    }
}
