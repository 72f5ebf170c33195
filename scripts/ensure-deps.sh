#!/usr/bin/env bash
# Source this file after ensure-node.sh: installs the locked dependencies when they are
# missing or older than the lockfile.
_project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -d "$_project_root/node_modules" ] || [ "$_project_root/package-lock.json" -nt "$_project_root/node_modules/.package-lock.json" ]; then
  (cd "$_project_root" && npm ci --no-audit --no-fund)
fi
