#!/usr/bin/env bash
# One task of a Slurm job array running boardlab work units: task i of n runs shard i/n.
#
#   boardlab units split --depth 8 --ply 4 > units.epd
#   sbatch --array=0-63 deploy/slurm.sh units.epd results
#   boardlab units merge --units units.epd results/*.jsonl
#
# Any array range works (--array=1-64 too): the shard is the task's place in the range. Set
# BOARDLAB to the released binary's path when it is not on the nodes' PATH, HASH_MB for the
# table (default 1024), and LOCK_SEED for the second, independently hashed run (into another
# results directory). A task that fails or is requeued resumes where it stopped.
#
# The workspace builds for x86-64-v3 (AVX2, BMI2, ...): on an older node that binary refuses in
# one line and exits 2. For a cluster with older nodes, build for them all:
#   RUSTFLAGS="-C target-cpu=x86-64" cargo build --release
#
#SBATCH --job-name=boardlab-units
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=12:00:00
#SBATCH --requeue
#SBATCH --output=boardlab-units-%A_%a.log
# A requeued task writes to the same log; appending keeps what the earlier start wrote.
#SBATCH --open-mode=append
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: sbatch --array=0-N $0 UNITS RESULTS_DIR" >&2
  exit 2
fi
: "${SLURM_ARRAY_TASK_ID:?run this script as a job array: sbatch --array=0-N}"
index=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-0}))
count=${SLURM_ARRAY_TASK_COUNT:?Slurm sets SLURM_ARRAY_TASK_COUNT in every array task}

# Which start of the task this is (Slurm counts requeues in SLURM_RESTART_COUNT), so that the
# log shows where a task was started again and resumed.
echo "boardlab-units: shard $index of $count, start $((${SLURM_RESTART_COUNT:-0} + 1))" >&2

options=(--threads "${SLURM_CPUS_PER_TASK:-1}" --hash "${HASH_MB:-1024}")
if [ -n "${LOCK_SEED:-}" ]; then
  options+=(--lock-seed "$LOCK_SEED")
fi
# The job runs from the directory it was submitted in, where deploy/ is.
exec "${SLURM_SUBMIT_DIR:-.}/deploy/run-shard.sh" "$index" "$count" "$1" "$2" "${options[@]}"
