"""rules/2, statements in an excerpt's context sentence: an interview's answer read from the
excerpt of the question before it (the question holds the keywords, the answer, "Absolutely
not.", "It must be banned, but ...", "About 4,000.", often none, and then no excerpt has the
answer as its own sentence), and another's figure for the count the sentence gives ("the
real figure was closer to ..."); an interview's turns read from the article, past the
excerpt's sentence of context. Each sentence is written for this test; none is taken from
an article."""
import re

import pytest

from ingest.excerpts import excerpts_cut
from ingest.extractors import ExcerptView, rules2
from ingest.extractors.annotations import Annotation, records_score, story_records
from ingest.services import excerpts_extract, ingest_file
from ledger.models import Excerpt, StanceRecord

from .conftest import article, write_lines
from .test_rules2 import D, story2, story3  # noqa: F401 (fixtures)


def read(story, sentence, text, topics):
    """(actor, question, position, value, quote) of each finding of the excerpt."""
    view = ExcerptView(id=1, sentence=sentence, text=text, topics=topics, day=D)
    return sorted((f.actor, f.question, f.position, f.value, f.quote)
                  for f in rules2.extract(rules2.story_rules(story), view))


# (the question: the excerpt's sentence, the excerpt's text, its topics, what rules/2 must find)
ANSWERS = [
    # a bare no in the transcript's next line: the question's cue, turned; the quote is the answer
    ("REPORTER: Should the LRAD be banned?", "REPORTER: Should the LRAD be banned?\n\nVUČIĆ: Absolutely not.",
     ["march-15"], [("president", "device-banned", "deny", None, "Absolutely not.")]),
    # a no after a short lead
    ("REPORTER: Should the LRAD be banned?",
     "REPORTER: Should the LRAD be banned?\n\nVUČIĆ: As things stand tonight, no.",
     ["march-15"], [("president", "device-banned", "deny", None, "As things stand tonight, no.")]),
    # a yes or no that opens the answer, a few words after it; not "Yes, but ...", a hedge
    ("REPORTER: Should the LRAD be banned?", "REPORTER: Should the LRAD be banned?\n\nVUČIĆ: No, not at all.",
     ["march-15"], [("president", "device-banned", "deny", None, "No, not at all.")]),
    ("REPORTER: Should the LRAD be banned?", "REPORTER: Should the LRAD be banned?\n\nVUČIĆ: Yes, from Monday on.",
     ["march-15"], [("president", "device-banned", "affirm", None, "Yes, from Monday on.")]),
    ("REPORTER: Should the LRAD be banned?", "REPORTER: Should the LRAD be banned?\n\nVUČIĆ: Yes, but not now.",
     ["march-15"], []),
    # an answer with words of its own: its own cue, under the question the question asks
    ("HOST: Should the LRAD be banned?", "HOST: Should the LRAD be banned?\n\nVUČIĆ: It must be banned, but only in "
     "the capital.", ["march-15"],
     [("president", "device-banned", "partial", None, "It must be banned, but only in the capital.")]),
    # a question put by name before it ("President Vučić, should ...?")
    ("REPORTER: President Vučić, should the LRAD be banned?",
     "REPORTER: President Vučić, should the LRAD be banned?\n\nVUČIĆ: It should not.",
     ["march-15"], [("president", "device-banned", "deny", None, "It should not.")]),
    # a label after a dash, in the question's own paragraph
    ("Should the LRAD be banned?", "Should the LRAD be banned? - VUČIĆ: Of course.", ["march-15"],
     [("president", "device-banned", "affirm", None, "Of course.")]),
    # a quoted reply
    ("Should the LRAD be banned?", 'Should the LRAD be banned? "No," the Interior Minister said.', ["march-15"],
     [("ministry", "device-banned", "deny", None, '"No," the Interior Minister said.')]),
    # a count asked for: the figure the answer opens with
    ("REPORTER: How many people came to Monday's rally?",
     "REPORTER: How many people came to Monday's rally?\n\nARCHIVE OF PUBLIC GATHERINGS: About 4,000, by our count.",
     ["crowds"], [("archive", "crowd-size", "number", 4000, "About 4,000, by our count."),
                  ("archive", "rally-monday", "number", 4000, "About 4,000, by our count.")]),
    ("REPORTER: How many people came to Monday's rally?",
     "REPORTER: How many people came to Monday's rally?\n\nARCHIVE OF PUBLIC GATHERINGS: Three, the organisers alone.",
     ["crowds"], [("archive", "crowd-size", "number", 3, "Three, the organisers alone."),
                  ("archive", "rally-monday", "number", 3, "Three, the organisers alone.")]),
    ("REPORTER: How many people came to Monday's rally?",
     "REPORTER: How many people came to Monday's rally?\n\nARCHIVE OF PUBLIC GATHERINGS: Seventeen, by our count.",
     ["crowds"], [("archive", "crowd-size", "number", 17, "Seventeen, by our count."),
                  ("archive", "rally-monday", "number", 17, "Seventeen, by our count.")]),
    # ... not a figure of another question ("Will you ...?" is no count)
    ("REPORTER: Will the people of Monday's rally come back?",
     "REPORTER: Will the people of Monday's rally come back?\n\nARCHIVE OF PUBLIC GATHERINGS: Three of them, maybe.",
     ["crowds"], []),
    # the next paragraph of an interview, unlabelled or "A:", to a question put by name
    ("President Vučić, should the LRAD be banned?",
     "President Vučić, should the LRAD be banned?\n\nIt must be banned, but only in the capital.", ["march-15"],
     [("president", "device-banned", "partial", None, "It must be banned, but only in the capital.")]),
    ("Q: Should the LRAD be banned, Interior Minister?", "Q: Should the LRAD be banned, Interior Minister?\n\nA: No.",
     ["march-15"], [("ministry", "device-banned", "deny", None, "No.")]),
    # ... not when nobody is named, or the one named is not asked
    ("Should the LRAD be banned?", "Should the LRAD be banned?\n\nAbsolutely not.", ["march-15"], []),
    ("Did the President say the LRAD should be banned?",
     "Did the President say the LRAD should be banned?\n\nNo.", ["march-15"], []),
    # the reporter's own line goes on: no answer
    ("Will the LRAD be banned?", "Will the LRAD be banned? The students think so.", ["march-15"], []),
    # an answer under a condition, or by a speaker who is no actor of the story
    ("REPORTER: Should the LRAD be banned?", "REPORTER: Should the LRAD be banned?\n\nVUČIĆ: If it was used, yes.",
     ["march-15"], []),
    ("REPORTER: Should the LRAD be banned?", "REPORTER: Should the LRAD be banned?\n\nCORRESPONDENT: No.",
     ["march-15"], []),
    # an answer with the topic's keywords is an excerpt of its own: it is read there, not here
    ("REPORTER: Should it be banned?", "REPORTER: Should it be banned?\n\nVUČIĆ: The LRAD should not be banned.",
     ["march-15"], []),
    ("VUČIĆ: The LRAD should not be banned.", "REPORTER: Should it be banned?\n\nVUČIĆ: The LRAD should not be banned.",
     ["march-15"], [("president", "device-banned", "deny", None, "VUČIĆ: The LRAD should not be banned.")]),
]


