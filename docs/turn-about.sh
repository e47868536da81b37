#!/bin/sh
# Times two builds of boardlab turn about: `boardlab perft --backend B` of the old and the new
# binary run alternately, three times each, on each of the ratio bench's six positions (its
# depths, position3 and position4 one ply deeper), and the best user time of each is kept. Load
# on the machine then slows both builds alike. Prints old time over new time per position and
# their geometric mean: above 1 means the new build is faster. Run it from the workspace root.
#
#   cp target/release/boardlab /tmp/boardlab-old    # before the change
#   cargo build --release                           # with it
#   sh docs/turn-about.sh /tmp/boardlab-old target/release/boardlab mailbox
set -eu
if [ $# -ne 3 ]; then
    echo "usage: sh docs/turn-about.sh OLD_BINARY NEW_BINARY BACKEND" >&2
    exit 2
fi
exec python3 - "$@" <<'EOF'
import math
import resource
import subprocess
import sys

old, new, backend = sys.argv[1:4]
depths = {"startpos": 6, "kiwipete": 5, "position3": 7, "position4": 6, "position5": 5,
          "position6": 5}
positions = []
with open("crates/core/data/standard.epd") as suite:
    for line in suite:
        fen = line.split(";")[0].strip()
        name = line.rsplit('id "', 1)[-1].split('"')[0]
        if name in depths:
            positions.append((name, fen, depths[name]))


def user_seconds(binary, fen, depth):
    """The user time of one perft run, and the node count it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    run = subprocess.run([binary, "perft", "--backend", backend, "--depth", str(depth),
                          "--fen", fen], capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    if run.returncode != 0:
        sys.exit(f"{binary}: {run.stderr.strip()}")
    return after - before, run.stdout.split()[1]


logs = []
for name, fen, depth in positions:
    old_times, new_times = [], []
    for _ in range(3):
        seconds, old_nodes = user_seconds(old, fen, depth)
        old_times.append(seconds)
        seconds, new_nodes = user_seconds(new, fen, depth)
        new_times.append(seconds)
    if old_nodes != new_nodes:
        sys.exit(f"error: {name}: the builds count {old_nodes} and {new_nodes} nodes")
    ratio = min(old_times) / min(new_times)
    logs.append(math.log(ratio))
    print(f"{name:10} d{depth}  old {min(old_times):.3f} s  new {min(new_times):.3f} s  "
          f"old/new {ratio:.3f}", flush=True)
print(f"geometric mean old/new {math.exp(sum(logs) / len(logs)):.3f}")
EOF
