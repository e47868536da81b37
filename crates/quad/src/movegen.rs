//! The legal move generator: one pass over the enemy's attacks, the checkers and the pins,
//! then every piece's targets masked by them. Everything is worked out in stored squares, where
//! the side to move plays up the board; only the moves handed to a listing sink are turned
//! back into real squares.

use crate::board::{QuadBoard, FILE_A, FILE_H, RANK_1, RANK_3, RANK_8};
use boardlab_core::bitboard::{
    between, king_attacks, knight_attacks, slider_attacks_slow, BISHOP_DIRECTIONS, ROOK_DIRECTIONS,
};
use boardlab_core::{Bitboard, Move, MoveFlag, MoveSink, Square};
use boardlab_sliders::pext::Tables;

/// The bytes of the generator's own tables: the castling paths, the king zones' reach and
/// the empty-board rays.
pub(crate) const fn own_table_bytes() -> usize {
    std::mem::size_of::<[[CastlePath; 8]; 8]>() + 2 * std::mem::size_of::<[[u64; 64]; 2]>()
}

/// The PEXT attack tables, fetched once per generation.
#[inline(always)]
pub(crate) fn tables() -> &'static Tables {
    Tables::get()
}

/// The empty-board attacks of a rook (index 0) and a bishop (index 1) on each square.
static EMPTY_BOARD_RAYS: [[u64; 64]; 2] = {
    let mut rays = [[0; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let sq = Square::from_index(s as u8);
        rays[0][s] = slider_attacks_slow(sq, Bitboard::EMPTY, &ROOK_DIRECTIONS).0;
        rays[1][s] = slider_attacks_slow(sq, Bitboard::EMPTY, &BISHOP_DIRECTIONS).0;
        s += 1;
    }
    rays
};

/// For each king square, the squares from which a rook (index 0) or a bishop (index 1) on an
/// empty board attacks a square of the king's zone.
static KING_ZONE_REACH: [[u64; 64]; 2] = {
    let mut reach = [[0; 64]; 2];
    let mut king = 0;
    while king < 64 {
        let zone = king_zone(king as u32);
        let mut s = 0;
        while s < 64 {
            if zone >> s & 1 != 0 {
                let sq = Square::from_index(s as u8);
                reach[0][king] |= slider_attacks_slow(sq, Bitboard::EMPTY, &ROOK_DIRECTIONS).0;
                reach[1][king] |= slider_attacks_slow(sq, Bitboard::EMPTY, &BISHOP_DIRECTIONS).0;
            }
            s += 1;
        }
        king += 1;
    }
    reach
};

/// The squares whose safety the generator reads from its attacked set: the king's square and
/// its neighbours, and for a king on e1 the c1 and g1 a standard castling lands on.
const fn king_zone(king: u32) -> u64 {
    let bit = 1u64 << king;
    let row = bit | ((bit << 1) & !FILE_A) | ((bit >> 1) & !FILE_H);
    let castling = if king == 4 { 1 << 2 | 1 << 6 } else { 0 };
    row | row << 8 | row >> 8 | castling
}

#[inline(always)]
fn square(s: u32) -> Square {
    Square::from_index(s as u8)
}

/// The pieces, checkers and pins of a position, in stored squares: what every piece's targets
/// are masked with.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Masks {
    /// Every occupied square.
    pub occupied: u64,
    /// The side to move's pieces.
    pub ours: u64,
    /// The other side's pieces.
    pub theirs: u64,
    /// The side to move's king.
    pub king: u32,
    /// The enemy pieces giving check.
    pub checkers: u64,
    /// The squares a move must land on unless the king makes it: everything out of check, the
    /// checker and the squares between it and the king in single check.
    pub check_mask: u64,
    /// The rays (king excluded, pinner included) of pins along ranks and files.
    pub pin_orthogonal: u64,
    /// The rays of pins along diagonals.
    pub pin_diagonal: u64,
    /// The squares the enemy attacks, with the side to move's king lifted off the board: all
    /// of them in the king's zone ([`king_zone`]), perhaps not elsewhere.
    pub attacked: u64,
}

