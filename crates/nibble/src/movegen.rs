//! Legal move generation from the packed ranks.
//!
//! [`king_safety`] first finds the checks and the pins from the king. Then, rank word by rank
//! word:
//!
//! - **pawns** move a whole rank at a time: the pawns of a rank are one [`matching`] mask, the
//!   empty squares of the next rank another, and since a file sits at the same bits in every
//!   word, their AND is every single push at once, a second AND with the rank after the double
//!   pushes, and the pawn mask shifted by one nibble either way, ANDed with the enemy pieces of
//!   the next rank, the captures (a pawn on the h-file shifted up falls off the top of the word,
//!   one on the a-file shifted down off the bottom). The masks are squeezed to eight bits and
//!   handed over as a rank of targets. A pinned pawn goes through the same steps alone, with
//!   its pin line as the allowed targets;
//! - **knights** read their up to eight target nibbles;
//! - **sliders** along their rank find the nearest occupied nibble either side in the one word
//!   ([`rank_reach`]), and along files and diagonals read one nibble a step, a word at a time;
//! - every piece but the king keeps only targets among the squares that answer a check, and a
//!   pinned one only those on its pin line;
//! - the **king** steps to squares that no enemy attacks on a copy of the ranks with the king
//!   lifted off (copying the whole board is copying 32 bytes);
//! - **castling** needs the rights, empty squares between and no attack on the king's path with
//!   king and rook lifted off;
//! - **en passant** is played on a copy of the ranks and kept if the king is then safe, since it
//!   empties two squares of one rank at once.
//!
//! So no ordinary move is made and tested. The generator is generic over core's `MoveSink`,
//! whose bulk methods count a counting sink's targets by popcount.

use crate::attack::{
    attacked, color_of, first_piece, king_safety, slider_map, KingSafety, Threats,
};
use crate::board::{square, NibbleBoard};
use crate::geometry::{file_of, rank_of, BESIDE, DIAGONALS, NORTH, RAYS, SOUTH};
use crate::packed::{
    code, matching, occupied, of_color, rank_reach, rank_set, spread, squeeze, with_nibble, BISHOP,
    EMPTY, KNIGHT, PAWN, QUEEN, ROOK,
};
use boardlab_core::bitboard::{king_attacks, knight_attacks, line};
use boardlab_core::{Bitboard, CastlingSide, Color, Move, MoveFlag, MoveSink, Square};

/// A castling move whose squares are empty: what is left to test is the king's path.
#[derive(Clone, Copy)]
struct OpenCastling {
    side: CastlingSide,
    king_from: u32,
    king_to: Square,
    rook_file: u32,
    /// The first and last file of the king's path.
    files: (u32, u32),
    king_path: u64,
}

/// The targets of some pawns, by kind of move, gathered rank by rank and sent to the sink at
/// once.
#[derive(Default, Clone, Copy)]
struct PawnTargets {
    push: u64,
    double: u64,
    /// Captures towards the h-file.
    east: u64,
    /// Captures towards the a-file.
    west: u64,
}

impl PawnTargets {
    #[inline(always)]
    fn add(&mut self, other: PawnTargets) {
        self.push |= other.push;
        self.double |= other.double;
        self.east |= other.east;
        self.west |= other.west;
    }
}

