//! The position a command works on, from the command line: `--fen`, `--moves` and `--chess960`
//! resolved into boardlab-harness's [`Position`](boardlab_harness::Position), and `boardlab key`.

mod args;
pub(crate) mod key_command;

pub(crate) use args::PositionArgs;
pub(crate) use key_command::KeyArgs;
