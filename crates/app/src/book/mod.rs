//! Polyglot opening books.
//!
//! A Polyglot book is a file of 16-byte entries, each big-endian:
//!
//! ```text
//! bytes  0..8   key     the position's Polyglot Zobrist key (boardlab's `Zobrist.key`)
//! bytes  8..10  move    to file (bits 0-2), to rank (3-5), from file (6-8), from rank (9-11),
//!                       promotion (12-14: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen)
//! bytes 10..12  weight  how often to play the move, relative to the position's other moves
//! bytes 12..16  learn   left to the program that wrote the book
//! ```
//!
//! The entries are sorted by key, so a position's moves sit together and are found by binary
//! search. Castling is written as the king taking its own rook (`e1h1`); this reader turns it
//! into the king's move (`e1g1`), as every other move in boardlab is written.

pub(crate) mod command;

use boardlab_core::{Board, BoardExt, Move, Role, Square};
use std::fmt;
use std::path::Path;

/// The bytes of one entry.
const BOOK_ENTRY_BYTES: usize = 16;

/// One entry of a book, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct BookEntry {
    /// The Polyglot key of the position.
    key: u64,
    /// The move in Polyglot's encoding (see the module docs).
    raw_move: u16,
    /// The move's weight.
    weight: u16,
    /// The learning field.
    learn: u32,
}

impl BookEntry {
    /// The entry in its 16 bytes.
    fn parse(bytes: &[u8; BOOK_ENTRY_BYTES]) -> BookEntry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = *bytes;
        BookEntry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// The origin and destination squares and the promotion, as the entry writes them
    /// (castling still as king takes rook), or `None` if the encoding is not a move.
    fn decoded_move(&self) -> Option<(Square, Square, Option<Role>)> {
        let bits = self.raw_move;
        let square = |shift: u16| {
            let file = bits >> shift & 7;
            let rank = bits >> (shift + 3) & 7;
            Square::from_index((rank * 8 + file) as u8)
        };
        let to = square(0);
        let from = square(6);
        let promotion = match bits >> 12 {
            0 => None,
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            _ => return None,
        };
        (from != to).then_some((from, to, promotion))
    }
}

/// A book move that is legal in the position asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move, castling written as the king's move.
    pub mv: Move,
    /// Its weight in the book.
    pub weight: u16,
    /// The entry's learning field.
    pub learn: u32,
}

/// Why a book could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookError {
    /// The file could not be read.
    Io(String),
    /// The length is not a whole number of entries.
    Truncated(usize),
    /// The file holds no entries.
    Empty,
    /// The entry at this index has a smaller key than the one before it.
    Unsorted(usize),
    /// The entry at this index does not encode a move.
    BadMove(usize),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(why) => write!(f, "cannot read the book: {why}"),
            BookError::Truncated(len) => write!(
                f,
                "not a Polyglot book: its length of {len} bytes is not a multiple of \
                 {BOOK_ENTRY_BYTES} (truncated?)"
            ),
            BookError::Empty => write!(f, "not a Polyglot book: the file is empty"),
            BookError::Unsorted(index) => {
                write!(f, "not a Polyglot book: entry {index} is out of key order")
            }
            BookError::BadMove(index) => write!(
                f,
                "not a Polyglot book: entry {index} does not encode a move"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// A Polyglot opening book, held in memory.
///
/// # Examples
///
/// A book with one entry, 1.e4 from the start position:
///
/// ```
/// use boardlab_core::{Board, BoardExt, Setup, Zobrist};
/// use boardlab_reference::ReferenceBoard;
/// use boardlab_app::Book;
/// let key = Zobrist::of(&Setup::start()).key;
/// let mut bytes = key.to_be_bytes().to_vec();
/// bytes.extend_from_slice(&[0x03, 0x1c, 0, 7, 0, 0, 0, 0]);
/// let book = Book::from_bytes(&bytes).unwrap();
/// let moves = book.moves(&ReferenceBoard::from_setup(&Setup::start()));
/// assert_eq!((moves[0].mv.to_string(), moves[0].weight), ("e2e4".to_string(), 7));
/// assert!(Book::from_bytes(&bytes[..15]).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    entries: Vec<BookEntry>,
}

