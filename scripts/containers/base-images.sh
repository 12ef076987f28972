#!/usr/bin/env bash
# The base images the Dockerfile starts FROM (node:20-bookworm, node:20-bookworm-slim). Pulled
# when a registry answers; otherwise made here as stand-ins: Debian bookworm from the machine's
# own apt mirror (debootstrap) with this machine's Node.js copied in. Stand-ins carry the label
# org.chatexhibit.stand-in=true. Made once: a later run reuses them. Sourced by
# scripts/test-containers.sh.

STAND_IN_LABEL=org.chatexhibit.stand-in=true
DEBIAN_STAND_IN=localhost/chatexhibit-stand-in/debian:bookworm

# True when the image is here already, or a registry gave it now.
present_or_pulled() {
  podman image exists "$1" && return 0
  timeout 60 podman pull --quiet "$1" >/dev/null 2>&1 || return 1
  echo "pulled $1"
}

debian_mirror() {
  awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null |
    grep . || echo http://deb.debian.org/debian
}

make_debian_stand_in() {
  podman image exists "$DEBIAN_STAND_IN" && return 0
  echo "making a Debian bookworm base image with debootstrap (no registry answered)"
  local rootfs
  rootfs=$(mktemp -d /tmp/chatexhibit-rootfs-XXXXXX) || return 1
  if ! debootstrap --variant=minbase bookworm "$rootfs" "$(debian_mirror)" >/tmp/chatexhibit-debootstrap.log 2>&1; then
    tail -n 20 /tmp/chatexhibit-debootstrap.log >&2
    rm -rf "$rootfs"
    return 1
  fi
  # The machine's apt sources (its mirror, possibly a snapshot whose Release files have expired).
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    rm -f "$rootfs/etc/apt/sources.list"
    cp /etc/apt/sources.list.d/debian.sources "$rootfs/etc/apt/sources.list.d/"
  fi
  echo 'Acquire::Check-Valid-Until "false";' >"$rootfs/etc/apt/apt.conf.d/99chatexhibit-no-valid-until"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar --numeric-owner -C "$rootfs" -c . |
    podman import --change 'CMD ["bash"]' --change "LABEL $STAND_IN_LABEL" - "$DEBIAN_STAND_IN" >/dev/null
  local status=$?
  rm -rf "$rootfs" /tmp/chatexhibit-debootstrap.log
  return $status
}

# node:<major>-bookworm[-slim] as Debian plus this machine's node binary and npm. The build
# variant also trusts the machine's extra certificate authorities (a TLS-inspecting proxy between
# npm and the registry); the slim one, which runtime images start from, does not.
make_node_stand_in() {
  local image=$1 with_build_trust=$2
  local context
  context=$(mktemp -d /tmp/chatexhibit-node-image-XXXXXX) || return 1
  local node_bin npm_dir
  node_bin=$(command -v node)
  npm_dir=$(dirname "$(dirname "$node_bin")")/lib/node_modules/npm
  cp "$node_bin" "$context/node"
  cp -r "$npm_dir" "$context/npm"
  : >"$context/extra-ca.pem"
  if [ "$with_build_trust" = yes ]; then
    cat /usr/local/share/ca-certificates/*.crt >"$context/extra-ca.pem" 2>/dev/null || true
  fi
  cat >"$context/Containerfile" <<CONTAINERFILE
FROM $DEBIAN_STAND_IN
LABEL $STAND_IN_LABEL
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY extra-ca.pem /usr/local/share/chatexhibit-extra-ca.pem
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
$([ "$with_build_trust" = yes ] && [ -s "$context/extra-ca.pem" ] && echo 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/chatexhibit-extra-ca.pem')
CMD ["node"]
CONTAINERFILE
  podman build --pull=never --quiet --format docker -t "$image" "$context" >/dev/null
  local status=$?
  rm -rf "$context"
  return $status
}

ensure_base_images() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  local build_image=docker.io/library/node:${major}-bookworm
  local runtime_image=docker.io/library/node:${major}-bookworm-slim
  for image in "$build_image" "$runtime_image"; do
    present_or_pulled "$image" && continue
    make_debian_stand_in || return 1
    local trust=no
    [ "$image" = "$build_image" ] && trust=yes
    echo "making $image as a stand-in (this machine's Node.js $(node --version) on Debian bookworm)"
    make_node_stand_in "$image" "$trust" || return 1
  done
}
