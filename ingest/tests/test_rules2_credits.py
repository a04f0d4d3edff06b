"""rules/2's credits (`via`) as reporters write them: an outlet named with what it is ("the
daily Danas", "Beta news agency") and the translated "said for N1"."""
from datetime import date

import pytest

from ingest.extractors import ExcerptView
from ingest.extractors import rules2

D = date(2025, 3, 16)


def credited(story, sentence, outlets=("n1",)):
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    found = rules2.extract(rules, ExcerptView(id=1, sentence=sentence, text=sentence, topics=["march-15"], day=D,
                                              outlets=outlets))
    return [(f.actor, f.position, f.via) for f in found]


@pytest.mark.parametrize("sentence", [
    "The Interior Minister told the daily Danas that the police have no such device.",
    "The Interior Minister told the Belgrade daily Danas that the police have no such device.",
    "The police have no such device, the Interior Minister told the pro-government daily Danas.",
    "The police have no such device, the Interior Minister said, Beta news agency reported.",
    "The police have no such device, the Interior Minister said, the Beta agency reported.",
    "The Interior Minister said for the daily Danas that the police have no such device.",
    "The Interior Minister confirmed for Danas that the police have no such device.",
    "The Interior Ministry for Danas claims that the police have no such device.",
    "Speaking to the broadcaster RTS, the Interior Minister said the police have no such device.",
])
def test_an_outlet_named_with_what_it_is(story, sentence):
    [(actor, position, via)] = credited(story, sentence)
    assert (actor, position) == ("ministry", "deny"), sentence
    assert via in {"danas", "beta", "rts"}, sentence


@pytest.mark.parametrize("sentence", [
    # "for" that is no credit: a thing done for someone, a paper's name not after a verb of saying
    "The Interior Minister said the police have no such device for crowds.",
    "The Interior Minister, who wrote a column for the students, said the police have no such device.",
    "The Interior Minister said the police have no such device, and a daily newspaper agreed.",
])
def test_no_credit_without_an_outlet_of_the_story(story, sentence):
    assert [via for *_, via in credited(story, sentence)] == [None], sentence


def test_an_outlet_cited_by_its_name_without_its_note(story):
    # "Radio Lanmouth (English service)" is cited as "Radio Lanmouth"; "Balkan Broadcasting
    # Service (BBS)" as "BBS"; a note that is no name ("English service") cites nothing
    from ledger.models import Outlet

    Outlet.objects.create(story=story, key="lanmouth", name="Radio Lanmouth (English service)", domains=["rl.example"])
    Outlet.objects.create(story=story, key="bbs", name="Balkan Broadcasting Service (BBS)", domains=["bbs.example"])
    assert credited(story, "The Interior Minister told Radio Lanmouth that the police have no such device.") == [
        ("ministry", "deny", "lanmouth")]
    assert credited(story, "The Interior Minister told BBS that the police have no such device.") == [
        ("ministry", "deny", "bbs")]
    assert credited(story, "The Interior Minister told the English service that the police have no such device.") == [
        ("ministry", "deny", None)]
