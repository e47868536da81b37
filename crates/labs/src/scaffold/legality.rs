//! The given part of the `legality` lab: what its exercises are written against and its
//! tests read. It lives outside the file a student writes (`crates/labs/src/legality.rs`), so
//! that the grading command uses this version whatever the student changed in theirs.

use boardlab_core::{Bitboard, Color, Piece, Role, Setup, Square};

/// What the pin finder may ask of a position. [`Setup`] is one; the lab's test hands the
/// exercise one that counts what it is asked.
pub trait PinBoard {
    /// The side to move, whose pinned pieces are asked for.
    fn side_to_move(&self) -> Color;

    /// The king of `color` (every position the exercise is given has both kings).
    fn king(&self, color: Color) -> Square;

    /// The occupied squares.
    fn occupied(&self) -> Bitboard;

    /// `color`'s sliders along ranks and files (rooks and queens) when `straight`, along
    /// diagonals (bishops and queens) otherwise.
    fn sliders(&self, color: Color, straight: bool) -> Bitboard;

    /// The piece on `sq`. The test counts the reads: a pin finder needs to read only squares
    /// on the king's lines (its rank, file and two diagonals).
    fn piece_at(&self, sq: Square) -> Option<Piece>;

    /// The pieces of `by` that attack `sq` once the squares of `lifted` are emptied: an attack
    /// query. The test counts them, and allows two a position: finding pins needs none.
    fn attackers(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard;
}

impl PinBoard for Setup {
    fn side_to_move(&self) -> Color {
        self.turn
    }

    fn king(&self, color: Color) -> Square {
        // A position without its king has nothing pinned to it; a1 answers for it.
        Setup::king(self, color).unwrap_or(Square::A1)
    }

    fn occupied(&self) -> Bitboard {
        Setup::occupied(self)
    }

    fn sliders(&self, color: Color, straight: bool) -> Bitboard {
        let role = if straight { Role::Rook } else { Role::Bishop };
        self.squares_of(Piece::new(color, role)) | self.squares_of(Piece::new(color, Role::Queen))
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Setup::piece_at(self, sq)
    }

    fn attackers(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        Setup::attackers(self, sq, by, Setup::occupied(self) & !lifted)
    }
}