# Another's figure for the count the sentence gives, in the context sentence that names it again
RESTATED = [
    ("The Interior Ministry said 2,000 people came.",
     "The Interior Ministry said 2,000 people came. The students said the real figure was closer to 5,000.",
     [("ministry", "crowd-size", "number", 2000, "The Interior Ministry said 2,000 people came."),
      ("students", "crowd-size", "number", 5000, "The students said the real figure was closer to 5,000.")]),
    # another count ("the number of arrests"), the next paragraph, or an excerpt of its own: not here
    ("The Interior Ministry said 2,000 people came.",
     "The Interior Ministry said 2,000 people came. The students said the number of arrests was 40.",
     [("ministry", "crowd-size", "number", 2000, "The Interior Ministry said 2,000 people came.")]),
    ("The Interior Ministry said 2,000 people came.",
     "The Interior Ministry said 2,000 people came.\n\nThe students said the real figure was closer to 5,000.",
     [("ministry", "crowd-size", "number", 2000, "The Interior Ministry said 2,000 people came.")]),
    ("The Interior Ministry said 2,000 people came.",
     "The Interior Ministry said 2,000 people came. The students said the real figure was 5,000 people.",
     [("ministry", "crowd-size", "number", 2000, "The Interior Ministry said 2,000 people came.")]),
]