/// Of the enemy sliders that see the king through the side to move's pieces, along one kind
/// of line: those with nothing between them and the king, which give check, and the rays
/// (pinner included) of those with exactly one piece between, which is pinned.
#[inline(always)]
fn checks_and_pins(mut snipers: u64, king: Square, occupied: u64, ours: u64) -> (u64, u64) {
    let (mut checkers, mut rays) = (0, 0);
    while snipers != 0 {
        let s = snipers.trailing_zeros();
        snipers &= snipers - 1;
        let ray = between(king, square(s)).0;
        let blockers = ray & occupied;
        if blockers == 0 {
            checkers |= 1 << s;
        } else if blockers & (blockers - 1) == 0 && blockers & ours != 0 {
            rays |= ray | 1 << s;
        }
    }
    (checkers, rays)
}

/// The masks of `board`'s position.
#[inline(always)]
pub(crate) fn masks(board: &QuadBoard, tables: &Tables) -> Masks {
    let [a, b, c] = board.planes;
    let occupied = a | b | c;
    let ours = board.mover & occupied;
    let theirs = occupied ^ ours;
    let pawns = a & !(b | c);
    let knights = b & !(a | c);
    let kings = a & b & !c;
    let diagonal = a & c;
    let orthogonal = c & !(a & !b);
    let king_bit = kings & ours;
    let king = king_bit.trailing_zeros() & 63;
    let king_sq = square(king);

    let their_pawns = pawns & theirs;
    let their_diagonal = diagonal & theirs;
    let their_orthogonal = orthogonal & theirs;
    let without_king = Bitboard(occupied ^ king_bit);
    let mut attacked = ((their_pawns >> 7) & !FILE_A)
        | ((their_pawns >> 9) & !FILE_H)
        | king_attacks(square((kings & theirs).trailing_zeros())).0;
    let mut their_knights = knights & theirs;
    while their_knights != 0 {
        attacked |= knight_attacks(square(their_knights.trailing_zeros())).0;
        their_knights &= their_knights - 1;
    }
    // A slider whose empty-board rays miss the king's zone cannot matter to a king step or a
    // standard castling, and is not looked up.
    let [orthogonal_reach, diagonal_reach] = &KING_ZONE_REACH;
    let mut rest = their_diagonal & diagonal_reach[king as usize];
    while rest != 0 {
        attacked |= tables.bishop(square(rest.trailing_zeros()), without_king).0;
        rest &= rest - 1;
    }
    let mut rest = their_orthogonal & orthogonal_reach[king as usize];
    while rest != 0 {
        attacked |= tables.rook(square(rest.trailing_zeros()), without_king).0;
        rest &= rest - 1;
    }

    let pawn_checkers = (((king_bit << 7) & !FILE_H) | ((king_bit << 9) & !FILE_A)) & their_pawns;
    let mut checkers = pawn_checkers | (knight_attacks(king_sq).0 & knights & theirs);
    let (orthogonal_checkers, pin_orthogonal) = checks_and_pins(
        EMPTY_BOARD_RAYS[0][king as usize] & their_orthogonal,
        king_sq,
        occupied,
        ours,
    );
    let (diagonal_checkers, pin_diagonal) = checks_and_pins(
        EMPTY_BOARD_RAYS[1][king as usize] & their_diagonal,
        king_sq,
        occupied,
        ours,
    );
    checkers |= orthogonal_checkers | diagonal_checkers;
    let check_mask = if checkers == 0 {
        !0
    } else {
        between(king_sq, square(checkers.trailing_zeros())).0 | checkers
    };
    Masks {
        occupied,
        ours,
        theirs,
        king,
        checkers,
        check_mask,
        pin_orthogonal,
        pin_diagonal,
        attacked,
    }
}

/// Where the generator's moves go: the sink, and the orientation that turns stored squares
/// back into real ones for a sink that lists them.
struct Out<'a, S> {
    sink: &'a mut S,
    black: bool,
}

