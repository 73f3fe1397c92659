#!/bin/sh
# Build everything and serve it: the site on :8000, Datasette on :8001 (arguments go to kb serve).
set -eu
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install -q -c requirements.lock -e .
exec .venv/bin/kb serve "$@"
