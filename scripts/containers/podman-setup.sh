#!/usr/bin/env bash
# Podman on a machine of this kind (a VM without systemd, whose root may not raise resource
# limits, with hybrid cgroups): installs Podman, runc, debootstrap, docker-compose and the CNI
# dnsname plugin (containers of a compose network find each other by service name) from Debian
# when missing, and configures Podman to run there. Sourced by scripts/test-containers.sh.

# as_root and install_debian_packages come from scripts/test-servers.sh, sourced first.

install_container_tools() {
  install_debian_packages podman runc debootstrap docker-compose \
    golang-github-containernetworking-plugin-dnsname
}

# crun cannot raise RLIMIT_NOFILE in this VM and refuses its hybrid cgroups; runc works. Without
# systemd, events go to a file and cgroups are managed directly.
configure_podman() {
  local conf=/etc/containers/containers.conf
  if [ -f "$conf" ] && grep -q 'runtime = "runc"' "$conf"; then return 0; fi
  if [ -f "$conf" ]; then
    echo "npm run test:containers: $conf exists without runtime = \"runc\"; leaving it as it is" >&2
    return 0
  fi
  echo "configuring Podman ($conf)"
  as_root mkdir -p /etc/containers
  as_root tee "$conf" >/dev/null <<'CONF'
# Written by ChatExhibit's scripts/containers/podman-setup.sh for a VM without systemd.
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
}