impl<S: MoveSink> Out<'_, S> {
    #[inline(always)]
    fn real(&self, set: u64) -> Bitboard {
        Bitboard(if self.black { set.swap_bytes() } else { set })
    }

    #[inline(always)]
    fn real_square(&self, s: u32) -> Square {
        square(s ^ if self.black { 56 } else { 0 })
    }

    /// A pawn move `delta` up the stored board is `delta` up the real one for White and its
    /// mirror, down with the file step kept, for Black.
    #[inline(always)]
    fn real_delta(&self, delta: i8) -> i8 {
        match (self.black, delta) {
            (false, _) => delta,
            (true, 7) => -9,
            (true, 9) => -7,
            (true, _) => -delta,
        }
    }

    /// For a sink that only counts, adds `moves` to its count and says so.
    #[inline(always)]
    fn counted(&mut self, moves: u32) -> bool {
        match self.sink.tally() {
            Some(count) => {
                *count += u64::from(moves);
                true
            }
            None => false,
        }
    }

    #[inline(always)]
    fn targets(&mut self, from: u32, targets: u64, theirs: u64) {
        if self.counted(targets.count_ones()) {
            return;
        }
        let (from, targets, theirs) = (
            self.real_square(from),
            self.real(targets),
            self.real(theirs),
        );
        self.sink.push_targets(from, targets, theirs);
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, delta: i8, flag: MoveFlag) {
        if self.counted(targets.count_ones()) {
            return;
        }
        self.sink
            .push_pawn_moves(self.real(targets), self.real_delta(delta), flag);
    }

    #[inline(always)]
    fn pawn_promotions(&mut self, targets: u64, delta: i8, capture: bool) {
        if self.counted(4 * targets.count_ones()) {
            return;
        }
        let real = self.real(targets);
        self.sink
            .push_pawn_promotions(real, self.real_delta(delta), capture);
    }

    #[inline(always)]
    fn one(&mut self, from: u32, to: u32, flag: MoveFlag) {
        let mv = Move::new(self.real_square(from), self.real_square(to), flag);
        self.sink.push(mv);
    }
}

