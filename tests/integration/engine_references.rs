//! Every backend's engine queries against answers computed outside boardlab, by python-chess
//! (`tests/support/engine_reference.py`):
//!
//! - `attacks_from` of every square, and `mobility` and `attacked_squares` of both sides,
//!   against python-chess's `Board.attacks`;
//! - `see` of every legal move against a swap-off the script plays out on copies of the board
//!   with python-chess's `attackers`, following the rules `queries::see` documents but written
//!   apart from it.
//!
//! The positions are random valid ones (a fixed seed), and a few chosen for their exchanges;
//! the counts of what was compared, and of the kinds of exchange met (x-rays, en passant,
//! promotions, a pawn recapturing onto its last rank, the king recapturing or refused), are
//! asserted. All positions go to one python process. Two more tests plant a wrong answer, once
//! on the script's side and once on a backend's, and assert the comparison reports it.
//! python-chess is required under `CI=true` (see tests/support).

use crate::support;
use boardlab_engine::{queries, EngineQueries};

use boardlab_backends::{with_backend, Backend};
use boardlab_core::{Bitboard, Board, BoardExt, Color, Square, START_FEN};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit::positions::random_position;
use boardlab_testkit::WALK_POSITIONS;
use rand::SeedableRng;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;
use std::sync::OnceLock;

/// How many random positions are compared, besides the start position and [`EXCHANGES`].
const RANDOM_POSITIONS: usize = 400;

/// The seed the random positions are drawn with.
const SEED: u64 = 0x5ee_7e57;

/// Positions chosen for one rule of the exchange each.
const EXCHANGES: [&str; 8] = [
    // A battery on each side: the queens and rooks behind the pawns join in (x-rays).
    "3rk3/3q4/8/3p4/4P3/8/3Q4/3RK3 w - - 0 1",
    // Bishop behind queen behind pawn on one diagonal, against a knight and a rook.
    "4k3/8/2r5/3n4/4P3/5Q2/6B1/4K3 w - - 0 1",
    // En passant, recaptured by the bishop.
    "4k3/4b3/8/3pP3/8/8/8/4K3 w - d6 0 1",
    // The rook takes on c1 and the b2 pawn recaptures, promoting to a queen.
    "4k3/2R5/8/8/8/8/1p6/2n1K3 w - - 0 1",
    // Promotions, capturing and not, into the rook's reach.
    "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    // The king recaptures the rook on d7.
    "4k3/3r4/8/8/8/8/8/3RK3 w - - 0 1",
    // The king may not recapture: the bishop on b5 still attacks d7.
    "4k3/3r4/8/1B6/8/8/8/3RK3 w - - 0 1",
    // Castling, which scores 0, beside captures on both wings.
    "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
];

/// python-chess's answers for one position, as the script prints them.
#[derive(Debug, Clone)]
struct Reference {
    attacks: Vec<u64>,
    mobility: [u32; 2],
    attacked: [u32; 2],
    see: BTreeMap<String, i32>,
    /// The kinds of capture each move's exchange met (see the script), for the moves that met
    /// any.
    kinds: BTreeMap<String, Vec<String>>,
    lifted: Vec<u64>,
    pawns: [[u32; 3]; 2],
}

/// One backend's answers for one position, in the same shape.
#[derive(Debug, Clone, PartialEq)]
struct Answers {
    attacks: Vec<u64>,
    mobility: [u32; 2],
    attacked: [u32; 2],
    see: BTreeMap<String, i32>,
    /// Each side's attackers of each square with the pieces of each of [`LIFTS`] lifted, in
    /// the script's order (lift, square, side).
    lifted: Vec<u64>,
    /// Each side's doubled, isolated and passed pawns.
    pawns: [[u32; 3]; 2],
}

/// The pieces lifted for the attackers query, as the script lifts them: the occupied squares
/// of ranks 1, 3, 5 and 7, then of files a, c, e and g.
const LIFTS: [u64; 2] = [0x00FF_00FF_00FF_00FF, 0x5555_5555_5555_5555];

