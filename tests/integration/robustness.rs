//! No input panics an entry point, and the inputs explore rather than bounce off the first
//! check: valid positions mutated into other positions, most of them valid, on which every
//! backend must agree with the reference board; FENs edited field by field; random move text;
//! and random, half-valid command lines for every command of the binary.
//!
//! # Replaying a failure
//!
//! Each property test prints its seed when it starts (cargo test shows it when the test fails):
//!
//! ```text
//! proptest seed 1234…: replay with PROPTEST_RNG_SEED=1234…
//! ```
//!
//! `PROPTEST_RNG_SEED=1234… cargo test --test integration robustness::NAME` runs the same cases
//! again. A failing case is also saved, shrunk, in
//! `tests/integration/robustness.proptest-regressions` (proptest's failure persistence), and every
//! later run replays the saved cases first: commit the file with the fix.

use crate::support;

use boardlab_app::Cli;
use boardlab_backends::{every_backend_holds, with_backend, Backend};
use boardlab_core::{Board, BoardExt, CastlingSide, Color, Move, Piece, Role, Setup, Square};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit::{CHESS960_WALK_POSITIONS, WALK_POSITIONS};
use clap::CommandFactory;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{FileFailurePersistence, RngSeed, TestRunner};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The seed of a test's cases (see the module docs): `PROPTEST_RNG_SEED` when it is set, a
/// fresh one otherwise, printed either way.
fn seed() -> u64 {
    let seed = match ProptestConfig::default().rng_seed {
        RngSeed::Fixed(seed) => seed,
        RngSeed::Random => {
            use std::hash::BuildHasher;
            std::collections::hash_map::RandomState::new().hash_one(0u8)
        }
    };
    println!("proptest seed {seed}: replay with PROPTEST_RNG_SEED={seed}");
    seed
}

/// A proptest configuration of `cases` cases from `seed`, failures saved beside this file.
fn config(cases: u32, seed: u64) -> ProptestConfig {
    let mut config = ProptestConfig::with_cases(cases);
    config.rng_seed = RngSeed::Fixed(seed);
    config.source_file = Some(file!());
    config.failure_persistence = Some(Box::new(FileFailurePersistence::WithSource(
        "proptest-regressions",
    )));
    config
}

/// Runs `test` on `cases` values of `strategy` drawn from `seed`, panicking with proptest's
/// report (the shrunk input) on a failure.
fn run_seeded<S: Strategy>(
    cases: u32,
    seed: u64,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    let mut runner = TestRunner::new(config(cases, seed));
    if let Err(err) = runner.run(&strategy, test) {
        panic!("{err}");
    }
}

/// [`run_seeded`] with a seed of its own.
fn run<S: Strategy>(cases: u32, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    run_seeded(cases, seed(), strategy, test);
}

/// The positions mutations start from: the kit's walks, standard and Chess960.
fn starts() -> Vec<&'static str> {
    WALK_POSITIONS
        .iter()
        .chain(CHESS960_WALK_POSITIONS)
        .copied()
        .collect()
}

/// Asserts [`every_backend_holds`] as a property.
fn every_backend_agrees(setup: &Setup) -> Result<(), TestCaseError> {
    every_backend_holds(setup).map_err(TestCaseError::fail)
}

// ---------------------------------------------------------------------------------------------
// Mutations of positions

/// One change to a position, its squares and pieces chosen among those that fit when it is
/// applied.
#[derive(Debug, Clone)]
enum Mutation {
    /// A piece (the king included) moves to an empty square.
    Move(Index, Index),
    /// A piece other than a king appears on an empty square.
    Add(Index, Index, bool),
    /// A piece other than a king disappears.
    Remove(Index),
    /// The other side is to move.
    FlipTurn,
    /// One castling right is dropped.
    DropCastling(Index),
    /// A castling right is added where a king and a rook stand on their back rank.
    AddCastling(Index, Index),
    /// An en-passant square is set behind a pawn that could just have double-pushed.
    AddEnPassant(Index),
    /// The clocks change.
    Clocks(u32, u32),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Move(a, b)),
        2 => (any::<Index>(), any::<Index>(), any::<bool>())
            .prop_map(|(a, b, white)| Mutation::Add(a, b, white)),
        2 => any::<Index>().prop_map(Mutation::Remove),
        1 => Just(Mutation::FlipTurn),
        1 => any::<Index>().prop_map(Mutation::DropCastling),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::AddCastling(a, b)),
        1 => any::<Index>().prop_map(Mutation::AddEnPassant),
        1 => (0u32..200, 1u32..600).prop_map(|(half, full)| Mutation::Clocks(half, full)),
    ]
}

/// Whether `role` may stand on `sq` (pawns not on the first or last rank).
fn fits(role: Role, sq: Square) -> bool {
    role != Role::Pawn || !matches!(sq.rank().index(), 0 | 7)
}

/// Drops the castling rights whose king or rook has left its square.
fn keep_playable_rights(setup: &mut Setup) {
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            let (Some(king), Some(rook)) =
                (setup.castling.king(color), setup.castling.rook(color, side))
            else {
                continue;
            };
            if setup.piece_at(king) != Some(Piece::new(color, Role::King))
                || setup.piece_at(rook) != Some(Piece::new(color, Role::Rook))
            {
                setup.castling = setup.castling.without(color, side);
            }
        }
    }
}