impl Book {
    /// Reads the book at `path`.
    ///
    /// # Errors
    ///
    /// [`BookError::Io`] when the file cannot be read, and the errors of [`Book::from_bytes`].
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path)
            .map_err(|err| BookError::Io(format!("{}: {err}", path.display())))?;
        Book::from_bytes(&bytes)
    }

    /// The book in `bytes`, checked: whole entries, sorted by key, each a move.
    ///
    /// # Errors
    ///
    /// A [`BookError`] saying which check failed.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let chunks = bytes.chunks_exact(BOOK_ENTRY_BYTES);
        if !chunks.remainder().is_empty() {
            return Err(BookError::Truncated(bytes.len()));
        }
        if bytes.is_empty() {
            return Err(BookError::Empty);
        }
        let mut entries = Vec::with_capacity(bytes.len() / BOOK_ENTRY_BYTES);
        for (index, chunk) in chunks.enumerate() {
            let mut raw = [0; BOOK_ENTRY_BYTES];
            raw.copy_from_slice(chunk);
            let entry = BookEntry::parse(&raw);
            if entries
                .last()
                .is_some_and(|last: &BookEntry| last.key > entry.key)
            {
                return Err(BookError::Unsorted(index));
            }
            if entry.decoded_move().is_none() {
                return Err(BookError::BadMove(index));
            }
            entries.push(entry);
        }
        Ok(Book { entries })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries (never true of a book that was read successfully).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries for the position with Polyglot key `key`, in file order.
    fn entries(&self, key: u64) -> &[BookEntry] {
        let start = self.entries.partition_point(|entry| entry.key < key);
        let end = start + self.entries[start..].partition_point(|entry| entry.key == key);
        &self.entries[start..end]
    }

    /// The book's moves for `board` that are legal there, in file order (which Polyglot books
    /// keep by descending weight), weight-0 entries included.
    pub fn moves<B: Board>(&self, board: &B) -> Vec<BookMove> {
        let entries = self.entries(board.zobrist().key);
        if entries.is_empty() {
            return Vec::new();
        }
        let legal = board.legal_moves();
        entries
            .iter()
            .filter_map(|entry| {
                let (from, to, promotion) = entry.decoded_move()?;
                let to = castling_destination(board, from, to);
                legal
                    .iter()
                    .find(|mv| mv.from() == from && mv.to() == to && mv.promotion() == promotion)
                    .map(|&mv| BookMove {
                        mv,
                        weight: entry.weight,
                        learn: entry.learn,
                    })
            })
            .collect()
    }

    /// A book move for `board` chosen at random in proportion to the weights (`random` is any
    /// random number), or `None` when the book has no move of positive weight here.
    pub fn pick<B: Board>(&self, board: &B, random: u64) -> Option<Move> {
        let moves = self.moves(board);
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut ticket = random % total;
        for book_move in &moves {
            let weight = u64::from(book_move.weight);
            if ticket < weight {
                return Some(book_move.mv);
            }
            ticket -= weight;
        }
        None
    }
}

