#!/usr/bin/env bash
# CI: GNU parallel over ssh for real (scale/ssh_parallel.sh): an sshd on 127.0.0.1 with
# throwaway keys, the binary shipped with --basefile, the public top1465 set with hostile
# lines mixed in, output byte-identical to a direct run. Installs what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== GNU parallel over ssh (an sshd on 127.0.0.1, the binary shipped with --basefile)"
missing=()
command -v parallel > /dev/null || missing+=(parallel)
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
command -v ssh > /dev/null || missing+=(openssh-client)
command -v rsync > /dev/null || missing+=(rsync)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  # Installing openssh-server must not start a system sshd on every interface: a
  # policy-rc.d that denies service starts, for the install only, unless one exists.
  policy=/usr/sbin/policy-rc.d
  if [ -e "$policy" ]; then policy=; else
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy"
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
  [ -z "$policy" ] || rm -f "$policy"
  trap - EXIT
fi

# The binary CI built (BITDOKU_BIN, from .ci/run), or the release build.
bin=${BITDOKU_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release -q -p bitdoku
  bin=${CARGO_TARGET_DIR:-target}/release/bitdoku
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scale/mixed_input.sh ../shared/puzzles/magictour-top1465.txt "$tmp/mixed.txt" > /dev/null
scale/ssh_parallel.sh "$bin" "$tmp/mixed.txt" 16k
