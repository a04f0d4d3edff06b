"""`manage.py check --deploy` with production settings (DEBUG off), as a deployment runs it."""
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def deploy_check(**env) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy"], cwd=ROOT, capture_output=True,
                          text=True, env={**base, "DATABASE_URL": "postgres://unused@127.0.0.1/unused", **env},
                          timeout=120)


def test_check_deploy_fails_without_a_real_secret_key():
    refused = deploy_check()
    assert refused.returncode != 0 and "ledger.E001" in refused.stderr and "SECRET_KEY" in refused.stderr
    assert "ledger.E001" in deploy_check(SECRET_KEY="short-and-weak").stderr
    accepted = deploy_check(SECRET_KEY=secrets.token_urlsafe(50))
    assert accepted.returncode == 0 and "ledger.E001" not in accepted.stderr, accepted.stderr