/// Which query an answer belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Query {
    AttacksFrom,
    Mobility,
    Attacked,
    /// The legal moves themselves, which the SEE answers are keyed by.
    Moves,
    See,
    LiftedAttackers,
    Pawns,
}

/// One answer that differs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Difference {
    query: Query,
    what: String,
}

const COLORS: [Color; 2] = [Color::White, Color::Black];

/// The start position, [`EXCHANGES`] and the random positions, as FENs.
fn positions() -> Vec<String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(SEED);
    let mut fens = vec![START_FEN.to_string()];
    fens.extend(EXCHANGES.iter().map(|fen| fen.to_string()));
    for _ in 0..RANDOM_POSITIONS {
        fens.push(random_position::<ReferenceBoard>(&mut rng, WALK_POSITIONS).to_fen());
    }
    fens
}

/// The script's answers for `fens`, in order, from one python process; `plant` is passed as
/// its PLANT variable (empty: no planted error).
fn python_chess_answers(fens: &[String], plant: &str) -> Vec<Reference> {
    let mut command = Command::new("python3");
    command
        .arg(support::support_file("engine_reference.py"))
        .env("PLANT", plant);
    let output = support::feed_within(command, fens.join("\n") + "\n", support::RUN_PATIENCE);
    assert!(
        output.status.success(),
        "engine_reference.py failed: {}",
        support::stderr(&output)
    );
    let references: Vec<Reference> = String::from_utf8(output.stdout)
        .expect("the script writes UTF-8")
        .lines()
        .map(|line| {
            let value: Value =
                serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {line}"));
            parse_reference(&value)
        })
        .collect();
    assert_eq!(references.len(), fens.len(), "one answer per position");
    references
}

fn parse_reference(value: &Value) -> Reference {
    let numbers = |key: &str| -> Vec<u64> {
        value[key]
            .as_array()
            .unwrap_or_else(|| panic!("no {key} in {value}"))
            .iter()
            .map(|n| n.as_u64().expect("a count"))
            .collect()
    };
    let pair = |key: &str| -> [u32; 2] {
        match numbers(key)[..] {
            [white, black] => [white as u32, black as u32],
            _ => panic!("{key} is not a pair in {value}"),
        }
    };
    let attacks = numbers("attacks");
    assert_eq!(attacks.len(), 64, "attacks of 64 squares");
    let see = value["see"]
        .as_object()
        .expect("a see object")
        .iter()
        .map(|(mv, see)| (mv.clone(), see.as_i64().expect("a value") as i32))
        .collect();
    let kinds = value["kinds"]
        .as_object()
        .expect("a kinds object")
        .iter()
        .map(|(mv, kinds)| {
            let kinds = kinds.as_array().expect("a list of kinds");
            let names = kinds.iter().map(|k| k.as_str().unwrap().to_string());
            (mv.clone(), names.collect())
        })
        .collect();
    let lifted = numbers("lifted");
    assert_eq!(lifted.len(), LIFTS.len() * 64 * 2, "{value}");
    let pawns = value["pawns"]
        .as_array()
        .expect("a pawns list")
        .iter()
        .map(|side| {
            let counts: Vec<u32> = side
                .as_array()
                .expect("doubled, isolated, passed")
                .iter()
                .map(|n| n.as_u64().expect("a count") as u32)
                .collect();
            <[u32; 3]>::try_from(counts).expect("three counts")
        })
        .collect::<Vec<_>>();
    Reference {
        attacks,
        mobility: pair("mobility"),
        attacked: pair("attacked"),
        see,
        kinds,
        lifted,
        pawns: <[[u32; 3]; 2]>::try_from(pawns).expect("two sides"),
    }
}

