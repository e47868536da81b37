#!/usr/bin/env python3
"""A move generator with planted bugs, for testing and teaching `boardlab diff`.

Run with arguments, it is a perftree script: `planted_bugs.py DEPTH FEN [MOVES]` prints one
`move count` line per legal move of the position after MOVES, a blank line and the total.
Run without arguments, it is a UCI engine that answers `go perft N` as Stockfish does.
Castling is written the Chess960 way (the king takes its rook) when the engine is told
UCI_Chess960, or when the FEN's castling field needs it (Shredder-FEN letters, or a king or rook
off its standard square), as boardlab writes it.

The moves come from python-chess, made wrong on purpose by PLANTED_BUG:

  ep-rank-pin           en passant is tested for legality as if the captured pawn stayed on
                        its square, so the capture is allowed when the two pawns leave the
                        king open along the rank
  castle-through-check  castling looks only at the king's start and end squares, not at the
                        square it crosses
  capture-promotions    a pawn that captures onto the last rank promotes to a queen only
  ep-check-evasion      en passant does not count as capturing a pawn that gives check
  rook-captured-rights  a castling right is kept when its rook is captured on its home square
                        (rights are followed along the moves played, so a game shows it)
  ep-diagonal           en passant is allowed when it opens a diagonal to its own king (the
                        captured pawn shielded it, or the capturing pawn was pinned)
  castle-out-of-check   castling is allowed from check (the king's own square is not tested)
  king-slides-away      a king in check from a slider may step away along the slider's line:
                        its target is tested with the king still standing in the way
  chess960-rook-path    Chess960 castling checks the king's path only, not the rook's

Unset (or `none`), the generator is correct. Every position of the tree is generated with the
bug, as a buggy program would, so the counts of all its ancestors are off as well.

BROKEN makes it a broken program instead, to test how boardlab reports one: `exit` (a good
answer, then exit status 3), `silent`, `garbage`, `sum` (a total one too high), `malformed`,
`impossible` (a move from an empty square), `duplicate`, `depth-one` (a count of 2 at depth 1),
`inconsistent` (counts that change between depths), `hang`, `stderr` (a traceback and exit
status 1). `uppercase` writes promotion letters in capitals, which the protocol allows.

FIXTURE_LOG names a file to which each perftree run appends its arguments, one line per run.
"""

import json
import os
import sys
import time

import chess

BUG = os.environ.get("PLANTED_BUG", "none")
BROKEN = os.environ.get("BROKEN", "")


def ep_through_rank_pin(board):
    """Illegal en passant captures that would be legal if the captured pawn stayed put."""
    found = []
    for move in board.generate_pseudo_legal_ep():
        if board.is_legal(move):
            continue
        after = board.copy(stack=False)
        after.remove_piece_at(move.from_square)
        after.set_piece_at(move.to_square, chess.Piece(chess.PAWN, board.turn))
        king = after.king(board.turn)
        if king is not None and not after.attackers(not board.turn, king):
            found.append(move)
    return found


def castling_through_check(board):
    """Castling moves whose only fault is the attacked square the king crosses."""
    us, them = board.turn, not board.turn
    home = chess.E1 if us == chess.WHITE else chess.E8
    if board.king(us) != home or board.is_check():
        return []
    rank = chess.square_rank(home)
    found = []
    for rights, files_between, crossed, landing in [
        (board.has_kingside_castling_rights(us), [5, 6], 5, 6),
        (board.has_queenside_castling_rights(us), [1, 2, 3], 3, 2),
    ]:
        between = [chess.square(f, rank) for f in files_between]
        crossed, landing = chess.square(crossed, rank), chess.square(landing, rank)
        if (
            rights
            and all(board.piece_at(sq) is None for sq in between)
            and board.is_attacked_by(them, crossed)
            and not board.is_attacked_by(them, landing)
        ):
            found.append(chess.Move(home, landing))
    return found


