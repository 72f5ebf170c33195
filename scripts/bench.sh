#!/usr/bin/env bash
# npm run bench: provides Node 24, the dependencies and Chromium, then runs the benchmark
# (bench/playwright.config.ts starts the servers). Flags: --runs N, --latency MS,
# --proof-delay MS, --prover-runs N, --cycles N, --skip-build, --revalidate-assets, --redirect-providers.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-deps.sh
source scripts/ensure-chromium.sh
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) export BENCH_RUNS="$2"; shift 2 ;;
    --latency) export BENCH_LATENCY_MS="$2"; shift 2 ;;
    --proof-delay) export BENCH_PROOF_DELAY_MS="$2"; shift 2 ;;
    --prover-runs) export BENCH_PROVER_RUNS="$2"; shift 2 ;;
    --cycles) export BENCH_CYCLES="$2"; shift 2 ;;
    --skip-build) export BENCH_SKIP_BUILD=1; shift ;;
    --revalidate-assets) export BENCH_REVALIDATE_ASSETS=1; shift ;;
    --redirect-providers) export BENCH_REDIRECT_PROVIDERS=1; shift ;;
    *) echo "npm run bench: unknown flag $1 (use --runs, --latency, --proof-delay, --prover-runs, --cycles, --skip-build, --revalidate-assets, --redirect-providers)" >&2; exit 2 ;;
  esac
done
exec npx playwright test --config bench/playwright.config.ts
