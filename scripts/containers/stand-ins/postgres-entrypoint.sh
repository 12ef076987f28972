#!/bin/sh
# First start: create the cluster, the user and the database the way the official image does,
# on a private socket so that nothing (the healthcheck included) sees the server before then.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
: "${POSTGRES_PASSWORD:?the postgres stand-in needs POSTGRES_PASSWORD}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --username="$POSTGRES_USER" --pwfile="$password_file" --auth-local=trust \
    --auth-host=scram-sha-256 --pgdata="$PGDATA" >/dev/null
  rm -f "$password_file"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  init_socket=$(mktemp -d)
  pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses='' -c unix_socket_directories=$init_socket" \
    --wait start >/dev/null
  if [ "$POSTGRES_DB" != postgres ]; then
    createdb --host="$init_socket" --username="$POSTGRES_USER" "$POSTGRES_DB"
  fi
  pg_ctl --pgdata="$PGDATA" --mode=fast --wait stop >/dev/null
  rmdir "$init_socket"
fi
exec postgres -D "$PGDATA"
