#!/bin/sh
# Remakes the measured figures the book includes from docs/src/measured/: three runs of
# `boardlab compare`, the ratio bench, and hashed and threaded perft at depth 7. Run it from the
# workspace root on a quiet machine; it takes a few minutes.
#
#   sh docs/measure.sh
set -eu
out=docs/src/measured
cargo build --release --quiet
boardlab=target/release/boardlab

machine() {
    model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
    echo "# $(nproc) processors, $model; $(rustc --version); $(date -u +%Y-%m-%d)"
}

load() {
    cut -d ' ' -f 1-3 /proc/loadavg | tr ' ' ','
}

{
    machine
    for run in 1 2 3; do
        echo
        echo "\$ boardlab compare        # run $run, load average $(load)"
        "$boardlab" compare
    done
} > "$out/compare.txt"

{
    machine
    echo "\$ cargo bench --features ratios --bench ratios -- --runs 3    # load average $(load)"
    cargo bench --quiet --features ratios --bench ratios -- --runs 3
} > "$out/ratios.txt"

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
