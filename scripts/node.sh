#!/usr/bin/env bash
# Runs a TypeScript entry point with Node >= 22.18 (type stripping without a flag), providing Node 24
# when the system one is older: `bash scripts/node.sh bench/run.ts --runs 7`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-deps.sh
exec node "$@"
