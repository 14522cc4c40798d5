//! The step-by-step engine: the solver that shows its reasoning.
//!
//! - [`state`]: Norvig's two rules and locked candidates one deduction at a time, each
//!   reported to an [`Observer`](crate::Observer); an observed search runs on it and
//!   searches the same tree as the fast engine (see [`crate::branch`]).
pub(crate) mod state;
