"""rules/2's reading of a should-question's proposal (proposals.py), on shapes the dev stories
showed it missed or misread: a thing the act is said of with a verb neither keeping nor undoing
it ("Should the depot reopen?"), a re- verb said as its base and "again", and a backing on a
condition. The sentences are invented, in the story of the test world."""
import pytest

from .test_rules2_proposals import found, question


@pytest.fixture
def story_reopen(story):
    question(story, "reopen", "Should the LRAD depot reopen?", affirm=[r"\bzzz\b"])
    return story


def test_the_act_said_of_the_thing_itself(story_reopen):
    # "reopen" neither keeps nor undoes the depot: the depot said to reopen is the act backed
    assert found(story_reopen, "The students said the LRAD depot should reopen.") == [("students", "reopen", "affirm")]
    assert found(story_reopen, "The Interior Ministry said the LRAD depot should be allowed to reopen.") == [
        ("ministry", "reopen", "affirm")]
    # negated inside the cue: the other side
    assert found(story_reopen, "The students said the LRAD depot must not reopen.") == [("students", "reopen", "deny")]


def test_the_act_said_of_the_thing_on_a_condition_is_in_part(story_reopen):
    assert found(story_reopen, "The Interior Ministry said the LRAD depot can reopen once the fence is mended.") == [
        ("ministry", "reopen", "partial")]
    assert found(story_reopen, "The students said the LRAD depot must not reopen until the inquiry reports.") == [
        ("students", "reopen", "partial")]


def test_a_re_verb_said_with_again(story_reopen):
    # "open again" is "reopen"
    assert found(story_reopen, "The students said the LRAD depot should open again.") == [("students", "reopen", "affirm")]


@pytest.fixture
def story_rebuild(story):
    question(story, "rebuild", "Should the ministry rebuild the LRAD depot?", affirm=[r"\bzzz\b"])
    return story


def test_a_re_verb_done_to_the_thing_with_again(story_rebuild):
    assert found(story_rebuild, "The students said the LRAD depot must be built again.") == [
        ("students", "rebuild", "affirm")]
    assert found(story_rebuild, "The Interior Ministry said it sees no reason to build the LRAD depot again.") == [
        ("ministry", "rebuild", "deny")]


@pytest.fixture
def story_sign(story):
    question(story, "sign", "Should the ministry sign the LRAD contract?", affirm=[r"\bzzz\b"])
    return story


def test_a_backing_on_a_condition_is_in_part(story_sign):
    assert found(story_sign, "The students said they back the LRAD contract, provided the price is published.") == [
        ("students", "sign", "partial")]
    assert found(story_sign, "The students said they back the LRAD contract.") == [("students", "sign", "affirm")]
    # an opposition on a condition is no backing in part ("against it unless ...")
    assert ("students", "sign", "partial") not in found(
        story_sign, "The students said they oppose the LRAD contract unless the price is published.")


def test_a_thing_wanted_done_does_not_reach_over_a_condition(story_sign):
    # "would accept the contract if it is signed in public": a condition, read as one (no
    # record), not "accept the contract ... signed"
    assert found(story_sign, "The students said they would accept the LRAD contract if it is signed in public.") == []
