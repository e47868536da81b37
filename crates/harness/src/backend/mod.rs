//! The backend registry: which board representations the command line can pick, and the one
//! place where a backend's name becomes a concrete board type.
//!
//! Everything that runs on a board is written once, generic over [`Board`](boardlab_core::Board),
//! and [`with_backend!`](crate::with_backend) monomorphizes it per backend, so no `dyn Board`
//! sits in a hot loop. Adding a backend is one line in the `backend_registry!` invocation
//! below, once its crate is among this crate's dependencies; [`Backend::DEFAULT`] names the
//! fastest.
//!
//! On the command line `--backend` takes a [`Backend`]'s name where a command runs one board,
//! and a [`BackendChoice`] (the same names, or `all`) where it can run several in turn.

use crate::Error;

/// Defines [`Backend`], [`BackendChoice`] and the `with_backend!` dispatch macro from one list
/// of `Variant => crate_name::BoardType` lines, so they can never fall out of step.
///
/// The first token is `$` itself: the generated macro needs its own metavariables, and a
/// `$` passed in is how a macro writes `$` into the macro it defines.
macro_rules! backend_registry {
    ($d:tt $( $(#[$meta:meta])* $variant:ident => $krate:ident :: $board:ident ),+ $(,)?) => {
        /// A board representation the command line can pick.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
        pub enum Backend {
            $( $(#[$meta])* $variant, )+
        }

        /// One backend, or `all` of them in turn.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
        pub enum BackendChoice {
            $( $(#[$meta])* $variant, )+
            /// Every backend, in turn.
            All,
        }

        impl Backend {
            /// Every registered backend, in registry order.
            pub const ALL: &'static [Backend] = &[$(Backend::$variant),+];

            /// The backend's name on the command line (its board's `Board::NAME`).
            pub fn name(self) -> &'static str {
                match self {
                    $( Backend::$variant => <$krate::$board as boardlab_core::Board>::NAME, )+
                }
            }
        }

        impl BackendChoice {
            /// The backends this choice stands for.
            pub(crate) fn backends(self) -> Vec<Backend> {
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
        /// the single dispatch point from a name on the command line to monomorphized code.
        ///
        /// # Examples
        ///
        /// ```
        /// use boardlab_core::{Board, PerftMode, START_FEN};
        /// use boardlab_harness::{with_backend, Backend};
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
                            type $d board = $d crate::backend::$krate::$board;
                            $d body
                        }
                    )+
                }
            };
        }
    };
}

// The backend crates, re-exported so `with_backend!` can name their boards from any crate that
// depends on this one. (One crate may hold several boards, so this list is not the registry's.)
pub use boardlab_bitboard;
pub use boardlab_magic;
pub use boardlab_mailbox;
pub use boardlab_piece_list;
pub use boardlab_rotated;
pub use boardlab_x88;

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

impl Backend {
    /// The backend commands use when none is named: the fastest registered.
    pub const DEFAULT: Backend = Backend::Magic;

    /// Why this backend cannot run here, if it cannot: `pext` without BMI2, given whether the
    /// processor has it. Apart from the probe so that the refusal can be tested on any machine.
    fn refusal(self, has_bmi2: bool) -> Option<String> {
        (self == Backend::Pext && !has_bmi2).then(|| {
            format!("backend {self} needs a processor with BMI2 (the pext instruction), and this one has none")
        })
    }

    /// This backend, or [`Error::Usage`] naming why this processor cannot run it.
    ///
    /// # Errors
    ///
    /// `pext` on a processor without BMI2.
    pub fn available(self) -> Result<Backend, Error> {
        match self.refusal(has_bmi2()) {
            Some(why) => Err(Error::Usage(why)),
            None => Ok(self),
        }
    }

    /// The backend called `name` on the command line.
    pub(crate) fn named(name: &str) -> Option<Backend> {
        Backend::ALL.iter().copied().find(|b| b.name() == name)
    }

    /// The move generator this backend's board runs. The bitboard backends share one legal
    /// generator, generic over their slider technique: two of them agreeing tests their slider
    /// lookups, not that generator.
    pub fn generator(self) -> &'static str {
        match self {
            Backend::PieceList => "piece-list",
            Backend::Mailbox => "mailbox",
            Backend::X88 => "x88",
            Backend::Rotated
            | Backend::Magic
            | Backend::BitLines
            | Backend::Kindergarten
            | Backend::Hyperbola
            | Backend::Obstruction
            | Backend::KoggeStone
            | Backend::BlackMagic
            | Backend::Pext => "bitboard",
        }
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

    /// Every backend's name, separated by commas, for messages.
    pub(crate) fn names() -> String {
        let names: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
        names.join(", ")
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
    pub(crate) fn runnable(self) -> Result<Vec<Backend>, Error> {
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

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Checks that every backend this processor can run holds `setup` as the reference board
/// does: the same setup and hash back, the same legal moves, each move made to the position
/// [`Setup::play`](boardlab_core::Setup::play) reaches and unmade to the setup and hash it
/// started from. The fuzz targets and the robustness tests ask it of every position they make.
///
/// # Errors
///
/// The first disagreement, naming the backend (and the move, where one is involved).
pub fn every_backend_holds(setup: &boardlab_core::Setup) -> Result<(), String> {
    use boardlab_core::{Board, Move, ReferenceBoard, Zobrist};
    let sorted = |moves: &boardlab_core::MoveList| -> Vec<Move> {
        let mut moves = moves.iter().copied().collect::<Vec<_>>();
        moves.sort_unstable();
        moves
    };
    let expected = sorted(&ReferenceBoard::from_setup(setup).legal_moves());
    let hash = Zobrist::of(setup);
    let differs = |what: String, held: &boardlab_core::Setup, hash_held| {
        if held != setup {
            Err(format!(
                "{what}: holds {} instead of {}",
                held.to_fen(),
                setup.to_fen()
            ))
        } else if hash_held != hash {
            Err(format!("{what}: the hash is {hash_held:?}, not {hash:?}"))
        } else {
            Ok(())
        }
    };
    for &backend in Backend::ALL {
        if backend.available().is_err() {
            continue;
        }
        with_backend!(backend, B => {
            let mut board = B::from_setup(setup);
            let name = B::NAME;
            differs(format!("{name}: set up"), &board.to_setup(), board.zobrist())?;
            let moves = sorted(&board.legal_moves());
            if moves != expected {
                return Err(format!(
                    "{name}: the legal moves {moves:?} of {} are not the reference board's \
                     {expected:?}",
                    setup.to_fen()
                ));
            }
            for mv in moves {
                let mut after = setup.clone();
                after.play(mv);
                let undo = board.make(mv);
                if board.to_setup() != after {
                    return Err(format!(
                        "{name}: {mv} makes {} instead of {}",
                        board.to_setup().to_fen(),
                        after.to_fen()
                    ));
                }
                board.unmake(mv, undo);
                differs(format!("{name}: {mv} undone"), &board.to_setup(), board.zobrist())?;
            }
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::{Board, PerftMode, START_FEN};
    use clap::ValueEnum;

    #[test]
    fn command_line_names_are_the_boards_names() {
        for &backend in Backend::ALL {
            let value = backend
                .to_possible_value()
                .expect("every backend is selectable");
            assert_eq!(value.get_name(), backend.name());
            let choice = BackendChoice::from(backend);
            assert_eq!(
                choice.to_possible_value().unwrap().get_name(),
                backend.name()
            );
            assert_eq!(choice.backends(), vec![backend]);
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
        let why = Backend::Pext.refusal(false).unwrap();
        assert!(why.contains("pext") && why.contains("BMI2"), "{why}");
        assert!(!why.contains('\n'));
    }

    #[test]
    fn a_reference_never_shares_the_generator_it_checks() {
        for &backend in Backend::ALL {
            let reference = Backend::independent_of(backend);
            assert_ne!(reference.generator(), backend.generator(), "{backend}");
        }
        assert_eq!(Backend::independent_of(Backend::X88), Backend::DEFAULT);
    }

    #[test]
    fn twelve_backends_are_registered() {
        assert_eq!(Backend::ALL.len(), 12);
    }

    #[test]
    fn dispatch_reaches_each_board_type() {
        for &backend in Backend::ALL {
            let (name, nodes) = with_backend!(backend, B => {
                let mut board = B::from_fen(START_FEN).unwrap();
                (B::NAME, boardlab_core::perft(&mut board, 2, PerftMode::Bulk))
            });
            assert_eq!(name, backend.name());
            assert_eq!(nodes, 400);
        }
    }

    #[test]
    fn every_backend_plays_chess960() {
        // So no command leaves a backend out for a Chess960 position; the one refusal is the
        // divide oracle's, for a board from outside the workspace.
        for &backend in Backend::ALL {
            assert!(with_backend!(backend, B => B::CHESS960), "{backend}");
        }
    }
}