# A denial of the claim before as a whole, in the next sentence of its paragraph: the opposite
REBUTTED = [
    ("The students said the police have an LRAD. The Interior Ministry denied the claim.", ["march-15"],
     [("ministry", "device-owned", "deny", None, "The Interior Ministry denied the claim."),
      ("students", "device-owned", "affirm", None, "The students said the police have an LRAD.")]),
    ("The students said the police have no such device. The Interior Ministry rejected it.", ["march-15"],
     [("ministry", "device-owned", "affirm", None, "The Interior Ministry rejected it."),
      ("students", "device-owned", "deny", None, "The students said the police have no such device.")]),
    # not a denial of something else, nor one not made, nor in the next paragraph, nor of a count
    ("The students said the police have an LRAD. The Interior Ministry denied any wrongdoing.", ["march-15"],
     [("students", "device-owned", "affirm", None, "The students said the police have an LRAD.")]),
    ("The students said the police have an LRAD. The Interior Ministry did not deny the claim.", ["march-15"],
     [("students", "device-owned", "affirm", None, "The students said the police have an LRAD.")]),
    ("The students said the police have an LRAD.\n\nThe Interior Ministry denied the claim.", ["march-15"],
     [("students", "device-owned", "affirm", None, "The students said the police have an LRAD.")]),
    ("The students said 9,000 people came. The Interior Ministry denied it.", ["crowds"],
     [("students", "crowd-size", "number", 9000, "The students said 9,000 people came.")]),
]


@pytest.mark.parametrize("text, topics, expected", REBUTTED, ids=[c[0][40:90] for c in REBUTTED])
def test_rules2_reads_a_denial_of_the_claim_before(story3, text, topics, expected):
    sentence = text[:text.index(".") + 1]
    assert read(story3, sentence, text, topics) == sorted(expected)


@pytest.mark.parametrize("sentence, text, expected", RESTATED, ids=[c[1][-40:] for c in RESTATED])
def test_rules2_reads_a_count_named_again_in_the_next_sentence(story3, sentence, text, expected):
    assert read(story3, sentence, text, ["crowds"]) == sorted(expected)


@pytest.mark.parametrize("sentence, text, topics, expected", ANSWERS, ids=[c[1][-40:] for c in ANSWERS])
def test_rules2_reads_the_answer_after_a_question(story3, sentence, text, topics, expected):
    assert read(story3, sentence, text, topics) == sorted(expected)


def test_an_answer_is_written_once_and_scored_by_its_quote(story3, tmp_path):
    """Through ingest: the answer without keywords is written once, from the question's
    excerpt, quoting the answer; the one with keywords once, from its own excerpt; and the
    scoring matches each by what was said."""
    text = ("REPORTER: Should the LRAD be banned?\n\nVUČIĆ: Absolutely not. We will keep it in the depot.\n\n"
            "REPORTER: And the sound cannon, should it be banned?\n\nVUČIĆ: The LRAD should not be banned.")
    path = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/interview", text)])
    run = ingest_file(story=story3, path=path, extractor="rules/2")
    excerpts_extract(run_id=run.pk, excerpt_ids=list(Excerpt.objects.values_list("id", flat=True)))
    records = StanceRecord.objects.filter(story=story3, question__key="device-banned")
    assert sorted((r.actor.key, r.position, r.quote, r.excerpt.sentence) for r in records) == [
        ("president", "deny", "Absolutely not.", "REPORTER: Should the LRAD be banned?"),
        ("president", "deny", "VUČIĆ: The LRAD should not be banned.", "VUČIĆ: The LRAD should not be banned."),
    ]
    key = [Annotation(quote="absolutely not. we will keep it in the depot.", url="", classes=["pronoun-role"],
                      actor="president", question="device-banned", position="deny"),
           Annotation(quote="the lrad should not be banned", url="", classes=["plain"],
                      actor="president", question="device-banned", position="deny")]
    said = [r for r in story_records(story3) if r[2] == "device-banned"]
    score = records_score(said, key)
    assert (score.overall.records, score.overall.right, score.overall.found) == (2, 2, 2)


def test_scoring_by_quote_and_turn():
    """A record whose quote is not its excerpt's sentence is matched by the quote, or by the
    rest of the answer's paragraph (the key quoting the sentence that says why); a record
    whose quote is its sentence, by the sentence alone."""
    key = [Annotation(quote="the device stays in the depot", url="", classes=["pronoun-role"],
                      actor="president", question="device-banned", position="deny")]
    question = "REPORTER: Should the LRAD be banned?"
    by_turn = (question, "president", "device-banned", "deny", None, None, None, "No.",
               "No. The device stays in the depot, and it stays there.")
    by_quote = (question, "president", "device-banned", "deny", None, None, None,
                "The device stays in the depot, we said.", "")
    elsewhere = (question, "president", "device-banned", "deny", None, None, None, "No.", "No. Ask the police.")
    same = ("The device stays in the depot.", "president", "device-banned", "deny", None, None, None,
            "The device stays in the depot.", "")
    assert records_score([by_turn, by_quote], key).overall.right == 2
    assert records_score([elsewhere], key).overall.right == 0
    assert records_score([same], key).overall.right == 1
    # the question alone is not what was said
    assert records_score([(question, "president", "device-banned", "deny", None, None, None)], key).overall.right == 0


