//! The kit's own checks: its tables hold what they say, and each check fails when it should,
//! with a message that leads to the position.

use boardlab_core::epd::STANDARD_SUITE;
use boardlab_core::{
    perft, Bitboard, Board, BoardExt, Color, Move, MoveList, MoveSink, PerftMode, Role, Setup,
    Square, START_FEN,
};
use boardlab_engine::{queries, see_value, EngineQueries, PawnStructure};
use boardlab_reference::ReferenceBoard;
use boardlab_testkit::conformance::engine_queries;
use boardlab_testkit::conformance::WALK_NODES;
use boardlab_testkit::{
    check_perft_suite, check_walk, check_walks, message_line, panic_message, CHESS960_WALKS,
    CORNER_WALKS, STANDARD_WALKS, WALK_POSITIONS,
};

#[test]
fn the_walk_tables_fit_the_budget_and_count_their_trees_right() {
    // The reference board's own perft gives the tree sizes the tables state, independently of
    // every backend (walking the tables on it would check the reference against itself, at
    // many times a backend's cost).
    let tables = [&STANDARD_WALKS[..], &CORNER_WALKS[..], &CHESS960_WALKS[..]];
    let mut walks = 0;
    for walk in tables.into_iter().flatten() {
        let mut board = ReferenceBoard::from_fen(walk.fen).unwrap();
        let tree: u64 = 1
            + (1..=walk.depth)
                .map(|depth| perft(&mut board, depth, PerftMode::Bulk))
                .sum::<u64>();
        assert_eq!(tree, walk.nodes, "{walk:?}");
        assert!(walk.nodes <= WALK_NODES, "{walk:?}");
        walks += 1;
    }
    assert_eq!(walks, 6 + 9 + 7);
    assert_eq!(WALK_POSITIONS.len(), 6 + 9);
    assert_eq!(WALK_POSITIONS[6], CORNER_WALKS[0].fen);
}

#[test]
fn a_walk_over_its_budget_fails_naming_the_position_the_depth_and_the_budget() {
    // The start position's tree to depth 3 has 1 + 20 + 400 + 8902 nodes.
    let whole = check_walk::<ReferenceBoard>(START_FEN, 3, 9_323);
    assert_eq!((whole.depth, whole.nodes), (3, 9_323));
    let message = panic_message(|| {
        check_walk::<ReferenceBoard>(START_FEN, 3, 9_322);
    });
    assert_eq!(
        message,
        format!(
            "reference: the tree below {START_FEN} to depth 3 is over the walk budget of 9322 \
             nodes (9323 nodes to depth 3); walk it to depth 2 or less, or raise the budget"
        )
    );
}

#[test]
fn a_walk_whose_table_count_is_wrong_fails() {
    let mut walk = STANDARD_WALKS[0];
    walk.nodes += 1;
    let message = panic_message(|| {
        check_walks::<ReferenceBoard>(&[walk], WALK_NODES);
    });
    assert!(
        message.contains("to depth 3 has 9323 nodes, the kit's table says 9324"),
        "{message}"
    );
}

#[test]
fn a_suite_check_that_leaves_a_position_out_fails() {
    // Every standard position is counted within 10,000 nodes, to depth 2 at least.
    let coverage = check_perft_suite::<ReferenceBoard>(STANDARD_SUITE, 10_000, PerftMode::Bulk);
    assert_eq!((coverage.positions, coverage.shallowest), (6, 2));
    // Of the 38 counts, 15 are at most 10,000: 20, 400, 8902; 48, 2039; 14, 191, 2812; 6,
    // 264, 9467; 44, 1486; 46, 2079.
    assert_eq!((coverage.checked, coverage.over_budget), (15, 23));
    // Below 20 nodes, the start position has no count at all.
    let message = panic_message(|| {
        check_perft_suite::<ReferenceBoard>(STANDARD_SUITE, 19, PerftMode::Bulk);
    });
    assert!(
        message.starts_with(&format!(
            "reference: no perft count of {START_FEN} is within the budget of 19 nodes"
        )),
        "{message}"
    );
}

/// The reference board without bishop promotions: a generator missing one kind of move.
#[derive(Clone)]
struct NoBishopPromotions(ReferenceBoard);

/// A sink that passes on every move but bishop promotions.
struct DropBishops<'a, S>(&'a mut S);

impl<S: MoveSink> MoveSink for DropBishops<'_, S> {
    const KIND: boardlab_core::GenKind = S::KIND;

    fn push(&mut self, mv: Move) {
        if mv.promotion() != Some(Role::Bishop) {
            self.0.push(mv);
        }
    }
}

impl Board for NoBishopPromotions {
    type Undo = ();
    const NAME: &'static str = "no-bishops";

    fn from_setup(setup: &Setup) -> Self {
        NoBishopPromotions(ReferenceBoard::from_setup(setup))
    }
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        self.0.generate_into(&mut DropBishops(sink));
    }
    boardlab_core::delegate_board!(0 => state, piece_at, king_square, in_check, is_attacked,
        make, unmake, make_null, unmake_null);
}

