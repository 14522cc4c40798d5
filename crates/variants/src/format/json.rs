//! A JSON value with its path, so that every reader's error says where it is.

use super::Error;
use serde_json::Value;

/// A value and its JSON path (`rules[3].cells`).
#[derive(Clone)]
pub(crate) struct Node<'a> {
    pub(crate) value: &'a Value,
    pub(crate) path: String,
}

impl<'a> Node<'a> {
    pub(crate) fn root(value: &'a Value) -> Node<'a> {
        Node {
            value,
            path: String::new(),
        }
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> Error {
        Error::path(self.path.clone(), message)
    }

    /// The object's field `key`, if present and not null.
    pub(crate) fn get(&self, key: &str) -> Option<Node<'a>> {
        self.value
            .get(key)
            .filter(|v| !v.is_null())
            .map(|value| Node {
                value,
                path: if self.path.is_empty() {
                    key.to_string()
                } else {
                    format!("{}.{key}", self.path)
                },
            })
    }

    /// The object's field `key`, which must be there.
    pub(crate) fn need(&self, key: &str) -> Result<Node<'a>, Error> {
        self.get(key)
            .ok_or_else(|| self.error(format!("{key:?} is missing")))
    }

    /// The elements of an array (an error if it is not one).
    pub(crate) fn items(&self) -> Result<Vec<Node<'a>>, Error> {
        let items = self
            .value
            .as_array()
            .ok_or_else(|| self.error(format!("expected a list, found {}", self.value)))?;
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, value)| Node {
                value,
                path: format!("{}[{i}]", self.path),
            })
            .collect())
    }

    pub(crate) fn int(&self) -> Result<i64, Error> {
        self.value
            .as_i64()
            .ok_or_else(|| self.error(format!("expected an integer, found {}", self.value)))
    }

    pub(crate) fn int_in(&self, lo: i64, hi: i64) -> Result<i64, Error> {
        let v = self.int()?;
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(self.error(format!("{v} is out of range: {lo} to {hi}")))
        }
    }

    pub(crate) fn str(&self) -> Result<&'a str, Error> {
        self.value
            .as_str()
            .ok_or_else(|| self.error(format!("expected a string, found {}", self.value)))
    }

    pub(crate) fn bool(&self) -> Result<bool, Error> {
        self.value
            .as_bool()
            .ok_or_else(|| self.error(format!("expected true or false, found {}", self.value)))
    }

    /// The object's keys (an error if it is not one).
    pub(crate) fn keys(&self) -> Result<Vec<&'a str>, Error> {
        Ok(self
            .value
            .as_object()
            .ok_or_else(|| self.error(format!("expected an object, found {}", self.value)))?
            .keys()
            .map(String::as_str)
            .collect())
    }

    /// Refuses any key of the object not in `known`.
    pub(crate) fn only(&self, known: &[&str]) -> Result<(), Error> {
        for k in self.keys()? {
            if !known.contains(&k) {
                let child = Node {
                    value: self.value,
                    path: if self.path.is_empty() {
                        k.to_string()
                    } else {
                        format!("{}.{k}", self.path)
                    },
                };
                return Err(child.error(format!("unknown key {k:?}")));
            }
        }
        Ok(())
    }
}

/// Parses a cell name, `r1c1` or `R1C1` (1-based), into a cell of an N×N board.
pub(crate) fn cell(node: &Node<'_>, size: usize) -> Result<usize, Error> {
    let name = node.str()?;
    let bad = || {
        node.error(format!(
            "{name:?} is not a cell of a {size}x{size} board (r1c1 to r{size}c{size})"
        ))
    };
    let lower = name.to_ascii_lowercase();
    let rest = lower.strip_prefix('r').ok_or_else(bad)?;
    let (r, c) = rest.split_once('c').ok_or_else(bad)?;
    let r: usize = r.parse().map_err(|_| bad())?;
    let c: usize = c.parse().map_err(|_| bad())?;
    if !(1..=size).contains(&r) || !(1..=size).contains(&c) {
        return Err(bad());
    }
    Ok((r - 1) * size + c - 1)
}

/// A list of cell names.
pub(crate) fn cells(node: &Node<'_>, size: usize) -> Result<Vec<usize>, Error> {
    node.items()?.iter().map(|n| cell(n, size)).collect()
}
