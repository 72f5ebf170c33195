#!/usr/bin/env bash
# Starts the app in built-in mode (mock identity provider + mock login service) on
# http://localhost:5173, after providing Node 24 and the dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-deps.sh
exec npm start -- "$@"
