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
cat > "$file" <<ENV
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
# TRUST_PROXY=1
ENV
echo "compose-env: wrote $file (mode 0600). Set payments in it, then: docker compose up --build -d"
