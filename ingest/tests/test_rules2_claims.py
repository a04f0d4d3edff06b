"""rules/2 reads a yes-or-no question's claim from the question as put (claims.py): a statement
that restates it, or denies it, takes a side though no cue the user wrote says so. The claim
said in other words: knowing ("knew of"), kept back ("held back"), a cause named as the cause
or one of several, a thing said safe or lawful in other shapes or among other words, a rule
kept or broken, a cause's effect said with its own verb, a deed told with no doer. The
sentences are invented, in the story of the test world."""
import pytest

from ingest.extractors.rules2.claims import Claim, Claims
from ingest.lang import pack_for

from .test_rules2_proposals import question
from .test_rules2_real_shapes import found


def on(story, key, sentence):
    return [f for f in found(story, sentence) if f[1] == key]


@pytest.fixture
def story_claims(story):
    # each with a cue the user wrote that none of the sentences below says
    question(story, "panic", "Was the panic caused by an LRAD?", [r"\bpanic\b", r"\bLRAD\b"], affirm=[r"\bzzz\b"])
    question(story, "safe", "Is the LRAD safe?", [r"\bsafe\b", r"\bdangerous\b"], affirm=[r"\bzzz\b"])
    question(story, "late", "Was the warning given too late?", [r"\bwarning\b", r"\bwarned\b"], affirm=[r"\bzzz\b"])
    question(story, "bought", "Did the Interior Ministry buy an LRAD?", [r"\bbought\b", r"\bbuy\b"], affirm=[r"\bzzz\b"])
    return story


def test_the_claim_is_read_from_the_question():
    claims = Claims(pack_for("en"))
    assert claims.read("Did a power line start the fire?") == Claim("cause", "cause", ("line",), ("fire",), "a power line")
    assert claims.read("Is the budget to blame for the slide?") == Claim("cause", "cause", ("budget",), ("slide",),
                                                                         "the budget")
    assert claims.read("Was the outage caused by a cyber attack?") == Claim("cause", "cause", ("attack",), ("outage",),
                                                                            "a cyber attack")
    assert claims.read("Was patient data stolen in the attack?") == Claim("done", "steal", (), ("data",), "")
    assert claims.read("Are the ferries safe to sail?") == Claim("said", "safe", ("ferry",), (), "the ferries")
    assert claims.read("Did Rydo break data-protection law?").verb == "break"
    # the verb an object follows, not a noun that could be a verb: "power", "declared win"
    assert claims.read("Does the operator's offer meet the union's pay demand?").verb == "meet"
    # not read: a should-question (proposals.py), a number, a claim about how ("too late")
    assert claims.read("Should the ministry cancel the contract?") is None
    assert claims.read("How many people came?") is None
    assert claims.read("Was the order to evacuate given too slowly by the mayor's office?").kind == "timely"
    assert claims.read("Was the order to evacuate given too late?") == Claim("timely", "give", ("order",), ())
    # what was late is the warning, not the people warned
    assert claims.read("Were the people of Haltwick warned too late?") == Claim("timely", "warn", (), ())
    assert claims.read("Did the plant dump waste illegally?") is None  # another how


def test_a_claim_restated_or_denied(story_claims):
    assert found(story_claims, "The students said the panic was caused by an LRAD.") == [("students", "panic", "affirm")]
    assert found(story_claims, "The students said the LRAD had caused the panic.") == [("students", "panic", "affirm")]
    assert found(story_claims, "The Interior Ministry said the panic was not caused by an LRAD.") == [
        ("ministry", "panic", "deny")]
    assert found(story_claims, "The students said the LRAD is not safe.") == [("students", "safe", "deny")]
    assert found(story_claims, "The students said the LRAD is dangerous.") == [("students", "safe", "deny")]
    assert found(story_claims, "The Interior Ministry said the LRAD was perfectly safe.") == [("ministry", "safe", "affirm")]
    # (the world's own question "Do state bodies own a sound device?" reads it too, by its cues)
    assert ("students", "bought", "affirm") in found(story_claims, "The students said the Interior Ministry bought an LRAD.")


