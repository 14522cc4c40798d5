//! The techniques Sudoku Explainer uses inside dynamic chains of level 1 and up.

use super::propagate::Prop;
use super::{Ctx, Producer};
use crate::steps::marks::Marks;

/// Looks at the grid `prop` has left (all its queues empty) with the techniques of
/// `producer`'s level; adds what they remove to `prop`. True if anything was added.
pub(super) fn implications(
    _prop: &mut Prop,
    _source: &Marks,
    _producer: Producer,
    _ctx: &mut Ctx,
) -> bool {
    false
}
