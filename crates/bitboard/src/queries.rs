//! The engine queries answered by lookups: the board's own answers to the
//! [`EngineQueries`], which every bitboard backend gives through its slider technique. Each
//! answer equals boardlab-engine's generic one ([`boardlab_engine::queries`]), which reads the
//! board square by square and walks rays; here
//! the pieces come from the role and colour sets and the attacks from the same lookups the move
//! generator makes.
//!
//! - **Attacks from a square**: the piece array says what stands there; a leaper's attacks are
//!   one table load, a slider's one or two lookups of the technique.
//! - **Attackers to a square**: the square's attacks by every kind of piece, looked up from the
//!   square itself, each ANDed with the pieces of that kind, since attacks are symmetric (a
//!   knight attacks the target from exactly the squares a knight on the target attacks; for
//!   pawns, with the colours swapped): five lookups whatever the number of pieces.
//! - **Mobility**: one lookup per knight, bishop, rook and queen, masked with the own side's
//!   complement and counted.
//! - **Attacked squares**: the pawns' captures as two shifts of the whole pawn set, the king's
//!   one load, one lookup per other piece, all ORed into one set and counted once.
//! - **Pawn structure**: the files holding pawns come from filling the pawn set down the board
//!   (three shifts); doubled pawns are the pawns less the files; isolated pawns are those whose
//!   neighbouring files, the file set shifted one file each way, hold none; a pawn is passed
//!   when it stands outside the enemy pawns' front spans, the enemy pawns filled towards it and
//!   widened to the neighbouring files.
//! - **SEE**: the classic bitboard swap. One occupancy word loses each piece as it captures;
//!   the attackers of both sides to the target are found once, and each time a piece that can
//!   stand on a line through the target leaves, the slider lookup for that kind of line is
//!   asked again with the smaller occupancy, which adds the x-rays behind it. The gains go into
//!   a swap list on the stack, at most the engine's `MAX_SWAPS` long, and the engine's one
//!   fold of an exchange ([`fold_gains`]) folds them from its end. (The engine's own list,
//!   a `SwapList`, took 5% more instructions here: 365,947 against 348,389 for the SEE of every
//!   capture of `benches/instructions`' query positions on magic bitboards.)
//!
//! # Pieces lifted off, technique by technique
//!
//! [`EngineQueries::attackers_to`] takes pieces off the board, and SEE takes them off one by one: the
//! lookups must answer for an occupancy the board does not hold.
//!
//! - The seven techniques that read the plain occupancy alone (magic, black magic, PEXT,
//!   kindergarten, hyperbola quintessence, obstruction difference, Kogge-Stone fills;
//!   [`SliderTechnique::STATELESS`]) are simply handed the smaller occupancy word: lifting
//!   costs one AND.
//! - Rotated bitboards keep the occupancy in four maps, and bit lines keep one byte per rank,
//!   file and diagonal; neither can be asked about a plain occupancy word. Both answer for a
//!   copy of their state with the lifted squares toggled out, the same toggle `make` applies
//!   ([`SliderTechnique::toggle`]), as the move generator does for an en-passant capture: the
//!   copy is 32 bytes for rotated and 48 for bit lines, and each lifted piece costs four XORs
//!   (rotated also loads the square's three rotated bits). Rebuilding the state from the
//!   smaller occupancy ([`SliderTechnique::lines`]) would cost a toggle per piece left on the
//!   board instead of one per piece lifted. SEE toggles its copy once per capture, in step with
//!   its occupancy word.

use crate::board::BitboardBoard;
use crate::slider_technique::SliderTechnique;
use boardlab_core::bitboard::{king_attacks, knight_attacks, pawn_attacks};
use boardlab_core::{Bitboard, Board, Color, Move, Role, Square};
use boardlab_engine::queries::{fold_gains, see_value, MAX_SWAPS};
use boardlab_engine::{EngineQueries, PawnStructure};

/// The queries answered by the technique's lookups (see the module docs).
impl<T: SliderTechnique> EngineQueries for BitboardBoard<T> {
    /// The squares the piece on `sq` attacks, none when `sq` is empty.
    fn attacks_from(&self, sq: Square) -> Bitboard {
        let Some(piece) = self.piece_at(sq) else {
            return Bitboard::EMPTY;
        };
        let tables = T::tables();
        let lines = self.lines();
        let occupied = self.occupied();
        match piece.role {
            Role::Pawn => pawn_attacks(piece.color, sq),
            Role::Knight => knight_attacks(sq),
            Role::Bishop => T::bishop_attacks(tables, lines, occupied, sq),
            Role::Rook => T::rook_attacks(tables, lines, occupied, sq),
            Role::Queen => {
                T::bishop_attacks(tables, lines, occupied, sq)
                    | T::rook_attacks(tables, lines, occupied, sq)
            }
            Role::King => king_attacks(sq),
        }
    }

