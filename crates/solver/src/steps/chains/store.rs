//! The implication store: every node a chain search reaches is an entry of an
//! [`Arena`], with its cause and the entries that imply it (its parents, one or
//! more), so that a conclusion's whole chain can be walked back, counted (its
//! complexity, which rates it) and shown (its links). Entries and parents live in
//! two flat vectors that a search reuses from one start to the next: no allocation
//! per node.

use super::node::{Cause, Node, Visited};
use crate::steps::step::{Link, Node as StepNode};
use bitdoku_core::{Digit, Square};

/// No nested chain.
pub(super) const NO_NESTED: u32 = u32::MAX;

/// One reached node.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) node: Node,
    pub(super) cause: Cause,
    /// The length of the longest implication path from the start (a lower bound of
    /// the number of ancestors, less one).
    pub(super) depth: u16,
    count: u16,
    first: u32,
    /// For an `Advanced` node found by a chain nested in this one: that chain's
    /// index in the context's list of nested chains.
    pub(super) nested: u32,
}

/// Entries and their parents.
#[derive(Clone, Default, Debug)]
pub(super) struct Arena {
    entries: Vec<Entry>,
    parents: Vec<u32>,
}

impl Arena {
    /// Forgets every entry (keeps the memory).
    #[inline]
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.parents.clear();
    }

    /// A new entry for `node` implied by `parents` (entries of this arena).
    #[inline]
    pub(super) fn push(&mut self, node: Node, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let first = self.parents.len() as u32;
        let mut depth = 0;
        for &p in parents {
            depth = depth.max(self.entries[p as usize].depth + 1);
            // One at a time: most entries have one parent, and a copy of a slice
            // that short costs more than the pushes.
            self.parents.push(p);
        }
        let id = self.entries.len() as u32;
        self.entries.push(Entry {
            node,
            cause,
            depth,
            count: parents.len() as u16,
            first,
            nested,
        });
        id
    }

    /// A new entry for `node` implied by `parent` alone (the common case).
    #[inline]
    pub(super) fn push_one(&mut self, node: Node, cause: Cause, parent: u32) -> u32 {
        let first = self.parents.len() as u32;
        let depth = self.entries[parent as usize].depth + 1;
        self.parents.push(parent);
        let id = self.entries.len() as u32;
        self.entries.push(Entry {
            node,
            cause,
            depth,
            count: 1,
            first,
            nested: NO_NESTED,
        });
        id
    }

    /// Makes room for `entries` entries and `parents` parents.
    #[inline]
    pub(super) fn reserve(&mut self, entries: usize, parents: usize) {
        self.entries.reserve(entries);
        self.parents.reserve(parents);
    }

    /// A new entry with one parent (or none).
    #[inline]
    pub(super) fn push1(&mut self, node: Node, cause: Cause, parent: Option<u32>) -> u32 {
        match parent {
            Some(p) => self.push(node, cause, &[p], NO_NESTED),
            None => self.push(node, cause, &[], NO_NESTED),
        }
    }

    /// Entry `e`.
    #[inline]
    pub(super) fn get(&self, e: u32) -> &Entry {
        &self.entries[e as usize]
    }

    /// The parents of entry `e`, in order.
    #[inline]
    pub(super) fn parents(&self, e: u32) -> &[u32] {
        let entry = &self.entries[e as usize];
        &self.parents[entry.first as usize..entry.first as usize + entry.count as usize]
    }

    /// The first parent of `e`, if any.
    #[inline]
    pub(super) fn first_parent(&self, e: u32) -> Option<u32> {
        self.parents(e).first().copied()
    }
}

/// Scratch space for walks over arenas.
#[derive(Clone)]
pub(super) struct Walk {
    visited: Visited,
    stack: Vec<u32>,
    next: Vec<u32>,
}

impl Default for Walk {
    fn default() -> Walk {
        Walk {
            visited: Visited::new(),
            stack: Vec::new(),
            next: Vec::new(),
        }
    }
}

impl Walk {
    /// The number of distinct nodes among `e` and its ancestors (Sudoku Explainer's
    /// ancestor count: a node reached again is not followed twice). Calls `nested`
    /// with each visited entry's nested chain.
    pub(super) fn ancestors(&mut self, arena: &Arena, e: u32, mut nested: impl FnMut(u32)) -> u32 {
        self.visited.clear();
        self.stack.clear();
        self.stack.push(e);
        let mut count = 0;
        while let Some(x) = self.stack.pop() {
            let entry = arena.get(x);
            if !self.visited.mark(entry.node) {
                continue;
            }
            count += 1;
            if entry.nested != NO_NESTED {
                nested(entry.nested);
            }
            for &p in arena.parents(x) {
                self.stack.push(p);
            }
        }
        count
    }

    /// The entries of `e`'s chain in Sudoku Explainer's breadth-first order (each node
    /// once, the first entry reached for it), handed to `f`.
    pub(super) fn breadth_first(&mut self, arena: &Arena, e: u32, mut f: impl FnMut(u32)) {
        self.visited.clear();
        self.stack.clear();
        self.stack.push(e);
        while !self.stack.is_empty() {
            self.next.clear();
            for i in 0..self.stack.len() {
                let x = self.stack[i];
                if self.visited.mark(arena.get(x).node) {
                    f(x);
                    self.next.extend_from_slice(arena.parents(x));
                }
            }
            core::mem::swap(&mut self.stack, &mut self.next);
        }
    }
}

/// A step node of a chain node.
pub(super) fn step_node(n: Node) -> StepNode {
    use super::node::{digit_of, is_on, square_of};
    StepNode {
        square: Square::ALL[square_of(n)],
        digit: Digit::ALL[digit_of(n)],
        on: is_on(n),
    }
}

/// Appends the links of `e`'s chain (each parent to its child) to `links`, without
/// repeats.
pub(super) fn links(walk: &mut Walk, arena: &Arena, e: u32, links: &mut Vec<Link>) {
    let mut order = Vec::new();
    walk.breadth_first(arena, e, |x| order.push(x));
    for &x in order.iter().rev() {
        let to = step_node(arena.get(x).node);
        for &p in arena.parents(x) {
            let link = Link {
                from: step_node(arena.get(p).node),
                to,
            };
            if !links.contains(&link) {
                links.push(link);
            }
        }
    }
}
