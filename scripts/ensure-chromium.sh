#!/usr/bin/env bash
# Playwright cannot download its own browser here: use Debian's Chromium, installing it
# when it is missing and apt is usable (CI runs as root).
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's chromium for the end-to-end tests" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
fi
