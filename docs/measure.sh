#!/bin/sh
# Remakes the measured figures the book includes from docs/src/measured/: three runs of
# `boardlab compare`, the ratio bench, hashed and threaded perft at depth 7, the instruction
# counts of bulk and full-make perft against cozy-chess and shakmaty, (from those two tables)
# the instructions a cycle of each backend against cozy-chess, and the engine workloads (search
# with the full and with the piece-square evaluation, evaluation, static exchange and attack
# maps on every backend, and the mailbox trials' search), and the survey chapter's counts and
# times of the array boards. Run it from the workspace root; the
# timed parts want a quiet machine, the counted ones (callgrind) do not. Name parts to remake only those:
#
#   sh docs/measure.sh                          # all of them
#   sh docs/measure.sh threads instructions     # compare | ratios | threads | instructions | cycles | engine | trials | survey | quad
set -eu
out=docs/src/measured
parts=${*:-compare ratios threads instructions cycles engine survey quad}

wants() {
    case " $parts " in
    *" $1 "*) return 0 ;;
    *) return 1 ;;
    esac
}

machine() {
    model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
    echo "# $(nproc) processors, $model; $(rustc --version); $(date -u +%Y-%m-%d)"
}

load() {
    cut -d ' ' -f 1-3 /proc/loadavg | tr ' ' ','
}

boardlab=${CARGO_TARGET_DIR:-target}/release/boardlab

# The instructions callgrind counts in the `measured` functions of the counting harness of
# benches/instructions (built by the parts that use it), for its arguments BACKEND MODE [REDUCE].
harness=benches/instructions/target/release/boardlab-instructions
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --toggle-collect='boardlab_instructions::measured*' "$harness" "$@" 2>&1 |
        sed -n 's/.*Collected : //p'
}
if wants compare || wants threads || wants engine || wants trials || wants survey; then
    cargo build --release --quiet
fi

if wants compare; then
    {
        machine
        for run in 1 2 3; do
            echo
            echo "\$ boardlab compare        # run $run, load average $(load)"
            "$boardlab" compare
        done
    } > "$out/compare.txt"
fi

if wants ratios; then
    {
        machine
        echo "\$ cargo bench --features ratios --bench ratios -- --runs 3    # load average $(load)"
        cargo bench --quiet --features ratios --bench ratios -- --runs 3
    } > "$out/ratios.txt"
fi

# The engine workloads: each backend over the same search, evaluation, exchanges and attack
# maps, one file a workload so that the chapter can place each table where it discusses it.
# A workload lasts a fraction of a second a backend, so each runs nine times over all the
# backends in turn and the table keeps each backend's fastest run, the one the rest of the
# machine disturbed least; perft, for the ratios the chapter sets beside them, runs three
# times in the same session, and the chapter takes each backend's fastest of the three.
if wants engine; then
    {
        machine
        for run in 1 2 3; do
            echo
            echo "\$ boardlab compare --workload perft    # run $run, load average $(load)"
            "$boardlab" compare --workload perft
        done
    } > "$out/engine-perft.txt"
    for workload in search eval see attacks; do
        {
            machine
            echo "\$ boardlab compare --workload $workload --runs 9    # load average $(load)"
            "$boardlab" compare --workload "$workload" --runs 9
        } > "$out/engine-$workload.txt"
    done
    # The same search with the piece-square evaluation alone: against the full one, what the
    # evaluation's queries cost each backend.
    {
        machine
        echo "\$ boardlab compare --workload search --eval pst --runs 9    # load average $(load)"
        "$boardlab" compare --workload search --eval pst --runs 9
    } > "$out/engine-search-pst.txt"
fi
# The mailbox trials' model search: a few seconds a backend, so three runs (part of engine, or
# alone as trials).
if wants engine || wants trials; then
    {
        machine
        echo "\$ boardlab compare --workload trials --runs 3    # load average $(load)"
        "$boardlab" compare --workload trials --runs 3
    } > "$out/engine-trials.txt"
fi

# Perft 7 of the start position on one and two threads, with and without a 256 MB table. The
# load average before each run says how much else the machine was doing: with two processors,
# two threads scale only when it is below 1.
if wants threads; then
    {
        machine
        for threads in 1 2; do
            for hash in "" "--hash 256"; do
                echo
                echo "\$ boardlab perft --depth 7 --threads $threads $hash    # load average $(load)"
                # shellcheck disable=SC2086
                "$boardlab" perft --depth 7 --threads "$threads" $hash
            done
        done
    } > "$out/hashed-perft.txt"
fi

