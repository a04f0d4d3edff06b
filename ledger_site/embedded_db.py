"""An embedded PostgreSQL (pgserver) for when DATABASE_URL is unset.

The server keeps running after the process that started it exits (cleanup_mode=None), so
the web server, the Celery worker and management commands all share one database.
"""
import os
import tempfile
import warnings
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / ".pgdata"


def embedded_database() -> dict:
    # pgserver warns without it; the temp folder keeps what other programs (a browser's
    # dconf) write there out of the project.
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.gettempdir())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver

    DATA_DIR.mkdir(exist_ok=True)
    pgserver.get_server(DATA_DIR, cleanup_mode=None)
    return {"NAME": "postgres", "USER": "postgres", "PASSWORD": "", "HOST": str(DATA_DIR), "PORT": ""}
