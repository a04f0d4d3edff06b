"""rules/2, who said it (round 10): attributions in general news shapes that rules/2 missed or
gave to the wrong actor. Every sentence is written for this test, in the test story's world."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import run, story2, story3  # noqa: F401 (fixtures)


@pytest.fixture
def world(story3):  # noqa: F811
    """story3 with a union whose leader is named (Mara Kovac) and a company whose chief
    executive is (Ann Berg)."""
    from ledger.models import Actor

    Actor.objects.create(story=story3, key="union", name="Dockers' Union",
                         aliases=[r"\bDockers' Union\b", r"\bMara Kovac\b"])
    Actor.objects.create(story=story3, key="company", name="Orrelink", aliases=[r"\bOrrelink\b", r"\bAnn Berg\b"])
    rules2._cache.clear()
    return story3


def said(story, sentence, context=None, topics=("march-15",)):
    rules2._cache.clear()
    return sorted(run(rules2, story, sentence, list(topics), context))


MINISTRY_DENIES = [("ministry", "device-owned", "deny", None)]


def test_a_live_blog_entry_with_a_dash_after_its_time_is_labelled(world):
    # "14:09 - X: ..." as "14:09 X: ...": the label's speaker says what follows
    assert said(world, "14:09 - Interior Ministry: the police have no such device.") == MINISTRY_DENIES
    assert said(world, "14:09 - Mara Kovac to reporters: the police have an LRAD.") == [
        ("union", "device-owned", "affirm", None)]
    # an entry with no actor in its label says nothing
    assert said(world, "14:09 - Update: the police have an LRAD.") == []


def test_a_label_that_names_whom_its_speaker_speaks_for(world):
    # "ANA PETROVIC, Dockers' Union: ...": the body after the comma, when the person is no actor
    assert said(world, "ANA PETROVIC, Dockers' Union: The police have an LRAD.") == [
        ("union", "device-owned", "affirm", None)]
    # the person's own name first, when it is an actor's
    assert said(world, "ANN BERG, Dockers' Union: The police have an LRAD.") == [
        ("company", "device-owned", "affirm", None)]
    # "09:58 - Orrelink's counsel, Ana Petrovic:": the body whose role is named first
    assert said(world, "09:58 - Orrelink's counsel, Ana Petrovic: the police have an LRAD.") == [
        ("company", "device-owned", "affirm", None)]
    # not a sentence that opens with a phrase and a comma
    assert said(world, "For the students, one thing is clear: the police have an LRAD.") == []


def test_an_inverted_saying_names_the_person_after_a_role_and_its_title(world):
    # "..., declared the chief executive, Ann Berg, to our newspaper": Berg, not the role noun
    # (which would be the speaker of the sentence before)
    for sentence in ('"The police have no such device," declared the chief executive, Ann Berg, to our newspaper.',
                     '"The police have no such device," declared the director general Ann Berg to our newspaper.',
                     '"The police have no such device," said the company\'s chair, Ann Berg.'):
        text = "The Interior Ministry says the police have an LRAD. " + sentence
        assert said(world, sentence, text) == [("company", "device-owned", "deny", None)], sentence
    # a story's role before another actor's name is only that person's title
    assert said(world, '"The police have an LRAD," said the minister, Mara Kovac.') == [
        ("union", "device-owned", "affirm", None)]
    # a role with no name after it is still the role's actor
    assert said(world, '"The police have no such device," said the minister.') == MINISTRY_DENIES


def test_a_participle_of_saying_is_the_clauses_subjects(world):
    # ", saying ...": the clause's subject, not a name in its verb's object nearer to it
    assert said(world, "The Interior Ministry opened proceedings on Monday to revoke Orrelink Ferries' licence for the "
                       "depot, saying the police have no such device.") == MINISTRY_DENIES
    # names joined as the subject all say it
    assert said(world, "The students and Orrelink both welcomed the vote on Monday, saying the police have an "
                       "LRAD.") == [("company", "device-owned", "affirm", None), ("students", "device-owned", "affirm", None)]
    # a subject in a clause before the comma is not the participle's ("After ..., X said ...")
    assert said(world, "The Interior Ministry said on Monday that the police have no such device.") == MINISTRY_DENIES


def test_a_second_saying_after_and_a_title(world):
    # "X said A, and Minister Ann Berg said B": Berg's saying is hers, after her title and first name
    assert said(world, "The students said the police have an LRAD, and Chief Executive Ann Berg said the police "
                       "have no such device.") == [("company", "device-owned", "deny", None),
                                                   ("students", "device-owned", "affirm", None)]


def test_names_joined_before_a_title(world):
    # "X and Chief Executive Ann Berg said": both, the title no part of the join
    assert said(world, "The students and Chief Executive Ann Berg said the police have an LRAD.") == [
        ("company", "device-owned", "affirm", None), ("students", "device-owned", "affirm", None)]


def test_expecting_that_is_a_belief_said(world):
    # "expects that ...", like "believes that ..."
    assert said(world, "The Interior Ministry expects that the police will have no such device.") == MINISTRY_DENIES
    assert said(world, "The Interior Ministry expects the students to march.") == []


def test_a_report_and_a_persons_office_speak_for_the_one_before(world):
    # "the report says": like "the statement says", the one actor the sentence before names
    sentence = '"The police have no such device," the report says.'
    assert said(world, sentence, "The Interior Ministry published its review of the march. " + sentence) == \
        MINISTRY_DENIES
    # "his office says", "her lawyer said": the person the sentence before names
    sentence = "His office says the police have no such device."
    assert said(world, sentence, "The Interior Minister was in Novi Sad on Monday. " + sentence) == MINISTRY_DENIES


def test_a_pronoun_is_not_a_name_that_owns_a_thing(world):
    # "Orrelink's owner, Mara Kovac, ... she": Kovac, not Orrelink
    assert said(world, "Orrelink's owner, Mara Kovac, arrived on Monday and she said the police have an LRAD.") == [
        ("union", "device-owned", "affirm", None)]


def test_a_request_to_a_body_is_wanting(world):
    # "asks the court to ...": like "calls on the court to ..."
    assert said(world, "The students asked the administrative court to ban the LRAD.") == [
        ("students", "device-banned", "affirm", None)]
    # a body's counsel speaks for it, as its lawyer does
    assert said(world, "The counsel for the students, Ana Petrovic, asks the court to ban the LRAD.") == [
        ("students", "device-banned", "affirm", None)]
    assert said(world, "The students asked the minister whether the LRAD would be banned.") == []


def test_describing_a_thing_as_something_is_saying_so(world):
    # "described X as Y" says X is Y
    assert said(world, "The Interior Ministry described the LRAD as one of the police's devices.") == []
    assert said(world, "The Interior Ministry described reports of an LRAD as false, saying the police have no such "
                       "device.") == MINISTRY_DENIES
    assert said(world, "The students described the video as proof that the police have an LRAD.") == [
        ("students", "device-owned", "affirm", None)]


def test_a_name_with_its_of_phrase_and_an_aside_before_its_verb(world):
    # "Mara Kovac of the Dockers' Union, speaking from the gallery, says ...": the name's, past its
    # "of" phrase and the aside
    assert said(world, "Mara Kovac of the Dockers' Union, speaking from the public gallery of the council chamber, "
                       "says the police have an LRAD.") == [("union", "device-owned", "affirm", None)]
    # a role's "of" phrase names whom it speaks for: "the chief of X, Ann Berg, said"
    assert said(world, "The chief of the Dockers' Union, Ana Petrovic, said the police have an LRAD.") == [
        ("union", "device-owned", "affirm", None)]