/// Polyglot writes castling as the king moving onto its own rook: `e1h1` becomes `e1g1`, and
/// `e1a1` becomes `e1c1` (likewise on the eighth rank), when a king stands on the origin.
fn castling_destination<B: Board>(board: &B, from: Square, to: Square) -> Square {
    let king_home = matches!(from, Square::E1 | Square::E8);
    let is_king = board
        .piece_at(from)
        .is_some_and(|piece| piece.role == Role::King);
    if !king_home || !is_king || from.rank() != to.rank() {
        return to;
    }
    match to.file().index() {
        7 => Square::from_index(from as u8 + 2),
        0 => Square::from_index(from as u8 - 2),
        _ => to,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::{Setup, Zobrist};
    use boardlab_reference::ReferenceBoard;

    fn entry_bytes(key: u64, raw_move: u16, weight: u16) -> Vec<u8> {
        let mut bytes = key.to_be_bytes().to_vec();
        bytes.extend_from_slice(&raw_move.to_be_bytes());
        bytes.extend_from_slice(&weight.to_be_bytes());
        bytes.extend_from_slice(&[0, 0, 0, 0]);
        bytes
    }

    /// Polyglot's encoding of a move given in UCI-like squares.
    fn encode(from: Square, to: Square, promotion: u16) -> u16 {
        let sq = |s: Square| (s.rank().index() as u16) << 3 | s.file().index() as u16;
        promotion << 12 | sq(from) << 6 | sq(to)
    }

    #[test]
    fn finds_every_entry_of_a_key_by_binary_search() {
        let start = Zobrist::of(&Setup::start()).key;
        let mut bytes = Vec::new();
        bytes.extend(entry_bytes(start - 1, encode(Square::E2, Square::E4, 0), 1));
        bytes.extend(entry_bytes(start, encode(Square::E2, Square::E4, 0), 30));
        bytes.extend(entry_bytes(start, encode(Square::D2, Square::D4, 0), 20));
        bytes.extend(entry_bytes(start, encode(Square::E2, Square::E5, 0), 9));
        bytes.extend(entry_bytes(start + 1, encode(Square::C2, Square::C4, 0), 5));
        let book = Book::from_bytes(&bytes).unwrap();
        assert_eq!(book.len(), 5);
        assert_eq!(book.entries(start).len(), 3);
        assert!(book.entries(start + 2).is_empty());
        let board = ReferenceBoard::from_setup(&Setup::start());
        let moves: Vec<(String, u16)> = book
            .moves(&board)
            .iter()
            .map(|m| (m.mv.to_string(), m.weight))
            .collect();
        // e2e5 is not legal and is left out.
        assert_eq!(moves, [("e2e4".to_string(), 30), ("d2d4".to_string(), 20)]);
        assert_eq!(
            book.pick(&board, 0).map(|mv| mv.to_string()),
            Some("e2e4".into())
        );
        assert_eq!(
            book.pick(&board, 30).map(|mv| mv.to_string()),
            Some("d2d4".into())
        );
        assert_eq!(
            book.pick(&board, 49).map(|mv| mv.to_string()),
            Some("d2d4".into())
        );
    }

    #[test]
    fn castling_is_read_as_the_kings_move_and_promotions_by_role() {
        let fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let board = ReferenceBoard::from_fen(fen).unwrap();
        let key = board.zobrist().key;
        let mut bytes = Vec::new();
        bytes.extend(entry_bytes(key, encode(Square::E1, Square::H1, 0), 4));
        bytes.extend(entry_bytes(key, encode(Square::E1, Square::A1, 0), 3));
        bytes.extend(entry_bytes(key, encode(Square::B7, Square::A8, 1), 2));
        bytes.extend(entry_bytes(key, encode(Square::B7, Square::B8, 4), 1));
        let book = Book::from_bytes(&bytes).unwrap();
        let moves: Vec<String> = book
            .moves(&board)
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(moves, ["e1g1", "e1c1", "b7a8n", "b7b8q"]);
        assert!(book.moves(&board)[0].mv.is_castle());
    }

    #[test]
    fn refuses_files_that_are_not_books() {
        let good = entry_bytes(5, encode(Square::E2, Square::E4, 0), 1);
        assert_eq!(Book::from_bytes(&good[..10]), Err(BookError::Truncated(10)));
        assert_eq!(Book::from_bytes(&[]), Err(BookError::Empty));
        let mut unsorted = entry_bytes(9, encode(Square::E2, Square::E4, 0), 1);
        unsorted.extend(entry_bytes(3, encode(Square::E2, Square::E4, 0), 1));
        assert_eq!(Book::from_bytes(&unsorted), Err(BookError::Unsorted(1)));
        let bad_move = entry_bytes(1, 7 << 12 | encode(Square::E2, Square::E4, 0), 1);
        assert_eq!(Book::from_bytes(&bad_move), Err(BookError::BadMove(0)));
        let text = b"this is a text file, not a book!";
        assert!(Book::from_bytes(text).is_err());
        assert!(BookError::Truncated(10)
            .to_string()
            .contains("not a multiple of 16"));
        assert!(matches!(
            Book::open("/nonexistent/book.bin"),
            Err(BookError::Io(_))
        ));
    }
}
