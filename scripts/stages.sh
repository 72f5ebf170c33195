#!/usr/bin/env bash
# The test stages (`npm test`), one after another, stopping at the first that fails; at the
# end, pass or fail, how long each took. scripts/test.sh runs this after providing Node,
# the dependencies, faketime and Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

STAGES=(typecheck lint test:unit test:unit:shifted-clock test:e2e)
timings=()
report() {
  echo
  echo "Stage times:"
  for line in "${timings[@]}"; do echo "  $line"; done
}
trap report EXIT
for stage in "${STAGES[@]}"; do
  started=$(date +%s)
  status=0
  npm run "$stage" || status=$?
  timings+=("$(printf '%-24s %4d s' "$stage" "$(($(date +%s) - started))")$( ((status == 0)) || echo '  (failed)')")
  ((status == 0)) || exit "$status"
done