/// Applies `mutation` where it makes sense: a change that would strand a castling right or an
/// en-passant square takes them with it.
fn apply(setup: &mut Setup, mutation: &Mutation) {
    let empty: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&sq| setup.piece_at(sq).is_none())
        .collect();
    let pieces: Vec<(Square, Piece)> = setup.pieces().collect();
    let others: Vec<(Square, Piece)> = pieces
        .iter()
        .copied()
        .filter(|(_, piece)| piece.role != Role::King)
        .collect();
    match *mutation {
        Mutation::Move(ref from, ref to) => {
            let (from, piece) = *from.get(&pieces);
            let targets: Vec<Square> = empty
                .iter()
                .copied()
                .filter(|&sq| fits(piece.role, sq))
                .collect();
            if let Some(&to) = (!targets.is_empty()).then(|| to.get(&targets)) {
                setup.board[from.index()] = None;
                setup.board[to.index()] = Some(piece);
                // The last move was this one, not a double push.
                setup.ep_square = None;
            }
        }
        Mutation::Add(ref at, ref role, white) => {
            let role = *role.get(&[
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ]);
            let color = if white { Color::White } else { Color::Black };
            let targets: Vec<Square> = empty
                .iter()
                .copied()
                .filter(|&sq| fits(role, sq) && Some(sq) != setup.ep_square)
                .collect();
            if !targets.is_empty() {
                setup.board[at.get(&targets).index()] = Some(Piece::new(color, role));
            }
        }
        Mutation::Remove(ref at) => {
            if !others.is_empty() {
                let (sq, _) = *at.get(&others);
                setup.board[sq.index()] = None;
                if setup.ep_square.is_some() {
                    // The pawn that double-pushed may be the one removed.
                    setup.ep_square = None;
                }
            }
        }
        Mutation::FlipTurn => {
            setup.turn = !setup.turn;
            setup.ep_square = None;
        }
        Mutation::DropCastling(ref at) => {
            let held: Vec<(Color, CastlingSide)> = Color::ALL
                .into_iter()
                .flat_map(|color| CastlingSide::ALL.map(|side| (color, side)))
                .filter(|&(color, side)| setup.castling.has(color, side))
                .collect();
            if !held.is_empty() {
                let (color, side) = *at.get(&held);
                setup.castling = setup.castling.without(color, side);
            }
        }
        Mutation::AddCastling(ref color, ref rook) => {
            let color = *color.get(&Color::ALL);
            let rank = if color == Color::White { 0 } else { 7 };
            let on_rank = |role: Role| {
                setup
                    .squares_of(Piece::new(color, role))
                    .filter(|sq| sq.rank().index() == rank)
            };
            let king = on_rank(Role::King).next();
            let rooks: Vec<Square> = on_rank(Role::Rook).collect();
            if let (Some(king), false) = (king, rooks.is_empty()) {
                let rook = *rook.get(&rooks);
                // A king square other than the one the rights record would replace them all.
                if setup.castling.king(color).is_none_or(|held| held == king) {
                    setup.castling = setup.castling.with_rook(color, king, rook);
                }
            }
        }
        Mutation::AddEnPassant(ref at) => {
            let pusher = !setup.turn;
            let landing = if pusher == Color::White { 3 } else { 4 };
            let pawns: Vec<Square> = setup
                .squares_of(Piece::new(pusher, Role::Pawn))
                .filter(|sq| sq.rank().index() == landing)
                .collect();
            if !pawns.is_empty() {
                let pushed_to = *at.get(&pawns);
                let ep = pushed_to.offset(0, -pusher.forward());
                let from = pushed_to.offset(0, -2 * pusher.forward());
                if let (Some(ep), Some(from)) = (ep, from) {
                    if setup.piece_at(ep).is_none() && setup.piece_at(from).is_none() {
                        setup.ep_square = Some(ep);
                    }
                }
            }
        }
        Mutation::Clocks(halfmove, fullmove) => {
            setup.halfmove_clock = halfmove;
            setup.fullmove_number = fullmove;
        }
    }
    keep_playable_rights(setup);
}

/// The cases of [`position_mutations_stay_mostly_valid_and_every_backend_agrees`].
const MUTATION_CASES: u32 = 256;

/// Positions of the kit's walks changed by one to four [`Mutation`]s. At least half stay
/// valid, counted; on each of those every backend agrees with the reference board.
#[test]
fn position_mutations_stay_mostly_valid_and_every_backend_agrees() {
    let (valid, cases) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let strategy = (
        prop::sample::select(starts()),
        prop::collection::vec(mutation(), 1..5),
    );
    run(MUTATION_CASES, strategy, |(fen, mutations)| {
        let mut setup = Setup::from_fen(fen).expect("the kit's positions are valid");
        for mutation in &mutations {
            apply(&mut setup, mutation);
        }
        cases.fetch_add(1, Ordering::Relaxed);
        if setup.validate().is_ok() {
            valid.fetch_add(1, Ordering::Relaxed);
            // What `Setup::from_fen` makes of it: a square no pawn can take on is dropped.
            setup.normalize_ep_square();
            every_backend_agrees(&setup)?;
        }
        Ok(())
    });
    let (valid, cases) = (valid.into_inner(), cases.into_inner());
    println!("{valid} of {cases} mutated positions are valid");
    assert!(cases >= MUTATION_CASES as usize);
    assert!(2 * valid >= cases, "only {valid} of {cases} are valid");
}

