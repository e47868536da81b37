//! An implementation of boardlab-core's `Board` trait using a 10x12 mailbox: the 8x8 board
//! inside a frame of off-board sentinel cells, so that a piece walking off the edge meets a cell
//! it may not enter instead of needing a bounds test.
//!
//! ```text
//!           a   b   c   d   e   f   g   h
//!     .   .   .   .   .   .   .   .   .   .    110..119
//!     .   .   .   .   .   .   .   .   .   .    100..109
//! 8   .  91  92  93  94  95  96  97  98   .
//! 7   .  81  82  83  84  85  86  87  88   .
//! 6   .  71  72  73  74  75  76  77  78   .
//! 5   .  61  62  63  64  65  66  67  68   .
//! 4   .  51  52  53  54  55  56  57  58   .
//! 3   .  41  42  43  44  45  46  47  48   .
//! 2   .  31  32  33  34  35  36  37  38   .
//! 1   .  21  22  23  24  25  26  27  28   .
//!     .   .   .   .   .   .   .   .   .   .     10..19
//!     .   .   .   .   .   .   .   .   .   .      0..9
//!
//!  .  off-board sentinel          cell = 21 + file + 10 * rank
//!  steps  +10 north  -10 south  +1 east  -1 west  +11 +9 -9 -11 diagonals
//!  knight jumps  +-8  +-12  +-19  +-21 (two sentinel rows keep them inside the array)
//! ```
//!
//! Each cell is one byte: empty, a piece (colour bits and role), or the sentinel, which carries
//! both colour bits so "may I land here" is one mask test that the frame fails for either side.
//! The 64 <-> 120 maps are two small static tables, beside the table of line steps. Per-cell arrays have 256 entries, the last
//! 136 unused, so that a cell index, being a byte, needs neither a bounds check nor a mask.
//!
//! # What the board keeps
//!
//! Besides the 120 cells, [`MailboxBoard`] keeps auxiliary indexes, as classic mailbox programs
//! do: a piece list for each of the 12 pieces (so move generation visits the pieces instead of
//! scanning squares), each occupied cell's place in its list (so a capture removes a piece in
//! constant time) and the kings' cells (the first entry of the king lists). Beside them it keeps
//! boardlab-core's `PositionState`: side to move, castling rights, en-passant square, the two
//! clocks and the incrementally updated Zobrist hash, which make saves whole in its undo record.
//!
//! # How it reaches legal moves
//!
//! Legal moves are generated directly, without playing and testing each one. Looking at the
//! knight and pawn squares around the king of the side to move, and walking out from it along
//! the rays that lead to an enemy bishop, rook or queen (a table of the 64x64 square pairs gives
//! the step from one square towards another on a common line), finds the checking pieces and
//! the pinned ones. Unpinned pieces then move freely (or, in check,
//! only to the checker's cell and the cells between it and the king); pinned pieces move only
//! along their pin line; in double check only the king moves. King steps are tested for
//! attacks square by square (after ruling out the square behind the king on a checking slider's
//! line, which that test would miss because the king itself blocks the ray), castling tests the
//! squares the king crosses, and en passant is
//! tested on a copy of the board with the capture made, which catches the rare rank pin where
//! two pawns leave the same rank at once.
//!
//! # Examples
//!
//! ```
//! use boardlab_core::{Board, BoardExt, GenKind, MoveList};
//! use boardlab_mailbox::MailboxBoard;
//!
//! // Taking en passant would expose the white king along the fifth rank.
//! let board = MailboxBoard::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
//! let mut captures = MoveList::new();
//! board.generate(GenKind::Noisy, &mut captures);
//! assert!(captures.is_empty());
//! ```

mod attack;
mod board;
mod cell;
mod movegen;
mod piece_lists;
mod queries;
mod square120;
mod views;

pub use board::{MailboxBoard, MailboxUndo};
