//! The questions an engine asks a board besides "which moves": which squares a piece attacks,
//! who attacks a square once some pieces are lifted off (the x-ray step of a static exchange),
//! how mobile each side is, how many squares it controls, what its pawns look like, and what a
//! capture wins by static exchange evaluation (SEE).
//!
//! [`EngineQueries`] provides every query with the generic answer written here, which asks
//! nothing of a board but [`Board::piece_at`] and [`Board::for_each_piece`]: it reads the
//! occupied squares piece by piece and walks rays square by square. Each backend implements the
//! trait in its own crate and overrides a query in its own idiom where that answers faster
//! (table lookups on bitboards, the difference table on 0x88, ray scans over the mailbox frame,
//! the lists on the piece-list board); every override must give exactly the generic answer. The
//! generic functions stay public so that benches can time a backend's own answer against them
//! and the conformance kit can compare the two. The [`ReferenceBoard`] keeps every generic
//! answer: it is the yardstick.
//!
//! # The rules the answers follow
//!
//! - A pawn attacks its two capture squares, whether or not anything stands there; a slider
//!   attacks along its lines up to and including the first occupied square; a knight and a king
//!   attack their steps. Pins are ignored throughout: a pinned piece still attacks.
//! - [`mobility`] counts, for knights, bishops, rooks and queens, the attacked squares not
//!   occupied by their own side, summed over the pieces.
//! - [`attacked_squares`] counts the squares attacked by at least one piece of a side, pawns and
//!   king included, occupied or not.
//! - [`pawn_structure`] counts doubled pawns (beyond the first on a file), isolated pawns (no
//!   own pawn on a neighbouring file) and passed pawns (no enemy pawn ahead on the own or a
//!   neighbouring file), by the one definition [`pawn_structure_of`].
//! - [`see`] plays out the exchange on the target square with the [`SEE_VALUES`], each side
//!   recapturing with its least valuable attacker: by piece kind (pawn, knight, bishop, rook,
//!   queen, king), then the lowest square. See its docs for the king, en passant and
//!   promotions. However a backend finds the captures, their gains are folded by one function,
//!   [`fold_gains`], over a list at most [`MAX_SWAPS`] long (a [`SwapList`], or a backend's
//!   own swap loop's).

use boardlab_core::bitboard::piece_attacks;
use boardlab_core::{Bitboard, Board, Color, Move, Piece, Role, Square};
use boardlab_reference::ReferenceBoard;

/// The engine's questions to a board, each with the generic answer as its default (see the
/// module docs for the rules every answer follows).
///
/// A backend implements the trait in its own crate: an empty `impl` keeps every generic
/// answer, and a method written out is the backend's own answer, which must equal the generic
/// one (the conformance kit checks that on every board it is given). A backend overrides a
/// query only where its own idiom answers it faster.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Board, BoardExt, Color, START_FEN, Square};
/// use boardlab_engine::EngineQueries;
/// use boardlab_reference::ReferenceBoard;
///
/// let board = ReferenceBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(board.attacks_from(Square::G1).count(), 3);
/// assert_eq!(board.mobility(Color::White), 4);
/// ```
pub trait EngineQueries: Board {
    /// The squares the piece on `sq` attacks (none when `sq` is empty): a pawn's two capture
    /// squares, a slider's lines up to and including the first occupied square, a knight's or
    /// king's steps. Pins are ignored. Generic answer: [`attacks_from`].
    fn attacks_from(&self, sq: Square) -> Bitboard {
        attacks_from(self, sq)
    }

