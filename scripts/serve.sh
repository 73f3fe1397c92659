#!/bin/sh
# Build everything and serve it: the site on :8000, Datasette on :8001 (arguments go to kb serve).
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup-env.sh run
printf '==> %s\n' "kb serve: builds first if anything changed, then serves until Ctrl-C"
exec .venv/bin/kb serve "$@"
