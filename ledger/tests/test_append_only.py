"""The ledger is append-only in the database itself, whoever asks, and the application's
role can neither truncate it nor switch the trigger off."""
import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from ledger.models import Retraction, StanceRecord
from ledger.roles import app_role_grant
from ledger.services import retraction_append
from ledger.tests.factories import records_add, story_make


@pytest.fixture
def ledger(db, tmp_path):
    story = story_make(tmp_path)
    first, second = records_add(story, [
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
        records_add(story, [("president", "device-owned", "deny", "2025-03-17", "danas")])
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


@pytest.fixture
def evidence(ledger):
    from datetime import date, datetime, timezone as tz

    from ledger.models import Article, Excerpt

    story, *_ = ledger
    article = Article.objects.create(story=story, url="https://rts.example/a", outlet=story.outlets.get(key="rts"),
                                     published_at=datetime(2025, 3, 16, tzinfo=tz.utc), day=date(2025, 3, 16),
                                     text="It has no such device.")
    excerpt = Excerpt.objects.create(story=story, article=article, position=0, day=date(2025, 3, 16),
                                     text=article.text, sentence=article.text, topics=["march-15"], outlets=["rts"])
    return article, excerpt


def test_articles_and_excerpts_keep_their_content_whoever_asks(evidence):
    article, excerpt = evidence
    assert "url may not change" in refused("UPDATE ledger_article SET url = 'https://x.example/' WHERE id = %s",
                                           [article.id])
    assert "text may not change" in refused("UPDATE ledger_excerpt SET text = 'edited' WHERE id = %s", [excerpt.id])
    assert "DELETE is refused" in refused("DELETE FROM ledger_excerpt WHERE id = %s", [excerpt.id])
    assert "DELETE is refused" in refused("DELETE FROM ledger_article WHERE id = %s", [article.id])
    assert "outlets may only grow" in refused("UPDATE ledger_excerpt SET outlets = '{}' WHERE id = %s", [excerpt.id])
    # Ingest's processing state may move: caps, extraction, the outlets that carried it.
    with connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_excerpt SET capped = true, extracted_at = now(), outlets = '{rts,n1}' "
                       "WHERE id = %s", [excerpt.id])
        assert cursor.rowcount == 1


def test_the_application_role_may_only_move_an_excerpts_processing_state(evidence):
    article, excerpt = evidence
    app_role_grant("ledger_app_test")
    with connection.cursor() as cursor:
        cursor.execute("SET ROLE ledger_app_test")
    try:
        with connection.cursor() as cursor:
            cursor.execute("UPDATE ledger_excerpt SET extracted_at = now(), capped = false WHERE id = %s", [excerpt.id])
        for sql in ("UPDATE ledger_article SET title = 'x'", "DELETE FROM ledger_article",
                    "UPDATE ledger_excerpt SET text = 'x'", "DELETE FROM ledger_excerpt",
                    "DELETE FROM ledger_excerpt_copies"):
            assert "permission denied" in refused(sql, error=DatabaseError)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET ROLE")


def test_the_excerpt_trigger_watches_every_column_but_the_processing_state(evidence):
    """The trigger fires only on an UPDATE naming a watched column (a mark of `extracted_at`
    costs no check): so every column of an excerpt but `capped` and `extracted_at` is watched,
    and a content change slipped in beside a mark is refused all the same."""
    from ledger.models import Excerpt

    _, excerpt = evidence
    with connection.cursor() as cursor:
        cursor.execute("SELECT event_object_column FROM information_schema.triggered_update_columns "
                       "WHERE trigger_name = 'ledger_excerpt_evidence'")
        watched = {row[0] for row in cursor.fetchall()}
    columns = {f.column for f in Excerpt._meta.concrete_fields}
    assert watched == columns - {"capped", "extracted_at"}
    assert "sentence may not change" in refused(
        "UPDATE ledger_excerpt SET extracted_at = now(), sentence = 'x' WHERE id = %s", [excerpt.id])