// ---------------------------------------------------------------------------------------------
// Mutations of FEN text

/// One edit of a FEN's text, in one field.
#[derive(Debug, Clone)]
enum Edit {
    /// A piece letter becomes another piece's letter (kings stay).
    Piece(Index, Index),
    /// A piece swaps places with the run of empty squares beside it: it moves along the rank.
    Swap(Index),
    /// The other side is to move.
    Turn,
    /// One castling letter goes, or one from `KQkq` and the rooks' files comes.
    Castling(Index, Index, bool),
    /// The en-passant field becomes a square of the third or sixth rank, or `-`.
    EnPassant(Index),
    /// New clocks, or none at all (four fields).
    Clocks(Option<(u32, u32)>),
    /// Any character anywhere becomes one of the alphabet of FEN, or goes.
    Character(Index, Index, bool),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::Piece(a, b)),
        4 => any::<Index>().prop_map(Edit::Swap),
        2 => Just(Edit::Turn),
        2 => (any::<Index>(), any::<Index>(), prop::bool::weighted(0.3))
            .prop_map(|(a, b, add)| Edit::Castling(a, b, add)),
        1 => any::<Index>().prop_map(Edit::EnPassant),
        3 => prop::option::of((0u32..10_500, 0u32..10_500)).prop_map(Edit::Clocks),
        1 => (any::<Index>(), any::<Index>(), any::<bool>())
            .prop_map(|(a, b, drop)| Edit::Character(a, b, drop)),
    ]
}

/// `fen` with `edit` made (see [`Edit`]).
fn edited(fen: &str, edit: &Edit) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    while fields.len() < 6 {
        fields.push(if fields.len() == 4 { "0" } else { "1" }.to_string());
    }
    match *edit {
        Edit::Piece(ref at, ref letter) => {
            let mut placement: Vec<char> = fields[0].chars().collect();
            let pieces: Vec<usize> = (0..placement.len())
                .filter(|&i| "pnbrqPNBRQ".contains(placement[i]))
                .collect();
            if !pieces.is_empty() {
                let i = *at.get(&pieces);
                // No pawn on the first or last rank: the first and last rows of the field.
                let row = placement[..i].iter().filter(|&&c| c == '/').count();
                let roles = if row == 0 || row == 7 {
                    "nbrq"
                } else {
                    "pnbrq"
                };
                let letters: Vec<char> = if placement[i].is_ascii_uppercase() {
                    roles.to_ascii_uppercase().chars().collect()
                } else {
                    roles.chars().collect()
                };
                placement[i] = *letter.get(&letters);
                fields[0] = placement.into_iter().collect();
            }
        }
        Edit::Swap(ref at) => {
            let mut placement: Vec<char> = fields[0].chars().collect();
            // A piece and a digit beside it, which swapped leave no two digits side by side.
            let digit = |i: Option<usize>| {
                i.and_then(|i| placement.get(i))
                    .is_some_and(char::is_ascii_digit)
            };
            let pairs: Vec<usize> = (1..placement.len())
                .filter(|&i| {
                    let (left, right) = (placement[i - 1], placement[i]);
                    match (left.is_ascii_digit(), right.is_ascii_digit()) {
                        (true, false) => right != '/' && !digit(Some(i + 1)),
                        (false, true) => left != '/' && !digit(i.checked_sub(2)),
                        _ => false,
                    }
                })
                .collect();
            if !pairs.is_empty() {
                let i = *at.get(&pairs);
                placement.swap(i - 1, i);
                fields[0] = placement.into_iter().collect();
            }
        }
        Edit::Turn => fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string(),
        Edit::Castling(ref at, ref letter, add) => {
            let mut letters: Vec<char> = fields[2].chars().filter(|&c| c != '-').collect();
            if add {
                let alphabet: Vec<char> = "KQkqABCDEFGHabcdefgh".chars().collect();
                letters.insert(at.index(letters.len() + 1), *letter.get(&alphabet));
            } else if !letters.is_empty() {
                letters.remove(at.index(letters.len()));
            }
            fields[2] = if letters.is_empty() {
                "-".to_string()
            } else {
                letters.into_iter().collect()
            };
        }
        Edit::EnPassant(ref at) => {
            let squares: Vec<String> = ["-"; 16]
                .into_iter()
                .map(str::to_string)
                .chain(
                    "abcdefgh"
                        .chars()
                        .flat_map(|f| [format!("{f}3"), format!("{f}6")]),
                )
                .collect();
            fields[3] = at.get(&squares).clone();
        }
        Edit::Clocks(Some((halfmove, fullmove))) => {
            fields[4] = halfmove.to_string();
            fields[5] = fullmove.to_string();
        }
        Edit::Clocks(None) => fields.truncate(4),
        Edit::Character(ref at, ref c, drop) => {
            let mut chars: Vec<char> = fields.join(" ").chars().collect();
            let i = at.index(chars.len());
            if drop {
                chars.remove(i);
            } else {
                chars[i] = *c.get(
                    &"pnbrqkPNBRQK12345678/ -wKQkqah36"
                        .chars()
                        .collect::<Vec<_>>(),
                );
            }
            return chars.into_iter().collect();
        }
    }
    fields.join(" ")
}

