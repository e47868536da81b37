//! The engine's options: what `uci` announces and what `setoption` changes.

use super::{after_word, find_word, UciServer};
use crate::args::{DEFAULT_HASH_MB, MAX_HASH_MB};
use crate::{Backend, Book};
use boardlab_engine::{EvalTerms, Searcher};
use std::sync::Arc;

impl UciServer {
    /// `uci`: the engine's name, its options and `uciok`.
    pub(super) fn identify(&self) {
        self.out.line(format_args!(
            "id name boardlab {}",
            env!("CARGO_PKG_VERSION")
        ));
        self.out.line("id author the boardlab authors");
        self.out.line(format_args!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        let names: Vec<String> = Backend::ALL
            .iter()
            .map(|b| format!("var {}", b.name()))
            .collect();
        self.out.line(format_args!(
            "option name Backend type combo default {} {}",
            self.backend.name(),
            names.join(" ")
        ));
        self.out.line(format_args!(
            "option name Eval type combo default {} var {} var {}",
            EvalTerms::default().name(),
            EvalTerms::Pst.name(),
            EvalTerms::Full.name()
        ));
        self.out
            .line("option name OwnBook type check default false");
        self.out
            .line("option name BookFile type string default <empty>");
        self.out
            .line("option name UCI_Chess960 type check default false");
        self.out.line("uciok");
    }

    /// `setoption name <name> [value <value>]`: the name may have spaces, and so may the value
    /// (a book's path), which is taken verbatim to the end of the line.
    pub(super) fn set_option(&mut self, line: &str) {
        let Some(rest) = after_word(line, "name") else {
            return self.out.error("setoption needs a name");
        };
        let (name, value) = match find_word(rest, "value") {
            Some((before, after)) => (before.trim(), Some(after.trim())),
            None => (rest.trim(), None),
        };
        let value = value.unwrap_or("");
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.parse::<u32>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    let mb = mb as usize;
                    if self.running.is_some() {
                        return self.out.error("Hash cannot change during a search");
                    }
                    self.hash_mb = mb;
                    match &mut self.searcher {
                        Some(searcher) => searcher.resize_table(mb),
                        None => self.searcher = Some(Searcher::new(mb)),
                    }
                }
                _ => self.out.error(format_args!(
                    "Hash must be a number of MB from 1 to {MAX_HASH_MB}, not {value:?}"
                )),
            },
            "backend" => match Backend::named(value) {
                Some(backend) => match backend.available() {
                    Ok(backend) => self.backend = backend,
                    Err(why) => self.out.error(format_args!("{why}")),
                },
                None => self.out.error(format_args!(
                    "unknown backend {value:?}; choose one of {}",
                    Backend::names()
                )),
            },
            "eval" => match value.to_ascii_lowercase().as_str() {
                "pst" => self.eval_terms = EvalTerms::Pst,
                "full" => self.eval_terms = EvalTerms::Full,
                _ => self
                    .out
                    .error(format_args!("Eval must be pst or full, not {value:?}")),
            },
            "ownbook" => match value.to_ascii_lowercase().as_str() {
                "true" => {
                    self.own_book = true;
                    if self.book.is_none() {
                        self.out
                            .line("info string OwnBook is on but no BookFile is loaded");
                    }
                }
                "false" => self.own_book = false,
                _ => self
                    .out
                    .error(format_args!("OwnBook must be true or false, not {value:?}")),
            },
            "uci_chess960" => match value.to_ascii_lowercase().as_str() {
                "true" => self.chess960_option = true,
                "false" => self.chess960_option = false,
                _ => self.out.error(format_args!(
                    "UCI_Chess960 must be true or false, not {value:?}"
                )),
            },
            "bookfile" => {
                self.book = None;
                if value.is_empty() || value == "<empty>" {
                    return;
                }
                match Book::open(value) {
                    Ok(book) => {
                        self.out.line(format_args!(
                            "info string book {value} loaded with {} entries",
                            book.len()
                        ));
                        self.book = Some(Arc::new(book));
                    }
                    Err(err) => self.out.error(format_args!("BookFile {value}: {err}")),
                }
            }
            _ => self.out.error(format_args!("unknown option {name:?}")),
        }
    }
}
