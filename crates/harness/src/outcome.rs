//! What a command that ran to the end concluded.

/// The result of a command that ran: exit status 0 or 1. (Errors, status 2, are [`Error`]s.)
///
/// [`Error`]: crate::Error
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything agreed: exit status 0.
    Success,
    /// A count, a move list or a position differed: exit status 1.
    Mismatch,
}

impl Outcome {
    /// `Mismatch` when `failed`, else `Success`.
    pub fn failed_if(failed: bool) -> Outcome {
        if failed {
            Outcome::Mismatch
        } else {
            Outcome::Success
        }
    }

    /// The process exit status.
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Success => 0,
            Outcome::Mismatch => 1,
        }
    }
}
