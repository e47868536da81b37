//! Hyatt's argument for pseudo-legal move generation, measured on one array board (the 10x12
//! mailbox) and one bitboard board (magic).
//!
//! Hyatt's rotated-bitmaps paper and Crafty generate *pseudo-legal* moves and find the illegal
//! ones only when the search plays them: a node that is cut off after its first move or two
//! never pays for the legality of the rest. boardlab's backends generate *legal* moves
//! instead, with check and pin information computed once per node. This example runs both ways
//! on the same work and prints how long each takes:
//!
//! - **perft**: the backend's legal generator (bulk counting, and playing every leaf) against a
//!   pseudo-legal generator that plays every move and keeps it when the mover's king is not
//!   attacked afterwards;
//! - **search**: one plain alpha-beta search (fixed depth, material only, captures first),
//!   run with the backend's legal moves, with pseudo-legal moves tested as they are played
//!   (Hyatt's way), and with pseudo-legal moves filtered by make, test and unmake before the
//!   node searches any of them (the textbook "make, test, unmake" way).
//!
//! The pseudo-legal generators are written here from the backends' public interfaces only
//! (`Board::piece_at`, `for_each_piece`, `make`, `is_attacked`; for magic also its piece
//! bitboards and `rook_attacks`/`bishop_attacks`), so the backends themselves are unchanged.
//! Every way must find the same perft counts and search the same tree (the same node count and
//! score), which the example checks before it reports anything.
//!
//! ```sh
//! cargo run --profile test --example pseudo_legal           # every case, median of 5 runs
//! cargo run --profile test --example pseudo_legal -- --runs 9
//! cargo run --profile test --example pseudo_legal -- --case magic-search-pseudo   # one case, once
//! ```
//!
//! `sh docs/pseudo-legal.sh` runs each case once under callgrind and writes the instruction
//! counts the Legality chapter includes. Exit status 0, 1 when two ways disagree, 2 on a bad
//! argument.

use boardlab_core::bitboard::{
    king_attacks, knight_attacks, pawn_attacks, BISHOP_DIRECTIONS, ROOK_DIRECTIONS,
};
use boardlab_core::{
    perft, Bitboard, Board, BoardExt, CastlingSide, Color, GenKind, Move, MoveFlag, MoveList,
    PerftMode, Piece, Role, Square, MAX_MOVES,
};
use boardlab_magic::{bishop_attacks, rook_attacks, MagicBoard};
use boardlab_mailbox::MailboxBoard;
use std::process::ExitCode;
use std::time::Instant;

/// The start position and Kiwipete: one quiet, one full of checks, pins and castling.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The perft work: each position to a depth of a few million leaves.
const PERFT_WORK: [(&str, u32); 2] = [(START, 5), (KIWIPETE, 4)];
/// The search work: each position to a fixed depth.
const SEARCH_WORK: [(&str, u32); 2] = [(START, 6), (KIWIPETE, 5)];

// ---------------------------------------------------------------------------------------------
// Pseudo-legal generators
// ---------------------------------------------------------------------------------------------

/// A pseudo-legal move generator for one board type: every move that follows the pieces' rules
/// of movement, whether or not it leaves the mover's king attacked. Castling is the exception:
/// it is generated only when the king's squares are safe, because a test after the move cannot
/// see the square the king crossed.
trait PseudoLegal: Board {
    fn pseudo_legal(&self, out: &mut MoveList);
}

/// Pushes a pawn's move to `to`, as the four promotions when it reaches the last rank.
fn push_pawn_move(out: &mut MoveList, from: Square, to: Square, capture: bool) {
    let last_rank = to.rank().index() == 0 || to.rank().index() == 7;
    if last_rank {
        for role in Role::PROMOTIONS {
            out.push(Move::new(from, to, MoveFlag::promotion(role, capture)));
        }
    } else if capture {
        out.push(Move::new(from, to, MoveFlag::Capture));
    } else {
        out.push(Move::new(from, to, MoveFlag::Quiet));
    }
}