/// Sends `board`'s legal moves to `sink`.
#[inline(always)]
pub(crate) fn generate<S: MoveSink>(board: &QuadBoard, sink: &mut S) {
    let tables = tables();
    let m = masks(board, tables);
    let mut out = Out {
        sink,
        black: board.black_to_move,
    };
    let wants_quiet = S::KIND.wants_quiet();
    let wants_noisy = S::KIND.wants_noisy();
    let [a, b, c] = board.planes;
    let (occupied, ours, theirs, king) = (m.occupied, m.ours, m.theirs, m.king);
    let (checkers, check_mask, attacked) = (m.checkers, m.check_mask, m.attacked);
    let (pin_orthogonal, pin_diagonal) = (m.pin_orthogonal, m.pin_diagonal);
    let kind_mask = match (wants_quiet, wants_noisy) {
        (true, true) => !ours,
        (true, false) => !occupied,
        _ => theirs,
    };

    out.targets(
        king,
        king_attacks(square(king)).0 & !attacked & kind_mask,
        theirs,
    );
    if checkers & checkers.wrapping_sub(1) != 0 {
        return;
    }
    let allowed = kind_mask & check_mask;
    let pinned = pin_orthogonal | pin_diagonal;
    let occ = Bitboard(occupied);

    let mut knights = b & !(a | c) & ours & !pinned;
    while knights != 0 {
        let s = knights.trailing_zeros();
        knights &= knights - 1;
        out.targets(s, knight_attacks(square(s)).0 & allowed, theirs);
    }
    // Free sliders first, with no pin to test; the few pinned ones keep to their rays.
    let diagonal = a & c & ours & !pin_orthogonal;
    let orthogonal = c & !(a & !b) & ours & !pin_diagonal;
    let mut free = diagonal & !pin_diagonal;
    while free != 0 {
        let s = free.trailing_zeros();
        free &= free - 1;
        out.targets(s, tables.bishop(square(s), occ).0 & allowed, theirs);
    }
    let mut free = orthogonal & !pin_orthogonal;
    while free != 0 {
        let s = free.trailing_zeros();
        free &= free - 1;
        out.targets(s, tables.rook(square(s), occ).0 & allowed, theirs);
    }
    // A pinned piece stands on one pin ray only (two rays from the king meet only there).
    let mut held = (diagonal & pin_diagonal) | (orthogonal & pin_orthogonal);
    while held != 0 {
        let s = held.trailing_zeros();
        held &= held - 1;
        let along_ray = if pin_diagonal >> s & 1 != 0 {
            tables.bishop(square(s), occ).0 & pin_diagonal
        } else {
            tables.rook(square(s), occ).0 & pin_orthogonal
        };
        out.targets(s, along_ray & allowed, theirs);
    }

    let pawns = a & !(b | c) & ours;
    let empty = !occupied;
    let pushers = pawns & !pin_diagonal;
    let one_step = (((pushers & !pin_orthogonal) << 8)
        | (((pushers & pin_orthogonal) << 8) & pin_orthogonal))
        & empty;
    let two_steps = ((one_step & RANK_3) << 8) & empty & check_mask;
    let one_step = one_step & check_mask;
    if wants_quiet {
        out.pawn_moves(one_step & !RANK_8, 8, MoveFlag::Quiet);
        out.pawn_moves(two_steps, 16, MoveFlag::DoublePush);
    }
    let capturers = pawns & !pin_orthogonal;
    let free = capturers & !pin_diagonal;
    let held = capturers & pin_diagonal;
    let targets = theirs & check_mask;
    let west = (((free << 7) | ((held << 7) & pin_diagonal)) & !FILE_H) & targets;
    let east = (((free << 9) | ((held << 9) & pin_diagonal)) & !FILE_A) & targets;
    if wants_noisy {
        out.pawn_promotions(one_step & RANK_8, 8, false);
        out.pawn_promotions(west & RANK_8, 7, true);
        out.pawn_promotions(east & RANK_8, 9, true);
        out.pawn_moves(west & !RANK_8, 7, MoveFlag::Capture);
        out.pawn_moves(east & !RANK_8, 9, MoveFlag::Capture);
        let ep = board.mover & empty;
        if ep != 0 {
            // A copy made here, so that only this rare branch puts the masks in memory.
            let masks = m;
            let mut capturers = en_passant_capturers(tables, &masks, board, ep, pawns);
            while capturers != 0 {
                out.one(
                    capturers.trailing_zeros(),
                    ep.trailing_zeros(),
                    MoveFlag::EnPassant,
                );
                capturers &= capturers - 1;
            }
        }
    }
    if wants_quiet && checkers == 0 {
        let castling_rooks = c & !(a | b) & RANK_1;
        if castling_rooks != 0 {
            castle(&mut out, tables, m, board.planes, castling_rooks);
        }
    }
}

/// The pawns that may take en passant onto stored square set `ep`: each capture played on the
/// occupancy, and kept if no slider then sees the king and no leaper still gives check. The
/// caller hands the moves to the sink, which so never escapes into this rare call.
#[cold]
fn en_passant_capturers(tables: &Tables, m: &Masks, board: &QuadBoard, ep: u64, pawns: u64) -> u64 {
    let [a, b, c] = board.planes;
    let captured = ep >> 8;
    let their_diagonal = a & c & m.theirs;
    let their_orthogonal = c & !(a & !b) & m.theirs;
    let leaper_checkers = m.checkers & !(their_diagonal | their_orthogonal) & !captured;
    if leaper_checkers != 0 {
        return 0;
    }
    let king = square(m.king);
    let mut candidates = (((ep >> 7) & !FILE_A) | ((ep >> 9) & !FILE_H)) & pawns;
    let mut legal = 0;
    while candidates != 0 {
        let from_bit = candidates & candidates.wrapping_neg();
        candidates &= candidates - 1;
        let after = Bitboard(m.occupied ^ from_bit ^ ep ^ captured);
        let seen = (tables.rook(king, after).0 & their_orthogonal)
            | (tables.bishop(king, after).0 & their_diagonal);
        if seen == 0 {
            legal |= from_bit;
        }
    }
    legal
}