/// The answers of [`positions`], computed once for the tests that compare with them; `None`
/// when python-chess is missing (and the tests skip, outside CI).
fn reference() -> Option<&'static (Vec<String>, Vec<Reference>)> {
    static REFERENCE: OnceLock<Option<(Vec<String>, Vec<Reference>)>> = OnceLock::new();
    REFERENCE
        .get_or_init(|| {
            if !support::python_chess() {
                return None;
            }
            let fens = positions();
            let references = python_chess_answers(&fens, "");
            Some((fens, references))
        })
        .as_ref()
}

/// Board `B`'s answers for `fen`, the moves written as UCI.
fn answers_of<B: EngineQueries>(fen: &str) -> Answers {
    let board = B::from_fen(fen).unwrap_or_else(|err| panic!("{}: {fen}: {err}", B::NAME));
    Answers {
        attacks: Square::ALL
            .iter()
            .map(|&sq| board.attacks_from(sq).0)
            .collect(),
        mobility: COLORS.map(|color| board.mobility(color)),
        attacked: COLORS.map(|color| board.attacked_squares(color)),
        see: board
            .legal_moves()
            .iter()
            .map(|&mv| (board.move_text(mv, false), board.see(mv)))
            .collect(),
        lifted: LIFTS
            .iter()
            .flat_map(|&mask| {
                let lifted = Bitboard(mask) & queries::occupancy(&board);
                let board = &board;
                Square::ALL
                    .into_iter()
                    .flat_map(move |sq| COLORS.map(|color| board.attackers_to(sq, color, lifted).0))
            })
            .collect(),
        pawns: COLORS.map(|color| {
            let pawns = board.pawn_structure(color);
            [pawns.doubled, pawns.isolated, pawns.passed]
        }),
    }
}

/// Every answer of `ours` that is not the reference's.
fn differences(ours: &Answers, reference: &Reference) -> Vec<Difference> {
    let mut found = Vec::new();
    let mut differ = |query: Query, what: String| found.push(Difference { query, what });
    for (sq, (&mine, &theirs)) in Square::ALL
        .iter()
        .zip(ours.attacks.iter().zip(&reference.attacks))
    {
        if mine != theirs {
            differ(
                Query::AttacksFrom,
                format!("attacks from {sq}: {mine:#x}, python-chess {theirs:#x}"),
            );
        }
    }
    for (index, color) in COLORS.iter().enumerate() {
        let (mine, theirs) = (ours.mobility[index], reference.mobility[index]);
        if mine != theirs {
            differ(
                Query::Mobility,
                format!("{color:?}'s mobility {mine}, python-chess {theirs}"),
            );
        }
        let (mine, theirs) = (ours.attacked[index], reference.attacked[index]);
        if mine != theirs {
            differ(
                Query::Attacked,
                format!("{color:?} attacks {mine} squares, python-chess {theirs}"),
            );
        }
    }
    let mine: BTreeSet<&String> = ours.see.keys().collect();
    let theirs: BTreeSet<&String> = reference.see.keys().collect();
    if mine != theirs {
        differ(
            Query::Moves,
            format!(
                "legal moves only here {:?}, only in python-chess {:?}",
                mine.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(&mine).collect::<Vec<_>>()
            ),
        );
    }
    for (index, (&mine, &theirs)) in ours.lifted.iter().zip(&reference.lifted).enumerate() {
        if mine != theirs {
            let (lift, sq, color) = (index / 128, Square::ALL[index / 2 % 64], COLORS[index % 2]);
            differ(
                Query::LiftedAttackers,
                format!(
                    "{color:?}'s attackers to {sq} with {:#x} lifted: {mine:#x}, python-chess \
                     {theirs:#x}",
                    LIFTS[lift]
                ),
            );
        }
    }
    for (index, color) in COLORS.iter().enumerate() {
        let (mine, theirs) = (ours.pawns[index], reference.pawns[index]);
        if mine != theirs {
            differ(
                Query::Pawns,
                format!(
                    "{color:?}'s doubled, isolated, passed pawns {mine:?}, python-chess {theirs:?}"
                ),
            );
        }
    }
    for (mv, &value) in &ours.see {
        if let Some(&expected) = reference.see.get(mv) {
            if value != expected {
                differ(
                    Query::See,
                    format!("SEE of {mv} is {value}, the swap-off gives {expected}"),
                );
            }
        }
    }
    found
}

