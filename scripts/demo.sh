#!/usr/bin/env bash
# Runs Stance Ledger on its demo story at http://127.0.0.1:8000/ : embedded PostgreSQL when
# DATABASE_URL is unset, a Celery worker on Redis to ingest the articles, then the server.
# On the way out (Ctrl-C too) it stops the worker, and the embedded PostgreSQL if it started it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export DEBUG=${DEBUG:-1}
export REDIS_URL=$(scripts/redis.sh "${REDIS_URL:-redis://127.0.0.1:6379/0}")
py=.venv/bin/python
started_db=
if [ -z "${DATABASE_URL:-}" ] && ! $py -m ledger_site.embedded_db running; then started_db=1; fi
worker=
beat=
stop() {
  if [ -n "$beat" ]; then kill -TERM "$beat" 2>/dev/null || true; wait "$beat" 2>/dev/null || true; fi
  if [ -n "$worker" ]; then kill -TERM "$worker" 2>/dev/null || true; wait "$worker" 2>/dev/null || true; fi
  if [ -n "$started_db" ]; then $py -m ledger_site.embedded_db stop && echo "embedded PostgreSQL stopped" >&2; fi
}
trap stop EXIT
trap 'exit 130' INT TERM
$py manage.py migrate --verbosity 0
$py manage.py load_story fixtures/canopy
$py -m celery -A ledger_site worker --loglevel=WARNING --concurrency=2 > .demo-worker.log 2>&1 &
worker=$!
# Celery beat: fetches the web sources of followed stories (`manage.py follow SLUG on`) on schedule.
$py -m celery -A ledger_site beat --loglevel=WARNING --schedule=.demo-beat-schedule > .demo-beat.log 2>&1 &
beat=$!
$py manage.py ingest canopy fixtures/canopy/articles.jsonl --wait
$py manage.py evaluate canopy
# A staff account to log in with (retract, add records): a new password each run, shown once.
$py manage.py demo_staff
echo "Stance Ledger: http://127.0.0.1:8000/  (Ctrl-C stops it)"
$py manage.py runserver 127.0.0.1:8000
