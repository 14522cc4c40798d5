//! `Tables`: Norvig's `units` and `peers` for one puzzle, built once and read by every
//! search node. Everything is flat arrays of `u16` cell numbers (a compressed row per
//! cell or house), so a node reads them without chasing pointers and the search state
//! holds only candidates.
//!
//! ```text
//!   peers      cell -> the cells that may not hold its digit (a cell set): its
//!                      houses' cells, and anti-knight / anti-king / "different" pairs
//!   houses     the houses of N cells (every digit once): Norvig's rule 2 runs on these
//!   house_words cell -> the houses of N cells it is in, as a set (woken when it
//!                      loses a digit)
//!   crossings  two houses of N cells that share 2+ cells (a box and a row, say):
//!                      locked candidates; each reads the rest of its houses as the
//!                      slots of the crossings that cover it (a box's other rows);
//!                      their cell lists are ranges of one array, crossing_cells
//!   props      the rules' propagators (pair relations, ...); watchers: cell -> props
//! ```
//!
//! A house of fewer than N cells only adds peers: no digit must appear in it.

use crate::bits::Bits;
use crate::puzzle::{BoardCells, Cell, Puzzle};
use crate::rules::{Compiled, Prop};
use crate::state::{LARGE, LARGE_BOXED};
use smallvec::SmallVec;

/// Rows of `u16`s: `row(i)` is `items[starts[i]..starts[i + 1]]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rows {
    starts: Vec<u32>,
    items: Vec<u16>,
}

impl Rows {
    fn from<R: IntoIterator<Item = usize>>(rows: impl IntoIterator<Item = R>) -> Rows {
        let mut out = Rows {
            starts: vec![0],
            items: Vec::new(),
        };
        for row in rows {
            out.items.extend(row.into_iter().map(|c| c as u16));
            out.starts.push(out.items.len() as u32);
        }
        out
    }

    #[inline(always)]
    pub(crate) fn row(&self, i: usize) -> &[u16] {
        &self.items[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    pub(crate) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// True if the rows are `rows`, in order.
    fn are(&self, rows: &[&Vec<Cell>]) -> bool {
        self.len() == rows.len()
            && rows.iter().enumerate().all(|(i, r)| {
                self.row(i).len() == r.len()
                    && self
                        .row(i)
                        .iter()
                        .zip(*r)
                        .all(|(&a, &b)| usize::from(a) == b)
            })
    }
}

/// How many crossings keep the candidates of their shared cells in a slot of their
/// own for a pass of locked candidates (slots are numbered by a byte; slot
/// [`NO_SLOT`] is always 0).
pub(crate) const SLOTS: usize = 256;
/// The slot that is always 0.
pub(crate) const NO_SLOT: u8 = (SLOTS - 1) as u8;

/// Two houses of N cells that share two or more cells: within `a`, a digit confined
/// to the shared cells leaves the rest of `b`, and the other way round.
#[derive(Clone, Debug)]
pub(crate) struct Crossing {
    pub(crate) a: u16,
    pub(crate) b: u16,
    /// Its cells as slots, so that a pass reads each crossing's shared cells once:
    /// this crossing's slot, then up to four slots of other crossings covering
    /// the rest of `a` (a box's other two rows), then four covering the rest of `b`
    /// (a row's other two boxes); [`NO_SLOT`] where there is none.
    pub(crate) slots: [u8; 9],
    /// Where its cell lists are in [`Tables::crossing_cells`]: list `k` (a [`List`])
    /// is `crossing_cells[lists[k]..lists[k + 1]]`.
    lists: [u32; 5],
}

impl Crossing {
    /// Its list `list`, in `cells` (the tables' `crossing_cells`).
    #[inline(always)]
    fn list<'a>(&self, cells: &'a [u16], list: List) -> &'a [u16] {
        let k = list as usize;
        &cells[self.lists[k] as usize..self.lists[k + 1] as usize]
    }
}

