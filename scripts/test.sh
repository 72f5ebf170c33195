#!/usr/bin/env bash
# Runs every test: typecheck, lint, unit and model-based (Vitest), the clock-reading unit
# tests again with the clock moved ahead (libfaketime), end-to-end (Playwright in Chromium),
# after providing Node 24, the dependencies, faketime and Chromium. Prints each stage's time
# at the end (scripts/stages.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-deps.sh
source scripts/ensure-faketime.sh
source scripts/ensure-chromium.sh
exec bash scripts/stages.sh
