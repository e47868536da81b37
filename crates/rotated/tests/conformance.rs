//! The shared conformance checks of boardlab-core's testkit.

use boardlab_core::testkit;
use boardlab_rotated::RotatedBoard;

#[test]
fn passes_the_conformance_kit() {
    testkit::check_all::<RotatedBoard>(1_000_000);
}
