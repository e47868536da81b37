//! The capstone: the 16x16 board against the whole conformance kit, its cells against the
//! position after every move of random games, and its perftree script.
//!
//! Run them with `cargo test -p boardlab-labs capstone`. Without the `solutions` feature
//! every one fails until the board is written.

mod capstone {
    use boardlab_core::{Board, ReferenceBoard, Setup};
    use boardlab_labs::capstone::{cell, code, empty_cells, Board16x16};
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

    /// The shortcut the check is there for: boardlab-core's reference board doing the work,
    /// with cells filled once from the start position and never kept.
    #[test]
    fn capstone_check_rejects_a_board_that_does_not_keep_its_cells() {
        let problem = check_cells::<ReferenceBoard>(|_| cells_of(&Setup::start()))
            .expect_err("the check accepted cells that never change");
        assert!(problem.starts_with("after"), "{problem}");
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