def test_another_cause_named_denies_the_claim(story_claims):
    assert found(story_claims, "The Interior Ministry said the panic was caused by a false alarm.") == [
        ("ministry", "panic", "deny")]


def test_a_cause_ruled_out_or_unrelated(story_claims):
    assert found(story_claims, "The Interior Ministry ruled out an LRAD as the cause of the panic.") == [
        ("ministry", "panic", "deny")]
    assert found(story_claims, "The Interior Ministry said the LRAD had nothing to do with the panic.") == [
        ("ministry", "panic", "deny")]
    assert found(story_claims, "The Interior Ministry said the panic was not due to an LRAD.") == [
        ("ministry", "panic", "deny")]


def test_a_claim_that_it_came_late(story_claims):
    assert found(story_claims, "The students said the warning came far too late.") == [("students", "late", "affirm")]
    assert found(story_claims, "The Interior Ministry said the warning was given on time.") == [("ministry", "late", "deny")]
    assert found(story_claims, "The Interior Ministry said the warning was not late.") == [("ministry", "late", "deny")]
    assert found(story_claims, "The Interior Ministry said the warning could have come sooner.") == [
        ("ministry", "late", "partial")]


def test_more_shapes_of_a_claim(story_claims):
    # a cleft, another blamed, "nothing ... about", a negated modal perfect, a synonym of the verb
    assert found(story_claims, "The students said it was an LRAD that caused the panic.") == [("students", "panic", "affirm")]
    assert found(story_claims, "The Interior Ministry blamed the panic on troublemakers.") == [("ministry", "panic", "deny")]
    assert found(story_claims, "The Interior Ministry said there was nothing dangerous about the LRAD.") == [
        ("ministry", "safe", "affirm")]
    assert found(story_claims, "The Interior Ministry said the LRAD could not have caused the panic.") == [
        ("ministry", "panic", "deny")]


def test_a_claim_said_only_in_part(story_claims):
    assert found(story_claims, "The Interior Ministry said the LRAD is safe only in warning mode.") == [
        ("ministry", "safe", "partial")]


def test_a_denial_before_the_claim_turns_it(story_claims):
    assert found(story_claims, "The Interior Ministry rejected suggestions that an LRAD had caused the panic.") == [
        ("ministry", "panic", "deny")]


def test_the_claims_own_subject_speaks_of_itself(story_claims):
    # "it" is the ministry only when the ministry says it; the students' "we" is not the ministry
    def on_bought(sentence):
        return [f for f in found(story_claims, sentence) if f[1] == "bought"]

    assert on_bought("The Interior Ministry said it never bought an LRAD.") == [("ministry", "bought", "deny")]
    assert on_bought("The students said they never bought an LRAD.") == []


def test_no_position_where_the_claim_is_not_said(story_claims):
    # a question, a condition, another effect of the cause
    assert found(story_claims, "The students asked whether the panic was caused by an LRAD.") == []
    assert found(story_claims, "The students said that if the panic was caused by an LRAD, someone must resign.") == []
    assert found(story_claims, "The students said the LRAD caused a row in parliament.") == []
    # another's saying or finding, a guess, an allegation: not the speaker's own claim
    assert found(story_claims, "The students said lawyers claim the LRAD is dangerous.") == []
    assert found(story_claims, "The students said a report found that the panic was caused by an LRAD.") == []
    assert "bought" not in {f[1] for f in found(story_claims, "The students said the Interior Ministry allegedly bought an LRAD.")}


def test_an_act_named_as_a_gerund(story):
    question(story, "buying", "Did the Interior Ministry buy an LRAD?", [r"\bbuy"], affirm=[r"\bzzz\b"])

    def on_buying(sentence):
        return [f for f in found(story, sentence) if f[1] == "buying"]

    # accused of it, or its own actor denying or admitting it
    assert on_buying("The students accused the Interior Ministry of buying an LRAD.") == [("students", "buying", "affirm")]
    assert on_buying("The Interior Ministry denied buying an LRAD.") == [("ministry", "buying", "deny")]
    assert on_buying("The Interior Ministry admitted buying an LRAD.") == [("ministry", "buying", "affirm")]
    # another's act is not its own
    assert on_buying("The Interior Ministry said the students were buying an LRAD.") == []


