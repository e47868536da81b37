#!/bin/sh
# Remakes docs/src/measured/instructions.txt: how many instructions each backend's bulk perft
# runs a leaf against cozy-chess's, over the ratio bench's six positions one ply below its depths.
# Set beside the speed ratio of docs/src/measured/ratios.txt, it says how much of a backend's gap
# to cozy-chess is the work it does (instructions) and how much is how fast that work runs
# (instructions a cycle). Instruction counts are callgrind's and do not depend on the load, so
# this can run on a busy machine; it needs valgrind and takes about a minute.
#
#   sh docs/measure.sh && sh docs/instructions.sh
set -eu
out=docs/src/measured/instructions.txt
ratios=docs/src/measured/ratios.txt
cargo build --release --quiet
boardlab=target/release/boardlab
# The ratio bench's binary holds the cozy-chess perft it times; cargo names the file it built.
bench=$(cargo bench --no-run --features ratios --bench ratios 2>&1 |
    sed -n 's/.*Executable benches\/ratios.rs (\(.*\))$/\1/p')
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The positions of crates/core/data/standard.epd that the ratio bench times, each with the
# bench's depth less one.
positions() {
    grep -E 'id "(startpos|kiwipete|position[3-6])"' crates/core/data/standard.epd |
        while IFS= read -r line; do
            fen=${line%% ;*}
            case "$line" in
            *'"startpos"' | *'"position3"') depth=5 ;;
            *) depth=4 ;;
            esac
            echo "$depth $fen"
        done
}

# The instructions callgrind counts for one command.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$scratch/cg" "$@" </dev/null >/dev/null 2>&1
    callgrind_annotate "$scratch/cg" | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,
}

leaves=0
while read -r depth fen; do
    nodes=$("$boardlab" perft --backend magic --depth "$depth" --fen "$fen" --json |
        sed 's/.*"nodes":\([0-9]*\).*/\1/')
    leaves=$((leaves + nodes))
done <<EOF
$(positions)
EOF

# cozy-chess: the ratio bench with no backend of ours times only the peers, once each, at these
# depths (--reduce 1); callgrind counts only inside its cozy-chess perft.
valgrind --tool=callgrind --callgrind-out-file="$scratch/cozy" \
    --toggle-collect='ratios::common::cozy_perft_mode' \
    "$bench" --backend none --reduce 1 --runs 1 >/dev/null 2>&1
cozy=$(callgrind_annotate "$scratch/cozy" | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' |
    tr -d ,)

{
    echo "# $(rustc --version); $(date -u +%Y-%m-%d)"
    echo "# bulk perft, each position under valgrind --tool=callgrind:"
    echo "#   startpos d5, kiwipete d4, position3 d5, position4 d4, position5 d4,"
    echo "#   position6 d4: $leaves leaves"
    echo "#   $boardlab perft --backend B --depth D --fen F,"
    echo "#   less perft --depth 1 of the start position (parsing, tables)"
    echo "# cozy-chess: the ratio bench's perft, same depths (--backend none"
    echo "#   --reduce 1), --toggle-collect='ratios::common::cozy_perft_mode'"
    echo "# a leaf: instructions a leaf; x cozy: that over cozy-chess's"
    echo "# speed: the bulk ratio of ratios.txt (cozy-chess's time over B's)"
    echo "# a cycle: instructions a cycle over cozy-chess's (speed times x cozy)"
    echo "# aim: the speed aimed at; a leaf, aim: the instructions a leaf that"
    echo "#   reach it at B's own instructions a cycle (a leaf x speed / aim)"
    echo
    printf '%-12s %8s %9s %7s %9s %6s %12s\n' backend "a leaf" "x cozy" speed "a cycle" aim "a leaf, aim"
    printf '%-12s %8.1f %9.2f %7.3f %9.2f\n' cozy-chess \
        "$(echo "$cozy $leaves" | awk '{ print $1 / $2 }')" 1 1 1
    while read -r backend aim; do
        # What the command costs besides perft (parsing, building the tables), counted once
        # at depth 1 and taken off each run.
        start=$(instructions "$boardlab" perft --backend "$backend" --depth 1)
        total=0
        while read -r depth fen; do
            count=$(instructions "$boardlab" perft --backend "$backend" --depth "$depth" \
                --fen "$fen")
            total=$((total + count - start))
        done <<EOF
$(positions)
EOF
        speed=$(awk -v b="$backend" '$1 == b && NF == 2 { print $2 }' "$ratios")
        echo "$backend $total $leaves $cozy ${speed:-0} $aim" | awk '{
            per_leaf = $2 / $3; against = $2 / $4
            printf "%-12s %8.1f %9.2f %7.3f %9.2f %6.2f %12.1f\n", $1, per_leaf, against, $5,
                $5 * against, $6, per_leaf * $5 / $6 }'
    done <<EOF
piece-list 0.35
mailbox 0.60
x88 0.70
rotated 1.30
magic 1.60
pext 1.60
EOF
} > "$out"
cat "$out"