/// The cases of [`fen_edits_mostly_parse_and_every_backend_agrees`].
const EDIT_CASES: u32 = 256;

/// FENs of the kit's walks with one or two [`Edit`]s. At least half still parse, counted;
/// every backend agrees with the reference board on those, and the others fail with one line
/// naming the field.
#[test]
fn fen_edits_mostly_parse_and_every_backend_agrees() {
    let (parsed, cases) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let strategy = (
        prop::sample::select(starts()),
        prop::collection::vec(edit(), 1..3),
    );
    run(EDIT_CASES, strategy, |(fen, edits)| {
        let fen = edits
            .iter()
            .fold(fen.to_string(), |fen, edit| edited(&fen, edit));
        cases.fetch_add(1, Ordering::Relaxed);
        match Setup::from_fen(&fen) {
            Ok(setup) => {
                parsed.fetch_add(1, Ordering::Relaxed);
                every_backend_agrees(&setup)?;
            }
            Err(err) => {
                let text = err.to_string();
                prop_assert!(text.starts_with("invalid FEN: "), "{}", text);
                prop_assert!(!text.contains('\n'), "{}", text);
            }
        }
        Ok(())
    });
    let (parsed, cases) = (parsed.into_inner(), cases.into_inner());
    println!("{parsed} of {cases} edited FENs parse");
    assert!(cases >= EDIT_CASES as usize);
    assert!(2 * parsed >= cases, "only {parsed} of {cases} parse");
}

#[test]
fn arbitrary_text_is_never_a_panic_as_fen() {
    run(256, any::<String>(), |text| {
        if let Err(err) = Setup::from_fen(&text) {
            prop_assert!(!err.to_string().contains('\n'), "{}", err);
        }
        Ok(())
    });
}

/// Text offered as a move: anything, something shaped like a move, or a legal move's text,
/// as is or with one character changed.
#[derive(Debug, Clone)]
enum MoveText {
    Any(String),
    Legal(Index, bool),
    Changed(Index, Index, Index),
}

fn move_text() -> impl Strategy<Value = MoveText> {
    prop_oneof![
        1 => any::<String>().prop_map(MoveText::Any),
        1 => "[a-j][0-9][a-j][0-9][a-zA-Z]?".prop_map(MoveText::Any),
        1 => "[a-h][1-8][a-h][1-8][nbrqkNBRQ]".prop_map(MoveText::Any),
        3 => (any::<Index>(), any::<bool>()).prop_map(|(at, king_takes_rook)| MoveText::Legal(at, king_takes_rook)),
        2 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(mv, at, c)| MoveText::Changed(mv, at, c)),
    ]
}

/// The cases of [`move_text_parses_to_legal_moves_only`].
const MOVE_TEXT_CASES: u32 = 256;

/// Move text in both notations: every backend reads it as the reference board does, a move
/// it accepts is legal and writes back to the same text, and a legal move's own text is always
/// accepted. Most cases are a legal move's text, or one character off it, so that acceptance
/// is tested as often as refusal (both counted and asserted).
#[test]
fn move_text_parses_to_legal_moves_only() {
    let (accepted, cases) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let strategy = (prop::sample::select(starts()), move_text());
    run(MOVE_TEXT_CASES, strategy, |(start, text)| {
        let reference = ReferenceBoard::from_fen(start).expect("the kit's positions are valid");
        let legal: Vec<Move> = reference.legal_moves().iter().copied().collect();
        let alphabet: Vec<char> = "abcdefgh12345678nbrqk0".chars().collect();
        let (text, king_takes_rook, must_parse) = match text {
            MoveText::Any(text) => (text, false, false),
            MoveText::Legal(at, king_takes_rook) => (
                reference.move_text(*at.get(&legal), king_takes_rook),
                king_takes_rook,
                true,
            ),
            MoveText::Changed(mv, at, c) => {
                let mut chars: Vec<char> = reference
                    .move_text(*mv.get(&legal), false)
                    .chars()
                    .collect();
                let i = at.index(chars.len());
                chars[i] = *c.get(&alphabet);
                (chars.into_iter().collect(), false, false)
            }
        };
        cases.fetch_add(1, Ordering::Relaxed);
        let expected = reference.parse_move(&text, king_takes_rook).ok();
        prop_assert!(
            !must_parse || expected.is_some(),
            "{} refused in {}",
            text,
            start
        );
        if let Some(mv) = expected {
            accepted.fetch_add(1, Ordering::Relaxed);
            prop_assert!(legal.contains(&mv), "{} in {}", text, start);
            prop_assert_eq!(reference.move_text(mv, king_takes_rook), text.clone());
        }
        for &backend in Backend::ALL {
            if backend.available().is_err() {
                continue;
            }
            with_backend!(backend, B => {
                let board = B::from_fen(start).expect("the kit's positions are valid");
                prop_assert_eq!(board.parse_move(&text, king_takes_rook).ok(), expected, "{}: {:?} in {}", B::NAME, text, start);
                if !king_takes_rook {
                    prop_assert_eq!(board.parse_uci_move(&text).ok(), expected, "{}: {:?}", B::NAME, text);
                }
            });
        }
        Ok(())
    });
    let (accepted, cases) = (accepted.into_inner(), cases.into_inner());
    println!("{accepted} of {cases} move texts are legal moves");
    assert!(cases >= MOVE_TEXT_CASES as usize);
    assert!(
        4 * accepted >= cases && 4 * accepted <= 3 * cases,
        "{accepted} of {cases} accepted: acceptance and refusal should both be common"
    );
}

