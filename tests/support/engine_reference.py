#!/usr/bin/env python3
"""The engine queries answered by python-chess, for tests/integration/engine_references.rs to
compare every backend with.

Reads one FEN a line on standard input and prints one JSON object a line, in the same order:

  attacks    the squares the piece on each square attacks, as 64 bitboards (a1 = bit 0, h8 =
             bit 63), from python-chess's `Board.attacks`
  mobility   [white, black]: over each side's knights, bishops, rooks and queens, the attacked
             squares its own pieces do not stand on, summed
  attacked   [white, black]: the squares at least one piece of the side attacks (pawns by their
             capture squares, the king included)
  see        {uci: value} for every legal move: its static exchange value, by a swap-off
             played out on copies of the board (below)
  lifted     each side's attackers of each square once some pieces are lifted off the board
             (they neither attack nor block): for each of the LIFTS masks in turn (the
             occupied squares it covers are lifted), for each square a1 ... h8, White's then
             Black's attackers as a bitboard, from python-chess's `Board.attackers` on a copy
             with those pieces removed: 2 x 64 x 2 numbers
  pawns      [white, black], each [doubled, isolated, passed]: pawns beyond the first on each
             file summed over the files; pawns with no pawn of their side on a neighbouring
             file; pawns with no enemy pawn ahead on their own or a neighbouring file
  kinds      {uci: [kind, ...]} for the moves whose exchange shows a rule worth counting:
             "x-ray" (a piece that did not attack the square at the start joins in),
             "recapture-promotion" (a pawn recaptures onto its last rank), "king-recaptures"
             and "king-refused" (the king captures, or may not because the square is still
             attacked)

The static exchange follows the rules boardlab documents on `queries::see`, written here
independently: the move is made on a copy of the board, and then each side in turn captures on
the target square with its least valuable attacker (pawn 100, knight 300, bishop 300, rook 500,
queen 900, king 20000; among attackers of equal value the lower kind first, a knight before a
bishop, then the lowest square, a1 = 0 ... h8 = 63), the capturing
piece moved onto the square so that whatever stood behind it attacks through (pins are ignored,
as python-chess's `attackers` ignores them). The king captures only when the other side no
longer attacks the square. Either side may decline to capture when capturing would lose. En
passant wins the pawn beside the target square; a promotion wins the promoted piece less a
pawn, and the promoted piece is what stands there to be taken; a pawn recapturing onto its last
rank becomes a queen. A quiet move scores what it loses if taken (or 0), castling 0.

PLANT makes one answer wrong on purpose, so that a test can see its comparison catch it: with
`attacks`, `mobility`, `attacked`, `see`, `lifted` or `pawns`, that answer of the first
position is off by one (the first occupied square's attacks, White's count, the first legal
move's value, the first attacker set's lowest bit, White's doubled pawns).
"""

import json
import os
import sys

import chess

SEE_VALUES = {
    chess.PAWN: 100,
    chess.KNIGHT: 300,
    chess.BISHOP: 300,
    chess.ROOK: 500,
    chess.QUEEN: 900,
    chess.KING: 20000,
}

MOBILE = (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)

# The lifted pieces: the occupied squares of ranks 1, 3, 5 and 7, then of files a, c, e and g.
LIFTS = (0x00FF_00FF_00FF_00FF, 0x5555_5555_5555_5555)
COLORS = (chess.WHITE, chess.BLACK)


def popcount(mask):
    return bin(mask).count("1")


def attack_answers(board):
    """Attacks from every square, and each side's mobility and attacked squares."""
    attacks = [int(board.attacks(square)) for square in chess.SQUARES]
    mobility = []
    attacked = []
    for color in COLORS:
        own = board.occupied_co[color]
        moves = 0
        union = 0
        for square in chess.SquareSet(own):
            union |= attacks[square]
            if board.piece_type_at(square) in MOBILE:
                moves += popcount(attacks[square] & ~own)
        mobility.append(moves)
        attacked.append(popcount(union))
    return attacks, mobility, attacked


def lifted_attackers(board):
    """For each of LIFTS, each square and each side, the attackers once those pieces are off."""
    answers = []
    for mask in LIFTS:
        lifted = board.copy(stack=False)
        for square in chess.SquareSet(mask & board.occupied):
            lifted.remove_piece_at(square)
        for square in chess.SQUARES:
            for color in COLORS:
                answers.append(int(lifted.attackers(color, square)))
    return answers


def pawn_structure(board, color):
    """[doubled, isolated, passed] for `color`'s pawns, by the rules in the docstring above."""
    own = board.pieces(chess.PAWN, color)
    enemy = board.pieces(chess.PAWN, not color)
    files = [chess.square_file(square) for square in own]
    doubled = sum(max(files.count(file) - 1, 0) for file in range(8))
    isolated = 0
    passed = 0
    for square in own:
        file, rank = chess.square_file(square), chess.square_rank(square)
        if not any(abs(other - file) == 1 for other in files):
            isolated += 1
        blockers = [
            enemy_square
            for enemy_square in enemy
            if abs(chess.square_file(enemy_square) - file) <= 1
            and (chess.square_rank(enemy_square) - rank) * (1 if color == chess.WHITE else -1) > 0
        ]
        if not blockers:
            passed += 1
    return [doubled, isolated, passed]