# Instruction counts, which the machine's load does not change: the counting harness of
# benches/instructions runs perft of the six standard positions (the ratio bench's depths less
# one; full-make one ply less again) on each backend and on the peers, and callgrind counts
# only its `measured` functions, so parsing and the tables built on first use stay out.
# "x peer" is the peer's instructions over the backend's: above 1, the backend runs fewer.
if wants instructions; then
    (cd benches/instructions && cargo build --release --quiet)
    {
        machine
        echo "# valgrind --tool=callgrind --toggle-collect='boardlab_instructions::measured*' \\"
        echo "#     benches/instructions/target/release/boardlab-instructions BACKEND MODE [REDUCE]"
        echo "# bulk: startpos d5, kiwipete d4, position3 d5, position4 d4, position5 d4, position6 d4"
        echo "#   (16 046 250 leaves); full-make and copy-make: one ply less (500 117 leaves)"
        echo
        printf '%-14s %-10s %15s %9s %9s\n' backend mode instructions "a leaf" "x peer"
        cozy=$(count cozy-chess bulk)
        printf '%-14s %-10s %15s %9.1f %9s\n' cozy-chess bulk "$cozy" "$(echo "$cozy / 16046250" | bc -l)" 1.000
        for backend in magic pext black-magic quad rotated kindergarten bit-lines hyperbola \
            obstruction kogge-stone x88 mailbox piece-list 8x8 12x12 16x16 nibble attack-maps; do
            n=$(count "$backend" bulk)
            printf '%-14s %-10s %15s %9.1f %9.3f\n' "$backend" bulk "$n" \
                "$(echo "$n / 16046250" | bc -l)" "$(echo "$cozy / $n" | bc -l)"
        done
        shakmaty=$(count shakmaty full-make 1)
        printf '%-14s %-10s %15s %9.1f %9s\n' shakmaty full-make "$shakmaty" \
            "$(echo "$shakmaty / 500117" | bc -l)" 1.000
        for backend in magic pext black-magic quad x88 mailbox; do
            for mode in full-make copy-make; do
                n=$(count "$backend" "$mode" 1)
                printf '%-14s %-10s %15s %9.1f %9.3f\n' "$backend" "$mode" "$n" \
                    "$(echo "$n / 500117" | bc -l)" "$(echo "$shakmaty / $n" | bc -l)"
            done
        done
    } > "$out/instruction-ratios.txt"
fi

# Instructions against time, from the two tables above (nothing is run): each backend's
# instructions a leaf in bulk perft (instruction-ratios.txt) beside its speed against cozy-chess
# (ratios.txt). Their product says how fast a backend runs its instructions against cozy-chess,
# and, for a backend with a speed aim, how many instructions a leaf would reach the aim at that
# rate. The aims are those of the tuning rounds (the Performance chapter's table).
if wants cycles; then
    awk '
        FNR == 1 { file++ }
        file == 1 && $2 == "bulk" { leaf[$1] = $4; fewer[$1] = $5; order[++n] = $1 }
        file == 2 && NF == 2 && $2 ~ /^[0-9.]+$/ { speed[$1] = $2 }
        END {
            aim["piece-list"] = 0.35; aim["mailbox"] = 0.55; aim["x88"] = 0.55
            aim["magic"] = 2.3; aim["black-magic"] = 2.3; aim["pext"] = 2.6
            print "# a leaf: bulk instructions a leaf (instruction-ratios.txt)"
            print "# speed: cozy-chess'"'"'s time over the backend'"'"'s (ratios.txt)"
            print "# a cycle: instructions a cycle against cozy-chess'"'"'s (speed / x peer)"
            print "# a leaf, aim: the instructions a leaf that reach the aim at the"
            print "#   backend'"'"'s own instructions a cycle (a leaf x speed / aim)"
            print ""
            printf "%-14s %7s %7s %7s %6s %12s\n", "backend", "a leaf", "speed", "a cycle", "aim", "a leaf, aim"
            for (i = 1; i <= n; i++) {
                b = order[i]
                if (b == "cozy-chess" || !(b in speed)) continue
                printf "%-14s %7.1f %7.3f %7.2f", b, leaf[b], speed[b], speed[b] / fewer[b]
                if (b in aim) printf " %6.2f %12.1f", aim[b], leaf[b] * speed[b] / aim[b]
                printf "\n"
            }
        }
    ' "$out/instruction-ratios.txt" "$out/ratios.txt" > "$out/instructions.txt"
fi