// ---------------------------------------------------------------------------------------------
// Command lines

/// One command the binary runs: its words (`units split`) and its arguments as clap knows
/// them.
#[derive(Debug, Clone)]
struct Leaf {
    path: Vec<String>,
    args: Vec<clap::Arg>,
}

/// Every command of [`Cli`] that takes no further subcommand, read from clap's definition, so
/// that a command added there is fuzzed here without a word of this file changing.
fn leaves(command: &clap::Command, path: &[String], out: &mut Vec<Leaf>) {
    for sub in command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help")
    {
        let mut words = path.to_vec();
        words.push(sub.get_name().to_string());
        if sub.has_subcommands() {
            leaves(sub, &words, out);
        } else {
            out.push(Leaf {
                path: words,
                args: sub
                    .get_arguments()
                    .filter(|arg| !["help", "version"].contains(&arg.get_id().as_str()))
                    .cloned()
                    .collect(),
            });
        }
    }
}

/// Files and folders the command lines name: fixtures copied into a scratch folder, so that
/// every file a command writes lands there.
struct Fixtures {
    dir: PathBuf,
}

impl Fixtures {
    fn new() -> Fixtures {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "boardlab-robustness-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        copy_tree(
            &root.join("tests/data/criterion-sample"),
            &dir.join("criterion"),
        );
        std::fs::create_dir_all(dir.join("empty")).expect("an empty folder");
        let units = "# boardlab units ;root \"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\" ;depth 2 \
                     ;ply 1 ;units 1 ;weight 1 ;ended 0\n\
                     8/2p5/3p4/KP5r/1R3p1k/6P1/4P3/8 b - - 0 1 ;id 1 ;depth 1 ;weight 1 ;key 4f1f98bf31cc27e4\n";
        let files = [
            ("units.epd", units),
            ("results.jsonl", "{\"id\":1,\"key\":\"4f1f98bf31cc27e4\",\"depth\":1,\"nodes\":17,\"seconds\":0.1}\n{\"id\":"),
            ("uci.txt", "uci\nisready\nposition startpos moves e2e4\ngo depth 2\ngo perft 2\ngo infinite\nstop\nquit\n"),
            ("junk.txt", "\u{0}\u{1F600} not a file of any kind\n;;;\n"),
        ];
        for (name, text) in files {
            std::fs::write(dir.join(name), text).expect("a fixture");
        }
        Fixtures { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }
}

impl Drop for Fixtures {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from)
        .expect("the fixture folder")
        .flatten()
    {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a fixture");
        }
    }
}

