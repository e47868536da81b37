#!/bin/sh
# Writes docs/src/measured/pseudo-legal.txt, the Legality chapter's measurement of pseudo-legal
# against legal move generation: every case of `examples/pseudo_legal.rs` run once under
# callgrind, whose instruction counts do not depend on the machine's load, less the count of
# the `setup` case (building the boards and the magic tables), then the example's own table of
# median times. Both use the test profile (opt-level 2, no LTO), whose build the test suite
# shares; only the comparison between cases is read from them. Run it from the workspace root;
# it needs valgrind and takes several minutes.
#
#   sh docs/pseudo-legal.sh
set -eu
out=docs/src/measured/pseudo-legal.txt
cargo build --profile test --quiet --example pseudo_legal
example=target/debug/examples/pseudo_legal
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The instructions callgrind counted for one case.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/$1.out" "$example" --case "$1" \
        > "$work/$1.stdout" 2> "$work/$1.stderr"
    sed -n 's/^summary: //p' "$work/$1.out"
}

cases="mailbox-perft-legal-bulk mailbox-perft-legal-make mailbox-perft-pseudo
mailbox-search-legal mailbox-search-pseudo mailbox-search-filter
magic-perft-legal-bulk magic-perft-legal-make magic-perft-pseudo
magic-search-legal magic-search-pseudo magic-search-filter"

setup=$(instructions setup)
{
    model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
    echo "# $(nproc) processors, $model; $(rustc --version); $(date -u +%Y-%m-%d)"
    echo "\$ sh docs/pseudo-legal.sh    # callgrind, test profile, one run per case, less the setup case"
    printf '%-26s %16s\n' case instructions
    for case in $cases; do
        count=$(instructions "$case")
        printf '%-26s %16s\n' "$case" "$((count - setup))"
    done
    echo
    echo "\$ cargo run --profile test --example pseudo_legal -- --runs 5    # load average $(cut -d ' ' -f 1-3 /proc/loadavg | tr ' ' ',')"
    "$example" --runs 5
} > "$out"
