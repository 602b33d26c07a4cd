#!/usr/bin/env bash
# Create .venv (if needed) and install napkifu into it; EXTRAS=dev adds the test tools.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
spec="."
[ -n "${EXTRAS:-}" ] && spec=".[${EXTRAS}]"
.venv/bin/python -m pip install -q --disable-pip-version-check -e "$spec"
