//! Walks: every node of a tree checked against the reference board and `Setup`.
//!
//! A walk is given a depth and a node budget. It first counts the tree to that depth, and if
//! the tree has more nodes than the budget, it fails, naming the position, the depth and the
//! budget: a walk never stops short in silence. The tables below give each walk position the
//! depth it is walked to, chosen so that every tree fits the kit's budget
//! ([`WALK_NODES`](crate::conformance::WALK_NODES)), and the size of that tree, which the walk
//! checks too.

use boardlab_core::{
    perft, Board, BoardExt, Color, GenKind, Move, MoveList, PerftMode, Setup, Square, Zobrist,
};
use boardlab_reference::ReferenceBoard;
use std::fmt;

/// A walk of the kit: a position, the depth its whole tree is walked to, and the nodes of that
/// tree (the root included: 1 + perft 1 + … + perft `depth`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkCase {
    /// The position, in FEN (X-FEN or Shredder-FEN for Chess960).
    pub fen: &'static str,
    /// The depth the whole tree is walked to.
    pub depth: u32,
    /// The nodes of that tree.
    pub nodes: u64,
}

/// The six standard perft positions of chessprogramming.org (start, "Kiwipete", positions 3 to
/// 6), each walked as deep as the budget allows.
pub const STANDARD_WALKS: [WalkCase; 6] = [
    WalkCase {
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 3,
        nodes: 9_323,
    },
    WalkCase {
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 3,
        nodes: 99_950,
    },
    WalkCase {
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 4,
        nodes: 46_256,
    },
    WalkCase {
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 3,
        nodes: 9_738,
    },
    WalkCase {
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 2,
        nodes: 1_531,
    },
    WalkCase {
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 2,
        nodes: 2_126,
    },
];

/// Positions built for the rules' corners: en passant with the rank pin and with checks, every
/// promotion, castling through and out of check, rights lost by rook capture, the fifty-move
/// clock, and full piece lists.
pub const CORNER_WALKS: [WalkCase; 9] = [
    // En passant that would expose the king along the rank, for both colours.
    WalkCase {
        fen: "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        depth: 4,
        nodes: 8_901,
    },
    WalkCase {
        fen: "7K/8/8/8/R2Pp2k/8/8/8 b - d3 0 1",
        depth: 4,
        nodes: 9_453,
    },
    // En passant as the only way out of a pawn check, and a discovered check through it.
    WalkCase {
        fen: "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        depth: 4,
        nodes: 2_808,
    },
    // Promotions with and without captures, both colours, with a check on the line.
    WalkCase {
        fen: "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        depth: 3,
        nodes: 10_004,
    },
    // Castling both ways for both sides, and rights lost when a rook is captured.
    WalkCase {
        fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        depth: 3,
        nodes: 14_339,
    },
    // Castling through an attacked square and out of check are refused.
    WalkCase {
        fen: "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        depth: 3,
        nodes: 16_093,
    },
    WalkCase {
        fen: "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",
        depth: 3,
        nodes: 3_521,
    },
    // Halfmove clock near the 50-move limit.
    WalkCase {
        fen: "4k3/8/8/8/8/8/8/4K2R w K - 98 80",
        depth: 4,
        nodes: 8_338,
    },
    // Sixteen white pieces, fifteen of them queens: piece lists full, 241 legal moves.
    WalkCase {
        fen: "krQ4Q/rr2Q3/QQ4Q1/3Q4/Q4Q2/Q1Q4Q/4Q3/1Q4QK w - - 0 1",
        depth: 2,
        nodes: 842,
    },
];

/// Chess960 positions whose trees reach the castling rules' corners.
pub const CHESS960_WALKS: [WalkCase; 7] = [
    // A start position, king g1 between rooks f1 and h1.
    WalkCase {
        fen: "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
        depth: 3,
        nodes: 12_739,
    },
    // The b1 rook shields the king's destination c1 from the queen on a1.
    WalkCase {
        fen: "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
        depth: 3,
        nodes: 13_506,
    },
    // Queen side castling leaves the king on c1: a king that does not move.
    WalkCase {
        fen: "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
        depth: 3,
        nodes: 12_879,
    },
    // King side castling leaves the rook on f1: a rook that does not move.
    WalkCase {
        fen: "r1k2r1q/p1pppppp/8/8/8/8/P1PPPPPP/R1K2R1Q w KQkq - 0 1",
        depth: 3,
        nodes: 14_271,
    },
    // King and rook swap squares (king d1 to c1, rook c1 to d1), both colours.
    WalkCase {
        fen: "2rk4/8/8/8/8/8/8/2RK4 w Qq - 0 1",
        depth: 3,
        nodes: 1_827,
    },
    // The king lands on its rook's square (e1 to c1 with the c1 rook).
    WalkCase {
        fen: "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1",
        depth: 3,
        nodes: 9_355,
    },
    // Rooks facing each other on their home squares: captures there drop rights.
    WalkCase {
        fen: "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        depth: 3,
        nodes: 12_848,
    },
];

