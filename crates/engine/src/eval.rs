//! Static evaluation: material and tapered piece-square tables.
//!
//! The numbers are those of Ronald Friederich's PeSTO ("Piece-Square Tables Only"), as
//! published on chessprogramming.org's page "PeSTO's Evaluation Function": a middle-game and an
//! end-game value per piece and square, Texel-tuned. The score blends the two by the material
//! left on the board (knights and bishops count 1, rooks 2, queens 4; 24 at the start), so
//! kings walk out and pawns run as pieces come off.
//!
//! The evaluation is a sum over pieces, so it does not depend on the order in which a backend's
//! [`Board::for_each_piece`](boardlab_core::Board::for_each_piece) visits them: every backend scores a position the same.
//!
//! That is the [`EvalTerms::Pst`] evaluation. [`EvalTerms::Full`] adds the terms an engine asks
//! its board for (the [`EngineQueries`]): mobility, the squares each side attacks,
//! attacks on the king's zone and the pawns' structure. Per side, in centipawns: 4 per unit
//! of mobility and 2 per square attacked, less 6 per enemy attack on its king's zone (the
//! king's square and its neighbours, each square's enemy attackers counted), 12 per doubled and
//! 10 per isolated pawn, plus 20 per passed pawn; White's sum less Black's is added to the
//! tables. Every backend answers those queries in its own idiom with the same numbers, so the
//! full evaluation too scores a position the same on every backend.

use crate::{EngineQueries, PawnStructure};
use boardlab_core::bitboard::king_attacks;
use boardlab_core::{Bitboard, Color, Piece, Role, Square};

/// Middle-game piece values: pawn, knight, bishop, rook, queen, king (PeSTO).
const MIDDLE_GAME_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// End-game piece values (PeSTO).
const END_GAME_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// How much each role weighs towards the middle game.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of a full set of pieces.
const FULL_PHASE: i32 = 24;

// The tables as published: from White's side, rank 8 in the first row and a8 first, so a white
// piece on square `sq` (a1 = 0) reads entry `sq ^ 56` and a black piece reads entry `sq`.
#[rustfmt::skip]
const MIDDLE_GAME_TABLE: [[i32; 64]; 6] = [
    [ // pawn
          0,    0,    0,    0,    0,    0,    0,    0,
         98,  134,   61,   95,   68,  126,   34,  -11,
         -6,    7,   26,   31,   65,   56,   25,  -20,
        -14,   13,    6,   21,   23,   12,   17,  -23,
        -27,   -2,   -5,   12,   17,    6,   10,  -25,
        -26,   -4,   -4,  -10,    3,    3,   33,  -12,
        -35,   -1,  -20,  -23,  -15,   24,   38,  -22,
          0,    0,    0,    0,    0,    0,    0,    0,
    ],
    [ // knight
       -167,  -89,  -34,  -49,   61,  -97,  -15, -107,
        -73,  -41,   72,   36,   23,   62,    7,  -17,
        -47,   60,   37,   65,   84,  129,   73,   44,
         -9,   17,   19,   53,   37,   69,   18,   22,
        -13,    4,   16,   13,   28,   19,   21,   -8,
        -23,   -9,   12,   10,   19,   17,   25,  -16,
        -29,  -53,  -12,   -3,   -1,   18,  -14,  -19,
       -105,  -21,  -58,  -33,  -17,  -28,  -19,  -23,
    ],
    [ // bishop
        -29,    4,  -82,  -37,  -25,  -42,    7,   -8,
        -26,   16,  -18,  -13,   30,   59,   18,  -47,
        -16,   37,   43,   40,   35,   50,   37,   -2,
         -4,    5,   19,   50,   37,   37,    7,   -2,
         -6,   13,   13,   26,   34,   12,   10,    4,
          0,   15,   15,   15,   14,   27,   18,   10,
          4,   15,   16,    0,    7,   21,   33,    1,
        -33,   -3,  -14,  -21,  -13,  -12,  -39,  -21,
    ],
    [ // rook
         32,   42,   32,   51,   63,    9,   31,   43,
         27,   32,   58,   62,   80,   67,   26,   44,
         -5,   19,   26,   36,   17,   45,   61,   16,
        -24,  -11,    7,   26,   24,   35,   -8,  -20,
        -36,  -26,  -12,   -1,    9,   -7,    6,  -23,
        -45,  -25,  -16,  -17,    3,    0,   -5,  -33,
        -44,  -16,  -20,   -9,   -1,   11,   -6,  -71,
        -19,  -13,    1,   17,   16,    7,  -37,  -26,
    ],
    [ // queen
        -28,    0,   29,   12,   59,   44,   43,   45,
        -24,  -39,   -5,    1,  -16,   57,   28,   54,
        -13,  -17,    7,    8,   29,   56,   47,   57,
        -27,  -27,  -16,  -16,   -1,   17,   -2,    1,
         -9,  -26,   -9,  -10,   -2,   -4,    3,   -3,
        -14,    2,  -11,   -2,   -5,    2,   14,    5,
        -35,   -8,   11,    2,    8,   15,   -3,    1,
         -1,  -18,   -9,   10,  -15,  -25,  -31,  -50,
    ],
    [ // king
        -65,   23,   16,  -15,  -56,  -34,    2,   13,
         29,   -1,  -20,   -7,   -8,   -4,  -38,  -29,
         -9,   24,    2,  -16,  -20,    6,   22,  -22,
        -17,  -20,  -12,  -27,  -30,  -25,  -14,  -36,
        -49,   -1,  -27,  -39,  -46,  -44,  -33,  -51,
        -14,  -14,  -22,  -46,  -44,  -30,  -15,  -27,
          1,    7,   -8,  -64,  -43,  -16,    9,    8,
        -15,   36,   12,  -54,    8,  -28,   24,   14,
    ],
];

