"""One game between `boardlab uci` and Stockfish at a low level, refereed by python-chess.

Stockfish plays at Skill Level 0; both engines get 50 ms a move. Every move of either engine
must be legal in the game's position. The game ends at checkmate, stalemate, a draw by rule, or
after MAX_PLIES plies. Prints one JSON line with the result; exits non-zero on any failure.

Usage: python3 play_stockfish.py BOARDLAB STOCKFISH
"""

import json
import sys

import chess
import chess.engine

MAX_PLIES = 160


def main() -> int:
    boardlab_path, stockfish_path = sys.argv[1], sys.argv[2]
    boardlab = chess.engine.SimpleEngine.popen_uci([boardlab_path, "uci"])
    stockfish = chess.engine.SimpleEngine.popen_uci(stockfish_path)
    try:
        stockfish.configure({"Skill Level": 0, "Threads": 1, "Hash": 16})
        boardlab.configure({"Hash": 16})
        engines = {chess.WHITE: boardlab, chess.BLACK: stockfish}
        names = {chess.WHITE: "boardlab", chess.BLACK: "stockfish"}
        board = chess.Board()
        limit = chess.engine.Limit(time=0.05)
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            mover = board.turn
            result = engines[mover].play(board, limit)
            if result.move is None or result.move not in board.legal_moves:
                raise AssertionError(
                    f"{names[mover]} played {result.move} in {board.fen()}, not a legal move"
                )
            board.push(result.move)
        outcome = board.outcome(claim_draw=True)
        print(
            json.dumps(
                {
                    "plies": board.ply(),
                    "result": board.result(claim_draw=True),
                    "termination": outcome.termination.name if outcome else "move limit",
                    "moves": " ".join(move.uci() for move in board.move_stack),
                }
            )
        )
        return 0
    finally:
        boardlab.quit()
        stockfish.quit()


if __name__ == "__main__":
    sys.exit(main())
