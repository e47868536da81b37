#!/usr/bin/env bash
# Runs one shard of boardlab work units and appends its results to the shard's own file, so that
# a task that is killed and started again (a Slurm requeue, a Kubernetes pod retry) skips the
# units it already finished.
#
#   deploy/run-shard.sh INDEX COUNT UNITS RESULTS_DIR [more `boardlab units run` options]
#
# INDEX counts from 0 to COUNT-1. The boardlab binary is $BOARDLAB, or `boardlab` on PATH.
# Results go to RESULTS_DIR/shard-INDEX.jsonl; `boardlab units merge --units UNITS
# RESULTS_DIR/*.jsonl` sums them once every shard is done.
set -euo pipefail

if [ $# -lt 4 ]; then
  echo "usage: $0 INDEX COUNT UNITS RESULTS_DIR [boardlab units run options]" >&2
  exit 2
fi
index=$1 count=$2 units=$3 results=$4
shift 4
boardlab=${BOARDLAB:-boardlab}

mkdir -p "$results"
out="$results/shard-$index.jsonl"
touch "$out"
# A run killed while writing leaves its last line without a newline; end it, so the first line
# of this run starts a line of its own.
if [ -s "$out" ] && [ -n "$(tail -c 1 "$out")" ]; then
  echo >>"$out"
fi
exec "$boardlab" units run "$units" --shard "$index/$count" --done "$out" "$@" >>"$out"
