#!/usr/bin/env bash
# Create .venv (if needed) and install napkifu into it (editable); EXTRAS=dev adds the
# test tools. Quick and quiet when nothing changed: pip runs only when pyproject.toml
# (the package's whole description) or the extras asked for differ from the last run.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
# --- analysis engine (issue 30): the Rust double-dummy solver in solver/, a PyO3
# extension built by maturin (pip fetches it) into .venv as module napkifu_solver.
# Rebuilt only when its sources change (a hash of them is stamped in .venv).
solver_stamp=.venv/.napkifu-solver
solver_hash="$(cat solver/Cargo.toml solver/Cargo.lock solver/pyproject.toml solver/src/*.rs | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$solver_stamp" 2>/dev/null || true)" != "$solver_hash" ] \
  || ! .venv/bin/python -c 'import napkifu_solver' 2>/dev/null; then
  echo "building the analysis engine (Rust; the first time takes a minute or two)…" >&2
  solver_log="$(mktemp)"
  if ! .venv/bin/python -m pip install -q --disable-pip-version-check ./solver >"$solver_log" 2>&1; then
    cat "$solver_log" >&2; rm -f "$solver_log"
    echo "setup failed: the analysis engine (solver/, Rust) did not build (see above)" >&2
    exit 1
  fi
  rm -f "$solver_log"
  echo "$solver_hash" >"$solver_stamp"
fi
# --- end of the analysis engine's block
spec="."
[ -n "${EXTRAS:-}" ] && spec=".[${EXTRAS}]"
stamp=.venv/.napkifu-setup
hash="$(sha256sum pyproject.toml | cut -d' ' -f1)"
have="$(cat "$stamp" 2>/dev/null || true)"
# (an install with extras also serves a plain one)
if { [ "$have" = "$hash $spec" ] || { [ "$spec" = "." ] && [ "${have%% *}" = "$hash" ]; }; } \
  && .venv/bin/python -c 'import napkifu' 2>/dev/null; then
  exit 0
fi
echo "setting up .venv (napkifu${EXTRAS:+[$EXTRAS]})…" >&2
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! .venv/bin/python -m pip install -q --disable-pip-version-check -e "$spec" >"$log" 2>&1; then
  cat "$log" >&2
  echo "setup failed: pip could not install napkifu (see above)" >&2
  exit 1
fi
.venv/bin/napkifu --version >&2
echo "$hash $spec" >"$stamp"