/// The cell lists of a [`Crossing`], each in its house's order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum List {
    /// The shared cells.
    Shared,
    /// `a` less the shared cells.
    ARest,
    /// `b` less the shared cells.
    BRest,
    /// The cells of each of the three above that no slot holds (none on boards of
    /// boxes), in one list: each cell number has the list it is in (0, 1 or 2 for
    /// the three above, in this order) in its top two bits, [`LOOSE_SHIFT`] up.
    Loose,
}

/// Where a loose cell's list is, in [`List::Loose`]: above every cell number.
const LOOSE_SHIFT: u32 = 14;
const _: () = assert!(crate::MAX_SIZE * crate::MAX_SIZE <= 1 << LOOSE_SHIFT);

/// A cell of [`List::Loose`]: `cell` tagged with `list` (0, 1 or 2: shared, the rest of
/// `a`, the rest of `b`).
fn loose_tagged(cell: u16, list: usize) -> u16 {
    cell | (list as u16) << LOOSE_SHIFT
}

/// A cell of [`List::Loose`] as its list (0, 1 or 2) and its cell.
#[inline(always)]
pub(crate) fn loose_cell(tagged: u16) -> (usize, usize) {
    (
        usize::from(tagged >> LOOSE_SHIFT),
        usize::from(tagged & ((1 << LOOSE_SHIFT) - 1)),
    )
}

/// The slots of up to four of `candidates` (the crossings with a slot of a house, each
/// with its shared places in the house, largest first) that lie in `rest` (a set of
/// places of the house: bit i for its i-th cell) without overlap, and the places of
/// `rest` they leave.
fn cover(rest: u32, candidates: &[(u32, u8)]) -> ([u8; 4], u32) {
    let mut slots = [NO_SLOT; 4];
    let mut covered = 0u32;
    let mut n = 0;
    for &(p, x) in candidates {
        if n < 4 && p & !rest == 0 && p & covered == 0 {
            covered |= p;
            slots[n] = x;
            n += 1;
        }
    }
    (slots, rest & !covered)
}

/// The tables of one puzzle; see the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    pub(crate) size: usize,
    pub(crate) cells: usize,
    /// Digits 1 to N.
    pub(crate) all: u32,
    /// Each cell's candidates before propagation: its given, its given candidates.
    pub(crate) start: Vec<u32>,
    /// Each cell's given candidates (every digit unless given), without the givens.
    pub(crate) marks: Vec<u32>,
    /// True if a rule no digits satisfy leaves the puzzle without a solution (its
    /// rules are not compiled, and every start is empty).
    pub(crate) unsatisfiable: bool,
    /// Each cell's peers as a set: `words` words per cell.
    peer_words: Vec<u64>,
    words: usize,
    pub(crate) houses: Rows,
    /// Each cell's houses of N cells as a set of house numbers (bit h % 64 of word
    /// h / 64), woken in one go when the cell loses a digit.
    pub(crate) house_words: Vec<[u64; 4]>,
    pub(crate) crossings: Vec<Crossing>,
    /// The crossings' cell lists, one after the other (see [`Tables::list`]).
    crossing_cells: Vec<u16>,
    /// For each house of N cells, the crossings it is in.
    pub(crate) crossings_of: Rows,
    /// True if a crossing has loose cells ([`List::Loose`]).
    pub(crate) loose: bool,
    /// The shared cells of the crossings with a slot, four at a time (the last four
    /// of a crossing filled up with its first cell), and the slot of each four.
    pub(crate) slot_cells: Vec<[u16; 4]>,
    pub(crate) slot_of: Vec<u8>,
    pub(crate) props: Vec<Prop>,
    /// True if there are propagators (a classic board has none to wake).
    pub(crate) has_props: bool,
    /// True if the search branches by `State::branch_large`: boards of
    /// [`LARGE`] and up, and of [`LARGE_BOXED`] and up with rectangular boxes.
    pub(crate) branch_large: bool,
    pub(crate) watchers: Rows,
}