/// The positions of [`STANDARD_WALKS`] and [`CORNER_WALKS`], for tests that start from them
/// (random games, benches).
pub const WALK_POSITIONS: &[&str] = &fens::<15>(&[&STANDARD_WALKS, &CORNER_WALKS]);

/// The positions of [`CHESS960_WALKS`].
pub const CHESS960_WALK_POSITIONS: &[&str] = &fens::<7>(&[&CHESS960_WALKS]);

/// The FENs of the tables, in order; `N` must be their total length.
const fn fens<const N: usize>(tables: &[&[WalkCase]]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut filled = 0;
    let mut t = 0;
    while t < tables.len() {
        let mut i = 0;
        while i < tables[t].len() {
            out[filled] = tables[t][i].fen;
            filled += 1;
            i += 1;
        }
        t += 1;
    }
    assert!(filled == N, "N is the number of walks");
    out
}

/// What a walk covered: the whole tree below its position to its depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkCoverage {
    /// The position walked from, as given.
    pub fen: String,
    /// The depth of the tree walked.
    pub depth: u32,
    /// The nodes checked: every node of that tree, the root included.
    pub nodes: u64,
    /// The budget.
    pub max_nodes: u64,
}

impl fmt::Display for WalkCoverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "walked {} to depth {}: {} nodes (budget {})",
            self.fen, self.depth, self.nodes, self.max_nodes
        )
    }
}

/// Walks each of `walks` with [`check_walk`], and checks that each tree has the nodes the table
/// gives it.
///
/// # Panics
///
/// As [`check_walk`], and when a tree's size differs from the table's.
pub fn check_walks<B: Board>(walks: &[WalkCase], max_nodes: u64) -> Vec<WalkCoverage> {
    walks
        .iter()
        .map(|walk| {
            let coverage = check_walk::<B>(walk.fen, walk.depth, max_nodes);
            assert_eq!(
                coverage.nodes,
                walk.nodes,
                "{}: the tree below {} to depth {} has {} nodes, the kit's table says {}",
                B::NAME,
                walk.fen,
                walk.depth,
                coverage.nodes,
                walk.nodes
            );
            coverage
        })
        .collect()
}

/// Walks the whole tree below `fen` to `depth` plies and checks at every node:
///
/// - the legal moves are the reference board's ([`ReferenceBoard`]), as sets: the same moves,
///   none generated twice;
/// - `Noisy` and `Quiet` partition `All`, and `count_legal` counts them;
/// - `to_setup()` is the position: at the root the setup read from `fen`, after each move the
///   parent's setup with [`Setup::play`] applied (so every node is a valid position, as the
///   reference's legal moves lead only to valid positions);
/// - `unmake` (and `unmake_null`) restores `to_setup()` and `zobrist()` exactly;
/// - the incremental Zobrist hash equals [`Zobrist::of`] the setup, and the search hash
///   [`Zobrist::for_search`];
/// - `from_setup` of the setup gives the same setup and hash back;
/// - `in_check()` and `is_attacked` agree with the reference setup on every square;
/// - at every node with children, the FEN round-trips through `from_fen` and every move's
///   text parses back to it (not at the leaves, where it would cost more than all the other
///   checks together; the text functions are the trait's provided methods, and what they read,
///   the setup and the legal moves, is checked at every node).
///
/// # Panics
///
/// When the tree to `depth` has more nodes than `max_nodes` (before walking it), naming the
/// position, the depth and the budget; and at the first node where a check fails, naming the
/// board, the position, the moves from `fen` that reach it and what differed, with the
/// `boardlab diff` arguments for that position.
pub fn check_walk<B: Board>(fen: &str, depth: u32, max_nodes: u64) -> WalkCoverage {
    let root = Setup::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
    let mut board = B::from_setup(&root);
    // The tree to depth d has perft(0) + … + perft(d) nodes; bulk counting is cheap beside the
    // walk, so the size is known before the walk starts.
    let mut tree = 1;
    for d in 1..=depth {
        tree += perft(&mut board, d, PerftMode::Bulk);
        if tree > max_nodes {
            panic!(
                "{}: the tree below {fen} to depth {depth} is over the walk budget of {max_nodes} \
                 nodes ({tree} nodes to depth {d}); walk it to depth {} or less, or raise the \
                 budget",
                B::NAME,
                d - 1
            );
        }
    }
    let mut walker = Walker {
        root: fen.to_string(),
        path: Vec::new(),
        visited: 0,
    };
    if board.to_setup() != root {
        walker.fail(
            &board,
            format!("from_setup then to_setup gave {:?}", board.to_setup()),
        );
    }
    walker.walk(&mut board, &root, depth);
    assert_eq!(
        walker.visited,
        tree,
        "{}: the walk below {fen} to depth {depth} visited {} nodes, perft counts {tree}",
        B::NAME,
        walker.visited
    );
    WalkCoverage {
        fen: walker.root,
        depth,
        nodes: walker.visited,
        max_nodes,
    }
}

