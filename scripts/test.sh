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

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

install_debian_packages() {
  local missing=()
  [ -x /usr/lib/chromium/chromium ] || [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v ffmpeg >/dev/null || missing+=(ffmpeg)
  command -v pdftoppm >/dev/null || missing+=(poppler-utils)
  command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || missing+=(nats-server)
  command -v pg_ctlcluster >/dev/null || missing+=(postgresql)
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

port_open() { (echo >"/dev/tcp/127.0.0.1/$1") >/dev/null 2>&1; }

wait_for_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  return 1
}

start_postgres() {
  port_open 5432 && return 0
  echo "starting PostgreSQL"
  for version in $(ls /etc/postgresql); do
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  done
  wait_for_port 5432
}

start_nats() {
  port_open 4222 && return 0
  echo "starting NATS with JetStream"
  as_root mkdir -p /var/lib/nats-server /var/log
  as_root start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  wait_for_port 4222
}

install_debian_packages || abort "could not install the Debian packages the tests need"
start_postgres || abort "PostgreSQL is not running on 127.0.0.1:5432 and could not be started"
start_nats || abort "NATS is not running on 127.0.0.1:4222 and could not be started"
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
