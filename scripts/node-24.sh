#!/usr/bin/env bash
# Makes `node` Node 24 (the project's version, .nvmrc) for the commands that follow it: the README's
# two commands and .ci/run start here. Where the machine's Node is older, Node 24 comes from the
# npm registry (the package node-<platform>-<arch>@24, a binary inside a registry package) into
# /usr/local, which comes before /usr on PATH: the system's own node is left as it is. Without the
# right to write there, it stops at once with the one command to run.
set -euo pipefail

want="$(tr -d '[:space:]v' < "$(dirname "$0")/../.nvmrc")"
prefix=/usr/local

major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(major)" -ge "$want" ]; then
  echo "Node $(node --version) ($(command -v node))"
  exit 0
fi

package="node-$(node -p 'process.platform')-$(node -p 'process.arch')@$want"
install="npm install --global --prefix $prefix --no-audit --no-fund $package"
if [ ! -w "$prefix/bin" ] && [ ! -w "$prefix" ]; then
  echo "This project runs on Node $want; this machine's node is $(node --version)." >&2
  echo "Install Node $want beside it (or run \`nvm install\`, which reads .nvmrc), then run the command again:" >&2
  echo "" >&2
  echo "  sudo $install" >&2
  exit 1
fi

echo "Node $(node --version) is older than $want: $install"
$install
hash -r
if [ "$(command -v node)" != "$prefix/bin/node" ] || [ "$(major)" -lt "$want" ]; then
  echo "Node $want is in $prefix/bin, but \`node\` is still $(command -v node): put $prefix/bin first on PATH." >&2
  exit 1
fi
echo "Node $(node --version) ($(command -v node))"
