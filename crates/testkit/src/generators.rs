//! The registered backends grouped by the move generator they share.
//!
//! Twelve backends do not make twelve independent checks of each other: nine of them
//! (rotated, magic and the seven techniques of boardlab-sliders) are boardlab-bitboard's one
//! board and legal move generator, differing only in how a slider finds its attacks. A test
//! that compares backends therefore counts agreement per generator, with [`Agreement`], and
//! says how many independent generators agreed: four, besides the reference board and any
//! outside program.
//!
//! The list names backends by their [`Board::NAME`](boardlab_core::Board::NAME); a test of the
//! workspace compares it with the harness's registry, so that a backend added there and not
//! here fails.

use std::fmt;

/// One move generator and the backends that use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generator {
    /// The generator's name: its crate's short name.
    pub name: &'static str,
    /// The backends built on it, by name.
    pub backends: &'static [&'static str],
}

/// Every registered backend, grouped by its move generator, in the registry's order.
pub const GENERATORS: &[Generator] = &[
    Generator {
        name: "piece-list",
        backends: &["piece-list"],
    },
    Generator {
        name: "mailbox",
        backends: &["mailbox"],
    },
    Generator {
        name: "x88",
        backends: &["x88"],
    },
    Generator {
        name: "bitboard",
        backends: &[
            "rotated",
            "magic",
            "bit-lines",
            "kindergarten",
            "hyperbola",
            "obstruction",
            "kogge-stone",
            "black-magic",
            "pext",
        ],
    },
];

/// The generator the backend named `backend` uses, if the list has it.
pub fn generator_of(backend: &str) -> Option<&'static Generator> {
    GENERATORS
        .iter()
        .find(|generator| generator.backends.contains(&backend))
}

/// The backends of [`GENERATORS`], in order.
pub fn backend_names() -> impl Iterator<Item = &'static str> {
    GENERATORS
        .iter()
        .flat_map(|generator| generator.backends.iter().copied())
}

/// How many comparisons each backend passed, counted per backend and reported per generator.
///
/// A test calls [`agreed`](Agreement::agreed) once per backend and comparison that found no
/// difference (a difference fails the test on the spot), then asserts that every backend of
/// every generator took part with [`assert_every_backend`](Agreement::assert_every_backend).
#[derive(Debug, Clone)]
pub struct Agreement {
    /// Per backend of [`backend_names`], in that order, the comparisons it passed.
    passed: Vec<(&'static str, usize)>,
}

impl Default for Agreement {
    fn default() -> Self {
        Agreement {
            passed: backend_names().map(|name| (name, 0)).collect(),
        }
    }
}

impl Agreement {
    /// Counts one comparison that `backend` passed.
    ///
    /// # Panics
    ///
    /// When [`GENERATORS`] does not list `backend`.
    pub fn agreed(&mut self, backend: &str) {
        match self.passed.iter_mut().find(|(name, _)| *name == backend) {
            Some((_, count)) => *count += 1,
            None => panic!("{backend} is not in the kit's GENERATORS: add it to its generator"),
        }
    }

    /// The comparisons `backend` passed.
    pub fn passed(&self, backend: &str) -> usize {
        self.passed
            .iter()
            .find(|(name, _)| *name == backend)
            .map_or(0, |&(_, count)| count)
    }

    /// The independent generators with at least one backend that passed a comparison.
    pub fn generators_agreeing(&self) -> usize {
        GENERATORS
            .iter()
            .filter(|generator| generator.backends.iter().any(|b| self.passed(b) > 0))
            .count()
    }

    /// Panics unless every backend of every generator passed at least `floor` comparisons (and
    /// at least one), naming those that did not.
    pub fn assert_every_backend(&self, floor: usize) {
        let short: Vec<String> = self
            .passed
            .iter()
            .filter(|&&(_, count)| count < floor.max(1))
            .map(|(name, count)| format!("{name} in {count}"))
            .collect();
        assert!(
            short.is_empty(),
            "backends in fewer than {} comparisons: {}; {self}",
            floor.max(1),
            short.join(", ")
        );
        assert_eq!(self.generators_agreeing(), GENERATORS.len(), "{self}");
    }
}

impl fmt::Display for Agreement {
    /// `4 independent generators agreed: piece-list (600), …, bitboard (rotated 600, …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} independent generators agreed:",
            self.generators_agreeing()
        )?;
        for (index, generator) in GENERATORS.iter().enumerate() {
            let separator = if index == 0 { " " } else { "; " };
            let counts: Vec<String> = generator
                .backends
                .iter()
                .map(|&backend| format!("{backend} {}", self.passed(backend)))
                .collect();
            write!(f, "{separator}{} ({})", generator.name, counts.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_backend_is_in_one_generator() {
        let names: Vec<&str> = backend_names().collect();
        assert_eq!(names.len(), 12);
        for name in &names {
            assert_eq!(names.iter().filter(|n| *n == name).count(), 1, "{name}");
            assert!(generator_of(name).is_some());
        }
        assert_eq!(generator_of("hyperbola").map(|g| g.name), Some("bitboard"));
        assert_eq!(generator_of("reference"), None);
    }

    #[test]
    fn agreement_counts_generators_not_backends() {
        let mut agreement = Agreement::default();
        for backend in ["rotated", "magic", "pext", "mailbox"] {
            agreement.agreed(backend);
        }
        assert_eq!(agreement.generators_agreeing(), 2);
        assert_eq!(agreement.passed("magic"), 1);
        let text = agreement.to_string();
        assert!(
            text.starts_with("2 independent generators agreed: piece-list (piece-list 0); "),
            "{text}"
        );
        let missing = std::panic::catch_unwind(|| agreement.assert_every_backend(1));
        assert!(missing.is_err());
        for backend in backend_names() {
            agreement.agreed(backend);
        }
        agreement.assert_every_backend(1);
        assert_eq!(agreement.generators_agreeing(), 4);
    }

    #[test]
    #[should_panic(expected = "not in the kit's GENERATORS")]
    fn an_unknown_backend_is_refused() {
        Agreement::default().agreed("reference");
    }
}