    /// The pieces of `by` that attack `sq` once the pieces on `lifted` are taken off the board
    /// (they neither attack nor block): the x-ray step of a static exchange. Generic answer:
    /// [`attackers_to`].
    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        attackers_to(self, sq, by, lifted)
    }

    /// Over `color`'s knights, bishops, rooks and queens, the attacked squares not occupied by
    /// `color`, summed; pins ignored. Generic answer: [`mobility`].
    fn mobility(&self, color: Color) -> u32 {
        mobility(self, color)
    }

    /// How many squares at least one piece of `color` attacks (pawns by their capture
    /// squares, the king included, occupied or not, pins ignored). Generic answer:
    /// [`attacked_squares`].
    fn attacked_squares(&self, color: Color) -> u32 {
        attacked_squares(self, color)
    }

    /// `color`'s doubled, isolated and passed pawns. Generic answer: [`pawn_structure`].
    fn pawn_structure(&self, color: Color) -> PawnStructure {
        pawn_structure(self, color)
    }

    /// The static exchange value of `mv` in centipawns for the side making it, by the rules of
    /// [`see`]. Provided on top of [`attackers_to`](EngineQueries::attackers_to), so a backend
    /// with its own attacker query already has its own SEE; one may override it to find the
    /// x-rays incrementally, with the captures' gains folded by [`fold_gains`].
    fn see(&self, mv: Move) -> i32 {
        see_with(self, mv, |sq, by, lifted| self.attackers_to(sq, by, lifted))
    }
}

/// The yardstick keeps every generic answer.
impl EngineQueries for ReferenceBoard {}

/// The values static exchange evaluation weighs pieces by, indexed by [`Role`]: pawn 100,
/// knight 300, bishop 300, rook 500, queen 900, and a king worth more than everything else on
/// the board together, so that it only ever captures last.
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// The value of `role` in a static exchange ([`SEE_VALUES`]).
#[inline]
pub const fn see_value(role: Role) -> i32 {
    SEE_VALUES[role as usize]
}

/// What one side's pawns look like, for the evaluation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PawnStructure {
    /// Pawns beyond the first on each file, summed over the files.
    pub doubled: u32,
    /// Pawns with no pawn of their own side on either neighbouring file.
    pub isolated: u32,
    /// Pawns with no enemy pawn ahead of them on their own file or a neighbouring one.
    pub passed: u32,
}

/// The squares occupied by any piece, read square by square.
pub fn occupancy<B: Board>(board: &B) -> Bitboard {
    let mut occupied = Bitboard::EMPTY;
    board.for_each_piece(|sq, _| occupied = occupied.with(sq));
    occupied
}

/// The generic [`EngineQueries::attacks_from`]: the squares the piece on `sq` attacks (none when `sq`
/// is empty).
pub fn attacks_from<B: Board>(board: &B, sq: Square) -> Bitboard {
    match board.piece_at(sq) {
        Some(piece) => piece_attacks(piece, sq, occupancy(board)),
        None => Bitboard::EMPTY,
    }
}

/// The generic [`EngineQueries::attackers_to`]: the pieces of `by` that attack `sq` once the pieces on
/// `lifted` are taken off the board (they neither attack nor block). Whatever stands on `sq`
/// itself does not matter.
pub fn attackers_to<B: Board>(board: &B, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
    let occupied = occupancy(board) & !lifted;
    let mut attackers = Bitboard::EMPTY;
    for from in occupied {
        if let Some(piece) = board.piece_at(from) {
            if piece.color == by && piece_attacks(piece, from, occupied).contains(sq) {
                attackers = attackers.with(from);
            }
        }
    }
    attackers
}

/// The generic [`EngineQueries::mobility`]: over `color`'s knights, bishops, rooks and queens, the
/// attacked squares not occupied by `color`, summed.
pub fn mobility<B: Board>(board: &B, color: Color) -> u32 {
    let occupied = occupancy(board);
    let mut own = Bitboard::EMPTY;
    let mut pieces = Vec::with_capacity(16);
    board.for_each_piece(|sq, piece| {
        if piece.color == color {
            own = own.with(sq);
            if matches!(
                piece.role,
                Role::Knight | Role::Bishop | Role::Rook | Role::Queen
            ) {
                pieces.push((sq, piece));
            }
        }
    });
    pieces
        .into_iter()
        .map(|(sq, piece)| (piece_attacks(piece, sq, occupied) & !own).count())
        .sum()
}