/// Walks every line below `board` to `depth`, calling `check` at every node with the moves
/// from the start that reach it, and asserting after each unmake that the board equals, field
/// for field, the board before the make (a stricter test than the same position: it covers a
/// backend's own indexes too). Returns the nodes visited, the root included, for the caller to
/// compare with the size of the tree.
///
/// # Panics
///
/// Where `check` panics, and at the first unmake that does not restore the board, naming the
/// move, the moves before it and the board.
pub fn walk_with_exact_unmake<B: Board + Clone + PartialEq + fmt::Debug>(
    board: &mut B,
    depth: u32,
    check: &mut impl FnMut(&B, &[Move]),
) -> u64 {
    fn walk<B: Board + Clone + PartialEq + fmt::Debug>(
        board: &mut B,
        depth: u32,
        path: &mut Vec<Move>,
        check: &mut impl FnMut(&B, &[Move]),
    ) -> u64 {
        check(board, path);
        if depth == 0 {
            return 1;
        }
        let before = board.clone();
        let mut nodes = 1;
        for &mv in board.legal_moves().iter() {
            let undo = board.make(mv);
            path.push(mv);
            nodes += walk(board, depth - 1, path, check);
            path.pop();
            board.unmake(mv, undo);
            assert!(
                *board == before,
                "unmake of {mv} after {path:?} did not restore the board {before:?}"
            );
        }
        nodes
    }
    walk(board, depth, &mut Vec::new(), check)
}

/// A walk in progress: where it started and the moves to where it stands.
struct Walker {
    root: String,
    path: Vec<Move>,
    visited: u64,
}

impl Walker {
    fn fail<B: Board>(&self, board: &B, what: String) -> ! {
        let path: Vec<String> = self.path.iter().map(Move::to_string).collect();
        let moves = if path.is_empty() {
            "(none)".to_string()
        } else {
            path.join(" ")
        };
        panic!(
            "{}: {what}\n  position: {}\n  reached from {} by the moves: {moves}\n  \
             for boardlab diff: {}",
            B::NAME,
            board.to_fen(),
            self.root,
            crate::diff_arguments(&self.root, &path),
        );
    }

    /// Checks the node `board` stands on, whose setup is `setup`, and the tree below it.
    fn walk<B: Board>(&mut self, board: &mut B, setup: &Setup, depth: u32) {
        self.visited += 1;
        let zobrist = board.zobrist();
        self.check_node(board, setup, zobrist);
        let moves = self.check_generation(board, setup);
        if depth == 0 {
            return;
        }
        self.check_texts(board, &moves);
        if !board.in_check() {
            let undo = board.make_null();
            let mut expected = setup.clone();
            expected.play_null();
            if board.to_setup() != expected {
                self.fail(
                    board,
                    format!(
                        "a null move gave {:?}, the reference gives {expected:?}",
                        board.to_setup()
                    ),
                );
            }
            if board.zobrist() != Zobrist::of(&expected) {
                self.fail(board, "the hash after a null move is wrong".to_string());
            }
            board.unmake_null(undo);
            if board.to_setup() != *setup || board.zobrist() != zobrist {
                self.fail(
                    board,
                    "unmake_null did not restore the position".to_string(),
                );
            }
        }
        for &mv in moves.iter() {
            let undo = board.make(mv);
            self.path.push(mv);
            let mut expected = setup.clone();
            expected.play(mv);
            let got = board.to_setup();
            if got != expected {
                self.fail(
                    board,
                    format!("make gave {got:?}, the reference gives {expected:?}"),
                );
            }
            self.walk(board, &expected, depth - 1);
            self.path.pop();
            board.unmake(mv, undo);
            if board.to_setup() != *setup || board.zobrist() != zobrist {
                self.fail(
                    board,
                    format!("unmake of {mv} did not restore the position (was {setup:?})"),
                );
            }
        }
    }

