//! The labs' checks: each exercise against boardlab's own code, on many cases, counted.
//!
//! Run one exercise's checks by its name, `cargo test -p boardlab-labs x88_knight`. Without the
//! `solutions` feature an unsolved exercise fails here with its `todo!()` message.

use boardlab_core::bitboard::ROOK_DIRECTIONS;
use boardlab_core::bitboard::{knight_attacks, line, slider_attacks_slow, BISHOP_DIRECTIONS};
use boardlab_core::epd::parse_perft_suite;
use boardlab_core::testkit::positions::random_position;
use boardlab_core::{Bitboard, Board, GenKind, Move, Role, Setup, Square, Zobrist};
use boardlab_labs::{legality, magic, mailbox, perft, picker, piece_list, rotated, x88, zobrist};
use boardlab_mailbox::MailboxBoard;
use boardlab_piece_list::PieceListBoard;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Positions the random games start from: the start position and kiwipete, rich in castling,
/// en passant and promotions.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// Random occupancies, some sparse and some dense, from a fixed seed.
fn occupancies(seed: u64, count: usize) -> Vec<Bitboard> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|i| match i % 3 {
            0 => Bitboard(rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>()),
            1 => Bitboard(rng.gen::<u64>() & rng.gen::<u64>()),
            _ => Bitboard(rng.gen()),
        })
        .collect()
}

/// Random valid positions from a fixed seed.
fn positions(seed: u64, count: usize) -> Vec<Setup> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| random_position::<MailboxBoard>(&mut rng, STARTS))
        .collect()
}

#[test]
fn x88_knight_targets_match_the_knight_table() {
    for sq in Square::ALL {
        assert_eq!(
            x88::knight_targets(sq),
            knight_attacks(sq),
            "knight on {sq}"
        );
    }
}

#[test]
fn x88_slider_targets_match_the_slow_walk() {
    let mut cases = 0;
    for occupied in occupancies(1, 200) {
        for sq in Square::ALL {
            let rook = x88::slider_targets(sq, occupied, &x88::ROOK_STEPS);
            assert_eq!(
                rook,
                slider_attacks_slow(sq, occupied, &ROOK_DIRECTIONS),
                "rook on {sq}, {occupied:?}"
            );
            let bishop = x88::slider_targets(sq, occupied, &x88::BISHOP_STEPS);
            assert_eq!(
                bishop,
                slider_attacks_slow(sq, occupied, &BISHOP_DIRECTIONS),
                "bishop on {sq}, {occupied:?}"
            );
            cases += 2;
        }
    }
    assert_eq!(cases, 200 * 64 * 2);
}

#[test]
fn x88_step_between_names_every_line() {
    let mut aligned = 0;
    for from in Square::ALL {
        for to in Square::ALL {
            let expected = (from != to && !line(from, to).is_empty()).then(|| {
                let df = to.file().index() as i8 - from.file().index() as i8;
                let dr = to.rank().index() as i8 - from.rank().index() as i8;
                16 * dr.signum() + df.signum()
            });
            assert_eq!(x88::step_between(from, to), expected, "from {from} to {to}");
            aligned += usize::from(expected.is_some());
        }
    }
    // Each square sees the others on its lines: 1456 ordered pairs (a queen's moves on an
    // empty board, summed over the 64 squares).
    assert_eq!(aligned, 1456);
}

