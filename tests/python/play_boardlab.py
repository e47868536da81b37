"""A short game against `boardlab uci`, with python-chess as the client.

python-chess plays seeded random moves for one side and checks that every move boardlab
answers with is legal; it also asks for an analysis of a mate in one and checks the mate score.
Prints one JSON line with what happened; exits non-zero on any failure.

Usage: python3 play_boardlab.py BOARDLAB [BACKEND]
"""

import json
import random
import sys

import chess
import chess.engine


def main() -> int:
    binary = sys.argv[1]
    backend = sys.argv[2] if len(sys.argv) > 2 else None
    rng = random.Random(20240521)
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
    try:
        options = {"Hash": 8}
        if backend:
            options["Backend"] = backend
        engine.configure(options)
        assert engine.id.get("name", "").startswith("boardlab"), engine.id

        board = chess.Board()
        engine_moves = 0
        for _ in range(20):
            if board.is_game_over():
                break
            result = engine.play(board, chess.engine.Limit(time=0.05))
            if result.move not in board.legal_moves:
                raise AssertionError(f"illegal move {result.move} in {board.fen()}")
            board.push(result.move)
            engine_moves += 1
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))

        # Analysis of Scholar's mate: the score must be a mate in one for the side to move.
        # In debug mode the engine names the board that searched, which must be the backend
        # asked for.
        if backend:
            # The protocol lives on the engine's event loop, which runs its calls in order.
            engine.protocol.loop.call_soon_threadsafe(engine.protocol.debug, True)
        mate = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
        info = engine.analyse(mate, chess.engine.Limit(depth=3))
        answered_by = info.get("string", "").removeprefix("backend ") if backend else None
        if backend and answered_by != backend:
            raise AssertionError(f"asked for {backend}, answered by {info.get('string')!r}")
        score = info["score"].relative
        if score != chess.engine.Mate(1):
            raise AssertionError(f"expected mate in 1, got {score}")
        best = info["pv"][0]
        mate.push(best)
        if not mate.is_checkmate():
            raise AssertionError(f"{best} does not mate")

        # A checkmated side has no move to play: boardlab answers `bestmove 0000`, which
        # python-chess reads as the null move.
        mated = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
        result = engine.play(mated, chess.engine.Limit(depth=2))
        if result.move != chess.Move.null():
            raise AssertionError(f"a move {result.move} from a mated position")

        print(
            json.dumps(
                {
                    "engine_moves": engine_moves,
                    "plies": board.ply(),
                    "fen": board.fen(),
                    "backend": answered_by,
                }
            )
        )
        return 0
    finally:
        engine.quit()


if __name__ == "__main__":
    sys.exit(main())