    /// The pieces of `by` attacking `sq` once the pieces on `lifted` are off the board.
    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        let occupied = self.occupied() & !lifted;
        let lines = lines_without(self, lifted);
        self.attackers(T::tables(), &lines, sq, by, occupied) & !lifted
    }

    /// Over `color`'s knights, bishops, rooks and queens, the attacked squares not occupied by
    /// `color`, summed.
    fn mobility(&self, color: Color) -> u32 {
        let tables = T::tables();
        let lines = self.lines();
        let occupied = self.occupied();
        let ours = self.by_color(color);
        let free = !ours;
        let queens = self.by_role(Role::Queen);
        let mut total = 0;
        for from in self.by_role(Role::Knight) & ours {
            total += (knight_attacks(from) & free).count();
        }
        for from in (self.by_role(Role::Bishop) | queens) & ours {
            total += (T::bishop_attacks(tables, lines, occupied, from) & free).count();
        }
        for from in (self.by_role(Role::Rook) | queens) & ours {
            total += (T::rook_attacks(tables, lines, occupied, from) & free).count();
        }
        total
    }

    /// How many squares at least one piece of `color` attacks.
    fn attacked_squares(&self, color: Color) -> u32 {
        let tables = T::tables();
        let lines = self.lines();
        let occupied = self.occupied();
        let ours = self.by_color(color);
        let queens = self.by_role(Role::Queen);
        let mut attacked = pawn_set_attacks(self.by_role(Role::Pawn) & ours, color);
        for from in self.by_role(Role::King) & ours {
            attacked |= king_attacks(from);
        }
        for from in self.by_role(Role::Knight) & ours {
            attacked |= knight_attacks(from);
        }
        for from in (self.by_role(Role::Bishop) | queens) & ours {
            attacked |= T::bishop_attacks(tables, lines, occupied, from);
        }
        for from in (self.by_role(Role::Rook) | queens) & ours {
            attacked |= T::rook_attacks(tables, lines, occupied, from);
        }
        attacked.count()
    }

    /// `color`'s doubled, isolated and passed pawns, from file fills.
    fn pawn_structure(&self, color: Color) -> PawnStructure {
        let pawns = self.by_role(Role::Pawn);
        let own = pawns & self.by_color(color);
        let enemy = pawns & self.by_color(!color);
        // Every square of every file holding one of our pawns; its first rank has one square per
        // such file, so the pawns beyond the first on each file are the pawns less the files.
        let own_files = fill_up(fill_down(own));
        let files_held = (own_files & Bitboard::RANK_1).count();
        // The squares an enemy pawn has in front of it (from our side: between it and our back
        // rank), on its own file and the neighbouring ones: a pawn of ours there is not passed.
        let in_front = match color {
            Color::White => fill_down(Bitboard(enemy.0 >> 8)),
            Color::Black => fill_up(Bitboard(enemy.0 << 8)),
        };
        let enemy_front_spans = in_front | beside(in_front);
        PawnStructure {
            doubled: own.count() - files_held,
            isolated: (own & !beside(own_files)).count(),
            passed: (own & !enemy_front_spans).count(),
        }
    }

    /// The static exchange value of `mv` for the side making it, by the classic bitboard swap (see
    /// the module docs); the rules are [`boardlab_engine::queries::see`]'s.
    fn see(&self, mv: Move) -> i32 {
        let from = mv.from();
        let target = mv.to();
        let Some(mover) = self.piece_at(from) else {
            return 0;
        };
        if mv.is_castle() {
            return 0;
        }
        // En passant takes the pawn beside the moving pawn, behind the target square.
        let captured_square = if mv.is_en_passant() {
            Square::from_index((target as u8 & 7) | (from as u8 & 56))
        } else {
            target
        };
        let captured = self.piece_at(captured_square);
        let mut lifted = Bitboard::from_square(from);
        if captured.is_some() {
            lifted = lifted.with(captured_square);
        }
        let mut on_target = mv.promotion().unwrap_or(mover.role);

        // gains[d]: what capture d takes, a promotion's gain included.
        let mut gains = [0i32; MAX_SWAPS];
        gains[0] = captured.map_or(0, |piece| see_value(piece.role)) + see_value(on_target)
            - see_value(mover.role);
        let mut depth = 0;

        let tables = T::tables();
        let mut occupied = self.occupied() & !lifted;
        let mut lines = lines_without(self, lifted);
        let diagonal = diagonal_sliders(self);
        let straight = straight_sliders(self);
        let mut attackers = attackers_of_both(self, tables, &lines, target, occupied) & occupied;
        let mut side = !mover.color;
        let promotes_here = target as u8 >> 3;
        while depth + 1 < MAX_SWAPS {
            let Some((role, capturer)) = least_valuable(self, attackers & self.by_color(side))
            else {
                break;
            };
            occupied = occupied.without(capturer);
            T::toggle(&mut lines, capturer);
            // Only a piece on a line through the target can have stood in front of a slider: a
            // pawn, bishop or king on a diagonal, a rook or king on a rank or file, a queen on
            // either. The new lookup with the smaller occupancy adds the slider behind it.
            if matches!(role, Role::Pawn | Role::Bishop | Role::Queen | Role::King) {
                attackers |= T::bishop_attacks(tables, &lines, occupied, target) & diagonal;
            }
            if matches!(role, Role::Rook | Role::Queen | Role::King) {
                attackers |= T::rook_attacks(tables, &lines, occupied, target) & straight;
            }
            attackers &= occupied;
            if role == Role::King && !(attackers & self.by_color(!side)).is_empty() {
                // The king may not capture onto a defended square; the exchange ends here.
                break;
            }
            let promotes = role == Role::Pawn && promotes_here == promotion_rank(side);
            let promotion_gain = if promotes {
                see_value(Role::Queen) - see_value(Role::Pawn)
            } else {
                0
            };
            depth += 1;
            gains[depth] = see_value(on_target) + promotion_gain;
            on_target = if promotes { Role::Queen } else { role };
            side = !side;
        }
        fold_gains(&gains[..=depth])
    }
}

