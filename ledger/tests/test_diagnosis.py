"""Why a key statement was missed, one reason per path from article to position."""
import json

import pytest

from ledger.diagnosis import REASONS, key_misses
from ledger.services import retraction_append
from ledger.tests.factories import canopy_make, excerpt_make, record_add

pytestmark = pytest.mark.django_db


def line(actor, question, position, day, url):
    return json.dumps({"actor": actor, "question": question, "position": position, "date": day, "url": url})


def test_each_missed_statement_gets_the_first_place_it_was_lost(tmp_path):
    key = [
        # held, and the position a week later: not missed
        line("ministry", "device-owned", "affirm", "2025-03-18", "https://rts.rs/lrad-units"),
        # the article gave a record, with another position
        line("president", "device-owned", "affirm", "2025-03-15", "https://rts.rs/president/device-owned/2025-03-15"),
        # nothing of the article reached the ledger
        line("students", "sound-used", "deny", "2025-03-20", "https://danas.rs/never-ingested"),
        # an excerpt, and no record from it
        line("president", "sound-used", "deny", "2025-03-21", "https://danas.rs/excerpt-only"),
        # held, but the change waits for a second independent source
        line("ministry", "sound-used", "affirm", "2025-03-20", "https://n1info.rs/ministry-affirms"),
        # held, but another position was confirmed within the week
        line("students", "device-owned", "affirm", "2025-03-16", "https://nova.rs/students/device-owned/2025-03-16"),
    ]
    world = canopy_make(tmp_path, key_lines=key)
    story = world["story"]
    excerpt_make(story, url="https://danas.rs/excerpt-only", outlet="danas", day="2025-03-21",
                 text="The President spoke. He said no device was used. Then he left.",
                 sentence="He said no device was used.")
    record_add(story, "ministry", "sound-used", "deny", "2025-03-10", "rts")
    record_add(story, "ministry", "sound-used", "affirm", "2025-03-20", "n1", url="https://n1info.rs/ministry-affirms")
    record_add(story, "students", "device-owned", "deny", "2025-03-18", "rts")
    record_add(story, "students", "device-owned", "deny", "2025-03-19", "danas")

    misses = {(m["actor"], m["question"]): m for m in key_misses(story=story, confirm=2)}
    assert ("ministry", "device-owned") not in misses
    assert {k: m["reason"] for k, m in misses.items()} == {
        ("president", "device-owned"): "other_record",
        ("students", "sound-used"): "no_excerpt",
        ("president", "sound-used"): "no_record",
        ("ministry", "sound-used"): "not_confirmed",
        ("students", "device-owned"): "other_position",
    }
    assert misses[("president", "sound-used")]["excerpt"] == "He said no device was used."
    assert misses[("president", "device-owned")]["record"]["position"] == "deny"
    assert misses[("students", "sound-used")]["excerpt"] is None
    # Under N = 1 the ministry's affirm is confirmed at once: no longer missed.
    assert ("ministry", "sound-used") not in {(m["actor"], m["question"])
                                                       for m in key_misses(story=story, confirm=1)}


def test_a_statement_whose_record_was_retracted_says_so(tmp_path):
    key = [line("president", "sound-used", "deny", "2025-03-21", "https://n1info.rs/president-denies")]
    world = canopy_make(tmp_path, key_lines=key)
    story = world["story"]
    record = record_add(story, "president", "sound-used", "deny", "2025-03-21", "n1", url="https://n1info.rs/president-denies")
    assert key_misses(story=story, confirm=2) == []  # held: a first position needs one source
    retraction_append(record=record, reason="misread the sentence", retracted_by="editor")
    [miss] = key_misses(story=story, confirm=2)
    # Retracted, not "no excerpt": the record was there and a person took it back.
    assert miss["reason"] == "retracted"
    assert miss["record"]["id"] == record.id
    assert miss["why"] == REASONS["retracted"]


def test_a_statement_whose_article_no_cue_reaches_says_so(tmp_path):
    # The article's excerpts say it in words no cue of the question has: mend the cues.
    key = [line("president", "device-owned", "deny", "2025-03-21", "https://danas.rs/no-gear"),
           line("president", "device-owned", "deny", "2025-03-22", "https://danas.rs/no-such-device")]
    world = canopy_make(tmp_path, key_lines=key)
    story = world["story"]
    excerpt_make(story, url="https://danas.rs/no-gear", outlet="danas", day="2025-03-21",
                 text="The President said the state keeps no acoustic gear at all.",
                 sentence="The President said the state keeps no acoustic gear at all.")
    excerpt_make(story, url="https://danas.rs/no-such-device", outlet="danas", day="2025-03-22",
                 text="The President said there is no such device.", sentence="The President said there is no such device.")
    reasons = {m["url"]: m["reason"] for m in key_misses(story=story, confirm=2)}
    assert reasons["https://danas.rs/no-gear"] == "no_cue"
    # A cue matches, yet no record came: the extractor's miss, not the cues'.
    assert reasons["https://danas.rs/no-such-device"] == "no_record"
