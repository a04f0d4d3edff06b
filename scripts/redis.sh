#!/usr/bin/env bash
# Prints a reachable REDIS_URL: the given one, or one on 127.0.0.1:6379, or a redis-server
# started here on port 6399 (its data in a temporary folder, nothing kept on disk).
set -euo pipefail
cd "$(dirname "$0")/.."
url=${1:-redis://127.0.0.1:6379/0}
reachable() { .venv/bin/python -c "import redis,sys; redis.Redis.from_url(sys.argv[1], socket_timeout=2).ping()" "$1" 2>/dev/null; }
if reachable "$url"; then echo "$url"; exit 0; fi
fallback="redis://127.0.0.1:6399/${url##*/}"
if ! reachable "$fallback"; then
  server=$(command -v redis-server || true)
  if [ -z "$server" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    (apt-get update -qq && apt-get install -y -qq redis-server) >&2
    server=$(command -v redis-server || true)
  fi
  [ -n "$server" ] || { echo "no Redis at $url and no redis-server to start: install Redis (apt-get install redis-server)" >&2; exit 1; }
  dir=$(mktemp -d)
  "$server" --daemonize yes --bind 127.0.0.1 --port 6399 --save "" --appendonly no --dir "$dir" --pidfile "$dir/redis.pid" >&2
  for _ in $(seq 50); do reachable "$fallback" && break; sleep 0.1; done
fi
echo "$fallback"
