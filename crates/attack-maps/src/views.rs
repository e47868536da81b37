//! Teaching views (filled in below).
use crate::AttackMapBoard;
use boardlab_core::Square;
use boardlab_views::{ExplainError, Explanation, Narration, Views};

impl Views for AttackMapBoard {
    fn show(&self, _focus: Option<Square>) -> Explanation {
        Narration::new("attack-maps").finish()
    }
    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        Err(ExplainError::EmptySquare(sq))
    }
}