/// The castling moves of the side to move whose path is empty and whose king squares are not
/// attacked (`is_empty` answers for one square). Standard positions only: the example never
/// sees a Chess960 one.
fn push_castles<B: Board>(board: &B, is_empty: impl Fn(Square) -> bool, out: &mut MoveList) {
    let us = board.side_to_move();
    let them = us.opposite();
    for side in CastlingSide::ALL {
        let Some(path) = board.castling().path(us, side) else {
            continue;
        };
        if path.must_be_empty.into_iter().all(&is_empty)
            && path
                .king_path
                .into_iter()
                .all(|sq| !board.is_attacked(sq, them))
        {
            out.push(Move::new(path.king_from, path.king_to, side.flag()));
        }
    }
}

/// The array board's generator: it visits the pieces through `for_each_piece` (the mailbox
/// walks its piece lists) and looks at squares with `piece_at` (one cell load in the mailbox),
/// stepping along rays with `Square::offset`, which refuses a step off the board.
impl PseudoLegal for MailboxBoard {
    fn pseudo_legal(&self, out: &mut MoveList) {
        let us = self.side_to_move();
        let ep = self.ep_square();
        self.for_each_piece(|from, piece| {
            if piece.color != us {
                return;
            }
            let lands = |to: Square, out: &mut MoveList| match self.piece_at(to) {
                None => out.push(Move::new(from, to, MoveFlag::Quiet)),
                Some(other) if other.color != us => {
                    out.push(Move::new(from, to, MoveFlag::Capture))
                }
                Some(_) => {}
            };
            match piece.role {
                Role::Pawn => {
                    let forward = us.forward();
                    if let Some(one) = from.offset(0, forward) {
                        if self.piece_at(one).is_none() {
                            push_pawn_move(out, from, one, false);
                            let start_rank = if us == Color::White { 1 } else { 6 };
                            if from.rank().index() == start_rank {
                                if let Some(two) = one.offset(0, forward) {
                                    if self.piece_at(two).is_none() {
                                        out.push(Move::new(from, two, MoveFlag::DoublePush));
                                    }
                                }
                            }
                        }
                    }
                    for to in pawn_attacks(us, from) {
                        match self.piece_at(to) {
                            Some(other) if other.color != us => push_pawn_move(out, from, to, true),
                            None if ep == Some(to) => {
                                out.push(Move::new(from, to, MoveFlag::EnPassant))
                            }
                            _ => {}
                        }
                    }
                }
                Role::Knight => knight_attacks(from).for_each(|to| lands(to, out)),
                Role::King => king_attacks(from).for_each(|to| lands(to, out)),
                Role::Bishop | Role::Rook | Role::Queen => {
                    let straight = match piece.role {
                        Role::Bishop => &[][..],
                        _ => &ROOK_DIRECTIONS[..],
                    };
                    let diagonal = match piece.role {
                        Role::Rook => &[][..],
                        _ => &BISHOP_DIRECTIONS[..],
                    };
                    for &(df, dr) in straight.iter().chain(diagonal) {
                        let mut at = from;
                        while let Some(to) = at.offset(df, dr) {
                            match self.piece_at(to) {
                                None => out.push(Move::new(from, to, MoveFlag::Quiet)),
                                Some(other) => {
                                    if other.color != us {
                                        out.push(Move::new(from, to, MoveFlag::Capture));
                                    }
                                    break;
                                }
                            }
                            at = to;
                        }
                    }
                }
            }
        });
        push_castles(self, |sq| self.piece_at(sq).is_none(), out);
    }
}

