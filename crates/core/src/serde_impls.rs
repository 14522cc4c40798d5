//! `Serialize` and `Deserialize` (the `serde` feature), in the forms people read:
//!
//! | type | as |
//! |---|---|
//! | [`Grid`] | its 81-character line, `"4.....8.5.3..."`; read back by [`Grid`]'s `FromStr`, so boxed grids are accepted too |
//! | [`Board`] | 81 candidate masks |
//! | [`Square`] | its name, `"C2"` |
//! | [`Digit`] | the number 1 to 9 |
//! | [`Candidates`] | the 9-bit mask, bit `d-1` for digit `d` |
//! | [`Unit`] | its index: rows 0..9, columns 9..18, boxes 18..27 |
//!
//! [`Position`](crate::Position), [`ParseError`](crate::ParseError),
//! [`ParseErrorKind`](crate::ParseErrorKind) and [`Conflict`](crate::Conflict) derive
//! both traits. Deserializing checks every value: an out-of-range digit, mask, unit or
//! square is an error, never a panic.
//!
//! ```
//! use bitdoku_core::Grid;
//! let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()?;
//! let json = serde_json::to_string(&grid)?;
//! assert_eq!(json, format!("\"{grid}\""));
//! assert_eq!(serde_json::from_str::<Grid>(&json)?, grid);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Board, Candidates, Digit, Grid, Square, Unit};
use serde::de::{Error, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let line = self.to_line();
        s.serialize_str(core::str::from_utf8(&line).unwrap_or_default())
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Grid, D::Error> {
        let text = Cow::<str>::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let name = self.name();
        s.serialize_str(core::str::from_utf8(&name).unwrap_or_default())
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = Cow::<str>::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

impl Serialize for Digit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.get())
    }
}

impl<'de> Deserialize<'de> for Digit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Digit, D::Error> {
        let n = u8::deserialize(d)?;
        Digit::new(n).ok_or_else(|| D::Error::custom(format!("digit {n} is not 1 to 9")))
    }
}

impl Serialize for Candidates {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.bits())
    }
}

impl<'de> Deserialize<'de> for Candidates {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Candidates, D::Error> {
        let mask = u16::deserialize(d)?;
        if mask > Candidates::ALL.bits() {
            return Err(D::Error::custom(format!(
                "candidate mask {mask} has more than 9 bits"
            )));
        }
        Ok(Candidates::from_bits(mask))
    }
}

impl Serialize for Unit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Unit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unit, D::Error> {
        let i = u8::deserialize(d)?;
        Unit::new(usize::from(i))
            .ok_or_else(|| D::Error::custom(format!("unit {i} is not 0 to 26")))
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        struct Squares;
        impl<'de> Visitor<'de> for Squares {
            type Value = Board;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("81 candidate masks")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Board, A::Error> {
                let mut board = Board::FULL;
                for (i, cell) in board.0.iter_mut().enumerate() {
                    *cell = seq
                        .next_element()?
                        .ok_or_else(|| A::Error::invalid_length(i, &self))?;
                }
                if seq.next_element::<Candidates>()?.is_some() {
                    return Err(A::Error::invalid_length(82, &self));
                }
                Ok(board)
            }
        }
        d.deserialize_seq(Squares)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Candidates, Digit, Grid, ParseError, Square, Unit};

    fn round_trip<T>(value: &T, json: &str)
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        assert_eq!(serde_json::to_string(value).unwrap(), json);
        assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
    }

    #[test]
    fn values_round_trip_in_their_readable_forms() {
        let c2: Square = "C2".parse().unwrap();
        round_trip(&c2, "\"C2\"");
        round_trip(&Digit::new(7).unwrap(), "7");
        round_trip(&Candidates::from_bits(0b101), "5");
        round_trip(&Unit::new(20).unwrap(), "20");
        round_trip(&Grid::EMPTY, &format!("\"{}\"", ".".repeat(81)));
        let board = Board::from_grid(&Grid::EMPTY);
        round_trip(&board, &format!("[{}]", vec!["511"; 81].join(",")));
        let error = "12".parse::<Grid>().unwrap_err();
        let json = serde_json::to_string(&error).unwrap();
        assert_eq!(serde_json::from_str::<ParseError>(&json).unwrap(), error);
        assert!(json.contains("TooFewSquares"), "{json}");
    }

    #[test]
    fn out_of_range_values_are_errors() {
        for bad in ["0", "10", "-1", "\"7\""] {
            assert!(serde_json::from_str::<Digit>(bad).is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<Candidates>("512").is_err());
        assert!(serde_json::from_str::<Unit>("27").is_err());
        assert!(serde_json::from_str::<Square>("\"J1\"").is_err());
        let error = serde_json::from_str::<Grid>("\"12x\"").unwrap_err();
        assert!(
            error.to_string().contains("unexpected character 'x'"),
            "{error}"
        );
        let short = format!("[{}]", vec!["511"; 80].join(","));
        assert!(serde_json::from_str::<Board>(&short).is_err());
        let long = format!("[{}]", vec!["511"; 82].join(","));
        assert!(serde_json::from_str::<Board>(&long).is_err());
    }
}
