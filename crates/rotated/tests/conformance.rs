//! The conformance kit's checks, with the kit's budgets, run against `RotatedBoard`.

boardlab_testkit::conformance_tests!(boardlab_rotated::RotatedBoard);
