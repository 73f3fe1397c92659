#!/bin/sh
# The whole test suite on a fresh machine: Chromium for the browser tests and Node.js for the site's
# search script (Debian packages, when missing and we may install them), the virtual environment,
# then pytest. Arguments go to pytest.
set -eu
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "note: the browser tests need Chromium (apt-get install chromium); they will fail without it" >&2
  fi
fi
if ! command -v node >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null
  else
    echo "note: the search tests run the site's script with Node.js (apt-get install nodejs); they will fail without it" >&2
  fi
fi
python3 -m venv .venv
.venv/bin/pip install -q -c requirements.lock -e '.[test]'
exec .venv/bin/python -m pytest "$@"
