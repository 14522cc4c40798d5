//! Bidirectional cycles and forcing chains from one candidate (Sudoku Explainer's
//! first chaining batch, 6.5 to 7.0 plus the length adder).
//!
//! Three passes, in this order: X (links of one digit: a unit where the digit has two
//! places), Y (links within squares of two candidates; a Y-cycle starts in such a
//! square), and XY (both). In each pass every candidate of every unsolved square with
//! more than one candidate, squares in order and digits in order, is the start of
//!
//! - a cycle search: "on" nodes imply "off" nodes (weak links: the other candidates of
//!   the square, the digit's other places in its box, row and column) and "off" nodes
//!   imply "on" nodes (strong links), breadth first, a node never implied by one of
//!   its own ancestors; the start reached again, four links or more away, closes a
//!   cycle. A candidate seen by an "on" and an "off" node of the cycle with its digit
//!   (and not in the cycle's squares) goes.
//! - (X and XY passes) a forcing chain from the start on and one from the start off,
//!   breadth first without repeats: reaching the start's opposite proves it.
//!
//! The grid is static: a strong link is a square with two candidates or a unit with
//! two places of a digit in the grid as it is.

use super::hint::{Kind, Offer, Sink};
use super::node::{
    box_peers, column_peers, conjugate, digit_of, is_on, node, peers, row_peers, square_of,
    units_of, Cause, Node, NodeSet,
};
use super::store::{Arena, Walk};
use super::Ctx;
use crate::steps::marks::{count9, is_pair, is_single, Marks};
use bitdoku_core::UNIT_SQUARES;

/// The grid as the search reads it.
#[derive(Clone, Copy)]
pub(super) struct Static {
    pub(super) cells: [u16; 81],
    pub(super) places: [u128; 9],
}

impl Static {
    pub(super) fn new(marks: &Marks) -> Static {
        Static {
            cells: core::array::from_fn(|s| marks.candidates(s)),
            places: core::array::from_fn(|d| marks.places(d)),
        }
    }

    /// The nodes an "on" node turns off, in Sudoku Explainer's order: the square's
    /// other candidates (with `y`), then the digit's places in the box, the row and
    /// the column (each square once).
    #[inline]
    pub(super) fn on_to_off(&self, n: Node, y: bool, out: &mut Vec<(Node, Cause)>) {
        out.clear();
        let (s, d) = (square_of(n), digit_of(n));
        if y {
            let mut others = self.cells[s] & !(1 << d);
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                out.push((node(s, e, false), Cause::Cell));
            }
        }
        let places = self.places[d];
        for (set, cause) in [
            (places & box_peers(s), Cause::Box),
            (places & row_peers(s), Cause::Row),
            (places & column_peers(s), Cause::Column),
        ] {
            let mut set = set;
            while set != 0 {
                let t = set.trailing_zeros() as usize;
                set &= set - 1;
                out.push((node(t, d, false), cause));
            }
        }
    }

    /// The nodes an "off" node turns on: the square's other candidate if it has two
    /// (with `y`), the digit's other place in each unit (box, row, column) where it
    /// has two (with `x`), each node once.
    #[inline]
    pub(super) fn off_to_on(
        &self,
        n: Node,
        y: bool,
        x: bool,
        out: &mut [(Node, Cause); 4],
    ) -> usize {
        let (s, d) = (square_of(n), digit_of(n));
        let mut len = 0;
        if y && count9(self.cells[s]) == 2 {
            let other = (self.cells[s] & !(1 << d)).trailing_zeros() as usize;
            out[0] = (node(s, other, true), Cause::Cell);
            len = 1;
        }
        if x {
            for u in units_of(s) {
                let others = self.places[d] & UNIT_SQUARES[u] & !(1u128 << s);
                if is_single(others) {
                    let on = node(others.trailing_zeros() as usize, d, true);
                    if !out[..len].iter().any(|&(m, _)| m == on) {
                        out[len] = (on, Cause::of_unit(u));
                        len += 1;
                    }
                }
            }
        }
        len
    }
}

/// The strong links of a grid as bitboards, for [`probe`]: the other place of each
/// digit in each unit where it has two, the squares with two candidates.
pub(super) struct Links {
    partner: [[u128; 81]; 9],
    bivalue: u128,
}

