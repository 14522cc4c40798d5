//! A JSON value with its path, so that every reader's error says where it is.
//!
//! Documents are read as `serde_json_borrow`'s tree, whose strings (cell names, rule
//! types) borrow from the text and whose objects are lists of their entries: no
//! allocation per string, as serde_json's `Value` makes.

use super::Error;
use std::fmt::Write as _;

/// A JSON value, its strings borrowed from the document's text where they can be.
pub(crate) type Value<'a> = serde_json_borrow::Value<'a>;

/// Parses a document.
pub(crate) fn parse(text: &str) -> Result<Value<'_>, serde_json::Error> {
    serde_json::from_str(text)
}

/// The tree of a `serde_json::Value`, borrowing its strings.
pub(crate) fn borrow(value: &serde_json::Value) -> Value<'_> {
    Value::from(value)
}

/// A value of a document. Its JSON path (`rules[3].cells`) is found only for an
/// error, by looking for the value in the document: reading builds no path.
#[derive(Clone, Copy)]
pub(crate) struct Node<'a> {
    pub(crate) value: &'a Value<'a>,
    /// The document the value is in.
    root: &'a Value<'a>,
}

/// Writes to `path` the way from `at` down to `target` (the same value, not an equal
/// one); false if `target` is not under `at`.
fn find(at: &Value<'_>, target: &Value<'_>, path: &mut String) -> bool {
    if std::ptr::eq(at, target) {
        return true;
    }
    let len = path.len();
    match at {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let _ = write!(path, "[{i}]");
                if find(item, target, path) {
                    return true;
                }
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                if len > 0 {
                    path.push('.');
                }
                path.push_str(key);
                if find(item, target, path) {
                    return true;
                }
                path.truncate(len);
            }
        }
        _ => {}
    }
    false
}

impl<'a> Node<'a> {
    pub(crate) fn root(value: &'a Value<'a>) -> Node<'a> {
        Node { value, root: value }
    }

    /// The value's JSON path in its document.
    pub(crate) fn path(&self) -> String {
        let mut path = String::new();
        find(self.root, self.value, &mut path);
        path
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> Error {
        Error::path(self.path(), message)
    }

    /// A value under this one.
    fn child(&self, value: &'a Value<'a>) -> Node<'a> {
        Node {
            value,
            root: self.root,
        }
    }

    /// The object's field `key`, if present and not null (the last, if the key is
    /// there twice, as serde_json reads it).
    pub(crate) fn get(&self, key: &str) -> Option<Node<'a>> {
        self.entry(key)
            .filter(|v| !v.is_null())
            .map(|value| self.child(value))
    }

    /// The object's field `key`, null or not (the last, if the key is there twice).
    pub(crate) fn entry(&self, key: &str) -> Option<&'a Value<'a>> {
        let entries = self.value.as_object()?.as_vec();
        entries
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    }

    /// The object's field `key`, which must be there.
    pub(crate) fn need(&self, key: &str) -> Result<Node<'a>, Error> {
        self.get(key)
            .ok_or_else(|| self.error(format!("{key:?} is missing")))
    }

    /// The elements of an array (an error if it is not one).
    pub(crate) fn items(&self) -> Result<Vec<Node<'a>>, Error> {
        Ok(self
            .array()?
            .iter()
            .map(|value| self.child(value))
            .collect())
    }

    /// The array's values (an error if it is not one).
    fn array(&self) -> Result<&'a [Value<'a>], Error> {
        self.value
            .as_array()
            .ok_or_else(|| self.error(format!("expected a list, found {}", self.value)))
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
            .collect())
    }

    /// Refuses any key of the object not in `known`.
    pub(crate) fn only(&self, known: &[&str]) -> Result<(), Error> {
        for k in self.keys()? {
            if !known.contains(&k) {
                let child = self.child(self.entry(k).unwrap_or(self.value));
                return Err(child.error(format!("unknown key {k:?}")));
            }
        }
        Ok(())
    }
}

/// Parses a cell name, `r1c1` or `R1C1` (1-based), into a cell of an N×N board.
pub(crate) fn cell(node: &Node<'_>, size: usize) -> Result<usize, Error> {
    cell_named(node.str()?, node, size)
}

