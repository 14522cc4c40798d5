#!/usr/bin/env bash
# The Python environment of the Spark routes: target/scale/venv with pyspark from PyPI
# (pinned) and the bitdoku wheel: $BITDOKU_WHEEL when given (.ci/run passes the one
# its embedding section built and tested), else, when crates/python is in the tree, one
# built from it with maturin (crates/python/pyproject.toml selects the unwinding
# `python` profile). Made or brought up to date; prints the environment's python.
#
#   scale/venv.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/scale/venv
if [ ! -x "$venv/bin/pip" ]; then
  rm -rf "$venv"  # none, or one cut short
  python3 -m venv "$venv" 2> /dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv > /dev/null
    python3 -m venv "$venv"
  }
fi
pip() { "$venv/bin/pip" --disable-pip-version-check -q "$@" >&2; }
pip install --no-cache-dir 'pyspark==4.0.1'
if [ -n "${BITDOKU_WHEEL:-}" ]; then
  # A wheel built already (CI's, from this checkout).
  pip install --no-cache-dir --force-reinstall --no-deps "$BITDOKU_WHEEL"
elif [ -f crates/python/pyproject.toml ]; then
  pip install --no-cache-dir 'maturin>=1.9.4,<2'
  rm -rf target/scale/wheels
  "$venv/bin/maturin" build -q --manifest-path crates/python/Cargo.toml --out target/scale/wheels >&2
  pip install --no-cache-dir --force-reinstall --no-deps target/scale/wheels/bitdoku-*.whl
fi
echo "$PWD/$venv/bin/python"
