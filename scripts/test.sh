#!/usr/bin/env bash
# Set up (venv + napkifu[dev]) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS=dev ./scripts/setup.sh
exec .venv/bin/python -m pytest "$@"
