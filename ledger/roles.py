"""The application's database role in production.

Migrations run as the role that owns the tables. The web app and workers connect as a
separate role that may read and append to the ledger but not update, delete or truncate
it; since it owns no table, it cannot disable the append-only trigger either. The evidence
the ledger points to (articles, excerpts, which articles carried an excerpt) is appended
only as well: the role may update an excerpt's processing state (`EXCERPT_STATE`: whether
a step cap holds it, when it was extracted, the outlets that carried it), nothing else.
"""
from django.db import connection
from psycopg import sql

LEDGER_TABLES = ("ledger_stancerecord", "ledger_retraction")
EVIDENCE_TABLES = ("ledger_article", "ledger_excerpt", "ledger_excerpt_copies")
EXCERPT_STATE = ("capped", "extracted_at", "outlets")


def app_role_grant(role: str, *, password: str | None = None) -> None:
    name = sql.Identifier(role)
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
        if cursor.fetchone() is None:
            cursor.execute(sql.SQL("CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE").format(name))
        if password:
            cursor.execute(sql.SQL("ALTER ROLE {} WITH LOGIN PASSWORD {}").format(name, sql.Literal(password)))
        cursor.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(name))
        cursor.execute(sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {}").format(name))
        cursor.execute(sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}").format(name))
        cursor.execute(sql.SQL("REVOKE TRUNCATE, TRIGGER, REFERENCES ON ALL TABLES IN SCHEMA public FROM {}").format(name))
        for table in LEDGER_TABLES + EVIDENCE_TABLES:
            cursor.execute(sql.SQL("REVOKE UPDATE, DELETE ON {} FROM {}").format(sql.Identifier(table), name))
        cursor.execute(sql.SQL("GRANT UPDATE ({}) ON ledger_excerpt TO {}").format(
            sql.SQL(", ").join(map(sql.Identifier, EXCERPT_STATE)), name))