/// The backends this processor can run (the registry's, less `pext` without BMI2).
fn runnable_backends() -> Vec<Backend> {
    let backends: Vec<Backend> = Backend::ALL
        .iter()
        .copied()
        .filter(|backend| backend.available().is_ok())
        .collect();
    assert!(!backends.is_empty(), "no backend to test");
    backends
}

/// Runs every runnable backend on every position and hands its answers, with the reference's,
/// to `check`; returns the backends' names as each board calls itself, in order.
fn for_each_backend(
    fens: &[String],
    references: &[Reference],
    mut check: impl FnMut(Backend, &str, &Answers, &Reference),
) -> Vec<&'static str> {
    let mut tested = Vec::new();
    for backend in runnable_backends() {
        let name = with_backend!(backend, B => {
            // The board the registry dispatched to is the one its name stands for.
            assert_eq!(
                Some((B::board_bytes(), B::table_bytes())),
                crate::support::board_identity(backend.name()),
                "the board behind {backend}"
            );
            for (fen, reference) in fens.iter().zip(references) {
                check(backend, fen, &answers_of::<B>(fen), reference);
            }
            B::NAME
        });
        tested.push(name);
    }
    let registry: Vec<&str> = runnable_backends().iter().map(|b| b.name()).collect();
    assert_eq!(tested, registry, "every runnable backend was tested");
    tested
}

/// Asserts that none of `differences` is about `queries`, naming those that are.
fn assert_agree(backend: Backend, fen: &str, differences: &[Difference], queries: &[Query]) {
    let wrong: Vec<&str> = differences
        .iter()
        .filter(|d| queries.contains(&d.query))
        .map(|d| d.what.as_str())
        .collect();
    assert!(wrong.is_empty(), "{backend} on {fen}: {}", wrong.join("; "));
}

#[test]
fn every_backend_attacks_as_python_chess_does() {
    let Some((fens, references)) = reference() else {
        return;
    };
    // The script reads the start position as it is: each side's two knights have two squares
    // each, and 22 squares are attacked.
    assert_eq!(fens[0], START_FEN);
    assert_eq!(references[0].mobility, [4, 4]);
    assert_eq!(references[0].attacked, [22, 22]);
    let mut squares = 0;
    let mut counts = 0;
    let mut positions = 0;
    let tested = for_each_backend(fens, references, |backend, fen, ours, reference| {
        let found = differences(ours, reference);
        let queries = [Query::AttacksFrom, Query::Mobility, Query::Attacked];
        assert_agree(backend, fen, &found, &queries);
        positions += 1;
        squares += ours.attacks.len();
        counts += ours.mobility.len() + ours.attacked.len();
    });
    let expected_positions = tested.len() * (1 + EXCHANGES.len() + RANDOM_POSITIONS);
    assert_eq!(positions, expected_positions);
    assert_eq!(squares, 64 * expected_positions);
    assert_eq!(counts, 4 * expected_positions);
    println!(
        "{} backends ({}): {positions} positions, {squares} attack sets, {counts} counts",
        tested.len(),
        tested.join(", ")
    );
}

