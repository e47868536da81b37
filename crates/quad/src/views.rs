//! The quad board drawn: its four bitboards as stored, how a square's code is read from them,
//! the turn-over that puts the side to move at the bottom, and a piece's legal moves through
//! the generator's masks.

use crate::board::{QuadBoard, CASTLING_ROOK};
use crate::movegen;
use boardlab_core::bitboard::Slider;
use boardlab_core::{Bitboard, Board, Role, Square};
use boardlab_sliders::pext;
use boardlab_views::svg;
use boardlab_views::{
    bitboard_grid, bitboard_leaper_step, mask_legality_and_moves, piece_name, position_header,
    side_by_side, sizes_line, titled, ExplainError, Explanation, Lookup, MaskInputs, Narration,
    Views,
};
use std::fmt::Write;

/// What the generator does with the king's own steps.
const KING_NOTE: &str = "  king_attacks & !ours & !attacked, where attacked is the enemy's attacks found once\n  per position with the king lifted off the board, so no step hides behind the king\n";

/// How an en-passant capture is tested.
const EN_PASSANT_NOTE: &str =
    "the occupancy after the capture is looked up from the king for an opened rook or bishop line";

/// The names of the codes, in code order.
const CODE_NAMES: [&str; 8] = [
    "empty",
    "pawn",
    "knight",
    "king",
    "castling rook",
    "bishop",
    "rook",
    "queen",
];

impl QuadBoard {
    /// The four bitboards as grids drawn in stored squares, with the code table under them.
    fn planes_section(&self, out: &mut Narration) {
        let [p0, p1, p2, mover] = self.quad();
        out.step("the four bitboards, in stored squares (the side to move plays up)");
        out.push_str(&side_by_side(&[
            titled("plane0 (code bit 0)", bitboard_grid(Bitboard(p0))),
            titled("plane1 (code bit 1)", bitboard_grid(Bitboard(p1))),
        ]));
        out.push_str(&side_by_side(&[
            titled("plane2 (code bit 2)", bitboard_grid(Bitboard(p2))),
            titled(
                "mover (side to move, + e.p.)",
                bitboard_grid(Bitboard(mover)),
            ),
        ]));
        let mut table = String::from("  codes:");
        for (code, name) in CODE_NAMES.iter().enumerate() {
            let _ = write!(table, " {code}={code:03b} {name}");
            if code == 3 {
                table.push_str("\n        ");
            }
        }
        let _ = writeln!(out, "{table}");
    }

    /// The turn-over: which real square a stored square is, and what each move does to it.
    fn flip_section(&self, out: &mut Narration) {
        out.step("the flip");
        if self.black_to_move {
            let _ = writeln!(
                out,
                "  Black is to move: stored square = real square ^ 56 (rank r is stored as 9 - r),\n  so Black's pawns push up the stored board like White's"
            );
        } else {
            let _ = writeln!(out, "  White is to move: stored squares are the real ones");
        }
        let _ = writeln!(
            out,
            "  every make plays the move in stored squares, byte-swaps the four bitboards (rank 1\n  becomes rank 8) and keeps the other side's pieces as mover: 32 bytes, then the clocks"
        );
        let castling_rooks = self.real_set(self.with_code(CASTLING_ROOK));
        if castling_rooks != 0 {
            let names: Vec<String> = Bitboard(castling_rooks).map(|sq| sq.to_string()).collect();
            let _ = writeln!(
                out,
                "  castling rooks (code 4) on {}: the rights {} are those rooks, Chess960 or not",
                names.join(" "),
                self.castling()
            );
        }
    }

    /// How the code of `sq` is read: its stored square and one bit of each plane.
    fn read_section(&self, out: &mut Narration, sq: Square) {
        let s = self.stored(sq);
        let [p0, p1, p2, mover] = self.quad();
        let bit = |set: u64| (set >> s) & 1;
        let code = self.code_at(s);
        out.step(&format!("reading {sq}: stored square {s}"));
        let _ = writeln!(
            out,
            "  plane0[{s}]={} plane1[{s}]={} plane2[{s}]={}  -> code {code:03b} = {} ({})",
            bit(p0),
            bit(p1),
            bit(p2),
            code,
            CODE_NAMES[code as usize]
        );
        let colour = if bit(mover) == 1 {
            "the side to move's"
        } else {
            "the other side's"
        };
        if code != 0 {
            let _ = writeln!(out, "  mover[{s}]={}  -> {colour}", bit(mover));
        }
    }
}

impl Views for QuadBoard {
    fn show(&self, focus: Option<Square>) -> Explanation {
        let mut out = Narration::new(
            "quad: three code planes and the side to move's pieces, 32 bytes, turned over for the side to move",
        );
        out.square(focus);
        out.push_str(&position_header(self));
        self.planes_section(&mut out);
        self.flip_section(&mut out);
        if let Some(sq) = focus {
            self.read_section(&mut out, sq);
        }
        let mut figure = svg::generic_show(self, focus);
        for panel in std::mem::take(&mut figure.panels) {
            out.panel(panel);
        }
        out.step(&sizes_line::<QuadBoard>("the PEXT tables"));
        out.finish_with_layout(&figure)
    }

    fn explain(&self, sq: Square) -> Result<Explanation, ExplainError> {
        let piece = self.piece_at(sq).ok_or(ExplainError::EmptySquare(sq))?;
        let mut out = Narration::new(format!("quad: the {} on {sq}", piece_name(piece)));
        out.square(Some(sq));
        let _ = writeln!(out, "{}", position_header(self).trim_end());
        self.read_section(&mut out, sq);
        let occupied = Bitboard(self.real_set(self.occupied()));
        let theirs = Bitboard(self.real_set(self.side(!piece.color)));
        let reached =
            match bitboard_leaper_step(&mut out, self, sq, occupied, theirs, EN_PASSANT_NOTE) {
                Some(reached) => reached,
                None => {
                    out.step("1. the slider's attacks: PEXT lookups on the real occupancy");
                    let mut attacks = Bitboard::EMPTY;
                    for &slider in Slider::of(piece.role) {
                        let lookup = pext::step_by_step(slider, sq, occupied);
                        attacks |= lookup.attacks;
                        out.lookup(lookup);
                    }
                    out.mark_reached(self, piece.color, attacks);
                    attacks
                }
            };
        if piece.role == Role::Rook {
            let code = self.code_at(self.stored(sq));
            let _ = writeln!(
                out,
                "  {}",
                if code == CASTLING_ROOK {
                    "a castling rook: it moves like any rook and turns into code 6 when it does"
                } else {
                    "a rook that may no longer castle"
                }
            );
        }
        let masks = movegen::masks(self, movegen::tables());
        let pinned = self.ours() & (masks.pin_orthogonal | masks.pin_diagonal);
        mask_legality_and_moves(
            &mut out,
            self,
            sq,
            reached,
            MaskInputs {
                own: Bitboard(self.real_set(self.side(piece.color))),
                checkers: Bitboard(self.real_set(masks.checkers)),
                pinned: Bitboard(self.real_set(pinned)),
            },
            KING_NOTE,
        );
        // The legal-moves panel's legend, as every board's explain ends with.
        let mut legend = svg::Figure::new("");
        svg::explain_legend(&mut legend);
        let mut explained = out.finish();
        explained.adopt_figure_layout(&legend);
        Ok(explained)
    }

    fn slider_lookup(slider: Slider, sq: Square, occupied: Bitboard) -> Option<Lookup> {
        Some(pext::step_by_step(slider, sq, occupied))
    }
}