/// One castling move's squares on stored rank 1, by the king's file and the rook's.
#[derive(Clone, Copy)]
struct CastlePath {
    /// The squares king and rook cross or land on, but their own: all must be empty.
    must_be_empty: u64,
    /// The squares the king stands on, crosses and lands on: none may be attacked.
    king_path: u64,
    /// The squares of the king's path outside its zone ([`king_zone`]), where the attacked
    /// set may not be whole: only ever those of a Chess960 castling.
    beyond_zone: u64,
    /// The king's destination (g1 or c1).
    king_to: u8,
}

/// The squares from file `x` to file `y` of rank 1, both included.
const fn span(x: u8, y: u8) -> u64 {
    let (low, high) = if x < y { (x, y) } else { (y, x) };
    ((2u64 << high) - 1) & !((1u64 << low) - 1)
}

/// [`CastlePath`] for every king file and rook file of rank 1 (the king's own file unused).
static CASTLE_PATHS: [[CastlePath; 8]; 8] = {
    let mut paths = [[CastlePath {
        must_be_empty: 0,
        king_path: 0,
        beyond_zone: 0,
        king_to: 0,
    }; 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
            let crossed = span(king, king_to) | span(rook, rook_to);
            paths[king as usize][rook as usize] = CastlePath {
                must_be_empty: crossed & !(1 << king) & !(1 << rook),
                king_path: span(king, king_to),
                beyond_zone: span(king, king_to) & !king_zone(king as u32),
                king_to,
            };
            rook += 1;
        }
        king += 1;
    }
    paths
};

/// Castling with each castling rook of the side to move (at most one a side, all on stored
/// rank 1), out of check: every square king or rook crosses or lands on empty but for the two
/// of them, and the king's path unattacked ([`castle_is_exposed`] for the rarer cases).
#[inline(always)]
fn castle<S: MoveSink>(
    out: &mut Out<'_, S>,
    tables: &Tables,
    m: Masks,
    [a, b, c]: [u64; 3],
    mut castling_rooks: u64,
) {
    let (occupied, attacked, king) = (m.occupied, m.attacked, m.king);
    let their_orthogonal = c & !(a & !b) & m.theirs;
    let back_rank_enemies = their_orthogonal & RANK_1;
    let paths = &CASTLE_PATHS[(king & 7) as usize];
    while castling_rooks != 0 {
        let rook = castling_rooks.trailing_zeros();
        castling_rooks &= castling_rooks - 1;
        let path = &paths[(rook & 7) as usize];
        if (path.must_be_empty & occupied) | (path.king_path & attacked) != 0 {
            continue;
        }
        if (path.beyond_zone | back_rank_enemies) != 0
            // `&{ m }`: a copy, so that only this rare call puts the masks in memory.
            && castle_is_exposed(tables, &{ m }, [a, b, c], path, rook)
        {
            continue;
        }
        let flag = if rook > king {
            MoveFlag::KingCastle
        } else {
            MoveFlag::QueenCastle
        };
        out.one(king, path.king_to as u32, flag);
    }
}

/// The two castling tests the attacked set cannot answer: a square of a Chess960 king's path
/// beyond its zone attacked by a slider, and the king's destination attacked along rank 1 once
/// the castling rook, which may shield it, is lifted too.
#[cold]
#[inline(never)]
fn castle_is_exposed(
    tables: &Tables,
    m: &Masks,
    [a, b, c]: [u64; 3],
    path: &CastlePath,
    rook: u32,
) -> bool {
    let their_orthogonal = c & !(a & !b) & m.theirs;
    let their_diagonal = a & c & m.theirs;
    let without_king = Bitboard(m.occupied ^ 1 << m.king);
    let mut far = path.beyond_zone;
    while far != 0 {
        let s = square(far.trailing_zeros());
        far &= far - 1;
        if tables.rook(s, without_king).0 & their_orthogonal != 0
            || tables.bishop(s, without_king).0 & their_diagonal != 0
        {
            return true;
        }
    }
    let lifted = Bitboard(without_king.0 ^ 1 << rook);
    tables.rook(square(path.king_to as u32), lifted).0 & their_orthogonal & RANK_1 != 0
}
