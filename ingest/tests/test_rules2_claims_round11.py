"""rules/2 reads a yes-or-no question's claim (claims.py), round 11: the claim restated in
other words. A thing said safe or lawful among other words ("stable and safe", "fair, legal
and affordable"), with another word ("sound", "a danger"), or called so ("would call it
safe"); lawful said with a verb ("complied with the rules", "broke the rules"); a rule kept as
the opposite of breaking it; a cause's effect said with its own verb ("the fish kill": "killed
the fish"; "drove the outbreak"); a deed told in the passive with no doer ("the bronzes were
looted"), in other words ("plundered", "carried off"), or of a part ("most of the bronzes"). The
sentences are invented, in the story of the test world."""
import pytest

from ingest.extractors.rules2.claims import Claims
from ingest.lang import pack_for

from .test_rules2_proposals import question
from .test_rules2_real_shapes import found


def on(story, key, sentence):
    return [f for f in found(story, sentence) if f[1] == key]


@pytest.fixture
def story_round11(story):
    # each with a cue the user wrote that none of the sentences below says
    question(story, "safe", "Is the new depot safe?", [r"\bdepot\b"], affirm=[r"\bzzz\b"])
    question(story, "unlawful", "Is the LRAD contract unlawful?", [r"\bcontract\b"], affirm=[r"\bzzz\b"])
    question(story, "breach", "Did the Interior Ministry breach the terms of the contract?", [r"\bcontract\b"],
             affirm=[r"\bzzz\b"])
    question(story, "kill", "Did the LRAD cause the crowd crush on the bridge?", [r"\bcrush\b", r"\bLRAD\b"],
             affirm=[r"\bzzz\b"])
    question(story, "panic", "Were the LRAD tests to blame for the panic?", [r"\bpanic\b", r"\bLRAD\b"],
             affirm=[r"\bzzz\b"])
    question(story, "looted", "Did the police loot the depot?", [r"\bdepot\b"], affirm=[r"\bzzz\b"])
    return story


def test_one_of_several_words_said_of_it(story_round11):
    assert on(story_round11, "safe", "The students said the new depot was dry and safe.") == [
        ("students", "safe", "affirm")]
    assert on(story_round11, "unlawful", 'The Interior Ministry said the contract was "fair, legal and cheap".') == [
        ("ministry", "unlawful", "deny")]
    # a negation before the words turns them all
    assert on(story_round11, "safe", "The students said the new depot was not dry and safe.") == [
        ("students", "safe", "deny")]


def test_safe_said_with_another_word(story_round11):
    assert on(story_round11, "safe", "The Interior Ministry insists the depot is sound.") == [
        ("ministry", "safe", "affirm")]
    assert on(story_round11, "safe", "The students said the depot was a real danger to anyone inside.") == [
        ("students", "safe", "deny")]
    assert on(story_round11, "safe", "The students said the depot is structurally sound.") == [
        ("students", "safe", "affirm")]


def test_called_safe_or_unlawful(story_round11):
    assert on(story_round11, "safe", "The students said nobody would call that depot safe.") == [
        ("students", "safe", "deny")]
    assert on(story_round11, "safe", "The Interior Ministry said every engineer would call the depot safe.") == [
        ("ministry", "safe", "affirm")]


def test_lawful_said_with_a_verb(story_round11):
    assert on(story_round11, "unlawful", "The Interior Ministry said the contract complied fully with "
                                         "procurement rules.") == [("ministry", "unlawful", "deny")]
    assert on(story_round11, "unlawful", "The students said the contract broke the rules.") == [
        ("students", "unlawful", "affirm")]
    # rules of another thing kept are not the claim's
    assert on(story_round11, "unlawful", "The students said the ministry broke the rules.") == []


def test_a_rule_kept_is_not_broken(story_round11):
    assert on(story_round11, "breach", "The Interior Ministry said it complied with every term of the contract.") == [
        ("ministry", "breach", "deny")]
    # keeping another thing is not the claim's
    assert on(story_round11, "breach", "The Interior Ministry said it kept its promise to the students.") == []


def test_an_effect_said_with_its_own_verb(story_round11):
    claims = Claims(pack_for("en"))
    assert claims.read("Did the leak from the dam cause the fish kill in the river?").object_words[:3] == (
        "the", "fish", "kill")
    assert on(story_round11, "kill", "The students said the LRAD crushed the crowd against the railings.") == [
        ("students", "kill", "affirm")]
    assert on(story_round11, "panic", "The students said the LRAD tests drove the panic.") == [
        ("students", "panic", "affirm")]


def test_a_deed_told_with_no_doer(story_round11):
    assert on(story_round11, "looted", "The students said the depot was looted.") == [("students", "looted", "affirm")]
    assert on(story_round11, "looted", "The students said the depot was plundered in the night.") == [
        ("students", "looted", "affirm")]
    # done by another
    assert on(story_round11, "looted", "The Interior Ministry said the depot was looted by rioters.") == []


def test_a_deed_done_to_a_part(story_round11):
    assert on(story_round11, "looted", "The students said most of the depot was ransacked.") == [
        ("students", "looted", "partial")]



def test_nobody_who_would_call_it_so(story_round11):
    assert on(story_round11, "safe", "Nobody who has seen the cracks would call that depot safe, the students said.") == [
        ("students", "safe", "deny")]
    assert on(story_round11, "unlawful", "Nobody who has read the contract would call it legal, the students said.") == []
    assert on(story_round11, "unlawful", "Nobody who has read it would call the contract legal, the students said.") == [
        ("students", "unlawful", "affirm")]


def test_no_doer_over_another_clause(story_round11):
    question(story_round11, "stopped", "Has the depot stopped production?", [r"\bproduction\b"], affirm=[r"\bzzz\b"])
    assert on(story_round11, "stopped", "The students said production was stopped on Monday.") == [
        ("students", "stopped", "affirm")]
    assert on(story_round11, "stopped", "The students called on the depot to halt production until the leak "
                                        "was stopped.") == []


def test_owed_sooner_or_possible_sooner(story):
    question(story, "late", "Were the marchers warned too late?", [r"\bwarning\b", r"\bwarned\b"], affirm=[r"\bzzz\b"])
    question(story, "slow", "Did the Interior Ministry react too slowly to the march?", [r"\bmarch", r"\bwarn"],
             affirm=[r"\bzzz\b"])
    assert on(story, "late", "The students said the marchers should have been warned much earlier.") == [
        ("students", "late", "affirm")]
    assert on(story, "slow", "The students said the Interior Ministry could have warned the marchers sooner.") == [
        ("students", "slow", "partial")]
    # another who could have left sooner is no part of it
    assert on(story, "late", "The students said some marchers could have left sooner.") == []
