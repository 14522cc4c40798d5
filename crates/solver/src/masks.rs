//! Candidate masks as both engines keep them: 9 bits per square, bit `d - 1` for
//! digit `d`, and the helpers that read them.

use bitdoku_core::Grid;

/// All nine candidate bits.
pub(crate) const ALL: u16 = 0x1FF;

/// All 81 square bits.
pub(crate) const ALL_SQUARES: u128 = (1 << 81) - 1;

/// The grid of `cells` (squares with several candidates come out empty); both engines
/// give their answer through this.
pub(crate) fn grid_of(cells: &[u16; 81]) -> Grid {
    let mut values = [0u8; 81];
    for (v, &c) in values.iter_mut().zip(cells) {
        // Without a branch: 0 unless `c` is one candidate.
        let single = c != 0 && c & (c - 1) == 0;
        *v = (c.trailing_zeros() as u8 + 1) * u8::from(single);
    }
    Grid::from_values(values)
}
