//! The conformance kit's checks, with the kit's budgets, run against the board of each slider
//! technique of boardlab-sliders. They share the generator that `RotatedBoard` and `MagicBoard`
//! use, but each keeps its own occupancy state through make and unmake and finds its own
//! attacks, so each is held to every check.

mod bit_lines {
    boardlab_testkit::conformance_tests!(boardlab_bitboard::BitLinesBoard);
}

mod kindergarten {
    boardlab_testkit::conformance_tests!(boardlab_bitboard::KindergartenBoard);
}

mod hyperbola {
    boardlab_testkit::conformance_tests!(boardlab_bitboard::HyperbolaBoard);
}

mod obstruction {
    boardlab_testkit::conformance_tests!(boardlab_bitboard::ObstructionBoard);
}

mod kogge_stone {
    boardlab_testkit::conformance_tests!(boardlab_bitboard::KoggeStoneBoard);
}

mod black_magic {
    boardlab_testkit::conformance_tests!(boardlab_bitboard::BlackMagicBoard);
}

// The lookups fall back to a portable bit loop on a processor without BMI2 (boardlab-sliders'
// pext module), so this board is checked on every machine; only its speed depends on BMI2.
mod pext {
    boardlab_testkit::conformance_tests!(boardlab_bitboard::PextBoard);
}