#[rustfmt::skip]
const END_GAME_TABLE: [[i32; 64]; 6] = [
    [ // pawn
          0,    0,    0,    0,    0,    0,    0,    0,
        178,  173,  158,  134,  147,  132,  165,  187,
         94,  100,   85,   67,   56,   53,   82,   84,
         32,   24,   13,    5,   -2,    4,   17,   17,
         13,    9,   -3,   -7,   -7,   -8,    3,   -1,
          4,    7,   -6,    1,    0,   -5,   -1,   -8,
         13,    8,    8,   10,   13,    0,    2,   -7,
          0,    0,    0,    0,    0,    0,    0,    0,
    ],
    [ // knight
        -58,  -38,  -13,  -28,  -31,  -27,  -63,  -99,
        -25,   -8,  -25,   -2,   -9,  -25,  -24,  -52,
        -24,  -20,   10,    9,   -1,   -9,  -19,  -41,
        -17,    3,   22,   22,   22,   11,    8,  -18,
        -18,   -6,   16,   25,   16,   17,    4,  -18,
        -23,   -3,   -1,   15,   10,   -3,  -20,  -22,
        -42,  -20,  -10,   -5,   -2,  -20,  -23,  -44,
        -29,  -51,  -23,  -15,  -22,  -18,  -50,  -64,
    ],
    [ // bishop
        -14,  -21,  -11,   -8,   -7,   -9,  -17,  -24,
         -8,   -4,    7,  -12,   -3,  -13,   -4,  -14,
          2,   -8,    0,   -1,   -2,    6,    0,    4,
         -3,    9,   12,    9,   14,   10,    3,    2,
         -6,    3,   13,   19,    7,   10,   -3,   -9,
        -12,   -3,    8,   10,   13,    3,   -7,  -15,
        -14,  -18,   -7,   -1,    4,   -9,  -15,  -27,
        -23,   -9,  -23,   -5,   -9,  -16,   -5,  -17,
    ],
    [ // rook
         13,   10,   18,   15,   12,   12,    8,    5,
         11,   13,   13,   11,   -3,    3,    8,    3,
          7,    7,    7,    5,    4,   -3,   -5,   -3,
          4,    3,   13,    1,    2,    1,   -1,    2,
          3,    5,    8,    4,   -5,   -6,   -8,  -11,
         -4,    0,   -5,   -1,   -7,  -12,   -8,  -16,
         -6,   -6,    0,    2,   -9,   -9,  -11,   -3,
         -9,    2,    3,   -1,   -5,  -13,    4,  -20,
    ],
    [ // queen
         -9,   22,   22,   27,   27,   19,   10,   20,
        -17,   20,   32,   41,   58,   25,   30,    0,
        -20,    6,    9,   49,   47,   35,   19,    9,
          3,   22,   24,   45,   57,   40,   57,   36,
        -18,   28,   19,   47,   31,   34,   39,   23,
        -16,  -27,   15,    6,    9,   17,   10,    5,
        -22,  -23,  -30,  -16,  -16,  -23,  -36,  -32,
        -33,  -28,  -22,  -43,   -5,  -32,  -20,  -41,
    ],
    [ // king
        -74,  -35,  -18,  -18,  -11,   15,    4,  -17,
        -12,   17,   14,   17,   17,   38,   23,   11,
         10,   17,   23,   15,   20,   45,   44,   13,
         -8,   22,   24,   27,   26,   33,   26,    3,
        -18,   -4,   21,   24,   27,   23,    9,  -11,
        -19,   -3,   11,   21,   23,   16,    7,   -9,
        -27,  -11,    4,   13,   14,    4,   -5,  -17,
        -53,  -34,  -21,  -11,  -28,  -14,  -24,  -43,
    ],
];