# The survey chapter's figures. Counted (no load changes them): the 8x8 board's edge tests per
# generated move, counted by the board itself (the feature count-edge-tests); the instructions
# of bulk perft, of reading every square and of the attack test on the array boards, the
# 10x12 board on the 12x12 board's code and the four-bits-a-square board, with the mailbox
# and 0x88 boards beside them (the survey example, under callgrind); and, for the boards that
# keep a second representation, bulk perft's instructions on the counting harness of
# benches/instructions. Timed: the same boards' bulk perft taking turns, 25 rounds, and one
# `boardlab compare` over every backend.
if wants survey; then
    cargo build --release --quiet -p boardlab-arrays --example survey
    cargo build --release --quiet -p boardlab-array8x8 --features count-edge-tests --example edge_tests
    examples=${CARGO_TARGET_DIR:-target}/release/examples
    {
        machine
        echo "\$ cargo run --release -p boardlab-array8x8 --features count-edge-tests --example edge_tests -- 4"
        "$examples/edge_tests" 4
    } > "$out/survey-edge-tests.txt"
    counted() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null \
            --toggle-collect='survey::measured*' "$examples/survey" count "$@" 2>&1 |
            sed -n 's/.*Collected : //p'
    }
    {
        machine
        echo "\$ target/release/examples/survey sizes"
        "$examples/survey" sizes
        echo
        echo "# valgrind --tool=callgrind --toggle-collect='survey::measured*' \\"
        echo "#     target/release/examples/survey count BOARD perft|reads|attacks"
        echo "# perft: bulk, start, kiwipete and position3 at depth 4 (4 326 122 leaves); reads:"
        echo "#   piece_at on every square of those and of every position a move from them, 200"
        echo "#   passes (1 088 000 reads); attacks: is_attacked of every square by either side"
        echo "#   (2 176 000 tests). a leaf, a read, a test: instructions over the count"
        echo
        printf '%-12s %12s %7s %11s %7s %12s %7s\n' board perft "a leaf" reads "a read" attacks "a test"
        for board in 8x8 12x12 10x12-array 16x16 nibble mailbox x88; do
            p=$(counted "$board" perft)
            r=$(counted "$board" reads)
            a=$(counted "$board" attacks)
            printf '%-12s %12s %7.1f %11s %7.2f %12s %7.1f\n' "$board" \
                "$p" "$(echo "$p / 4326122" | bc -l)" "$r" "$(echo "$r / 1088000" | bc -l)" \
                "$a" "$(echo "$a / 2176000" | bc -l)"
        done
        echo
        (cd benches/instructions && cargo build --release --quiet)
        echo "# valgrind --tool=callgrind --toggle-collect='boardlab_instructions::measured*' \\"
        echo "#     benches/instructions/target/release/boardlab-instructions BACKEND bulk"
        echo "# the six standard positions (16 046 250 leaves)"
        printf '%-12s %12s %7s\n' backend bulk "a leaf"
        for backend in mailbox attack-maps pext quad; do
            n=$(count "$backend" bulk)
            printf '%-12s %12s %7.1f\n' "$backend" "$n" "$(echo "$n / 16046250" | bc -l)"
        done
    } > "$out/survey-instructions.txt"
    {
        machine
        echo "\$ target/release/examples/survey times 25    # load average $(load)"
        "$examples/survey" times 25
        echo
        echo "\$ boardlab compare    # load average $(load)"
        "$boardlab" compare
    } > "$out/survey-times.txt"
fi

# The quad chapter's figures: the quad board beside cozy-chess, the bitboard boards and the
# nibble board (the other board of 32 bytes of pieces), timed turn about by the ratio bench
# (bulk perft against cozy-chess, full-make against shakmaty), then counted by the harness
# (bulk, full-make and copy-make perft), then the boards' bytes as `boardlab show` prints them.
if wants quad; then
    (cd benches/instructions && cargo build --release --quiet)
    cargo build --release --quiet
    {
        machine
        # Three runs of the bulk ratios (the chapter takes each backend's median), the first
        # with the full-make ratios too (`--full-make none`, no backend's name, times none).
        for run in 1 2 3; do
            fm="--full-make none"
            [ "$run" = 1 ] && fm="--full-make quad --full-make pext"
            echo "\$ cargo bench --features ratios --bench ratios -- --backend quad --backend nibble \\"
            echo "    --backend pext --backend black-magic --backend magic $fm --runs 3"
            echo "# run $run, load average $(load)"
            # shellcheck disable=SC2086
            cargo bench --quiet --features ratios --bench ratios -- --backend quad --backend nibble \
                --backend pext --backend black-magic --backend magic $fm --runs 3
            echo
        done
        echo "# valgrind --tool=callgrind --toggle-collect='boardlab_instructions::measured*' \\"
        echo "#     benches/instructions/target/release/boardlab-instructions BACKEND MODE [REDUCE]"
        echo "# bulk: 16 046 250 leaves; full-make and copy-make: one ply less, 500 117 leaves"
        printf '%-12s %-10s %13s %8s\n' backend mode instructions "a leaf"
        for row in "cozy-chess bulk" "quad bulk" "pext bulk" "black-magic bulk" "magic bulk" \
            "nibble bulk"; do
            # shellcheck disable=SC2086
            n=$(count $row)
            # shellcheck disable=SC2086
            printf '%-12s %-10s %13s %8.1f\n' $row "$n" "$(echo "$n / 16046250" | bc -l)"
        done
        for row in "shakmaty full-make" "quad full-make" "quad copy-make" "pext full-make" \
            "nibble full-make" "nibble copy-make"; do
            # shellcheck disable=SC2086
            n=$(count $row 1)
            # shellcheck disable=SC2086
            printf '%-12s %-10s %13s %8.1f\n' $row "$n" "$(echo "$n / 500117" | bc -l)"
        done
        echo
        for backend in quad nibble pext; do
            echo "\$ boardlab show --backend $backend | tail -n 1"
            "$boardlab" show --backend "$backend" | tail -n 1
        done
    } > "$out/quad.txt"
fi