/// The generic [`EngineQueries::attacked_squares`]: how many squares at least one piece of `color`
/// attacks (pawns by their capture squares, the king included, pins ignored).
pub fn attacked_squares<B: Board>(board: &B, color: Color) -> u32 {
    let occupied = occupancy(board);
    let mut attacked = Bitboard::EMPTY;
    board.for_each_piece(|sq, piece| {
        if piece.color == color {
            attacked |= piece_attacks(piece, sq, occupied);
        }
    });
    attacked.count()
}

/// The generic [`EngineQueries::pawn_structure`] of `color`'s pawns.
pub fn pawn_structure<B: Board>(board: &B, color: Color) -> PawnStructure {
    let mut own = Bitboard::EMPTY;
    let mut enemy = Bitboard::EMPTY;
    board.for_each_piece(|sq, piece| {
        if piece.role == Role::Pawn {
            if piece.color == color {
                own = own.with(sq);
            } else {
                enemy = enemy.with(sq);
            }
        }
    });
    pawn_structure_of(own, enemy, color)
}

/// The pawn structure of `color`'s pawns `own` against the enemy pawns `enemy`: the one
/// definition of doubled, isolated and passed pawns, which a backend may call once it has
/// found the pawns its own way.
pub fn pawn_structure_of(own: Bitboard, enemy: Bitboard, color: Color) -> PawnStructure {
    let mut structure = PawnStructure::default();
    for file in 0..8 {
        let on_file = (own & Bitboard::file(file)).count();
        structure.doubled += on_file.saturating_sub(1);
    }
    for sq in own {
        let file = sq.file() as usize;
        let neighbours = neighbour_files(file);
        if (own & neighbours).is_empty() {
            structure.isolated += 1;
        }
        let ahead = ranks_ahead(sq, color) & (neighbours | Bitboard::file(file));
        if (enemy & ahead).is_empty() {
            structure.passed += 1;
        }
    }
    structure
}

/// The files beside `file` (one or two of them).
pub fn neighbour_files(file: usize) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    if file > 0 {
        files |= Bitboard::file(file - 1);
    }
    if file < 7 {
        files |= Bitboard::file(file + 1);
    }
    files
}

/// The squares on the ranks ahead of `sq` from `color`'s side (the pawn's own rank excluded).
pub fn ranks_ahead(sq: Square, color: Color) -> Bitboard {
    let rank = sq.rank() as u32;
    match color {
        // Ranks above: shift everything up past this rank.
        Color::White if rank == 7 => Bitboard::EMPTY,
        Color::White => Bitboard(!0u64 << (8 * (rank + 1))),
        Color::Black => Bitboard((1u64 << (8 * rank)) - 1),
    }
}

/// One capture of an exchange: who took what, and the running material balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swap {
    /// The square the capturing piece came from.
    pub from: Square,
    /// The capturing piece.
    pub piece: Piece,
    /// What it captured (for en passant, the pawn beside the target square).
    pub captured: Piece,
    /// The value of what it captured, a promotion's gain included.
    pub gain: i32,
}

/// The exchange a move starts on its target square, capture by capture: the move itself
/// first, then each recapture by the least valuable attacker. [`exchange_value`] folds it into
/// the SEE value.
pub fn exchange<B: EngineQueries>(board: &B, mv: Move) -> Vec<Swap> {
    let mut swaps = Vec::with_capacity(8);
    play_exchange(
        board,
        mv,
        |sq, by, lifted| board.attackers_to(sq, by, lifted),
        |swap| swaps.push(swap),
    );
    swaps
}