impl Links {
    pub(super) fn new(g: &Static) -> Links {
        let mut partner = [[0u128; 81]; 9];
        for (d, row) in partner.iter_mut().enumerate() {
            for &unit in UNIT_SQUARES.iter() {
                let places = g.places[d] & unit;
                if is_pair(places) {
                    let a = places.trailing_zeros() as usize;
                    let b = 127 - places.leading_zeros() as usize;
                    row[a] |= 1 << b;
                    row[b] |= 1 << a;
                }
            }
        }
        let mut bivalue = 0;
        for s in 0..81 {
            if count9(g.cells[s]) == 2 {
                bivalue |= 1 << s;
            }
        }
        Links { partner, bivalue }
    }
}

/// What a breadth-first search from one node can reach, found on bitboards without
/// keeping chains: the number of nodes of the shortest forcing chain back to the
/// start's opposite, and (from "on") a lower bound on the nodes of a cycle (a
/// closing node met from depth two on). The layers are those of the exact searches.
#[allow(clippy::too_many_arguments)]
fn probe(
    g: &Static,
    links: &Links,
    start: Node,
    y: bool,
    x: bool,
    limit: u32,
    special: &NodeSet,
) -> (Option<u32>, Option<u32>) {
    let (s0, d0) = (square_of(start), digit_of(start));
    let mut seen = NodeSet::EMPTY;
    seen.insert(start);
    let mut on = [0u128; 9];
    let mut off = [0u128; 9];
    if is_on(start) {
        on[d0] = 1 << s0;
    } else {
        off[d0] = 1 << s0;
    }
    let (mut forcing, mut cycle) = (None, None);
    // `depth`: the depth of the nodes being expanded.
    let mut depth = 0u32;
    let mut first = true;
    loop {
        if !first || is_on(start) {
            // "On" to "off".
            if depth + 2 > limit {
                break;
            }
            let made = on_to_off(g, &on, y);
            if is_on(start) {
                if forcing.is_none() && made[d0] >> s0 & 1 == 1 {
                    forcing = Some(depth + 2);
                }
                if cycle.is_none() && depth >= 2 && (0..9).any(|d| made[d] & special.off[d] != 0) {
                    cycle = Some(depth + 2);
                }
                if forcing.is_some() && (cycle.is_some() || special.is_empty()) {
                    break;
                }
            }
            let mut any = false;
            for d in 0..9 {
                off[d] = made[d] & !seen.off[d];
                seen.off[d] |= off[d];
                any |= off[d] != 0;
            }
            if !any {
                break;
            }
            depth += 1;
        }
        first = false;
        // "Off" to "on".
        if depth + 2 > limit {
            break;
        }
        let mut made = [0u128; 9];
        for (d, &set) in off.iter().enumerate() {
            off_to_on(g, links, d, set, x, y, &mut made);
        }
        if !is_on(start) && made[d0] >> s0 & 1 == 1 {
            forcing = Some(depth + 2);
            break;
        }
        let mut any = false;
        for d in 0..9 {
            on[d] = made[d] & !seen.on[d];
            seen.on[d] |= on[d];
            any |= on[d] != 0;
        }
        if !any {
            break;
        }
        depth += 1;
    }
    (forcing, cycle)
}

/// Which chains can start from a candidate, when a search of nested chains knows
/// (see [`sources_since`]): a forcing chain from it on, one from it off, a cycle.
#[derive(Clone, Copy, Default)]
struct Known {
    on: bool,
    off: bool,
    cycle: bool,
}

/// Scratch space of the searches, reused from one start to the next.
#[derive(Default)]
pub(super) struct Unary {
    arena: Arena,
    qon: Vec<u32>,
    qoff: Vec<u32>,
    next: Vec<u32>,
    offs: Vec<(Node, Cause)>,
    cycles: Vec<u32>,
}

/// Sort keys: X 2, Y 3, XY 4.
fn sort_key(x: bool, y: bool) -> u8 {
    match (x, y) {
        (true, true) => 4,
        (false, true) => 3,
        _ => 2,
    }
}

