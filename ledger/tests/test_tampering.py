"""Tampering that `verify_ledger` must name: each edit below is made as a superuser with the
triggers switched off (as an attacker with the tables' owner's rights would), or as the
application's role where its privileges allow, and the verifier names what it broke."""
from datetime import date, datetime, timezone as tz

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from ledger import chain
from ledger.models import ChainHead, Excerpt, LedgerVerification, Retraction, StanceRecord
from ledger.plumbing import story_cast
from ledger.services import RecordDraft, records_append, retraction_append
from ledger.tests.factories import excerpt_make, record_draft, story_make, tamper
from ledger.verification import ledger_verified_at

TEXT = "The ministry said it has no such device. Police denied it. Others disagreed."


@pytest.fixture
def ledger(db, tmp_path):
    """Four records (two with an excerpt of an article, one credited to another outlet) and a
    retraction, verified once."""
    story = story_make(tmp_path)
    excerpt = excerpt_make(story, outlet="rts", day="2025-03-16", url="https://rts.example/a", title="A", text=TEXT,
                           sentence=TEXT.split(". ")[0])
    article = excerpt.article
    danas = story_cast(story).outlets["danas"]

    def draft(actor, position, day, outlet, **more):
        return record_draft(story, actor, "device-owned", position, date(2025, 3, day), outlet,
                            url=f"https://{outlet}.example/{day}", quote="...", **more)

    records = records_append(story=story, drafts=[
        draft("ministry", "deny", 16, "rts", excerpt=excerpt),
        draft("president", "deny", 16, "rts", excerpt=excerpt),
        draft("ministry", "affirm", 18, "n1", via=danas),
        draft("ministry", "affirm", 19, "beta"),
    ])
    retraction = retraction_append(record=records[1], reason="misread", retracted_by="editor")
    call_command("verify_ledger", story.slug)
    return story, records, retraction, excerpt, article


def named(story) -> str:
    with pytest.raises(CommandError) as caught:
        call_command("verify_ledger", story.slug)
    return str(caught.value)


def test_an_honest_ledger_verifies_and_says_when(ledger, capsys):
    story, *_ = ledger
    call_command("verify_ledger", story.slug)
    head = ChainHead.objects.get(story=story)
    assert f"ledger intact, 5 entries, head 5:{head.last_hash}" in capsys.readouterr().out
    assert ledger_verified_at(story) == LedgerVerification.objects.filter(story=story).latest("verified_at").verified_at


def test_swapped_record_ids(ledger):
    story, records, *_ = ledger
    a, b = records[2], records[3]
    tamper("UPDATE ledger_stancerecord SET id = -1 WHERE id = %(a)s; UPDATE ledger_stancerecord SET id = %(a)s "
           "WHERE id = %(b)s; UPDATE ledger_stancerecord SET id = %(b)s WHERE id = -1", {"a": a.id, "b": b.id})
    assert f"record {b.id} (seq 3): does not match its hash" in named(story)


def test_a_retraction_moved_to_another_record(ledger):
    story, records, retraction, *_ = ledger
    tamper("UPDATE ledger_retraction SET record_id = %s WHERE id = %s", [records[0].id, retraction.id])
    assert f"retraction {retraction.id} (seq 5)" in named(story)


def test_a_retraction_moved_by_swapping_the_records_ids(ledger):
    story, records, retraction, *_ = ledger
    a, b = records[0], records[1]  # the retraction now points at the other statement
    tamper("UPDATE ledger_stancerecord SET id = -1 WHERE id = %(a)s; UPDATE ledger_stancerecord SET id = %(a)s "
           "WHERE id = %(b)s; UPDATE ledger_stancerecord SET id = %(b)s WHERE id = -1", {"a": a.id, "b": b.id})
    assert f"record {b.id} (seq 1)" in named(story)


