//! The capstone: the 16x16 board against the whole conformance kit, its cells against the
//! position after every move of random games, its legal moves with squares walled off, and
//! its perftree script.
//!
//! Run them with `cargo test -p boardlab-labs capstone`. Every one fails until the board is
//! written, but the tests that show a check rejecting a wrong board.

mod capstone {
    use boardlab_core::{
        Bitboard, Board, BoardExt, Color, Move, Piece, PositionState, Role, Setup, Square,
    };
    use boardlab_labs::capstone::{cell, code, empty_cells, Board16x16, FRAME};
    use boardlab_reference::ReferenceBoard;
    use boardlab_testkit::positions::random_position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::process::Command;

    boardlab_testkit::conformance_tests!(Board16x16);

    /// The positions the random games start from: the start position, kiwipete (castling),
    /// a pawn ending (en passant), promotions, and a Chess960 start.
    const STARTS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];

    /// The 256 cells of a position: the frame, and each piece's byte on its square's cell.
    fn cells_of(setup: &Setup) -> [u8; 256] {
        let mut cells = empty_cells();
        for (sq, piece) in setup.pieces() {
            cells[usize::from(cell(sq))] = code(piece);
        }
        cells
    }

    /// Plays 40 random games of up to 80 plies on `B`, the moves chosen among the reference
    /// board's, and compares the board's cells (read by `cells`) with the position after
    /// every move, and after every third move taken back; returns the number of positions
    /// compared.
    fn check_cells<B: Board>(cells: fn(&B) -> [u8; 256]) -> Result<usize, String> {
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
        let compared = check_cells::<Board16x16>(|board| *board.cells())
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

    /// A board whose cells can be walled off: the capstone, or a board written to game it.
    trait Walled: Board {
        fn cells(&self) -> [u8; 256];
        fn wall_off(&mut self, sq: Square);
    }

    impl Walled for Board16x16 {
        fn cells(&self) -> [u8; 256] {
            *Board16x16::cells(self)
        }
        fn wall_off(&mut self, sq: Square) {
            Board16x16::wall_off(self, sq)
        }
    }

    /// The legal moves of `setup` with the squares of `walls` walled off, sorted. The walls are
    /// disguised as knights of the side to move, which block as a wall does (no piece of the
    /// side to move lands on them or passes them, no enemy attack passes them, castling finds
    /// its way not empty) and attack nothing that matters to the side to move's own legality;
    /// their own moves are dropped.
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

    /// The 256 cells of a position with walls.
    fn walled_cells(setup: &Setup, walls: Bitboard) -> [u8; 256] {
        let mut cells = cells_of(setup);
        for sq in walls {
            cells[usize::from(cell(sq))] = FRAME;
        }
        cells
    }

    /// Random positions with one to four empty squares walled off, and random games of up to
    /// 12 plies from each: the board's legal moves against the walled position's, and its
    /// cells against the position with its walls. Returns the positions compared and how many
    /// of them had moves the walls took away or gave.
    fn check_walls<B: Walled>() -> Result<(usize, usize), String> {
        let mut rng = StdRng::seed_from_u64(17);
        let (mut compared, mut changed) = (0, 0);
        for _ in 0..300 {
            let mut setup = random_position::<ReferenceBoard>(&mut rng, STARTS);
            let empty: Vec<Square> = Square::ALL
                .into_iter()
                .filter(|&sq| setup.piece_at(sq).is_none() && setup.ep_square != Some(sq))
                .collect();
            let mut walls = Bitboard::EMPTY;
            for _ in 0..rng.gen_range(1..=4) {
                walls = walls.with(empty[rng.gen_range(0..empty.len())]);
            }
            let mut board = B::from_setup(&setup);
            for sq in walls {
                board.wall_off(sq);
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
                if board.cells() != walled_cells(&setup, walls) {
                    return Err(format!(
                        "{fen} with walls on {walls:?}: the cells lost a wall"
                    ));
                }
                compared += 1;
                let unwalled: Vec<Move> = ReferenceBoard::from_setup(&setup)
                    .legal_moves()
                    .iter()
                    .copied()
                    .collect();
                changed += usize::from(unwalled.len() != expected.len());
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

    #[test]
    fn capstone_walled_reference_is_what_it_claims() {
        // Without walls, the disguise changes nothing: the reference board's moves.
        let mut rng = StdRng::seed_from_u64(18);
        for _ in 0..200 {
            let setup = random_position::<ReferenceBoard>(&mut rng, STARTS);
            let mut plain: Vec<Move> = ReferenceBoard::from_setup(&setup).legal_moves().to_vec();
            plain.sort_by_key(|mv| mv.bits());
            assert_eq!(walled_legal(&setup, Bitboard::EMPTY), plain);
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
    }

    #[test]
    fn capstone_honours_walls() {
        let (compared, changed) =
            check_walls::<Board16x16>().unwrap_or_else(|problem| panic!("{problem}"));
        assert!(
            compared >= 2000,
            "only {compared} walled positions compared"
        );
        assert!(
            changed >= 500,
            "the walls changed the moves of only {changed} positions"
        );
    }

    /// A board that keeps the reference board inside and rewrites its cells from it after
    /// every move and take-back: its cells are right in every game, and the first check passes
    /// it. Walls are written into its cells, which its moves never see.
    #[derive(Clone)]
    struct ReferenceInside {
        reference: ReferenceBoard,
        cells: [u8; 256],
    }

    impl ReferenceInside {
        fn rewrite_cells(&mut self) {
            let walls: Vec<usize> = (0..256)
                .filter(|&i| self.cells[i] == FRAME && empty_cells()[i] != FRAME)
                .collect();
            self.cells = cells_of(&self.reference.to_setup());
            for i in walls {
                self.cells[i] = FRAME;
            }
        }
    }

    impl Board for ReferenceInside {
        // The reference board keeps its own history, so its undo value is `()`.
        type Undo = ();
        const NAME: &'static str = "reference-inside";
        fn from_setup(setup: &Setup) -> Self {
            ReferenceInside {
                reference: ReferenceBoard::from_setup(setup),
                cells: cells_of(setup),
            }
        }
        fn state(&self) -> PositionState {
            self.reference.state()
        }
        fn piece_at(&self, sq: Square) -> Option<Piece> {
            self.reference.piece_at(sq)
        }
        fn king_square(&self, color: Color) -> Square {
            self.reference.king_square(color)
        }
        fn in_check(&self) -> bool {
            self.reference.in_check()
        }
        fn is_attacked(&self, sq: Square, by: Color) -> bool {
            self.reference.is_attacked(sq, by)
        }
        fn generate_into<S: boardlab_core::MoveSink>(&self, sink: &mut S) {
            self.reference.generate_into(sink)
        }
        fn make(&mut self, mv: Move) {
            self.reference.make(mv);
            self.rewrite_cells();
        }
        fn unmake(&mut self, mv: Move, undo: ()) {
            self.reference.unmake(mv, undo);
            self.rewrite_cells();
        }
        fn make_null(&mut self) -> Self::Undo {
            self.reference.make_null()
        }
        fn unmake_null(&mut self, undo: Self::Undo) {
            self.reference.unmake_null(undo)
        }
    }

    impl Walled for ReferenceInside {
        fn cells(&self) -> [u8; 256] {
            self.cells
        }
        fn wall_off(&mut self, sq: Square) {
            self.cells[usize::from(cell(sq))] = FRAME;
        }
    }

    #[test]
    fn capstone_check_rejects_a_board_with_the_reference_inside() {
        // It keeps its cells right, so the cells check passes it ...
        let compared = check_cells::<ReferenceInside>(|board| board.cells)
            .unwrap_or_else(|problem| panic!("{problem}"));
        assert!(compared >= 3000);
        // ... and the walls find it.
        let problem = check_walls::<ReferenceInside>().expect_err("the walls check passed it");
        assert!(problem.contains("walled position's"), "{problem}");
    }

    /// The perftree script answers as `boardlab perftree` does: a line per move, a blank line
    /// and the total, after the moves given.
    #[test]
    fn capstone_perftree_answers_the_protocol() {
        let run = |args: &[&str]| {
            let output = Command::new(env!("CARGO_BIN_EXE_capstone-perftree"))
                .args(args)
                .output()
                .expect("the script runs");
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
        let output = Command::new(env!("CARGO_BIN_EXE_capstone-perftree"))
            .args(["1", "not a fen"])
            .output()
            .expect("the script runs");
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1);
    }
}