/// Plays out the exchange `mv` starts, finding attackers with `attackers` (a backend's
/// [`EngineQueries::attackers_to`], or the generic [`attackers_to`]) and handing each capture to
/// `record`, the move itself first. The one statement of the rules [`see`] documents.
pub fn play_exchange<B: Board>(
    board: &B,
    mv: Move,
    mut attackers: impl FnMut(Square, Color, Bitboard) -> Bitboard,
    mut record: impl FnMut(Swap),
) {
    let target = mv.to();
    let Some(mover) = board.piece_at(mv.from()) else {
        return;
    };
    if mv.is_castle() {
        return;
    }
    // The first capture: en passant takes the pawn behind the target square.
    let (captured_square, captured) = if mv.is_en_passant() {
        let behind = Square::from_coords(target.file(), mv.from().rank());
        (behind, board.piece_at(behind))
    } else {
        (target, board.piece_at(target))
    };
    let mut lifted = Bitboard::from_square(mv.from());
    if captured.is_some() {
        lifted = lifted.with(captured_square);
    }
    let mut on_target = match mv.promotion() {
        Some(role) => Piece::new(mover.color, role),
        None => mover,
    };
    let promotion_gain = see_value(on_target.role) - see_value(mover.role);
    // A quiet move (or quiet promotion) captures nothing: its gain is only the promotion's,
    // and `captured` repeats the piece that now stands on the square.
    record(Swap {
        from: mv.from(),
        piece: mover,
        captured: captured.unwrap_or(on_target),
        gain: captured.map_or(0, |piece| see_value(piece.role)) + promotion_gain,
    });
    let mut side = mover.color.opposite();
    loop {
        let candidates = attackers(target, side, lifted);
        let Some((from, piece)) = least_valuable(board, candidates) else {
            break;
        };
        if piece.role == Role::King
            && !attackers(target, side.opposite(), lifted.with(from)).is_empty()
        {
            // The king may not capture onto a defended square; the exchange ends here.
            break;
        }
        let promotes = piece.role == Role::Pawn && target.rank() as u8 == promotion_rank(side);
        let promotion_gain = if promotes {
            see_value(Role::Queen) - see_value(Role::Pawn)
        } else {
            0
        };
        record(Swap {
            from,
            piece,
            captured: on_target,
            gain: see_value(on_target.role) + promotion_gain,
        });
        lifted = lifted.with(from);
        on_target = if promotes {
            Piece::new(side, Role::Queen)
        } else {
            piece
        };
        side = side.opposite();
    }
}

/// The rank index a pawn of `color` promotes on.
const fn promotion_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The least valuable piece among `candidates` in the order of [`Role`] (so a knight before a
/// bishop), the lowest square first among pieces of one kind.
fn least_valuable<B: Board>(board: &B, candidates: Bitboard) -> Option<(Square, Piece)> {
    candidates
        .filter_map(|sq| board.piece_at(sq).map(|piece| (sq, piece)))
        .min_by_key(|(sq, piece)| (piece.role as u8, *sq as u8))
}

/// The static exchange value of an [`exchange`]: each side may stop capturing when going on
/// would lose, so the value is folded from the last capture back to the first.
pub fn exchange_value(swaps: &[Swap]) -> i32 {
    let mut list = SwapList::new();
    for swap in swaps {
        list.push(swap.gain);
    }
    list.value()
}

/// More captures than an exchange can have: after the move itself, each capture is made by a
/// piece not yet lifted off the board, so there are at most as many as there are squares, even
/// on a board no game could reach.
pub const MAX_SWAPS: usize = 64;

/// The gains of an exchange's captures in order, the move itself first: what every SEE in the
/// workspace hands [`fold_gains`], the one fold of an exchange. A backend's own swap loop may
/// keep the gains in a list of its own, at most [`MAX_SWAPS`] long.
///
/// # Examples
///
/// ```
/// use boardlab_engine::queries::SwapList;
/// // Qxd5 wins a pawn (100), exd5 wins the queen (900): White would rather not have started.
/// let mut swaps = SwapList::new();
/// swaps.push(100);
/// swaps.push(900);
/// assert_eq!(swaps.value(), -800);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct SwapList {
    gains: [i32; MAX_SWAPS],
    len: usize,
}

impl Default for SwapList {
    fn default() -> Self {
        SwapList::new()
    }
}

