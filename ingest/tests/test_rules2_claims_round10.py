"""rules/2 reads a yes-or-no question's claim (claims.py), round 10: a claim of knowing ("knew
of"), kept back in other words ("held back"), a cause named as the cause or as one of several,
and a thing said safe in other shapes ("as safe as", "declared it safe", "a safe home"). The
sentences are invented, in the story of the test world."""
import pytest

from ingest.extractors.rules2.claims import Claim, Claims
from ingest.lang import pack_for

from .test_rules2_proposals import question
from .test_rules2_real_shapes import found


def on(story, key, sentence):
    return [f for f in found(story, sentence) if f[1] == key]


@pytest.fixture
def story_round10(story):
    # each with a cue the user wrote that none of the sentences below says
    question(story, "knew", "Did the Interior Ministry know of the LRAD tests before the march?",
             [r"\bknew\b", r"\baware\b", r"\bknowledge\b", r"\btests?\b"], affirm=[r"\bzzz\b"])
    question(story, "hid", "Did the Interior Ministry hide warnings about the LRAD?", [r"\bwarnings?\b"],
             affirm=[r"\bzzz\b"])
    question(story, "panic", "Was the panic caused by an LRAD?", [r"\bpanic\b", r"\bLRAD\b"], affirm=[r"\bzzz\b"])
    question(story, "safe", "Is the LRAD safe?", [r"\bsafe\b", r"\bLRAD\b"], affirm=[r"\bzzz\b"])
    question(story, "home", "Is the new depot a safe home for the LRAD?", [r"\bdepot\b"], affirm=[r"\bzzz\b"])
    return story


def test_knowing_of_a_thing_keeps_what_was_known():
    claims = Claims(pack_for("en"))
    assert claims.read("Did the ministry know of the tests?") == Claim("act", "know of", ("ministry",), ("test",),
                                                                       "the ministry")


def test_knew_of_it_in_other_words(story_round10):
    assert on(story_round10, "knew", "The students said the Interior Ministry knew of the LRAD tests.") == [
        ("students", "knew", "affirm")]
    assert on(story_round10, "knew", "The students said the Interior Ministry was aware of the tests in January.") == [
        ("students", "knew", "affirm")]
    assert on(story_round10, "knew", "The Interior Ministry said it had no knowledge of the tests.") == [
        ("ministry", "knew", "deny")]
    assert on(story_round10, "knew", "The students said the Interior Ministry knew in January.") == [
        ("students", "knew", "affirm")]
    # knowing of another thing is not the claim
    assert on(story_round10, "knew", "The students said the Interior Ministry knew of 22 injured people.") == []


def test_warnings_held_back(story_round10):
    assert on(story_round10, "hid", "The students said the Interior Ministry had held back the warnings.") == [
        ("students", "hid", "affirm")]
    assert on(story_round10, "hid", "The students said the Interior Ministry kept back the warnings for weeks.") == [
        ("students", "hid", "affirm")]


def test_a_cause_named_as_the_cause(story_round10):
    assert on(story_round10, "panic", "The students said they see the LRAD as the main cause of the panic.") == [
        ("students", "panic", "affirm")]


def test_one_cause_of_several(story_round10):
    assert on(story_round10, "panic", "The Interior Ministry said the LRAD was one of several causes of the panic.") == [
        ("ministry", "panic", "partial")]
    assert on(story_round10, "panic", "The Interior Ministry said the LRAD was one possible explanation among several.") == [
        ("ministry", "panic", "partial")]


def test_safe_in_other_shapes(story_round10):
    assert on(story_round10, "safe", "The Interior Ministry said the LRAD was as safe as any loudspeaker.") == [
        ("ministry", "safe", "affirm")]
    assert on(story_round10, "safe", "The Interior Ministry last week declared the LRAD safe.") == [
        ("ministry", "safe", "affirm")]
    assert on(story_round10, "safe", "The Interior Ministry said the LRAD was safe to use at short range.") == [
        ("ministry", "safe", "affirm")]


def test_a_safe_thing_of_a_kind():
    claims = Claims(pack_for("en"))
    assert claims.read("Is the new depot a safe home for the LRAD?") == Claim("said", "safe", ("depot",), (), "the new depot")


def test_a_safe_thing_of_a_kind_said(story_round10):
    assert on(story_round10, "home", "The students said the new depot is not a safe home for it.") == [
        ("students", "home", "deny")]
    assert on(story_round10, "home", "The Interior Ministry said the depot was a safe place.") == [
        ("ministry", "home", "affirm")]