/// All cycles and forcing chains of `grid`, offered to `sink` in Sudoku Explainer's
/// order of discovery; with `since`, only those that use a strong link `grid` has
/// and `since` has not (see [`sources_since`]).
pub(super) fn search(grid: &Marks, since: Option<&Marks>, ctx: &mut Ctx, sink: &mut dyn Sink) {
    let g = Static::new(grid);
    let links = Links::new(&g);
    let filters = match since {
        Some(old) => match sources_since(&g, &links, old) {
            Some(f) => Some(f),
            None => return,
        },
        None => None,
    };
    let mut unary = core::mem::take(&mut ctx.unary);
    for (pass, (y, x)) in [(false, true), (true, false), (true, true)]
        .into_iter()
        .enumerate()
    {
        let filter = filters.as_ref().map(|f| &f[pass]);
        if filter.is_some_and(|f| f.iter().flatten().all(|&m| m == 0)) {
            continue;
        }
        for s in 0..81 {
            let c = g.cells[s];
            if grid.value(s) != 0 || c.count_ones() < 2 {
                continue;
            }
            if !x && c.count_ones() > 2 {
                continue;
            }
            let mut ds = c;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let known = filter.map(|[on, off, cycle]| Known {
                    on: on[d] >> s & 1 == 1,
                    off: off[d] >> s & 1 == 1,
                    cycle: cycle[d] >> s & 1 == 1,
                });
                if known.is_some_and(|k| !k.on && !k.off && !k.cycle) {
                    continue;
                }
                from(&g, &links, &mut unary, ctx, sink, s, d, y, x, known);
            }
        }
    }
    ctx.unary = unary;
}

/// The strong links `g` has and `old` had not: a square left with two candidates, a
/// digit left with two places in a unit; each as its two candidates.
pub(super) fn new_links(g: &Static, old: &Marks, out: &mut Vec<(Node, Node)>) {
    out.clear();
    for s in 0..81 {
        let c = g.cells[s];
        if c.count_ones() == 2 && old.candidates(s).count_ones() > 2 {
            let d1 = c.trailing_zeros() as usize;
            let d2 = 15 - c.leading_zeros() as usize;
            out.push((node(s, d1, true), node(s, d2, true)));
        }
    }
    for d in 0..9 {
        for &unit in UNIT_SQUARES.iter() {
            let places = g.places[d] & unit;
            if places.count_ones() == 2 && (old.places(d) & unit).count_ones() > 2 {
                let a = places.trailing_zeros() as usize;
                let b = 127 - places.leading_zeros() as usize;
                let pair = (node(a, d, true), node(b, d, true));
                if !out.contains(&pair) {
                    out.push(pair);
                }
            }
        }
    }
}

/// Everything the "on" nodes `start` reach, breadth first: "on" turns off the
/// digit's other places in its units and (with `y`) the square's other candidates;
/// "off" turns on the other candidate of a square with two (with `y`) and the other
/// place of a unit with two (with `x`).
pub(super) fn reach(g: &Static, links: &Links, start: [u128; 9], y: bool, x: bool) -> NodeSet {
    let mut seen = NodeSet::EMPTY;
    let mut on = start;
    seen.on = start;
    loop {
        let mut off = on_to_off(g, &on, y);
        let mut next = [0u128; 9];
        for (d, (set, seen)) in off.iter_mut().zip(seen.off.iter_mut()).enumerate() {
            *set &= !*seen;
            *seen |= *set;
            off_to_on(g, links, d, *set, x, y, &mut next);
        }
        let mut any = false;
        for (n, seen) in next.iter_mut().zip(seen.on.iter_mut()) {
            *n &= !*seen;
            *seen |= *n;
            any |= *n != 0;
        }
        if !any {
            return seen;
        }
        on = next;
    }
}

/// The "off" nodes that the "on" nodes `on` imply: each digit's other places among
/// the peers, and (with `y`) the square's other candidates.
#[inline(always)]
fn on_to_off(g: &Static, on: &[u128; 9], y: bool) -> [u128; 9] {
    let mut off = [0u128; 9];
    for (d, &set) in on.iter().enumerate() {
        if set == 0 {
            continue;
        }
        if y {
            for (e, m) in off.iter_mut().enumerate() {
                if e != d {
                    *m |= set & g.places[e];
                }
            }
        }
        let mut rest = set;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            off[d] |= peers(s) & g.places[d];
        }
    }
    off
}

