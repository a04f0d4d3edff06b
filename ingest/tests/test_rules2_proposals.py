"""rules/2 reads a "should" question's proposal from the question as put: backing or opposing
what it proposes is a position, though no cue the user wrote says so (proposals.py). The
sentences are invented, in the story of the test world."""
import pytest

from ingest.extractors.rules2.proposals import Proposals
from ingest.lang import pack_for

from .test_rules2_real_shapes import found


def question(story, key, text, keywords=None, **cues):
    """A stance question on the world's topic "march-15" (its keywords: the sentences' nouns)."""
    from ledger.models import Question, Topic

    Question.objects.create(story=story, topic=Topic.objects.get(story=story, key="march-15"), key=key, text=text,
                            keywords=keywords or [r"\bLRAD\b", r"\bcontract\b", r"\bban\b", r"\bloan\b",
                                                  r"\blicen[cs]e\b", r"\bdepot\b"], **cues)


@pytest.fixture
def story_cancel(story):
    # a cue the user wrote that none of the sentences below says
    question(story, "cancel", "Should the ministry cancel the LRAD contract?", affirm=[r"\btear up\b"])
    return story


@pytest.fixture
def story_loan(story):
    question(story, "loan", "Should the council approve the loan for the LRAD?", affirm=[r"\bsign off\b"])
    return story


def test_the_proposal_is_read_from_the_question():
    proposals = Proposals(pack_for("en"))
    assert proposals.read("Should the ministry cancel the LRAD contract?") == ("cancel", "contract")
    assert proposals.read("Should the disputed ballots be recounted by hand?") == ("recount", "ballots")
    assert proposals.read("Should the proposed ban on the LRAD go ahead?") == ("go", "ban")
    assert proposals.read("Should Drešnik's ban stand?") == ("stand", "ban")
    assert proposals.read("Should universities be allowed to raise tuition fees?") == ("raise", None)
    assert proposals.read("Should the government block the takeover?") == ("block", "takeover")
    assert proposals.read("Should Ostrevia impose capital controls?") == ("impose", "controls")
    assert proposals.read("Was the sound caused by an LRAD?") is None  # no proposal: nothing to back
    assert proposals.read("Should Zelvair get full approval?") is None  # "approval" is no verb


