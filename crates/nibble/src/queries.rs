//! The engine queries: boardlab-engine's generic answers, but for the pawn structure, whose
//! pawns are gathered from the words a rank at a time.
//!
//! - **Pawn structure**: one word-wide match per rank and colour finds the pawns of the rank,
//!   squeezed to eight bits; the sets then go to the one definition of doubled, isolated and
//!   passed pawns. The generic answer reaches the same pawns through a walk of every occupied
//!   nibble (`for_each_piece`), building a piece for each. Asked for both colours 10,000 times
//!   (the `walk` example's `pawns` and `pawns-generic` work, under callgrind, less a run of 0
//!   passes), one answer takes 586 instructions against the generic 1,004 on the start position,
//!   and 586 against 1,036 on kiwipete.
//! - Everything else keeps the generic answer: it asks `piece_at` and `for_each_piece`, which
//!   this board answers with a shift and a mask.

use crate::packed::{code, matching, squeeze, PAWN};
use crate::NibbleBoard;
use boardlab_core::{Bitboard, Color};
use boardlab_engine::queries::pawn_structure_of;
use boardlab_engine::{EngineQueries, PawnStructure};

impl NibbleBoard {
    /// The squares of `color`'s pawns.
    fn pawn_set(&self, color: Color) -> Bitboard {
        let pawn = code(color, PAWN);
        let mut set = 0u64;
        for (rank, &word) in self.ranks.iter().enumerate() {
            set |= u64::from(squeeze(matching(word, pawn))) << (8 * rank);
        }
        Bitboard(set)
    }
}

impl EngineQueries for NibbleBoard {
    fn pawn_structure(&self, color: Color) -> PawnStructure {
        pawn_structure_of(self.pawn_set(color), self.pawn_set(!color), color)
    }
}
