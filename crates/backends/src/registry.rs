//! The registry: which board representations there are, by name, and the one place where a
//! backend's name becomes a concrete board type.
//!
//! Adding a backend is one line in the `backend_registry!` invocation below, once its crate is
//! among this crate's dependencies; its name, its move generator, whether it plays Chess960 and
//! what it needs of the processor are its board's own [`Board`] constants, so the line says
//! nothing else, and every question about a backend is asked of its board type through
//! [`with_backend!`](crate::with_backend), never of its name. [`Backend::DEFAULT`] names the
//! fastest.
//!
//! On the command line `--backend` takes a [`Backend`]'s name where a command runs one board,
//! and a [`BackendChoice`] (the same names, or `all`) where it can run several in turn.

use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Board, CpuFeature, Square};
use boardlab_engine::EngineQueries;
use boardlab_views::{Lookup, Views};
use std::fmt;

/// Defines [`Backend`], [`BackendChoice`], the board types by variant ([`boards`]) and the
/// `with_backend!` dispatch macro from one list of `Variant => crate_name::BoardType` lines, so
/// they can never fall out of step.
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

        /// Every registered board type under its [`Backend`] variant's name, so that
        /// `with_backend!` can name each one from any crate that depends on this one.
        pub mod boards {
            $(
                #[doc = concat!("The board type of [`Backend::", stringify!($variant), "`](crate::Backend::", stringify!($variant), ").")]
                pub type $variant = $krate::$board;
            )+
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

            /// The processor feature this backend's board needs: its [`Board::NEEDS`].
            pub fn needs(self) -> Option<CpuFeature> {
                match self {
                    $( Backend::$variant => <$krate::$board as Board>::NEEDS, )+
                }
            }
        }

        // Every registered board answers the engine's questions and draws its views: what the
        // commands ask of each, checked here once rather than where each command is written.
        const _: () = {
            const fn registered<B: Board + EngineQueries + Views>() {}
            $( registered::<$krate::$board>(); )+
        };

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
        /// use boardlab_core::{Board, BoardExt, PerftMode, START_FEN};
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
                            type $d board = $d crate::boards::$variant;
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
    /// The plain 8x8 array with signed codes: every step tested against the board's edge.
    #[cfg_attr(feature = "clap", value(name = "8x8"))]
    Array8x8 => boardlab_array8x8::Array8x8Board,
    /// The 12x12 array: the board inside a two-deep frame of a sentinel.
    #[cfg_attr(feature = "clap", value(name = "12x12"))]
    Array12x12 => boardlab_array12x12::Array12x12Board,
    /// The 16x16 array: a square's rank and file are its index's two hex digits.
    #[cfg_attr(feature = "clap", value(name = "16x16"))]
    Array16x16 => boardlab_array16x16::Array16x16Board,
    /// Four bits a square: a rank in a `u32`, the board in eight of them.
    Nibble => boardlab_nibble::NibbleBoard,
    /// The mailbox trials' board: attack maps kept up to date by make and unmake.
    AttackMaps => boardlab_attack_maps::AttackMapBoard,
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
    /// The quad-bitboard: the whole position in four bitboards, 32 bytes (needs BMI2).
    Quad => boardlab_quad::QuadBoard,
}

/// Why this processor cannot run a backend: the feature its board needs
/// ([`Board::NEEDS`]) and this processor lacks. `Display` gives one line, lowercase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unavailable {
    /// The backend refused.
    pub backend: Backend,
    /// What it needs.
    pub needs: CpuFeature,
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "backend {} needs a processor with {}, and this one has none",
            self.backend, self.needs
        )
    }
}

impl std::error::Error for Unavailable {}

impl Backend {
    /// The backend commands use when none is named: the fastest registered.
    pub const DEFAULT: Backend = Backend::Magic;

    /// Why this backend cannot run on a processor that has the features `present` says it
    /// has, if it cannot. Apart from the probe so that the refusal can be tested on any machine.
    fn refusal(self, present: impl Fn(CpuFeature) -> bool) -> Option<Unavailable> {
        let needs = self.needs()?;
        (!present(needs)).then_some(Unavailable {
            backend: self,
            needs,
        })
    }

