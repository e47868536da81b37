//! The conformance kit's checks, with the kit's budgets, run against the board of each slider
//! technique of boardlab-sliders. They share the generator that `RotatedBoard` and `MagicBoard`
//! use, but each keeps its own occupancy state through make and unmake and finds its own
//! attacks, so each is held to every check.

boardlab_testkit::conformance_tests!(
    bit_lines => boardlab_bitboard::BitLinesBoard,
    kindergarten => boardlab_bitboard::KindergartenBoard,
    hyperbola => boardlab_bitboard::HyperbolaBoard,
    obstruction => boardlab_bitboard::ObstructionBoard,
    kogge_stone => boardlab_bitboard::KoggeStoneBoard,
    black_magic => boardlab_bitboard::BlackMagicBoard,
    // The lookups fall back to a portable bit loop on a processor without BMI2
    // (boardlab-sliders' pext module), so this board is checked on every machine; only its
    // speed depends on BMI2.
    pext => boardlab_bitboard::PextBoard,
);