def test_swapped_actor_keys_by_the_application_role(ledger):
    story, records, *_ = ledger  # actors are not ledger rows: the application's role may edit them
    with connection.cursor() as cursor:
        for old, new in (("ministry", "swap"), ("president", "ministry"), ("swap", "president")):
            cursor.execute("UPDATE ledger_actor SET key = %s WHERE key = %s AND story_id = %s", [new, old, story.id])
    assert f"record {records[0].id} (seq 1)" in named(story)


def test_a_question_key_changed(ledger):
    story, records, *_ = ledger
    tamper("UPDATE ledger_question SET key = 'renamed' WHERE key = 'device-owned' AND story_id = %s", [story.id])
    assert f"record {records[0].id} (seq 1)" in named(story)


def test_outlet_keys_swapped_under_a_credited_report(ledger):
    story, records, *_ = ledger
    tamper("UPDATE ledger_outlet SET key = 'x' WHERE key = 'danas' AND story_id = %s", [story.id])
    assert f"record {records[2].id} (seq 3)" in named(story)


def test_a_records_via_changed(ledger):
    story, records, *_ = ledger
    tamper("UPDATE ledger_stancerecord SET via_id = outlet_id WHERE id = %s", [records[2].id])
    assert f"record {records[2].id} (seq 3)" in named(story)


def test_edited_excerpt_text(ledger):
    story, records, _, excerpt, _ = ledger
    tamper("UPDATE ledger_excerpt SET text = 'The ministry said it has the device.' WHERE id = %s", [excerpt.id])
    assert f"record {records[0].id} (seq 1)" in named(story)


def test_edited_article_url(ledger):
    story, records, *_, article = ledger
    tamper("UPDATE ledger_article SET url = 'https://elsewhere.example/a' WHERE id = %s", [article.id])
    assert f"record {records[0].id} (seq 1)" in named(story)


def test_edited_article_text(ledger):
    story, records, *_, article = ledger
    tamper("UPDATE ledger_article SET text = text || ' Added.' WHERE id = %s", [article.id])
    assert f"record {records[0].id} (seq 1)" in named(story)


def test_a_record_moved_to_another_excerpt(ledger):
    story, records, _, excerpt, article = ledger
    other = Excerpt.objects.create(story=story, article=article, position=41, day=excerpt.day, text="Police denied it.",
                                   sentence="Police denied it.", topics=["march-15"], outlets=["rts"])
    tamper("UPDATE ledger_stancerecord SET excerpt_id = %s WHERE id = %s", [other.id, records[1].id])
    assert f"record {records[1].id} (seq 2)" in named(story)


def test_an_edited_quote(ledger):
    story, records, *_ = ledger
    tamper("UPDATE ledger_stancerecord SET quote = 'We own one.' WHERE id = %s", [records[3].id])
    assert f"record {records[3].id} (seq 4)" in named(story)


def test_an_edited_retraction_reason(ledger):
    story, _, retraction, *_ = ledger
    tamper("UPDATE ledger_retraction SET reason = 'none' WHERE id = %s", [retraction.id])
    assert f"retraction {retraction.id} (seq 5)" in named(story)


def test_a_deleted_middle_record(ledger):
    story, records, *_ = ledger
    tamper("DELETE FROM ledger_stancerecord WHERE id = %s", [records[2].id])
    assert "entry 3 is missing" in named(story)


def test_a_periods_position_changed(ledger):
    story, *_ = ledger  # the derived table: the application's role may write it
    with connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_positionperiod SET position = 'partial' WHERE confirm = 2 AND ordinal = 1 "
                       "AND question_id IN (SELECT id FROM ledger_question WHERE story_id = %s)", [story.id])
    message = named(story)
    assert "derived periods differ from the records: period 1 of ministry on device-owned (N=2): stored partial" in message
    assert "the records give affirm" in message


