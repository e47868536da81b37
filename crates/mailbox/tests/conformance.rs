//! The shared conformance checks, and checks of the mailbox's own corners.

use boardlab_core::{testkit, Board, GenKind, MoveList};
use boardlab_mailbox::MailboxBoard;

#[test]
fn passes_the_conformance_kit() {
    testkit::check_all::<MailboxBoard>(2_000_000);
}
