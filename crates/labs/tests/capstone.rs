//! The capstone: the 16x12 board against the whole conformance kit, its cells against the
//! position after every move of random games, its legal moves and attacks with squares walled
//! off in its cells behind its back (and the cells its attack test reads), and its perftree
//! script.
//!
//! Run them with `cargo test -p boardlab-labs capstone`. Every one fails until the board is
//! written, but the tests that show a check rejecting a wrong board and the test of the walled
//! reference.

mod capstone {
    use boardlab_core::{
        Bitboard, Board, BoardExt, Color, Move, MoveSink, Piece, PositionState, Role, Setup, Square,
    };
    use boardlab_labs::capstone::Board16x12;
    use boardlab_labs::scaffold::capstone::{
        cell, cells_read_by, code, CellBoard, Cells, BISHOP_STEPS, CELLS, EMPTY, FRAME, KING_STEPS,
        KNIGHT_STEPS, ROOK_STEPS,
    };
    use boardlab_reference::ReferenceBoard;
    use boardlab_testkit::positions::random_position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::process::Command;

    boardlab_testkit::conformance_tests!(Board16x12);

    /// The positions the random games start from: the start position, kiwipete (castling),
    /// a pawn ending (en passant), promotions, and a Chess960 start.
    const STARTS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];

    /// The 192 cells of a position: the frame, and each piece's byte on its square's cell.
    fn cells_of(setup: &Setup) -> [u8; CELLS] {
        let mut cells = Cells::empty().bytes();
        for (sq, piece) in setup.pieces() {
            cells[usize::from(cell(sq))] = code(piece);
        }
        cells
    }

    /// Plays 40 random games of up to 80 plies on `B`, the moves chosen among the reference
    /// board's, and compares the board's cells (read by `cells`) with the position after
    /// every move, and after every third move taken back; returns the number of positions
    /// compared.
    fn check_cells<B: Board>(cells: fn(&B) -> [u8; CELLS]) -> Result<usize, String> {
        let mut rng = StdRng::seed_from_u64(16);
        let mut compared = 0;
        let mut compare = |board: &B, setup: &Setup, what: &str| {
            compared += 1;
            if cells(board) == cells_of(setup) {
                Ok(())
            } else {
                Err(format!(
                    "{what}: the cells are not the position {}",
                    setup.to_fen()
                ))
            }
        };
        for game in 0..40 {
            let start = Setup::from_fen(STARTS[game % STARTS.len()]).expect("a start FEN");
            let mut board = B::from_setup(&start);
            let mut setup = start;
            compare(&board, &setup, "from_setup")?;
            for ply in 0..80 {
                let legal = ReferenceBoard::from_setup(&setup).legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.gen_range(0..legal.len())];
                let undo = board.make(mv);
                let mut after = setup.clone();
                after.play(mv);
                compare(&board, &after, &format!("after {mv}"))?;
                if ply % 3 == 0 {
                    board.unmake(mv, undo);
                    compare(&board, &setup, &format!("after {mv} and its unmake"))?;
                    board.make(mv);
                }
                setup = after;
            }
        }
        Ok(compared)
    }

    #[test]
    fn capstone_keeps_its_cells() {
        let compared = check_cells::<Board16x12>(|board| board.cells().bytes())
            .unwrap_or_else(|problem| panic!("{problem}"));
        assert!(compared >= 3000, "only {compared} positions compared");
    }

    /// The shortcut the check is there for: boardlab-reference's board doing the work,
    /// with cells filled once from the start position and never kept.
    #[test]
    fn capstone_check_rejects_a_board_that_does_not_keep_its_cells() {
        let problem = check_cells::<ReferenceBoard>(|_| cells_of(&Setup::start()))
            .expect_err("the check accepted cells that never change");
        assert!(problem.starts_with("after"), "{problem}");
    }

    /// The legal moves of `setup` with the squares of `walls` walled off, sorted. The walls are
    /// disguised as knights of the side to move, which block as a wall does (no piece of the
    /// side to move lands on them or passes them, no enemy attack passes them, castling finds
    /// its way not empty) and attack nothing that matters to the side to move's own legality;
    /// their own moves are dropped. (A disguise answers the legal moves only: which squares
    /// each side attacks is [`walled_attack`]'s.)
    fn walled_legal(setup: &Setup, walls: Bitboard) -> Vec<Move> {
        let mut disguised = setup.clone();
        for sq in walls {
            disguised.board[sq.index()] = Some(Piece::new(setup.turn, Role::Knight));
        }
        let mut moves: Vec<Move> = ReferenceBoard::from_setup(&disguised)
            .legal_moves()
            .iter()
            .copied()
            .filter(|mv| !walls.contains(mv.from()))
            .collect();
        moves.sort_by_key(|mv| mv.bits());
        moves
    }

    /// The 192 cells of a position with walls.
    fn walled_cells(setup: &Setup, walls: Bitboard) -> [u8; CELLS] {
        let mut cells = cells_of(setup);
        for sq in walls {
            cells[usize::from(cell(sq))] = FRAME;
        }
        cells
    }

    /// The cell `by` away from `from` (every step from a square stays inside the cells).
    fn step(from: u8, by: i8) -> u8 {
        from.wrapping_add_signed(by)
    }

    /// Whether a piece of `by` attacks `sq` in the walled `cells`, and the cells an attack
    /// test that looks outwards from `sq` reads: the square, each of the eight lines out of it
    /// up to the first cell that is not empty (a piece, a wall or the frame), and the eight
    /// knight's jumps. Worked out here from the bytes alone, as the chapter describes it.
    fn walled_attack(cells: &[u8; CELLS], sq: Square, by: Color) -> (bool, Vec<u8>) {
        let target = cell(sq);
        let mut reads = vec![target];
        let piece = |role| code(Piece::new(by, role));
        let mut attacked = false;
        for (lines, role) in [(ROOK_STEPS, Role::Rook), (BISHOP_STEPS, Role::Bishop)] {
            for by_step in lines {
                let mut to = step(target, by_step);
                let mut distance = 1;
                while cells[usize::from(to)] == EMPTY {
                    reads.push(to);
                    to = step(to, by_step);
                    distance += 1;
                }
                reads.push(to);
                let found = cells[usize::from(to)];
                // A white pawn attacks upwards: it stands on a diagonal one rank below.
                let pawn_below = match by {
                    Color::White => by_step < 0,
                    Color::Black => by_step > 0,
                };
                attacked |= found == piece(role)
                    || found == piece(Role::Queen)
                    || (distance == 1 && found == piece(Role::King))
                    || (distance == 1
                        && role == Role::Bishop
                        && pawn_below
                        && found == piece(Role::Pawn));
            }
        }
        for jump in KNIGHT_STEPS {
            let to = step(target, jump);
            reads.push(to);
            attacked |= cells[usize::from(to)] == piece(Role::Knight);
        }
        debug_assert!(KING_STEPS.iter().all(|s| reads.contains(&step(target, *s))));
        reads.sort_unstable();
        reads.dedup();
        (attacked, reads)
    }

    /// A random position from [`STARTS`] and a few random moves, with one to six of its empty
    /// squares (never the en-passant square) chosen as walls.
    fn walled_position(rng: &mut StdRng) -> (Setup, Vec<Move>, Bitboard) {
        let start = random_position::<ReferenceBoard>(rng, STARTS);
        let mut setup = start.clone();
        let mut played = Vec::new();
        for _ in 0..rng.gen_range(0..4) {
            let legal = ReferenceBoard::from_setup(&setup).legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.gen_range(0..legal.len())];
            setup.play(mv);
            played.push(mv);
        }
        let empty: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&sq| setup.piece_at(sq).is_none() && setup.ep_square != Some(sq))
            .collect();
        let mut walls = Bitboard::EMPTY;
        for _ in 0..rng.gen_range(1..=6) {
            walls = walls.with(empty[rng.gen_range(0..empty.len())]);
        }
        (start, played, walls)
    }

    /// Builds `B` on `start`, plays `played` on it, and only then writes the walls into its
    /// cells, through the given [`Cells`] and not through any method of the board's own.
    fn walled_board<B: Board + CellBoard>(start: &Setup, played: &[Move], walls: Bitboard) -> B {
        let mut board = B::from_setup(start);
        for &mv in played {
            board.make(mv);
        }
        for sq in walls {
            board.cells_mut().wall_off(sq);
        }
        board
    }

    /// Random walled positions, the walls written into the cells in the middle of a game, and
    /// random games of up to 12 plies from each: the board's legal moves against the walled
    /// position's, and its cells against the position with its walls. Returns the positions
    /// compared and how many of them had moves the walls took away or gave.
    fn check_walls<B: Board + CellBoard>() -> Result<(usize, usize), String> {
        let mut rng = StdRng::seed_from_u64(17);
        let (mut compared, mut changed) = (0, 0);
        for _ in 0..300 {
            let (start, played, walls) = walled_position(&mut rng);
            let mut board = walled_board::<B>(&start, &played, walls);
            let mut setup = start;
            for &mv in &played {
                setup.play(mv);
            }
            for ply in 0..12 {
                let expected = walled_legal(&setup, walls);
                let mut found: Vec<Move> = board.legal_moves().iter().copied().collect();
                found.sort_by_key(|mv| mv.bits());
                let fen = setup.to_fen();
                if found != expected {
                    return Err(format!(
                        "{fen} with walls on {walls:?}: the moves {}, the walled position's {}",
                        board.line_text(&found, false).join(" "),
                        board.line_text(&expected, false).join(" ")
                    ));
                }
                if board.cells().bytes() != walled_cells(&setup, walls) {
                    return Err(format!(
                        "{fen} with walls on {walls:?}: the cells lost a wall"
                    ));
                }
                compared += 1;
                let unwalled = ReferenceBoard::from_setup(&setup).legal_moves().len();
                changed += usize::from(unwalled != expected.len());
                if expected.is_empty() || ply == 11 {
                    break;
                }
                let mv = expected[rng.gen_range(0..expected.len())];
                board.make(mv);
                setup.play(mv);
            }
        }
        Ok((compared, changed))
    }

    /// Random walled positions, the walls written into the cells in the middle of a game: for
    /// every square and both sides, `is_attacked` against [`walled_attack`], and the cells it
    /// read against the cells an attack test that looks outwards from the square reads; and
    /// `in_check` likewise. Returns the questions asked and how many answers the walls changed.
    fn check_attacks<B: Board + CellBoard>() -> Result<(usize, usize), String> {
        let mut rng = StdRng::seed_from_u64(19);
        let (mut asked, mut changed) = (0, 0);
        for _ in 0..200 {
            let (start, played, walls) = walled_position(&mut rng);
            let board = walled_board::<B>(&start, &played, walls);
            let mut setup = start;
            for &mv in &played {
                setup.play(mv);
            }
            let walled = walled_cells(&setup, walls);
            let plain = cells_of(&setup);
            let fen = setup.to_fen();
            for sq in Square::ALL.into_iter().filter(|&sq| !walls.contains(sq)) {
                for by in [Color::White, Color::Black] {
                    let (expected, allowed) = walled_attack(&walled, sq, by);
                    let (found, read) = cells_read_by(|| board.is_attacked(sq, by));
                    if found != expected {
                        return Err(format!(
                            "{fen} with walls on {walls:?}: is_attacked({sq}, {by:?}) is \
                             {found}, the walled position's {expected}"
                        ));
                    }
                    if let Some(stray) = read.iter().find(|cell| !allowed.contains(cell)) {
                        return Err(format!(
                            "{fen} with walls on {walls:?}: is_attacked({sq}, {by:?}) read the \
                             cell {stray:#04x}, which is on no line or jump out of {sq}"
                        ));
                    }
                    asked += 1;
                    changed += usize::from(walled_attack(&plain, sq, by).0 != expected);
                }
            }
            let king = setup.king(setup.turn).expect("a king");
            let (expected, _) = walled_attack(&walled, king, !setup.turn);
            if board.in_check() != expected {
                return Err(format!(
                    "{fen} with walls on {walls:?}: in_check is {}, the walled position's \
                     {expected}",
                    !expected
                ));
            }
        }
        Ok((asked, changed))
    }

    #[test]
    fn capstone_walled_reference_is_what_it_claims() {
        // Without walls, the disguise changes nothing: the reference board's moves; and the
        // attacks worked out from the bytes are the reference board's.
        let mut rng = StdRng::seed_from_u64(18);
        for _ in 0..200 {
            let setup = random_position::<ReferenceBoard>(&mut rng, STARTS);
            let reference = ReferenceBoard::from_setup(&setup);
            let mut plain: Vec<Move> = reference.legal_moves().to_vec();
            plain.sort_by_key(|mv| mv.bits());
            assert_eq!(walled_legal(&setup, Bitboard::EMPTY), plain);
            let cells = cells_of(&setup);
            for sq in Square::ALL {
                for by in [Color::White, Color::Black] {
                    let (attacked, reads) = walled_attack(&cells, sq, by);
                    assert_eq!(attacked, reference.is_attacked(sq, by), "{sq} {by:?}");
                    // The square, its eight jumps, and at least one cell and at most 27 squares
                    // and 8 stopping cells along the lines.
                    assert!((17..=1 + 8 + 27 + 8).contains(&reads.len()), "{reads:?}");
                }
            }
        }
        // A wall by hand: a rook on a1 walled at a4 reaches a2 and a3 up the file, and a rook
        // on h4 gives no check through a wall on f4.
        let setup = Setup::from_fen("8/8/8/8/4k2r/8/8/R3K3 w - - 0 1").expect("a FEN");
        let walled = walled_legal(&setup, Bitboard::EMPTY.with(Square::A4));
        let rook_moves: Vec<String> = walled
            .iter()
            .filter(|mv| mv.from() == Square::A1)
            .map(|mv| mv.to().to_string())
            .collect();
        assert_eq!(rook_moves, ["b1", "c1", "d1", "a2", "a3"]);
        let check = Setup::from_fen("8/8/8/8/4K2r/8/8/7k w - - 0 1").expect("a FEN");
        let king_moves = |walls| walled_legal(&check, walls).len();
        assert!(king_moves(Bitboard::EMPTY.with(Square::F4)) > king_moves(Bitboard::EMPTY));
        let wall_f4 = walled_cells(&check, Bitboard::EMPTY.with(Square::F4));
        assert!(walled_attack(&cells_of(&check), Square::E4, Color::Black).0);
        assert!(!walled_attack(&wall_f4, Square::E4, Color::Black).0);
        // A wall attacks nothing: e4's neighbour walls leave it unattacked by either side.
        let lone = Setup::from_fen("k7/8/8/8/8/8/8/7K w - - 0 1").expect("a FEN");
        let ringed = walled_cells(&lone, Bitboard::EMPTY.with(Square::D3).with(Square::F6));
        for by in [Color::White, Color::Black] {
            assert!(!walled_attack(&ringed, Square::E4, by).0);
        }
    }

    #[test]
    fn capstone_honours_walls() {
        let (compared, changed) =
            check_walls::<Board16x12>().unwrap_or_else(|problem| panic!("{problem}"));
        assert!(
            compared >= 2000,
            "only {compared} walled positions compared"
        );
        assert!(
            changed >= 500,
            "the walls changed the moves of only {changed} positions"
        );
    }

    #[test]
    fn capstone_attacks_see_the_walls_by_walking_the_cells() {
        let (asked, changed) =
            check_attacks::<Board16x12>().unwrap_or_else(|problem| panic!("{problem}"));
        assert!(asked >= 20_000, "only {asked} attack questions asked");
        assert!(changed >= 200, "the walls changed only {changed} answers");
    }

    /// What the boards written to game the checks share: boardlab-reference's board doing the
    /// work, and cells rewritten from it after every move and take-back, walls kept.
    #[derive(Clone)]
    struct ReferenceInside {
        reference: ReferenceBoard,
        cells: Cells,
    }

    impl ReferenceInside {
        fn new(setup: &Setup) -> ReferenceInside {
            let mut cells = Cells::empty();
            for (sq, piece) in setup.pieces() {
                cells.set(cell(sq), code(piece));
            }
            ReferenceInside {
                reference: ReferenceBoard::from_setup(setup),
                cells,
            }
        }

        /// The walls in the cells, found by reading them all.
        fn walls(&self) -> Bitboard {
            let bytes = self.cells.bytes();
            Square::ALL
                .into_iter()
                .filter(|&sq| bytes[usize::from(cell(sq))] == FRAME)
                .collect()
        }

        fn rewrite_cells(&mut self) {
            let walls = self.walls();
            let setup = self.reference.to_setup();
            self.cells = Cells::empty();
            for (sq, piece) in setup.pieces() {
                self.cells.set(cell(sq), code(piece));
            }
            for sq in walls {
                self.cells.wall_off(sq);
            }
        }

        /// The reference board with the walls disguised as knights of `color`.
        fn disguised(&self, color: Color) -> ReferenceBoard {
            let mut setup = self.reference.to_setup();
            for sq in self.walls() {
                setup.board[sq.index()] = Some(Piece::new(color, Role::Knight));
            }
            ReferenceBoard::from_setup(&setup)
        }
    }

    impl CellBoard for ReferenceInside {
        fn cells(&self) -> &Cells {
            &self.cells
        }
        fn cells_mut(&mut self) -> &mut Cells {
            &mut self.cells
        }
    }

    /// Declares a board around [`ReferenceInside`] whose legal moves and attacks are the
    /// functions given.
    macro_rules! reference_inside {
        ($name:ident, $board:literal, $moves:path, $attacked:path) => {
            #[derive(Clone)]
            struct $name(ReferenceInside);

            impl CellBoard for $name {
                fn cells(&self) -> &Cells {
                    self.0.cells()
                }
                fn cells_mut(&mut self) -> &mut Cells {
                    self.0.cells_mut()
                }
            }

            impl Board for $name {
                // The reference board keeps its own history, so its undo value is `()`.
                type Undo = ();
                const NAME: &'static str = $board;
                fn from_setup(setup: &Setup) -> Self {
                    $name(ReferenceInside::new(setup))
                }
                fn state(&self) -> PositionState {
                    self.0.reference.state()
                }
                fn piece_at(&self, sq: Square) -> Option<Piece> {
                    self.0.reference.piece_at(sq)
                }
                fn king_square(&self, color: Color) -> Square {
                    self.0.reference.king_square(color)
                }
                fn in_check(&self) -> bool {
                    let us = self.0.reference.state().turn;
                    self.is_attacked(self.king_square(us), !us)
                }
                fn is_attacked(&self, sq: Square, by: Color) -> bool {
                    $attacked(&self.0, sq, by)
                }
                fn generate_into<S: MoveSink>(&self, sink: &mut S) {
                    $moves(&self.0, sink)
                }
                fn make(&mut self, mv: Move) {
                    self.0.reference.make(mv);
                    self.0.rewrite_cells();
                }
                fn unmake(&mut self, mv: Move, undo: ()) {
                    self.0.reference.unmake(mv, undo);
                    self.0.rewrite_cells();
                }
                fn make_null(&mut self) -> Self::Undo {
                    self.0.reference.make_null()
                }
                fn unmake_null(&mut self, undo: Self::Undo) {
                    self.0.reference.unmake_null(undo)
                }
            }
        };
    }

    /// The reference's moves, the walls unseen.
    fn blind_moves<S: MoveSink>(inside: &ReferenceInside, sink: &mut S) {
        inside.reference.generate_into(sink)
    }

    /// The reference's attacks, the walls unseen.
    fn blind_attacks(inside: &ReferenceInside, sq: Square, by: Color) -> bool {
        inside.reference.is_attacked(sq, by)
    }

    /// The shortcut of the walls check's own oracle: the walls read from the cells and
    /// disguised as knights of the side to move, their moves dropped.
    fn disguised_moves<S: MoveSink>(inside: &ReferenceInside, sink: &mut S) {
        let turn = inside.reference.state().turn;
        let walls = inside.walls();
        for &mv in inside.disguised(turn).legal_moves().iter() {
            if !walls.contains(mv.from()) && S::KIND.includes(mv) {
                sink.push(mv);
            }
        }
    }

    /// The attacks with the same disguise.
    fn disguised_attacks(inside: &ReferenceInside, sq: Square, by: Color) -> bool {
        let turn = inside.reference.state().turn;
        inside.disguised(turn).is_attacked(sq, by)
    }

    /// The attacks with the walls disguised afresh for each question, as knights of the side
    /// not asked about, which block as a wall does and attack nothing for `by`: right answers,
    /// from cells read whole.
    fn disguised_for_each_question(inside: &ReferenceInside, sq: Square, by: Color) -> bool {
        inside.disguised(!by).is_attacked(sq, by)
    }

    reference_inside!(BlindToWalls, "blind-to-walls", blind_moves, blind_attacks);
    reference_inside!(
        DisguisedWalls,
        "disguised-walls",
        disguised_moves,
        disguised_attacks
    );
    reference_inside!(
        DisguisedForEachQuestion,
        "disguised-for-each-question",
        disguised_moves,
        disguised_for_each_question
    );

    #[test]
    fn capstone_check_rejects_boards_with_the_reference_inside() {
        // They keep their cells right, so the cells check passes them ...
        let compared = check_cells::<BlindToWalls>(|board| board.cells().bytes())
            .unwrap_or_else(|problem| panic!("{problem}"));
        assert!(compared >= 3000);
        // ... and the walls find the one blind to them, in its moves and in its attacks.
        let problem = check_walls::<BlindToWalls>().expect_err("the walls check passed it");
        assert!(problem.contains("walled position's"), "{problem}");
        let problem = check_attacks::<BlindToWalls>().expect_err("the attacks check passed it");
        assert!(problem.contains("is_attacked"), "{problem}");
        // The disguise passes the walls check, which asks for moves alone, and the attacks
        // find it: by the cells it reads to find the walls, and by its answers, since the
        // disguised walls attack for the side to move.
        check_walls::<DisguisedWalls>().unwrap_or_else(|problem| panic!("{problem}"));
        let problem = check_attacks::<DisguisedWalls>().expect_err("the attacks check passed it");
        assert!(problem.contains("is_attacked"), "{problem}");
        let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("a FEN");
        let mut disguised = DisguisedWalls::from_setup(&setup);
        disguised.cells_mut().wall_off(Square::D4);
        // A knight on d4 would attack e6; a wall attacks nothing.
        assert!(disguised.is_attacked(Square::E6, Color::White));
        assert!(!walled_attack(&disguised.cells().bytes(), Square::E6, Color::White).0);
        // Disguised afresh for each question its answers are right, and the cells it read to
        // find the walls give it away.
        let problem =
            check_attacks::<DisguisedForEachQuestion>().expect_err("the attacks check passed it");
        assert!(problem.contains("which is on no line or jump"), "{problem}");
    }

    /// The perftree script answers as `boardlab perftree` does: a line per move, a blank line
    /// and the total, after the moves given.
    /// `capstone-perftree ARGS`, killed (and the test failed) if it runs for over a minute:
    /// a board that loops must not hang the course's tests.
    fn perftree(args: &[&str]) -> std::process::Output {
        use std::process::Stdio;
        let mut child = Command::new(env!("CARGO_BIN_EXE_capstone-perftree"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the script runs");
        let started = std::time::Instant::now();
        while child
            .try_wait()
            .expect("the script can be waited for")
            .is_none()
        {
            if started.elapsed() > std::time::Duration::from_secs(60) {
                child.kill().ok();
                panic!("capstone-perftree {args:?} was still running after a minute");
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // The answers are short: the pipes hold them until the script has exited.
        child.wait_with_output().expect("the script's output")
    }

    #[test]
    fn capstone_perftree_answers_the_protocol() {
        let run = |args: &[&str]| {
            let output = perftree(args);
            assert!(
                output.status.success(),
                "capstone-perftree {args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            String::from_utf8(output.stdout).expect("text")
        };
        let start = STARTS[0];
        let text = run(&["2", start]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 20 + 2, "{text}");
        assert!(lines.contains(&"e2e4 20"), "{text}");
        assert_eq!(lines[20..], ["", "400"]);
        // After 1.e4 e5 white has 29 moves, 2.Ke2 among them.
        let text = run(&["1", start, "e2e4 e7e5"]);
        assert!(text.contains("e1e2 1\n"), "{text}");
        assert!(text.ends_with("\n29\n"), "{text}");
        // A Chess960 castling move is written as the king taking its rook: here the king on
        // f1 castles with the rook on g1, and lands on g1.
        let text = run(&["1", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1"]);
        assert!(text.contains("f1g1 1\n"), "{text}");
        // A bad FEN is one line on stderr and status 2.
        let output = perftree(&["1", "not a fen"]);
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1);
    }
}
