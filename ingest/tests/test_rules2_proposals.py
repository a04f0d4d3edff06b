"""rules/2 reads a "should" question's proposal from the question as put (proposals.py): backing
or opposing what it proposes is a position, though no cue the user wrote says so. The act in
other words and in everyday ones ("give back" for return), a thing the act is said of with a
verb neither keeping nor undoing it ("Should the depot reopen?"), a re- verb said as its base
and "again", the thing's opposite state ("should stay"), a request put to another, and a
backing on a condition (in part). The sentences are invented, in the story of the test world."""
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


# --- the act said of the thing, a re- verb with "again", a backing on a condition -----------------

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
def story_rebuild_again(story):
    question(story, "rebuild", "Should the ministry rebuild the LRAD depot?", affirm=[r"\bzzz\b"])
    return story


def test_a_re_verb_done_to_the_thing_with_again(story_rebuild_again):
    assert found(story_rebuild_again, "The students said the LRAD depot must be built again.") == [
        ("students", "rebuild", "affirm")]
    assert found(story_rebuild_again, "The Interior Ministry said it sees no reason to build the LRAD depot again.") == [
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


# --- a request put to another, the act in everyday words, the thing's opposite state --------------

@pytest.fixture
def story_return(story):
    question(story, "return", "Should the ministry return the LRAD devices to the manufacturer?", affirm=[r"\bzzz\b"])
    return story


def test_a_request_put_to_another_with_a_longer_object(story_return):
    # the one asked named with more words than a backing's gap takes ("in Novi Sad")
    assert found(story_return, "The students want the police chief in Novi Sad to return the LRAD devices.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students on Monday called on the head of the city police to return the LRAD devices.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students urged the head of the city police not to return the LRAD devices.") == [
        ("students", "return", "deny")]


def test_a_request_to_say_or_another_clause_is_no_request_of_the_act(story_return):
    assert found(story_return, "The students want the police chief in Novi Sad to say whether the LRAD devices will go.") == []
    # the gap holds another's verb: what the chief plans is no request of the students
    assert found(story_return, "The students asked why the police chief had decided to return the LRAD devices.") == []


def test_the_act_in_everyday_words(story_return):
    assert found(story_return, "The students said the ministry should give the LRAD devices back.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students said the ministry should hand back the LRAD devices.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students called for the LRAD devices to be sent back.") == [
        ("students", "return", "affirm")]


def test_the_thing_goes_back_or_stays(story_return):
    assert found(story_return, "The students said the LRAD devices must go back to the manufacturer.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students said the LRAD devices should go home.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The Interior Ministry said the LRAD devices should stay in the capital.") == [
        ("ministry", "return", "deny")]
    assert found(story_return, "The Interior Ministry said it would keep the LRAD devices.") == [
        ("ministry", "return", "deny")]
    assert found(story_return, "The Interior Ministry wants to keep the LRAD devices.") == [
        ("ministry", "return", "deny")]


def test_a_stay_of_another_thing_or_of_a_thing_not_moved_is_none(story_return):
    # "stay" said of the students, not of the devices
    assert found(story_return, "The Interior Ministry said the students should stay away from the LRAD depot.") == []


@pytest.fixture
def story_close(story):
    question(story, "close", "Should the ministry close the LRAD depot?", affirm=[r"\bzzz\b"])
    return story


def test_go_back_is_no_reading_of_an_act_that_moves_nothing(story_close):
    assert found(story_close, "The students said the LRAD depot must go back to its old owners.") == []


def test_a_plan_denied_in_quotation_marks(story_return):
    assert found(story_return, 'The Interior Ministry said it had "no plans" to return the LRAD devices.') == [
        ("ministry", "return", "deny")]


def test_keeping_backed_by_another_is_not_the_speakers(story_return):
    assert found(story_return, "The students said the Interior Ministry wants to keep the LRAD devices.") == []


def test_the_things_pronoun_opening_what_was_said(story_return):
    assert found(story_return, "The students said they must go back to the manufacturer, the LRAD devices.") == [
        ("students", "return", "affirm")]
    assert found(story_return, '"They should stay where they are," the Interior Ministry said of the LRAD devices.') == [
        ("ministry", "return", "deny")]
    # not a pronoun inside what was said: "the students say the police think they should stay"
    assert found(story_return, "The students said the police think they should stay, the LRAD devices.") == []


@pytest.fixture
def story_withdraw(story):
    question(story, "withdraw", "Should the LRAD devices be withdrawn from service?", affirm=[r"\bzzz\b"])
    return story


def test_a_thing_undone_kept_by_its_pronoun(story_withdraw):
    assert found(story_withdraw, "The Interior Ministry, which bought the LRAD devices, still says they should stay.") == [
        ("ministry", "withdraw", "deny")]
    # "it" is not "the devices"
    assert found(story_withdraw, "The Interior Ministry, which bought the LRAD devices, still says it should stay.") == []