def castling_moves(board, test_king_square=True, test_rook_path=True):
    """Castling moves by python-chess's own test, with parts of it left out by the bug."""
    backrank = chess.BB_RANK_1 if board.turn == chess.WHITE else chess.BB_RANK_8
    king = board.occupied_co[board.turn] & board.kings & backrank
    king &= -king
    if not king:
        return []
    king_square = chess.msb(king)
    found = []
    for candidate in chess.scan_reversed(board.clean_castling_rights() & backrank):
        rook = chess.BB_SQUARES[candidate]
        a_side = rook < king
        king_to = backrank & (chess.BB_FILE_C if a_side else chess.BB_FILE_G)
        rook_to = backrank & (chess.BB_FILE_D if a_side else chess.BB_FILE_F)
        king_path = chess.between(king_square, chess.msb(king_to))
        rook_path = chess.between(candidate, chess.msb(rook_to))
        needed_empty = king_path | king_to
        if test_rook_path:
            needed_empty |= rook_path | rook_to
        attacked_path = king_path | (king if test_king_square else 0)
        if (board.occupied ^ king ^ rook) & needed_empty:
            continue
        if board._attacked_for_king(attacked_path, board.occupied ^ king):
            continue
        if board._attacked_for_king(king_to, board.occupied ^ king ^ rook ^ rook_to):
            continue
        found.append(board._from_chess960(board.chess960, king_square, candidate))
    return found


def kept_rights_castling(board):
    """Castling with a right that only a capture of its rook at home took away."""
    if board.chess960 or not board.move_stack:
        return []
    us, them = board.turn, not board.turn
    home = chess.E1 if us == chess.WHITE else chess.E8
    if board.king(us) != home or board.is_check():
        return []
    # The rights the root had, less those its side's own king and rook moves gave up: a move
    # from a home square by the side whose home it is. Captures take nothing away here.
    root = board.root()
    kept = root.clean_castling_rights() & ~board.castling_rights
    for ply, move in enumerate(board.move_stack):
        mover = root.turn if ply % 2 == 0 else not root.turn
        backrank = chess.BB_RANK_1 if mover == chess.WHITE else chess.BB_RANK_8
        if move.from_square == (chess.E1 if mover == chess.WHITE else chess.E8):
            kept &= ~backrank
        elif chess.BB_SQUARES[move.from_square] & backrank:
            kept &= ~chess.BB_SQUARES[move.from_square]
    found = []
    for rook_square in chess.scan_forward(kept & ~board.castling_rights):
        if chess.square_rank(rook_square) != chess.square_rank(home):
            continue
        kingside = chess.square_file(rook_square) == 7
        between = chess.between(home, rook_square)
        landing = home + 2 if kingside else home - 2
        crossed = home + 1 if kingside else home - 1
        if board.occupied & between:
            continue
        if any(board.is_attacked_by(them, sq) for sq in (crossed, landing)):
            continue
        found.append(chess.Move(home, landing))
    return found


def ep_diagonal_exposure(board):
    """Illegal en passant captures that open a diagonal to the king through either pawn."""
    found = []
    for move in board.generate_pseudo_legal_ep():
        if board.is_legal(move):
            continue
        captured = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
        board.push(move)
        king = board.king(not board.turn)
        exposed = king is not None and any(
            board.piece_type_at(attacker) in (chess.BISHOP, chess.QUEEN)
            and chess.square_file(attacker) != chess.square_file(king)
            and chess.square_rank(attacker) != chess.square_rank(king)
            and chess.between(attacker, king)
            & (chess.BB_SQUARES[captured] | chess.BB_SQUARES[move.from_square])
            for attacker in board.attackers(board.turn, king)
        )
        board.pop()
        if exposed:
            found.append(move)
    return found


def king_slides_away(board):
    """King moves to squares attacked only through the king's own square."""
    king = board.king(board.turn)
    if king is None or not board.is_check():
        return []
    return [
        move
        for move in board.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[king])
        if not board.is_castling(move)
        and not board.is_legal(move)
        and not board.is_attacked_by(not board.turn, move.to_square)
    ]


def checking_pawn_taken_en_passant(board, move):
    captured = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
    return board.is_en_passant(move) and captured in board.checkers()


def legal_moves(board):
    """The legal moves, with the planted bug."""
    moves = list(board.legal_moves)
    if BUG == "ep-rank-pin":
        moves += ep_through_rank_pin(board)
    elif BUG == "castle-through-check":
        moves += castling_through_check(board)
    elif BUG == "capture-promotions":
        moves = [
            m
            for m in moves
            if not (board.is_capture(m) and m.promotion not in (None, chess.QUEEN))
        ]
    elif BUG == "ep-check-evasion":
        moves = [m for m in moves if not checking_pawn_taken_en_passant(board, m)]
    elif BUG == "rook-captured-rights":
        moves += [m for m in kept_rights_castling(board) if m not in moves]
    elif BUG == "ep-diagonal":
        moves += ep_diagonal_exposure(board)
    elif BUG == "castle-out-of-check":
        if board.is_check():
            moves += [m for m in castling_moves(board, test_king_square=False) if m not in moves]
    elif BUG == "king-slides-away":
        moves += king_slides_away(board)
    elif BUG == "chess960-rook-path":
        if board.chess960:
            moves += [m for m in castling_moves(board, test_rook_path=False) if m not in moves]
    elif BUG != "none":
        sys.exit(f"planted_bugs.py: unknown PLANTED_BUG {BUG!r}")
    # After a planted bug has left a king in check, the other side could take it; that is not
    # a chess move, so it is left out (as boardlab's planted_bug example does).
    their_king = board.king(not board.turn)
    return [m for m in moves if m.to_square != their_king]


