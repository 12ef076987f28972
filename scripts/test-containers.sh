#!/usr/bin/env bash
# `npm run test:containers`: the images as operators run them, built and run with Podman on this
# machine (no image registry needed). Installs and configures Podman and docker-compose when
# missing, pulls the base images and the compose file's third-party images or makes stand-ins
# (scripts/containers/base-images.sh, compose-images.sh), builds the ChatExhibit image, then runs
# test/containers with jest: the image as standalone and as one service against the local
# PostgreSQL and NATS (started when they are not running), and the whole compose stack. The
# last line is "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/test-servers.sh
source scripts/containers/podman-setup.sh
source scripts/containers/base-images.sh
source scripts/containers/compose-images.sh

summary=.test-artifacts/summary-containers.txt
mkdir -p .test-artifacts
rm -f "$summary"

abort() {
  echo "npm run test:containers: $*" >&2
  echo "0 passed, 1 failed" | tee "$summary"
  exit 1
}

IMAGE=localhost/chatexhibit/chatexhibit:local

ensure_test_servers || abort "PostgreSQL and NATS are needed on loopback"
install_container_tools || abort "could not install Podman (apt-get install podman runc debootstrap docker-compose)"
configure_podman || abort "could not configure Podman"
started=$(date +%s)
ensure_base_images || abort "no base image could be pulled or made"
ensure_compose_images || abort "an image of docker-compose.yml could be neither pulled nor made"
echo "building $IMAGE"
log=.test-artifacts/build.log
# --format docker keeps HEALTHCHECK (the OCI format drops it); --pull=never uses the local base
# images, pulled or made above.
# SOURCE_COMMIT: the image has no .git; the revision its packages name comes from here.
source_commit="$(git rev-parse HEAD)$([ -z "$(git status --porcelain)" ] || echo -dirty)"
if ! podman build --pull=never --format docker --build-arg SOURCE_COMMIT="$source_commit" -t "$IMAGE" . >"$log" 2>&1; then
  tail -n 30 "$log" >&2
  abort "the image did not build (all of it in $log)"
fi
echo "images ready in $(($(date +%s) - started)) s"

npx jest -c jest.containers.config.js --ci --forceExit "$@"
status=$?
[ -s "$summary" ] || abort "jest ended (exit $status) without running the container tests"
cat "$summary"
exit $status
