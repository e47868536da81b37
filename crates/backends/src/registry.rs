//! The registry: which board representations there are, by name, and the one place where a
//! backend's name becomes a concrete board type.
//!
//! Adding a backend is one line in the `backend_registry!` invocation below, once its crate is
//! among this crate's dependencies; its name, its move generator and whether it plays Chess960
//! are its board's own [`Board`] constants, so the line says nothing else. [`Backend::DEFAULT`]
//! names the fastest.
//!
//! On the command line `--backend` takes a [`Backend`]'s name where a command runs one board,
//! and a [`BackendChoice`] (the same names, or `all`) where it can run several in turn.

use boardlab_core::Board;
use std::fmt;

/// Defines [`Backend`], [`BackendChoice`] and the `with_backend!` dispatch macro from one list
/// of `Variant => crate_name::BoardType` lines, so they can never fall out of step.
///
/// The first token is `$` itself: the generated macro needs its own metavariables, and a
/// `$` passed in is how a macro writes `$` into the macro it defines.
macro_rules! backend_registry {
    ($d:tt $( $(#[$meta:meta])* $variant:ident => $krate:ident :: $board:ident ),+ $(,)?) => {
        /// A board representation, by the name the command line gives it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
        pub enum Backend {
            $( $(#[$meta])* $variant, )+
        }

        /// One backend, or `all` of them in turn.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
        pub enum BackendChoice {
            $( $(#[$meta])* $variant, )+
            /// Every backend, in turn.
            All,
        }

        impl Backend {
            /// Every registered backend, in registry order.
            pub const ALL: &'static [Backend] = &[$(Backend::$variant),+];

            /// The backend's name on the command line: its board's [`Board::NAME`].
            pub fn name(self) -> &'static str {
                match self {
                    $( Backend::$variant => <$krate::$board as Board>::NAME, )+
                }
            }

            /// The move generator this backend's board runs: its board's
            /// [`Board::GENERATOR`]. The bitboard backends share one legal generator, generic
            /// over their slider technique, so two of them agreeing tests their slider lookups,
            /// not that generator.
            pub fn generator(self) -> &'static str {
                match self {
                    $( Backend::$variant => <$krate::$board as Board>::GENERATOR, )+
                }
            }
        }

        impl BackendChoice {
            /// The backends this choice stands for.
            pub fn backends(self) -> Vec<Backend> {
                match self {
                    $( BackendChoice::$variant => vec![Backend::$variant], )+
                    BackendChoice::All => Backend::ALL.to_vec(),
                }
            }
        }

        impl From<Backend> for BackendChoice {
            fn from(backend: Backend) -> BackendChoice {
                match backend {
                    $( Backend::$variant => BackendChoice::$variant, )+
                }
            }
        }

        /// Evaluates an expression with a type name bound to the board type of a [`Backend`]:
        /// the single dispatch point from a name to monomorphized code.
        ///
        /// # Examples
        ///
        /// ```
        /// use boardlab_backends::{with_backend, Backend};
        /// use boardlab_core::{Board, PerftMode, START_FEN};
        ///
        /// for &backend in Backend::ALL {
        ///     let nodes = with_backend!(backend, B => {
        ///         let mut board = B::from_fen(START_FEN).unwrap();
        ///         boardlab_core::perft(&mut board, 2, PerftMode::Bulk)
        ///     });
        ///     assert_eq!(nodes, 400);
        /// }
        /// ```
        #[macro_export]
        macro_rules! with_backend {
            ($d backend:expr, $d board:ident => $d body:expr) => {
                match $d backend {
                    $(
                        $d crate::Backend::$variant => {
                            #[allow(dead_code)]
                            type $d board = $d crate::$krate::$board;
                            $d body
                        }
                    )+
                }
            };
        }
    };
}

backend_registry! {$
    /// Piece lists as the only store: no board array at all.
    PieceList => boardlab_piece_list::PieceListBoard,
    /// The 10x12 mailbox with its border of off-board cells.
    Mailbox => boardlab_mailbox::MailboxBoard,
    /// The 0x88 board: one AND tells off-board squares and attack directions.
    X88 => boardlab_x88::X88Board,
    /// Rotated bitboards: occupancy kept in four orientations for line lookups.
    Rotated => boardlab_rotated::RotatedBoard,
    /// Magic bitboards: one multiply-and-shift finds a slider's attacks.
    Magic => boardlab_magic::MagicBoard,
    /// Bit lines: one occupancy byte per rank, file and diagonal, kept by make and unmake.
    BitLines => boardlab_bitboard::BitLinesBoard,
    /// Kindergarten bitboards: a multiplication gathers a line, a small table answers.
    Kindergarten => boardlab_bitboard::KindergartenBoard,
    /// Hyperbola quintessence: o ^ (o - 2r) and its byte-swapped mirror.
    Hyperbola => boardlab_bitboard::HyperbolaBoard,
    /// Obstruction difference: the nearest blockers by bit scans bound each line.
    Obstruction => boardlab_bitboard::ObstructionBoard,
    /// Kogge-Stone fills: parallel-prefix shifts, no tables.
    KoggeStone => boardlab_bitboard::KoggeStoneBoard,
    /// Black magic bitboards: fixed shifts into one overlapping table.
    BlackMagic => boardlab_bitboard::BlackMagicBoard,
    /// PEXT bitboards: BMI2's pext indexes one table (needs a processor with BMI2).
    Pext => boardlab_bitboard::PextBoard,
}

/// Why this processor cannot run a backend. `Display` gives one line, lowercase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unavailable {
    /// The backend needs BMI2's `pext` instruction, which this processor lacks.
    NeedsBmi2(Backend),
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unavailable::NeedsBmi2(backend) => write!(
                f,
                "backend {backend} needs a processor with BMI2 (the pext instruction), and this \
                 one has none"
            ),
        }
    }
}

impl std::error::Error for Unavailable {}

impl Backend {
    /// The backend commands use when none is named: the fastest registered.
    pub const DEFAULT: Backend = Backend::Magic;

    /// Why this backend cannot run here, if it cannot: `pext` without BMI2, given whether the
    /// processor has it. Apart from the probe so that the refusal can be tested on any machine.
    fn refusal(self, has_bmi2: bool) -> Option<Unavailable> {
        (self == Backend::Pext && !has_bmi2).then_some(Unavailable::NeedsBmi2(self))
    }

    /// This backend, or why this processor cannot run it.
    ///
    /// # Errors
    ///
    /// [`Unavailable::NeedsBmi2`] for `pext` on a processor without BMI2.
    pub fn available(self) -> Result<Backend, Unavailable> {
        match self.refusal(has_bmi2()) {
            Some(why) => Err(why),
            None => Ok(self),
        }
    }

    /// The backend called `name` on the command line.
    pub fn named(name: &str) -> Option<Backend> {
        Backend::ALL.iter().copied().find(|b| b.name() == name)
    }

    /// Every backend's name, separated by commas, for messages.
    pub fn names() -> String {
        let names: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
        names.join(", ")
    }

    /// The backend whose counts a check of `tested` compares with: the default, unless
    /// `tested` runs the default's generator, then x88, the fastest of the others.
    pub fn independent_of(tested: Backend) -> Backend {
        if tested.generator() == Backend::DEFAULT.generator() {
            Backend::X88
        } else {
            Backend::DEFAULT
        }
    }

    /// The slider technique of a backend on boardlab-bitboard's generator, which is what tells
    /// such backends apart and so goes by the backend's own name; `None` for a backend with a
    /// generator of its own, which walks rays instead.
    pub fn technique(self) -> Option<&'static str> {
        (self.generator() == boardlab_bitboard::GENERATOR).then(|| self.name())
    }
}

