#!/bin/sh
# Remakes docs/src/measured/profile.txt, the instruction profiles the Performance chapter quotes:
# callgrind's counts for perft of kiwipete without its d5 pawn, bulk at depth 5 and full-make at
# depth 4, for each array backend and three bitboard ones. Instruction counts do not depend on the load,
# so this can run on a busy machine; it needs valgrind and takes a few minutes.
#
#   sh docs/profile.sh
set -eu
out=docs/src/measured/profile.txt
fen='r3k2r/p1ppqpb1/bn2pnp1/4N3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
cargo build --release --quiet
boardlab=target/release/boardlab
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# One profile: the total, the leaves and, for the workspace's own functions, the instructions
# spent inside each (inclusive) as a share of the total and per leaf. The perft recursion and the
# command around it are left out, since they hold everything, and so are the harness's set-up
# functions, which only hold the building of the tables (shown under its own name).
profile() {
    backend=$1
    mode=$2
    flag=
    depth=5
    if [ "$mode" = full-make ]; then
        flag=--no-bulk
        depth=4
    fi
    # shellcheck disable=SC2086
    leaves=$("$boardlab" perft --backend "$backend" --depth "$depth" $flag --fen "$fen" --json |
        sed 's/.*"nodes":\([0-9]*\).*/\1/')
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --callgrind-out-file="$scratch/cg" \
        "$boardlab" perft --backend "$backend" --depth "$depth" $flag --fen "$fen" \
        >/dev/null 2>&1
    echo
    echo "## $backend, $mode, depth $depth"
    callgrind_annotate --inclusive=yes "$scratch/cg" | awk -v leaves="$leaves" '
        /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1
            printf "total %.0f instructions, %.0f leaves, %.1f per leaf\n", total, leaves, total / leaves
            next }
        total && / \[/ {
            ir = $1; gsub(",", "", ir)
            name = $0; sub(/^ *[0-9,]+ +/, "", name); sub(/^[^:]*:/, "", name); sub(/ \[.*$/, "", name)
            if (name !~ /boardlab_/ || name ~ /perft::perft|harness|from_setup/) next
            # Short names: the type and function, without the module paths and trait.
            gsub(/ as boardlab_core::board::Board>/, "", name)
            name = " " name
            do {
                before = name
                gsub(/ [a-z][a-z_0-9]*::/, " ", name)
                gsub(/<[a-z][a-z_0-9]*::/, "<", name)
            } while (name != before)
            sub(/^ /, "", name)
            if (sub(/^<impl /, "", name)) sub(/>::/, "::", name)
            else sub(/^</, "", name)
            if (shown < 8 && ir / total >= 0.01) {
                printf "%5.1f%% %7.1f per leaf  %s\n", 100 * ir / total, ir / leaves, name
                shown++
            } }'
    # Perft's own lines, with whatever the compiler inlined into its loop (the bitboard boards'
    # `make` and `unmake`): the inclusive list above leaves perft out, since it holds everything.
    callgrind_annotate "$scratch/cg" | awk -v leaves="$leaves" '
        /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1; next }
        total && /boardlab_core::perft::perft/ { ir = $1; gsub(",", "", ir); own += ir }
        END { if (own / total >= 0.01)
            printf "%5.1f%% %7.1f per leaf  perft itself, with what is inlined into it\n",
                100 * own / total, own / leaves }'
}

{
    echo "# $(rustc --version); $(date -u +%Y-%m-%d)"
    echo "# valgrind --tool=callgrind $boardlab perft --backend B --depth 5 --fen '$fen'"
    echo "# (full-make: --depth 4 --no-bulk)"
    echo "# callgrind_annotate --inclusive=yes: each function with what it calls, the largest first;"
    echo "# last, perft's own lines (callgrind_annotate without --inclusive)"
    for backend in piece-list mailbox x88 rotated magic pext; do
        for mode in bulk full-make; do
            profile "$backend" "$mode"
        done
    done
} > "$out"
