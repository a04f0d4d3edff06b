#!/usr/bin/env bash
# Runs every test: real PostgreSQL (DATABASE_URL, or the embedded one), a real Redis broker,
# real Celery workers and a real headless Chromium. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium for the browser tests" >&2
  (apt-get update -qq && apt-get install -y -qq chromium) >&2
fi
# Tests use their own Redis database (9) and empty it: never the application's.
export REDIS_URL=$(scripts/redis.sh "${TEST_REDIS_URL:-redis://127.0.0.1:6379/9}")
export DEBUG=1 LEDGER_REDIS_CACHE=0
# The embedded PostgreSQL (no DATABASE_URL) that this run starts, it stops on the way out.
if [ -z "${DATABASE_URL:-}" ] && ! .venv/bin/python -m ledger_site.embedded_db running; then
  trap '.venv/bin/python -m ledger_site.embedded_db stop' EXIT
  trap 'exit 130' INT TERM
fi
status=0
.venv/bin/python -m pytest "$@" || status=$?
# pytest exits 5 when a selection ran no test: that is a failure here too.
exit $status
