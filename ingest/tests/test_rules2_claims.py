"""rules/2 reads a yes-or-no question's claim from the question as put: a statement that
restates it, or denies it, takes a side though no cue the user wrote says so (claims.py). The
sentences are invented, in the story of the test world."""
import pytest

from ingest.extractors.rules2.claims import Claim, Claims
from ingest.lang import pack_for

from .test_rules2_proposals import question
from .test_rules2_real_shapes import found


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
