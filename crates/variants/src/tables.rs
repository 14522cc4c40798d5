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
//!                      slots of the crossings that cover it (a box's other rows)
//!   props      the rules' propagators (pair relations, ...); watchers: cell -> props
//! ```
//!
//! A house of fewer than N cells only adds peers: no digit must appear in it.

use crate::bits::Bits;
use crate::puzzle::{BoardCells, Cell, Puzzle};
use crate::rules::{Compiled, Prop};
use smallvec::SmallVec;

/// Rows of `u16`s: `row(i)` is `items[starts[i]..starts[i + 1]]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rows {
    starts: Vec<u32>,
    items: Vec<u16>,
}

impl Rows {
    fn from(rows: impl IntoIterator<Item = Vec<usize>>) -> Rows {
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
    /// The shared cells, `a` less them, `b` less them.
    pub(crate) shared: Vec<u16>,
    pub(crate) a_rest: Vec<u16>,
    pub(crate) b_rest: Vec<u16>,
    /// The same three as slots, so that a pass reads each crossing's shared cells
    /// once: this crossing's slot, then up to four slots of other crossings covering
    /// `a_rest` (a box's other two rows), then four covering `b_rest` (a row's other
    /// two boxes); [`NO_SLOT`] where there is none.
    pub(crate) slots: [u8; 9],
    /// The cells of the three that no slot holds (none on boards of boxes).
    pub(crate) loose: [Vec<u16>; 3],
}

/// The set of `cells`.
fn set_of(cells: &[u16]) -> BoardCells {
    BoardCells::of(cells.iter().map(|&c| usize::from(c)))
}

/// The slots of up to four crossings whose shared cells lie in `cells` without
/// overlap (largest first), and the cells they leave.
fn cover(cells: &[u16], crossings: &[Crossing], of: &[u16]) -> ([u8; 4], Vec<u16>) {
    let within = set_of(cells);
    let mut inside: SmallVec<[usize; 16]> = of
        .iter()
        .map(|&x| usize::from(x))
        .filter(|&x| x < usize::from(NO_SLOT))
        .filter(|&x| {
            crossings[x]
                .shared
                .iter()
                .all(|&c| within.contains(usize::from(c)))
        })
        .collect();
    inside.sort_by_key(|&x| core::cmp::Reverse(crossings[x].shared.len()));
    let mut slots = [NO_SLOT; 4];
    let mut covered = BoardCells::EMPTY;
    let mut n = 0;
    for x in inside {
        let shared = &crossings[x].shared;
        if n < 4 && shared.iter().all(|&c| !covered.contains(usize::from(c))) {
            for &c in shared {
                covered.insert(usize::from(c));
            }
            slots[n] = x as u8;
            n += 1;
        }
    }
    let loose = cells
        .iter()
        .copied()
        .filter(|&c| !covered.contains(usize::from(c)))
        .collect();
    (slots, loose)
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
    /// For each house of N cells, the crossings it is in.
    pub(crate) crossings_of: Rows,
    /// True if a crossing has loose cells (`Crossing::loose`).
    pub(crate) loose: bool,
    /// The shared cells of the crossings with a slot, four at a time (the last four
    /// of a crossing filled up with its first cell), and the slot of each four.
    pub(crate) slot_cells: Vec<[u16; 4]>,
    pub(crate) slot_of: Vec<u8>,
    pub(crate) props: Vec<Prop>,
    /// True if there are propagators (a classic board has none to wake).
    pub(crate) has_props: bool,
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
            crossings_of,
            has_props: !props.is_empty(),
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
    crossings_of: Rows,
    loose: bool,
    slot_cells: Vec<[u16; 4]>,
    slot_of: Vec<u8>,
}

impl Units {
    /// The units of the houses `full` (each of `n` cells) on a board of `cells` cells.
    fn new(full: &[&Vec<Cell>], n: usize, cells: usize) -> Units {
        let houses = Rows::from(full.iter().map(|h| h.to_vec()));
        let mut house_words = vec![[0u64; 4]; cells];
        for (h, members) in full.iter().enumerate() {
            for &c in members.iter() {
                house_words[c][h / 64 % 4] |= 1 << (h % 64);
            }
        }

        let sets: Vec<BoardCells> = full
            .iter()
            .map(|h| BoardCells::of(h.iter().copied()))
            .collect();
        let mut crossings = Vec::new();
        let mut crossings_by_house = vec![Vec::new(); full.len()];
        // How many cells house `a` shares with each later house, from the houses of
        // its cells (a few each) rather than a set intersection per pair of houses.
        let mut shared = vec![0usize; full.len()];
        for a in 0..full.len() {
            shared.fill(0);
            for &c in full[a] {
                for (i, &word) in house_words[c].iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let b = i * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if let Some(k) = shared.get_mut(b) {
                            *k += 1;
                        }
                    }
                }
            }
            for b in a + 1..full.len() {
                let k = shared[b];
                if k < 2 || k == n {
                    continue;
                }
                let both = sets[a].and(&sets[b]);
                let pick = |h: &Vec<Cell>, inside: bool| -> Vec<u16> {
                    h.iter()
                        .filter(|&&c| both.contains(c) == inside)
                        .map(|&c| c as u16)
                        .collect()
                };
                crossings_by_house[a].push(crossings.len());
                crossings_by_house[b].push(crossings.len());
                crossings.push(Crossing {
                    a: a as u16,
                    b: b as u16,
                    shared: pick(full[a], true),
                    a_rest: pick(full[a], false),
                    b_rest: pick(full[b], false),
                    slots: [NO_SLOT; 9],
                    loose: Default::default(),
                });
            }
        }
        let crossings_of = Rows::from(crossings_by_house);
        for i in 0..crossings.len() {
            let x = &crossings[i];
            let (a, a_loose) = cover(&x.a_rest, &crossings, crossings_of.row(usize::from(x.a)));
            let (b, b_loose) = cover(&x.b_rest, &crossings, crossings_of.row(usize::from(x.b)));
            let (own, own_loose) = match u8::try_from(i) {
                Ok(slot) if slot < NO_SLOT => (slot, Vec::new()),
                _ => (NO_SLOT, x.shared.clone()),
            };
            let x = &mut crossings[i];
            x.slots = [own, a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]];
            x.loose = [own_loose, a_loose, b_loose];
        }
        let (mut slot_cells, mut slot_of) = (Vec::new(), Vec::new());
        for (slot, x) in crossings.iter().take(usize::from(NO_SLOT)).enumerate() {
            for four in x.shared.chunks(4) {
                let mut cells = [x.shared[0]; 4];
                cells[..four.len()].copy_from_slice(four);
                slot_cells.push(cells);
                slot_of.push(slot as u8);
            }
        }
        Units {
            loose: crossings
                .iter()
                .any(|x| x.loose.iter().any(|l| !l.is_empty())),
            houses,
            house_words,
            crossings,
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
            crossings_of: self.crossings_of,
            loose: self.loose,
            slot_cells: self.slot_cells,
            slot_of: self.slot_of,
        }
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

