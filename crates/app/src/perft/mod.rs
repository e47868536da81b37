//! `boardlab perft` and `boardlab perftree`: counts of boardlab-harness's one perft walk, as
//! the command line and the perftree tool ask for them.

pub(crate) mod command;
pub(crate) mod perftree;
