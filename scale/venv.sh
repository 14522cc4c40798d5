#!/usr/bin/env bash
# The Python environment of the Spark routes: target/scale/venv with pyspark from PyPI
# (pinned), made or brought up to date. Prints the environment's python.
#
#   scale/venv.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/scale/venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" 2> /dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv > /dev/null
    python3 -m venv "$venv"
  }
fi
"$venv/bin/pip" install --no-cache-dir -q --disable-pip-version-check 'pyspark==4.0.1' >&2
echo "$PWD/$venv/bin/python"
