//! The engine queries answered from the packed ranks, the way the move generator and the check
//! test find attacks: no piece is made and no unpacked copy of the board is built.
//!
//! - **Attacks from a square** read the square's nibble and follow its kind: a knight's or
//!   king's steps from core's tables, as the generator's knight targets are; a pawn's the files
//!   beside its own ([`BESIDE`]) on the rank ahead, whatever stands there; a slider's along its
//!   rank in the one word ([`rank_reach`] on the word's occupied files) and along files and
//!   diagonals a word a step to the first piece ([`first_piece`]), the ray kept up to and
//!   including the blocker as the generator's king map keeps it.
//! - **Attackers of a square** are found looking outwards from it, as the check test does. The
//!   leapers stand in the five words around the square at files known in advance, so one match
//!   of a kind per word, the colour bit masked off, finds both sides' knights and kings at once,
//!   told apart afterwards by the colour bit; a white pawn attacks from the rank below, a black
//!   one from the rank above, each matched with its full code. The sliders are the first piece
//!   along each of the eight rays when it moves along that ray. Lifted pieces are taken off a
//!   32-byte copy of the words, a nibble cleared each, and then neither attack nor block. The
//!   generic answer asks every piece on the board for its whole attack set and keeps those
//!   that contain the square. Two variants gave more instructions and were dropped: passing
//!   over the rays with no slider on them, the sliders gathered from the eight words first as
//!   the check test does (78,019 and 79,473 instructions against 65,175 and 61,625 for every
//!   square's `attackers_to` of both sides, a pass on the start position and on kiwipete, as
//!   counted when the answer was written: one question is cheaper to walk than to filter), and matching one
//!   side's full codes only (73,215 and 68,758).
//! - **Mobility and attacked squares** take a side's pieces a word at a time (sliders by kind
//!   bit 2, knights by one match, the pawns by one match) and ask each for its attacks as
//!   above; mobility masks off the side's own pieces, gathered from the words once. The pawns'
//!   captures for attacked squares are the pawn mask shifted one nibble either way, both capture
//!   files of every pawn of the rank at once (the h-file's falls off the top of the word, the
//!   a-file's off the bottom).
//! - **Pawn structure**: one word-wide match per rank and colour finds the pawns of the rank,
//!   squeezed to eight bits; the sets then go to the one definition of doubled, isolated and
//!   passed pawns. The generic answer reaches the same pawns through a walk of every occupied
//!   nibble (`for_each_piece`), building a piece for each.
//! - **SEE** keeps both sides' attackers from its first question, on a copy of the words with
//!   the lifted pieces taken off. When a piece has captured, its nibble is cleared and the walk
//!   goes on from its square, away from the target, to the first piece behind it: a slider
//!   along that line joins its side (the x-ray), instead of every attacker being looked for
//!   again. The gains are folded by the engine's one `see_with`.
//!
//! Every answer equals the generic one in `boardlab_engine::queries` (the conformance kit's
//! `engine_queries` checks).
//!
//! Measured, instructions under callgrind (`benches/instructions`,
//! `boardlab-instructions nibble query QUERY own|generic`: the six standard positions and every
//! position one legal move from them, 184 positions, 20 passes), this board's answer against
//! the generic one:
//!
//! ```text
//! attacks-from        15,076,847 / 61,939,364
//! attackers-to       473,135,122 / 1,703,720,962
//! mobility            10,285,626 / 15,971,745
//! attacked-squares     9,905,026 / 12,685,905
//! pawn-structure       4,173,064 / 7,261,464
//! see                 31,990,498 / 103,805,758
//! ```
//!
//! The SEE that keeps both sides' attackers takes 8,064 instructions a pass over kiwipete's
//! captures against 10,971 for the trait's provided SEE on this board's own `attackers_to`
//! (the `nibble_walk` example's `see` and `see-attackers`, 2,000 passes, start-up subtracted), and
//! the `see` workload below ran at 4,660 and 5,236 knps against 3,645 and 4,738 with that SEE
//! instead. The engine workloads (`boardlab compare --workload W --runs
//! 3 --backend nibble`, release build, the binaries before and after alternated, two rounds),
//! in thousands of nodes a second:
//!
//! ```text
//!              before          after
//! eval       633, 551       981, 991
//! see      2,151, 1,974   4,484, 4,074
//! attacks    817, 695     2,407, 1,792
//! search     299, 358       822, 804
//! ```

