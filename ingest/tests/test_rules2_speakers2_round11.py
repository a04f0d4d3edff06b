"""rules/2, who said it (round 11, second pass): a no said by "ruled out", a body's review
speaking for it, and a request that another do a thing ("asked X to ..."). Every
sentence is written for this test, in the test story's world."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import run, story2, story3  # noqa: F401 (fixtures)
from .test_rules2_speakers_round10 import world  # noqa: F401 (a fixture)


def read(story, sentence, prev=""):
    """Each attribution: its speakers, its verb, what it says, whether it denies."""
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    s = rules.norm(sentence)
    return [(a.speakers, a.verb, s[a.content[0]:a.content[1]], a.denial)
            for a in rules.speakers.read(s, rules.norm(prev)) if not a.negated]


def test_ruled_out_is_a_no(world):
    # "X ruled out Y": X says no to Y, as "rejected" does
    assert read(world, "Orrelink ruled out on Monday any purchase of an LRAD.") == [
        (["company"], "ruled out", "ruled out on Monday any purchase of an LRAD.", True)]
    assert run(rules2, world, "The army ruled out that the police have an LRAD.", ["march-15"]) == [
        ("army", "device-owned", "deny", None)]
    # a second verb joined to it says its own thing, no part of the no
    assert read(world, "Orrelink ruled out any purchase of an LRAD, and proposed that the police rent one.") == [
        (["company"], "ruled out", "ruled out any purchase of an LRAD", True)]
    # in the passive, nobody in the clause says it
    assert read(world, "A purchase of an LRAD was ruled out by the board.") == []


def test_a_review_speaks_for_the_body_before(world):
    prev = "The Dockers' Union published its review of the night on Monday."
    assert read(world, '"The police have an LRAD," the review said.', prev) == [
        (["union"], "said", '"The police have an LRAD,"', False)]
    assert run(rules2, world, 'The review said the police have an LRAD.', ["march-15"],
               prev + ' The review said the police have an LRAD.') == [("union", "device-owned", "affirm", None)]
    # a review of another thing, or a review board, is no document of the one before
    assert read(world, 'The review board said the police have an LRAD.', prev) == []
    assert read(world, 'The review of the union said the police have an LRAD.', prev) == []


def test_a_request_that_another_do_a_thing_is_wanting(world):
    # "asked X to ban Y": the speaker wants it done, as "called for" says
    assert read(world, "The Dockers' Union formally asked Orrelink on Monday to ban the LRAD.") == [
        (["union"], "asked orrelink on monday to", "asked Orrelink on Monday to ban the LRAD.", False)]
    assert read(world, "The Dockers' Union asked Orrelink's safety officer to ban the LRAD.")[0][0] == ["union"]
    # not a question put ("asked whether"), nor a request to say something
    assert read(world, "The Dockers' Union asked Orrelink whether the police have an LRAD.") == []
    assert read(world, "The Dockers' Union asked Orrelink to comment on the LRAD.") == []
    assert read(world, "The Dockers' Union asked him to explain the LRAD.") == []
    # nor a request to people the story does not name: a step told, no position
    assert read(world, "The Dockers' Union asked residents near the port to ban the LRAD.") == []
    # nor a hedge: "could not rule out" is no no
    assert read(world, "Orrelink could not rule out that the police have an LRAD.") == []