/// Adds to `on` the "on" nodes that digit `d` turned off at `set` implies: (with `y`)
/// the other candidate of a square with two, and (with `x`) the other place of a unit
/// with two.
#[inline(always)]
fn off_to_on(g: &Static, links: &Links, d: usize, set: u128, x: bool, y: bool, on: &mut [u128; 9]) {
    if set == 0 {
        return;
    }
    if y {
        let two = set & links.bivalue;
        if two != 0 {
            for (e, m) in on.iter_mut().enumerate() {
                if e != d {
                    *m |= two & g.places[e];
                }
            }
        }
    }
    if x {
        let mut rest = set;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            on[d] |= links.partner[d][s];
        }
    }
}

/// For each pass (X, Y, XY), the candidates that can start a cycle or forcing chain
/// using a strong link of the pass's kind that `g` has and `old` had not; `None` if
/// there is none. Links read backwards, each turned around, make chains too: a chain
/// from `on(s)` through the new link `off(a)` to `on(b)` back to `off(s)` means
/// `on(a)` and `on(b)` both reach `off(s)`; one from `off(s)` back to `on(s)` means
/// both reach `on(s)`; a cycle through `on(s)` means one reaches `off(s)` and the
/// other `on(s)`. Each search keeps to the links of its pass.
fn sources_since(g: &Static, links: &Links, old: &Marks) -> Option<[[[u128; 9]; 3]; 3]> {
    let mut pairs = Vec::new();
    new_links(g, old, &mut pairs);
    if pairs.is_empty() {
        return None;
    }
    let mut reached: Vec<(Node, usize, NodeSet)> = Vec::new();
    let mut out = [[[0u128; 9]; 3]; 3];
    for (pass, (y, x)) in [(false, true), (true, false), (true, true)]
        .into_iter()
        .enumerate()
    {
        for &(a, b) in &pairs {
            // A square's two candidates are a Y link, a unit's two places an X link.
            let cell = square_of(a) == square_of(b);
            if (cell && !y) || (!cell && !x) {
                continue;
            }
            let mut ends = [NodeSet::EMPTY; 2];
            for (end, n) in ends.iter_mut().zip([a, b]) {
                *end = match reached.iter().find(|&&(m, p, _)| m == n && p == pass) {
                    Some(&(_, _, r)) => r,
                    None => {
                        let mut start = [0u128; 9];
                        start[digit_of(n)] = 1 << square_of(n);
                        let r = reach(g, links, start, y, x);
                        reached.push((n, pass, r));
                        r
                    }
                };
            }
            let [ra, rb] = ends;
            let [on, off, cycle] = &mut out[pass];
            for d in 0..9 {
                on[d] |= ra.off[d] & rb.off[d];
                off[d] |= ra.on[d] & rb.on[d];
                cycle[d] |= (ra.off[d] & rb.on[d]) | (ra.on[d] & rb.off[d]);
            }
        }
    }
    Some(out)
}