impl SwapList {
    /// No captures yet.
    #[inline]
    pub const fn new() -> SwapList {
        SwapList {
            gains: [0; MAX_SWAPS],
            len: 0,
        }
    }

    /// Adds the next capture's gain: the value of what it takes, a promotion's gain included.
    /// A capture past [`MAX_SWAPS`] is dropped, which only a board the rules could not set up
    /// would reach.
    #[inline]
    pub fn push(&mut self, gain: i32) {
        if let Some(slot) = self.gains.get_mut(self.len) {
            *slot = gain;
            self.len += 1;
        }
    }

    /// The exchange's value ([`fold_gains`]).
    #[inline]
    pub fn value(&self) -> i32 {
        fold_gains(&self.gains[..self.len])
    }
}

/// The value of an exchange from the gains of its captures in order: the first capture is
/// made, each later one only if it does not lose for the side making it, folded from the last
/// capture back; 0 for no capture. The one fold of every SEE, the generic one (through a
/// [`SwapList`]) and each backend's own.
#[inline]
pub fn fold_gains(gains: &[i32]) -> i32 {
    // From the last capture back, the value of going on from each capture is what it gains
    // less the value the other side has from going on after it, or nothing when that loses.
    let mut later = 0;
    for depth in (1..gains.len()).rev() {
        later = (gains[depth] - later).max(0);
    }
    gains.first().map_or(0, |&first| first - later)
}

/// The SEE value of `mv` with the attackers found by `attackers`, without a list: what a
/// backend's own [`EngineQueries::see`] calls with its own attacker query.
pub fn see_with<B: Board>(
    board: &B,
    mv: Move,
    attackers: impl FnMut(Square, Color, Bitboard) -> Bitboard,
) -> i32 {
    let mut swaps = SwapList::new();
    play_exchange(board, mv, attackers, |swap| swaps.push(swap.gain));
    swaps.value()
}