def perft(board, depth):
    moves = legal_moves(board)
    if depth == 1:
        return len(moves)
    nodes = 0
    for move in moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def divide(board, depth):
    counts = []
    for move in legal_moves(board):
        board.push(move)
        counts.append([move.uci(), 1 if depth == 1 else perft(board, depth - 1)])
        board.pop()
    return counts


def empty_square_move(board):
    """A move of the right shape from an empty square: no generator lists it."""
    for square in chess.SQUARES:
        target = square + 8
        if board.piece_at(square) is None and target < 64:
            return chess.Move(square, target).uci()
    return "a1a2"


def break_answer(board, depth, counts):
    """The answer as the broken program of BROKEN would give it."""
    if BROKEN == "sum":
        return counts, sum(n for _, n in counts) + 1
    if BROKEN == "malformed":
        counts[0][0] = "e2e9"
    elif BROKEN == "impossible":
        counts.append([empty_square_move(board), 1 if depth == 1 else 0])
    elif BROKEN == "duplicate":
        counts.append(list(counts[0]))
    elif BROKEN == "depth-one" and depth == 1:
        counts[0][1] = 2
    elif BROKEN == "inconsistent" and depth > 1:
        counts[0][1] += 1
    elif BROKEN == "uppercase":
        for entry in counts:
            if len(entry[0]) == 5:
                entry[0] = entry[0][:4] + entry[0][4].upper()
    return counts, sum(n for _, n in counts)


def needs_chess960(fen):
    """Whether the FEN's castling field needs the Chess960 rules: Shredder-FEN letters, or a
    right whose king or rook stands off its standard square."""
    fields = fen.split()
    if len(fields) > 2 and any(c not in "KQkq-" for c in fields[2]):
        return True
    return chess.Board(fen, chess960=True).has_chess960_castling_rights()


def answer(depth, fen, moves, chess960=False):
    """One divide: the lines to print."""
    board = chess.Board(fen, chess960=True)
    board.chess960 = chess960 or needs_chess960(fen)
    for move in moves:
        board.push_uci(move)
    counts, total = break_answer(board, depth, divide(board, depth))
    return counts, total


def perftree(args):
    if os.environ.get("FIXTURE_LOG"):
        with open(os.environ["FIXTURE_LOG"], "a") as log:
            log.write(json.dumps(args) + "\n")
    if BROKEN == "hang":
        time.sleep(3600)
    if BROKEN == "silent":
        return 0
    if BROKEN == "garbage":
        print("the quick brown fox")
        return 0
    if BROKEN == "stderr":
        print("Traceback (most recent call last):\nValueError: planted failure", file=sys.stderr)
        return 1
    depth, fen = int(args[0]), args[1]
    moves = args[2].split() if len(args) > 2 else []
    counts, total = answer(depth, fen, moves)
    for move, count in counts:
        print(f"{move} {count}")
    print(f"\n{total}")
    return 3 if BROKEN == "exit" else 0


def uci():
    fen, moves, chess960 = chess.STARTING_FEN, [], False
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name planted bugs\nuciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "quit":
            return 0
        elif words[:3] == ["setoption", "name", "UCI_Chess960"] and len(words) == 6:
            chess960 = words[5] == "true"
        elif words[:2] == ["position", "fen"]:
            rest = words[2:]
            cut = rest.index("moves") if "moves" in rest else len(rest)
            fen, moves = " ".join(rest[:cut]), rest[cut + 1 :]
        elif words[:2] == ["position", "startpos"]:
            fen = chess.STARTING_FEN
            moves = words[3:] if words[2:3] == ["moves"] else []
        elif words[:2] == ["go", "perft"]:
            counts, total = answer(int(words[2]), fen, moves, chess960)
            for move, count in counts:
                print(f"{move}: {count}")
            print(f"\nNodes searched: {total}\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(perftree(sys.argv[1:]) if len(sys.argv) > 1 else uci())