#[test]
fn every_backend_lifts_pieces_and_counts_pawns_as_python_chess_does() {
    let Some((fens, references)) = reference() else {
        return;
    };
    // Hand-worked: White's pawns a3, a4 and c5 are one doubled and three isolated, none
    // passed (a7, b7 and d7 stand ahead); Black's d7 alone is isolated, none passed.
    let worked = "4k3/pp1p4/8/2P5/P7/P7/8/4K3 w - - 0 1";
    let hand = python_chess_answers(&[worked.to_string()], "");
    assert_eq!(hand[0].pawns, [[1, 3, 0], [0, 1, 0]]);
    // What the positions hold, so that the comparison cannot pass on boards with nothing
    // to lift or no pawns to count: attacker sets that lifting changed (python-chess's
    // against the reference board's with nothing lifted), and each pawn term met.
    let mut changed_by_lifting = 0;
    let mut terms = [0; 3];
    for (fen, reference) in fens.iter().zip(references) {
        let board = ReferenceBoard::from_fen(fen).expect("the positions are valid");
        for (index, &set) in reference.lifted.iter().enumerate() {
            let (sq, color) = (Square::ALL[index / 2 % 64], COLORS[index % 2]);
            changed_by_lifting +=
                usize::from(board.attackers_to(sq, color, Bitboard::EMPTY).0 != set);
        }
        for side in reference.pawns {
            for (term, count) in side.iter().enumerate() {
                terms[term] += usize::from(*count > 0);
            }
        }
    }
    assert!(changed_by_lifting > 1000, "{changed_by_lifting}");
    assert!(
        terms.iter().all(|&met| met > 10),
        "doubled, isolated, passed met: {terms:?}"
    );
    let mut compared = 0;
    let tested = for_each_backend(fens, references, |backend, fen, ours, reference| {
        let found = differences(ours, reference);
        assert_agree(
            backend,
            fen,
            &found,
            &[Query::LiftedAttackers, Query::Pawns],
        );
        compared += ours.lifted.len() + ours.pawns.len();
    });
    let expected_positions = tested.len() * (1 + EXCHANGES.len() + RANDOM_POSITIONS);
    assert_eq!(compared, expected_positions * (LIFTS.len() * 64 * 2 + 2));
    println!(
        "{} backends: {compared} lifted attacker sets and pawn structures; pawn terms met \
         {terms:?}",
        tested.len()
    );
}

/// How many legal moves of each kind the SEE comparison met.
#[derive(Debug, Default)]
struct ExchangeKinds {
    moves: usize,
    captures: usize,
    quiet: usize,
    castling: usize,
    en_passant: usize,
    promotions: usize,
    /// Kinds the script's swap-off met ("x-ray", "recapture-promotion", …), by name.
    met: BTreeMap<String, usize>,
}

impl ExchangeKinds {
    /// Counts the moves of `fen` (as the reference board reads them) with the kinds the
    /// script found in their exchanges.
    fn add(&mut self, fen: &str, reference: &Reference) {
        let board = ReferenceBoard::from_fen(fen).expect("the positions are valid");
        for &mv in board.legal_moves().iter() {
            let text = board.move_text(mv, false);
            self.moves += 1;
            if mv.is_castle() {
                self.castling += 1;
            } else if mv.is_en_passant() {
                self.en_passant += 1;
            } else if board.piece_at(mv.to()).is_some() {
                self.captures += 1;
            } else {
                self.quiet += 1;
            }
            if mv.promotion().is_some() {
                self.promotions += 1;
            }
            for kind in reference.kinds.get(&text).into_iter().flatten() {
                *self.met.entry(kind.clone()).or_default() += 1;
            }
        }
    }
}

#[test]
fn every_backend_gives_the_see_of_an_independent_swap_off() {
    let Some((fens, references)) = reference() else {
        return;
    };
    let mut kinds = ExchangeKinds::default();
    for (fen, reference) in fens.iter().zip(references) {
        kinds.add(fen, reference);
    }
    let mut compared = 0;
    let tested = for_each_backend(fens, references, |backend, fen, ours, reference| {
        let found = differences(ours, reference);
        assert_agree(backend, fen, &found, &[Query::Moves, Query::See]);
        compared += ours.see.len();
    });
    assert_eq!(compared, tested.len() * kinds.moves);
    println!(
        "{} backends, {compared} SEE values; per backend {kinds:?}",
        tested.len()
    );
    for (what, count) in [
        ("captures", kinds.captures),
        ("quiet moves", kinds.quiet),
        ("castling moves", kinds.castling),
        ("en-passant captures", kinds.en_passant),
        ("promotions", kinds.promotions),
    ] {
        assert!(count > 0, "no {what} among {} moves", kinds.moves);
    }
    for kind in [
        "x-ray",
        "recapture-promotion",
        "king-recaptures",
        "king-refused",
    ] {
        let count = kinds.met.get(kind).copied().unwrap_or(0);
        assert!(count > 0, "no exchange met {kind}: {kinds:?}");
    }
}