/// The bitboard board's generator: the same tables the magic backend's own legal generator
/// reads (core's leaper tables, the magic slider lookups), with no check or pin masks.
impl PseudoLegal for MagicBoard {
    fn pseudo_legal(&self, out: &mut MoveList) {
        let us = self.side_to_move();
        let ours = self.by_color(us);
        let theirs = self.by_color(us.opposite());
        let occupied = self.occupied();
        let targets_of = |role: Role, from: Square| match role {
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => rook_attacks(from, occupied) | bishop_attacks(from, occupied),
            _ => king_attacks(from),
        };
        for role in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            for from in self.pieces(us, role) {
                let targets = targets_of(role, from) & !ours;
                for to in targets & theirs {
                    out.push(Move::new(from, to, MoveFlag::Capture));
                }
                for to in targets & !theirs {
                    out.push(Move::new(from, to, MoveFlag::Quiet));
                }
            }
        }
        let ep = self
            .ep_square()
            .map_or(Bitboard::EMPTY, Bitboard::from_square);
        let start_rank = Bitboard::rank(if us == Color::White { 1 } else { 6 });
        for from in self.pieces(us, Role::Pawn) {
            let one = Bitboard::from_square(from).forward(us) & !occupied;
            for to in one {
                push_pawn_move(out, from, to, false);
            }
            if (Bitboard::from_square(from) & start_rank) != Bitboard::EMPTY {
                for to in one.forward(us) & !occupied {
                    out.push(Move::new(from, to, MoveFlag::DoublePush));
                }
            }
            let attacks = pawn_attacks(us, from);
            for to in attacks & theirs {
                push_pawn_move(out, from, to, true);
            }
            for to in attacks & ep {
                out.push(Move::new(from, to, MoveFlag::EnPassant));
            }
        }
        push_castles(self, |sq| !occupied.contains(sq), out);
    }
}

/// Whether the move just made left the mover's king attacked: the one legality test of
/// pseudo-legal generation, asked after `make` (so the side to move is now the opponent).
#[inline]
fn left_king_attacked<B: Board>(board: &B) -> bool {
    let mover = board.side_to_move().opposite();
    board.is_attacked(board.king_square(mover), board.side_to_move())
}

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

/// Perft over pseudo-legal moves: every move is played, and counted (or searched below) only
/// when it did not leave the king attacked. There is no bulk counting, since a move's legality
/// is known only once it is played.
fn perft_pseudo<B: PseudoLegal>(board: &mut B, depth: u32) -> u64 {
    let mut moves = MoveList::new();
    board.pseudo_legal(&mut moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        let undo = board.make(mv);
        if !left_king_attacked(board) {
            nodes += if depth == 1 {
                1
            } else {
                perft_pseudo(board, depth - 1)
            };
        }
        board.unmake(mv, undo);
    }
    nodes
}

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

/// How the search gets to legal moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Legality {
    /// The backend's legal generator.
    Legal,
    /// Pseudo-legal moves, each tested after it is played; a cut-off spares the rest.
    TestAtMake,
    /// Pseudo-legal moves, all tested by make, test and unmake before the first is searched.
    Filter,
}

const MATE: i32 = 100_000;

/// Material values in centipawns, by `Role::index`.
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Material from the side to move's point of view.
fn evaluate<B: Board>(board: &B) -> i32 {
    let us = board.side_to_move();
    let mut score = 0;
    board.for_each_piece(|_, piece: Piece| {
        let value = VALUE[piece.role.index()];
        score += if piece.color == us { value } else { -value };
    });
    score
}

/// The order key of a move: captures by most valuable victim, then least valuable attacker,
/// and promotions, before quiet moves; ties broken by the move's bits, so the legal moves keep
/// the same order whatever else the list holds and every way searches the same tree.
fn order_key<B: Board>(board: &B, mv: Move) -> u32 {
    let mut score = 0;
    if mv.is_capture() {
        let victim = board.piece_at(mv.to()).map_or(0, |p| VALUE[p.role.index()]);
        let attacker = board
            .piece_at(mv.from())
            .map_or(0, |p| VALUE[p.role.index()]);
        score += 10_000 + 10 * victim - attacker / 10;
    }
    if let Some(role) = mv.promotion() {
        score += 5_000 + VALUE[role.index()];
    }
    ((score as u32) << 16) | u32::from(!mv.bits())
}

/// Counts what a search visited, so the ways can be compared node for node.
#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
struct Visited {
    nodes: u64,
}