/// The cycles and chains from digit `d + 1` in square `s`.
#[allow(clippy::too_many_arguments)]
fn from(
    g: &Static,
    links: &Links,
    u: &mut Unary,
    ctx: &mut Ctx,
    sink: &mut dyn Sink,
    s: usize,
    d: usize,
    y: bool,
    x: bool,
    known: Option<Known>,
) {
    let key = sort_key(x, y);
    let cycle_base = if x && y { 7.0 } else { 6.5 };
    let chain_base = if x && y { 7.0 } else { 6.6 };
    // The "off" nodes that imply the start: without one, no cycle closes and no
    // chain from the start off returns to it; only their repeats close more cycles.
    let mut special = NodeSet::EMPTY;
    let root = node(s, d, true);
    if x {
        special.off[d] = links.partner[d][s];
    }
    if y && links.bivalue >> s & 1 == 1 {
        let other = (g.cells[s] & !(1 << d)).trailing_zeros() as usize;
        special.off[other] |= 1 << s;
    }
    let limit = sink.limit(cycle_base, key);
    let chain_limit = if x { sink.limit(chain_base, key) } else { 0 };
    let cycle_limit = if special.is_empty() { 0 } else { limit };
    let (mut from_on, mut cycle) = (None, None);
    match known {
        // Which chains exist is known: only a cycle's needs the probe.
        Some(k) => {
            if k.cycle && cycle_limit >= 4 {
                cycle = probe(g, links, root, y, x, cycle_limit, &special).1;
            }
        }
        None => {
            if cycle_limit >= 4 || chain_limit >= 2 {
                (from_on, cycle) =
                    probe(g, links, root, y, x, cycle_limit.max(chain_limit), &special);
            }
        }
    }
    u.cycles.clear();
    if cycle.is_some_and(|c| c <= cycle_limit) {
        cycles(g, u, s, d, y, x, cycle_limit, &special);
    }
    for i in 0..u.cycles.len() {
        let dst = u.cycles[i];
        offer_cycle(g, u, ctx, sink, dst, y, x, cycle_base, key);
    }
    if x {
        for on in [true, false] {
            let limit = sink.limit(chain_base, key);
            if limit < 2 || (!on && special.is_empty()) {
                continue;
            }
            let start = node(s, d, on);
            if let Some(k) = known {
                if !(if on { k.on } else { k.off }) {
                    continue;
                }
            } else {
                let length = if on {
                    from_on
                } else {
                    probe(g, links, start, y, x, limit, &NodeSet::EMPTY).0
                };
                if length.is_none_or(|l| l > limit) {
                    continue;
                }
            }
            if let Some(target) = forcing(g, u, node(s, d, on), y, limit) {
                let mut removes = [0u128; 9];
                let mut place = None;
                if on {
                    removes[d] = 1 << s;
                } else {
                    let mut others = g.cells[s] & !(1 << d);
                    while others != 0 {
                        let e = others.trailing_zeros() as usize;
                        others &= others - 1;
                        removes[e] |= 1 << s;
                    }
                    place = Some((s as u8, d as u8));
                }
                let targets = [(&u.arena, target)];
                sink.offer(
                    ctx,
                    &Offer {
                        kind: Kind::Forcing { x, y },
                        base: chain_base,
                        sort_key: key,
                        targets: &targets,
                        removes,
                        place,
                        cells: 1 << s,
                    },
                );
            }
        }
    }
}

/// True if node `n` is `e` or among its ancestors (first parents).
fn is_ancestor(arena: &Arena, e: u32, n: Node) -> bool {
    let mut x = Some(e);
    while let Some(p) = x {
        if arena.get(p).node == n {
            return true;
        }
        x = arena.first_parent(p);
    }
    false
}

/// The cycle search from `(s, d)` on, keeping cycles of at most `limit` nodes: fills
/// `u.cycles` with the entries of the start reached again.
#[allow(clippy::too_many_arguments)]
fn cycles(
    g: &Static,
    u: &mut Unary,
    s: usize,
    d: usize,
    y: bool,
    x: bool,
    limit: u32,
    special: &NodeSet,
) {
    let arena = &mut u.arena;
    arena.clear();
    let root_node = node(s, d, true);
    let root = arena.push1(root_node, Cause::Start, None);
    let mut seen_on = NodeSet::EMPTY;
    let mut queued_off = NodeSet::EMPTY;
    seen_on.insert(root_node);
    let mut buf = [(0, Cause::Start); 4];
    u.qon.clear();
    u.qoff.clear();
    u.qon.push(root);
    let mut length = 0u32;
    while !u.qon.is_empty() || !u.qoff.is_empty() {
        if length + 2 > limit {
            break;
        }
        length += 1;
        for i in 0..u.qon.len() {
            let p = u.qon[i];
            let pn = arena.get(p).node;
            g.on_to_off(pn, y, &mut u.offs);
            for &(n, cause) in &u.offs {
                // A node never queued is no ancestor; a repeat implies nothing new
                // unless it closes a cycle.
                if !queued_off.contains(n) {
                    queued_off.insert(n);
                } else if !special.contains(n) || is_ancestor(arena, p, n) {
                    continue;
                }
                let e = arena.push1(n, cause, Some(p));
                u.qoff.push(e);
            }
        }
        u.qon.clear();
        length += 1;
        for i in 0..u.qoff.len() {
            let p = u.qoff[i];
            let k = g.off_to_on(arena.get(p).node, y, x, &mut buf);
            for &(n, cause) in &buf[..k] {
                if length >= 4 && n == root_node {
                    let e = arena.push1(n, cause, Some(p));
                    u.cycles.push(e);
                }
                if !seen_on.contains(n) {
                    seen_on.insert(n);
                    let e = arena.push1(n, cause, Some(p));
                    u.qon.push(e);
                }
            }
        }
        u.qoff.clear();
    }
}

