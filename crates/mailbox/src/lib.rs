//! An implementation of boardlab-core's `Board` trait using a 10x12 mailbox.
