"""rules/2, round 11: reports credited to another outlet of the story (`via`) as reporters
write them, and the question a sentence is read for. Invented sentences, in the test world."""
from datetime import date

import pytest

from ingest.extractors import ExcerptView
from ingest.extractors import rules2

D = date(2025, 3, 16)


def read(story, sentence, outlets=("n1",), text=None, topics=("march-15",)):
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
    assert read(story, sentence) == [("ministry", "device-owned", "deny", via)], sentence


@pytest.mark.parametrize("sentence, position, via", [
    # a credit set between the subject and its verb, as translated copy writes it: the
    # subject's report, whatever its verb
    ("The Interior Ministry has, according to the broadcaster RTS, bought an LRAD sound device.", "affirm", "rts"),
    ("The Interior Ministry has according to Danas bought an LRAD sound device last year.", "affirm", "danas"),
    ("The Interior Minister, as Beta reported on Tuesday, conceded that the police have no such device.", "deny",
     "beta"),
])
def test_a_credit_between_the_subject_and_its_verb(story, sentence, position, via):
    assert read(story, sentence) == [("ministry", "device-owned", position, via)], sentence


@pytest.mark.parametrize("sentence", [
    # "according to" a source that is no outlet of the story: no credit to cut, no report
    "The Interior Ministry has, according to its own budget papers, bought an LRAD sound device.",
    # a credit between a name that is no actor and its verb
    "The supplier has, according to the broadcaster RTS, sold an LRAD sound device.",
])
def test_no_credit_cut_without_an_outlet_and_an_actor(story, sentence):
    assert read(story, sentence) == [], sentence


def test_a_credit_to_the_outlet_carrying_the_excerpt_is_no_via(story):
    sentence = "According to the daily Danas, the Interior Minister maintains that the police have no such device."
    assert read(story, sentence, outlets=("danas",)) == [("ministry", "device-owned", "deny", None)]