/// The values tried for `arg` of the command `command`: the values a user would type, that
/// the command accepts, and values it must refuse. Numbers stay small, so that no run counts
/// more than a few thousand nodes.
fn values(command: &str, arg: &clap::Arg, fixtures: &Fixtures) -> (Vec<String>, Vec<String>) {
    let strings = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let paths = |names: &[&str]| names.iter().map(|n| fixtures.path(n)).collect::<Vec<_>>();
    let possible: Vec<String> = arg
        .get_possible_values()
        .iter()
        .map(|value| value.get_name().to_string())
        .collect();
    if !possible.is_empty() {
        return (possible, strings(&["bogus"]));
    }
    let data = |name: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("crates/core/data")
            .join(name)
            .display()
            .to_string()
    };
    let name = arg
        .get_long()
        .unwrap_or(arg.get_id().as_str())
        .to_ascii_lowercase();
    let bad_numbers = strings(&["0", "-1", "x", "99999999999999999999"]);
    let bad_files = paths(&["junk.txt", "empty", "missing/file"]);
    match (command, name.as_str()) {
        (_, "depth") => (strings(&["1", "2", "3"]), bad_numbers),
        (_, "ply") => (strings(&["0", "1", "2"]), bad_numbers),
        (_, "nodes") => (strings(&["1", "300"]), bad_numbers),
        (_, "movetime") => (strings(&["1", "10"]), bad_numbers),
        (_, "threads") => (strings(&["1", "2"]), strings(&["0", "999"])),
        (_, "hash") => (strings(&["1", "4"]), strings(&["0", "99999"])),
        (_, "timeout") => (strings(&["1", "5"]), strings(&["0"])),
        (_, "square") => (strings(&["e2", "e1", "d5", "a8"]), strings(&["z9", ""])),
        (_, "shard") => (strings(&["0/2", "1/2"]), strings(&["2/2", "3/2", "x"])),
        (_, "fen") => (
            starts().iter().map(|fen| fen.to_string()).collect(),
            strings(&["8/8/8/8/8/8/8/8 w - - 0 1", "not a fen", ""]),
        ),
        // Moves from the start position: several values are taken in order, from the first.
        (_, "moves") if takes_many(arg) => (
            strings(&["e2e4", "e7e5", "g1f3"]),
            strings(&["zzzz", "e2e5"]),
        ),
        (_, "moves") => (
            strings(&["e2e4", "e2e4 e7e5"]),
            strings(&["zzzz", "e2e4 e2e5"]),
        ),
        (_, "against") => (
            Backend::ALL.iter().map(|b| b.name().to_string()).collect(),
            strings(&[
                "/bin/true",
                "/bin/false",
                "/no/such/program",
                "no-such-program",
            ]),
        ),
        (_, "out" | "html") => (
            paths(&["out.txt", "out.html"]),
            paths(&["empty", "missing/out.txt"]),
        ),
        (_, "criterion") => (paths(&["criterion"]), paths(&["empty", "units.epd"])),
        (_, "book") => (
            strings(&[support::BOOK]),
            bad_files
                .into_iter()
                .chain([data("standard.epd")])
                .collect(),
        ),
        ("suite" | "compare", _) if is_file(arg) => {
            (vec![data("standard.epd"), data("tricky.epd")], bad_files)
        }
        ("units run" | "units merge", "units" | "file") => (paths(&["units.epd"]), bad_files),
        ("units run" | "units merge", _) if is_file(arg) => (paths(&["results.jsonl"]), bad_files),
        _ if is_file(arg) => (paths(&["units.epd", "results.jsonl"]), bad_files),
        _ => (strings(&["1", "2"]), strings(&["0", "x", "-1"])),
    }
}

/// Whether `arg` names a file or folder.
fn is_file(arg: &clap::Arg) -> bool {
    matches!(
        arg.get_value_hint(),
        clap::ValueHint::FilePath | clap::ValueHint::DirPath | clap::ValueHint::AnyPath
    ) || arg.get_value_names().is_some_and(|names| {
        names
            .iter()
            .any(|n| ["FILE", "DIR", "RESULTS"].iter().any(|w| n.contains(w)))
    })
}

/// Whether `arg` takes several values after one flag (`--moves e2e4 e7e5`).
fn takes_many(arg: &clap::Arg) -> bool {
    arg.get_num_args()
        .is_some_and(|range| range.max_values() > 1)
}

/// The command line of one case: the command's words, then each argument the picks include
/// (a required one always), then perhaps a stray word.
fn command_line(leaf: &Leaf, fixtures: &Fixtures, picks: &Picks) -> Vec<String> {
    let command = leaf.path.join(" ");
    let mut line = leaf.path.clone();
    let budget = leaf
        .args
        .iter()
        .any(|arg| arg.get_long() == Some("max-nodes"));
    for (arg, pick) in leaf.args.iter().zip(&picks.args) {
        let long = arg.get_long();
        if long == Some("max-nodes") || !(pick.given || arg.is_required_set()) {
            continue;
        }
        if let Some(long) = long {
            line.push(format!("--{long}"));
        }
        if arg.get_action().takes_values() {
            let (good, bad) = values(&command, arg, fixtures);
            let values = if pick.bad || good.is_empty() {
                bad
            } else {
                good
            };
            if takes_many(arg) && !pick.bad {
                line.extend(values.iter().take(1 + pick.count).cloned());
            } else {
                let value = pick.value.map_or(&values[0], |value| value.get(&values));
                line.push(value.clone());
            }
        }
    }
    if budget {
        // The node budget of every command that has one: a few thousand nodes a position.
        line.extend(["--max-nodes".to_string(), "2000".to_string()]);
    }
    if command == "serve" {
        // A server runs until it is stopped, so no line may start one: each also names a
        // backend as an outside program, which serve refuses at start-up, after clap has read
        // the random arguments (tests/integration/serve.rs tests the running server).
        line.extend(["--against".to_string(), "mailbox".to_string()]);
    }
    if let Some((at, ref word)) = picks.stray {
        line.insert(
            leaf.path.len() + at.index(line.len() - leaf.path.len() + 1),
            word.clone(),
        );
    }
    line
}

/// A case's choice for one argument.
#[derive(Debug, Clone)]
struct Pick {
    /// Whether the argument is given (a required one always is).
    given: bool,
    /// Whether its value is one the command must refuse.
    bad: bool,
    /// Which value: the first when `None`.
    value: Option<Index>,
    /// How many more values, for an argument that takes several.
    count: usize,
}