impl NibbleBoard {
    /// Sends the legal moves of the sink's kind to `sink`.
    #[inline]
    pub(crate) fn generate_legal<S: MoveSink>(&self, sink: &mut S) {
        let us = self.state.turn;
        let king = self.king(us);
        // The enemy king's squares are left out: it never gives check, and the king's own
        // steps beside it are refused by the attack map below.
        let threats = Threats::of(&self.ranks, !us, None);
        let safety = king_safety(&self.ranks, king, us, &threats);
        self.king_moves(sink, &safety, &threats);
        if safety.checkers > 1 {
            return;
        }
        let pawn = code(us, PAWN);
        let mut free_pawns = PawnTargets::default();
        for rank in 0..8u32 {
            let word = self.ranks[rank as usize];
            let own = of_color(word, us);
            if own == 0 {
                continue;
            }
            // Most positions have no pin, and then no rank needs its pins spread out.
            let pinned = if safety.pinned == 0 {
                0
            } else {
                spread(((safety.pinned >> (8 * rank)) & 0xff) as u32)
            };
            let pawns = matching(word, pawn);
            if pawns != 0 {
                free_pawns.add(self.pawn_targets(rank, pawns & !pinned));
                let mut pinned_pawns = pawns & pinned;
                while pinned_pawns != 0 {
                    let one = pinned_pawns & pinned_pawns.wrapping_neg();
                    pinned_pawns ^= one;
                    let sq = rank * 8 + one.trailing_zeros() / 4;
                    let allowed = safety.evasion & line(square(king), square(sq)).0;
                    self.push_pawn_targets(sink, self.pawn_targets(rank, one), allowed);
                }
            }
            let mut officers = own & !pawns;
            if rank == rank_of(king) {
                officers &= !(1 << (4 * file_of(king)));
            }
            while officers != 0 {
                let bit = officers.trailing_zeros();
                officers &= officers - 1;
                let sq = rank * 8 + bit / 4;
                let mut allowed = safety.evasion;
                if safety.pinned >> sq & 1 != 0 {
                    allowed &= line(square(king), square(sq)).0;
                }
                let (targets, captures) = match (word >> bit) & 7 {
                    KNIGHT => self.knight_targets(sq, us),
                    BISHOP => self.diagonal_targets(sq, us),
                    ROOK => self.straight_targets(sq, us),
                    _ => {
                        let (d, dc) = self.diagonal_targets(sq, us);
                        let (s, sc) = self.straight_targets(sq, us);
                        (d | s, dc | sc)
                    }
                };
                sink.push_targets(square(sq), Bitboard(targets & allowed), Bitboard(captures));
            }
        }
        self.push_pawn_targets(sink, free_pawns, safety.evasion);
        if S::KIND.wants_noisy() {
            if let Some(ep) = self.state.ep_square {
                self.en_passant(sink, ep as u32);
            }
        }
    }

    /// Where the pawns `pawns` (a nibble mask) of rank `rank` go, one word-wide step for each
    /// kind of move.
    #[inline(always)]
    fn pawn_targets(&self, rank: u32, pawns: u32) -> PawnTargets {
        let us = self.state.turn;
        let forward = i32::from(us.forward());
        let next = rank as i32 + forward;
        if pawns == 0 || !(0..8).contains(&next) {
            return PawnTargets::default();
        }
        let next = next as u32;
        let ahead = self.ranks[next as usize];
        let push = pawns & !occupied(ahead);
        let theirs = of_color(ahead, !us);
        let start = if us == Color::White { 1 } else { 6 };
        let double = if rank == start {
            let beyond = (next as i32 + forward) as u32;
            rank_set(push & !occupied(self.ranks[beyond as usize]), beyond)
        } else {
            0
        };
        PawnTargets {
            push: rank_set(push, next),
            double,
            // A capture towards the h-file moves the mask up one nibble, towards the a-file
            // down; the pawn at the end of the word falls off it.
            east: rank_set((pawns << 4) & theirs, next),
            west: rank_set((pawns >> 4) & theirs, next),
        }
    }

    /// The pawn moves onto `allowed` squares among `targets`, those onto the last rank as
    /// promotions.
    #[inline(always)]
    fn push_pawn_targets<S: MoveSink>(&self, sink: &mut S, targets: PawnTargets, allowed: u64) {
        let us = self.state.turn;
        let forward = 8 * i32::from(us.forward());
        let last = if us == Color::White {
            Bitboard::RANK_8.0
        } else {
            Bitboard::RANK_1.0
        };
        let (push_delta, east_delta, west_delta) =
            (forward as i8, forward as i8 + 1, forward as i8 - 1);
        let (push, east, west) = (
            targets.push & allowed,
            targets.east & allowed,
            targets.west & allowed,
        );
        if (push | east | west) & last != 0 {
            sink.push_pawn_promotions(Bitboard(push & last), push_delta, false);
            sink.push_pawn_promotions(Bitboard(east & last), east_delta, true);
            sink.push_pawn_promotions(Bitboard(west & last), west_delta, true);
        }
        sink.push_pawn_moves(Bitboard(push & !last), push_delta, MoveFlag::Quiet);
        sink.push_pawn_moves(
            Bitboard(targets.double & allowed),
            2 * push_delta,
            MoveFlag::DoublePush,
        );
        sink.push_pawn_moves(Bitboard(east & !last), east_delta, MoveFlag::Capture);
        sink.push_pawn_moves(Bitboard(west & !last), west_delta, MoveFlag::Capture);
    }