def test_an_adjective_of_time_names_no_manner():
    claims = Claims(pack_for("en"))
    assert claims.read("Did the ministry hide early warnings about the LRAD?") == Claim(
        "act", "hide", ("ministry",), ("warning", "lrad"), "the ministry")
    assert claims.read("Was the warning given too early?") is None  # a how other than late
    assert claims.read("Was the warning given too late?").kind == "timely"


# --- knowing, holding back, a cause, a thing said safe --------------------------------------------

@pytest.fixture
def story_knowing(story):
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


def test_knew_of_it_in_other_words(story_knowing):
    assert on(story_knowing, "knew", "The students said the Interior Ministry knew of the LRAD tests.") == [
        ("students", "knew", "affirm")]
    assert on(story_knowing, "knew", "The students said the Interior Ministry was aware of the tests in January.") == [
        ("students", "knew", "affirm")]
    assert on(story_knowing, "knew", "The Interior Ministry said it had no knowledge of the tests.") == [
        ("ministry", "knew", "deny")]
    assert on(story_knowing, "knew", "The students said the Interior Ministry knew in January.") == [
        ("students", "knew", "affirm")]
    # knowing of another thing is not the claim
    assert on(story_knowing, "knew", "The students said the Interior Ministry knew of 22 injured people.") == []


def test_warnings_held_back(story_knowing):
    assert on(story_knowing, "hid", "The students said the Interior Ministry had held back the warnings.") == [
        ("students", "hid", "affirm")]
    assert on(story_knowing, "hid", "The students said the Interior Ministry kept back the warnings for weeks.") == [
        ("students", "hid", "affirm")]


def test_a_cause_named_as_the_cause(story_knowing):
    assert on(story_knowing, "panic", "The students said they see the LRAD as the main cause of the panic.") == [
        ("students", "panic", "affirm")]


def test_one_cause_of_several(story_knowing):
    assert on(story_knowing, "panic", "The Interior Ministry said the LRAD was one of several causes of the panic.") == [
        ("ministry", "panic", "partial")]
    assert on(story_knowing, "panic", "The Interior Ministry said the LRAD was one possible explanation among several.") == [
        ("ministry", "panic", "partial")]


def test_safe_in_other_shapes(story_knowing):
    assert on(story_knowing, "safe", "The Interior Ministry said the LRAD was as safe as any loudspeaker.") == [
        ("ministry", "safe", "affirm")]
    assert on(story_knowing, "safe", "The Interior Ministry last week declared the LRAD safe.") == [
        ("ministry", "safe", "affirm")]
    assert on(story_knowing, "safe", "The Interior Ministry said the LRAD was safe to use at short range.") == [
        ("ministry", "safe", "affirm")]


def test_a_safe_thing_of_a_kind():
    claims = Claims(pack_for("en"))
    assert claims.read("Is the new depot a safe home for the LRAD?") == Claim("said", "safe", ("depot",), (), "the new depot")


def test_a_safe_thing_of_a_kind_said(story_knowing):
    assert on(story_knowing, "home", "The students said the new depot is not a safe home for it.") == [
        ("students", "home", "deny")]
    assert on(story_knowing, "home", "The Interior Ministry said the depot was a safe place.") == [
        ("ministry", "home", "affirm")]


# --- the claim restated in other words ------------------------------------------------------------

@pytest.fixture
def story_in_other_words(story):
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


def test_one_of_several_words_said_of_it(story_in_other_words):
    assert on(story_in_other_words, "safe", "The students said the new depot was dry and safe.") == [
        ("students", "safe", "affirm")]
    assert on(story_in_other_words, "unlawful", 'The Interior Ministry said the contract was "fair, legal and cheap".') == [
        ("ministry", "unlawful", "deny")]
    # a negation before the words turns them all
    assert on(story_in_other_words, "safe", "The students said the new depot was not dry and safe.") == [
        ("students", "safe", "deny")]