use crate::attack::{first_piece, slides_along};
use crate::board::square;
use crate::geometry::{file_of, rank_of, AROUND, BESIDE, DIAGONALS, NORTH, RAYS, SOUTH, TWO_AWAY};
use crate::packed::{
    blacks, code, matching, nibble, occupied, of_color, rank_reach, rank_set, squeeze, BISHOP,
    BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK,
};
use crate::NibbleBoard;
use boardlab_core::bitboard::{king_attacks, knight_attacks};
use boardlab_core::{Bitboard, Color, Move, Square};
use boardlab_engine::queries::{pawn_structure_of, see_with};
use boardlab_engine::{EngineQueries, PawnStructure};

/// The kind bits of every nibble, the colour bit cleared: matching a kind in a word masked
/// with it finds the pieces of that kind of both sides at once.
const KINDS: u32 = 0x7777_7777;

/// The squares along direction `dir` from `sq` up to and including the first piece: the ray
/// less the ray beyond the blocker, as the generator's king map takes it.
#[inline(always)]
fn reach(ranks: &[u32; 8], sq: u32, dir: usize) -> u64 {
    let ray = RAYS[sq as usize][dir];
    match first_piece(ranks, sq, dir) {
        None => ray,
        Some((blocker, _)) => ray ^ RAYS[blocker as usize][dir],
    }
}

/// A rook's attacks from `sq`: along the rank in its one word ([`rank_reach`]), along the file
/// a word a step.
#[inline(always)]
fn straight_reach(ranks: &[u32; 8], sq: u32) -> u64 {
    let (rank, file) = (rank_of(sq), file_of(sq));
    let along = rank_reach(squeeze(occupied(ranks[rank as usize])), file);
    u64::from(along) << (8 * rank) | reach(ranks, sq, NORTH) | reach(ranks, sq, SOUTH)
}

/// A bishop's attacks from `sq`, each diagonal a word a step.
#[inline(always)]
fn diagonal_reach(ranks: &[u32; 8], sq: u32) -> u64 {
    DIAGONALS
        .iter()
        .fold(0, |set, &dir| set | reach(ranks, sq, dir))
}

/// The squares the piece of code `content` on `sq` attacks on `ranks` (none for an empty
/// square). A pawn's are the files beside its own on the rank ahead, whatever stands there.
#[inline(always)]
fn attacks_of(ranks: &[u32; 8], sq: u32, content: u32) -> u64 {
    match content & 7 {
        PAWN => {
            let forward = if content & BLACK == 0 { 1 } else { -1 };
            let ahead = rank_of(sq) as i32 + forward;
            if (0..8).contains(&ahead) {
                rank_set(BESIDE[file_of(sq) as usize], ahead as u32)
            } else {
                0
            }
        }
        KNIGHT => knight_attacks(square(sq)).0,
        KING => king_attacks(square(sq)).0,
        BISHOP => diagonal_reach(ranks, sq),
        ROOK => straight_reach(ranks, sq),
        QUEEN => diagonal_reach(ranks, sq) | straight_reach(ranks, sq),
        _ => 0,
    }
}

/// `ranks` with the pieces on `lifted` taken off: a copy of 32 bytes, a nibble cleared for
/// each lifted piece.
#[inline(always)]
fn without(ranks: &[u32; 8], lifted: u64) -> [u32; 8] {
    let mut words = *ranks;
    let mut rest = lifted;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        words[rank_of(sq) as usize] &= !(15 << (4 * file_of(sq)));
    }
    words
}