    /// A knight's targets and, among them, its captures.
    #[inline(always)]
    fn knight_targets(&self, sq: u32, us: Color) -> (u64, u64) {
        let (mut targets, mut captures) = (0u64, 0u64);
        for to in knight_attacks(square(sq)) {
            let content = self.code_at(to as u32);
            if content == EMPTY {
                targets |= 1 << to as u32;
            } else if color_of(content) != us {
                targets |= 1 << to as u32;
                captures |= 1 << to as u32;
            }
        }
        (targets, captures)
    }

    /// The squares reached walking direction `dir` from `sq`, up to a piece (included when it
    /// is an enemy's), and that enemy's square.
    #[inline(always)]
    fn walk(&self, sq: u32, dir: usize, us: Color) -> (u64, u64) {
        let ray = RAYS[sq as usize][dir];
        match first_piece(&self.ranks, sq, dir) {
            None => (ray, 0),
            // The ray up to the blocker is the ray from here less the ray beyond it.
            Some((at, content)) => {
                let reach = ray ^ RAYS[at as usize][dir];
                if color_of(content) != us {
                    (reach, 1u64 << at)
                } else {
                    (reach & !(1u64 << at), 0)
                }
            }
        }
    }

    /// A bishop's targets and captures.
    #[inline(always)]
    fn diagonal_targets(&self, sq: u32, us: Color) -> (u64, u64) {
        let (mut targets, mut captures) = (0, 0);
        for dir in DIAGONALS {
            let (t, c) = self.walk(sq, dir, us);
            targets |= t;
            captures |= c;
        }
        (targets, captures)
    }

    /// A rook's targets and captures: along the rank in the one word, along the file a step a
    /// word.
    #[inline(always)]
    fn straight_targets(&self, sq: u32, us: Color) -> (u64, u64) {
        let (rank, file) = (rank_of(sq), file_of(sq));
        let word = self.ranks[rank as usize];
        let reach = rank_reach(squeeze(occupied(word)), file);
        let theirs = reach & squeeze(of_color(word, !us));
        let own = squeeze(of_color(word, us));
        let mut targets = u64::from(reach & !own) << (8 * rank);
        let mut captures = u64::from(theirs) << (8 * rank);
        for dir in [NORTH, SOUTH] {
            let (t, c) = self.walk(sq, dir, us);
            targets |= t;
            captures |= c;
        }
        (targets, captures)
    }

    /// The king's steps onto squares not attacked with the king lifted off, and castling.
    #[inline(always)]
    fn king_moves<S: MoveSink>(&self, sink: &mut S, safety: &KingSafety, threats: &Threats) {
        let us = self.state.turn;
        let them = !us;
        let king = self.king(us);
        let steps = king_attacks(square(king)).0;
        let open =
            if S::KIND.wants_quiet() && safety.checkers == 0 && !self.state.castling.is_empty() {
                self.open_castlings()
            } else {
                [None, None]
            };
        let castle_squares = open.iter().flatten().fold(0, |set, c| set | c.king_path);
        let zone = steps | castle_squares;
        let mut lifted = self.ranks;
        lifted[rank_of(king) as usize] =
            with_nibble(lifted[rank_of(king) as usize], file_of(king), EMPTY);
        let attacked = threats.leapers
            | king_attacks(square(self.king(them))).0
            | slider_map(&lifted, threats, zone);
        let mut safe = Bitboard(steps & !attacked);
        for to in safe {
            let content = self.code_at(to as u32);
            if content != EMPTY && color_of(content) == us {
                safe = safe.without(to);
            }
        }
        let mut theirs = Bitboard::EMPTY;
        for to in safe {
            if self.code_at(to as u32) != EMPTY {
                theirs = theirs.with(to);
            }
        }
        sink.push_targets(square(king), safe, theirs);
        if castle_squares != 0 {
            self.castling_moves(sink, &open, attacked);
        }
    }

