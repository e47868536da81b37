//! The registered backends grouped by the move generator they share.
//!
//! Eighteen backends do not make eighteen independent checks of each other: nine of them
//! (rotated, magic and the seven techniques of boardlab-sliders) are boardlab-bitboard's one
//! board and legal move generator, differing only in how a slider finds its attacks, and the
//! 8x8, 12x12 and 16x16 arrays share boardlab-arrays' generator, differing only in their cells
//! and edge tests. A test that compares backends therefore counts agreement per generator, with
//! [`Agreement`], and says how many independent generators agreed: eight, besides the reference
//! board and any outside program.
//!
//! The grouping is read from the registry, each backend's generator being its board's
//! [`Board::GENERATOR`](boardlab_core::Board::GENERATOR), so a backend added to the registry is
//! counted without another list to update.

use crate::Backend;
use std::fmt;

/// One move generator and the backends that run it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generator {
    /// The generator's name: the short name of the crate that holds it.
    pub name: &'static str,
    /// The backends built on it, in registry order; never empty.
    pub backends: Vec<Backend>,
}

impl Generator {
    /// Every registered backend grouped by its move generator, the generators in the order of
    /// their first backend in the registry.
    pub fn all() -> Vec<Generator> {
        let mut generators: Vec<Generator> = Vec::new();
        for &backend in Backend::ALL {
            let name = backend.generator();
            match generators
                .iter_mut()
                .find(|generator| generator.name == name)
            {
                Some(generator) => generator.backends.push(backend),
                None => generators.push(Generator {
                    name,
                    backends: vec![backend],
                }),
            }
        }
        generators
    }
}

/// How many comparisons each backend passed, counted per backend and reported per generator.
///
/// A test calls [`agreed`](Agreement::agreed) once per backend and comparison that found no
/// difference (a difference fails the test on the spot), then asserts that every backend of
/// every generator took part with [`assert_every_backend`](Agreement::assert_every_backend).
#[derive(Debug, Clone)]
pub struct Agreement {
    /// The generators, with their backends.
    generators: Vec<Generator>,
    /// Per backend of [`Backend::ALL`], in that order, the comparisons it passed.
    passed: Vec<usize>,
}

impl Default for Agreement {
    fn default() -> Self {
        Agreement {
            generators: Generator::all(),
            passed: vec![0; Backend::ALL.len()],
        }
    }
}

impl Agreement {
    /// Counts one comparison that the backend named `backend` passed.
    ///
    /// # Panics
    ///
    /// When no registered backend has that name: a comparison that counts a board outside the
    /// registry (the reference board, an outside program) would inflate the agreement.
    pub fn agreed(&mut self, backend: &str) {
        match Backend::ALL.iter().position(|b| b.name() == backend) {
            Some(index) => self.passed[index] += 1,
            None => panic!("{backend} is not a registered backend: only those are counted"),
        }
    }

    /// The comparisons the backend named `backend` passed (none for an unknown name).
    pub fn passed(&self, backend: &str) -> usize {
        Backend::ALL
            .iter()
            .position(|b| b.name() == backend)
            .map_or(0, |index| self.passed[index])
    }

    /// The comparisons `backend` passed.
    fn passed_by(&self, backend: Backend) -> usize {
        self.passed(backend.name())
    }

    /// The independent generators with at least one backend that passed a comparison.
    pub fn generators_agreeing(&self) -> usize {
        self.generators
            .iter()
            .filter(|generator| generator.backends.iter().any(|&b| self.passed_by(b) > 0))
            .count()
    }

    /// Panics unless every backend of every generator passed at least `floor` comparisons (and
    /// at least one), naming those that did not.
    pub fn assert_every_backend(&self, floor: usize) {
        let floor = floor.max(1);
        let short: Vec<String> = Backend::ALL
            .iter()
            .filter(|&&backend| self.passed_by(backend) < floor)
            .map(|&backend| format!("{backend} in {}", self.passed_by(backend)))
            .collect();
        assert!(
            short.is_empty(),
            "backends in fewer than {floor} comparisons: {}; {self}",
            short.join(", ")
        );
        assert_eq!(self.generators_agreeing(), self.generators.len(), "{self}");
    }
}

impl fmt::Display for Agreement {
    /// `4 independent generators agreed: piece-list (piece-list 600); …; bitboard (rotated
    /// 600, …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} independent generators agreed:",
            self.generators_agreeing()
        )?;
        for (index, generator) in self.generators.iter().enumerate() {
            let separator = if index == 0 { " " } else { "; " };
            let counts: Vec<String> = generator
                .backends
                .iter()
                .map(|&backend| format!("{backend} {}", self.passed_by(backend)))
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
    fn the_generators_partition_the_registry() {
        let generators = Generator::all();
        let names: Vec<&str> = generators.iter().map(|g| g.name).collect();
        // In registry order; a backend with a generator of its own adds one.
        assert_eq!(
            names,
            [
                "piece-list",
                "mailbox",
                "x88",
                "arrays",
                "nibble",
                "attack-maps",
                "bitboard",
                "quad"
            ]
        );
        for generator in &generators {
            assert!(!generator.backends.is_empty(), "{}", generator.name);
            for backend in &generator.backends {
                assert_eq!(backend.generator(), generator.name);
            }
        }
        let mut union: Vec<Backend> = generators
            .iter()
            .flat_map(|g| g.backends.iter().copied())
            .collect();
        assert_eq!(union.len(), Backend::ALL.len());
        union.sort_unstable();
        let mut registered = Backend::ALL.to_vec();
        registered.sort_unstable();
        assert_eq!(union, registered);
        let bitboard = &generators[6];
        assert!(bitboard.backends.len() >= 9, "{:?}", bitboard.backends);
        assert!(bitboard.backends.contains(&Backend::Hyperbola));
        let arrays = &generators[3];
        assert_eq!(
            arrays.backends,
            [Backend::Array8x8, Backend::Array12x12, Backend::Array16x16]
        );
    }

    #[test]
    fn agreement_counts_generators_not_backends() {
        let mut agreement = Agreement::default();
        for backend in ["rotated", "magic", "pext", "mailbox"] {
            agreement.agreed(backend);
        }
        assert_eq!(agreement.generators_agreeing(), 2);
        assert_eq!(agreement.passed("magic"), 1);
        assert_eq!(agreement.passed("x88"), 0);
        let text = agreement.to_string();
        assert!(
            text.starts_with("2 independent generators agreed: piece-list (piece-list 0); "),
            "{text}"
        );
        let missing = std::panic::catch_unwind(|| agreement.assert_every_backend(1));
        assert!(missing.is_err());
        for &backend in Backend::ALL {
            agreement.agreed(backend.name());
        }
        agreement.assert_every_backend(1);
        assert_eq!(agreement.generators_agreeing(), Generator::all().len());
        let short = std::panic::catch_unwind(|| agreement.assert_every_backend(2));
        assert!(short.is_err());
    }

    #[test]
    #[should_panic(expected = "reference is not a registered backend")]
    fn an_unknown_backend_is_refused() {
        Agreement::default().agreed("reference");
    }
}