/// The positions the planted-error tests use: the first few of [`positions`].
fn planted_positions() -> Vec<String> {
    positions().into_iter().take(6).collect()
}

#[test]
fn the_comparison_reports_a_planted_python_chess_answer() {
    if !support::python_chess() {
        return;
    }
    let fens = planted_positions();
    let board = Backend::DEFAULT;
    let ours: Vec<Answers> =
        with_backend!(board, B => fens.iter().map(|fen| answers_of::<B>(fen)).collect());
    // Without a plant, nothing differs: what follows is the plant's doing.
    let honest = python_chess_answers(&fens, "");
    for (mine, theirs) in ours.iter().zip(&honest) {
        assert_eq!(differences(mine, theirs), Vec::new());
    }
    for (plant, query) in [
        ("attacks", Query::AttacksFrom),
        ("mobility", Query::Mobility),
        ("attacked", Query::Attacked),
        ("see", Query::See),
        ("lifted", Query::LiftedAttackers),
        ("pawns", Query::Pawns),
    ] {
        let planted = python_chess_answers(&fens, plant);
        let found: Vec<(usize, Difference)> = ours
            .iter()
            .zip(&planted)
            .enumerate()
            .flat_map(|(index, (mine, theirs))| {
                differences(mine, theirs)
                    .into_iter()
                    .map(move |difference| (index, difference))
            })
            .collect();
        assert_eq!(found.len(), 1, "PLANT={plant}: {found:?}");
        assert_eq!(found[0].0, 0, "PLANT={plant} spoils the first position");
        assert_eq!(found[0].1.query, query, "PLANT={plant}: {found:?}");
    }
}

/// A wrong answer planted in a backend's answers.
type Plant = fn(&mut Answers);

#[test]
fn the_comparison_reports_a_planted_backend_answer() {
    let fen = EXCHANGES[0];
    let truth = with_backend!(Backend::DEFAULT, B => answers_of::<B>(fen));
    let reference = Reference {
        attacks: truth.attacks.clone(),
        mobility: truth.mobility,
        attacked: truth.attacked,
        see: truth.see.clone(),
        kinds: BTreeMap::new(),
        lifted: truth.lifted.clone(),
        pawns: truth.pawns,
    };
    assert_eq!(differences(&truth, &reference), Vec::new());
    let capture = "e4d5".to_string();
    assert!(truth.see.contains_key(&capture), "{fen} has {capture}");
    let plants: [(Query, Plant); 7] = [
        (Query::AttacksFrom, |a| {
            a.attacks[Square::D1.index()] ^= 1 << 63
        }),
        (Query::Mobility, |a| a.mobility[1] += 1),
        (Query::Attacked, |a| a.attacked[0] -= 1),
        (Query::See, |a| *a.see.get_mut("e4d5").unwrap() += 1),
        (Query::Moves, |a| {
            a.see.remove("e4d5");
        }),
        (Query::LiftedAttackers, |a| a.lifted[77] ^= 1),
        (Query::Pawns, |a| a.pawns[1][2] += 1),
    ];
    for (query, plant) in plants {
        let mut wrong = truth.clone();
        plant(&mut wrong);
        let found = differences(&wrong, &reference);
        assert_eq!(found.len(), 1, "{query:?}: {found:?}");
        assert_eq!(found[0].query, query, "{found:?}");
    }
}
