#!/usr/bin/env python3
"""A fake UCI engine for testing `boardlab diff`.

It answers `go perft N` in Stockfish's format, with counts from the `boardlab` binary named by
BOARDLAB_BIN, except that it hides one legal move in one position, as a buggy move generator
would: FAKE_ENGINE_AT is the space-separated path of moves from the given FEN to that position
and FAKE_ENGINE_HIDE the move it leaves out. The counts of every ancestor lose that move's
subtree too, so the divergence can only be found by descending to it.

FAKE_ENGINE_MODE selects other misbehaviour: "die" exits at `go perft`, "hang" never answers
it, "garbage" answers nonsense. FAKE_ENGINE_START_DELAY is how many seconds it takes over its
first answer (to `uci`), as an engine loading its tables, or started on a busy machine, does.
"""

import json
import os
import subprocess
import sys
import time

BOARDLAB = os.environ.get("BOARDLAB_BIN", "boardlab")
MODE = os.environ.get("FAKE_ENGINE_MODE", "diverge")
AT = os.environ.get("FAKE_ENGINE_AT", "").split()
HIDE = os.environ.get("FAKE_ENGINE_HIDE", "")
START_DELAY = float(os.environ.get("FAKE_ENGINE_START_DELAY", "0"))


def boardlab(*args):
    out = subprocess.run([BOARDLAB, *args], check=True, capture_output=True, text=True)
    return out.stdout


def position_args(fen, moves):
    args = ["--fen", fen]
    if moves:
        args += ["--moves", *moves]
    return args


def divide(fen, moves, depth):
    counts = []
    text = boardlab("perft", "--divide", "--depth", str(depth), *position_args(fen, moves))
    for line in text.splitlines():
        if ": " in line and not line.startswith("Nodes"):
            move, count = line.split(": ")
            counts.append([move, int(count)])
    return counts


def perft(fen, moves, depth):
    text = boardlab("perft", "--json", "--depth", str(depth), *position_args(fen, moves))
    return json.loads(text.splitlines()[-1])["nodes"]


def buggy_divide(fen, moves, depth):
    counts = divide(fen, moves, depth)
    if moves == AT:
        return [c for c in counts if c[0] != HIDE]
    if AT[: len(moves)] == moves:
        remaining = depth - (len(AT) - len(moves)) - 1
        if remaining >= 0:
            lost = perft(fen, AT + [HIDE], remaining)
            for c in counts:
                if c[0] == AT[len(moves)]:
                    c[1] -= lost
    return counts


def main():
    fen, moves = None, []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            time.sleep(START_DELAY)
            print("id name fake engine\nuciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "quit":
            return
        elif words[0] == "position" and words[1] == "fen":
            rest = words[2:]
            cut = rest.index("moves") if "moves" in rest else len(rest)
            fen, moves = " ".join(rest[:cut]), rest[cut + 1 :]
        elif words[:2] == ["go", "perft"]:
            if MODE == "die":
                sys.exit(3)
            if MODE == "hang":
                time.sleep(3600)
            if MODE == "garbage":
                print("the quick brown fox", flush=True)
                continue
            counts = buggy_divide(fen, moves, int(words[2]))
            for move, count in counts:
                print(f"{move}: {count}")
            print(f"\nNodes searched: {sum(c for _, c in counts)}\n", flush=True)


main()
