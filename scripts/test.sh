#!/usr/bin/env bash
# `npm test`: every test of the project, on a fresh machine of this kind too. Installs what the
# tests need beyond npm (Debian packages), starts PostgreSQL and NATS (JetStream) when they are
# not running, builds, type-checks and lints, then runs the SPA's unit tests (vitest) and jest:
# unit, medium (real servers on loopback) and e2e (processes and Chromium). The last line is
# "N passed, N failed" over both.
set -uo pipefail
cd "$(dirname "$0")/.."

summary=.test-artifacts/summary.txt
spa_summary=.test-artifacts/summary-spa.txt
mkdir -p .test-artifacts
rm -f "$summary" "$spa_summary"

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

echo "running the SPA's unit tests"
npm run -s test:spa
spa_status=$?
[ -s "$spa_summary" ] || abort "vitest ended (exit $spa_status) without running the SPA's tests"

# --forceExit: a failing test that leaves a connection open must not hold the run open.
npx jest --ci --forceExit "$@"
status=$?
[ -s "$summary" ] || abort "jest ended (exit $status) without running the suite"

# One line for both runs, written where CI reads it.
passed=0 failed=0 skipped=0
for line in "$(tail -n 1 "$summary")" "$(tail -n 1 "$spa_summary")"; do
  [[ "$line" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]] || abort "unreadable summary: $line"
  passed=$((passed + BASH_REMATCH[1]))
  failed=$((failed + BASH_REMATCH[2]))
  skipped=$((skipped + ${BASH_REMATCH[4]:-0}))
done
echo "$passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo ", $skipped skipped")" >"$summary"
cat "$summary"
[ "$status" -eq 0 ] && [ "$spa_status" -eq 0 ]