def test_backing_or_opposing_the_act_proposed(story_cancel):
    assert found(story_cancel, "The students demanded the cancellation of the LRAD contract.") == [
        ("students", "cancel", "affirm")]
    assert found(story_cancel, "The students said they back cancelling the LRAD contract.") == [
        ("students", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry rejected the cancellation of the LRAD contract on Friday.") == [
        ("ministry", "cancel", "deny")]
    # negated, it is the other side
    assert found(story_cancel, "The Interior Ministry said it does not support cancelling the LRAD contract.") == [
        ("ministry", "cancel", "deny")]


@pytest.fixture
def story_stand(story):
    question(story, "stand", "Should the ban on the LRAD stand?", affirm=[r"\bzzz\b"])
    return story


def test_a_thing_kept_but_lessened_is_kept_in_part(story_stand):
    assert found(story_stand, "The students said the LRAD ban should be shortened.") == [("students", "stand", "partial")]
    assert found(story_stand, "The Interior Ministry said it backs a shorter ban on the LRAD.") == [("ministry", "stand", "partial")]
    # not lessened: "should not be cut" is no partial
    assert found(story_stand, "The students said the LRAD ban should not be shortened.") != [
        ("students", "stand", "partial")]


def test_a_thing_called_to_be_undone_with_what_it_is_on(story_stand):
    # "called for the ban on the LRAD to be lifted" is no backing of the ban
    assert ("students", "stand", "affirm") not in found(
        story_stand, "The students called for the ban on the LRAD to be lifted.")


def test_the_speakers_own_saying_recalled_is_no_statement(story_stand):
    assert found(story_stand, "\u201cThree weeks ago we called for the ban to be shortened,\u201d the students "
                              "said.") == []
    assert found(story_stand, "\u201cWe call for the ban to be shortened,\u201d the students said.") == [
        ("students", "stand", "partial")]


def test_a_clause_after_a_day_is_no_noun_phrase(story_stand):
    # "on Thursday that the ban ...": the day's phrase ends where the clause opens
    assert found(story_stand, "The students told reporters on Thursday that the ban on the LRAD should be shortened.") == [
        ("students", "stand", "partial")]


def test_a_harm_the_act_would_do_is_against_it(story_cancel):
    assert found(story_cancel, "The Interior Ministry said cancelling the LRAD contract would hurt the police.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The students said a cancellation of the LRAD contract now would hurt the police.") == [
        ("students", "cancel", "deny")]


def test_the_act_in_other_words(story_cancel, story_stand):
    # a synonym of the question's verb, an extraposed judgement, a thing undone in another word
    assert found(story_cancel, "The students said the LRAD contract should be terminated.") == [
        ("students", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry said it would be irresponsible to scrap the LRAD contract.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_stand, "The students said the ban on the LRAD should be waived.") == [("students", "stand", "deny")]
    # not turned by its own negation into the other side: no record rather than a wrong one
    assert ("ministry", "stand", "deny") not in found(
        story_stand, "The Interior Ministry said the ban on the LRAD would not be withdrawn.")


def test_a_synonym_of_the_act_in_its_gerund_and_its_intent(story):
    # "close" for "shut": "closing" (a regular gerund the tables do not know), "would not close"
    question(story, "shut", "Should the LRAD depot be shut down?", affirm=[r"\bzzz\b"])
    assert found(story, "The Interior Ministry said closing the LRAD depot would be a mistake.") == [
        ("ministry", "shut", "deny")]


def test_the_act_in_another_verb_of_the_table(story):
    question(story, "release", "Should the police release the detained LRAD operators?", affirm=[r"\bzzz\b"])
    assert found(story, "The students said the police must free the LRAD operators.") == [("students", "release", "affirm")]


def test_an_order_no_reason_and_the_act_said_of_the_thing(story):
    question(story, "shut", "Should the LRAD depot be shut down?", affirm=[r"\bzzz\b"])
    assert found(story, "The Interior Ministry ordered the closure of the LRAD depot.") == [("ministry", "shut", "affirm")]
    assert found(story, "The Interior Ministry said there was no reason to close the LRAD depot.") == [
        ("ministry", "shut", "deny")]
    assert found(story, "\u201cThis LRAD depot must close,\u201d the students said.") == [("students", "shut", "affirm")]


def test_a_noun_of_the_act_the_tables_do_not_make(story):
    # "revocation" is revoke's noun, from the pack's `proposal_nouns`
    question(story, "revoke", "Should the LRAD licence be revoked?", affirm=[r"\bzzz\b"])
    assert found(story, "The students said they back the revocation of the LRAD licence.") == [
        ("students", "revoke", "affirm")]


def test_the_thing_whose_fate_is_asked_turns_the_other_way(story_cancel):
    # to cancel a contract is to undo it: defending the contract says it should not be cancelled
    assert found(story_cancel, "The Interior Ministry defended the LRAD contract on Friday.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The students said they oppose the LRAD contract.") == [
        ("students", "cancel", "affirm")]


def test_a_thing_kept_is_backed_as_itself(story_loan):
    assert found(story_loan, "The students have withdrawn their support for the loan for the LRAD.") == [
        ("students", "loan", "deny")]
    assert found(story_loan, "The Interior Ministry welcomed the loan for the LRAD.") == [("ministry", "loan", "affirm")]
    assert found(story_loan, "The Interior Ministry said the loan for the LRAD was the right decision.") == [
        ("ministry", "loan", "affirm")]
    assert found(story_loan, "The students said the LRAD loan was a mistake.") == [("students", "loan", "deny")]


def test_no_position_without_a_backing_of_it(story_cancel, story_loan):
    # the thing only named, a march's "against", another thing's loan, a question, a condition
    assert found(story_cancel, "The Interior Ministry said the LRAD contract was signed in 2023.") == []
    assert found(story_cancel, "The Interior Ministry counted 300 at the march against the LRAD contract.") == []
    assert found(story_loan, "The students said they back a loan for the library, not one for anything else.") == []
    assert found(story_cancel, "Does the Interior Ministry support cancelling the LRAD contract?") == []
    assert found(story_cancel, "The students said they would back cancelling the LRAD contract if it was unlawful.") == []


def test_the_users_cue_comes_first(story_cancel):
    # "tear up" is the user's affirm cue: the backing of the contract beside it is not read
    assert found(story_cancel, "The students said the ministry must tear up the LRAD contract it defended.") == [
        ("students", "cancel", "affirm")]


def test_the_proposal_restated_as_what_will_or_ought_to_be_done(story_cancel):
    assert found(story_cancel, "The students said the LRAD contract must be cancelled.") == [
        ("students", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry said it would cancel the LRAD contract next week.") == [
        ("ministry", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry said the LRAD contract should not be cancelled.") == [
        ("ministry", "cancel", "deny")]
    # another thing cancelled, or the contract only talked of
    assert found(story_cancel, "The Interior Ministry said it would cancel the march, not the LRAD contract.") == []
    assert found(story_cancel, "The students asked whether the LRAD contract would be cancelled.") == []


def test_the_proposal_named_as_a_plan_and_backings_in_other_words(story_loan, story_cancel):
    # the plan is the proposal where the act keeps its thing; not where it undoes one
    assert found(story_loan, "The students welcomed the LRAD plan.") == [("students", "loan", "affirm")]
    assert [f for f in found(story_cancel, "The students welcomed the LRAD plan.") if f[1] == "cancel"] == []
    assert found(story_loan, "The Interior Ministry said it stands firmly behind the LRAD loan.") == [
        ("ministry", "loan", "affirm")]
    assert found(story_loan, "The Interior Ministry said it would study the LRAD loan but would not sign off on it.") == []
    assert found(story_loan, "The Interior Ministry said it would not sign off on the LRAD loan.") == [
        ("ministry", "loan", "deny")]
    assert found(story_loan, "The students said they would fight against the LRAD loan.") == [
        ("students", "loan", "deny")]
    assert found(story_loan, "The students said the LRAD loan has no legal basis.") == [("students", "loan", "deny")]


def test_what_goes_on_stays(story_cancel):
    # "must go" is the contract's end; "must go on" is its going on
    assert found(story_cancel, "The students said the LRAD contract must go.") == [("students", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry said the LRAD contract must go on.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The Interior Ministry said cancelling the LRAD contract would do more harm than good.") == [
        ("ministry", "cancel", "deny")]


def test_more_judgements_and_keeping_it(story_cancel, story_loan):
    assert found(story_cancel, "The students said cancelling the LRAD contract was long overdue.") == [
        ("students", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry said cancelling the LRAD contract now would be premature.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The Interior Ministry said cancelling the LRAD contract made no sense.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The Interior Ministry said it would keep the LRAD contract in place.") == [
        ("ministry", "cancel", "deny")]
    assert [f for f in found(story_loan, "The Interior Ministry says the LRAD loan is vital.") if f[1] == "loan"] == [
        ("ministry", "loan", "affirm")]


@pytest.fixture
def story_rebuild(story):
    question(story, "rebuild", "Should the LRAD depot be rebuilt?", affirm=[r"\bput back\b"])
    question(story, "controls", "Should the ministry impose LRAD controls?", affirm=[r"\bclamp down\b"])
    return story


def test_the_act_done_and_more_ways_to_oppose_it(story_cancel, story_loan, story_rebuild):
    # the act done by the one the sentence names as its doer
    assert found(story_cancel, "The Interior Ministry cancelled the LRAD contract on Friday.") == [
        ("ministry", "cancel", "affirm")]
    assert found(story_cancel, "The students said the Interior Ministry cancelled the LRAD contract.") == []
    # appealing against it, refusing it, keeping it off the table
    assert found(story_loan, "The students said they would appeal against the LRAD loan.") == [("students", "loan", "deny")]
    assert found(story_loan, "The Interior Ministry refused the LRAD loan.") == [("ministry", "loan", "deny")]
    assert found(story_cancel, "The Interior Ministry said cancelling the LRAD contract is not on the table.") == [
        ("ministry", "cancel", "deny")]
    # an irregular participle; backing a thing the act makes
    assert [f for f in found(story_rebuild, "The students said the LRAD depot must be rebuilt.") if f[1] == "rebuild"] == [
        ("students", "rebuild", "affirm")]
    assert [f for f in found(story_rebuild, "The students renewed their call for LRAD controls.") if f[1] == "controls"] \
        == [("students", "controls", "affirm")]


def test_a_thing_kept_in_suspense_and_another_plan(story_cancel, story_loan):
    assert found(story_cancel, "The Interior Ministry said it would keep the LRAD contract under review.") == []
    assert [f for f in found(story_loan, "The students supported the plan to close the LRAD school.")
            if f[1] == "loan"] == []


def test_still_more_ways_reporters_back_or_oppose_it(story_cancel, story_loan):
    assert found(story_cancel, "The students said the ministry was right to cancel the LRAD contract.") == [
        ("students", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry said the students were wrong to cancel the LRAD contract.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The Interior Ministry said it would honour the LRAD contract until it expires.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The students protested against the cancellation of the LRAD contract.") == [
        ("students", "cancel", "deny")]
    assert found(story_cancel, "The Interior Ministry said it saw no reason to cancel the LRAD contract.") == [
        ("ministry", "cancel", "deny")]
    assert [f for f in found(story_loan, "The Interior Ministry threw its weight behind the LRAD loan.")
            if f[1] == "loan"] == [("ministry", "loan", "affirm")]
    assert [f for f in found(story_loan, "The students said approving the LRAD loan would be a waste of money.")
            if f[1] == "loan"] == [("students", "loan", "deny")]


def test_the_thing_wanted_done_the_answer_and_what_would_not_work(story_cancel):
    assert found(story_cancel, "The students want the LRAD contract cancelled.") == [("students", "cancel", "affirm")]
    assert found(story_cancel, "The students said the answer was not to cancel the LRAD contract.") == [
        ("students", "cancel", "deny")]
    assert found(story_cancel, "The students said the only answer is to cancel the LRAD contract.") == [
        ("students", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry said cancelling the LRAD contract would not stop the protests.") == [
        ("ministry", "cancel", "deny")]


def test_an_intransitive_act_with_a_time_after_it(story):
    # "during the protests" is when, not what is closed
    question(story, "close", "Should the LRAD depot close during the protests?", [r"\bdepot\b"], affirm=[r"\bzzz\b"])
    assert found(story, "The students want every LRAD depot closed.") == [("students", "close", "affirm")]


def test_an_unnamed_voice_is_no_actor_s(story_cancel):
    assert found(story_cancel, "Some in the Interior Ministry say privately that the LRAD contract must be cancelled.") == []
    assert found(story_cancel, "An official of the Interior Ministry, speaking on condition of anonymity, said the LRAD "
                               "contract must be cancelled.") == []


def test_a_fate_negated_is_the_other_side(story):
    question(story, "close", "Should the LRAD depot close?", [r"\bdepot\b"], affirm=[r"\bzzz\b"])
    assert found(story, "The Interior Ministry said the LRAD depot would not be closed.") == [("ministry", "close", "deny")]
    assert found(story, "The Interior Ministry said the LRAD depot will not close.") == [("ministry", "close", "deny")]
    assert found(story, "The Interior Ministry said the LRAD depot would be closed.") == [("ministry", "close", "affirm")]


def test_a_thing_to_be_made_so(story):
    question(story, "compulsory", "Should LRAD training be made compulsory for police officers?", [r"\btraining\b"],
             affirm=[r"\bzzz\b"])
    assert found(story, "The students backed compulsory LRAD training.") == [("students", "compulsory", "affirm")]
    assert found(story, "The students said LRAD training should become compulsory.") == [
        ("students", "compulsory", "affirm")]
    assert found(story, "The Interior Ministry said LRAD training would not be made compulsory.") == [
        ("ministry", "compulsory", "deny")]
    assert found(story, "The Interior Ministry said making LRAD training compulsory would be a mistake.") == [
        ("ministry", "compulsory", "deny")]
    assert found(story, "The Interior Ministry opposes compulsory LRAD training.") == [
        ("ministry", "compulsory", "deny")]