#[test]
fn mailbox_slide_matches_the_slow_walk() {
    let mut cases = 0;
    for occupied in occupancies(2, 200) {
        let cells = mailbox::frame(occupied);
        for sq in Square::ALL {
            for (steps, directions) in [
                (mailbox::ROOK_STEPS, &ROOK_DIRECTIONS),
                (mailbox::BISHOP_STEPS, &BISHOP_DIRECTIONS),
            ] {
                let reached: Bitboard = steps
                    .iter()
                    .flat_map(|&step| mailbox::slide(&cells, mailbox::cell(sq), step))
                    .map(|cell| {
                        mailbox::square_of_cell(cell).expect("a slide reached a frame cell")
                    })
                    .collect();
                assert_eq!(
                    reached,
                    slider_attacks_slow(sq, occupied, directions),
                    "from {sq}, {occupied:?}"
                );
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 200 * 64 * 2);
}

#[test]
fn rotated_bit_matches_the_crate_maps() {
    let mut cases = 0;
    for rotation in rotated::Rotation::ALL {
        for sq in Square::ALL {
            assert_eq!(
                rotated::rotated_bit(rotation, sq),
                rotation.bit(sq),
                "{} {sq}",
                rotation.name()
            );
            cases += 1;
        }
    }
    assert_eq!(cases, 256);
}

#[test]
fn rotated_state_matches_the_crate_states() {
    let mut cases = 0;
    for occupied in occupancies(3, 100) {
        let occupancy = boardlab_rotated::RotatedOccupancy::from_occupied(occupied);
        for line in rotated::Line::ALL {
            for sq in Square::ALL {
                assert_eq!(
                    rotated::line_state(line, sq, occupied),
                    occupancy.state(line, sq),
                    "{} through {sq}, {occupied:?}",
                    line.name()
                );
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 100 * 4 * 64);
}

#[test]
fn magic_index_matches_the_backend() {
    let mut cases = 0;
    for occupied in occupancies(4, 100) {
        for sq in Square::ALL {
            for entry in [
                boardlab_magic::rook_magic(sq),
                boardlab_magic::bishop_magic(sq),
            ] {
                let index = magic::magic_index(occupied, entry.mask, entry.magic, entry.shift);
                assert_eq!(index, entry.index(occupied), "{sq}, {occupied:?}");
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 100 * 64 * 2);
}

/// Whether `magic` numbers the subsets of `mask` with no harmful collision.
fn magic_works(mask: Bitboard, magic: u64, attacks: &dyn Fn(Bitboard) -> Bitboard) -> bool {
    let shift = 64 - mask.count();
    let mut slots = vec![None; 1 << mask.count()];
    magic::subsets(mask).into_iter().all(|blockers| {
        // The reference index, not the student's: the magic must work in the real lookup.
        let index = ((blockers.0 & mask.0).wrapping_mul(magic) >> shift) as usize;
        let answer = attacks(blockers);
        *slots[index].get_or_insert(answer) == answer
    })
}

#[test]
fn magic_search_finds_working_magics() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut random = move || rng.gen::<u64>();
    let mut checked = 0;
    // Every bishop square, and every eighth rook square (rook searches take longer).
    for (directions, squares) in [
        (&BISHOP_DIRECTIONS, Square::ALL.iter().step_by(1)),
        (&ROOK_DIRECTIONS, Square::ALL.iter().step_by(8)),
    ] {
        for &sq in squares {
            let mask = boardlab_magic::relevant_mask(sq, directions);
            let attacks = |blockers: Bitboard| slider_attacks_slow(sq, blockers, directions);
            let found = magic::find_magic(mask, &attacks, &mut random);
            assert!(
                magic_works(mask, found, &attacks),
                "{sq}: {found:#x} collides"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 64 + 8);
    // A magic of zero sends every subset to slot 0: the check above would catch it.
    let mask = boardlab_magic::relevant_mask(Square::A1, &ROOK_DIRECTIONS);
    assert!(!magic_works(mask, 0, &|b| slider_attacks_slow(
        Square::A1,
        b,
        &ROOK_DIRECTIONS
    )));
}

/// A piece is pinned when lifting it off lets a new enemy slider attack the king.
fn pinned_by_brute_force(setup: &Setup) -> Bitboard {
    let us = setup.turn;
    let Some(king) = setup.king(us) else {
        return Bitboard::EMPTY;
    };
    let occupied = setup.occupied();
    let before = setup.attackers(king, !us, occupied);
    setup
        .pieces()
        .filter(|&(sq, piece)| piece.color == us && sq != king)
        .filter(|&(sq, _)| {
            let after = setup.attackers(king, !us, occupied.without(sq));
            after != before
        })
        .map(|(sq, _)| sq)
        .collect()
}

#[test]
fn pins_match_brute_force() {
    let mut with_pins = 0;
    let all = positions(6, 3000);
    for setup in &all {
        let expected = pinned_by_brute_force(setup);
        assert_eq!(legality::pinned(setup), expected, "{}", setup.to_fen());
        with_pins += usize::from(!expected.is_empty());
    }
    assert_eq!(all.len(), 3000);
    // The check says little unless many positions have a pin.
    assert!(with_pins >= 100, "only {with_pins} positions with a pin");
}

#[test]
fn zobrist_update_matches_hashing_from_scratch() {
    let mut moves = 0;
    let (mut castles, mut en_passants, mut promotions, mut double_pushes) = (0, 0, 0, 0);
    for before in positions(7, 2000) {
        let hash = Zobrist::of(&before);
        for &mv in MailboxBoard::from_setup(&before).legal_moves().iter() {
            let mut after = before.clone();
            after.play(mv);
            assert_eq!(
                zobrist::update(hash, &before, mv),
                Zobrist::of(&after),
                "{} after {mv}",
                before.to_fen()
            );
            moves += 1;
            castles += usize::from(mv.is_castle());
            en_passants += usize::from(mv.is_en_passant());
            promotions += usize::from(mv.is_promotion());
            double_pushes += usize::from(mv.is_double_push());
        }
    }
    assert!(moves >= 20_000, "only {moves} moves");
    // Each special move must have been met, or its part of the update went unchecked.
    for (what, count) in [
        ("castles", castles),
        ("en-passant captures", en_passants),
        ("promotions", promotions),
        ("double pushes", double_pushes),
    ] {
        assert!(count >= 20, "only {count} {what}");
    }
}

#[test]
fn piece_list_capture_matches_the_backend() {
    let mut captures = 0;
    for setup in positions(8, 2000) {
        let board = PieceListBoard::from_setup(&setup);
        let them = !setup.turn;
        for &mv in board.legal_moves().iter().filter(|mv| mv.is_capture()) {
            let victim = if mv.is_en_passant() {
                mv.to()
                    .offset(0, -setup.turn.forward())
                    .expect("behind the target")
            } else {
                mv.to()
            };
            let original = piece_list::SlotList::new(board.list(them).iter());
            let mut list = original.clone();
            let (slot, role) = list.remove_on(victim).expect("the victim is in its list");
            let mut after = board.clone();
            after.make(mv);
            let expected = piece_list::SlotList::new(after.list(them).iter());
            assert_eq!(list, expected, "{} after {mv}", setup.to_fen());
            list.put_back(slot, role, victim);
            assert_eq!(list, original, "{} after {mv} and back", setup.to_fen());
            captures += 1;
        }
    }
    assert!(captures >= 2000, "only {captures} captures");
    // A square with no entry leaves the list alone.
    let mut list = piece_list::SlotList::new([(Role::King, Square::E1)]);
    assert_eq!(list.remove_on(Square::E2), None);
    assert_eq!(list.len, 1);
}

/// Checks the labs' perft against the published counts on one backend, depth by depth up to a
/// node budget; returns how many (position, depth) pairs it checked.
fn perft_against_published<B: Board>(budget: u64) -> usize {
    let suite =
        parse_perft_suite(include_str!("../../core/data/standard.epd")).expect("standard.epd");
    let mut checked = 0;
    for case in &suite {
        let mut board = B::from_fen(&case.fen).expect("a suite FEN");
        for &(depth, expected) in case.expected.iter().filter(|&&(_, nodes)| nodes <= budget) {
            let before = board.to_setup();
            assert_eq!(
                perft::perft(&mut board, depth),
                expected,
                "{} depth {depth} on {}",
                case.fen,
                B::NAME
            );
            assert!(
                board.to_setup() == before,
                "perft did not restore {}",
                case.fen
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_matches_the_published_counts() {
    let mut board = MailboxBoard::from_setup(&Setup::start());
    assert_eq!(perft::perft(&mut board, 0), 1);
    let checked = perft_against_published::<MailboxBoard>(200_000)
        + perft_against_published::<boardlab_x88::X88Board>(200_000);
    // Per backend, the published depths up to 200,000 nodes: four of the start position and of
    // position 3, three of kiwipete and of positions 4, 5 and 6.
    assert_eq!(checked, 2 * 20);
}

#[test]
fn staged_picker_yields_every_move_once_in_stages() {
    let mut rng = StdRng::seed_from_u64(9);
    let (mut nodes, mut killers_used) = (0, 0);
    for setup in positions(10, 1500) {
        let board = MailboxBoard::from_setup(&setup);
        let legal = board.legal_moves();
        let mut quiet = boardlab_core::MoveList::new();
        board.generate(GenKind::Quiet, &mut quiet);
        // A legal hash move half the time; killers drawn from this position's quiet moves or
        // from a move that is not legal here.
        let hash_move =
            (!legal.is_empty() && rng.gen_bool(0.5)).then(|| legal[rng.gen_range(0..legal.len())]);
        let foreign = Move::new(Square::A1, Square::H8, boardlab_core::MoveFlag::Quiet);
        let mut killer = || match (rng.gen_range(0..3), quiet.is_empty()) {
            (0, false) => Some(quiet[rng.gen_range(0..quiet.len())]),
            (1, _) => Some(foreign),
            _ => None,
        };
        let killers = [killer(), killer()];

        let picked: Vec<Move> = picker::StagedPicker::new(&board, hash_move, killers).collect();
        let mut sorted_picked = picked.clone();
        sorted_picked.sort_by_key(|mv| mv.bits());
        let mut sorted_legal: Vec<Move> = legal.iter().copied().collect();
        sorted_legal.sort_by_key(|mv| mv.bits());
        assert_eq!(
            sorted_picked,
            sorted_legal,
            "{}: not every legal move once",
            setup.to_fen()
        );

        let mut rest = picked.as_slice();
        if let Some(hash) = hash_move {
            assert_eq!(rest[0], hash, "{}: hash move first", setup.to_fen());
            rest = &rest[1..];
        }
        let noisy = rest.iter().take_while(|mv| mv.is_noisy()).count();
        let keys: Vec<i32> = rest[..noisy]
            .iter()
            .map(|&mv| picker::mvv_lva(&board, mv))
            .collect();
        assert!(
            keys.windows(2).all(|pair| pair[0] >= pair[1]),
            "{}: noisy moves out of order",
            setup.to_fen()
        );
        rest = &rest[noisy..];
        assert!(
            rest.iter().all(|mv| !mv.is_noisy()),
            "{}: a noisy move after the quiet ones",
            setup.to_fen()
        );
        let mut expected_killers: Vec<Move> = Vec::new();
        for k in killers.into_iter().flatten() {
            if quiet.contains(&k) && Some(k) != hash_move && !expected_killers.contains(&k) {
                expected_killers.push(k);
            }
        }
        assert_eq!(
            &rest[..expected_killers.len()],
            expected_killers.as_slice(),
            "{}: killers",
            setup.to_fen()
        );
        killers_used += expected_killers.len();
        nodes += 1;
    }
    assert_eq!(nodes, 1500);
    assert!(
        killers_used >= 300,
        "only {killers_used} killers were legal"
    );
}

/// The figures the 0x88 chapter gives for its difference table, counted over every pair of
/// on-board cells: how many different differences occur, how many of them some piece attacks
/// along on an empty board, and the smallest cell a step below the first rank wraps to. Not an
/// exercise: it runs without the solutions.
#[test]
fn x88_difference_counts() {
    use boardlab_core::bitboard::{king_attacks, pawn_attacks};
    use std::collections::BTreeSet;
    let mut differences = BTreeSet::new();
    let mut attacked = BTreeSet::new();
    for from in Square::ALL {
        for to in Square::ALL {
            let difference = i16::from(x88::cell(to)) - i16::from(x88::cell(from));
            differences.insert(difference);
            let on_a_line = from != to && !line(from, to).is_empty();
            let leaper = knight_attacks(from).contains(to)
                || king_attacks(from).contains(to)
                || pawn_attacks(boardlab_core::Color::White, from).contains(to)
                || pawn_attacks(boardlab_core::Color::Black, from).contains(to);
            if on_a_line || leaper {
                attacked.insert(difference);
            }
        }
    }
    assert_eq!(
        differences.len(),
        225,
        "15 rank changes times 15 file changes"
    );
    assert_eq!(
        (differences.first(), differences.last()),
        (Some(&-119), Some(&119))
    );
    // Eight directions at seven distances, and the eight knight jumps; king and pawn steps
    // fall on the lines at distance one.
    assert_eq!(attacked.len(), 64);
    // Every step off the bottom of the board, as the generators take it (u8 arithmetic).
    let steps = x88::QUEEN_STEPS.iter().chain(&x88::KNIGHT_STEPS);
    let wrapped: Vec<u8> = Square::ALL
        .iter()
        .flat_map(|&sq| steps.clone().map(move |&step| (x88::cell(sq), step)))
        .filter(|&(cell, step)| i16::from(cell) + i16::from(step) < 0)
        .map(|(cell, step)| cell.wrapping_add_signed(step))
        .collect();
    assert_eq!(wrapped.iter().min(), Some(&223), "a1 - 33");
    assert!(wrapped.iter().all(|&cell| cell & 0x88 != 0));
    assert!(wrapped.contains(&239), "a1 - 17");
}

/// A board that counts its calls to `generate`, to see when a picker generates.
#[derive(Clone)]
struct Counting {
    inner: MailboxBoard,
    generated: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Counting {
    fn generations(&self) -> usize {
        self.generated.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Board for Counting {
    type Undo = <MailboxBoard as Board>::Undo;
    const NAME: &'static str = "counting";
    fn from_setup(setup: &Setup) -> Self {
        Counting {
            inner: MailboxBoard::from_setup(setup),
            generated: Default::default(),
        }
    }
    fn to_setup(&self) -> Setup {
        self.inner.to_setup()
    }
    fn side_to_move(&self) -> boardlab_core::Color {
        self.inner.side_to_move()
    }
    fn piece_at(&self, sq: Square) -> Option<boardlab_core::Piece> {
        self.inner.piece_at(sq)
    }
    fn castling(&self) -> boardlab_core::CastlingRights {
        self.inner.castling()
    }
    fn ep_square(&self) -> Option<Square> {
        self.inner.ep_square()
    }
    fn halfmove_clock(&self) -> u32 {
        self.inner.halfmove_clock()
    }
    fn fullmove_number(&self) -> u32 {
        self.inner.fullmove_number()
    }
    fn zobrist(&self) -> Zobrist {
        self.inner.zobrist()
    }
    fn king_square(&self, color: boardlab_core::Color) -> Square {
        self.inner.king_square(color)
    }
    fn in_check(&self) -> bool {
        self.inner.in_check()
    }
    fn is_attacked(&self, sq: Square, by: boardlab_core::Color) -> bool {
        self.inner.is_attacked(sq, by)
    }
    fn generate(&self, kind: GenKind, out: &mut boardlab_core::MoveList) {
        self.generated
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.generate(kind, out)
    }
    fn make(&mut self, mv: Move) -> Self::Undo {
        self.inner.make(mv)
    }
    fn unmake(&mut self, mv: Move, undo: Self::Undo) {
        self.inner.unmake(mv, undo)
    }
    fn make_null(&mut self) -> Self::Undo {
        self.inner.make_null()
    }
    fn unmake_null(&mut self, undo: Self::Undo) {
        self.inner.unmake_null(undo)
    }
}

#[test]
fn staged_picker_generates_each_stage_only_when_reached() {
    let mut checked = 0;
    for setup in positions(11, 500) {
        let legal = MailboxBoard::from_setup(&setup).legal_moves();
        let Some(&hash_move) = legal.first() else {
            continue;
        };
        let board = Counting::from_setup(&setup);
        let mut picker = picker::StagedPicker::new(&board, Some(hash_move), [None, None]);
        assert_eq!(
            board.generations(),
            0,
            "{}: generated before the first move",
            setup.to_fen()
        );
        assert_eq!(picker.next(), Some(hash_move));
        assert_eq!(
            board.generations(),
            0,
            "{}: generated for the hash move",
            setup.to_fen()
        );
        let mut seen_quiet = false;
        for mv in picker {
            let expected = if mv.is_noisy() { 1 } else { 2 };
            seen_quiet |= !mv.is_noisy();
            assert_eq!(
                board.generations(),
                expected,
                "{}: generations when {mv} came",
                setup.to_fen()
            );
        }
        assert!(
            board.generations() <= 2,
            "{}: generated more than twice",
            setup.to_fen()
        );
        checked += usize::from(seen_quiet);
    }
    assert!(
        checked >= 300,
        "only {checked} positions reached the quiet moves"
    );
}