/// Both sides' pieces that attack `sq` on `ranks`, White's first, found looking outwards from
/// the square as the check test does. The leapers sit in the five words around the square at
/// files known in advance: one match of a kind, colour masked off, per word and kind, each
/// side's then told apart by the colour bit. A white pawn attacks from the rank below, a black
/// one from the rank above. The sliders are the first piece along each of the eight rays when
/// it moves along that ray.
#[inline(always)]
fn attackers_of_both(ranks: &[u32; 8], sq: u32) -> [u64; 2] {
    let (rank, file) = (rank_of(sq) as i32, file_of(sq) as usize);
    let mut sets = [0u64; 2];
    let mut add = |r: i32, mask: u32| {
        if mask != 0 {
            let black = blacks(ranks[r as usize]);
            sets[0] |= rank_set(mask & !black, r as u32);
            sets[1] |= rank_set(mask & black, r as u32);
        }
    };
    for (dr, pawn) in [
        (-1, code(Color::White, PAWN)),
        (1, code(Color::Black, PAWN)),
    ] {
        let r = rank + dr;
        if (0..8).contains(&r) {
            let word = ranks[r as usize];
            let kinds = word & KINDS;
            add(
                r,
                matching(word, pawn) & BESIDE[file]
                    | matching(kinds, KNIGHT) & TWO_AWAY[file]
                    | matching(kinds, KING) & AROUND[file],
            );
        }
        let r = rank + 2 * dr;
        if (0..8).contains(&r) {
            add(
                r,
                matching(ranks[r as usize] & KINDS, KNIGHT) & BESIDE[file],
            );
        }
    }
    // The square's own word holds the square itself, which a king beside it does not stand on.
    add(
        rank,
        matching(ranks[rank as usize] & KINDS, KING) & BESIDE[file],
    );
    for dir in 0..8 {
        if let Some((at, content)) = first_piece(ranks, sq, dir) {
            if slides_along(content, dir) {
                sets[(content >> 3) as usize] |= 1 << at;
            }
        }
    }
    sets
}

/// The direction from `from` towards `to` when they share a line, in the order of
/// [`DIRECTIONS`](crate::geometry::DIRECTIONS).
#[inline(always)]
fn direction(from: u32, to: u32) -> Option<usize> {
    // Indexed by (rank step + 1) * 3 + file step + 1.
    const BY_STEP: [Option<usize>; 9] = [
        Some(7),
        Some(3),
        Some(5),
        Some(1),
        None,
        Some(0),
        Some(6),
        Some(2),
        Some(4),
    ];
    let df = file_of(to) as i32 - file_of(from) as i32;
    let dr = rank_of(to) as i32 - rank_of(from) as i32;
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return None;
    }
    BY_STEP[((dr.signum() + 1) * 3 + df.signum() + 1) as usize]
}

/// What SEE knows between its questions: the ranks with the lifted pieces taken off, and both
/// sides' attackers of the exchange's square on them.
struct SeeAttackers {
    ranks: [u32; 8],
    /// The square, both sides' attackers, and the lifted pieces they were found with.
    known: Option<(u32, [u64; 2], u64)>,
}

impl SeeAttackers {
    /// The pieces of `by` attacking `sq` with `lifted` taken off `board`. After a capture
    /// (only known attackers newly lifted) each lifted piece leaves its side's set and its
    /// nibble the copy of the ranks, and the walk goes on from its square, away from the
    /// target, to the first piece behind it: a slider along that line joins its side's set
    /// (the x-ray). Any other question takes the lifted pieces off a fresh copy and looks
    /// outwards from the square again.
    fn ask(&mut self, board: &[u32; 8], sq: u32, by: Color, lifted: u64) -> u64 {
        let sets = match self.known {
            Some((known_sq, sets, known_lifted))
                if known_sq == sq
                    && known_lifted & !lifted == 0
                    && lifted & !known_lifted & !(sets[0] | sets[1]) == 0 =>
            {
                let newly = lifted & !known_lifted;
                self.ranks = without(&self.ranks, newly);
                let mut sets = sets.map(|set| set & !newly);
                let mut rest = newly;
                while rest != 0 {
                    let left = rest.trailing_zeros();
                    rest &= rest - 1;
                    let Some(dir) = direction(sq, left) else {
                        continue;
                    };
                    if let Some((behind, content)) = first_piece(&self.ranks, left, dir) {
                        if slides_along(content, dir) {
                            sets[(content >> 3) as usize] |= 1 << behind;
                        }
                    }
                }
                sets
            }
            _ => {
                self.ranks = without(board, lifted);
                attackers_of_both(&self.ranks, sq)
            }
        };
        self.known = Some((sq, sets, lifted));
        sets[by as usize]
    }
}

