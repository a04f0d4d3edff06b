"""rules/2, a position read from the frame around a question's keyword (frames.py), where no
cue, proposal or claim of the question says anything. Each sentence is written for this test."""
import pytest

from ingest.extractors import ExcerptView, rules2

from .test_rules2 import D, story2  # noqa: F401 (fixture)


@pytest.fixture
def curfew(story2):
    """Two questions of what ought to be, whose cues and proposals do not reach the sentences
    below: these speak of the lockdown and the plaza, keywords of the questions, not of the
    curfew and the square their proposals are of."""
    from ledger.models import Question, Topic

    topic = Topic.objects.get(story=story2, key="march-15")
    Question.objects.create(story=story2, topic=topic, key="curfew-kept", text="Should the night curfew stay in force?",
                            keywords=[r"\bcurfew\b", r"\blockdown\b"], affirm=[r"\bcurfew must stay\b"],
                            deny=[r"\bcurfew must go\b"])
    Question.objects.create(story=story2, topic=topic, key="square-car-free",
                            text="Should the main square be pedestrianised?", keywords=[r"\bsquare\b", r"\bplaza\b"],
                            affirm=[r"\bsquare must be pedestrianised\b"], deny=[r"\bsquare must keep its traffic\b"])
    Question.objects.create(story=story2, topic=topic, key="ban-lifted", text="Should the ban on kiosks be lifted?",
                            keywords=[r"\bkiosks?\b"], affirm=[r"\bban must go\b"], deny=[r"\bban must stay\b"])
    rules2._cache.clear()
    return story2


def read(story, sentence):
    view = ExcerptView(id=1, sentence=sentence, text=sentence, topics=["march-15"], day=D)
    return sorted((f.actor, f.question, f.position) for f in rules2.extract(rules2.story_rules(story), view)
                  if f.question in ("curfew-kept", "square-car-free", "ban-lifted"))


FRAMES = [
    # backing or opposing the thing a question of what ought to be names, or no grounds for it
    ("The Interior Ministry said it opposes the lockdown.", [("ministry", "curfew-kept", "deny")]),
    ("The Interior Ministry said it stood firmly behind the lockdown.", [("ministry", "curfew-kept", "affirm")]),
    ("The Interior Ministry said there was no reason to keep the lockdown.", [("ministry", "curfew-kept", "deny")]),
    ("The Interior Ministry said it backs a car-free plaza.", [("ministry", "square-car-free", "affirm")]),
    ("The Interior Ministry said there was no need for the plaza to be pedestrianised.",
     [("ministry", "square-car-free", "deny")]),
    # the frame's subject names the speaker itself
    ('"The Interior Ministry will oppose the lockdown," the minister said.', [("ministry", "curfew-kept", "deny")]),
]

# ... and where the side cannot be told: no record
UNTOLD = [
    # a word that undoes a thing, in the frame's words or in the question (an undoing the pack
    # does not know would turn the side the wrong way)
    "The Interior Ministry said it would resist any move to end the lockdown.",
    "The Interior Ministry said it opposes new kiosks.",
    # an act the pack cannot place on either side
    "The Interior Ministry said it would fight any attempt to rewrite the lockdown.",
    # two questions' keywords in one frame
    "The Interior Ministry said it opposes the lockdown on the plaza.",
    # another's backing, told by the speaker, is not the speaker's
    "The Interior Ministry said the mayor opposes the lockdown.",
    '"The police will oppose the lockdown," the minister said.',
    # a negation between the frame and the keyword, or before the frame
    "The Interior Ministry said it opposes not the lockdown but the fines.",
    "The Interior Ministry said it no longer backs the lockdown.",
    # a figure: how much, not whether
    "The Interior Ministry said it wants a lockdown of 14 days.",
]


@pytest.mark.parametrize("sentence, expected", FRAMES, ids=[c[0][29:70] for c in FRAMES])
def test_rules2_reads_a_keywords_frame(curfew, sentence, expected):
    assert read(curfew, sentence) == expected


@pytest.mark.parametrize("sentence", UNTOLD, ids=[c[29:70] for c in UNTOLD])
def test_rules2_reads_no_frame_whose_side_cannot_be_told(curfew, sentence):
    assert read(curfew, sentence) == []


def test_the_frame_is_what_reads_them(curfew):
    """Without the frames, the sentences above give no record: the reading is theirs."""
    rules = rules2.story_rules(curfew)
    rules.positions.frames.enabled = False
    try:
        assert all(read(curfew, sentence) == [] for sentence, _ in FRAMES)
    finally:
        rules2._cache.clear()


def test_a_proposals_backing_whose_subject_names_the_speaker(curfew):
    """The question's proposal opposed by a subject that names the speaker itself is the
    speaker's, as a frame's is; not another actor's. (A question that undoes a thing: no frame
    reads these.)"""
    assert read(curfew, '"The Interior Ministry will oppose lifting the ban on kiosks," the minister said.') == \
        [("ministry", "ban-lifted", "deny")]
    assert read(curfew, '"The police will oppose lifting the ban on kiosks," the minister said.') == []
