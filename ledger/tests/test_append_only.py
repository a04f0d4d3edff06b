"""The ledger is append-only in the database itself, whoever asks, and the application's
role can neither truncate it nor switch the trigger off."""
import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from ledger.models import Retraction, StanceRecord
from ledger.roles import app_role_grant
from ledger.services import retraction_append
from ledger.tests.factories import append, make_story


@pytest.fixture
def ledger(db, tmp_path):
    story = make_story(tmp_path)
    first, second = append(story, [
        ("ministry", "device-owned", "deny", "2025-03-16", "rts"),
        ("ministry", "device-owned", "affirm", "2025-03-18", "n1"),
    ])
    retraction = retraction_append(record=second, reason="wrong actor", retracted_by="editor")
    return story, first, retraction


def refused(sql, params=(), error=IntegrityError):
    with pytest.raises(error) as caught, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
    return str(caught.value)


@pytest.mark.parametrize("table", ["ledger_stancerecord", "ledger_retraction"])
def test_raw_update_and_delete_are_refused(ledger, table):
    assert "append-only" in refused(f"UPDATE {table} SET hash = 'x'")
    assert "append-only" in refused(f"DELETE FROM {table}")


def test_orm_update_and_delete_are_refused(ledger):
    story, record, retraction = ledger
    record.quote = "rewritten"
    for attempt in (record.save, record.delete, retraction.delete,
                    lambda: StanceRecord.objects.filter(story=story).update(position="partial"),
                    lambda: Retraction.objects.filter(story=story).update(reason="none")):
        with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
            attempt()
    record.refresh_from_db()
    assert record.quote != "rewritten"
    assert StanceRecord.objects.filter(story=story).count() == 2


def test_the_application_role_cannot_truncate_or_disable_the_trigger(ledger):
    story, record, _ = ledger
    app_role_grant("ledger_app_test")  # rolled back with the test's transaction
    with connection.cursor() as cursor:
        cursor.execute("SET ROLE ledger_app_test")
    try:
        # It reads and appends ...
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM ledger_stancerecord")
            assert cursor.fetchone()[0] == 2
        append(story, [("president", "device-owned", "deny", "2025-03-17", "danas")])
        # ... and nothing else.
        for table in ("ledger_stancerecord", "ledger_retraction"):
            assert "permission denied" in refused(f"TRUNCATE {table}", error=DatabaseError)
            assert "must be owner" in refused(f"ALTER TABLE {table} DISABLE TRIGGER ALL", error=DatabaseError)
            assert "permission denied" in refused(f"UPDATE {table} SET hash = 'x'", error=DatabaseError)
            assert "permission denied" in refused(f"DELETE FROM {table}", error=DatabaseError)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET ROLE")
    assert StanceRecord.objects.filter(story=story).count() == 3