/// Fail-hard alpha-beta to a fixed depth, with the moves picked one at a time in key order.
fn alpha_beta<B: PseudoLegal>(
    board: &mut B,
    depth: u32,
    ply: i32,
    mut alpha: i32,
    beta: i32,
    way: Legality,
    visited: &mut Visited,
) -> i32 {
    visited.nodes += 1;
    if depth == 0 {
        return evaluate(board);
    }
    let mut moves = MoveList::new();
    match way {
        Legality::Legal => board.generate(GenKind::All, &mut moves),
        Legality::TestAtMake => board.pseudo_legal(&mut moves),
        Legality::Filter => {
            board.pseudo_legal(&mut moves);
            moves.retain(|mv| {
                let undo = board.make(mv);
                let legal = !left_king_attacked(board);
                board.unmake(mv, undo);
                legal
            });
        }
    }
    let mut keys = [(0u32, Move::new(Square::A1, Square::A1, MoveFlag::Quiet)); MAX_MOVES];
    let count = moves.len();
    for (slot, &mv) in keys.iter_mut().zip(moves.iter()) {
        *slot = (order_key(board, mv), mv);
    }
    let mut searched = 0;
    for next in 0..count {
        // Selection: the best remaining move, found only when it is needed.
        let best = (next..count).max_by_key(|&i| keys[i].0).unwrap_or(next);
        keys.swap(next, best);
        let mv = keys[next].1;
        let undo = board.make(mv);
        if way == Legality::TestAtMake && left_king_attacked(board) {
            board.unmake(mv, undo);
            continue;
        }
        searched += 1;
        let score = -alpha_beta(board, depth - 1, ply + 1, -beta, -alpha, way, visited);
        board.unmake(mv, undo);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    if searched == 0 {
        return if board.in_check() { -MATE + ply } else { 0 };
    }
    alpha
}

// ---------------------------------------------------------------------------------------------
// The cases
// ---------------------------------------------------------------------------------------------

/// What one case computes: perft counts or search results, for the agreement checks.
type Answer = Vec<(u64, i32)>;

/// One measured case: a backend, a task and a way to legal moves.
struct Case {
    name: &'static str,
    run: fn() -> Answer,
}

fn perft_legal<B: Board>(mode: PerftMode) -> Answer {
    PERFT_WORK
        .iter()
        .map(|&(fen, depth)| {
            let mut board = B::from_fen(fen).expect("a valid FEN");
            (perft(&mut board, depth, mode), 0)
        })
        .collect()
}

fn perft_pseudo_work<B: PseudoLegal>() -> Answer {
    PERFT_WORK
        .iter()
        .map(|&(fen, depth)| {
            let mut board = B::from_fen(fen).expect("a valid FEN");
            (perft_pseudo(&mut board, depth), 0)
        })
        .collect()
}

fn search_work<B: PseudoLegal>(way: Legality) -> Answer {
    SEARCH_WORK
        .iter()
        .map(|&(fen, depth)| {
            let mut board = B::from_fen(fen).expect("a valid FEN");
            let mut visited = Visited::default();
            let score = alpha_beta(&mut board, depth, 0, -MATE, MATE, way, &mut visited);
            (visited.nodes, score)
        })
        .collect()
}

/// Builds the boards and the magic tables and nothing else: the part of every run that is not
/// the case's work, which the callgrind script subtracts.
fn setup() -> Answer {
    let mailbox = MailboxBoard::from_fen(START).expect("a valid FEN");
    let magic = MagicBoard::from_fen(START).expect("a valid FEN");
    let attacks = rook_attacks(Square::A1, magic.occupied());
    vec![(
        u64::from(mailbox.count_legal() + attacks.count() as u64 > 0),
        0,
    )]
}

const CASES: &[Case] = &[
    Case {
        name: "setup",
        run: setup,
    },
    Case {
        name: "mailbox-perft-legal-bulk",
        run: || perft_legal::<MailboxBoard>(PerftMode::Bulk),
    },
    Case {
        name: "mailbox-perft-legal-make",
        run: || perft_legal::<MailboxBoard>(PerftMode::FullMake),
    },
    Case {
        name: "mailbox-perft-pseudo",
        run: perft_pseudo_work::<MailboxBoard>,
    },
    Case {
        name: "mailbox-search-legal",
        run: || search_work::<MailboxBoard>(Legality::Legal),
    },
    Case {
        name: "mailbox-search-pseudo",
        run: || search_work::<MailboxBoard>(Legality::TestAtMake),
    },
    Case {
        name: "mailbox-search-filter",
        run: || search_work::<MailboxBoard>(Legality::Filter),
    },
    Case {
        name: "magic-perft-legal-bulk",
        run: || perft_legal::<MagicBoard>(PerftMode::Bulk),
    },
    Case {
        name: "magic-perft-legal-make",
        run: || perft_legal::<MagicBoard>(PerftMode::FullMake),
    },
    Case {
        name: "magic-perft-pseudo",
        run: perft_pseudo_work::<MagicBoard>,
    },
    Case {
        name: "magic-search-legal",
        run: || search_work::<MagicBoard>(Legality::Legal),
    },
    Case {
        name: "magic-search-pseudo",
        run: || search_work::<MagicBoard>(Legality::TestAtMake),
    },
    Case {
        name: "magic-search-filter",
        run: || search_work::<MagicBoard>(Legality::Filter),
    },
];

/// The groups of cases that must give the same answer.
fn agreement_groups() -> [(&'static str, &'static [&'static str]); 2] {
    [
        (
            "perft",
            &[
                "mailbox-perft-legal-bulk",
                "mailbox-perft-legal-make",
                "mailbox-perft-pseudo",
                "magic-perft-legal-bulk",
                "magic-perft-legal-make",
                "magic-perft-pseudo",
            ],
        ),
        (
            "search",
            &[
                "mailbox-search-legal",
                "mailbox-search-pseudo",
                "mailbox-search-filter",
                "magic-search-legal",
                "magic-search-pseudo",
                "magic-search-filter",
            ],
        ),
    ]
}

fn case_named(name: &str) -> Option<&'static Case> {
    CASES.iter().find(|case| case.name == name)
}

/// The median of a list of times, in milliseconds.
fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times.get(times.len() / 2).copied().unwrap_or(0.0)
}

fn usage(why: &str) -> ExitCode {
    let names: Vec<&str> = CASES.iter().map(|case| case.name).collect();
    eprintln!(
        "error: {why}; usage: pseudo_legal [--runs N] [--case NAME], NAME one of {}",
        names.join(", ")
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = 5usize;
    let mut only = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match (arg.as_str(), rest.next()) {
            ("--runs", Some(n)) => match n.parse() {
                Ok(n) if n > 0 => runs = n,
                _ => return usage(&format!("--runs takes a positive number, not {n:?}")),
            },
            ("--case", Some(name)) => match case_named(name) {
                Some(case) => only = Some(case),
                None => return usage(&format!("no case named {name:?}")),
            },
            (other, _) => return usage(&format!("unexpected argument {other:?}")),
        }
    }
    if let Some(case) = only {
        let answer = (case.run)();
        println!("{}: {answer:?}", case.name);
        return ExitCode::SUCCESS;
    }

    // Every case once, to check the ways agree before any time is reported.
    let answers: Vec<(&str, Answer)> = CASES.iter().map(|c| (c.name, (c.run)())).collect();
    let answer_of = |name: &str| answers.iter().find(|(n, _)| *n == name).map(|(_, a)| a);
    for (task, names) in agreement_groups() {
        let first = answer_of(names[0]);
        for name in names {
            if answer_of(name) != first {
                eprintln!(
                    "{task}: {name} gives {:?}, {} gives {first:?}",
                    answer_of(name),
                    names[0]
                );
                return ExitCode::from(1);
            }
        }
    }

    // Then the runs, the cases taken in turn so that a change in the machine's load falls on
    // all of them alike.
    let mut times = vec![Vec::new(); CASES.len()];
    for _ in 0..runs {
        for (case, spent) in CASES.iter().zip(times.iter_mut()) {
            let started = Instant::now();
            std::hint::black_box((case.run)());
            spent.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    println!(
        "perft: {}; search: {}",
        describe_work(&PERFT_WORK),
        describe_work(&SEARCH_WORK)
    );
    println!("{:<26} {:>12} {:>12}", "case", "nodes", "median ms");
    for ((case, spent), (_, answer)) in CASES.iter().zip(times).zip(&answers) {
        let nodes: u64 = answer.iter().map(|&(n, _)| n).sum();
        println!("{:<26} {:>12} {:>12.1}", case.name, nodes, median(spent));
    }
    ExitCode::SUCCESS
}

fn describe_work(work: &[(&str, u32)]) -> String {
    let parts: Vec<String> = work
        .iter()
        .map(|&(fen, depth)| {
            let name = if fen == START { "start" } else { "kiwipete" };
            format!("{name} depth {depth}")
        })
        .collect();
    parts.join(", ")
}