def read_in(story, text, sentence, topics):
    """(actor, question, position, value, value_high, quote) of each finding of the excerpt
    whose sentence is `sentence` in the article `text`, as the worker gives it: its context
    cut as excerpts are, and the article's text."""
    [cut] = excerpts_cut(text, [("any", [re.compile(re.escape(sentence))])])
    view = ExcerptView(id=1, sentence=cut.sentence, text=cut.text, topics=topics, day=D, article=text,
                       position=cut.position)
    return sorted((f.actor, f.question, f.position, f.value, f.value_high, f.quote)
                  for f in rules2.extract(rules2.story_rules(story), view))


ARCHIVE = "ARCHIVE OF PUBLIC GATHERINGS"
# (the article, the excerpt's sentence, what rules/2 must find): an interview's turns further
# than the excerpt's sentence of context
TURNS = [
    # the count comes after the answer's first sentence
    (f"REPORTER: Will Monday's rally draw a crowd again?\n\n{ARCHIVE}: No. We counted the gates twice. "
     "Monday's rally drew 4,000 and no more.", "REPORTER: Will Monday's rally draw a crowd again?",
     [("archive", q, "number", 4000, None, "No. We counted the gates twice. Monday's rally drew 4,000 and no more.")
      for q in ("crowd-size", "rally-monday")]),
    # ... not when the answer names the topic further on (that sentence is an excerpt of its own)
    (f"REPORTER: Will Monday's rally draw a crowd again?\n\n{ARCHIVE}: No. We counted the gates twice. "
     "Monday's rally drew 4,000 people.", "REPORTER: Will Monday's rally draw a crowd again?", []),
    # ... and that sentence has its speaker from the turn's label, two sentences up
    (f"REPORTER: Will Monday's rally draw a crowd again?\n\n{ARCHIVE}: No. We counted the gates twice. "
     "Monday's rally drew 4,000 people.", "Monday's rally drew 4,000 people.",
     [("archive", "crowd-size", "number", 4000, None, "Monday's rally drew 4,000 people."),
      ("archive", "rally-monday", "number", 4000, None, "Monday's rally drew 4,000 people.")]),
    # ... not when it reports another's saying, nor from a label in the paragraph before
    (f"REPORTER: Will Monday's rally draw a crowd again?\n\n{ARCHIVE}: No. We counted the gates twice. "
     "The students say Monday's rally drew 4,000 people.", "The students say Monday's rally drew 4,000 people.",
     [("students", "crowd-size", "number", 4000, None, "The students say Monday's rally drew 4,000 people."),
      ("students", "rally-monday", "number", 4000, None, "The students say Monday's rally drew 4,000 people.")]),
    (f"REPORTER: Will Monday's rally draw a crowd again?\n\n{ARCHIVE}: No. We counted the gates twice.\n\n"
     "Monday's rally drew 4,000 people.", "Monday's rally drew 4,000 people.", []),
    # the question put a sentence before the answer's turn names what is counted ("Which is it?")
    (f"REPORTER: The police put Monday's rally at 3,000 and the students at 9,000. Which is it?\n\n{ARCHIVE}: Our "
     "own count is about 5,000 people.", f"{ARCHIVE}: Our own count is about 5,000 people.",
     [("archive", "crowd-size", "number", 5000, None, f"{ARCHIVE}: Our own count is about 5,000 people."),
      ("archive", "rally-monday", "number", 5000, None, f"{ARCHIVE}: Our own count is about 5,000 people.")]),
    # ... not a turn of the same speaker, nor a paragraph of the reporter's own
    (f"{ARCHIVE}: The police put Monday's rally at 3,000. The students say more.\n\n{ARCHIVE}: Our own count is "
     "about 5,000 people.", f"{ARCHIVE}: Our own count is about 5,000 people.",
     [("archive", "crowd-size", "number", 5000, None, f"{ARCHIVE}: Our own count is about 5,000 people.")]),
    ("The police put Monday's rally at 3,000. The students say more.\n\n"
     f"{ARCHIVE}: Our own count is about 5,000 people.", f"{ARCHIVE}: Our own count is about 5,000 people.",
     [("archive", "crowd-size", "number", 5000, None, f"{ARCHIVE}: Our own count is about 5,000 people.")]),
    # the question two sentences on, putting a figure: the answer's figure, its unit unsaid, is its own
    (f"REPORTER: The students say forty people came to Monday's rally. Do you agree?\n\n{ARCHIVE}: We counted seventeen. "
     "Forty, no.", "REPORTER: The students say forty people came to Monday's rally.",
     [("archive", "crowd-size", "number", 17, None, "We counted seventeen."),
      ("archive", "rally-monday", "number", 17, None, "We counted seventeen."),
      ("students", "crowd-size", "number", 40, None, "REPORTER: The students say forty people came to Monday's rally."),
      ("students", "rally-monday", "number", 40, None, "REPORTER: The students say forty people came to Monday's "
       "rally.")]),
    # ... not when the question puts no figure
    (f"REPORTER: The students say many people came to Monday's rally. Do you agree?\n\n{ARCHIVE}: We counted seventeen.",
     "REPORTER: The students say many people came to Monday's rally.", []),
    # a follow-up that names nothing after the excerpt's turn: its answer, when it asks how many
    (f"{ARCHIVE}: Fewer people came to Monday's rally than we expected.\n\nREPORTER: How many, then?\n\n"
     f"{ARCHIVE}: About 3,000, perhaps 3,500.", f"{ARCHIVE}: Fewer people came to Monday's rally than we expected.",
     [("archive", "crowd-size", "number", 3000, 3500, "About 3,000, perhaps 3,500."),
      ("archive", "rally-monday", "number", 3000, 3500, "About 3,000, perhaps 3,500.")]),
    (f"{ARCHIVE}: Fewer people came to Monday's rally than we expected.\n\nREPORTER: Why, then?\n\n"
     f"{ARCHIVE}: About 3,000, perhaps 3,500.", f"{ARCHIVE}: Fewer people came to Monday's rally than we expected.",
     []),
]