/// A case's choices for one command.
#[derive(Debug, Clone)]
struct Picks {
    args: Vec<Pick>,
    /// A word anywhere after the command's own: an unknown flag, a stray value.
    stray: Option<(Index, String)>,
}

/// A case's picks, and which fixture its standard input reads.
fn picks(args: usize) -> impl Strategy<Value = (Picks, Index)> {
    let pick = (
        any::<bool>(),
        prop::bool::weighted(0.1),
        any::<Index>(),
        0usize..3,
    )
        .prop_map(|(given, bad, value, count)| Pick {
            given,
            bad,
            value: Some(value),
            count,
        });
    (
        prop::collection::vec(pick, args),
        prop::option::weighted(
            0.1,
            (
                any::<Index>(),
                prop::sample::select(vec!["--bogus", "-", "--", "2", "e2e4", "all", "\u{e9}"]),
            ),
        ),
        any::<Index>(),
    )
        .prop_map(|(args, stray, stdin)| {
            let picks = Picks {
                args,
                stray: stray.map(|(at, word)| (at, word.to_string())),
            };
            (picks, stdin)
        })
}

/// Runs the binary on `args` in the scratch folder, with `stdin` as its standard input, and
/// returns its status and standard error. A run that outlives the minute no case needs is
/// killed and fails the test: the budgets above, not this deadline, keep runs short.
fn run_bounded(args: &[String], dir: &Path, stdin: &Path) -> (Option<i32>, String) {
    let mut child = Command::new(support::BOARDLAB)
        .args(args)
        .current_dir(dir)
        // `report` writes beside criterion's results, which these would place outside `dir`.
        .env_remove("CRITERION_HOME")
        .env_remove("CARGO_TARGET_DIR")
        .stdin(std::fs::File::open(stdin).map_or(Stdio::null(), Stdio::from))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardlab starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().ok().flatten().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("boardlab {args:?} ran for over a minute");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let output = child.wait_with_output().expect("boardlab finishes");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Random, half-valid cases per command.
const COMMAND_CASES: u32 = 12;

/// The share of its valid lines ([`valid_lines`]) each command must run to status 0, as a
/// fraction. Without a floor of its own a command could fail every line at some argument check
/// (a broken fixture, say) and the test would check its error lines only.
const VALID_SUCCESS_SHARE: (usize, usize) = (1, 2);

/// The arguments a command's valid lines always give beside its required ones: the command
/// cannot run without one of a group (`search` needs a limit), or reads a default that the
/// scratch folder does not hold (`report` reads criterion's results from `target/criterion`).
const VALID_LINE_BASE: &[(&str, &str)] = &[("search", "depth"), ("report", "criterion")];

/// What a command's valid lines read on standard input: the fixture the command reads there.
fn valid_stdin(command: &str) -> &'static str {
    match command {
        "units run" => "units.epd",
        "units merge" => "results.jsonl",
        _ => "uci.txt",
    }
}

/// The valid lines of a command: its required arguments (and those of [`VALID_LINE_BASE`])
/// alone, then with each optional argument in turn, every value the first one it accepts.
/// Some still fail where an argument needs another (`--html` needs `--out`), but most must run.
fn valid_lines(leaf: &Leaf, fixtures: &Fixtures) -> Vec<Vec<String>> {
    let command = leaf.path.join(" ");
    let in_base = |arg: &clap::Arg| {
        VALID_LINE_BASE
            .iter()
            .any(|&(base, long)| base == command && arg.get_long() == Some(long))
    };
    let with = |given: Option<usize>| Picks {
        args: (0..leaf.args.len())
            .map(|index| Pick {
                given: Some(index) == given || in_base(&leaf.args[index]),
                bad: false,
                value: None,
                count: 0,
            })
            .collect(),
        stray: None,
    };
    let optional = (0..leaf.args.len()).filter(|&index| {
        let arg = &leaf.args[index];
        !arg.is_required_set() && !in_base(arg) && arg.get_long() != Some("max-nodes")
    });
    std::iter::once(None)
        .chain(optional.map(Some))
        .map(|given| command_line(leaf, fixtures, &with(given)))
        .collect()
}

/// Commands no valid line may run, and why.
const NEVER_RUN: &[(&str, &str)] = &[(
    "serve",
    "a server runs until it is stopped, so each line names a backend as an outside program, \
     which serve refuses at start-up",
)];

/// What one command's lines did: the random lines by exit status (0, 1, 2), how many of the
/// valid lines ran and how many of those ran to status 0, and the first valid line that did not,
/// with the first line it wrote on standard error.
#[derive(Debug, Default, Clone)]
struct CommandRuns {
    by_status: [usize; 3],
    valid: usize,
    valid_succeeded: usize,
    valid_failure: Option<String>,
}

