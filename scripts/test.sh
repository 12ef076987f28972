#!/usr/bin/env bash
# `npm test`: every test of the project, on a fresh machine of this kind too. Installs what the
# tests need beyond npm (Debian packages), starts PostgreSQL and NATS (JetStream) when they are
# not running, builds, type-checks and lints, then runs jest: unit, medium (real servers on
# loopback) and e2e (processes and Chromium). The last line is "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

summary=.test-artifacts/summary.txt
mkdir -p .test-artifacts
rm -f "$summary"

abort() {
  echo "npm test: $*" >&2
  echo "0 passed, 1 failed"
  exit 1
}

source scripts/test-servers.sh

install_debian_packages chromium ffmpeg poppler-utils || abort "could not install the Debian packages the tests need"
ensure_test_servers || abort "PostgreSQL and NATS are needed on loopback"
[ -d node_modules ] || npm ci --no-audit --no-fund || abort "npm ci failed"

echo "building"
npm run build --silent >/dev/null || { npm run build; abort "the build failed"; }
echo "type-checking the tests"
npx tsc -p tsconfig.spec.json || abort "the tests do not type-check"
echo "linting"
npx eslint . || abort "lint failed"

# --forceExit: a failing test that leaves a connection open must not hold the run open.
npx jest --ci --forceExit "$@"
status=$?
[ -s "$summary" ] || abort "jest ended (exit $status) without running the suite"
cat "$summary"
exit $status
