//! The conformance kit's checks, with the kit's budgets, run against `MagicBoard`.

boardlab_testkit::conformance_tests!(boardlab_magic::MagicBoard);
