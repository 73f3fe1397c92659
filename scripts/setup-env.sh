#!/bin/sh
# The virtual environment .venv with the pinned dependencies (requirements.lock), for serve.sh
# ("run") and test.sh ("test", which adds the test tools). pip runs only when the lock, pyproject.toml
# or the wanted set changed since the last install: a stamp in .venv records what was installed.
set -eu
cd "$(dirname "$0")/.."
wanted=${1:-run}
step() { printf '==> %s\n' "$*"; }
digest=$(cat requirements.lock pyproject.toml | sha256sum | cut -d' ' -f1)
if [ ! -x .venv/bin/python ]; then
  step "creating the virtual environment .venv"
  python3 -m venv .venv
fi
# the test set includes the run set, so a test install serves both
if [ "$(cat .venv/.installed-test 2>/dev/null)" = "$digest" ] ||
   { [ "$wanted" = run ] && [ "$(cat .venv/.installed-run 2>/dev/null)" = "$digest" ]; }; then
  step "dependencies already installed from this requirements.lock (skipping pip)"
  exit 0
fi
rm -f .venv/.installed-run .venv/.installed-test
if [ "$wanted" = test ]; then
  step "installing the pinned dependencies and the test tools (first time: about a minute)"
  .venv/bin/pip install -q --disable-pip-version-check -c requirements.lock -e '.[test]'
else
  step "installing the pinned dependencies (first time: about a minute)"
  .venv/bin/pip install -q --disable-pip-version-check -c requirements.lock -e .
fi
echo "$digest" > ".venv/.installed-$wanted"