impl BackendChoice {
    /// The choice commands use when none is named.
    pub const DEFAULT: BackendChoice = BackendChoice::Magic;

    /// The backends this choice stands for that this processor can run: `all` skips the others
    /// with a note on stderr, a single backend it cannot run is an error.
    ///
    /// # Errors
    ///
    /// A single backend this processor cannot run (`pext` without BMI2).
    pub fn runnable(self) -> Result<Vec<Backend>, Unavailable> {
        if self != BackendChoice::All {
            return self
                .backends()
                .into_iter()
                .map(Backend::available)
                .collect();
        }
        let bmi2 = has_bmi2();
        Ok(Backend::ALL
            .iter()
            .copied()
            .filter(|backend| match backend.refusal(bmi2) {
                Some(why) => {
                    eprintln!("note: skipping {backend}: {why}");
                    false
                }
                None => true,
            })
            .collect())
    }
}

/// Whether the processor has BMI2, which the `pext` backend needs.
fn has_bmi2() -> bool {
    boardlab_bitboard::boardlab_sliders::pext::available()
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::{PerftMode, START_FEN};
    use std::collections::BTreeSet;

    #[test]
    fn twelve_backends_are_registered_once_each_by_name() {
        assert_eq!(Backend::ALL.len(), 12);
        let names: BTreeSet<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
        assert_eq!(names.len(), Backend::ALL.len(), "{names:?}");
        for &backend in Backend::ALL {
            assert_eq!(Backend::named(backend.name()), Some(backend));
            assert_eq!(backend.to_string(), backend.name());
        }
        assert_eq!(Backend::named("reference"), None);
        assert!(Backend::names().starts_with("piece-list, mailbox, x88, "));
    }

    #[test]
    fn a_choice_stands_for_its_backends() {
        for &backend in Backend::ALL {
            assert_eq!(BackendChoice::from(backend).backends(), vec![backend]);
        }
        assert_eq!(BackendChoice::All.backends(), Backend::ALL.to_vec());
        assert_eq!(
            BackendChoice::from(Backend::DEFAULT),
            BackendChoice::DEFAULT
        );
    }

    #[test]
    fn only_pext_is_refused_and_only_without_bmi2() {
        for &backend in Backend::ALL {
            assert_eq!(backend.refusal(true), None, "{backend}");
            let refused = backend.refusal(false);
            assert_eq!(refused.is_some(), backend == Backend::Pext, "{backend}");
        }
        let why = Backend::Pext.refusal(false).unwrap().to_string();
        assert!(why.contains("pext") && why.contains("BMI2"), "{why}");
        assert!(!why.contains('\n'));
        // The probe decides on this machine: pext runs exactly when the processor has BMI2.
        assert_eq!(Backend::Pext.available().is_ok(), has_bmi2());
        let runnable = BackendChoice::All.runnable().unwrap();
        assert_eq!(
            runnable.len(),
            Backend::ALL.len() - usize::from(!has_bmi2())
        );
    }

    #[test]
    fn a_reference_never_shares_the_generator_it_checks() {
        for &backend in Backend::ALL {
            let reference = Backend::independent_of(backend);
            assert_ne!(reference.generator(), backend.generator(), "{backend}");
        }
        assert_eq!(Backend::independent_of(Backend::X88), Backend::DEFAULT);
        assert_eq!(Backend::independent_of(Backend::DEFAULT), Backend::X88);
    }

    #[test]
    fn techniques_are_those_of_the_bitboard_backends() {
        let techniques: Vec<&str> = Backend::ALL.iter().filter_map(|b| b.technique()).collect();
        assert_eq!(techniques.len(), 9, "{techniques:?}");
        assert_eq!(Backend::Magic.technique(), Some("magic"));
        for backend in [Backend::PieceList, Backend::Mailbox, Backend::X88] {
            assert_eq!(backend.technique(), None, "{backend}");
        }
        // Every technique of boardlab-sliders is a backend's, besides rotated and magic, whose
        // techniques live in crates of their own.
        let sliders = boardlab_bitboard::boardlab_sliders::TECHNIQUES;
        let own_crates: Vec<&str> = techniques
            .iter()
            .copied()
            .filter(|name| !sliders.contains(name))
            .collect();
        assert_eq!(own_crates, ["rotated", "magic"]);
        assert!(sliders.iter().all(|name| techniques.contains(name)));
    }

    #[test]
    fn dispatch_reaches_each_board_type() {
        for &backend in Backend::ALL {
            let (name, generator, nodes) = with_backend!(backend, B => {
                let mut board = B::from_fen(START_FEN).unwrap();
                (B::NAME, B::GENERATOR, boardlab_core::perft(&mut board, 2, PerftMode::Bulk))
            });
            assert_eq!(name, backend.name());
            assert_eq!(generator, backend.generator());
            assert_eq!(nodes, 400, "{backend}");
        }
    }

    #[test]
    fn every_backend_plays_chess960() {
        // So no command leaves a backend out for a Chess960 position; the one refusal is the
        // divide oracle's, for a board from outside the workspace.
        for &backend in Backend::ALL {
            assert!(with_backend!(backend, B => B::PLAYS_CHESS960), "{backend}");
        }
    }
}
