#!/usr/bin/env bash
# Runs Stance Ledger on its demo story at http://127.0.0.1:8000/ : embedded PostgreSQL when
# DATABASE_URL is unset, a Celery worker on Redis to ingest the articles, then the server.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export DEBUG=${DEBUG:-1}
export REDIS_URL=$(scripts/redis.sh "${REDIS_URL:-redis://127.0.0.1:6379/0}")
py=.venv/bin/python
$py manage.py migrate --verbosity 0
$py manage.py load_story fixtures/canopy
$py -m celery -A ledger_site worker --loglevel=WARNING --concurrency=2 > .demo-worker.log 2>&1 &
worker=$!
trap 'kill $worker 2>/dev/null || true' EXIT
$py manage.py ingest canopy fixtures/canopy/articles.jsonl --wait
$py manage.py evaluate canopy
echo "Stance Ledger: http://127.0.0.1:8000/  (Ctrl-C stops it)"
$py manage.py runserver 127.0.0.1:8000
