//! The conformance kit's checks, and hand-worked positions aimed at what the maps can get
//! wrong.

use boardlab_attack_maps::AttackMapBoard;

boardlab_testkit::conformance_tests!(AttackMapBoard);
