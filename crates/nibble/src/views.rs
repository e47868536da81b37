//! Teaching views of the nibble board: the eight rank words in hex, how one square's code is
//! shifted and masked out of its word, and the word-wide (SWAR) masks the generator works with.

use crate::attack::{color_of, first_piece, king_safety, Threats};
use crate::board::{square, NibbleBoard};
use crate::geometry::{file_of, index_step, rank_of, DIRECTIONS, EAST, WEST};
use crate::packed::{code, matching, nibble, occupied, of_color, rank_reach, squeeze, LOW, PAWN};
use boardlab_core::{Board, Color, Role, Square};
use boardlab_views::svg::{self, Figure, Panel, Tone};
use boardlab_views::{
    legal_moves_step, piece_name, position_header, sizes_line, ExplainError, Explanation, Marked,
    Narration, Views,
};
use std::fmt::Write;

/// A word as eight hex digits with an underscore in the middle: file h is the first digit.
fn hex(word: u32) -> String {
    format!("0x{:04x}_{:04x}", word >> 16, word & 0xffff)
}

/// A nibble mask or a word as its eight nibbles in binary, file h first.
fn nibbles(word: u32) -> String {
    (0..8)
        .rev()
        .map(|file| format!("{:04b}", nibble(word, file)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An eight-bit set of files as letters: `b..e...` for files b and e.
fn files(set: u32) -> String {
    (0..8)
        .map(|file| {
            if set >> file & 1 != 0 {
                char::from(b'a' + file as u8)
            } else {
                '.'
            }
        })
        .collect()
}

impl NibbleBoard {
    /// The board as a panel: each square's code in hex, its bit offset in the word in the corner.
    fn words_panel(&self, title: &str, focus: Option<Square>) -> Panel {
        let mut panel = Panel::board(title, |sq| {
            let content = self.code_at(sq as u32);
            let label = match self.piece_at(sq) {
                Some(piece) => format!("{content:x} {}", piece.char()),
                None => "0".to_string(),
            };
            let tone = if Some(sq) == focus {
                Tone::Focus
            } else if content == 0 {
                Tone::of_square(sq)
            } else {
                Tone::Value
            };
            svg::Cell::new(label, tone).with_corner(format!("{}", 4 * file_of(sq as u32)))
        });
        for (row, label) in panel.row_labels.iter_mut().enumerate() {
            let rank = 7 - row;
            *label = format!("{} {}", rank + 1, hex(self.ranks[rank]));
        }
        panel.notes.push(
            "each cell: the square's code in hex and its piece; corner: the shift of its nibble"
                .to_string(),
        );
        panel
    }

    /// The eight words, one a line, rank 8 on top, with their nibbles decoded.
    fn words_text(&self) -> String {
        let mut text = String::from("  rank  word         h g f e d c b a\n");
        for rank in (0..8).rev() {
            let word = self.ranks[rank];
            let letters: Vec<String> = (0..8)
                .rev()
                .map(|file| {
                    crate::packed::piece_of(nibble(word, file))
                        .map_or(".".to_string(), |p| p.char().to_string())
                })
                .collect();
            let _ = writeln!(
                text,
                "  {}     {}  {}",
                rank + 1,
                hex(word),
                letters.join(" ")
            );
        }
        text
    }

    /// How the code on `sq` is read: the word, the shift and the mask.
    fn reading_text(&self, sq: Square) -> String {
        let (rank, file) = (rank_of(sq as u32), file_of(sq as u32));
        let word = self.ranks[rank as usize];
        let content = nibble(word, file);
        let name = crate::packed::piece_of(content).map_or("empty".to_string(), piece_name);
        format!(
            "  {sq} is square {}: word {} = {sq} >> 3, nibble {file} = {sq} & 7, shift 4 * {file} = {}\n  ranks[{rank}]            = {}   {}\n  ranks[{rank}] >> {:<2}      = {}\n  (ranks[{rank}] >> {:<2}) & 0xf = {content:#x}: {name}\n",
            sq as u32,
            rank,
            4 * file,
            hex(word),
            nibbles(word),
            4 * file,
            hex(word >> (4 * file)),
            4 * file,
        )
    }

    /// The word-wide masks of one rank: occupied, black, the side's pawns; each a nibble mask
    /// with bit 0 of a nibble set for each square that answers yes, and squeezed to 8 bits.
    fn swar_text(&self, rank: u32) -> String {
        let word = self.ranks[rank as usize];
        let us = self.state.turn;
        let pawn = code(us, PAWN);
        let diff = word ^ pawn.wrapping_mul(LOW);
        let rows = [
            ("w = ranks[r]", word),
            ("k = w | w>>1 | w>>2", word | word >> 1 | word >> 2),
            ("occupied = k & 0x1111_1111", occupied(word)),
            ("black = (w >> 3) & 0x1111_1111", (word >> 3) & LOW),
            (
                if us == Color::White {
                    "white = occupied & !black"
                } else {
                    "black pieces"
                },
                of_color(word, us),
            ),
            ("d = w ^ (pawn * 0x1111_1111)", diff),
            (
                "pawns = !(d|d>>1|d>>2|d>>3) & 0x1111_1111",
                matching(word, pawn),
            ),
        ];
        let mut text = format!(
            "  rank {}, {}'s pawn code {pawn:x}; nibbles h..a:\n",
            rank + 1,
            us
        );
        for (label, value) in rows {
            let _ = writeln!(text, "  {label:<42} {}  {}", hex(value), nibbles(value));
        }
        let _ = writeln!(
            text,
            "  squeezed to 8 bits (three shift-or steps): occupied {}  pawns {}",
            files(squeeze(occupied(word))),
            files(squeeze(matching(word, pawn)))
        );
        text
    }
}

/// The codes, as the show view lists them.
const CODES: &str = "  kind in bits 0-2: 1 pawn, 2 knight, 3 king, 5 bishop, 6 rook, 7 queen (bit 2: slider; with bit 0 diagonal, bit 1 straight)\n  bit 3: black.  white P1 N2 K3 B5 R6 Q7   black p9 na kb bd re qf   0 empty\n";

impl Views for NibbleBoard {
    fn show(&self, focus: Option<Square>) -> Explanation {
        let title = "nibble: four bits a square, a rank in a u32 (file a in bits 0-3, file h in bits 28-31), the board in eight words";
        let mut figure = Figure::of_position(title, self);
        let mut out = Narration::new(title);
        out.square(focus);
        out.push_str(&position_header(self));
        out.step("the eight rank words in hex, rank 8 on top: the first hex digit is file h, the last file a");
        out.push_str(&self.words_text());
        out.panel(self.words_panel("the eight words: one hex digit a square", focus));
        out.step("the codes");
        out.push_str(CODES);
        let sq = focus.unwrap_or(self.king_square(self.state.turn));
        out.step(&format!("reading one square, {sq}: a shift and a mask"));
        out.push_str(&self.reading_text(sq));
        out.mark(sq, Marked::Set);
        let rank = rank_of(sq as u32);
        out.step(&format!(
            "a SWAR step: rank {} asked about all eight squares at once",
            rank + 1
        ));
        out.push_str(&self.swar_text(rank));
        for file in 0..8 {
            if occupied(self.ranks[rank as usize]) >> (4 * file) & 1 != 0 {
                out.mark(square(rank * 8 + file), Marked::Set);
            }
        }
        out.step(&sizes_line::<NibbleBoard>(
            "lookup tables (file masks, ray lengths and rays, code to piece)",
        ));
        figure.legend(Tone::Value, "an occupied square's code");
        figure.legend(Tone::Focus, "the square read");
        out.finish_with_layout(&figure)
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        let piece = self.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
        let from = sq as u32;
        let (rank, file) = (rank_of(from), file_of(from));
        let mut out = Narration::new(format!(
            "nibble: the {} on {sq} is nibble {file} of word {rank}, bits {}-{}, code {:x}",
            piece_name(piece),
            4 * file,
            4 * file + 3,
            self.code_at(from)
        ));
        out.square(Some(sq));
        out.push_str(&position_header(self));
        out.step("1. reading the square");
        out.push_str(&self.reading_text(sq));
        let us = piece.color;
        match piece.role {
            Role::Pawn => {
                out.step(
                    "2. pawns move a rank word at a time: masks of this rank and the next, ANDed",
                );
                let forward = i32::from(us.forward());
                let next = rank as i32 + forward;
                if (0..8).contains(&next) {
                    let pawns = matching(self.ranks[rank as usize], code(us, PAWN));
                    let ahead = self.ranks[next as usize];
                    let theirs = of_color(ahead, !us);
                    let rows = [
                        ("pawns of this rank", pawns),
                        ("empty squares of the next", LOW & !occupied(ahead)),
                        ("pushes = pawns & empty", pawns & !occupied(ahead)),
                        ("enemy pieces of the next", theirs),
                        ("(pawns << 4) & enemy: towards h", (pawns << 4) & theirs),
                        ("(pawns >> 4) & enemy: towards a", (pawns >> 4) & theirs),
                    ];
                    for (label, value) in rows {
                        let _ = writeln!(out, "  {label:<34} {}  {}", hex(value), nibbles(value));
                    }
                    out.push_str("  a pawn on h shifted << 4 leaves the top of the u32; one on a shifted >> 4 leaves the bottom\n");
                }
            }
            Role::Knight | Role::King => {
                out.step("2. a leaper's targets: one nibble read each");
                let targets = if piece.role == Role::Knight {
                    boardlab_core::bitboard::knight_attacks(sq)
                } else {
                    boardlab_core::bitboard::king_attacks(sq)
                };
                for to in targets {
                    let content = self.code_at(to as u32);
                    let verdict = if content == 0 {
                        out.mark(to, Marked::Reach);
                        "empty"
                    } else if color_of(content) != us {
                        out.mark(to, Marked::Capture);
                        "enemy"
                    } else {
                        "own piece"
                    };
                    let _ = writeln!(
                        out,
                        "  {to}: (ranks[{}] >> {:<2}) & 0xf = {content:x}: {verdict}",
                        rank_of(to as u32),
                        4 * file_of(to as u32)
                    );
                }
                if piece.role == Role::King && us == self.state.turn {
                    let leapers = Threats::of(&self.ranks, !us, Some(self.king(!us))).leapers;
                    let _ = writeln!(
                        out,
                        "  the enemy's pawns, knights and king attack {} of them (one map a node, the pawns' a word at a time); sliders are looked for outwards from each target",
                        (targets.0 & leapers).count_ones()
                    );
                }
            }
            _ => {
                out.step("2. the rank in its own word: the nearest occupied nibble either side");
                let word = self.ranks[rank as usize];
                let occupied_files = squeeze(occupied(word));
                if piece.role != Role::Bishop {
                    let reach = rank_reach(occupied_files, file);
                    let _ = writeln!(
                        out,
                        "  occupied files {}  rook on {}  reach {}  (lowest set bit above, highest below)",
                        files(occupied_files),
                        char::from(b'a' + file as u8),
                        files(reach)
                    );
                }
                out.step("3. files and diagonals: a word a step, one nibble read each");
                for (dir, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                    let straight = dir < 4;
                    if (straight && piece.role == Role::Bishop)
                        || (!straight && piece.role == Role::Rook)
                        || dir == EAST
                        || dir == WEST
                    {
                        continue;
                    }
                    let stop = first_piece(&self.ranks, from, dir);
                    let step = index_step(dir);
                    let mut at = from as i32 + step;
                    let mut path = Vec::new();
                    while (0..64).contains(&at)
                        && stop.is_none_or(|(s, _)| at as u32 != s)
                        && path.len() < 7
                        && (square(at as u32).file() as i32 - sq.file() as i32).abs()
                            == (path.len() as i32 + 1) * i32::from(df).abs()
                    {
                        out.mark(square(at as u32), Marked::Reach);
                        path.push(square(at as u32).to_string());
                        at += step;
                    }
                    let end = match stop {
                        None => "the edge".to_string(),
                        Some((s, content)) if color_of(content) != us => {
                            out.mark(square(s), Marked::Capture);
                            format!("{} code {content:x}, enemy: capture", square(s))
                        }
                        Some((s, content)) => format!("{} code {content:x}, own", square(s)),
                    };
                    let _ = writeln!(
                        out,
                        "  ({dr:+},{df:+}) step {step:+}: {} then {end}",
                        if path.is_empty() {
                            "-".to_string()
                        } else {
                            path.join(" ")
                        }
                    );
                }
            }
        }
        if us == self.state.turn {
            out.step("legality, found from the king before any move is generated");
            let threats = Threats::of(&self.ranks, !us, None);
            let safety = king_safety(&self.ranks, self.king(us), us, &threats);
            let pinned = safety.pinned >> (sq as u32) & 1 != 0;
            let _ = writeln!(
                out,
                "  checkers: {}; this piece {}",
                safety.checkers,
                if pinned {
                    "is pinned: only its pin line is allowed"
                } else {
                    "is not pinned"
                }
            );
        }
        out.panel(self.words_panel("the words, and this piece's square", Some(sq)));
        legal_moves_step(&mut out, self, sq);
        let mut figure =
            Figure::of_position(format!("nibble: the {} on {sq}", piece_name(piece)), self);
        svg::explain_legend(&mut figure);
        Ok(out.finish_with_layout(&figure))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::{BoardExt, START_FEN};

    /// Each view, of a position and a square, must hold every line listed.
    #[test]
    fn the_views_show_the_words_the_masks_and_the_moves() {
        let cases: [(&str, Square, bool, &[&str]); 3] = [
            // R N B Q K B N R is 6 2 5 7 3 5 2 6 from a to h; the word is written h first, so
            // the king's 3 comes before the queen's 7.
            (
                START_FEN,
                Square::H1,
                false,
                &[
                    "1     0x6253_7526  R N B K Q B N R",
                    "8     0xeadb_fdae  r n b k q b n r",
                    "(ranks[0] >> 28) & 0xf = 0x6: white rook",
                ],
            ),
            (
                "4k3/8/8/8/8/6p1/7P/4K3 w - - 0 1",
                Square::H2,
                true,
                &[
                    "(pawns >> 4) & enemy: towards a",
                    "legal moves from h2 (generate): 3",
                ],
            ),
            // The rook on h1 reaches its own king's square on e1, the blocker, along the rank.
            (
                "4k3/7p/8/8/8/8/8/R3K2R w - - 0 1",
                Square::H1,
                true,
                &[
                    "occupied files a...e..h  rook on h  reach ....efg.",
                    "h2 h3 h4 h5 h6 then h7 code 9, enemy: capture",
                    "legal moves from h1 (generate): 8",
                ],
            ),
        ];
        for (fen, sq, explain, lines) in cases {
            let board = NibbleBoard::from_fen(fen).unwrap();
            let text = if explain {
                board.explain(sq).unwrap().to_text()
            } else {
                board.show(Some(sq)).to_text()
            };
            for line in lines {
                assert!(text.contains(line), "{fen} {sq}: {line}\n{text}");
            }
        }
        let empty = NibbleBoard::from_fen(START_FEN)
            .unwrap()
            .explain(Square::E4);
        assert!(empty.is_err());
    }

    #[test]
    fn every_piece_of_busy_positions_is_explained_and_drawn() {
        // Kiwipete for both sides to move, and a Chess960 start with the kings off the e-file.
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ] {
            let board = NibbleBoard::from_fen(fen).unwrap();
            assert!(board.show(None).to_svg().contains("nibble"), "{fen}");
            for sq in Square::ALL {
                if board.piece_at(sq).is_some() {
                    let explanation = board.explain(sq).unwrap();
                    assert!(
                        explanation.to_text().contains("legal moves from"),
                        "{fen} {sq}"
                    );
                    assert!(!explanation.to_svg().is_empty(), "{fen} {sq}");
                }
            }
        }
    }
}