def test_safe_said_with_another_word(story_in_other_words):
    assert on(story_in_other_words, "safe", "The Interior Ministry insists the depot is sound.") == [
        ("ministry", "safe", "affirm")]
    assert on(story_in_other_words, "safe", "The students said the depot was a real danger to anyone inside.") == [
        ("students", "safe", "deny")]
    assert on(story_in_other_words, "safe", "The students said the depot is structurally sound.") == [
        ("students", "safe", "affirm")]


def test_called_safe_or_unlawful(story_in_other_words):
    assert on(story_in_other_words, "safe", "The students said nobody would call that depot safe.") == [
        ("students", "safe", "deny")]
    assert on(story_in_other_words, "safe", "The Interior Ministry said every engineer would call the depot safe.") == [
        ("ministry", "safe", "affirm")]


def test_lawful_said_with_a_verb(story_in_other_words):
    assert on(story_in_other_words, "unlawful", "The Interior Ministry said the contract complied fully with "
                                         "procurement rules.") == [("ministry", "unlawful", "deny")]
    assert on(story_in_other_words, "unlawful", "The students said the contract broke the rules.") == [
        ("students", "unlawful", "affirm")]
    # rules of another thing kept are not the claim's
    assert on(story_in_other_words, "unlawful", "The students said the ministry broke the rules.") == []


def test_a_rule_kept_is_not_broken(story_in_other_words):
    assert on(story_in_other_words, "breach", "The Interior Ministry said it complied with every term of the contract.") == [
        ("ministry", "breach", "deny")]
    # keeping another thing is not the claim's
    assert on(story_in_other_words, "breach", "The Interior Ministry said it kept its promise to the students.") == []


def test_an_effect_said_with_its_own_verb(story_in_other_words):
    claims = Claims(pack_for("en"))
    assert claims.read("Did the leak from the dam cause the fish kill in the river?").object_words[:3] == (
        "the", "fish", "kill")
    assert on(story_in_other_words, "kill", "The students said the LRAD crushed the crowd against the railings.") == [
        ("students", "kill", "affirm")]
    assert on(story_in_other_words, "panic", "The students said the LRAD tests drove the panic.") == [
        ("students", "panic", "affirm")]


def test_a_deed_told_with_no_doer(story_in_other_words):
    assert on(story_in_other_words, "looted", "The students said the depot was looted.") == [("students", "looted", "affirm")]
    assert on(story_in_other_words, "looted", "The students said the depot was plundered in the night.") == [
        ("students", "looted", "affirm")]
    # done by another
    assert on(story_in_other_words, "looted", "The Interior Ministry said the depot was looted by rioters.") == []


def test_a_deed_done_to_a_part(story_in_other_words):
    assert on(story_in_other_words, "looted", "The students said most of the depot was ransacked.") == [
        ("students", "looted", "partial")]



def test_nobody_who_would_call_it_so(story_in_other_words):
    assert on(story_in_other_words, "safe", "Nobody who has seen the cracks would call that depot safe, the students said.") == [
        ("students", "safe", "deny")]
    assert on(story_in_other_words, "unlawful", "Nobody who has read the contract would call it legal, the students said.") == []
    assert on(story_in_other_words, "unlawful", "Nobody who has read it would call the contract legal, the students said.") == [
        ("students", "unlawful", "affirm")]


def test_no_doer_over_another_clause(story_in_other_words):
    question(story_in_other_words, "stopped", "Has the depot stopped production?", [r"\bproduction\b"], affirm=[r"\bzzz\b"])
    assert on(story_in_other_words, "stopped", "The students said production was stopped on Monday.") == [
        ("students", "stopped", "affirm")]
    assert on(story_in_other_words, "stopped", "The students called on the depot to halt production until the leak "
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