# A number question's day or place further up the sentence's paragraph, as in the sentence before
EARLIER = [
    ("It was Monday's rally, and the square was full. The students said 9,000 people came. The Interior Ministry "
     "said 3,000 people came.", [("ministry", "crowd-size", "number", 3000), ("ministry", "rally-monday", "number", 3000)]),
    # not with a day of its own, nor from the paragraph before
    ("It was Monday's rally, and the square was full. The students said 9,000 people came. On Tuesday the Interior "
     "Ministry said 3,000 people came.", [("ministry", "crowd-size", "number", 3000)]),
    ("It was Monday's rally. The square was full.\n\nThe students said 9,000 people came. The Interior Ministry "
     "said 3,000 people came.", [("ministry", "crowd-size", "number", 3000)]),
]


@pytest.mark.parametrize("text, expected", EARLIER, ids=[c[0][30:70] for c in EARLIER])
def test_rules2_reads_a_counts_day_further_up_its_paragraph(story3, text, expected):
    sentence = text[text.index("The Interior") if "On Tuesday" not in text else text.index("On Tuesday"):]
    assert [f[:4] for f in read_in(story3, text, sentence, ["crowds"])] == sorted(expected)


# short answers of a yes and a no, a sentence each, in the answer's turn: partial
SPLIT = [
    ("REPORTER: Should the LRAD be banned?\n\nVUČIĆ: In the capital it should. Elsewhere it should not.",
     [("president", "device-banned", "partial", None, None, "In the capital it should. Elsewhere it should not.")]),
    ("REPORTER: Should the LRAD be banned?\n\nVUČIĆ: In the capital, yes. Elsewhere, no.",
     [("president", "device-banned", "partial", None, None, "In the capital, yes. Elsewhere, no.")]),
    # not two yeses (the first says it), nor a yes and a statement of its own
    ("REPORTER: Should the LRAD be banned?\n\nVUČIĆ: It should. It must.",
     [("president", "device-banned", "affirm", None, None, "It should.")]),
    ("REPORTER: Should the LRAD be banned?\n\nVUČIĆ: In the capital it should. The rest is for the courts.", []),
]


