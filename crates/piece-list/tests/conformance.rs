//! The conformance kit's checks, with the kit's budgets, run against `PieceListBoard`.

boardlab_testkit::conformance_tests!(boardlab_piece_list::PieceListBoard);
