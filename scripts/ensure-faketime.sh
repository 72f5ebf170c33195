#!/usr/bin/env bash
# Source this file: the unit tests run a second time with the clock moved ahead
# (scripts/shifted-clock.sh), which needs libfaketime. Installs Debian's faketime when it
# is missing and apt is usable (CI runs as root), as ensure-chromium.sh does for Chromium.
if ! command -v faketime >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's faketime for the shifted-clock run of the unit tests" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >&2
fi