/// Value and table entry folded together, indexed by [`Piece::index`] then [`Square::index`],
/// from White's point of view (black entries negated), built once at compile time.
struct Tables {
    middle_game: [[i32; 64]; Piece::NUM],
    end_game: [[i32; 64]; Piece::NUM],
}

static TABLES: Tables = {
    let mut middle_game = [[0; 64]; Piece::NUM];
    let mut end_game = [[0; 64]; Piece::NUM];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            // Piece::index is role * 2 + colour.
            middle_game[role * 2][sq] = MIDDLE_GAME_VALUE[role] + MIDDLE_GAME_TABLE[role][sq ^ 56];
            end_game[role * 2][sq] = END_GAME_VALUE[role] + END_GAME_TABLE[role][sq ^ 56];
            middle_game[role * 2 + 1][sq] =
                -(MIDDLE_GAME_VALUE[role] + MIDDLE_GAME_TABLE[role][sq]);
            end_game[role * 2 + 1][sq] = -(END_GAME_VALUE[role] + END_GAME_TABLE[role][sq]);
            sq += 1;
        }
        role += 1;
    }
    Tables {
        middle_game,
        end_game,
    }
};

/// The rough value of a role in centipawns, for ordering captures and pruning.
#[inline]
pub const fn role_value(role: Role) -> i32 {
    MIDDLE_GAME_VALUE[role as usize]
}

/// What one pass over the pieces tells the search: the score and whether each side has a piece
/// other than pawns and king (null-move pruning is unsound in pawn endings, where zugzwang is
/// common).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evaluation {
    /// The score in centipawns from the side to move's point of view.
    pub score: i32,
    /// Whether White, then Black, has a knight, bishop, rook or queen.
    pub has_pieces: [bool; 2],
}

/// Evaluates `board` with material and tapered piece-square tables.
///
/// # Examples
///
/// The start position is symmetric, so it scores zero for the side to move:
///
/// ```
/// use boardlab_core::{Board, BoardExt, START_FEN};
/// use boardlab_engine::evaluate;
/// use boardlab_reference::ReferenceBoard;
/// let board = ReferenceBoard::from_fen(START_FEN).unwrap();
/// assert_eq!(evaluate(&board), 0);
/// ```
pub fn evaluate<B: EngineQueries>(board: &B) -> i32 {
    evaluate_detail(board).score
}

/// [`evaluate`], with the facts about material the search also needs.
pub fn evaluate_detail<B: EngineQueries>(board: &B) -> Evaluation {
    evaluate_detail_with(board, EvalTerms::Pst)
}

/// The tapered material and piece-square score from White's point of view, and whether each
/// side has a piece other than pawns and king.
fn tables_from_white<B: EngineQueries>(board: &B) -> (i32, [bool; 2]) {
    let mut middle_game = 0;
    let mut end_game = 0;
    let mut phase = 0;
    let mut has_pieces = [false; 2];
    board.for_each_piece(|sq: Square, piece: Piece| {
        let index = piece.index();
        middle_game += TABLES.middle_game[index][sq as usize];
        end_game += TABLES.end_game[index][sq as usize];
        phase += PHASE_WEIGHT[piece.role as usize];
        if PHASE_WEIGHT[piece.role as usize] > 0 {
            has_pieces[piece.color as usize] = true;
        }
    });
    // Promotions can push the phase past a full set; the middle game weighs at most fully.
    let phase = phase.min(FULL_PHASE);
    let white_score = (middle_game * phase + end_game * (FULL_PHASE - phase)) / FULL_PHASE;
    (white_score, has_pieces)
}

/// Which terms the evaluation adds up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum EvalTerms {
    /// Material and piece-square tables only: a sum over the pieces.
    #[default]
    Pst,
    /// The tables, and the terms the board's engine queries answer: mobility, squares
    /// attacked, attacks on the king's zone, doubled, isolated and passed pawns.
    Full,
}

impl EvalTerms {
    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            EvalTerms::Pst => "pst",
            EvalTerms::Full => "full",
        }
    }
}

/// Centipawns for each square a side's knights, bishops, rooks and queens can go to.
pub const MOBILITY_WEIGHT: i32 = 4;
/// Centipawns for each square a side attacks.
pub const ATTACKED_WEIGHT: i32 = 2;
/// Centipawns lost for each attack of the enemy on a side's king zone (the king's square and
/// its neighbours), counted once per attacking piece and square.
pub const KING_ZONE_WEIGHT: i32 = 6;
/// Centipawns lost for each doubled pawn.
pub const DOUBLED_WEIGHT: i32 = 12;
/// Centipawns lost for each isolated pawn.
pub const ISOLATED_WEIGHT: i32 = 10;
/// Centipawns won for each passed pawn.
pub const PASSED_WEIGHT: i32 = 20;

