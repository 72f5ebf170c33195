#!/usr/bin/env bash
# Runs a command with the wall clock moved (libfaketime), so that a test whose outcome
# depends on the day it runs fails now, not on the day its fixed "future" runs out.
#
#   bash scripts/shifted-clock.sh npx vitest run                  # 3,000 days ahead
#   CLOCK_SHIFT=+400d bash scripts/shifted-clock.sh npx vitest run
#   CLOCK_SHIFT='@2028-02-29 23:59:30' bash scripts/shifted-clock.sh npx vitest run
#
# CLOCK_SHIFT is libfaketime's: an offset (+400d) or '@' and a start that goes on ticking.
# Only the wall clock moves (FAKETIME_DONT_FAKE_MONOTONIC): timers and performance.now()
# keep their real pace. The default reaches far, so that a fixed date written into a test
# fails here as long as it is less than about eight years ahead.
set -euo pipefail
shift_spec="${CLOCK_SHIFT:-+3000d}"
if ! command -v faketime >/dev/null 2>&1; then
  echo "The shifted-clock run needs libfaketime: apt-get install faketime (scripts/test.sh installs it as root)." >&2
  exit 1
fi
export FAKETIME_DONT_FAKE_MONOTONIC=1
# A run whose clock did not move proves nothing: check that Node itself sees the shift.
real=$(date +%s)
wanted=$(faketime -f "$shift_spec" date +%s)
seen=$(faketime -f "$shift_spec" node -e 'console.log(Math.floor(Date.now() / 1000))')
if (( seen - wanted > 5 || wanted - seen > 5 || (seen - real < 3600 && real - seen < 3600) )); then
  echo "faketime did not move Node's clock (real $real, wanted $wanted, Node saw $seen)" >&2
  exit 1
fi
echo "Clock moved to $(date -u -d "@$seen" '+%Y-%m-%d %H:%M:%S UTC') ($shift_spec) for: $*" >&2
exec faketime -f "$shift_spec" "$@"
