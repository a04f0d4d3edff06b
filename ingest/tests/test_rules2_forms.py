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


@pytest.fixture
def story_loose(story):
    """The test story with a bridge question whose cues are written as a user imagines them:
    no auxiliary, no adverb, a past form, a contraction, a compound with a space."""
    from ledger.models import Question, Topic

    bridge = Topic.objects.create(story=story, key="bridge", name="Bridge", position=10, keywords=[r"\bbridge\b"])
    Question.objects.create(story=story, topic=bridge, key="bridge-damaged", position=10,
                            text="Was the bridge damaged by the flood?", keywords=[r"\bbridge\b"],
                            affirm=[r"\bbridge (was )?damaged\b", r"\bcracks? (were |was )?found\b",
                                    r"\bshould have been closed (earlier|sooner)\b", r"\bpiers? (were|was) (cracked|damaged)\b"],
                            deny=[r"\b(not|never|un)(-| )?damaged\b", r"\bflood (did not|didn.t) (reach|touch)\b",
                                  r"\bnot caused (the )?(cracks|damage)\b", r"\bno (structural )?fault\b"])
    Question.objects.create(story=story, topic=bridge, key="bridge-shut", position=11,
                            text="Should the bridge be shut down?", keywords=[r"\bbridge\b"],
                            affirm=[r"\bshut down the bridge\b", r"\brecommend(s|ed)? that the bridge close\b",
                                    r"\bbridge (is|was) a death trap\b", r"\bclose (all )?bridge lanes\b"],
                            deny=[r"\bclosed the bridge\b", r"\bkeep the bridge open\b"])
    Question.objects.create(story=story, topic=bridge, key="bridge-apology", position=12,
                            text="Did the contractor apologise?", keywords=[r"\bbridge\b"],
                            affirm=[r"\bapologized for the bridge\b", r"\bfavor of a new bridge\b",
                                    r"\bbacks? the (repair )?plan\b"],
                            deny=[r"\bno apology\b", r"\bmet its obligations\b"])
    rules2._cache.clear()
    return story


LOOSE = [
    # auxiliaries and adverbs between the cue's words are read through
    ("The Interior Ministry said the bridge had not been damaged.", "bridge-damaged", "deny"),
    ("The Interior Ministry said the bridge had clearly been damaged.", "bridge-damaged", "affirm"),
    ("The students said cracks had already been found in the bridge's piers.", "bridge-damaged", "affirm"),
    ("The students said the bridge should have been closed much earlier.", "bridge-damaged", "affirm"),
    ("The Interior Ministry said it recommended on Monday that the bridge close for a week.", "bridge-shut", "affirm"),
    # contractions, in the sentence or in the cue, and a hyphen read as a space
    ("The Interior Ministry said the bridge hadn't been damaged.", "bridge-damaged", "deny"),
    ("The Interior Ministry said the flood did not reach the bridge deck.", "bridge-damaged", "deny"),
    ("The students said the city must shut-down the bridge.", "bridge-shut", "affirm"),
    # British and American spellings are one; a compound written as one word or with a hyphen
    ("The Interior Ministry said the contractor had apologised for the bridge.", "bridge-apology", "affirm"),
    ("The students said they were in favour of a new bridge.", "bridge-apology", "affirm"),
    ("The students said the bridge was a death-trap.", "bridge-shut", "affirm"),
    ("The students said the council must shutdown the bridge.", "bridge-shut", "affirm"),
    # a modifier of the cue's noun before its verb: "the piers of the old bridge were damaged"
    ("The Interior Ministry said the piers of the old bridge were damaged.", "bridge-damaged", "affirm"),
    ("The Interior Ministry said the piers at none of the bridges were damaged.", "bridge-damaged", None),
    # ... not where the cue's next word is no verb: "the close of the bridge lanes" is no "close bridge lanes"
    ("The students said the close of the bridge lanes was a relief.", "bridge-shut", None),
    # a cue's article is any determiner's or owner's, with a few words before its noun
    ("The students said they back the council's revised repair plan for the bridge.", "bridge-apology", "affirm"),
    ("'We met our obligations on the bridge,' the Interior Ministry said.", "bridge-apology", "deny"),
    ("The students said they backed the council's revised repair plan for the bridge.", "bridge-apology", "affirm"),
    ("The students said they back no plan for the bridge.", "bridge-apology", None),
    ("The students said they back a partial repair plan for the bridge.", "bridge-apology", None),
    ("The students said they back the idea of a plan for the bridge.", "bridge-apology", None),
    # a past form in the cue is met by its base form after "did": "did not cause" is "not caused"
    ("The Interior Ministry said the flood did not cause the cracks in the bridge.", "bridge-damaged", "deny"),
    # a negation between the cue's words is never skipped: it reverses the cue
    ("The Interior Ministry said cracks had never been found on the bridge.", "bridge-damaged", "deny"),
    # a past form is a thing done, not one wanted: "closed the bridge" is not "to close the bridge"
    # (no deny by the cue "closed the bridge": the question's own proposal, "close" for shut
    # down, reads what ought to be done)
    ("The students said the council would have to close the bridge.", "bridge-shut", "affirm"),
    ("The students said the council should close the bridge now.", "bridge-shut", "affirm"),
    # up to two words of any kind between a cue's words, as reporters put them ("performed
    # exactly as designed", "counting its votes by hand"), but no negation, modal, "be",
    # conjunction or word that narrows between them
    ("The Interior Ministry said the bridge was badly damaged.", "bridge-damaged", "affirm"),
    ("The students said cracks were quickly and quietly found.", "bridge-damaged", None),
    ("The Interior Ministry said it had fully met its obligations on the bridge.", "bridge-apology", "deny"),
    ("The Interior Ministry said it had met all of its obligations on the bridge.", "bridge-apology", None),
    ("The students said the council had to shut down the old river bridge.", "bridge-shut", "affirm"),
    ("The students said the council had to shut down the old and the new bridge.", "bridge-shut", None),
    ("The Interior Ministry said the bridge was only partly damaged.", "bridge-damaged", None),
    # nor a gerund, the thing backed, nor a preposition that opens another phrase
    ("The students said they back scrapping the plan for the bridge.", "bridge-apology", None),
    ("The Interior Ministry said it met the mayor about its obligations on the bridge.", "bridge-apology", None),
    # nor is a question, a condition or "be" (a passive is another statement) read through
    ("The students asked whether the bridge had been damaged.", "bridge-damaged", None),
    ("The Interior Ministry said the bridge had been damaged only if the gauges were right.", "bridge-damaged", None),
]