/// Every term of an evaluation, each side's raw counts beside the score they add up to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EvalBreakdown {
    /// The terms added up.
    pub terms: EvalTerms,
    /// Material and piece-square tables, tapered, from White's point of view.
    pub tables: i32,
    /// Mobility of White, then Black ([`EngineQueries::mobility`]).
    pub mobility: [u32; 2],
    /// Squares attacked by White, then Black ([`EngineQueries::attacked_squares`]).
    pub attacked: [u32; 2],
    /// Attacks of the enemy on White's, then Black's, king zone.
    pub king_zone_attacks: [u32; 2],
    /// White's, then Black's, pawn structure ([`EngineQueries::pawn_structure`]).
    pub pawns: [PawnStructure; 2],
    /// The score in centipawns from the side to move's point of view: the tables alone for
    /// [`EvalTerms::Pst`], every term for [`EvalTerms::Full`].
    pub score: i32,
}

impl EvalBreakdown {
    /// The full terms' sum from White's point of view, tables excluded.
    pub fn positional(&self) -> i32 {
        let side = |color: Color| {
            let c = color as usize;
            let pawns = self.pawns[c];
            MOBILITY_WEIGHT * self.mobility[c] as i32 + ATTACKED_WEIGHT * self.attacked[c] as i32
                - KING_ZONE_WEIGHT * self.king_zone_attacks[c] as i32
                - DOUBLED_WEIGHT * pawns.doubled as i32
                - ISOLATED_WEIGHT * pawns.isolated as i32
                + PASSED_WEIGHT * pawns.passed as i32
        };
        side(Color::White) - side(Color::Black)
    }
}

/// The attacks of `color`'s enemy on `color`'s king zone: for the king's square and each
/// square next to it, the number of enemy pieces attacking it, summed.
pub fn king_zone_attacks<B: EngineQueries>(board: &B, color: Color) -> u32 {
    let king = board.king_square(color);
    let zone = king_attacks(king).with(king);
    zone.map(|sq| {
        board
            .attackers_to(sq, color.opposite(), Bitboard::EMPTY)
            .count()
    })
    .sum()
}

/// Evaluates `board` with the chosen terms, and says what each added.
///
/// # Examples
///
/// ```
/// use boardlab_core::{Board, BoardExt, START_FEN};
/// use boardlab_engine::{evaluate_breakdown, EvalTerms};
/// use boardlab_reference::ReferenceBoard;
/// let board = ReferenceBoard::from_fen(START_FEN).unwrap();
/// let full = evaluate_breakdown(&board, EvalTerms::Full);
/// assert_eq!(full.mobility, [4, 4]); // each side's two knights, two squares each
/// assert_eq!(full.attacked, [22, 22]);
/// assert_eq!(full.score, 0);
/// ```
pub fn evaluate_breakdown<B: EngineQueries>(board: &B, terms: EvalTerms) -> EvalBreakdown {
    let tables = tables_from_white(board).0;
    let mut breakdown = EvalBreakdown {
        terms,
        tables,
        ..EvalBreakdown::default()
    };
    let mut white_score = tables;
    if terms == EvalTerms::Full {
        ask_full_terms(board, &mut breakdown);
        white_score += breakdown.positional();
    }
    breakdown.score = from_side_to_move(board, white_score);
    breakdown
}

/// Fills in the terms the board's engine queries answer, for both sides.
fn ask_full_terms<B: EngineQueries>(board: &B, breakdown: &mut EvalBreakdown) {
    for color in [Color::White, Color::Black] {
        let c = color as usize;
        breakdown.mobility[c] = board.mobility(color);
        breakdown.attacked[c] = board.attacked_squares(color);
        breakdown.king_zone_attacks[c] = king_zone_attacks(board, color);
        breakdown.pawns[c] = board.pawn_structure(color);
    }
}

/// A score from White's point of view turned to the side to move's.
fn from_side_to_move<B: EngineQueries>(board: &B, white_score: i32) -> i32 {
    match board.side_to_move() {
        Color::White => white_score,
        Color::Black => -white_score,
    }
}

/// [`evaluate_detail`] with the chosen terms: what the search calls. Its score is
/// [`evaluate_breakdown`]'s, with the tables read once.
pub fn evaluate_detail_with<B: EngineQueries>(board: &B, terms: EvalTerms) -> Evaluation {
    let (white_tables, has_pieces) = tables_from_white(board);
    let mut white_score = white_tables;
    if terms == EvalTerms::Full {
        let mut breakdown = EvalBreakdown::default();
        ask_full_terms(board, &mut breakdown);
        white_score += breakdown.positional();
    }
    Evaluation {
        score: from_side_to_move(board, white_score),
        has_pieces,
    }
}