impl Tables {
    /// The tables of a puzzle (already checked as it was built), with cell sets of
    /// `words` 64-bit words (the engine's width). The [`Units`] of `kept` (the tables
    /// of the puzzle before, consumed) are taken when their houses of N cells are the
    /// same: a file of killer or thermo puzzles on one board builds its crossings once.
    pub(crate) fn new(puzzle: &Puzzle, words: usize, kept: Option<Tables>) -> Tables {
        let n = puzzle.size();
        let cells = puzzle.cells();
        let all = puzzle.all_digits();
        let marks = puzzle.candidates().to_vec();
        // A rule no digits satisfy is not compiled (its tables need not exist): the
        // puzzle has no solution, which empty cells say at once (`start_of`).
        let unsatisfiable = puzzle.no_solution().is_some();
        let start = start_of(&marks, puzzle.givens(), unsatisfiable);

        // Each cell's peers: the other cells of its houses, and the pairs the rules
        // keep different.
        debug_assert!(cells <= BoardCells::CAPACITY);
        let mut peer = vec![BoardCells::EMPTY; cells];
        for h in puzzle.houses() {
            let house = BoardCells::of(h.cells.iter().copied());
            for &a in &h.cells {
                peer[a] = peer[a].or(&house);
            }
        }
        let mut compiled = Compiled::default();
        for rule in puzzle.neighbours() {
            compiled.relation(n, rule.kind.relation(), &rule.pairs(puzzle));
        }
        if !unsatisfiable {
            for rule in puzzle.rules() {
                rule.compile(puzzle, &mut compiled);
            }
        }
        for &[a, b] in &compiled.different {
            peer[a].insert(b);
            peer[b].insert(a);
        }
        let props: Vec<Prop> = std::mem::take(&mut compiled.props);
        let mut peer_words = vec![0u64; cells * words];
        for (a, set) in peer.iter_mut().enumerate() {
            set.remove(a);
            peer_words[a * words..(a + 1) * words].copy_from_slice(&set.0[..words]);
        }

        let full: Vec<&Vec<Cell>> = puzzle
            .houses()
            .iter()
            .map(|h| &h.cells)
            .chain(&compiled.houses)
            .filter(|h| h.len() == n)
            .collect();
        let Units {
            houses,
            house_words,
            crossings,
            crossing_cells,
            crossings_of,
            loose,
            slot_cells,
            slot_of,
        } = match kept {
            Some(k) if k.cells == cells && k.size == n && k.houses.are(&full) => k.units(),
            _ => Units::new(&full, n, cells),
        };
        let mut watching = vec![Vec::new(); cells];
        for (i, p) in props.iter().enumerate() {
            for c in p.watches() {
                if watching[c].last() != Some(&i) {
                    watching[c].push(i);
                }
            }
        }
        let watchers = Rows::from(watching);
        let branch_large = n >= LARGE || (n >= LARGE_BOXED && puzzle.box_shape().is_some());
        Tables {
            size: n,
            cells,
            all,
            start,
            marks,
            unsatisfiable,
            peer_words,
            words,
            houses,
            house_words,
            loose,
            slot_cells,
            slot_of,
            crossings,
            crossing_cells,
            crossings_of,
            has_props: !props.is_empty(),
            branch_large,
            props,
            watchers,
        }
    }
}

/// The tables built from the houses of N cells alone: what two puzzles on the same
/// board with other rules (and so other peers and propagators) share.
struct Units {
    houses: Rows,
    house_words: Vec<[u64; 4]>,
    crossings: Vec<Crossing>,
    crossing_cells: Vec<u16>,
    crossings_of: Rows,
    loose: bool,
    slot_cells: Vec<[u16; 4]>,
    slot_of: Vec<u8>,
}

/// The cells of `house` at `places` (bit i: its i-th cell), in its order.
fn at_places(house: &[Cell], places: u32) -> impl Iterator<Item = u16> + '_ {
    (0..house.len())
        .filter(move |&i| places >> i & 1 != 0)
        .map(|i| house[i] as u16)
}

