#!/usr/bin/env bash
# The test stages (`npm test`), stopping at the first that fails; at the end, pass or fail,
# how long each took. scripts/test.sh runs this after providing Node, the dependencies,
# faketime and Chromium.
#
# The typecheck and the lint each use one core: they run side by side, each with its output
# kept and printed whole once both are done. The package's checks come after them, not beside:
# packing builds the package's dist/, whose declarations the typecheck reads. The unit passes
# and the end-to-end tests use every core, so they run one after another.
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
report() {
  echo
  echo "Stage times:"
  for line in "${timings[@]}"; do echo "  $line"; done
}
trap report EXIT

timing() { # stage, seconds, status
  timings+=("$(printf '%-24s %4d s' "$1" "$2")$( (($3 == 0)) || echo '  (failed)')")
}

side_by_side() { # stages...
  local dir stage status seconds failed=0
  dir=$(mktemp -d)
  for stage in "$@"; do
    (
      started=$(date +%s)
      status=0
      npm run "$stage" >"$dir/$stage.log" 2>&1 || status=$?
      echo "$status $(($(date +%s) - started))" >"$dir/$stage.result"
    ) &
  done
  wait
  for stage in "$@"; do
    cat "$dir/$stage.log"
    read -r status seconds <"$dir/$stage.result"
    timing "$stage" "$seconds" "$status"
    ((status == 0)) || failed=$status
  done
  rm -rf "$dir"
  ((failed == 0)) || exit "$failed"
}

one() { # stage
  local started status=0
  started=$(date +%s)
  npm run "$1" || status=$?
  timing "$1" "$(($(date +%s) - started))" "$status"
  ((status == 0)) || exit "$status"
}

side_by_side typecheck lint
one package:check
one test:unit
one test:unit:shifted-clock
one test:e2e
