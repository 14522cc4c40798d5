//! The one status of a record, whatever the subcommand and the output format: what the
//! record's line says, what JSON's `"status"` says, how the totals count it and whether
//! it fails the run (exit status 1). The words are the project's vocabulary
//! (docs/vocabulary.md), the same in the Python, C and JavaScript bindings.

/// What became of one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// `solve`: solved; `rate`, `hint`: the grid has nothing left to do.
    Solved,
    /// The puzzle has no solution (every subcommand says it with this word).
    Unsolvable,
    /// `count`: exactly one solution.
    Unique,
    /// `count`: two or more solutions (up to the limit).
    Multiple,
    /// `count --limit 1`: at least one solution (whether more, was not asked).
    Solvable,
    /// `rate`: rated, and the puzzle has exactly one solution.
    Rated,
    /// `rate`, `hint`: the puzzle has more than one solution, so it is not rated.
    NotUnique,
    /// `hint`: a step was found.
    Hinted,
    /// `hint`, `rate`: the techniques found no step before the grid was solved.
    Stalled,
    /// The puzzle tools (`show`, `explain`, `minimize`, `canon`, `enumerate`): done.
    Done,
    /// The guess budget (`--max-guesses`) ran out first.
    GaveUp,
    /// The time budget (`--timeout` or `--cpu-timeout`) ran out first.
    TimedOut,
    /// The record is not a puzzle (or repeats a given digit in a unit, or the
    /// subcommand does not take its kind).
    Invalid,
    /// A signal stopped the record part-way: the subcommands that write records whole
    /// drop it (the output ends before it); `explain` and `enumerate`, which write as
    /// they go, close it with this word.
    Interrupted,
}

/// Every status, in the order of [`Status::index`].
pub const ALL: [Status; 14] = [
    Status::Solved,
    Status::Unsolvable,
    Status::Unique,
    Status::Multiple,
    Status::Solvable,
    Status::Rated,
    Status::NotUnique,
    Status::Hinted,
    Status::Stalled,
    Status::Done,
    Status::GaveUp,
    Status::TimedOut,
    Status::Invalid,
    Status::Interrupted,
];

impl Status {
    /// The word printed in line output and in JSON's `"status"`.
    pub const fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::Solvable => "solvable",
            Status::Rated => "rated",
            Status::NotUnique => "not-unique",
            Status::Hinted => "hint",
            Status::Stalled => "stalled",
            Status::Done => "done",
            Status::GaveUp => "gave-up",
            Status::TimedOut => "timed-out",
            Status::Invalid => "invalid",
            Status::Interrupted => "interrupted",
        }
    }

    /// The status a word names: the library's words (`Rating::status`) are these.
    pub fn from_word(word: &str) -> Option<Status> {
        ALL.into_iter().find(|s| s.word() == word)
    }

    /// True when the record is what was asked for; any other record makes the exit
    /// status 1 (0 with `--exit-zero`).
    pub const fn is_good(self) -> bool {
        matches!(
            self,
            Status::Solved
                | Status::Unique
                | Status::Solvable
                | Status::Rated
                | Status::Hinted
                | Status::Done
        )
    }

    /// The position of this status in [`ALL`] (an index into per-status totals).
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_the_position_in_all_and_words_are_distinct() {
        for (i, s) in ALL.iter().enumerate() {
            assert_eq!(s.index(), i);
        }
        let mut words: Vec<_> = ALL.iter().map(|s| s.word()).collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), ALL.len());
        for s in ALL {
            assert_eq!(Status::from_word(s.word()), Some(s));
        }
        assert_eq!(Status::from_word("rated"), Some(Status::Rated));
        assert_eq!(Status::from_word("nonsense"), None);
    }
}