/// The technique's state for the board's occupancy with the pieces on `lifted` taken off:
/// the board's own state when the technique keeps none, else a copy with each lifted piece's
/// square toggled (see the module docs for what that costs).
#[inline]
fn lines_without<T: SliderTechnique>(board: &BitboardBoard<T>, lifted: Bitboard) -> T::Lines {
    let mut lines = *board.lines();
    if !T::STATELESS {
        // Only occupied squares are toggled: toggling an empty one would fill it.
        for sq in lifted & board.occupied() {
            T::toggle(&mut lines, sq);
        }
    }
    lines
}

/// The pieces of both sides attacking `sq` when `occupied` (which `lines` stands for) is
/// occupied; pieces off `occupied` are left for the caller to mask out.
#[inline]
fn attackers_of_both<T: SliderTechnique>(
    board: &BitboardBoard<T>,
    tables: &T::Tables,
    lines: &T::Lines,
    sq: Square,
    occupied: Bitboard,
) -> Bitboard {
    let pawns = board.by_role(Role::Pawn);
    // A white pawn attacks `sq` from where a black pawn on `sq` would attack, and the reverse.
    let pawn_attackers = (pawn_attacks(Color::Black, sq) & pawns & board.by_color(Color::White))
        | (pawn_attacks(Color::White, sq) & pawns & board.by_color(Color::Black));
    pawn_attackers
        | (knight_attacks(sq) & board.by_role(Role::Knight))
        | (king_attacks(sq) & board.by_role(Role::King))
        | (T::bishop_attacks(tables, lines, occupied, sq) & diagonal_sliders(board))
        | (T::rook_attacks(tables, lines, occupied, sq) & straight_sliders(board))
}

/// The bishops and queens of both sides.
#[inline]
fn diagonal_sliders<T: SliderTechnique>(board: &BitboardBoard<T>) -> Bitboard {
    board.by_role(Role::Bishop) | board.by_role(Role::Queen)
}

/// The rooks and queens of both sides.
#[inline]
fn straight_sliders<T: SliderTechnique>(board: &BitboardBoard<T>) -> Bitboard {
    board.by_role(Role::Rook) | board.by_role(Role::Queen)
}

/// The squares `color`'s pawns on `pawns` attack: the whole set shifted one diagonal step
/// each way, pawns on the edge file not wrapping round.
#[inline]
fn pawn_set_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    let west = pawns & !Bitboard::FILE_A;
    let east = pawns & !Bitboard::FILE_H;
    match color {
        Color::White => Bitboard(west.0 << 7 | east.0 << 9),
        Color::Black => Bitboard(west.0 >> 9 | east.0 >> 7),
    }
}

/// `set` and every square above its squares on their files.
#[inline]
fn fill_up(set: Bitboard) -> Bitboard {
    let mut filled = set.0;
    filled |= filled << 8;
    filled |= filled << 16;
    filled |= filled << 32;
    Bitboard(filled)
}

/// `set` and every square below its squares on their files.
#[inline]
fn fill_down(set: Bitboard) -> Bitboard {
    let mut filled = set.0;
    filled |= filled >> 8;
    filled |= filled >> 16;
    filled |= filled >> 32;
    Bitboard(filled)
}

/// The squares beside those of `set` on the files either side (not `set` itself).
#[inline]
fn beside(set: Bitboard) -> Bitboard {
    Bitboard((set & !Bitboard::FILE_A).0 >> 1 | (set & !Bitboard::FILE_H).0 << 1)
}

/// The rank a pawn of `color` promotes on, as the squares' rank index.
const fn promotion_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The least valuable piece among `candidates` and its square, the lowest square first among
/// equals.
#[inline]
fn least_valuable<T: SliderTechnique>(
    board: &BitboardBoard<T>,
    candidates: Bitboard,
) -> Option<(Role, Square)> {
    Role::ALL.into_iter().find_map(|role| {
        (candidates & board.by_role(role))
            .first()
            .map(|sq| (role, sq))
    })
}
