"""Why a key statement was missed, one reason per path from article to position."""
import json
from datetime import date

import pytest

from ledger.diagnosis import REASONS, cue_report, key_misses
from ledger.models import Excerpt
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


def cue_rows(report, question):
    """The question's cues in the report, as (polarity, cue) -> the row."""
    [q] = [q for q in report["questions"] if q["question"] == question]
    return q, {(c["polarity"], c["cue"]): c for c in q["cues"]}


def test_a_cue_that_matches_no_excerpt_is_flagged(tmp_path):
    key = [line("president", "device-owned", "deny", "2025-03-21", "https://danas.rs/no-such-device")]
    story = canopy_make(tmp_path, key_lines=key)["story"]
    excerpt_make(story, url="https://danas.rs/no-such-device", outlet="danas", day="2025-03-21",
                 text="The President said there is no such device.", sentence="The President said there is no such device.")
    excerpt_make(story, url="https://n1info.rs/bought", outlet="n1", day="2025-03-22",
                 text="The Interior Ministry has bought an LRAD.", sentence="The Interior Ministry has bought an LRAD.")
    excerpt_make(story, url="https://nova.rs/warnings", outlet="nova", day="2025-03-22",
                 text="The ministry keeps it just for warnings.", sentence="The ministry keeps it just for warnings.")
    # Read only for another topic's questions: it does not count for device-owned's cues.
    excerpt_make(story, url="https://rts.rs/crowd", outlet="rts", day="2025-03-23", topics=("crowds",),
                 text="The police do not have a count of the people.", sentence="The police do not have a count of the people.")

    report = cue_report(story=story)
    q, cues = cue_rows(report, "device-owned")
    deny_phrase = ("deny", "(does not|doesn.t|do not|never) (have|own|possess)")
    assert [k for k, c in cues.items() if c["matches_no_excerpt"]] == [deny_phrase]
    assert cues[deny_phrase]["excerpts"] == 0
    assert cues[("deny", "no such (thing|device)")]["excerpts"] == 1
    assert cues[("partial", "(only|just) for warnings")]["excerpts"] == 1
    # The key statement's article is reached by the one deny cue its words fit.
    assert cues[("deny", "no such (thing|device)")]["key_statements"] == 1
    assert cues[deny_phrase]["key_statements"] == 0
    # A number question has no cues to report; a stance question without any is read without.
    assert [q["question"] for q in report["questions"]] == ["device-owned"]
    assert [q["question"] for q in report["without_cues"]] == ["sound-used"]


def test_a_key_statement_no_cue_reaches_is_listed_with_its_sentence(tmp_path):
    key = [
        # excerpts in words no cue has: listed, with the sentence that carries the question's keywords
        line("president", "device-owned", "deny", "2025-03-21", "https://danas.rs/no-gear"),
        # a cue matches its article: reached
        line("ministry", "device-owned", "deny", "2025-03-22", "https://danas.rs/no-such-device"),
        # nothing of its article was cut: the topic's keywords, not the cues, lost it
        line("students", "device-owned", "affirm", "2025-03-23", "https://nova.rs/never-ingested"),
    ]
    story = canopy_make(tmp_path, key_lines=key)["story"]
    said = "The President said the state keeps no acoustic gear of its own."
    aside = "The acoustic weapon story ran for weeks."
    first = excerpt_make(story, url="https://danas.rs/no-gear", outlet="danas", day="2025-03-21",
                         text=f"{aside} {said}", sentence=said)
    # A second excerpt of the same article, on the topic but without the question's keywords.
    Excerpt.objects.create(story=story, article=first.article, position=1, day=first.day, text=f"{aside} {said}",
                           sentence=aside, sentence_start=0, topics=["march-15"], outlets=["danas"])
    excerpt_make(story, url="https://danas.rs/no-such-device", outlet="danas", day="2025-03-22",
                 text="The Interior Ministry said there is no such device.",
                 sentence="The Interior Ministry said there is no such device.")

    q, _ = cue_rows(cue_report(story=story), "device-owned")
    reach = q["reach"]
    assert (reach["statements"], reach["reached"], reach["no_excerpt"]) == (3, 1, 1)
    [missed] = reach["unreached"]
    assert (missed["actor"], missed["position"], str(missed["date"])) == ("president", "deny", "2025-03-21")
    # Only the sentence that carries the question's keywords ("own"): the words to add a cue for.
    assert missed["sentences"] == [said]
    assert missed["quote"] is None


def test_a_key_line_with_a_quote_is_reached_by_its_quote_only(tmp_path):
    # Given a key file's lines, a line's quote is what the cues must reach, not the article's
    # other sentences.
    story = canopy_make(tmp_path)["story"]
    sentences = ["The President said there is no such device.",
                 "He said the police keep nothing acoustic of their own.", "Critics say the police own too much."]
    first = excerpt_make(story, url="https://danas.rs/two-things", outlet="danas", day="2025-03-21",
                         text=" ".join(sentences), sentence=sentences[0])
    for sentence in sentences[1:]:
        Excerpt.objects.create(story=story, article=first.article, position=first.text.index(sentence), day=first.day,
                               text=first.text, sentence=sentence, sentence_start=first.text.index(sentence),
                               topics=["march-15"], outlets=["danas"])
    quoted = [{"line": 1, "actor": "president", "question": "device-owned", "position": "deny",
               "date": date(2025, 3, 21), "url": "https://danas.rs/two-things",
               "quote": "the police keep nothing acoustic of their own"},
              {"line": 2, "actor": "ministry", "question": "device-owned", "position": "deny",
               "date": date(2025, 3, 21), "url": "https://danas.rs/two-things", "quote": "there is no such device"}]
    q, cues = cue_rows(cue_report(story=story, statements=quoted), "device-owned")
    assert [(m["line"], m["quote"]) for m in q["reach"]["unreached"]] == [
        (1, "the police keep nothing acoustic of their own")]
    assert q["reach"]["reached"] == 1
    # Of the sentences that carry the question's keywords ("own"), the quote's own.
    assert q["reach"]["unreached"][0]["sentences"] == [sentences[1]]
    assert cues[("deny", "no such (thing|device)")]["key_statements"] == 1
