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


def embedded_running() -> bool:
    """Whether the embedded server in .pgdata/ is up (its postmaster.pid names a live process)."""
    pid_file = DATA_DIR / "postmaster.pid"
    try:
        os.kill(int(pid_file.read_text().split()[0]), 0)
    except (OSError, ValueError, IndexError):
        return False
    return True


def embedded_stop() -> None:
    """Stop the embedded server (`make demo` and `make test` stop the one they started)."""
    if not embedded_running():
        return
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.gettempdir())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pgserver._commands import pg_ctl
    user = "pgserver" if hasattr(os, "geteuid") and os.geteuid() == 0 else None
    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=DATA_DIR, user=user)


if __name__ == "__main__":  # python -m ledger_site.embedded_db running|stop
    import sys

    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "running":
        sys.exit(0 if embedded_running() else 1)
    if command == "stop":
        embedded_stop()
        sys.exit(0)
    sys.exit("usage: python -m ledger_site.embedded_db running|stop")