/// The start candidates of each cell: its given, else its given candidates; none at all
/// when a rule no digits satisfy leaves the puzzle `unsatisfiable`.
pub(crate) fn start_of(marks: &[u32], givens: &[u8], unsatisfiable: bool) -> Vec<u32> {
    marks
        .iter()
        .zip(givens)
        .map(|(&m, &d)| match (unsatisfiable, d) {
            (true, _) => 0,
            (false, 0) => m,
            (false, d) => 1 << (d - 1),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{NeighbourKind, Neighbours};

    #[test]
    fn norvigs_tables_for_classic_nine() {
        let t = Tables::new(&Puzzle::classic(9).unwrap(), 2, None);
        assert_eq!(t.houses.len(), 27);
        assert!((0..81).all(|c| t.peer_bits::<2>(c).len() == 20));
        assert!((0..81).all(|c| t.house_words[c].iter().map(|w| w.count_ones()).sum::<u32>() == 3));
        // Each box crosses three rows and three columns in three cells.
        assert_eq!(t.crossings.len(), 54);
        assert!(t.crossings.iter().all(|x| x.shared.len() == 3));
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
                && x.loose.iter().all(Vec::is_empty)));
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

    #[test]
    fn small_houses_are_peers_only() {
        let mut p = Puzzle::latin(4).unwrap();
        p.add_house(crate::HouseKind::Extra, vec![0, 5]).unwrap();
        let t = Tables::new(&p, 2, None);
        assert_eq!(t.houses.len(), 8);
        assert!(t.peer_bits::<2>(0).contains(5));
    }
}