def test_a_period_deleted_and_rebuild_says_what_it_mended(ledger, capsys):
    story, *_ = ledger
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM ledger_positionperiod WHERE confirm = 1 AND ordinal = 0 "
                       "AND question_id IN (SELECT id FROM ledger_question WHERE story_id = %s)", [story.id])
    assert "period 0 of ministry on device-owned (N=1): stored none" in named(story)
    call_command("rebuild_periods", story.slug)
    assert "mended period 0 of ministry on device-owned (N=1): stored none" in capsys.readouterr().out
    call_command("verify_ledger", story.slug)


def test_a_tail_cut_with_the_head_moved_back_shows_against_the_last_verification(ledger):
    story, records, retraction, *_ = ledger
    before = ChainHead.objects.get(story=story)
    tamper("DELETE FROM ledger_retraction WHERE id = %s; UPDATE ledger_chainhead SET last_seq = 4, last_hash = %s "
           "WHERE story_id = %s", [retraction.id, records[3].hash, story.id])
    assert "chain head (seq 5): the chain ends at seq 4 but it was verified up to seq 5" in named(story)
    # With the verifications gone too, a head kept outside the database still shows it.
    tamper("DELETE FROM ledger_ledgerverification WHERE story_id = %s", [story.id])
    with pytest.raises(CommandError, match="verified up to seq 5"):
        call_command("verify_ledger", story.slug, "--head", f"5:{before.last_hash}")


def test_the_tail_rewritten_under_the_old_hash_version(ledger):
    story, records, retraction, *_ = ledger
    old = Retraction.objects.get(id=retraction.id)
    old.hash_version, old.reason = 1, "nothing wrong"
    forged = chain.entry_hash(old.prev_hash, chain.retraction_content(old))
    tamper("UPDATE ledger_retraction SET hash_version = 1, reason = 'nothing wrong', hash = %s WHERE id = %s;"
           "UPDATE ledger_chainhead SET last_hash = %s WHERE story_id = %s", [forged, old.id, forged, story.id])
    assert f"retraction {old.id} (seq 5): hash version 1 after version 2" in named(story)


@pytest.mark.django_db
def test_a_ledger_written_under_the_old_hash_still_verifies_and_goes_on(tmp_path):
    """Entries of version 1 (written before the hash covered what they point to) keep their
    hash; entries appended after them are version 2, and the whole chain verifies."""
    story = story_make(tmp_path)
    index = story_cast(story)
    prev, rows = chain.GENESIS, []
    for seq, (actor, position) in enumerate([("ministry", "deny"), ("president", "affirm")], start=1):
        record = StanceRecord(story=story, seq=seq, actor=index.actors[actor], question=index.questions["device-owned"],
                              position=position, reported_on=date(2025, 3, 16), outlet=index.outlets["rts"],
                              outlets=["rts"], url="https://rts.example/1", quote="...", extractor="rules/1",
                              recorded_at=datetime(2025, 3, 16, tzinfo=tz.utc), prev_hash=prev, hash_version=1)
        record.hash = prev = chain.entry_hash(prev, chain.record_content(record))
        rows.append(record)
    StanceRecord.objects.bulk_create(rows)
    ChainHead.objects.update_or_create(story=story, defaults={"last_seq": 2, "last_hash": prev})
    retraction_append(record=rows[1], reason="misread", retracted_by="editor")
    records_append(story=story, drafts=[RecordDraft(
        actor=index.actors["ministry"], question=index.questions["device-owned"], position="affirm",
        reported_on=date(2025, 3, 18), extractor="rules/1", outlet=index.outlets["n1"], outlets=["n1"])])
    assert list(StanceRecord.objects.filter(story=story).order_by("seq").values_list("hash_version", flat=True)) == [1, 1, 2]
    call_command("verify_ledger", story.slug)
    tamper("UPDATE ledger_stancerecord SET quote = 'edited' WHERE id = %s", [rows[0].id])
    assert f"record {rows[0].id} (seq 1)" in named(story)