# ... the sentence and the one before it in the turn, which names no topic
PAIRED = [
    ("VUČIĆ: We have nothing to hide. Only for warnings, yes. To own an LRAD, never.",
     [("president", "device-owned", "partial", None, None, "Only for warnings, yes. To own an LRAD, never.")]),
    ("VUČIĆ: Only for warnings, yes. To own an LRAD, never.",
     [("president", "device-owned", "partial", None, None, "Only for warnings, yes. To own an LRAD, never.")]),
    # not across a paragraph, nor outside a transcript's turn
    ("VUČIĆ: Only for warnings, yes.\n\nTo own an LRAD, never.", []),
    ("The minister spoke. Only for warnings, yes. To own an LRAD, never.", []),
]


@pytest.mark.parametrize("text, expected", PAIRED, ids=[c[0][:40] for c in PAIRED])
def test_rules2_reads_two_short_answers_of_a_turn_together(story3, text, expected):
    assert read_in(story3, text, "To own an LRAD, never.", ["march-15"]) == sorted(expected)


def test_rules2_reads_a_label_whose_capital_is_not_ascii(story3):
    """A label is matched on the folded text ("SAPIC:"); as written ("ŠAPIĆ:") it still ends
    at its colon: the quote is the answer, and two short answers of the turn are read
    together, where a batch once failed on it."""
    from ledger.models import Actor

    Actor.objects.create(story=story3, key="mayor", name="Mayor", aliases=[r"\bŠapić\b"])
    rules2._cache.clear()
    assert read_in(story3, "ŠAPIĆ: Only for warnings, yes. To own an LRAD, never.", "To own an LRAD, never.",
                   ["march-15"]) == [("mayor", "device-owned", "partial", None, None,
                                      "Only for warnings, yes. To own an LRAD, never.")]
    assert read(story3, "REPORTER: Should the LRAD be banned?",
                "REPORTER: Should the LRAD be banned?\n\nŠAPIĆ: Absolutely not.", ["march-15"]) == \
        [("mayor", "device-banned", "deny", None, "Absolutely not.")]


@pytest.mark.parametrize("text, expected", SPLIT, ids=[c[0][45:] for c in SPLIT])
def test_rules2_reads_a_yes_and_a_no_as_partial(story3, text, expected):
    assert read_in(story3, text, "REPORTER: Should the LRAD be banned?", ["march-15"]) == sorted(expected)


@pytest.mark.parametrize("text, sentence, expected", TURNS, ids=[c[0][-30:] + c[1][:20] for c in TURNS])
def test_rules2_reads_an_interview_past_the_excerpts_context(story3, text, sentence, expected):
    assert read_in(story3, text, sentence, ["crowds"]) == sorted(expected)


def test_the_worker_gives_rules2_the_article(story3, tmp_path):
    """Through ingest: the answer's count after its first sentence, and the question put in
    the sentence after the excerpt's, reach rules/2 (the excerpt's context is a sentence each
    side)."""
    text = (f"REPORTER: Will Monday's rally draw a crowd again?\n\n{ARCHIVE}: No. We counted the gates twice. "
            "Monday's rally drew 4,000 and no more.\n\nREPORTER: The students say forty people came to Monday's "
            f"rally. Do you agree?\n\n{ARCHIVE}: We counted seventeen. Forty, no.")
    path = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/count", text)])
    run = ingest_file(story=story3, path=path, extractor="rules/2")
    excerpts_extract(run_id=run.pk, excerpt_ids=list(Excerpt.objects.values_list("id", flat=True)))
    records = StanceRecord.objects.filter(story=story3, question__key="rally-monday")
    assert sorted((r.actor.key, r.value, r.quote) for r in records) == [
        ("archive", 17, "We counted seventeen."),
        ("archive", 4000, "No. We counted the gates twice. Monday's rally drew 4,000 and no more."),
        ("students", 40, "REPORTER: The students say forty people came to Monday's rally."),
    ]


def test_an_interview_s_turns_are_read_only_once_a_question_matches(story3, monkeypatch):
    """The article's paragraphs around the sentence (an interview's turns) cost a read per
    excerpt: not for a sentence whose candidate questions none match."""
    from ingest.extractors.rules2 import excerpt

    calls = []
    real = excerpt.turns_read
    monkeypatch.setattr(excerpt, "turns_read", lambda rules, view: calls.append(view.id) or real(rules, view))
    text = "HOST: The acoustic tests ran all week.\n\nVUČIĆ: The weather stayed mild. We never bought an LRAD."
    assert read_in(story3, text, "HOST: The acoustic tests ran all week.", ["march-15"]) == []
    assert calls == []
    assert read_in(story3, text, "We never bought an LRAD.", ["march-15"]) != []
    assert calls == [1]