impl Units {
    /// The units of the houses `full` (each of `n` cells) on a board of `cells` cells.
    /// Cells within a house are its places, bit i for its i-th cell: a crossing is
    /// its shared places in each of its two houses, and everything else is masks.
    fn new(full: &[&Vec<Cell>], n: usize, cells: usize) -> Units {
        let houses = Rows::from(full.iter().map(|h| h.iter().copied()));
        let mut house_words = vec![[0u64; 4]; cells];
        // Each cell's houses, with its place in each.
        let mut homes = vec![SmallVec::<[(u16, u8); 4]>::new(); cells];
        for (h, members) in full.iter().enumerate() {
            for (i, &c) in members.iter().enumerate() {
                house_words[c][h / 64 % 4] |= 1 << (h % 64);
                homes[c].push((h as u16, i as u8));
            }
        }
        let every = ((1u64 << n) - 1) as u32;

        // The crossings, in order of `a` then `b`, with their shared places in `a` and
        // in `b`; found from the houses of each cell of `a` rather than a set
        // intersection per pair of houses.
        let mut crossings = Vec::new();
        let mut places: Vec<[u32; 2]> = Vec::new();
        let mut by_house = vec![SmallVec::<[usize; 8]>::new(); full.len()];
        let mut shared = vec![[0u32; 2]; full.len()];
        for a in 0..full.len() {
            for (i, &c) in full[a].iter().enumerate() {
                for &(b, j) in &homes[c] {
                    let b = usize::from(b);
                    if b > a {
                        shared[b][0] |= 1 << i;
                        shared[b][1] |= 1 << j;
                    }
                }
            }
            for b in a + 1..full.len() {
                let p = core::mem::take(&mut shared[b]);
                let k = p[0].count_ones() as usize;
                if k < 2 || k == n {
                    continue;
                }
                by_house[a].push(crossings.len());
                by_house[b].push(crossings.len());
                places.push(p);
                crossings.push(Crossing {
                    a: a as u16,
                    b: b as u16,
                    slots: [NO_SLOT; 9],
                    lists: [0; 5],
                });
            }
        }
        // Each house's crossings with a slot, with their shared places in the house,
        // largest first (then in order): what covers the rest of a house.
        let slotted: Vec<SmallVec<[(u32, u8); 8]>> = by_house
            .iter()
            .enumerate()
            .map(|(h, xs)| {
                let mut v: SmallVec<[(u32, u8); 8]> = xs
                    .iter()
                    .filter(|&&x| x < usize::from(NO_SLOT))
                    .map(|&x| {
                        (
                            places[x][usize::from(usize::from(crossings[x].a) != h)],
                            x as u8,
                        )
                    })
                    .collect();
                v.sort_by_key(|&(p, _)| core::cmp::Reverse(p.count_ones()));
                v
            })
            .collect();
        let crossings_of = Rows::from(by_house);

        // Each crossing's slots and cell lists.
        let mut crossing_cells = Vec::with_capacity(crossings.len() * 3 * n);
        let mut loose = false;
        for i in 0..crossings.len() {
            let (a, b) = (usize::from(crossings[i].a), usize::from(crossings[i].b));
            let [in_a, in_b] = places[i];
            let (sa, loose_a) = cover(every & !in_a, &slotted[a]);
            let (sb, loose_b) = cover(every & !in_b, &slotted[b]);
            let (own, loose_shared) = match u8::try_from(i) {
                Ok(slot) if slot < NO_SLOT => (slot, 0),
                _ => (NO_SLOT, in_a),
            };
            loose |= loose_shared | loose_a | loose_b != 0;
            // In the order of `List`.
            let mut lists = [0u32; 5];
            for (k, (house, at)) in [(a, in_a), (a, every & !in_a), (b, every & !in_b)]
                .into_iter()
                .enumerate()
            {
                lists[k] = crossing_cells.len() as u32;
                crossing_cells.extend(at_places(full[house], at));
            }
            lists[3] = crossing_cells.len() as u32;
            for (k, (house, at)) in [(a, loose_shared), (a, loose_a), (b, loose_b)]
                .into_iter()
                .enumerate()
            {
                crossing_cells.extend(at_places(full[house], at).map(|c| loose_tagged(c, k)));
            }
            lists[4] = crossing_cells.len() as u32;
            let x = &mut crossings[i];
            x.slots = [own, sa[0], sa[1], sa[2], sa[3], sb[0], sb[1], sb[2], sb[3]];
            x.lists = lists;
        }

        let (mut slot_cells, mut slot_of) = (Vec::new(), Vec::new());
        for (slot, x) in crossings.iter().take(usize::from(NO_SLOT)).enumerate() {
            let shared = x.list(&crossing_cells, List::Shared);
            for four in shared.chunks(4) {
                let mut cells = [shared[0]; 4];
                cells[..four.len()].copy_from_slice(four);
                slot_cells.push(cells);
                slot_of.push(slot as u8);
            }
        }
        Units {
            loose,
            houses,
            house_words,
            crossings,
            crossing_cells,
            crossings_of,
            slot_cells,
            slot_of,
        }
    }
}

