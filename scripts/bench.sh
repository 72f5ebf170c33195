#!/usr/bin/env bash
# npm run bench: provides Node 24, the dependencies and Chromium, then runs the benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-deps.sh
source scripts/ensure-chromium.sh
exec node bench/run.ts "$@"