/// A forcing chain from `start` to its opposite within `limit` nodes, breadth first
/// (all "on" nodes of a depth, then all "off" nodes): the target's entry.
fn forcing(g: &Static, u: &mut Unary, start: Node, y: bool, limit: u32) -> Option<u32> {
    let arena = &mut u.arena;
    arena.clear();
    let target = conjugate(start);
    let mut seen = NodeSet::EMPTY;
    seen.insert(start);
    let root = arena.push1(start, Cause::Start, None);
    u.qon.clear();
    u.qoff.clear();
    if is_on(start) {
        u.qon.push(root);
    } else {
        u.qoff.push(root);
    }
    let mut buf = [(0, Cause::Start); 4];
    // Nodes of depth `limit - 1` are the deepest targets worth having.
    while !u.qon.is_empty() || !u.qoff.is_empty() {
        u.next.clear();
        for i in 0..u.qon.len() {
            let p = u.qon[i];
            if u32::from(arena.get(p).depth) + 2 > limit {
                continue;
            }
            g.on_to_off(arena.get(p).node, y, &mut u.offs);
            for &(n, cause) in &u.offs {
                if n == target {
                    return Some(arena.push1(n, cause, Some(p)));
                }
                if !seen.contains(n) {
                    seen.insert(n);
                    let e = arena.push1(n, cause, Some(p));
                    u.qoff.push(e);
                }
            }
        }
        u.qon.clear();
        for i in 0..u.qoff.len() {
            let p = u.qoff[i];
            if u32::from(arena.get(p).depth) + 2 > limit {
                continue;
            }
            let k = g.off_to_on(arena.get(p).node, y, true, &mut buf);
            for &(n, cause) in &buf[..k] {
                if n == target {
                    return Some(arena.push1(n, cause, Some(p)));
                }
                if !seen.contains(n) {
                    seen.insert(n);
                    let e = arena.push1(n, cause, Some(p));
                    u.next.push(e);
                }
            }
        }
        u.qoff.clear();
        core::mem::swap(&mut u.qon, &mut u.next);
    }
    None
}

/// Offers the cycle that closes at `dst`, if it removes anything.
#[allow(clippy::too_many_arguments)]
fn offer_cycle(
    g: &Static,
    u: &Unary,
    ctx: &mut Ctx,
    sink: &mut dyn Sink,
    dst: u32,
    y: bool,
    x: bool,
    base: f64,
    key: u8,
) {
    let arena = &u.arena;
    // The cycle's squares: every entry but the start (whose square is dst's).
    let mut cells = 0u128;
    let mut e = dst;
    while let Some(p) = arena.first_parent(e) {
        cells |= 1 << square_of(arena.get(e).node);
        e = p;
    }
    let mut forward = [0u128; 9];
    let mut back = [0u128; 9];
    let mut e = dst;
    while let Some(p) = arena.first_parent(e) {
        let n = arena.get(e).node;
        let (s, d) = (square_of(n), digit_of(n));
        let seen = peers(s) & g.places[d] & !cells;
        if is_on(n) {
            forward[d] |= seen;
        } else {
            back[d] |= seen;
        }
        e = p;
    }
    let removes: [u128; 9] = core::array::from_fn(|d| forward[d] & back[d]);
    if removes == [0; 9] {
        return;
    }
    let targets = [(arena, dst)];
    sink.offer(
        ctx,
        &Offer {
            kind: Kind::Cycle { x, y },
            base,
            sort_key: key,
            targets: &targets,
            removes,
            place: None,
            cells,
        },
    );
}

/// The number of distinct squares of a cycle (for its name).
pub(super) fn cycle_squares(arena: &Arena, dst: u32) -> u32 {
    let mut cells = 0u128;
    let mut e = dst;
    while let Some(p) = arena.first_parent(e) {
        cells |= 1 << square_of(arena.get(e).node);
        e = p;
    }
    cells.count_ones()
}

/// The ancestors of a forcing chain's target (for its name: six is a Turbot Fish).
pub(super) fn chain_nodes(walk: &mut Walk, arena: &Arena, target: u32) -> u32 {
    walk.ancestors(arena, target, |_| {})
}
