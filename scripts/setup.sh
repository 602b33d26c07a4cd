#!/usr/bin/env bash
# Create .venv (if needed) and install napkifu into it (editable); EXTRAS=dev adds the
# test tools. Quick and quiet when nothing changed: pip runs only when pyproject.toml
# (the package's whole description) or the extras asked for differ from the last run.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
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
