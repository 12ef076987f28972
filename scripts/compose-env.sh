#!/bin/sh
# Writes .env for docker-compose.yml once: a random value for every secret the compose file
# demands, readable by you only. It never overwrites an existing .env (your secrets, and data
# encrypted or signed with them, would be lost); delete it first to start over.
#
#   sh scripts/compose-env.sh [file]      (default: .env next to docker-compose.yml)
set -eu
cd "$(dirname "$0")/.."
file="${1:-.env}"
if [ -e "$file" ]; then
  echo "compose-env: $file exists already; nothing written (delete it first to make new secrets)." >&2
  exit 1
fi
# 32 random bytes in hex: 256 bits, and safe inside the URLs compose builds from them.
random_hex() { od -An -tx1 -N32 /dev/urandom | tr -d ' \n'; }
umask 077
# Written aside and moved into place at the end: a failed run leaves no half .env behind.
partial="$file.partial"
trap 'rm -f "$partial" "$partial.nats"' EXIT
# Each part's NATS key and the server's authorization, from the tool in the image (npm run
# nats-auth): built first, so nothing but Docker is needed here.
image="chatexhibit/chatexhibit:${CHATEXHIBIT_TAG:-local}"
echo "compose-env: building $image for its nats-auth tool…" >&2
docker build -q -t "$image" . > /dev/null
docker run --rm --entrypoint node "$image" services/kit/dist/cli/nats-auth-cli.js \
  --env --prefix "${NATS_PREFIX:-chatexhibit}" > "$partial.nats"
cat > "$partial" <<ENV
# Made by scripts/compose-env.sh on $(date -u +%Y-%m-%d). Secret: never commit it (.gitignore keeps it out).
LINK_SIGNING_SECRET=$(random_hex)
SUPPORT_TOKEN=$(random_hex)
POSTGRES_PASSWORD=$(random_hex)
MINIO_ROOT_PASSWORD=$(random_hex)
# Payments: Stripe's keys (docs/payments.md), or, for a trial only, the local test checkout:
# STRIPE_SECRET_KEY=sk_live_...
# STRIPE_WEBHOOK_SECRET=whsec_...
# TEST_CHECKOUT=true
# Behind a reverse proxy that publishes the app: CHATEXHIBIT_BIND and the proxies to believe.
# CHATEXHIBIT_BIND=127.0.0.1
# TRUST_PROXY=loopback   (the proxy's address or CIDR range; a hop count believes any peer)
ENV
cat "$partial.nats" >> "$partial"
rm -f "$partial.nats"
mv "$partial" "$file"
echo "compose-env: wrote $file (mode 0600). Set payments in it, then: docker compose up --build -d"
