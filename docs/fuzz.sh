#!/bin/sh
# Gives each fuzz target in fuzz/ a timed run of coverage-guided fuzzing, then minimises its
# corpus again, and prints per target the inputs executed, the corpus size and any crash.
# Needs the nightly toolchain and cargo-fuzz (`rustup toolchain install nightly`, `cargo
# install cargo-fuzz`). Run it from the workspace root; SECONDS per target, 180 by default:
#
#   sh docs/fuzz.sh [SECONDS] [TARGET...]
#
# The corpora in fuzz/corpus/<target>/ grow during the run and are minimised with `cargo fuzz
# cmin` after it, so what is committed stays small. A crash stops its target's run and is left
# in fuzz/artifacts/<target>/: fix the parser, then move the input to fuzz/regressions/<target>/,
# where `cargo test --test integration fuzz_regressions` replays it on stable from then on.
set -eu
seconds=${1:-180}
[ $# -gt 0 ] && shift
targets=${*:-"fen epd uci perftree criterion units"}
cd fuzz
build=$(mktemp)
if ! cargo +nightly fuzz build -O >"$build" 2>&1; then
    cat "$build"
    exit 1
fi
rm -f "$build"

load() {
    cut -d ' ' -f 1-3 /proc/loadavg
}

printf '%-10s %12s %8s %8s  %s\n' target executions corpus crashes "load average before, after"
for target in $targets; do
    mkdir -p "corpus/$target" "seeds/$target" "artifacts/$target"
    before=$(load)
    log=$(mktemp)
    # -timeout: one input running longer than this many seconds is a crash of its own kind.
    # The seeds (hand-written inputs of each kind) are read as a second corpus; what the run
    # finds is written to the first.
    if cargo +nightly fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -timeout=20 \
        -print_final_stats=1 >"$log" 2>&1; then
        crashes=0
    else
        crashes=1
    fi
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cargo +nightly fuzz cmin -O "$target" >/dev/null 2>&1
    corpus=$(find "corpus/$target" -type f | wc -l)
    printf '%-10s %12s %8s %8s  %s; %s\n' "$target" "${executions:-?}" "$corpus" "$crashes" \
        "$before" "$(load)"
    if [ "$crashes" -ne 0 ]; then
        grep -E 'panicked|ERROR|Test unit written to' "$log" | sed 's/^/    /' | head -n 5
    fi
    rm -f "$log"
done