/// Parses `name` as [`cell`] does; an error is `node`'s.
pub(crate) fn cell_named(name: &str, node: &Node<'_>, size: usize) -> Result<usize, Error> {
    let bad = || {
        node.error(format!(
            "{name:?} is not a cell of a {size}x{size} board (r1c1 to r{size}c{size})"
        ))
    };
    // Digits after an `r` or `R`, then after a `c` or `C` (no sign, no space).
    let number = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| s.parse::<usize>().ok())
            .flatten()
    };
    let (r, c) = name
        .strip_prefix(['r', 'R'])
        .and_then(|rest| rest.split_once(['c', 'C']))
        .ok_or_else(bad)?;
    let (Some(r), Some(c)) = (number(r), number(c)) else {
        return Err(bad());
    };
    if !(1..=size).contains(&r) || !(1..=size).contains(&c) {
        return Err(bad());
    }
    Ok((r - 1) * size + c - 1)
}

/// A list of cell names.
pub(crate) fn cells(node: &Node<'_>, size: usize) -> Result<Vec<usize>, Error> {
    // Sized at once: a `Result` collect cannot know its length, and grew the list
    // three times for each 9-cell region of a jigsaw.
    let items = node.array()?;
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(cell(&node.child(item), size)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cell_names_are_r_then_c_in_either_case_and_on_the_board() {
        let doc = json!(["r1c1", "R16C3", "r2C16", "r01c2"]);
        let doc = borrow(&doc);
        let root = Node::root(&doc);
        assert_eq!(cells(&root, 16).unwrap(), [0, 15 * 16 + 2, 16 + 15, 1]);
        for bad in [
            "r0c1", "r1c17", "rc1", "r1c", "c1r1", "r1x1", "r+1c1", "r1c1 ", " r1c1", "", "r",
            "r1c1c1", "r1234c1", "row1col1",
        ] {
            let doc = json!(bad);
            let doc = borrow(&doc);
            let err = cell(&Node::root(&doc), 16).unwrap_err().to_string();
            assert!(
                err.contains("is not a cell of a 16x16 board"),
                "{bad:?}: {err}"
            );
        }
    }

    #[test]
    fn a_path_is_the_value_s_own_not_an_equal_one_s() {
        let doc = json!({"a": [1, 1, {"b": [null, 1]}], "c": 1});
        let doc = borrow(&doc);
        let root = Node::root(&doc);
        assert_eq!(root.path(), "");
        let a = root.need("a").unwrap();
        let items = a.items().unwrap();
        assert_eq!(items[1].path(), "a[1]");
        let b = items[2].need("b").unwrap().items().unwrap();
        assert_eq!(b[1].path(), "a[2].b[1]");
        assert_eq!(root.need("c").unwrap().path(), "c");
        assert_eq!(
            items[2].only(&[]).unwrap_err().to_string(),
            "a[2].b: unknown key \"b\""
        );
        assert_eq!(
            items[0].str().unwrap_err().to_string(),
            "a[0]: expected a string, found 1"
        );
    }

    #[test]
    fn a_parsed_document_reads_as_serde_json_reads_it() {
        // Escapes in keys and strings, a key given twice (the last counts, as in
        // serde_json), a null field (absent to `get`, but with a path).
        let text = r#"{"c\u0065lls": ["r1c\u0032", "R2C1"], "n": 1, "n": 2, "z": null}"#;
        let doc = parse(text).unwrap();
        let root = Node::root(&doc);
        let list = root.need("cells").unwrap();
        assert_eq!(cells(&list, 4).unwrap(), [1, 4]);
        assert_eq!(list.items().unwrap()[1].path(), "cells[1]");
        assert_eq!(root.need("n").unwrap().int().unwrap(), 2);
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(text).unwrap()["n"],
            2
        );
        assert!(root.get("z").is_none());
        assert_eq!(
            root.only(&["cells", "n"]).unwrap_err().to_string(),
            "z: unknown key \"z\""
        );
        // The same tree from a `serde_json::Value`.
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::Value::from(&borrow(&value)), value);
    }
}
