"""rules/2's credits (`via`) as reporters write them: a report credited to another outlet of the
story, named with what it is ("the daily Danas", "Beta news agency") or with its article
("according to the daily Danas", "declared to the public broadcaster RTS"), the translated
"said for N1", a credit set between the subject and its verb; no credit without an outlet of
the story and an actor, nor to the outlet carrying the excerpt. Invented sentences, in the
test world."""
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


# --- credits with an article, or between the subject and its verb; the question read --------------

def read_via(story, sentence, outlets=("n1",), text=None, topics=("march-15",)):
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    found = rules2.extract(rules, ExcerptView(id=1, sentence=sentence, text=text or sentence, topics=list(topics),
                                              day=D, outlets=outlets))
    return [(f.actor, f.question, f.position, f.via) for f in found]


@pytest.mark.parametrize("sentence, via", [
    # the outlet with its article: "according to the X", "as the X reported"
    ("According to the daily Danas, the Interior Minister maintains that the police have no such device.", "danas"),
    ("According to the Beta news agency, the Interior Minister now says the police have no such device.", "beta"),
    ("As the daily Danas reported on Friday, the Interior Minister insists the police have no such device.", "danas"),
    # a verb of saying "to" the outlet: "declared to the public broadcaster RTS"
    ("The Interior Minister declared to the public broadcaster RTS that the police have no such device.", "rts"),
    ("The Interior Minister explained to Danas on Monday that the police have no such device.", "danas"),
    ("As the Interior Minister put it to Danas, the police have no such device.", "danas"),
])
def test_a_report_credited_to_an_outlet_named_with_its_article(story, sentence, via):
    assert read_via(story, sentence) == [("ministry", "device-owned", "deny", via)], sentence


@pytest.mark.parametrize("sentence, position, via", [
    # a credit set between the subject and its verb, as translated copy writes it: the
    # subject's report, whatever its verb
    ("The Interior Ministry has, according to the broadcaster RTS, bought an LRAD sound device.", "affirm", "rts"),
    ("The Interior Ministry has according to Danas bought an LRAD sound device last year.", "affirm", "danas"),
    ("The Interior Minister, as Beta reported on Tuesday, conceded that the police have no such device.", "deny",
     "beta"),
])
def test_a_credit_between_the_subject_and_its_verb(story, sentence, position, via):
    assert read_via(story, sentence) == [("ministry", "device-owned", position, via)], sentence


@pytest.mark.parametrize("sentence", [
    # "according to" a source that is no outlet of the story: no credit to cut, no report
    "The Interior Ministry has, according to its own budget papers, bought an LRAD sound device.",
    # a credit between a name that is no actor and its verb
    "The supplier has, according to the broadcaster RTS, sold an LRAD sound device.",
])
def test_no_credit_cut_without_an_outlet_and_an_actor(story, sentence):
    assert read_via(story, sentence) == [], sentence


def test_a_credit_to_the_outlet_carrying_the_excerpt_is_no_via(story):
    sentence = "According to the daily Danas, the Interior Minister maintains that the police have no such device."
    assert read_via(story, sentence, outlets=("danas",)) == [("ministry", "device-owned", "deny", None)]
