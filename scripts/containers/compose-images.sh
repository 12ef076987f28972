#!/usr/bin/env bash
# The third-party images docker-compose.yml names (PostgreSQL, NATS, MinIO, mc, Mailpit). Pulled
# when a registry answers; otherwise built here as stand-ins from Debian's packages and npm
# (scripts/containers/stand-ins), tagged with the very names the compose file uses, so that it
# runs unchanged. Stand-ins carry the label org.chatexhibit.stand-in=true and are made once for
# each version of their Containerfile (the label org.chatexhibit.stand-in-source holds its hash):
# a machine that made one before its Containerfile changed makes it again.
# Sourced by scripts/test-containers.sh after base-images.sh.

STAND_INS=scripts/containers/stand-ins

locked_version() {
  node -p "require('./package-lock.json').packages['node_modules/$1'].version"
}

# What a stand-in is made from: its Containerfile's hash and the stage it builds.
stand_in_source() {
  echo "$(sha256sum "$STAND_INS/$1" | cut -c1-16)${2:+-$2}"
}

build_stand_in() {
  local image=$1 containerfile=$2 target=${3:-}
  local log=.test-artifacts/stand-in-$(basename "$containerfile" .Containerfile)${target:+-$target}.log
  echo "making $image as a stand-in (no registry answered)"
  if ! podman build --pull=never --format docker -f "$STAND_INS/$containerfile" ${target:+--target "$target"} \
    --build-arg "DEBIAN_IMAGE=$DEBIAN_STAND_IN" \
    --build-arg "NODE_IMAGE=docker.io/library/node:$(node -p 'process.versions.node.split(".")[0]')-bookworm" \
    --build-arg "S3RVER_VERSION=$(locked_version s3rver)" \
    --build-arg "MINIO_CLIENT_VERSION=$(locked_version minio)" \
    --build-arg "SMTP_SERVER_VERSION=$(locked_version smtp-server)" \
    --label "org.chatexhibit.stand-in-source=$(stand_in_source "$containerfile" "$target")" \
    -t "$image" "$STAND_INS" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    return 1
  fi
}

# The fully qualified name Podman gives a compose image reference (short names are Docker Hub's).
qualified() {
  case $1 in
    */*/*) echo "$1" ;;
    */*) echo "docker.io/$1" ;;
    *) echo "docker.io/library/$1" ;;
  esac
}

ensure_compose_images() {
  local reference image stand_in
  for reference in $(awk '$1 == "image:" && $2 !~ /chatexhibit/ { print $2 }' docker-compose.yml); do
    image=$(qualified "$reference")
    case $image in
      docker.io/library/postgres:*) stand_in="postgres.Containerfile" ;;
      docker.io/library/nats:*) stand_in="nats.Containerfile" ;;
      */minio/minio:*) stand_in="node-tools.Containerfile minio" ;;
      */minio/mc:*) stand_in="node-tools.Containerfile mc" ;;
      */mailpit:*) stand_in="node-tools.Containerfile mailpit" ;;
      *) stand_in="" ;;
    esac
    # A stand-in made from an older Containerfile goes, to be made again below.
    if [ -n "$stand_in" ] && [ "$(podman image inspect --format '{{ index .Labels "org.chatexhibit.stand-in" }}' "$image" 2>/dev/null)" = true ] &&
      [ "$(podman image inspect --format '{{ index .Labels "org.chatexhibit.stand-in-source" }}' "$image")" != "$(stand_in_source $stand_in)" ]; then
      podman rmi --force "$image" >/dev/null || return 1
    fi
    present_or_pulled "$image" && continue
    if [ -z "$stand_in" ]; then
      echo "no stand-in is known for $image, and it could not be pulled" >&2
      return 1
    fi
    make_debian_stand_in || return 1
    # shellcheck disable=SC2086 # the Containerfile and, where it has stages, the stage
    build_stand_in "$image" $stand_in || return 1
  done
}