def least_valuable_attacker(board, color, square):
    """The square of `color`'s cheapest piece attacking `square`: by kind (pawn, knight, bishop,
    rook, queen, king, which orders the values too, a knight before a bishop of equal value),
    then the lowest square."""
    best = None
    for origin in board.attackers(color, square):
        key = (board.piece_type_at(origin), origin)
        if best is None or key < best:
            best = key
    return None if best is None else best[1]


def last_rank(color):
    return 7 if color == chess.WHITE else 0


class Exchange:
    """One move's swap-off on a copy of the board, noting the kinds of capture it met."""

    def __init__(self, board, move):
        self.start = board
        self.target = move.to_square
        self.kinds = set()

    def best_recapture(self, board, side):
        """What `side`, to capture on the target square of `board`, wins at best (0 when it
        stops)."""
        origin = least_valuable_attacker(board, side, self.target)
        if origin is None:
            return 0
        if origin not in self.start.attackers(side, self.target):
            self.kinds.add("x-ray")
        piece = board.piece_at(origin)
        victim = board.piece_at(self.target)
        gain = SEE_VALUES[victim.piece_type]
        after = board.copy()
        after.remove_piece_at(origin)
        if piece.piece_type == chess.PAWN and chess.square_rank(self.target) == last_rank(side):
            piece = chess.Piece(chess.QUEEN, side)
            gain += SEE_VALUES[chess.QUEEN] - SEE_VALUES[chess.PAWN]
            self.kinds.add("recapture-promotion")
        after.set_piece_at(self.target, piece)
        if piece.piece_type == chess.KING:
            if after.attackers(not side, self.target):
                self.kinds.add("king-refused")
                return 0
            self.kinds.add("king-recaptures")
        return max(0, gain - self.best_recapture(after, not side))


def see(board, move):
    """The static exchange value of `move` for the side making it, and the kinds it met."""
    if board.is_castling(move):
        return 0, set()
    mover = board.piece_at(move.from_square)
    captured_square = move.to_square
    if board.is_en_passant(move):
        captured_square = chess.square(
            chess.square_file(move.to_square), chess.square_rank(move.from_square)
        )
    captured = board.piece_at(captured_square)
    gain = SEE_VALUES[captured.piece_type] if captured else 0
    placed = mover
    if move.promotion:
        placed = chess.Piece(move.promotion, mover.color)
        gain += SEE_VALUES[move.promotion] - SEE_VALUES[chess.PAWN]
    start = chess.BaseBoard(board.board_fen())
    after = start.copy()
    after.remove_piece_at(move.from_square)
    after.remove_piece_at(captured_square)
    after.set_piece_at(move.to_square, placed)
    exchange = Exchange(start, move)
    value = gain - exchange.best_recapture(after, not mover.color)
    return value, exchange.kinds


def answers(fen):
    board = chess.Board(fen)
    attacks, mobility, attacked = attack_answers(board)
    values = {}
    kinds = {}
    for move in board.legal_moves:
        value, met = see(board, move)
        values[move.uci()] = value
        if met:
            kinds[move.uci()] = sorted(met)
    return {
        "attacks": attacks,
        "mobility": mobility,
        "attacked": attacked,
        "see": values,
        "kinds": kinds,
        "lifted": lifted_attackers(board),
        "pawns": [pawn_structure(board, color) for color in COLORS],
    }


def plant(answer, what):
    """Makes one answer of `answer` wrong by one, as PLANT asks."""
    if what == "attacks":
        square = next(i for i, mask in enumerate(answer["attacks"]) if mask)
        answer["attacks"][square] ^= 1
    elif what == "mobility":
        answer["mobility"][0] += 1
    elif what == "attacked":
        answer["attacked"][0] += 1
    elif what == "see":
        first = next(iter(answer["see"]))
        answer["see"][first] += 1
    elif what == "lifted":
        index = next(i for i, mask in enumerate(answer["lifted"]) if mask)
        answer["lifted"][index] ^= answer["lifted"][index] & -answer["lifted"][index]
    elif what == "pawns":
        answer["pawns"][0][0] += 1
    elif what:
        sys.exit(f"PLANT={what} is none of attacks, mobility, attacked, see, lifted, pawns")


def main():
    planted = os.environ.get("PLANT", "")
    for index, line in enumerate(sys.stdin.read().splitlines()):
        if not line.strip():
            continue
        answer = answers(line)
        if index == 0:
            plant(answer, planted)
        print(json.dumps(answer))


if __name__ == "__main__":
    main()
