//! The step-by-step engine: the solver that shows its reasoning.
//!
//! - `state`: Norvig's two rules and locked candidates one deduction at a time, each
//!   reported to an [`Observer`](crate::Observer); an observed search runs on it and
//!   searches the same tree as the fast engine (the branching rule of `branch.rs`).
//! - The human techniques of Sudoku Explainer's ladder, on [`Marks`] (the solved
//!   squares and the candidates of the others): [`ladder`] orders them, each family
//!   is a module (`singles`, `intersections`, `subsets`, `fish`, ...), and each
//!   deduction is a [`Step`] with its [`Technique`] and [`Difficulty`].
//!
//! The techniques serve grading, hints and explanations; solving and counting stay
//! with the search.

pub(crate) mod aligned;
pub(crate) mod bug;
pub(crate) mod chains;
pub(crate) mod fish;
pub(crate) mod intersections;
pub mod ladder;
pub(crate) mod marks;
pub(crate) mod path;
pub(crate) mod singles;
pub(crate) mod state;
pub(crate) mod step;
pub(crate) mod strong_links;
pub(crate) mod subsets;
pub(crate) mod uniqueness;
pub(crate) mod units;
pub(crate) mod wings;

pub use ladder::{next_step, next_step_within, Stopped};
pub use marks::Marks;
pub use path::{Path, Unrated};
pub use step::{Difficulty, Link, Node, Step, Technique};
