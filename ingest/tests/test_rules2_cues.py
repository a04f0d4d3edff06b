"""rules/2's reading of a question from its own words where no cue of the story fires
(proposals.py, claims.py): a noun with a place after it in the question ("the ferry line
through the depot"), the act said of the thing in the passive or asked of it ("must be reopened", "wants
the depot to reopen"), a time said of what will be that is no condition ("would reopen as soon
as ..."), the act proposed asked to be undone ("asked the court to annul the renewal") or its noun
said to go on ("the renewal must go ahead"), a thing a verb brings in backed ("want
monitors"), the act judged past a relative clause of its thing ("suspending a depot that
hundreds rely on is not on the table"), and a duty failed denied by the duty done ("the ministry did its job").
The sentences are invented, in the story of the test world."""
import pytest

from ingest.extractors.rules2.proposals import Proposals
from ingest.lang import pack_for

from .test_rules2_proposals import found, question


def test_a_noun_with_a_place_after_it_is_no_verb():
    proposals = Proposals(pack_for("en"))
    # "line through": no verb and its particle; the question's verb closes it
    assert proposals.read("Should the ferry line through the LRAD depot reopen?") == ("reopen", "line")
    assert proposals.read("Should the tram link across the harbour close?") == ("close", "link")
    # a particle that closes the question is still the verb's
    assert proposals.read("Should the ban go through?") == ("go", "ban")


@pytest.fixture
def story_line(story):
    question(story, "line", "Should the ferry line through the LRAD depot reopen?", [r"\bline\b"], affirm=[r"\bzzz\b"])
    return story


def test_the_line_through_the_depot(story_line):
    assert found(story_line, "The students said the ferry line should reopen.") == [("students", "line", "affirm")]


@pytest.fixture
def story_reopen(story):
    question(story, "reopen", "Should the LRAD depot reopen?", affirm=[r"\bzzz\b"])
    return story


def test_the_act_said_of_the_thing_in_the_passive(story_reopen):
    assert found(story_reopen, "The students said the LRAD depot must be reopened.") == [("students", "reopen", "affirm")]
    assert found(story_reopen, "The Interior Ministry said the LRAD depot will be opened again soon.") == [
        ("ministry", "reopen", "affirm")]
    assert found(story_reopen, "The students said the LRAD depot must not be reopened.") == [("students", "reopen", "deny")]


def test_the_act_asked_of_the_thing(story_reopen):
    assert found(story_reopen, "The students want the LRAD depot to reopen.") == [("students", "reopen", "affirm")]
    assert found(story_reopen, "The students asked for the LRAD depot to reopen.") == [
        ("students", "reopen", "affirm")]
    # another's wish, told by the speaker, is no request of the speaker
    assert found(story_reopen, "The students said the Interior Ministry wants the LRAD depot to reopen.") == []


def test_a_time_said_of_what_will_be_is_no_condition(story_reopen):
    assert found(story_reopen, "The Interior Ministry said the LRAD depot would reopen as soon as the fence is mended.") == [
        ("ministry", "reopen", "affirm")]
    # what may be, on a condition, is still in part
    assert found(story_reopen, "The Interior Ministry said the LRAD depot can reopen once the fence is mended.") == [
        ("ministry", "reopen", "partial")]


@pytest.fixture
def story_renew(story):
    question(story, "renew", "Should the LRAD contract be renewed?", affirm=[r"\bzzz\b"])
    return story


def test_the_act_asked_to_be_undone(story_renew):
    assert found(story_renew, "The students asked the court to annul the renewal of the LRAD contract.") == [
        ("students", "renew", "deny")]
    assert found(story_renew, "The students want to halt the renewal of the LRAD contract.") == [
        ("students", "renew", "deny")]
    # the undoing of another act is no undoing of this one
    assert found(story_renew, "The students asked the court to annul the LRAD contract's ban.") == []


def test_the_acts_own_noun_said_to_go_on_or_to_go(story_renew):
    assert found(story_renew, 'The students said the renewal of the LRAD contract "must go ahead".') == [
        ("students", "renew", "affirm")]
    assert found(story_renew, "The Interior Ministry said the renewal of the LRAD contract should not go ahead.") == [
        ("ministry", "renew", "deny")]
    assert found(story_renew, "The Interior Ministry said the renewal of the LRAD contract must be scrapped.") == [
        ("ministry", "renew", "deny")]
    # another thing said to go on is no word on the act
    assert found(story_renew, "The students said the renewal is due and the talks must go ahead.") == []


@pytest.fixture
def story_deploy(story):
    question(story, "deploy", "Should LRAD monitors be deployed at the depot?", [r"\bmonitors?\b"], affirm=[r"\bzzz\b"])
    return story


def test_backing_the_thing_a_verb_brings_in(story_deploy):
    # "deploy" brings the monitors in: wanting them is backing their deployment
    assert found(story_deploy, "The students want monitors at every gate.") == [("students", "deploy", "affirm")]
    assert found(story_deploy, "The Interior Ministry opposes the monitors.") == [("ministry", "deploy", "deny")]
    # wanted by another, told by the speaker: none
    assert found(story_deploy, "The students said the Interior Ministry wants monitors at every gate.") == []


@pytest.fixture
def story_missed(story):
    question(story, "missed", "Did the Interior Ministry miss warnings about the LRAD?", [r"\bLRAD\b", r"\binterior\b"],
             affirm=[r"\bzzz\b"])
    return story


def test_a_duty_failed_denied_by_the_duty_done(story_missed):
    assert found(story_missed, "The students said the ministry did its job on the LRAD.") == [("students", "missed", "deny")]
    assert found(story_missed, "The students said the ministry had acted properly over the LRAD.") == [("students", "missed", "deny")]
    # the subject in the words of the question's keywords: "interior" is in "the Interior Ministry"
    assert found(story_missed, "The students said the interior department did its job on the LRAD.") == [
        ("students", "missed", "deny")]
    # negated, it is no denial; another body's duty done says nothing of the ministry
    assert found(story_missed, "The students said the ministry did not do its job on the LRAD.") == []
    assert found(story_missed, "The Interior Ministry said the army did its job on the LRAD.") == []


@pytest.fixture
def story_cancel(story):
    question(story, "cancel", "Should the ministry cancel the LRAD contract?", affirm=[r"\bzzz\b"])
    return story


def test_the_act_judged_past_a_relative_clause_of_its_thing(story_cancel):
    assert found(story_cancel, "The Interior Ministry said cancelling a contract that the police rely on is simply "
                               "not on the table.") == [("ministry", "cancel", "deny")]
    assert found(story_cancel, "The students said cancelling a contract which only the police wanted would be "
                               "the right decision.") == [("students", "cancel", "affirm")]