impl NibbleBoard {
    /// The squares of `color`'s pawns.
    fn pawn_set(&self, color: Color) -> Bitboard {
        let pawn = code(color, PAWN);
        let mut set = 0u64;
        for (rank, &word) in (0..).zip(&self.ranks) {
            set |= rank_set(matching(word, pawn), rank);
        }
        Bitboard(set)
    }
}

impl EngineQueries for NibbleBoard {
    fn attacks_from(&self, sq: Square) -> Bitboard {
        let sq = sq as u32;
        Bitboard(attacks_of(&self.ranks, sq, self.code_at(sq)))
    }

    fn attackers_to(&self, sq: Square, by: Color, lifted: Bitboard) -> Bitboard {
        let sets = if lifted.0 == 0 {
            attackers_of_both(&self.ranks, sq as u32)
        } else {
            attackers_of_both(&without(&self.ranks, lifted.0), sq as u32)
        };
        Bitboard(sets[by as usize])
    }

    fn mobility(&self, color: Color) -> u32 {
        let mut own = 0u64;
        for (rank, &word) in self.ranks.iter().enumerate() {
            own |= rank_set(of_color(word, color), rank as u32);
        }
        let knight = code(color, KNIGHT);
        let mut count = 0;
        for (rank, &word) in self.ranks.iter().enumerate() {
            // Kind bit 2 marks a slider.
            let mut pieces = (word >> 2 & of_color(word, color)) | matching(word, knight);
            while pieces != 0 {
                let bit = pieces.trailing_zeros();
                pieces &= pieces - 1;
                let sq = rank as u32 * 8 + bit / 4;
                count += (attacks_of(&self.ranks, sq, word >> bit & 15) & !own).count_ones();
            }
        }
        count
    }

    fn attacked_squares(&self, color: Color) -> u32 {
        let pawn = code(color, PAWN);
        let forward = color.forward() as i32;
        let mut attacked = 0u64;
        for (rank, &word) in self.ranks.iter().enumerate() {
            let pawns = matching(word, pawn);
            let ahead = rank as i32 + forward;
            // Both capture files at once: the h-file's shifted up leaves the word, the
            // a-file's shifted down falls off the bottom.
            if pawns != 0 && (0..8).contains(&ahead) {
                attacked |= rank_set(pawns << 4 | pawns >> 4, ahead as u32);
            }
            let mut pieces = of_color(word, color) & !pawns;
            while pieces != 0 {
                let bit = pieces.trailing_zeros();
                pieces &= pieces - 1;
                let sq = rank as u32 * 8 + bit / 4;
                attacked |= attacks_of(&self.ranks, sq, nibble(word, bit / 4));
            }
        }
        attacked.count_ones()
    }

    fn pawn_structure(&self, color: Color) -> PawnStructure {
        pawn_structure_of(self.pawn_set(color), self.pawn_set(!color), color)
    }

