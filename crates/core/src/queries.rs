//! The questions an engine asks a board besides "which moves": which squares a piece attacks,
//! who attacks a square once some pieces are lifted off (the x-ray step of a static exchange),
//! how mobile each side is, how many squares it controls, what its pawns look like, and what a
//! capture wins by static exchange evaluation (SEE).
//!
//! [`Board`] provides every query with the generic answer written here, which asks nothing of a
//! board but [`Board::piece_at`]: it reads the 64 squares and walks rays square by square. Each
//! backend overrides the queries in its own idiom (table lookups on bitboards, the difference
//! table on 0x88, ray scans over the mailbox frame, the lists on the piece-list board), and every
//! override must give exactly the generic answer; the generic functions stay public so that
//! benches can time a backend's own answer against them and tests can compare the two.
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
//! - [`see`] plays out the exchange on the target square with the [`SEE_VALUES`]. See its docs
//!   for the order of the recaptures, the king, en passant and promotions.

use crate::bitboard::{
    king_attacks, knight_attacks, pawn_attacks, slider_attacks_slow, BISHOP_DIRECTIONS,
    ROOK_DIRECTIONS,
};
use crate::{Bitboard, Board, Color, Move, Piece, Role, Square};

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

/// The squares a `piece` standing on `sq` attacks when `occupied` are the occupied squares.
pub fn piece_attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS),
        Role::Rook => slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS),
        Role::Queen => {
            slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS)
                | slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS)
        }
        Role::King => king_attacks(sq),
    }
}

/// The generic [`Board::attacks_from`]: the squares the piece on `sq` attacks (none when `sq`
/// is empty).
pub fn attacks_from<B: Board>(board: &B, sq: Square) -> Bitboard {
    match board.piece_at(sq) {
        Some(piece) => piece_attacks(piece, sq, occupancy(board)),
        None => Bitboard::EMPTY,
    }
}

/// The generic [`Board::attackers_to`]: the pieces of `by` that attack `sq` once the pieces on
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

/// The generic [`Board::mobility`]: over `color`'s knights, bishops, rooks and queens, the
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

/// The generic [`Board::attacked_squares`]: how many squares at least one piece of `color`
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

/// The generic [`Board::pawn_structure`] of `color`'s pawns.
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
pub fn exchange<B: Board>(board: &B, mv: Move) -> Vec<Swap> {
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
/// [`Board::attackers_to`], or the generic [`attackers_to`]) and handing each capture to
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

/// The least valuable piece among `candidates`, the lowest square first among equals.
fn least_valuable<B: Board>(board: &B, candidates: Bitboard) -> Option<(Square, Piece)> {
    candidates
        .filter_map(|sq| board.piece_at(sq).map(|piece| (sq, piece)))
        .min_by_key(|(sq, piece)| (piece.role as u8, *sq as u8))
}

/// The static exchange value of an [`exchange`]: each side may stop capturing when going on
/// would lose, so the value is folded from the last capture back to the first.
pub fn exchange_value(swaps: &[Swap]) -> i32 {
    let mut gains = [0; MAX_SWAPS];
    for (slot, swap) in gains.iter_mut().zip(swaps) {
        *slot = swap.gain;
    }
    fold_gains(&gains[..swaps.len().min(MAX_SWAPS)])
}

/// More captures than an exchange can have: one per piece on the board.
const MAX_SWAPS: usize = 33;

/// The exchange's value from the gains of its captures in order: the first capture is made,
/// each later one only if it does not lose for the side making it.
fn fold_gains(gains: &[i32]) -> i32 {
    let Some((&first, rest)) = gains.split_first() else {
        return 0;
    };
    let later = rest
        .iter()
        .rev()
        .fold(0, |value, &gain| (gain - value).max(0));
    first - later
}

/// The SEE value of `mv` with the attackers found by `attackers`, without a list: what a
/// backend's own [`Board::see`] calls with its own attacker query.
pub fn see_with<B: Board>(
    board: &B,
    mv: Move,
    attackers: impl FnMut(Square, Color, Bitboard) -> Bitboard,
) -> i32 {
    let mut gains = [0; MAX_SWAPS];
    let mut count = 0;
    play_exchange(board, mv, attackers, |swap| {
        // An exchange has at most one capture per piece, so `count` stays in bounds.
        gains[count] = swap.gain;
        count += 1;
    });
    fold_gains(&gains[..count])
}

/// The generic [`Board::see`]: the static exchange value of `mv` in centipawns, for the side
/// making it.
///
/// The exchange is played out on the move's target square. After the move, the other side
/// recaptures with its least valuable attacker (the lowest square first among equals); pieces
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
