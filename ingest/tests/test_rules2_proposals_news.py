"""rules/2's reading of a should-question's proposal on the shapes reporters write it in
(proposals.py). A reviewer read about 35 real articles on disputed proposals (loans, contracts,
bans, takeovers) and wrote these sentences in the test world's story, none copied. Each must
give its position or nothing: never the other side, and never a record where none is due.
Those marked `True` must give their position. The reviewer's first run gave 49 right, 29 wrong
and 27 missed; the rules were then mended on these sentences, so they are no longer a fair
measure, only a guard."""
import pytest

from ingest.extractors import rules2

from .test_rules2_proposals import found, question

# (sentence, question, (actor, position) or None: no record, must it be found)
SHAPES = [
    ('The students welcomed the decision to cancel the LRAD contract.', 'cancel', ('students', 'affirm'), True),
    ('The students voiced support for cancelling the LRAD contract.', 'cancel', ('students', 'affirm'), True),
    ('The Interior Ministry came out against cancelling the LRAD contract.', 'cancel', ('ministry', 'deny'), True),
    ('The President stopped short of backing the cancellation of the LRAD contract.', 'cancel', None, True),
    ('The students dropped their opposition to the LRAD contract.', 'cancel', ('students', 'deny'), False),
    ('The Interior Ministry warned against cancelling the LRAD contract.', 'cancel', ('ministry', 'deny'), True),
    ('The students launched a campaign against the LRAD contract.', 'cancel', ('students', 'affirm'), False),
    ('The President criticised the Interior Ministry over the LRAD contract.', 'cancel', None, True),
    ('The Interior Ministry said it would not rule out cancelling the LRAD contract.', 'cancel', None, True),
    ('The Interior Ministry said it has no plans to cancel the LRAD contract.', 'cancel', ('ministry', 'deny'), True),
    ('The Interior Ministry said the LRAD contract will not be cancelled.', 'cancel', ('ministry', 'deny'), True),
    ('The Interior Ministry defended the decision to sign the LRAD contract.', 'cancel', ('ministry', 'deny'), False),
    ('The LRAD contract, which the Interior Ministry defended last year, expires in May.', 'cancel', None, True),
    ('The Interior Ministry rejected calls to cancel the LRAD contract.', 'cancel', ('ministry', 'deny'), True),
    ('The Interior Ministry brushed aside demands to cancel the LRAD contract.', 'cancel', ('ministry', 'deny'), True),
    ('The Interior Ministry dismissed calls to cancel the LRAD contract.', 'cancel', ('ministry', 'deny'), True),
    ('The Interior Ministry denied reports that it would cancel the LRAD contract.', 'cancel', ('ministry', 'deny'), True),
    ('The students said they fear the ministry will cancel the LRAD contract.', 'cancel', ('students', 'deny'), False),
    ('The Interior Ministry said it had been urged to cancel the LRAD contract.', 'cancel', None, True),
    ('The President said the students want to cancel the LRAD contract.', 'cancel', None, True),
    ("The students backed the Interior Ministry's decision to keep the LRAD contract.", 'cancel', ('students', 'deny'), False),
    ('The Interior Ministry said cancelling the LRAD contract would be a mistake.', 'cancel', ('ministry', 'deny'), True),
    ('The students said the cancellation of the LRAD contract was the right decision.', 'cancel', ('students', 'affirm'), True),
    ('The students said dropping the LRAD contract was the right decision.', 'cancel', ('students', 'affirm'), False),
    ('The President said the LRAD contract was necessary for public order.', 'cancel', ('president', 'deny'), False),
    ('The students asked the ministry to cancel the LRAD contract.', 'cancel', ('students', 'affirm'), True),
    ('The students said they were against the LRAD contract.', 'cancel', ('students', 'affirm'), True),
    ('The students said they would fight any attempt to cancel the LRAD contract.', 'cancel', ('students', 'deny'), True),
    ('The Interior Ministry said the LRAD contract must be honoured.', 'cancel', ('ministry', 'deny'), True),
    ('The President said the LRAD contract would be reviewed, not cancelled.', 'cancel', ('president', 'deny'), False),
    ('The Interior Ministry is reportedly backing the cancellation of the LRAD contract.', 'cancel', None, True),
    ('If the audit finds fraud, the Interior Ministry will cancel the LRAD contract.', 'cancel', None, True),
    ('The Interior Ministry is expected to cancel the LRAD contract next week.', 'cancel', None, True),
    ('The students accused the Interior Ministry of defending the LRAD contract.', 'cancel', None, True),
    ('The Interior Ministry said the students had attacked the LRAD contract.', 'cancel', None, True),
    ('The President slammed the students for opposing the LRAD contract.', 'cancel', None, True),
    ("The Interior Ministry said the students' criticism of the LRAD contract was unfair.", 'cancel', ('ministry', 'deny'), False),
    ('The students renewed their demand for the cancellation of the LRAD contract.', 'cancel', ('students', 'affirm'), False),
    ("The Interior Ministry ignored the students' demand for the cancellation of the LRAD contract.", 'cancel', None, True),
    ('"We will never cancel this LRAD contract," the Interior Ministry said.', 'cancel', ('ministry', 'deny'), True),
    ('The students said the ministry would cancel the LRAD contract only after the elections.', 'cancel', None, True),
    ('The Interior Ministry said it will not cancel the LRAD contract, as the students demand.', 'cancel', ('ministry', 'deny'), True),
    ('The students voted against the loan for the LRAD.', 'loan', ('students', 'deny'), True),
    ('The students said the vote on the LRAD loan is on Tuesday.', 'loan', None, True),
    ('Opponents of the LRAD loan marched past the Interior Ministry on Tuesday.', 'loan', None, True),
    ("The students welcomed the council's decision to approve the LRAD loan.", 'loan', ('students', 'affirm'), True),
    ("The students criticised the council's decision to approve the LRAD loan.", 'loan', ('students', 'deny'), True),
    ('The Interior Ministry dropped its opposition to the LRAD loan.', 'loan', ('ministry', 'affirm'), False),
    ('The Interior Ministry stopped short of backing the LRAD loan.', 'loan', None, True),
    ('The students said the council must reject the LRAD loan.', 'loan', ('students', 'deny'), True),
    ('The students said the council would approve the LRAD loan anyway.', 'loan', None, True),
    ('The students warned against the LRAD loan.', 'loan', ('students', 'deny'), True),
    ('The students said they have no objection to the LRAD loan.', 'loan', ('students', 'affirm'), True),
    ('The students said the LRAD loan was hardly the right decision.', 'loan', ('students', 'deny'), False),
    ('The Interior Ministry said the LRAD loan was not unreasonable.', 'loan', ('ministry', 'affirm'), False),
    ('The President said critics of the LRAD loan were wrong.', 'loan', ('president', 'affirm'), False),
    ('The Interior Ministry said that the council backed the LRAD loan.', 'loan', None, True),
    ('The students, who once backed the LRAD loan, now say it was a mistake.', 'loan', ('students', 'deny'), False),
    ('The Interior Ministry said it no longer supports the LRAD loan.', 'loan', ('ministry', 'deny'), True),
    ("The students said the council's approval of the LRAD loan was a betrayal.", 'loan', ('students', 'deny'), True),
    ('The President said he would veto the LRAD loan.', 'loan', ('president', 'deny'), False),
    ('The students said the council should never have approved the LRAD loan.', 'loan', ('students', 'deny'), False),
    ('The students said they back the LRAD loan only if it is capped.', 'loan', None, True),
    ('The Interior Ministry backed the LRAD loan in 2023 but now wants it cut.', 'loan', None, True),
    ('The President said the LRAD loan was "the wrong answer" but would sign it.', 'loan', ('president', 'partial'), False),
    ('The students urged the government to block the takeover of the LRAD maker.', 'takeover', ('students', 'affirm'), True),
    ('The President welcomed the takeover of the LRAD maker.', 'takeover', ('president', 'deny'), True),
    ('The students said the takeover of the LRAD maker must be blocked.', 'takeover', ('students', 'affirm'), True),
    ('The President said blocking the takeover of the LRAD maker would be a mistake.', 'takeover', ('president', 'deny'), True),
    ('The students said the takeover of the LRAD maker should go ahead.', 'takeover', ('students', 'deny'), True),
    ('The Interior Ministry said it would not stand in the way of the takeover of the LRAD maker.', 'takeover', ('ministry', 'deny'), False),
    ('The President said the government would block the takeover of the LRAD maker if it threatened jobs.', 'takeover', None, True),
    ('The students said the regulator would block the takeover of the LRAD maker.', 'takeover', None, True),
    ('The students called for the LRAD ban to be lifted.', 'lift', ('students', 'affirm'), True),
    ('The students want the LRAD ban lifted.', 'lift', ('students', 'affirm'), True),
    ('The students pushed for the LRAD ban to be scrapped.', 'lift', ('students', 'affirm'), False),
    ('The Interior Ministry said the LRAD ban would stay.', 'lift', ('ministry', 'deny'), True),
    ('The students welcomed the lifting of the LRAD ban.', 'lift', ('students', 'affirm'), True),
    ('The President defended the LRAD ban.', 'lift', ('president', 'deny'), True),
    ('The students said the LRAD ban was unjust.', 'lift', ('students', 'affirm'), True),
    ('The Interior Ministry warned that lifting the LRAD ban would be dangerous.', 'lift', ('ministry', 'deny'), False),
    ('The students demanded an end to the LRAD ban.', 'lift', ('students', 'affirm'), True),
    ('The students said the LRAD ban should be lifted.', 'lift', ('students', 'affirm'), True),
    ('The Interior Ministry said the LRAD ban was introduced in 2024.', 'lift', None, True),
    ('The President said lifting the LRAD ban was the right call.', 'lift', ('president', 'affirm'), True),
    ('The students said the court was wrong to uphold the LRAD ban.', 'lift', ('students', 'affirm'), False),
    ('The Interior Ministry said the LRAD ban was justified and would not be lifted.', 'lift', ('ministry', 'deny'), True),
    ('The students oppose the ban on protests near the LRAD depot.', 'lift', None, True),
    ('The students welcomed the loan for the families hurt by the LRAD.', 'loan', None, True),
    # doubtful: the contract for the LRAD batteries may well be the contract asked
    ('The Interior Ministry defended the contract for the LRAD batteries, not the device deal.', 'cancel', ('ministry', 'deny'), True),
    ("The Interior Ministry said it supports the students' right to protest the LRAD contract.", 'cancel', None, True),
    ('The Interior Ministry said the LRAD contract was cancelled on Friday.', 'cancel', None, True),
    ('The Interior Ministry said it stood by the LRAD contract.', 'cancel', ('ministry', 'deny'), True),
    ('"This LRAD contract must go," the students said.', 'cancel', ('students', 'affirm'), True),
    ('The students said nobody backs the LRAD contract any more.', 'cancel', ('students', 'affirm'), True),
    # a judgement of another's backing: not read (a backing read must be the speaker's own)
    ("The Interior Ministry said the students' campaign against the LRAD contract was a mistake.", 'cancel', ('ministry', 'deny'), False),
    ('The students called for the LRAD contract to be cancelled.', 'cancel', ('students', 'affirm'), True),
    ('The students want the LRAD contract cancelled.', 'cancel', ('students', 'affirm'), True),
    ('The students demanded that the LRAD contract be cancelled.', 'cancel', ('students', 'affirm'), True),
    ('The students asked for the LRAD loan to be rejected.', 'loan', ('students', 'deny'), False),
    ('The President said the LRAD contract was necessary.', 'cancel', ('president', 'deny'), True),
    ('The students said the LRAD loan was barely justified.', 'loan', ('students', 'deny'), False),
    ('The students said the ministry will cancel the LRAD contract.', 'cancel', None, True),
    ("The students said the Interior Ministry's defence of the LRAD contract was a disgrace.", 'cancel', ('students', 'affirm'), False),
    ('The Interior Ministry said supporters of the LRAD loan were right.', 'loan', ('ministry', 'affirm'), False),
]


@pytest.fixture
def story_shapes(story):
    from ledger.models import Actor

    story.config = {**story.config, "actors": story.config["actors"] + [
        {"id": "president", "name": "The President", "aliases": [r"\bPresident\b"]}]}
    story.save()
    Actor.objects.create(story=story, key="president", name="The President", aliases=[r"\bPresident\b"])
    question(story, "cancel", "Should the ministry cancel the LRAD contract?", affirm=[r"\btear up\b"])
    question(story, "loan", "Should the council approve the loan for the LRAD?", affirm=[r"\bsign off\b"])
    question(story, "takeover", "Should the government block the takeover of the LRAD maker?", affirm=[r"\bstep in\b"])
    question(story, "lift", "Should the LRAD ban be lifted?", affirm=[r"\bend the ban\b"])
    rules2._cache.clear()
    return story


@pytest.mark.parametrize("sentence, key, expected, must", SHAPES, ids=[s[0][:60] for s in SHAPES])
def test_a_proposal_backed_or_opposed_as_reporters_write_it(story_shapes, sentence, key, expected, must):
    got = [(actor, position) for actor, q, position in found(story_shapes, sentence) if q == key]
    assert got in (([expected] if expected else []), [] if not must else None), got