#[test]
fn a_walk_fails_where_the_legal_moves_differ_with_the_path_there() {
    // Black moves first; the white pawn promotes one ply below the root.
    let root = "4k3/1P6/8/8/8/8/8/4K3 b - - 0 1";
    let message = panic_message(|| {
        check_walk::<NoBishopPromotions>(root, 2, 1_000);
    });
    assert!(
        message.starts_with(
            "no-bishops: the legal moves differ from the reference board's: only here: []; only \
             in the reference: [b7b8b]"
        ),
        "{message}"
    );
    let line = |prefix: &str| message_line(&message, prefix);
    let moves = line(&format!("reached from {root} by the moves: "));
    assert_eq!(moves.split(' ').count(), 1, "{message}");
    let mut board = ReferenceBoard::from_fen(root).unwrap();
    board.make(board.parse_uci_move(&moves).unwrap());
    assert_eq!(line("position: "), board.to_fen());
    assert_eq!(
        line("for boardlab diff: "),
        format!("--fen '{root}' --moves {moves}")
    );
    let mut bishops = MoveList::new();
    board.generate(boardlab_core::GenKind::Noisy, &mut bishops);
    assert!(bishops
        .iter()
        .any(|mv| mv.promotion() == Some(Role::Bishop)));
}

/// The reference board with one engine query answered wrongly, the way a backend's own
/// override might go wrong: `FAULT` says which query (see [`WrongQuery::fault`]).
#[derive(Clone)]
struct WrongQuery<const FAULT: u8>(ReferenceBoard);

impl<const FAULT: u8> Board for WrongQuery<FAULT> {
    type Undo = <ReferenceBoard as Board>::Undo;
    const NAME: &'static str = "wrong-query";

    fn from_setup(setup: &Setup) -> Self {
        WrongQuery(ReferenceBoard::from_setup(setup))
    }
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        self.0.generate_into(sink);
    }
    boardlab_core::delegate_board!(0 => state, piece_at, king_square, in_check, is_attacked,
        make, unmake, make_null, unmake_null);
}

impl<const FAULT: u8> WrongQuery<FAULT> {
    /// The squares `color`'s pieces attack, by the generic answer for each piece.
    fn attacks_of(&self, color: Color) -> Bitboard {
        let mut attacked = Bitboard::EMPTY;
        self.for_each_piece(|sq, piece| {
            if piece.color == color {
                attacked |= queries::attacks_from(self, sq);
            }
        });
        attacked
    }
}

impl<const FAULT: u8> EngineQueries for WrongQuery<FAULT> {
    /// Fault 0: pawns forgotten.
    fn attacks_from(&self, sq: Square) -> Bitboard {
        match self.piece_at(sq) {
            Some(piece) if FAULT == 0 && piece.role == Role::Pawn => Bitboard::EMPTY,
            _ => queries::attacks_from(self, sq),
        }
    }
    /// Fault 1: the lifted pieces left on the board, so that no x-ray is ever seen.
    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        let lifted = if FAULT == 1 { Bitboard::EMPTY } else { lifted };
        queries::attackers_to(self, sq, by, lifted)
    }
    /// Fault 2: the other side's mobility.
    fn mobility(&self, color: Color) -> u32 {
        queries::mobility(self, if FAULT == 2 { !color } else { color })
    }
    /// Fault 3: only the empty squares counted.
    fn attacked_squares(&self, color: Color) -> u32 {
        if FAULT == 3 {
            (self.attacks_of(color) & !queries::occupancy(self)).count()
        } else {
            queries::attacked_squares(self, color)
        }
    }
    /// Fault 4: the other side's pawns.
    fn pawn_structure(&self, color: Color) -> PawnStructure {
        queries::pawn_structure(self, if FAULT == 4 { !color } else { color })
    }
    /// Fault 5: the captured piece's value, with no recapture weighed.
    fn see(&self, mv: Move) -> i32 {
        if FAULT == 5 {
            self.piece_at(mv.to())
                .map_or(0, |piece| see_value(piece.role))
        } else {
            queries::see(self, mv)
        }
    }
}

#[test]
fn the_engine_query_check_fails_on_each_wrong_query_naming_it() {
    fn fails_with<B: EngineQueries>(expected: &str) {
        let message = panic_message(|| {
            engine_queries::<B>();
        });
        assert!(
            message.contains("wrong-query: ") && message.contains(expected),
            "expected {expected:?} in {message}"
        );
    }
    // The yardstick itself passes, so that the failures below are the faults'.
    let coverage = engine_queries::<ReferenceBoard>();
    assert!(coverage.positions > 0, "{coverage:?}");
    fails_with::<WrongQuery<0>>("attacks from");
    fails_with::<WrongQuery<1>>("attackers to");
    fails_with::<WrongQuery<2>>("mobility");
    fails_with::<WrongQuery<3>>("squares");
    fails_with::<WrongQuery<4>>("pawns");
    fails_with::<WrongQuery<5>>("SEE of");
}