    fn check_node<B: Board>(&self, board: &B, setup: &Setup, zobrist: Zobrist) {
        if zobrist != Zobrist::of(setup) {
            self.fail(
                board,
                format!(
                    "incremental hash {zobrist:?} differs from {:?}",
                    Zobrist::of(setup)
                ),
            );
        }
        if board.search_zobrist() != Zobrist::for_search(setup) {
            self.fail(
                board,
                format!(
                    "search hash {:?} differs from {:?}",
                    board.search_zobrist(),
                    Zobrist::for_search(setup)
                ),
            );
        }
        // A board built afresh from the setup is the same position, and its hash, computed
        // from scratch, is the one kept move by move.
        let fresh = B::from_setup(setup);
        if fresh.to_setup() != *setup || fresh.zobrist() != zobrist {
            self.fail(
                board,
                format!(
                    "from_setup of this position gives {:?} with hash {:?}",
                    fresh.to_setup(),
                    fresh.zobrist()
                ),
            );
        }
        let us = board.side_to_move();
        let king = board.king_square(us);
        if setup.king(us) != Some(king) {
            self.fail(board, format!("king_square says {king}"));
        }
        let check = board.in_check();
        if check != board.is_attacked(king, !us) || check != setup.in_check() {
            self.fail(
                board,
                format!(
                    "in_check() = {check}, is_attacked(king) = {}, reference = {}",
                    board.is_attacked(king, !us),
                    setup.in_check()
                ),
            );
        }
        for by in Color::ALL {
            let attacked = setup.attacked_squares(by);
            for sq in Square::ALL {
                if board.is_attacked(sq, by) != attacked.contains(sq) {
                    self.fail(
                        board,
                        format!(
                            "is_attacked({sq}, {by}) = {}, the reference says {}",
                            board.is_attacked(sq, by),
                            attacked.contains(sq)
                        ),
                    );
                }
            }
        }
    }

    /// Checks the board's move generation against the reference board's, and returns the
    /// legal moves.
    fn check_generation<B: Board>(&self, board: &B, setup: &Setup) -> MoveList {
        let mut all = MoveList::new();
        let mut noisy = MoveList::new();
        let mut quiet = MoveList::new();
        board.generate(GenKind::All, &mut all);
        board.generate(GenKind::Noisy, &mut noisy);
        board.generate(GenKind::Quiet, &mut quiet);
        let sorted = |list: &MoveList| {
            let mut moves = list.to_vec();
            moves.sort();
            moves
        };
        let all_sorted = sorted(&all);
        if let Some(twice) = all_sorted.windows(2).find(|w| w[0] == w[1]) {
            self.fail(board, format!("{} is generated twice", twice[0]));
        }
        let reference = sorted(&ReferenceBoard::from_setup(setup).legal_moves());
        if all_sorted != reference {
            let missing = |moves: &[Move], from: &[Move]| {
                let texts: Vec<String> = moves
                    .iter()
                    .filter(|mv| !from.contains(mv))
                    .map(Move::to_string)
                    .collect();
                texts.join(" ")
            };
            self.fail(
                board,
                format!(
                    "the legal moves differ from the reference board's: only here: [{}]; \
                     only in the reference: [{}]",
                    missing(&all_sorted, &reference),
                    missing(&reference, &all_sorted)
                ),
            );
        }
        if noisy.iter().any(|mv| !mv.is_noisy()) || quiet.iter().any(|mv| mv.is_noisy()) {
            self.fail(
                board,
                format!("noisy {noisy:?} / quiet {quiet:?} misclassified"),
            );
        }
        let mut both = sorted(&noisy);
        both.extend(quiet.iter().copied());
        both.sort();
        if both != all_sorted {
            self.fail(
                board,
                format!("noisy {noisy:?} + quiet {quiet:?} != all {all:?}"),
            );
        }
        if board.count_legal() != all.len() as u64 {
            self.fail(
                board,
                format!(
                    "count_legal() = {} but {} moves",
                    board.count_legal(),
                    all.len()
                ),
            );
        }
        all
    }

    /// Checks that the position's FEN and every move's text read back to what they name.
    ///
    /// The walk asks this at the nodes it descends from, not at its leaves: FEN and move text
    /// are written and read by the `Board` trait's provided methods, the same code on every
    /// backend, and what they answer depends only on the setup and the legal moves, which are
    /// checked at every node. Each move parse generates the legal moves again, so at every
    /// leaf this check alone would cost more than all the others together.
    fn check_texts<B: Board>(&self, board: &B, moves: &MoveList) {
        let fen = board.to_fen();
        match B::from_fen(&fen) {
            Ok(again) if again.to_fen() == fen => {}
            Ok(again) => self.fail(board, format!("FEN {fen} reads back as {}", again.to_fen())),
            Err(err) => self.fail(board, format!("own FEN {fen} does not parse: {err}")),
        }
        // The Chess960 text (castling as king takes rook) names every move unambiguously; the
        // standard text does too, unless a Chess960 king's castling destination is also a
        // square it can step to.
        let standard = board.castling().is_standard();
        for &mv in moves.iter() {
            let text = board.move_text(mv, true);
            if board.parse_move(&text, true) != Ok(mv) {
                self.fail(board, format!("{text} does not parse back to itself"));
            }
            if standard && board.parse_uci_move(&mv.to_string()) != Ok(mv) {
                self.fail(board, format!("{mv} does not parse back to itself"));
            }
        }
    }
}