/// The generic [`EngineQueries::see`]: the static exchange value of `mv` in centipawns, for the side
/// making it.
///
/// The exchange is played out on the move's target square. After the move, the other side
/// recaptures with its least valuable attacker: a pawn before a knight, a knight before a
/// bishop (they are worth the same, and the order must be fixed, since a bishop that captures
/// can uncover a slider behind it where a knight uncovers nothing), then a rook, a queen, the
/// king; among pieces of one kind, the one on the lowest square (a1 = 0, h8 = 63). Pieces
/// that have captured are lifted off their squares, so a slider behind one joins in (the
/// x-ray). Either side may stop when capturing on would lose. Pins are ignored. The king
/// captures only when nothing of the other side attacks the square any longer. En passant
/// gains a pawn. A promotion gains the promoted piece's value less a pawn's, and the promoted
/// piece is what stands on the square to be taken; a pawn recapturing on its last rank
/// promotes to a queen. A quiet move scores what it loses if the piece is taken (or 0);
/// castling scores 0.
pub fn see<B: Board>(board: &B, mv: Move) -> i32 {
    see_with(board, mv, |sq, by, lifted| {
        attackers_to(board, sq, by, lifted)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::BoardExt;

    fn board(fen: &str) -> ReferenceBoard {
        ReferenceBoard::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
    }

    /// The SEE of the move `uci` on `fen` and its swap list, after checking that the generic
    /// answer, the board's answer and the folded swap list agree.
    fn see_of(fen: &str, uci: &str) -> (i32, Vec<Swap>) {
        let board = board(fen);
        let mv = board
            .parse_uci_move(uci)
            .unwrap_or_else(|err| panic!("{uci} on {fen}: {err}"));
        let swaps = exchange(&board, mv);
        let value = see(&board, mv);
        assert_eq!(board.see(mv), value, "{uci} on {fen}");
        assert_eq!(exchange_value(&swaps), value, "{uci} on {fen}");
        (value, swaps)
    }

    /// Who captured in each swap, as (square, role).
    fn capturers(swaps: &[Swap]) -> Vec<(Square, Role)> {
        swaps
            .iter()
            .map(|swap| (swap.from, swap.piece.role))
            .collect()
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses_the_queen_for_it() {
        // Qxd5 wins the pawn (100), exd5 wins the queen (900), and White has nothing left to
        // take back with: 100 - 900 = -800.
        let (value, swaps) = see_of("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5");
        assert_eq!(value, -800);
        assert_eq!(
            capturers(&swaps),
            [(Square::D1, Role::Queen), (Square::E6, Role::Pawn)]
        );
        assert_eq!(swaps[1].gain, 900);
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // Nothing of Black's attacks d5, so Nxd5 wins the bishop: 300.
        let (value, swaps) = see_of("4k3/8/8/3b4/8/2N5/8/4K3 w - - 0 1", "c3d5");
        assert_eq!(value, 300);
        assert_eq!(swaps.len(), 1);
    }

    #[test]
    fn a_rook_behind_a_rook_joins_the_exchange() {
        // Rd2xd5 (knight, 300), Rd8xd5 (rook, 500), then the rook on d1, uncovered once d2 is
        // lifted, takes back (500). Black would not go on, so White ends a knight up: folded
        // from the back, 500 - 500 = 0 for Black's recapture, and 300 - 0 = 300.
        let battery = "3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1";
        let (value, swaps) = see_of(battery, "d2d5");
        assert_eq!(value, 300);
        assert_eq!(
            capturers(&swaps),
            [
                (Square::D2, Role::Rook),
                (Square::D8, Role::Rook),
                (Square::D1, Role::Rook)
            ]
        );
        // Without the rook behind, Rxd5 Rxd5 loses the rook for the knight: 300 - 500 = -200.
        let (alone, _) = see_of("3rk3/8/8/3n4/8/8/3R4/4K3 w - - 0 1", "d2d5");
        assert_eq!(alone, -200);
    }

    #[test]
    fn a_queen_behind_a_bishop_joins_the_exchange() {
        // Bb3xd5 (knight, 300), Nf6xd5 (bishop, 300), Qa2xd5 through b3 and c4 (knight, 300):
        // White ends a knight up, 300 - (300 - 300) = 300.
        let (value, swaps) = see_of("4k3/8/5n2/3n4/8/1B6/Q7/4K3 w - - 0 1", "b3d5");
        assert_eq!(value, 300);
        assert_eq!(
            capturers(&swaps),
            [
                (Square::B3, Role::Bishop),
                (Square::F6, Role::Knight),
                (Square::A2, Role::Queen)
            ]
        );
        // Without the queen the trade is even: 300 - 300 = 0.
        let (alone, _) = see_of("4k3/8/5n2/3n4/8/1B6/8/4K3 w - - 0 1", "b3d5");
        assert_eq!(alone, 0);
    }

    #[test]
    fn a_knight_recaptures_before_a_bishop_on_a_lower_square() {
        // The bishop on e4 (square 28) and the knight on e7 (52) both defend d5 and are worth
        // the same; the knight goes first. Rxd5 wins a pawn and loses the rook: 100 - 500.
        let (value, swaps) = see_of("6k1/4n3/8/3p4/4b3/8/8/3RK3 w - - 0 1", "d1d5");
        assert_eq!(value, -400);
        assert_eq!(swaps[1].from, Square::E7);
        assert_eq!(swaps[1].piece.role, Role::Knight);
    }

    #[test]
    fn en_passant_wins_the_pawn_beside_the_target_and_opens_its_file() {
        // exd6 takes the pawn on d5 (100), not anything on d6. cxd6 takes back (100), and the
        // rook on d1 now sees d6 through the emptied d5 and takes again (100): Black would not
        // recapture into that, so 100 - (100 - 100) = 100.
        let (value, swaps) = see_of("4k3/2p5/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6");
        assert_eq!(value, 100);
        assert_eq!(swaps[0].captured, Piece::new(Color::Black, Role::Pawn));
        assert_eq!(
            capturers(&swaps),
            [
                (Square::E5, Role::Pawn),
                (Square::C7, Role::Pawn),
                (Square::D1, Role::Rook)
            ]
        );
        // Without the rook, cxd6 evens it out: 100 - 100 = 0.
        let (alone, _) = see_of("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
        assert_eq!(alone, 0);
    }

    #[test]
    fn a_capture_promotion_gains_the_new_piece_and_risks_it() {
        // bxa8=Q wins the rook and turns a pawn into a queen: 500 + 900 - 100 = 1300. The
        // knight on b6 takes the queen (900): 1300 - 900 = 400, a rook for the pawn.
        let fen = "r3k3/1P6/1n6/8/8/8/8/4K3 w - - 0 1";
        let (queen, swaps) = see_of(fen, "b7a8q");
        assert_eq!(queen, 400);
        assert_eq!(swaps[0].gain, 1300);
        assert_eq!(swaps[1].captured, Piece::new(Color::White, Role::Queen));
        // bxa8=N gains 500 + 300 - 100 = 700, and Nxa8 takes a knight (300): 400 again.
        let (knight, swaps) = see_of(fen, "b7a8n");
        assert_eq!(knight, 400);
        assert_eq!(swaps[0].gain, 700);
        // A quiet promotion on an unguarded square gains 900 - 100 = 800.
        let (quiet, _) = see_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q");
        assert_eq!(quiet, 800);
    }

    #[test]
    fn a_pawn_recapturing_on_its_last_rank_promotes_to_a_queen() {
        // Rxd1 wins the knight (300). exd1 takes the rook and promotes: 500 + 900 - 100 = 1300,
        // and a queen now stands on d1. The bishop on b3 takes it (900). Folded: 1300 - 900 =
        // 400 for Black's recapture, 300 - 400 = -100 for White: a knight and the promoted
        // pawn for a rook. Were the pawn still a pawn on d1, the bishop would win only 100 and
        // the value would be 300 - 1200 = -900.
        let fen = "4k3/8/8/8/8/1B6/4p3/2Rn3K w - - 0 1";
        let (value, swaps) = see_of(fen, "c1d1");
        assert_eq!(value, -100);
        assert_eq!(
            capturers(&swaps),
            [
                (Square::C1, Role::Rook),
                (Square::E2, Role::Pawn),
                (Square::B3, Role::Bishop)
            ]
        );
        assert_eq!(swaps[1].gain, 1300);
        assert_eq!(swaps[2].captured, Piece::new(Color::Black, Role::Queen));
        // Taking with the bishop first: 300, then exd1=Q (300 + 800 = 1100), then Rxd1 (900):
        // 1100 - 900 = 200 for Black, 300 - 200 = 100 for White.
        let (bishop_first, _) = see_of(fen, "b3d1");
        assert_eq!(bishop_first, 100);
    }

    #[test]
    fn the_king_captures_last_only_on_an_unguarded_square() {
        // Rxd5 (knight, 300), Rxd5 (rook, 500), and with nothing of Black's left on d5 the king
        // takes the rook (500): 300 - (500 - 500) = 300.
        let (allowed, swaps) = see_of("3rk3/8/8/3n4/4K3/8/8/3R4 w - - 0 1", "d1d5");
        assert_eq!(allowed, 300);
        assert_eq!(
            capturers(&swaps),
            [
                (Square::D1, Role::Rook),
                (Square::D8, Role::Rook),
                (Square::E4, Role::King)
            ]
        );
        // With a bishop on b7 as well, the bishop takes first, and the rook on d8 still guards
        // d5: the king may not take, and the exchange ends with White a rook down for a
        // knight, 300 - 500 = -200.
        let (refused, swaps) = see_of("3rk3/1b6/8/3n4/4K3/8/8/3R4 w - - 0 1", "d1d5");
        assert_eq!(refused, -200);
        assert_eq!(
            capturers(&swaps),
            [(Square::D1, Role::Rook), (Square::B7, Role::Bishop)]
        );
    }

    #[test]
    fn a_quiet_move_scores_what_it_loses() {
        // Nf3 puts the knight where the e4 pawn takes it: 0 - 300 = -300.
        let (hanging, swaps) = see_of("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1f3");
        assert_eq!(hanging, -300);
        assert_eq!(swaps[0].gain, 0);
        // With g2 guarding f3, exf3 gxf3 costs the knight for a pawn: 0 - (300 - 100) = -200.
        let (guarded, _) = see_of("4k3/8/8/8/4p3/8/6P1/4K1N1 w - - 0 1", "g1f3");
        assert_eq!(guarded, -200);
        // Nh3 goes where nothing attacks: 0.
        let (safe, swaps) = see_of("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1h3");
        assert_eq!((safe, swaps.len()), (0, 1));
    }

    #[test]
    fn castling_exchanges_nothing() {
        // The rook on b8 attacks b1, which O-O-O empties but neither king nor rook crosses or
        // lands on. The king lands on c1 and the rook on d1, squares castling never allows to
        // be attacked, so even a king move to c1 would score 0; what marks castling out is
        // that it starts no exchange at all: 0 and an empty swap list.
        let fen = "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
        let (value, swaps) = see_of(fen, "e1c1");
        assert_eq!(value, 0);
        assert!(swaps.is_empty(), "{swaps:?}");
    }

    #[test]
    fn pawn_structure_counts_doubled_isolated_and_passed_pawns() {
        let squares = |names: &[&str]| {
            names.iter().fold(Bitboard::EMPTY, |bits, name| {
                bits.with(name.parse::<Square>().unwrap())
            })
        };
        let white = squares(&["a2", "a3", "c4", "d4", "h5"]);
        let black = squares(&["b7", "e5", "f3"]);
        // White: two pawns on the a-file, one doubled. a2, a3 (no b-pawn) and h5 (no g-pawn)
        // are isolated. Only h5 has no black pawn ahead on the g- or h-file: b7 stops the
        // a-pawns and c4, e5 stops d4.
        assert_eq!(
            pawn_structure_of(white, black, Color::White),
            PawnStructure {
                doubled: 1,
                isolated: 3,
                passed: 1
            }
        );
        // Black: b7 is isolated (e5 and f3 stand together). f3 has nothing ahead of it on
        // the e-, f- or g-file towards rank 1; e5 has d4 ahead, b7 the a-pawns and c4.
        assert_eq!(
            pawn_structure_of(black, white, Color::Black),
            PawnStructure {
                doubled: 0,
                isolated: 1,
                passed: 1
            }
        );
        // A pawn behind its own pawn is still passed when no enemy pawn is ahead.
        assert_eq!(
            pawn_structure_of(squares(&["e2", "e4"]), squares(&["a7"]), Color::White),
            PawnStructure {
                doubled: 1,
                isolated: 2,
                passed: 2
            }
        );
    }

    #[test]
    fn ranks_ahead_run_towards_the_side_s_last_rank() {
        let e4: Square = "e4".parse().unwrap();
        assert_eq!(
            ranks_ahead(e4, Color::White),
            Bitboard(0xffff_ffff_0000_0000)
        );
        assert_eq!(
            ranks_ahead(e4, Color::Black),
            Bitboard(0x0000_0000_00ff_ffff)
        );
        assert_eq!(ranks_ahead(Square::A1, Color::White), Bitboard(!0xff));
        assert_eq!(ranks_ahead(Square::A1, Color::Black), Bitboard::EMPTY);
        assert_eq!(ranks_ahead(Square::H8, Color::White), Bitboard::EMPTY);
        assert_eq!(
            ranks_ahead(Square::H8, Color::Black),
            Bitboard(0x00ff_ffff_ffff_ffff)
        );
        let b7: Square = "b7".parse().unwrap();
        assert_eq!(ranks_ahead(b7, Color::White), Bitboard::rank(7));
    }
}