impl Tables {
    /// The tables' units, the rest dropped.
    fn units(self) -> Units {
        Units {
            houses: self.houses,
            house_words: self.house_words,
            crossings: self.crossings,
            crossing_cells: self.crossing_cells,
            crossings_of: self.crossings_of,
            loose: self.loose,
            slot_cells: self.slot_cells,
            slot_of: self.slot_of,
        }
    }

    /// List `list` of crossing `x`'s cells.
    #[inline(always)]
    pub(crate) fn list(&self, x: &Crossing, list: List) -> &[u16] {
        x.list(&self.crossing_cells, list)
    }

    /// `cell`'s peers as a set (`W` must be the width the tables were built for).
    #[inline(always)]
    pub(crate) fn peer_bits<const W: usize>(&self, cell: usize) -> Bits<W> {
        debug_assert_eq!(W, self.words);
        let mut b = Bits::EMPTY;
        b.0.copy_from_slice(&self.peer_words[cell * W..cell * W + W]);
        b
    }
}

/// The start candidates of each cell: its given (if among its given candidates: the
/// two hold at once, as in `Puzzle::allows`), else its given candidates; none at all
/// when a rule no digits satisfy leaves the puzzle `unsatisfiable`.
pub(crate) fn start_of(marks: &[u32], givens: &[u8], unsatisfiable: bool) -> Vec<u32> {
    marks
        .iter()
        .zip(givens)
        .map(|(&m, &d)| match (unsatisfiable, d) {
            (true, _) => 0,
            (false, 0) => m,
            // Both hold: a given outside its cell's given candidates empties the cell.
            (false, d) => m & 1 << (d - 1),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{NeighbourKind, Neighbours};

    /// Large boards, and boards of rectangular boxes from 10×10, branch as large
    /// boards do; 9×9 keeps the fast engine's rule, and jigsaws below 16×16 the
    /// small boards' rule.
    #[test]
    fn which_boards_branch_as_large_ones() {
        let large = |p: &Puzzle| Tables::new(p, 4, None).branch_large;
        let jigsaw = |n: usize| {
            let mut p = Puzzle::latin(n).unwrap();
            let regions = crate::generate::jigsaw(n, &mut fastrand::Rng::with_seed(3));
            let regions: Vec<Option<u32>> = regions.into_iter().map(Some).collect();
            p.add_regions(&regions).unwrap();
            p
        };
        for (n, boxes) in [(4, false), (6, false), (9, false), (10, true), (12, true)] {
            assert_eq!(large(&Puzzle::classic(n).unwrap()), boxes, "{n}x{n}");
        }
        for (n, r, c) in [(12, 3, 4), (12, 4, 3), (15, 3, 5), (14, 2, 7), (16, 4, 4)] {
            assert!(
                large(&Puzzle::with_boxes(n, r, c).unwrap()),
                "{n}x{n} of {r}x{c}"
            );
        }
        let mut x = Puzzle::classic(12).unwrap();
        x.add_diagonals().unwrap();
        assert!(large(&x));
        for n in [9, 12, 15] {
            assert!(!large(&jigsaw(n)), "{n}x{n} jigsaw");
        }
        assert!(large(&jigsaw(16)));
        assert!(!large(&Puzzle::latin(12).unwrap()));
    }

    #[test]
    fn norvigs_tables_for_classic_nine() {
        let t = Tables::new(&Puzzle::classic(9).unwrap(), 2, None);
        assert_eq!(t.houses.len(), 27);
        assert!((0..81).all(|c| t.peer_bits::<2>(c).len() == 20));
        assert!((0..81).all(|c| t.house_words[c].iter().map(|w| w.count_ones()).sum::<u32>() == 3));
        // Each box crosses three rows and three columns in three cells.
        assert_eq!(t.crossings.len(), 54);
        assert!(t
            .crossings
            .iter()
            .all(|x| t.list(x, List::Shared).len() == 3));
        // The rest of a box is its other two rows, the rest of a row its other two
        // boxes.
        let two = |s: &[u8]| s[1] < 54 && s[2] == NO_SLOT;
        assert!(t
            .crossings
            .iter()
            .enumerate()
            .all(|(i, x)| usize::from(x.slots[0]) == i
                && two(&x.slots[1..5])
                && two(&x.slots[5..])
                && t.list(x, List::Loose).is_empty()));
        assert_eq!(t.slot_cells.len(), 54);
        assert!(t.slot_cells.iter().all(|c| c[3] == c[0]));
        assert!(t.props.is_empty());
    }

    #[test]
    fn neighbours_become_peers_or_props() {
        let mut p = Puzzle::classic(9).unwrap();
        p.add_neighbours(Neighbours::board(NeighbourKind::AntiKnight))
            .unwrap();
        p.add_neighbours(Neighbours::board(NeighbourKind::NonConsecutive))
            .unwrap();
        let t = Tables::new(&p, 2, None);
        // The centre's 8 knight moves all leave its box, row and column.
        assert_eq!(t.peer_bits::<2>(40).len(), 20 + 8);
        assert_eq!(t.props.len(), 2 * 9 * 8);
        assert_eq!(t.watchers.row(40).len(), 4);
    }

    /// Tables built keeping another puzzle's are the tables built afresh: on the same
    /// houses, after a cage of N cells adds one, with the diagonals, on other boards.
    #[test]
    fn kept_units_are_the_units_built_afresh() {
        use crate::rules::{Cage, Rule};
        let with = |mut p: Puzzle, rule: Option<Rule>, diagonals: bool| {
            if let Some(rule) = rule {
                p.add_rule(rule).unwrap();
            }
            if diagonals {
                p.add_diagonals().unwrap();
            }
            p
        };
        let cage = |cells: &[Cell]| {
            Some(Rule::Cage(Cage {
                cells: cells.to_vec(),
                sum: Some(45),
            }))
        };
        let nine = || Puzzle::classic(9).unwrap();
        let puzzles = [
            nine(),
            with(nine(), cage(&[0, 1, 2, 3, 12, 11, 10, 9, 18]), false),
            with(nine(), cage(&[40, 41, 42, 43, 44, 53, 52, 51, 50]), false),
            with(nine(), None, true),
            with(nine(), cage(&[0, 1, 2, 3, 12, 11, 10, 9, 18]), true),
            Puzzle::latin(9).unwrap(),
            Puzzle::classic(6).unwrap(),
        ];
        for a in &puzzles {
            for b in &puzzles {
                let kept = Tables::new(a, 2, None);
                assert_eq!(
                    format!("{:?}", Tables::new(b, 2, Some(kept))),
                    format!("{:?}", Tables::new(b, 2, None))
                );
            }
        }
    }

    /// Every pair of houses of N cells that share 2 to N - 1 cells, in order: the
    /// houses, the shared cells, the rest of each.
    fn crossings_by_definition(t: &Tables) -> Vec<(u16, u16, [Vec<u16>; 3])> {
        let houses: Vec<&[u16]> = (0..t.houses.len()).map(|h| t.houses.row(h)).collect();
        let mut out = Vec::new();
        for a in 0..houses.len() {
            for b in a + 1..houses.len() {
                let (ha, hb) = (houses[a], houses[b]);
                let shared: Vec<u16> = ha.iter().filter(|c| hb.contains(c)).copied().collect();
                if (2..t.size).contains(&shared.len()) {
                    let rest =
                        |h: &[u16]| h.iter().filter(|c| !shared.contains(c)).copied().collect();
                    let lists = [shared.clone(), rest(ha), rest(hb)];
                    out.push((a as u16, b as u16, lists));
                }
            }
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// The crossings are their definition, and each of a crossing's three lists is
        /// exactly its slots' shared cells and its loose cells, each once: what a pass
        /// of locked candidates reads for it.
        #[test]
        fn crossings_and_their_slots_hold_every_cell_once(
            seed in proptest::prelude::any::<u64>(),
            size in proptest::sample::select(vec![4usize, 6, 8, 9, 12, 16, 25]),
            jigsaw in proptest::prelude::any::<bool>(),
            extra in 0u8..8,
            sets in 0usize..4,
        ) {
            let mut settings = crate::generate::Settings::new(size);
            if jigsaw {
                settings.layout = crate::generate::Layout::Jigsaw;
            }
            settings.diagonals = extra & 1 != 0;
            settings.windows = extra & 2 != 0 && !jigsaw;
            settings.disjoint_groups = extra & 4 != 0 && !jigsaw;
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = settings.layout(&mut rng).unwrap();
            // Extra houses of N random cells: crossings of any shape, with any number
            // of other crossings to cover their rest.
            for _ in 0..sets {
                let mut cells: Vec<usize> = (0..p.cells()).collect();
                rng.shuffle(&mut cells);
                cells.truncate(size);
                p.add_house(crate::HouseKind::Extra, cells).unwrap();
            }
            let t = Tables::new(&p, p.cells().div_ceil(64), None);
            let expected = crossings_by_definition(&t);
            assert_eq!(t.crossings.len(), expected.len());
            let sorted = |mut v: Vec<u16>| {
                v.sort_unstable();
                v
            };
            let mut any_loose = false;
            for (x, (a, b, [shared, a_rest, b_rest])) in t.crossings.iter().zip(&expected) {
                assert_eq!((x.a, x.b), (*a, *b));
                assert_eq!(t.list(x, List::Shared), &shared[..]);
                assert_eq!(t.list(x, List::ARest), &a_rest[..]);
                assert_eq!(t.list(x, List::BRest), &b_rest[..]);
                for (k, (slots, cells)) in [
                    (&x.slots[..1], shared),
                    (&x.slots[1..5], a_rest),
                    (&x.slots[5..], b_rest),
                ]
                .into_iter()
                .enumerate()
                {
                    let mut held: Vec<u16> = t
                        .list(x, List::Loose)
                        .iter()
                        .map(|&c| loose_cell(c))
                        .filter(|&(list, _)| list == k)
                        .map(|(_, c)| c as u16)
                        .collect();
                    any_loose |= !held.is_empty();
                    for &s in slots.iter().filter(|&&s| s != NO_SLOT) {
                        held.extend_from_slice(t.list(&t.crossings[usize::from(s)], List::Shared));
                    }
                    assert_eq!(sorted(held), sorted(cells.clone()));
                }
            }
            assert_eq!(t.loose, any_loose);
        }
    }

    #[test]
    fn small_houses_are_peers_only() {
        let mut p = Puzzle::latin(4).unwrap();
        p.add_house(crate::HouseKind::Extra, vec![0, 5]).unwrap();
        let t = Tables::new(&p, 2, None);
        assert_eq!(t.houses.len(), 8);
        assert!(t.peer_bits::<2>(0).contains(5));
    }
}