    /// Castling by the Chess960 rules, which include the standard ones: every square king or
    /// rook crosses or lands on is empty but for the two of them, one mask test on the home
    /// rank's word, and no square the king stands on, crosses or lands on is attacked with both
    /// lifted off. The squares are worked out from the files of the rights rather than from
    /// core's `CastlingRights::path`, which builds them as sets: that call was a quarter of
    /// the castling test's instructions in a bulk perft of kiwipete (callgrind).
    ///
    /// `open` are the castlings whose squares [`open_castlings`](Self::open_castlings) found
    /// empty, and `attacked` holds their king's paths' squares attacked with the king lifted off.
    /// Lifting the rook too can only open the rank itself, so the rank is looked at again, in its
    /// one word, with both lifted.
    #[inline(never)]
    fn castling_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        open: &[Option<OpenCastling>; 2],
        attacked: u64,
    ) {
        let us = self.state.turn;
        for castling in open.iter().flatten() {
            if castling.king_path & attacked != 0 {
                continue;
            }
            // With king and rook lifted, every square of the king's path is empty, so all of
            // them see the same nearest piece either side along the rank: one test for all.
            let home = rank_of(castling.king_from);
            let word = self.ranks[home as usize];
            let lifted = (1 << file_of(castling.king_from)) | (1 << castling.rook_file);
            let others = squeeze(occupied(word)) & !lifted;
            let (first, last) = castling.files;
            let above = others & !((2u32 << last) - 1);
            let below = others & ((1u32 << first) - 1);
            let mut nearest = above & above.wrapping_neg();
            if below != 0 {
                nearest |= 1 << (31 - below.leading_zeros());
            }
            let their_straight = squeeze(word >> 2 & word >> 1 & of_color(word, !us));
            if nearest & their_straight != 0 {
                continue;
            }
            sink.push(Move::new(
                square(castling.king_from),
                castling.king_to,
                castling.side.flag(),
            ));
        }
    }

    /// The castling moves whose squares are empty but for king and rook, with the squares
    /// their king's path takes: the attack map is then made to cover those squares too.
    #[inline(never)]
    fn open_castlings(&self) -> [Option<OpenCastling>; 2] {
        let mut open = [None, None];
        let us = self.state.turn;
        let Some(king_from) = self.state.castling.king(us) else {
            return open;
        };
        let king_from = king_from as u32;
        let home = rank_of(king_from);
        let occupied_files = squeeze(occupied(self.ranks[home as usize]));
        let king_file = file_of(king_from);
        for (slot, side) in CastlingSide::ALL.into_iter().enumerate() {
            let Some(rook_from) = self.state.castling.rook(us, side) else {
                continue;
            };
            let rook_file = file_of(rook_from as u32);
            let king_to = side.king_to(us);
            let king_to_file = file_of(king_to as u32);
            let rook_to_file = file_of(side.rook_to(us) as u32);
            // The king's span holds its landing file and the rook's the file beside it, so the
            // two together are one unbroken run of files.
            let low = king_file.min(king_to_file).min(rook_file).min(rook_to_file);
            let high = king_file.max(king_to_file).max(rook_file).max(rook_to_file);
            let span = (2u32 << high) - (1u32 << low);
            if occupied_files & span & !(1 << king_file) & !(1 << rook_file) != 0 {
                continue;
            }
            let (first, last) = (king_file.min(king_to_file), king_file.max(king_to_file));
            open[slot] = Some(OpenCastling {
                side,
                king_from,
                king_to,
                rook_file,
                files: (first, last),
                king_path: ((2u64 << last) - (1u64 << first)) << (8 * home),
            });
        }
        open
    }

    /// En-passant captures onto `ep`, each played on a copy of the ranks.
    #[cold]
    fn en_passant<S: MoveSink>(&self, sink: &mut S, ep: u32) {
        let us = self.state.turn;
        let pawn = code(us, PAWN);
        let victim = (ep as i32 - 8 * i32::from(us.forward())) as u32;
        let rank = rank_of(victim);
        let mut capturers =
            matching(self.ranks[rank as usize], pawn) & BESIDE[file_of(victim) as usize];
        while capturers != 0 {
            let from = rank * 8 + capturers.trailing_zeros() / 4;
            capturers &= capturers - 1;
            let mut after = self.ranks;
            after[rank as usize] = with_nibble(
                with_nibble(after[rank as usize], file_of(from), EMPTY),
                file_of(victim),
                EMPTY,
            );
            let ep_rank = rank_of(ep) as usize;
            after[ep_rank] = with_nibble(after[ep_rank], file_of(ep), pawn);
            if !attacked(&after, self.king(us), !us) {
                sink.push(Move::new(square(from), square(ep), MoveFlag::EnPassant));
            }
        }
    }
}

#[allow(dead_code)]
const _QUEEN_IS_BOTH: () = assert!(QUEEN & BISHOP == BISHOP && QUEEN & ROOK == ROOK);
