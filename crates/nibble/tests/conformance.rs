//! The conformance kit's checks, and hand-worked positions aimed at the packing's risks.

use boardlab_nibble::NibbleBoard;

boardlab_testkit::conformance_tests!(NibbleBoard);