/// Runs one command line and checks what a run of any line must do: exit with status 0, 1 or
/// 2, never panic (the binary reports a panic as an internal error), and on status 2 print one
/// line on standard error (followed, with `--verbose`, by what a failing program wrote on its
/// own). Returns the status and standard error.
fn run_checked(
    args: &[String],
    fixtures: &Fixtures,
    stdin: &str,
) -> Result<(i32, String), TestCaseError> {
    let stdin = fixtures.dir.join(stdin);
    let (code, stderr) = run_bounded(args, &fixtures.dir, &stdin);
    let failed = stderr.contains("panicked") || stderr.contains("internal error");
    prop_assert!(!failed, "{:?}: {}", args, stderr);
    let Some(code @ 0..=2) = code else {
        return Err(TestCaseError::fail(format!(
            "{args:?}: status {code:?}, {stderr}"
        )));
    };
    if code == 2 {
        // `--verbose` asks for a failing program's own standard error under the line.
        if !args.iter().any(|arg| arg == "--verbose") {
            prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", args, stderr);
        }
        prop_assert!(stderr.starts_with("error: "), "{:?}: {}", args, stderr);
    }
    Ok((code, stderr))
}

/// Random, half-valid command lines for every command `Cli` defines, and valid ones: every run
/// keeps [`run_checked`]'s rules, and every command runs a share of its valid lines to status
/// 0 ([`VALID_SUCCESS_SHARE`]), counted and reported command by command.
#[test]
fn random_command_lines_for_every_command_never_panic() {
    let seed = seed();
    let mut all = Vec::new();
    let mut cli = Cli::command();
    // Built, clap's definition has every argument's action and number of values settled.
    cli.build();
    leaves(&cli, &[], &mut all);
    assert!(all.len() >= 13, "{} commands", all.len());
    let fixtures = Fixtures::new();
    let stdins = ["uci.txt", "units.epd", "results.jsonl", "junk.txt"];
    let runs: std::sync::Mutex<BTreeMap<String, CommandRuns>> = Default::default();
    let count = |leaf: &Leaf, tally: &dyn Fn(&mut CommandRuns)| {
        if let Ok(mut runs) = runs.lock() {
            tally(runs.entry(leaf.path.join(" ")).or_default());
        }
    };
    for (index, leaf) in all.iter().enumerate() {
        let seed = seed.wrapping_add(index as u64);
        run_seeded(
            COMMAND_CASES,
            seed,
            picks(leaf.args.len()),
            |(picks, stdin)| {
                let args = command_line(leaf, &fixtures, &picks);
                let (code, _) = run_checked(&args, &fixtures, stdin.get::<&str>(&stdins))?;
                count(leaf, &|runs| runs.by_status[code as usize] += 1);
                Ok(())
            },
        );
    }
    // The valid lines run once each, in order: no case of them is random.
    for leaf in &all {
        for args in valid_lines(leaf, &fixtures) {
            let checked = run_checked(&args, &fixtures, valid_stdin(&leaf.path.join(" ")));
            let (code, stderr) = checked.unwrap_or_else(|failure| panic!("{failure}"));
            count(leaf, &|runs| {
                runs.valid += 1;
                runs.valid_succeeded += usize::from(code == 0);
                if code != 0 && runs.valid_failure.is_none() {
                    let said = stderr.lines().next().unwrap_or("");
                    runs.valid_failure = Some(format!("{args:?}: status {code}, {said}"));
                }
            });
        }
    }
    let runs = runs.into_inner().unwrap_or_default();
    let mut problems = Vec::new();
    for leaf in &all {
        let name = leaf.path.join(" ");
        let counts = runs.get(&name).cloned().unwrap_or_default();
        println!(
            "{name}: random lines by status 0, 1, 2: {:?}; valid lines run to status 0: {} of {}{}",
            counts.by_status,
            counts.valid_succeeded,
            counts.valid,
            counts
                .valid_failure
                .as_ref()
                .map_or(String::new(), |line| format!(" (first failing: {line})"))
        );
        let ran = counts.by_status.iter().sum::<usize>();
        let valid = valid_lines(leaf, &fixtures).len();
        if ran < COMMAND_CASES as usize || counts.valid != valid {
            problems.push(format!(
                "{name} ran {ran} of its {COMMAND_CASES} random cases and {} of its {valid} \
                 valid lines",
                counts.valid
            ));
        }
        let (part, whole) = VALID_SUCCESS_SHARE;
        let never_runs = NEVER_RUN.iter().any(|(command, _)| *command == name);
        if never_runs {
            if counts.valid_succeeded > 0 {
                problems.push(format!(
                    "{name} ran {} valid lines to status 0: it is no longer one that cannot run",
                    counts.valid_succeeded
                ));
            }
        } else if counts.valid_succeeded * whole < counts.valid * part {
            problems.push(format!(
                "{name}: only {} of its {} valid lines ran to status 0, below {part} in {whole}",
                counts.valid_succeeded, counts.valid
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Command lines with no command, or none that exists: usage errors, each on one line.
#[test]
fn command_lines_without_a_command_are_one_line_errors() {
    let fixtures = Fixtures::new();
    let stdin = fixtures.dir.join("junk.txt");
    for args in [&[][..], &["frobnicate"], &["--bogus"], &["-"], &["units"]] {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let (code, stderr) = run_bounded(&args, &fixtures.dir, &stdin);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
    for args in [["--help"], ["--version"]] {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        assert_eq!(
            run_bounded(&args, &fixtures.dir, &stdin).0,
            Some(0),
            "{args:?}"
        );
    }
}
