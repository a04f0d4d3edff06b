"""Tamper evidence: the verifier recomputes the hash chain and names the first broken
entry. Tampering is done as a superuser with the trigger switched off, as an attacker with
the owner's rights would."""
import threading

import pytest
from django.core.management import CommandError, call_command
from django.db import connections

from ledger.chain import chain_verify
from ledger.models import StanceRecord
from ledger.services import retraction_append
from ledger.tests.factories import records_add, story_make, tamper


@pytest.fixture
def ledger(db, tmp_path):
    story = story_make(tmp_path)
    records = records_add(story, [
        ("ministry", "device-owned", "deny", "2025-03-16", "rts"),
        ("ministry", "device-owned", "partial", "2025-03-17", "n1"),
        ("ministry", "device-owned", "affirm", "2025-03-18", "danas"),
        ("president", "device-owned", "deny", "2025-03-18", "rts"),
    ])
    retraction_append(record=records[1], reason="misread", retracted_by="editor")
    return story, records


def test_an_honest_ledger_verifies(ledger, capsys):
    story, _ = ledger
    assert chain_verify(story) is None
    call_command("verify_ledger", story.slug)
    assert "ledger intact, 5 entries" in capsys.readouterr().out


def test_an_edited_field_is_caught(ledger):
    story, records = ledger
    tamper("UPDATE ledger_stancerecord SET position = 'affirm' WHERE id = %s", [records[0].id])
    broken = chain_verify(story)
    assert (broken.seq, broken.entry) == (1, f"record {records[0].id}")
    assert "edited" in broken.problem
    with pytest.raises(CommandError, match=f"record {records[0].id}"):
        call_command("verify_ledger", story.slug)


def test_an_edited_retraction_is_caught(ledger):
    story, _ = ledger
    tamper("UPDATE ledger_retraction SET reason = 'no reason'")
    broken = chain_verify(story)
    assert broken.seq == 5 and broken.entry.startswith("retraction")


def test_a_deleted_middle_row_is_caught(ledger):
    story, records = ledger
    tamper("DELETE FROM ledger_stancerecord WHERE id = %s", [records[2].id])
    broken = chain_verify(story)
    assert broken.seq == 3 and "missing" in broken.problem


def test_swapped_rows_are_caught(ledger):
    story, records = ledger
    a, b = records[1], records[2]
    tamper("UPDATE ledger_stancerecord SET seq = -1 WHERE id = %s;"
           "UPDATE ledger_stancerecord SET seq = %s WHERE id = %s;"
           "UPDATE ledger_stancerecord SET seq = %s WHERE id = %s",
           [a.id, a.seq, b.id, b.seq, a.id])
    broken = chain_verify(story)
    assert broken.seq == 2


def test_swapped_contents_are_caught(ledger):
    story, records = ledger
    a, b = records[0], records[3]
    tamper("UPDATE ledger_stancerecord SET actor_id = CASE id WHEN %s THEN %s ELSE %s END WHERE id IN (%s, %s)",
           [a.id, b.actor_id, a.actor_id, a.id, b.id])
    assert chain_verify(story).seq == 1


def test_a_cut_tail_is_caught(ledger):
    story, records = ledger
    tamper("DELETE FROM ledger_retraction")
    broken = chain_verify(story)
    assert broken.entry == "chain head" and "missing at the end" in broken.problem


@pytest.mark.django_db(transaction=True)
def test_concurrent_appends_keep_one_order_with_no_gaps(tmp_path):
    story = story_make(tmp_path)
    errors = []

    def writer(actor):
        try:
            for day in range(10, 20):
                records_add(story, [(actor, "device-owned", "deny", f"2025-03-{day}", "rts"),
                               (actor, "device-owned", "affirm", f"2025-03-{day}", "n1")])
        except Exception as exc:  # surfaced below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=writer, args=(actor,)) for actor in ("president", "students", "ministry")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    seqs = list(StanceRecord.objects.filter(story=story).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, 61))
    assert chain_verify(story) is None
