"""rules/2 on shapes read in real news (the sentences here are invented, in the story of the
test world): each one a general way reporters write that an earlier rules/2 misread."""
from datetime import date

import pytest

from ingest.extractors import ExcerptView
from ingest.extractors import rules2

D = date(2025, 3, 16)


def found(story, sentence, topics=("march-15",)):
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    view = ExcerptView(id=1, sentence=sentence, text=sentence, topics=list(topics), day=D)
    return sorted((f.actor, f.question, f.position) for f in rules2.extract(rules, view))


def test_a_subject_that_negates_reverses_the_cue(story):
    # "Nobody has one" says none has one.
    for sentence in ("\u201cNobody owns an LRAD. Nobody,\u201d the Interior Ministry told reporters.",
                     "\u201cNo one in the police owns an LRAD,\u201d the Interior Ministry said.",
                     "The Interior Ministry said nobody in the police owns an LRAD."):
        assert all(position == "deny" for *_, position in found(story, sentence)), sentence
        assert found(story, sentence), sentence


def test_a_part_of_a_body_speaks_for_it(story):
    # "the local branch of X", "negotiators for X": like "the head of X" or "a spokesman for X"
    assert found(story, "The Novi Sad branch of the Interior Ministry said the police have no such device.") == [
        ("ministry", "device-owned", "deny")]
    assert found(story, "Negotiators for the students said the police have an LRAD.") == [
        ("students", "device-owned", "affirm")]


@pytest.fixture
def story_ban(story):
    from ledger.models import Question, Topic

    Question.objects.create(story=story, topic=Topic.objects.get(story=story, key="march-15"), key="lrad-ban",
                            text="Should the LRAD be banned?", keywords=[r"\bban"], affirm=[r"\bban (on )?(the )?LRAD"])
    return story


def test_calls_waved_away_are_a_denial(story_ban):
    # "dismissed calls for X" and "waved away calls for X" say no to X, as "rejected calls for X" does
    for sentence in ("The Interior Ministry dismissed calls for a ban on the LRAD.",
                     "The Interior Ministry waved away calls for a ban on the LRAD.",
                     "The Interior Ministry rejected calls for a ban on the LRAD."):
        assert found(story_ban, sentence) == [("ministry", "lrad-ban", "deny")], sentence
    assert found(story_ban, "The Interior Ministry waved away reports that the police have an LRAD.") == [
        ("ministry", "device-owned", "deny")]


def test_seeking_proposing_and_asking_for_are_wanting(story_ban):
    # like "wants a ban" and "called for a ban"
    for sentence in ("The students are seeking a ban on the LRAD.",
                     "The students sought a ban on the LRAD on Monday.",
                     "The students proposed a ban on the LRAD.",
                     "The students asked for a ban on the LRAD."):
        assert found(story_ban, sentence) == [("students", "lrad-ban", "affirm")], sentence
    assert found(story_ban, "The students are seeking answers about the LRAD.") == []


def test_a_step_judged_not_worth_its_cost_is_a_no(story_ban):
    # "would not be proportionate", "would do more harm than good": against what the cue names
    for sentence in ("The Interior Ministry said a ban on the LRAD would not be proportionate.",
                     "The Interior Ministry said a ban on the LRAD would do more harm than good.",
                     "The Interior Ministry said a ban on the LRAD isn't justified."):
        assert found(story_ban, sentence) == [("ministry", "lrad-ban", "deny")], sentence
    assert found(story_ban, "The Interior Ministry said a ban on the LRAD was proportionate.") == [
        ("ministry", "lrad-ban", "affirm")]


def test_stopping_short_of_a_call_says_neither(story_ban):
    for sentence in ("The students stopped short of calling for a ban on the LRAD.",
                     "The students stopped short of backing a ban on the LRAD."):
        assert found(story_ban, sentence) == [], sentence
    assert found(story_ban, "The students called for a ban on the LRAD.") == [("students", "lrad-ban", "affirm")]


def test_a_persons_surname_names_them_once_introduced(story):
    # an alias that is a full name ("Zorana Jankovic") gives its surname, read capitalized only;
    # a title is no surname ("Deputy Ombudsman" gives no "Ombudsman")
    from ledger.models import Actor

    Actor.objects.create(story=story, key="ombudsman", name="Ombudsman", aliases=[r"\bZorana Jankovic\b", r"\bDeputy Ombudsman\b"])
    assert found(story, "Jankovic said the police have an LRAD.") == [("ombudsman", "device-owned", "affirm")]
    assert found(story, "The jankovic report said the police have an LRAD.") == []