    fn see(&self, mv: Move) -> i32 {
        let mut known = SeeAttackers {
            ranks: self.ranks,
            known: None,
        };
        see_with(self, mv, |sq, by, lifted| {
            Bitboard(known.ask(&self.ranks, sq as u32, by, lifted.0))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::BoardExt;
    use boardlab_engine::queries;

    fn board(fen: &str) -> NibbleBoard {
        NibbleBoard::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
    }

    fn squares(names: &[&str]) -> Bitboard {
        names.iter().fold(Bitboard::EMPTY, |set, name| {
            set.with(name.parse::<Square>().expect("a square"))
        })
    }

    #[test]
    fn pawns_attack_diagonally_forward_and_not_the_square_en_passant_takes_on() {
        // White e5 beside black d5, which has just double-pushed: e5 attacks d6 and f6 (the
        // en-passant square among them), not d5, which en passant takes but no pawn attacks.
        // The a-file pawn a2 attacks b3 alone, the h7 pawn g6 alone, downwards.
        let board = board("4k3/7p/8/3pP3/8/8/P7/4K3 w - d6 0 1");
        let e5: Square = "e5".parse().unwrap();
        assert_eq!(board.attacks_from(e5), squares(&["d6", "f6"]));
        assert_eq!(board.attacks_from(Square::A2), squares(&["b3"]));
        assert_eq!(board.attacks_from("h7".parse().unwrap()), squares(&["g6"]));
        let d5: Square = "d5".parse().unwrap();
        assert!(board
            .attackers_to(d5, Color::White, Bitboard::EMPTY)
            .is_empty());
        assert_eq!(
            board.attackers_to("d6".parse().unwrap(), Color::White, Bitboard::EMPTY),
            squares(&["e5"])
        );
        // A black pawn attacks from the rank above: d5 attacks e4, and nothing of White's e5.
        assert_eq!(
            board.attackers_to("e4".parse().unwrap(), Color::Black, Bitboard::EMPTY),
            squares(&["d5"])
        );
        for sq in Square::ALL {
            assert_eq!(
                board.attacks_from(sq),
                queries::attacks_from(&board, sq),
                "{sq}"
            );
        }
    }

    #[test]
    fn a_lifted_piece_neither_attacks_nor_blocks() {
        // Rooks on d1 and d2 and a queen on h1 look at d5 along the d-file, the queen blocked
        // by nothing on the diagonal h1-d5. With d2 lifted, d1 sees through; with the queen
        // lifted it is gone from the answer.
        let board = board("4k3/8/8/3n4/8/8/3R4/K2R3Q w - - 0 1");
        let d5: Square = "d5".parse().unwrap();
        let cases = [
            (&[][..], &["d2", "h1"][..]),
            (&["d2"], &["d1", "h1"]),
            (&["d2", "h1"], &["d1"]),
            (&["d1"], &["d2", "h1"]),
        ];
        for (lifted, attackers) in cases {
            let lifted = squares(lifted);
            assert_eq!(
                board.attackers_to(d5, Color::White, lifted),
                squares(attackers),
                "{lifted:?}"
            );
            assert_eq!(
                board.attackers_to(d5, Color::White, lifted),
                queries::attackers_to(&board, d5, Color::White, lifted)
            );
        }
    }

    #[test]
    fn the_exchange_walks_on_past_each_capturer_to_the_slider_behind_it() {
        // Bb3xd5, Nf6xd5, then the queen on a2 behind the bishop's square: 300. A rook behind
        // a rook on the file, and a queen behind a pawn on the diagonal, as in the generic
        // answer's own cases.
        let cases = [
            ("4k3/8/5n2/3n4/8/1B6/Q7/4K3 w - - 0 1", "b3d5", 300),
            ("3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 300),
            ("4k3/8/2p5/3n4/4P3/5Q2/8/4K3 w - - 0 1", "e4d5", 300),
        ];
        for (fen, uci, value) in cases {
            let board = board(fen);
            let mv = board.parse_uci_move(uci).unwrap();
            assert_eq!(board.see(mv), value, "{uci} on {fen}");
            assert_eq!(board.see(mv), queries::see(&board, mv), "{uci} on {fen}");
        }
    }

    #[test]
    fn direction_names_the_ray_from_one_square_to_the_other() {
        for from in 0..64u32 {
            for to in 0..64u32 {
                let expected = (0..8).find(|&dir| RAYS[from as usize][dir] >> to & 1 != 0);
                assert_eq!(direction(from, to), expected, "{from} to {to}");
            }
        }
    }
}