    /// This backend, or why this processor cannot run it.
    ///
    /// # Errors
    ///
    /// [`Unavailable`] for a backend whose board needs a feature this processor lacks (`pext`
    /// without BMI2).
    pub fn available(self) -> Result<Backend, Unavailable> {
        match self.refusal(CpuFeature::is_present) {
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

    /// The lookup of `slider` on `sq` among `occupied` by this backend's technique, step by
    /// step, as its board explains it ([`Views::slider_lookup`]); `None` for a backend that
    /// walks rays (piece lists, mailbox, 0x88).
    ///
    /// # Examples
    ///
    /// ```
    /// use boardlab_backends::Backend;
    /// use boardlab_core::bitboard::Slider;
    /// use boardlab_core::{Bitboard, Square};
    ///
    /// let occupied = Bitboard::from_square(Square::D4).with(Square::D6);
    /// let lookup = Backend::Magic.slider_lookup(Slider::Rook, Square::D4, occupied).unwrap();
    /// assert_eq!(lookup.attacks.count(), 2 + 3 + 3 + 4);
    /// assert!(Backend::Mailbox.slider_lookup(Slider::Rook, Square::D4, occupied).is_none());
    /// ```
    pub fn slider_lookup(self, slider: Slider, sq: Square, occupied: Bitboard) -> Option<Lookup> {
        with_backend!(self, B => B::slider_lookup(slider, sq, occupied))
    }
}

impl BackendChoice {
    /// The choice commands use when none is named.
    pub const DEFAULT: BackendChoice = BackendChoice::Magic;

    /// The backends this choice stands for that this processor can run, and why it skips the
    /// others: `all` skips a backend it cannot run (the caller says so), a single backend it
    /// cannot run is an error.
    ///
    /// # Errors
    ///
    /// A single backend this processor cannot run (`pext` without BMI2).
    pub fn runnable(self) -> Result<Runnable, Unavailable> {
        self.runnable_with(CpuFeature::is_present)
    }

    /// [`runnable`](BackendChoice::runnable) on a processor with the features `present` says.
    fn runnable_with(self, present: impl Fn(CpuFeature) -> bool) -> Result<Runnable, Unavailable> {
        let mut runnable = Runnable::default();
        for backend in self.backends() {
            match backend.refusal(&present) {
                Some(why) if self != BackendChoice::All => return Err(why),
                Some(why) => runnable.skipped.push(why),
                None => runnable.backends.push(backend),
            }
        }
        Ok(runnable)
    }
}

/// The backends a [`BackendChoice`] runs on this processor, and those it skips with why: what
/// a command runs, and the notes it writes for the others.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Runnable {
    /// The backends to run, in registry order.
    pub backends: Vec<Backend>,
    /// The backends `all` leaves out, each with why.
    pub skipped: Vec<Unavailable>,
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::{BoardExt, PerftMode, START_FEN};
    use std::collections::BTreeSet;

    #[test]
    fn every_backend_is_registered_once_by_name() {
        // The twelve of the list, and whatever is added after them.
        assert!(Backend::ALL.len() >= 18, "{}", Backend::names());
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
    fn a_backend_is_refused_for_what_its_board_needs_and_only_then() {
        let needing: Vec<Backend> = Backend::ALL
            .iter()
            .copied()
            .filter(|backend| backend.needs().is_some())
            .collect();
        // Pext and any other board built on BMI2's instructions.
        assert!(needing.contains(&Backend::Pext), "{needing:?}");
        assert!(needing.contains(&Backend::Quad), "{needing:?}");
        for backend in &needing {
            assert_eq!(backend.needs(), Some(CpuFeature::Bmi2), "{backend}");
        }
        let without_bmi2 = |feature| feature != CpuFeature::Bmi2;
        for &backend in Backend::ALL {
            assert_eq!(backend.refusal(|_| true), None, "{backend}");
            let refused = backend.refusal(without_bmi2);
            assert_eq!(refused.is_some(), needing.contains(&backend), "{backend}");
        }
        let why = Backend::Pext.refusal(without_bmi2).unwrap().to_string();
        assert!(why.contains("pext") && why.contains("BMI2"), "{why}");
        assert!(!why.contains('\n'));
        // `all` skips what it cannot run and says why; one backend it cannot run is an error.
        let all = BackendChoice::All.runnable_with(without_bmi2).unwrap();
        assert_eq!(all.backends.len(), Backend::ALL.len() - needing.len());
        let skipped: Vec<Backend> = all.skipped.iter().map(|why| why.backend).collect();
        assert_eq!(skipped, needing);
        assert!(BackendChoice::Pext.runnable_with(without_bmi2).is_err());
        // The probe decides on this machine: pext runs exactly when the processor has BMI2.
        let bmi2 = CpuFeature::Bmi2.is_present();
        assert_eq!(Backend::Pext.available().is_ok(), bmi2);
        let here = BackendChoice::All.runnable().unwrap();
        assert_eq!(
            here.backends.len(),
            Backend::ALL.len() - if bmi2 { 0 } else { needing.len() }
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
        assert!(techniques.len() >= 9, "{techniques:?}");
        assert_eq!(Backend::Magic.technique(), Some("magic"));
        for backend in [Backend::PieceList, Backend::Mailbox, Backend::X88] {
            assert_eq!(backend.technique(), None, "{backend}");
        }
        // A backend with a technique explains its slider lookups; a backend without one
        // explains none, but for the quad board, whose own generator looks sliders up too.
        for &backend in Backend::ALL {
            let lookup = backend.slider_lookup(Slider::Rook, Square::D4, Bitboard::EMPTY);
            let looks_up = backend.technique().is_some() || backend.name() == "quad";
            assert_eq!(lookup.is_some(), looks_up, "{backend}");
            if let (Some(lookup), Some(technique)) = (lookup, backend.technique()) {
                assert_eq!(lookup.technique, technique);
            }
        }
        // Every technique of boardlab-sliders is a backend's, besides rotated and magic, whose
        // techniques live in crates of their own.
        let sliders = boardlab_sliders::TECHNIQUES;
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
