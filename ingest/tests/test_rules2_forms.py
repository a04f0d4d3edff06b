"""rules/2 reads a cue written in one form ("lose its licence", "cancel the contract") in the
other forms the articles write ("lost its licence", "cancelled", "revoking"): when no cue
matches as written, the cues are tried on the sentence's words in their base forms. Each
sentence is written for the test, in the shape reporters use."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import findings


@pytest.fixture
def story_forms(story):
    """The test story with a permit and a contract question, cues in the base form."""
    from ledger.models import Question, Topic

    permit = Topic.objects.create(story=story, key="permit", name="Permit", position=10,
                                  keywords=[r"\blicen[cs]e\b", r"\bcontract\b"])
    Question.objects.create(story=story, topic=permit, key="licence-lost", position=10,
                            text="Should the operator lose its licence?", keywords=[r"\blicen[cs]e\b"],
                            affirm=[r"\blose (its|the) licen[cs]e\b", r"\brevoke (its|the) licen[cs]e\b",
                                    r"\blicen[cs]e (must|should) be revoked\b"],
                            deny=[r"\bkeep (its|the) licen[cs]e\b"])
    Question.objects.create(story=story, topic=permit, key="contract-end", position=11,
                            text="Should the contract be cancelled?", keywords=[r"\bcontract\b"],
                            affirm=[r"\bcancel (the|its|this) contract\b", r"\bcontract (must|should) (end|go)\b"],
                            deny=[r"\bhonou?r the contract\b", r"\bshould not (end|stop)\b"])
    rules2._cache.clear()
    return story


def read(story, sentence):
    return findings(rules2, story, sentence, ["permit"])


FORMS = [
    ("The students said the operator deserved to have lost its licence months ago.", "licence-lost", "affirm"),
    ("The Interior Ministry said the operator loses its licence on Monday.", "licence-lost", "affirm"),
    ("The students said the city is revoking the licence.", "licence-lost", "affirm"),
    # an "-ing" form that is no verb of the sentence stays as written
    ("The students said revoking the licence is how the trouble started.", "licence-lost", None),
    ("The Interior Ministry did not deny revoking the licence.", "licence-lost", None),
    ("The Interior Ministry said the operator kept its licence after the hearing.", "licence-lost", "deny"),
    ("The students said the council cancelled the contract last night.", "contract-end", "affirm"),
    ("The Interior Ministry said it was cancelling the contract.", "contract-end", "affirm"),
    # the base form folded keeps a negation before it: "has not cancelled" is no cancelling
    ("The Interior Ministry said it has not cancelled the contract.", "contract-end", "deny"),
    ("The Interior Ministry said it had honoured the contract in full.", "contract-end", "deny"),
    # a condition still gives no statement, in any form
    ("The students said the operator should lose its licence if it lied.", "licence-lost", None),
    ("The Interior Ministry said it would have cancelled the contract if the audit had failed.", "contract-end", None),
    # a noun of action wanted or opposed is its verb ("the cancellation of" -> "cancel")
    ("The students demanded the immediate cancellation of the contract.", "contract-end", "affirm"),
    ("The students called for the revocation of its licence.", "licence-lost", "affirm"),
    ("The Interior Ministry rejected the cancellation of the contract.", "contract-end", "deny"),
    ("The Interior Ministry said it opposed any cancellation of the contract.", "contract-end", "deny"),
    # a modal perfect is its modal and the verb's base form ("should have ended": "should end")
    ("The students said the contract should have ended long ago.", "contract-end", "affirm"),
    ("The students said the contract should have gone, and the city with it.", "contract-end", "affirm"),
    ("The students said the contract should never have been signed.", "contract-end", None),
    # "none of them should" is "they should not"
    ("The Interior Ministry said that under the contract none of the works should stop.", "contract-end", "deny"),
    ("The students said none of the contract's suppliers should stop work.", "contract-end", "deny"),
    # wanting it done is saying it should be ("wants the licence revoked": "the licence should be revoked")
    ("The students said they wanted the operator's licence revoked.", "licence-lost", "affirm"),
    ("The students now want the licence revoked before the winter.", "licence-lost", "affirm"),
    ("The students called for the licence to be revoked.", "licence-lost", "affirm"),
    # the noun's "of" phrase read through to its modal ("the licence of the bus operator must be ...")
    ("The students said the licence of the bus operator must be revoked.", "licence-lost", "affirm"),
    # ... not a noun of action told as a fact
    ("The students said the cancellation of the contract had cost the city dearly.", "contract-end", None),
]


@pytest.mark.parametrize("sentence, question, position", FORMS, ids=[f[0][:50] for f in FORMS])
def test_rules2_reads_a_cue_in_other_forms(story_forms, sentence, question, position):
    found = [f.position for f in read(story_forms, sentence) if f.question == question]
    assert found == ([position] if position else [])


def test_a_cue_read_in_its_base_form_is_shown_as_written(story_forms):
    [f] = [f for f in read(story_forms, "The students said the council cancelled the contract last night.")
           if f.question == "contract-end"]
    assert "cancelled the contract" in f.rationale, f.rationale


def test_the_folded_words_are_lemmas_and_map_back():
    from ingest.lang import pack_for
    from ingest.lang.lemmas import fold_words

    lemma = pack_for("en").lemma
    text = "orrelink lost its licence and the council cancelled the contracts."
    base, starts, ends = fold_words(text, lemma)
    assert base == "orrelink lose its licence and the council cancel the contract."
    at = base.index("cancel the contract")
    assert text[starts[at]:ends[at + len("cancel the contract")]] == "cancelled the contracts"  # whole words
    assert lemma("filled", "") == "fill" and lemma("was", "") == "was"  # no single-l guess; auxiliaries kept
    assert pack_for("sr").lemma is None  # Serbian cues are written in their own forms