@pytest.mark.parametrize("sentence, question, position", LOOSE, ids=[f[0][:50] for f in LOOSE])
def test_rules2_reads_a_cue_through_words_put_between(story_loose, sentence, question, position):
    found = [f.position for f in findings(rules2, story_loose, sentence, ["bridge"]) if f.question == question]
    assert found == ([position] if position else [])


def test_a_cue_read_loosely_is_shown_as_written(story_loose):
    [f] = [f for f in findings(rules2, story_loose, "The Interior Ministry said the bridge had not been damaged.",
                               ["bridge"]) if f.question == "bridge-damaged"]
    assert "not been damaged" in f.rationale, f.rationale


def test_a_cue_pattern_folds_its_words_as_the_sentence_does():
    from ingest.lang import pack_for
    from ingest.lang.lemmas import fold_pattern, one_spelling, pattern_literal

    lemma = pack_for("en").lemma
    assert fold_pattern(r"\bcalls? (had )?failed\b", lemma) == r"\bcall(?![a-z]) (had )?failed\b"
    assert fold_pattern(r"\bnot caused\b", lemma, ("did not",)) == r"\bnot (?:caused|(?<=did not )cause)(?![a-z])\b"
    # a stem, a word spelt with a group or a class, a look-around: as written
    for p in (r"\bbreach(ed)?\b", r"\blicen[cs]e\b", r"(?<!not )\bsafe\b", r"\bferries?\b"):
        assert fold_pattern(p, lemma) == p
    assert fold_pattern(r"\bapologised\b", lemma, spelling=one_spelling) == r"\bapologized(?![a-z])\b"
    assert fold_pattern(r"\bthe centre\b", lemma, spelling=one_spelling) == r"\bthe center(?![a-z])\b"
    assert [one_spelling(w) for w in ("organised", "licence", "harbours", "cancelled", "four", "called", "filled")] \
        == ["organized", "license", "harbors", "canceled", "four", "called", "filled"]
    assert "".join("x" if f else "." for f in pattern_literal(r"a[bc]d(?<!e )f")) == "x....x.......x"


def test_a_cue_read_loosely_keeps_its_regex_syntax():
    from ingest.extractors.rules2.positions import Positions
    from ingest.lang import pack_for

    positions = Positions(pack_for("en"))
    assert positions._loosened(r"\b[a-z]-free\b") == r"\b[a-z]-free\b"  # a class's range is no hyphen
    assert positions._loosened(r"\bcyber ?attack\b") == r"\bcyber ?attack\b"  # an optional space takes no gap
    assert positions._loosened(r"\bshut-down\b") == r"\bshut\sdown\b"  # a compound's hyphen takes none either
    assert positions._loosened(r"\bshut down\b").startswith(r"\bshut(?:\s+(?:(?:has|")  # nor a space: "shutdown"
    assert positions._loosened(r"\bdidn.t pay\b").startswith(r"\bdid\s+(?:(?:has|")
    assert positions._loosened(r"(?<!not )\bsafe\b") == r"(?<!not )\bsafe\b"
