//! An implementation of boardlab-core's `Board` trait using piece lists as the position's only
//! store, as in the earliest chess programs.
//!
//! Each side keeps a list of at most 16 entries, each a role and a square. There is no array
//! indexed by square and no set of occupied squares: "what stands on e4?" is answered by
//! scanning both lists. This is the baseline that shows why boards were invented: every step of
//! a sliding piece, every "is this square empty", costs a scan instead of one load.
//!
//! # Squares and the edge of the board
//!
//! Squares are numbered as in boardlab-core, `a1 = 0` to `h8 = 63`; the file is `sq & 7` and the
//! rank `sq >> 3`. Without a border of off-board squares (as a mailbox has), a step leaves the
//! board exactly when the new file or rank falls outside `0..8`, which is what the move
//! generator tests:
//!
//! ```text
//!  8 | 56 57 58 59 60 61 62 63
//!  7 | 48 49 50 51 52 53 54 55
//!  6 | 40 41 42 43 44 45 46 47
//!  5 | 32 33 34 35 36 37 38 39        a step of (df, dr) from (file, rank)
//!  4 | 24 25 26 27 28 29 30 31        stays on the board iff
//!  3 | 16 17 18 19 20 21 22 23        (file + df) and (rank + dr) are in 0..8
//!  2 |  8  9 10 11 12 13 14 15
//!  1 |  0  1  2  3  4  5  6  7
//!    +------------------------
//!       a  b  c  d  e  f  g  h
//! ```
//!
//! # The lists
//!
//! A [`PieceList`] holds two parallel arrays of 16 slots, squares and roles, and a length. The
//! king is always entry 0. A new board fills its lists king first, then queens, rooks, bishops,
//! knights and pawns, each role in square order. For the start position:
//!
//! ```text
//! index   0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15
//! white   K  Q  R  R  B  B  N  N  P  P  P  P  P  P  P  P
//!        e1 d1 a1 h1 c1 f1 b1 g1 a2 b2 c2 d2 e2 f2 g2 h2
//! black   k  q  r  r  b  b  n  n  p  p  p  p  p  p  p  p
//!        e8 d8 a8 h8 c8 f8 b8 g8 a7 b7 c7 d7 e7 f7 g7 h7
//! ```
//!
//! A move rewrites its piece's square in place; a promotion rewrites the role. A capture fills
//! the victim's slot with the list's last entry, and unmake puts both back, so the order after
//! make/unmake is exactly the order before. Unused slots hold a value that no square equals, so a
//! square query compares all 16 slots without a branch per slot: "is anything on e4" becomes a
//! few vector instructions, and "which entry is on e4" reads the slots as two 64-bit words and
//! finds the matching byte with word arithmetic. Both are still scans of the whole list, just
//! not one slot at a time. So the list order does not serve early exits; keeping the king at
//! entry 0 serves the one query that is asked at every node, where the king stands.
//!
//! # What else the board keeps
//!
//! Only boardlab-core's `PositionState`: the state a FEN has besides placement (side to move,
//! castling rights, en-passant square, the two clocks) and the incrementally updated Zobrist
//! hash, which make saves whole in its undo record. There are no auxiliary indexes:
//! no square-indexed array, no occupancy bitboard, no attack tables. (The move generator has two
//! constant tables of the squares a knight and a king reach from each square: geometry fixed at
//! compile time, which says nothing about the position.)
//!
//! # How it reaches legal moves
//!
//! By check and pin detection, looking from the attacker (see the `movegen` module): one pass
//! over the opponent's list finds which pieces give check and which of our pieces are pinned,
//! and the generator then emits only legal moves. King moves test their target against the
//! opponent's list with our king removed; en passant, rare and full of corner cases (the pin
//! along the rank), is played on a copy and kept if our king is safe. Attack tests also look
//! from the attacker: the list names at once, by file and rank differences alone, the pieces that
//! could reach the square on an empty board (a few vector instructions for all 16 slots), and
//! only a lined-up slider among them walks the squares in between.
//!
//! # Examples
//!
//! ```
//! use boardlab_core::{Board, BoardExt, Color, START_FEN, Square};
//! use boardlab_piece_list::PieceListBoard;
//!
//! let board = PieceListBoard::from_fen(START_FEN).unwrap();
//! assert_eq!(format!("{:?}", board.list(Color::Black)),
//!            "[Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Nb8 Ng8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7]");
//! assert_eq!(board.legal_moves().len(), 20);
//! assert_eq!(board.piece_at(Square::E4), None);
//! ```

mod attacks;
mod board;
mod list;
mod movegen;
mod queries;
mod views;

pub use board::{PieceListBoard, Undo};
pub use list::PieceList;

/// A value that is no square, for attack tests that should see every piece.
const NOTHING_IGNORED: u8 = 64;
