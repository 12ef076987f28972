#!/usr/bin/env bash
# The servers the tests talk to on loopback: PostgreSQL (5432) and NATS with JetStream (4222).
# Installed from Debian and started when they are not running, as a fresh machine of this kind
# needs. Sourced by scripts/test.sh and scripts/test-containers.sh.

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

port_open() { (echo >"/dev/tcp/127.0.0.1/$1") >/dev/null 2>&1; }

wait_for_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  return 1
}

install_debian_packages() {
  local missing=()
  for package in "$@"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
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

# Prints why and fails when a server is missing and cannot be installed or started.
ensure_test_servers() {
  local packages=()
  port_open 5432 || packages+=(postgresql)
  port_open 4222 || packages+=(nats-server)
  install_debian_packages "${packages[@]}" || { echo "could not install ${packages[*]}" >&2; return 1; }
  start_postgres || { echo "PostgreSQL is not running on 127.0.0.1:5432 and could not be started" >&2; return 1; }
  start_nats || { echo "NATS is not running on 127.0.0.1:4222 and could not be started" >&2; return 1; }
}
