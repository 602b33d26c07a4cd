#!/usr/bin/env bash
# Set up (venv + napkifu) and check every record in sample_records/.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
exec .venv/bin/napkifu check sample_records/ "$@"
