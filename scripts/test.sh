#!/bin/sh
# The whole test suite on a fresh machine: Chromium for the browser tests and Node.js for the site's
# search script (Debian packages, when missing and we may install them), the virtual environment,
# then pytest. Arguments go to pytest.
set -eu
cd "$(dirname "$0")/.."
step() { printf '==> %s\n' "$*"; }
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    step "installing Chromium for the browser tests (apt-get; a minute or two)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "note: the browser tests need Chromium (apt-get install chromium); they will fail without it" >&2
  fi
fi
if ! command -v node >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    step "installing Node.js for the search script's tests (apt-get)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null
  else
    echo "note: the search tests run the site's script with Node.js (apt-get install nodejs); they will fail without it" >&2
  fi
fi
sh scripts/setup-env.sh test
step "running the test suite (pytest; builds the project once first, about 4 minutes in all)"
exec .venv/bin/python -m pytest "$@"
