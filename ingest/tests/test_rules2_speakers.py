"""rules/2, who said it: shapes of attribution that real reporting uses and rules/2 misread
before: credits, stand-ins, names in full or by a longer name than the alias, a body named by
its head noun and some words of its name, a bare title, beliefs and requests said, speakers
joined by "and" or across an apposition, a pronoun whose sentence before names no speaker,
labels and live-blog entries. Each sentence is written for this test (none taken from an
article), in the test story's world."""
import pytest

from ingest.extractors import ExcerptView, rules2

from .test_rules2 import D, run, story2, story3  # noqa: F401 (fixtures)


@pytest.fixture
def story_courier(story3):  # noqa: F811
    """story3 with a newspaper named "The Lanport Courier"."""
    from ledger.models import Outlet

    Outlet.objects.create(story=story3, key="courier", name="The Lanport Courier")
    rules2._cache.clear()
    return story3


@pytest.fixture
def world(story3):  # noqa: F811
    """story3 with a union whose leader is named (Mara Kovac) and a company whose chief
    executive is (Ann Berg)."""
    from ledger.models import Actor

    Actor.objects.create(story=story3, key="union", name="Dockers' Union",
                         aliases=[r"\bDockers' Union\b", r"\bMara Kovac\b"])
    Actor.objects.create(story=story3, key="company", name="Orrelink", aliases=[r"\bOrrelink\b", r"\bAnn Berg\b"])
    rules2._cache.clear()
    return story3


def said(story, sentence, context=None, topics=("march-15",)):
    rules2._cache.clear()
    return sorted(run(rules2, story, sentence, list(topics), context))


# (class, sentence, context (None: the sentence alone), topics, what rules/2 must find)
SPEAKER_SHAPES = [
    # a title in small letters before the name, in the inverted form
    ("pronoun-role", '"The LRAD must be banned," party leader Aleksandar Vučić said.', None, ["march-15"],
     [("president", "device-banned", "affirm", None)]),
    ("pronoun-role", "The LRAD must be banned, party leader Aleksandar Vučić told a news conference.", None, ["march-15"],
     [("president", "device-banned", "affirm", None)]),
    # a parenthetical attribution is cut out of what is said
    ("pronoun-role", "The LRAD, she says, must be banned.",
     "The Interior Minister spoke after the meeting. The LRAD, she says, must be banned.", ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    # a clause that goes on with no speaker and no saying of its own is the same speaker's
    ("multi-speaker", "The LRAD must be banned, the Interior Minister said, but only in the capital.", None, ["march-15"],
     [("ministry", "device-banned", "partial", None)]),
    ("multi-speaker", "The LRAD must be banned, the Interior Minister said, but the students say it must not be.",
     None, ["march-15"], [("ministry", "device-banned", "affirm", None)]),
    # a credit to another outlet opening the sentence: the report's subject says the rest,
    # whatever its verb
    ("via", "As Beta reported on Monday, the students now believe the LRAD must be banned.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    ("via", "As Beta reported on Monday, critics of the students believe the LRAD must be banned.", None, ["march-15"],
     []),
    # a relative clause that says something is its antecedent's saying (not one said long
    # before, for background)
    ("speaker-clause", "The Interior Minister, who told parliament on Monday that the LRAD must be banned, has not "
     "spoken since.", None, ["march-15"], [("ministry", "device-banned", "affirm", None)]),
    ("speaker-clause", "The Interior Minister, who had said the LRAD must be banned, visited the students.", None,
     ["march-15"], []),
    # ... nor one dated before, when the name says something now: then against now
    ("speaker-clause", "The Interior Minister, who last month said the LRAD must be banned, now says the device must "
     "not be banned.", None, ["march-15"], [("ministry", "device-banned", "deny", None)]),
    ("speaker-clause", "The Interior Minister, who told parliament last week that the LRAD must be banned, visited the "
     "students.", None, ["march-15"], [("ministry", "device-banned", "affirm", None)]),
    # two sayings joined by "and": each speaker's own
    ("multi-speaker", "The students say the LRAD must be banned and the Interior Minister says the device must not be "
     "banned.", None, ["march-15"], [("students", "device-banned", "affirm", None),
                                  ("ministry", "device-banned", "deny", None)]),
    # a quotation after a colon is the subject's; one that closes in the next sentence too
    ("pronoun-role", 'The Interior Minister, at the gate: "The LRAD must be banned."', None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    ("pronoun-role", '12:40 The Interior Minister goes further: "The LRAD must be banned."', None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    ("speaker-clause", 'A letter to the Interior Minister reads: "The LRAD must be banned."', None, ["march-15"], []),
    ("pronoun-role", 'The LRAD must be banned."',
     'A student spokesperson, at the gate: "We will not stop. The LRAD must be banned."', ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    # a clause with no subject that opens with a verb of saying is the sentence's subject's
    ("verbs", "The students welcomed the vote but repeated their demand: the LRAD must be banned.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    ("verbs", "After the Interior Ministry's statement, the students welcomed the vote but repeated that the LRAD must "
     "be banned.", None, ["march-15"], [("students", "device-banned", "affirm", None)]),
    # "a spokeswoman" stands for the actor before; a name's office speaks for it
    ("pronoun-role", "A spokeswoman later said the LRAD must be banned.",
     "The Interior Ministry did not comment at first. A spokeswoman later said the LRAD must be banned.", ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    ("pronoun-role", "The Interior Minister's office claims the LRAD must be banned.", None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    # a word in quotation marks is still said
    ("plain", 'The Interior Minister said the LRAD "must be banned".', None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    # translated word for word: "according to X" inside the clause, an estimate corrected, a finding
    ("verbs", "The turnout reached according to the Archive of Public Gatherings 275,000 people.", None, ["crowds"],
     [("archive", "crowd-size", "number", 275000)]),
    ("verbs", "The Archive of Public Gatherings corrected on Sunday its first estimate: 275,000 people came, not "
     "250,000.", None, ["crowds"], [("archive", "crowd-size", "number", 275000)]),
    ("verbs", "The Archive of Public Gatherings established in its report that 275,000 people came.", None, ["crowds"],
     [("archive", "crowd-size", "number", 275000)]),
    # a name owning a thing is no speaker ("the yard that built Orrelink's ferries says")
    ("speaker-clause", "The students who marched past the Interior Ministry's gates say the LRAD must be banned.", None,
     ["march-15"], [("students", "device-banned", "affirm", None)]),
    # a spokeswoman for X is X, after her name too
    ("speaker-clause", '"The police have no such device," said Ana Petrovic, a spokeswoman for the Interior Ministry.',
     None, ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("speaker-clause", "The police have no such device, according to Ana Petrovic, a spokeswoman for the Interior "
     "Ministry.", None, ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("speaker-clause", "According to Reuters, the army has an LRAD.", None, ["march-15"], []),
    # the verb's object, then more of the statement: both parts are said
    ("verbs", '"The LRAD must be banned," the Interior Minister told reporters, adding that the police have no such '
     "device.", None, ["march-15"], [("ministry", "device-banned", "affirm", None),
                                     ("ministry", "device-owned", "deny", None)]),
    ("range", "As Beta reported, the Archive of Public Gatherings now puts the crowd at 2,400 people.", None, ["crowds"],
     [("archive", "crowd-size", "number", 2400)]),
    # ... but its own report, statement or office does
    ("speaker-clause", "The Interior Ministry's own report says the police have no such device.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("via", "As Beta reported, the Interior Ministry's decision means the LRAD must be banned.", None, ["march-15"], []),
    # a bare yes or no answers the question put in the sentence, or in the line before
    ("pronoun-role", 'Asked whether the LRAD should be banned, the Interior Minister said: "Absolutely not."', None,
     ["march-15"], [("ministry", "device-banned", "deny", None)]),
    ("pronoun-role", "Asked if the LRAD must be banned, the students said yes.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    ("pronoun-role", "VUČIĆ: No.", "REPORTER: Should the LRAD be banned?\n\nVUČIĆ: No.", ["march-15"],
     [("president", "device-banned", "deny", None)]),
    ("pronoun-role", "Asked whether the LRAD should be banned, the Interior Minister said he would ask the police.",
     None, ["march-15"], []),
    # a transcript's answer: after the speaker's own saying, the rest is what it says
    ("pronoun-role", "We told the students the LRAD must be banned, in writing.",
     "VUČIĆ: No. We told the students the LRAD must be banned, in writing.", ["march-15"],
     [("president", "device-banned", "affirm", None)]),
]


@pytest.mark.parametrize("cls, sentence, context, topics, expected", SPEAKER_SHAPES,
                         ids=[f"{c[0]}: {c[1][:40]}" for c in SPEAKER_SHAPES])
def test_rules2_reads_speaker_shapes(story_courier, cls, sentence, context, topics, expected):
    assert sorted(run(rules2, story_courier, sentence, topics, context), key=str) == sorted(expected, key=str)


def test_credit_opening_the_sentence(story_courier):
    """"As X reported, <subject> <any verb> ...": the subject's statement, credited to X; a
    newspaper named "The ... Courier" is "the Courier" once named."""
    rules = rules2.story_rules(story_courier)
    for sentence, via in (("As Beta reported on Monday, the students now believe the LRAD must be banned.", "beta"),
                          ("As the Courier reported, the students now think the LRAD must be banned.", "courier")):
        found = rules2.extract(rules, ExcerptView(id=1, sentence=sentence, text=sentence, topics=["march-15"], day=D,
                                                  outlets=("danas",)))
        assert [(f.actor, f.question, f.via) for f in found] == [("students", "device-banned", via)], sentence


def test_credited_report_in_the_sentence_before(story_courier):
    """The sentence before credits another outlet for its own speaker's report: this
    sentence's own speaker is no part of it; and the day of that credit ("reported on
    Tuesday") is no day of the sentence's own, so the event named before still counts."""
    rules = rules2.story_rules(story_courier)

    def found(sentence, before):
        view = ExcerptView(id=1, sentence=sentence, text=f"{before} {sentence}", topics=["march-15", "crowds"], day=D,
                           outlets=("danas",))
        return sorted((f.actor, f.question, f.position, f.value, f.via) for f in rules2.extract(rules, view))

    assert found("The Interior Minister said the LRAD must not be banned.",
                 "As Beta reported, the students now believe the LRAD must be banned.") == [
        ("ministry", "device-banned", "deny", None, None)]
    assert found("As Beta reported on Tuesday, the Archive of Public Gatherings puts the crowd at 275,000 people.",
                 "Monday's rally filled the square.") == [
        ("archive", "crowd-size", "number", 275000, "beta"), ("archive", "rally-monday", "number", 275000, "beta")]


# Who said it, as reporters write it (each with a sentence written for this test)
WHO_SAID_IT = [
    # a verb of wanting states a position; "does not want" the opposite one, not nothing
    ("verbs", "The students want a total ban on the LRAD.", None, ["march-15"],
     [("students", "total-ban", "affirm", None)]),
    ("verbs", "The Interior Minister does not want a total ban on the LRAD.", None, ["march-15"],
     [("ministry", "total-ban", "deny", None)]),
    ("verbs", "The Interior Minister wants to know whether the police have an LRAD.", None, ["march-15"], []),
    ("verbs", "The students do not want any longer that a total ban is imposed.", None, ["march-15"],
     [("students", "total-ban", "deny", None)]),
    ("verbs", "The students no longer want a total ban on the LRAD.", None, ["march-15"],
     [("students", "total-ban", "deny", None)]),
    # "let (it be) know(n) that", "communicated that": verbs of saying in translated text
    ("verbs", "The Interior Ministry let it be known that the police have no such device.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("verbs", "The Interior Ministry let know that the police have no such device.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    # a second verb of the same subject, joined by "and": the subject's saying
    ('verbs', 'The students on Monday called the sound cannon "a weapon of war" and said the LRAD must be banned.',
     None, ["march-15"], [("students", "device-banned", "affirm", None)]),
    # the inverted form with more after the name: a day, whom it was told to
    ("verbs", '"The police have no such device," said the Interior Minister on Monday.', None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("verbs", "The LRAD must be banned, declared the student spokesperson to our newspaper.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    ("verbs", "The police have no such device, communicated a spokeswoman of the Interior Ministry on Monday.", None,
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("verbs", "They have no such device, declared the Interior Minister to our newspaper.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    # a trailing "as X said" / "like X said": what comes before it is said
    ("speaker-clause", "The LRAD must be banned, as the Interior Minister explained on Monday.", None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    ("speaker-clause", "The LRAD must be banned, like the student spokesperson told our newspaper.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    ("speaker-clause", "As the Interior Minister told reporters on Monday, the police have no such device.", None,
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("speaker-clause", "The President left, as the Interior Minister said the LRAD must be banned.", None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    # no verb at all, in translated text: ", so the minister."
    ("speaker-clause", "The LRAD must be banned, so the Interior Minister.", None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    ("speaker-clause", "The LRAD must be banned, so the Interior Minister resigned.", None, ["march-15"], []),
    # a second verb of the subject, far from it, after "and"
    ("verbs", 'The Archive of Public Gatherings on Monday called the count of the Interior Ministry "a fiction" and '
     "said 275,000 people came.", None, ["crowds"], [("archive", "crowd-size", "number", 275000)]),
    # a body's ruling, decision or verdict speaks for it; a ruling, a reading out
    ("verbs", "The LRAD must be banned, the President's ruling says.", None, ["march-15"],
     [("president", "device-banned", "affirm", None)]),
    ("verbs", "The Interior Ministry ruled that the LRAD must be banned.", None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    ("verbs", "The LRAD must be banned, the President reads out.", None, ["march-15"],
     [("president", "device-banned", "affirm", None)]),
    # opposing is a position
    ("verbs", "The students oppose a total ban on the LRAD.", None, ["march-15"], [("students", "total-ban", "deny", None)]),
    # a relative clause closing the sentence says what its antecedent says
    ("speaker-clause", "The figure came from the Archive of Public Gatherings, whose director has said 275,000 "
     "people came.", None, ["crowds"], [("archive", "crowd-size", "number", 275000)]),
    # a pronoun opening the sentence is the subject of the sentence before, when that one names two
    ("pronoun-role", "He says the police have no such device.",
     "The Interior Minister opens the debate with a surprise: the students will get a hearing. He says the police have "
     "no such device.", ["march-15"], [("ministry", "device-owned", "deny", None)]),
    # a clause that goes on with a verb after an adverb is the same speaker's
    ("plain", "The Interior Minister said the police would obey the court but still believed the LRAD must be banned.",
     None, ["march-15"], [("ministry", "device-banned", "affirm", None)]),
    # a live blog's line: its time before a credit opening it
    ("via", "12:20 As Beta reported on Monday, the students now believe the LRAD must be banned.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    # after a colon, the subject's own clause again
    ("pronoun-role", "17:02 The Interior Minister opens the debate with a surprise: the ministry does not have an LRAD.",
     None, ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "The students have had one fear all along: the Interior Ministry has an LRAD.", None, ["march-15"],
     []),
    # a transcript's label with a note in brackets
    ("pronoun-role", "VUČIĆ (recording): We have no such device.", None, ["march-15"],
     [("president", "device-owned", "deny", None)]),
    # an adverb, a place or a day between the verb of saying and what is said
    ("verbs", "The Interior Minister stood up and said plainly that the police have no such device.", None,
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("verbs", "The Interior Minister told reporters in Novi Sad that the police have no such device.", None,
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("verbs", "The Interior Minister said on Wednesday in a statement that the police have no such device.", None,
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    # a bare spokeswoman stands for the body named before; a name in what she says is no antecedent
    ("pronoun-role", "The police have no such device, a spokeswoman said.",
     "The Interior Ministry faced questions on Monday. The police have no such device, a spokeswoman said.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "The police have no such device, she said.",
     "The Interior Minister faced questions on Monday. The police have no such device, she said.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "A ministry spokesman said the police have no such device.",
     "The Interior Ministry faced questions on Monday. A ministry spokesman said the police have no such device.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "A spokeswoman said the police have no such device.",
     "The students and the Interior Ministry met on Monday. A spokeswoman said the police have no such device.",
     ["march-15"], []),
    ("pronoun-role", "The police have no such device, a spokeswoman said.",
     "The students and the Interior Ministry met on Monday. The police have no such device, a spokeswoman said.",
     ["march-15"], []),
    # a verb of saying in the passive: its subject was told, said nothing
    ("verbs", "The students were told that the LRAD must be banned.", None, ["march-15"], []),
    ("verbs", "VUČIĆ: And the students were warned that the LRAD must be banned.", None, ["march-15"],
     [("president", "device-banned", "affirm", None)]),
    # a second verb under the first one's "should": asked of the subject, not said
    ("verbs", "The students should march again and say the LRAD must be banned.", None, ["march-15"], []),
    ("verbs", "The students marched again and said the LRAD must be banned.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
]


@pytest.fixture
def story_total_ban(story_courier):
    """story3 with a question whose cue is a kind of ban ("a total ban")."""
    from ledger.models import Question, Topic

    Question.objects.create(story=story_courier, topic=Topic.objects.get(story=story_courier, key="march-15"),
                            key="total-ban", text="Should the LRAD be banned outright?", keywords=[r"\bban\b"],
                            affirm=[r"\b(total|full) ban\b"])
    rules2._cache.clear()
    return story_courier


@pytest.mark.parametrize("cls, sentence, context, topics, expected", WHO_SAID_IT,
                         ids=[f"{c[0]}: {c[1][:40]}" for c in WHO_SAID_IT])
def test_rules2_reads_who_said_it(story_total_ban, cls, sentence, context, topics, expected):
    assert sorted(run(rules2, story_total_ban, sentence, topics, context), key=str) == sorted(expected, key=str)


@pytest.fixture
def story_council(story_total_ban):
    """story3 with a city council whose alias holds its city ("Council of Novi Sad") and
    whose role is the bare "the council"."""
    from ledger.models import Actor

    story = story_total_ban
    story.config = {**story.config, "actors": story.config["actors"] + [
        {"id": "council", "name": "City council", "aliases": [r"\bCouncil of Novi Sad\b"],
         "roles": ["the council", "chief executive"]}]}
    story.save()
    Actor.objects.create(story=story, key="council", name="City council", aliases=[r"\bCouncil of Novi Sad\b"])
    rules2._cache.clear()
    return story


NAMED_IN_FULL = [
    # a role noun inside a longer alias is that alias: "the council of Novi Sad" is one name,
    # which "and" joins to the next one
    ("multi-speaker", "Both the council of Novi Sad and the students have said the LRAD must be banned.", None,
     ["march-15"], [("council", "device-banned", "affirm", None), ("students", "device-banned", "affirm", None)]),
    ("multi-speaker", "The council of Novi Sad and the students said the LRAD must be banned.", None,
     ["march-15"], [("council", "device-banned", "affirm", None), ("students", "device-banned", "affirm", None)]),
    # a list that "and now" / "and also" closes
    ("multi-speaker", "The council of Novi Sad, the students and now the President all say the LRAD must be banned.",
     None, ["march-15"], [("council", "device-banned", "affirm", None), ("president", "device-banned", "affirm", None),
                          ("students", "device-banned", "affirm", None)]),
]


NAMED_IN_FULL += [
    # a body's officials: the one actor whose alias holds the body's word, first in it too
    ("pronoun-role", "Council officials said the LRAD must be banned.", None, ["march-15"],
     [("council", "device-banned", "affirm", None)]),
    # one actor's role owned by another: the owner's ("chief executive" is the council's role)
    ("pronoun-role", "The Interior Ministry's chief executive said the police have no such device.", None,
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "The chief executive said the police have no such device.", None,
     ["march-15"], [("council", "device-owned", "deny", None)]),
]


@pytest.mark.parametrize("cls, sentence, context, topics, expected", NAMED_IN_FULL,
                         ids=[f"{c[0]}: {c[1][:40]}" for c in NAMED_IN_FULL])
def test_rules2_reads_names_in_full(story_council, cls, sentence, context, topics, expected):
    assert sorted(run(rules2, story_council, sentence, topics, context), key=str) == sorted(expected, key=str)


def test_rules2_reads_a_name_longer_than_its_alias(story_council):
    """A proper name whose alias is its end ("the Great Archive of Public Gatherings") is one
    name from "the" on, which "and" joins to the name before."""
    assert sorted(run(rules2, story_council, "The council of Novi Sad and the Old City Archive of Public Gatherings "
                                             "say 275,000 people came.", ["crowds"])) == [
        ("archive", "crowd-size", "number", 275000), ("council", "crowd-size", "number", 275000)]


# Those who speak for a body named before: its spokesman, its officials, its document
STAND_INS = [
    ("pronoun-role", "Its spokesman said the police have no such device.",
     "The Interior Ministry faced questions on Monday. Its spokesman said the police have no such device.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "Ministry officials said the police have no such device.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "The police have no such device, its officials told reporters.",
     "The Interior Ministry faced questions on Monday. The police have no such device, its officials told reporters.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "The police have no such device, the document said.",
     "The Interior Ministry sent a document to parliament. The police have no such device, the document said.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "Its chief executive said the police have no such device.",
     "The Interior Ministry faced questions on Monday. Its chief executive said the police have no such device.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "A ministry statement said the police have no such device.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    # a body's noun that one actor's names hold is that actor, whoever spoke before
    ("pronoun-role", "A ministry spokesman said the police have no such device.",
     "The President said the LRAD must be banned. A ministry spokesman said the police have no such device.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("pronoun-role", "The 52-year-old said the police have no such device.",
     "The Interior Minister spoke on Monday. The 52-year-old said the police have no such device.",
     ["march-15"], [("ministry", "device-owned", "deny", None)]),
    # not when the sentence before names two bodies
    ("pronoun-role", "Its spokesman said the police have no such device.",
     "The students and the Interior Ministry met on Monday. Its spokesman said the police have no such device.",
     ["march-15"], []),
]


@pytest.mark.parametrize("cls, sentence, context, topics, expected", STAND_INS,
                         ids=[f"{c[0]}: {c[1][:40]}" for c in STAND_INS])
def test_rules2_reads_stand_ins(story_total_ban, cls, sentence, context, topics, expected):
    assert sorted(run(rules2, story_total_ban, sentence, topics, context), key=str) == sorted(expected, key=str)


# A belief said of its holder is its stance ("the union believes ...", translated text often),
# not one said of nobody or hearsay
BELIEFS = [
    ("verbs", "The students believe the LRAD must be banned.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    ("verbs", "The Interior Minister thinks that the police have no such device.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("verbs", "The students are convinced that the LRAD must be banned.", None, ["march-15"],
     [("students", "device-banned", "affirm", None)]),
    ("verbs", "Nobody in the Interior Ministry believes the LRAD must be banned.", None, ["march-15"], []),
    # the first person's belief, not the name before it
    ("verbs", "Now that the Interior Ministry has spoken, I believe the LRAD must be banned.", None, ["march-15"], []),
    ("verbs", "Now that the Interior Ministry has spoken, I believe the LRAD must be banned.",
     "VUČIĆ: Yes. Now that the Interior Ministry has spoken, I believe the LRAD must be banned.", ["march-15"],
     [("president", "device-banned", "affirm", None)]),
    ("verbs", "The LRAD is believed to have been used by the Interior Ministry.", None, ["march-15"], []),
]


@pytest.mark.parametrize("cls, sentence, context, topics, expected", BELIEFS,
                         ids=[f"{c[0]}: {c[1][:40]}" for c in BELIEFS])
def test_rules2_reads_beliefs(story_total_ban, cls, sentence, context, topics, expected):
    assert sorted(run(rules2, story_total_ban, sentence, topics, context), key=str) == sorted(expected, key=str)


# A long apposition between the subject and its verb is no gap
APPOSED = [
    ("speaker-clause", "The Interior Ministry, the body in charge of the police since 1991 and of the border guard "
     "since 2006, said the police have no such device.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    # the capitalized words that go on with an alias are the name's
    ("speaker-clause", "Interior Ministry Headquarters, the office in charge of 2.5 million records since 1991, said "
     "the police have no such device.", None, ["march-15"], [("ministry", "device-owned", "deny", None)]),
    ("speaker-clause", "The Interior Minister, a former lawyer who has held the post for six years, told reporters "
     "that the police have no such device.", None, ["march-15"], [("ministry", "device-owned", "deny", None)]),
]


@pytest.mark.parametrize("cls, sentence, context, topics, expected", APPOSED,
                         ids=[f"{c[0]}: {c[1][:40]}" for c in APPOSED])
def test_rules2_reads_past_an_apposition(story_total_ban, cls, sentence, context, topics, expected):
    assert sorted(run(rules2, story_total_ban, sentence, topics, context), key=str) == sorted(expected, key=str)


# A body's stated position, view or stance "is that ...": its statement
POSITIONS_HELD = [
    ("verbs", "The Interior Ministry's position is that the police have no such device.", None, ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("verbs", "The Interior Minister's view remains that the LRAD must be banned.", None, ["march-15"],
     [("ministry", "device-banned", "affirm", None)]),
    ("verbs", "The Interior Ministry's car is that the police have no such device.", None, ["march-15"], []),
]


@pytest.mark.parametrize("cls, sentence, context, topics, expected", POSITIONS_HELD,
                         ids=[f"{c[0]}: {c[1][:40]}" for c in POSITIONS_HELD])
def test_rules2_reads_a_position_held(story_total_ban, cls, sentence, context, topics, expected):
    assert sorted(run(rules2, story_total_ban, sentence, topics, context), key=str) == sorted(expected, key=str)


# --- a pronoun whose sentence before does not name its speaker ------------------------------------

def _read_in(story, text, sentence, topics=("march-15",)):
    """The findings of the excerpt whose sentence is `sentence` in the article `text`, its
    context cut as the worker cuts it and the article given."""
    import re

    from ingest.excerpts import excerpts_cut

    rules2._cache.clear()
    [cut] = excerpts_cut(text, [("any", [re.compile(re.escape(sentence))])])
    view = ExcerptView(id=1, sentence=cut.sentence, text=cut.text, topics=list(topics), day=D, article=text,
                       position=cut.position)
    return sorted((f.actor, f.question, f.position) for f in rules2.extract(rules2.story_rules(story), view))


def test_he_or_she_is_no_body_named_alone_in_the_sentence_before(world):
    # '"...," she said' after a sentence that names only a body ("The Dockers' Union would pay
    # ..."): not the union, but the person who spoke before it
    text = ("Ann Berg said on Monday that the company would lease the depot for ten years, and told a news "
            "conference that the rent was fair. The Dockers' Union would pay for the rest.\n\n"
            '"The police have no such device," she said.\n\nThe vote is on Friday.')
    assert _read_in(world, text, '"The police have no such device," she said.') == [
        ("company", "device-owned", "deny")]
    # "it" may stand for the body
    text = ("Ann Berg spoke on Monday. The Dockers' Union would pay for the rest.\n\n"
            '"The police have no such device," it said.\n\nThe vote is on Friday.')
    assert _read_in(world, text, '"The police have no such device," it said.') == [
        ("union", "device-owned", "deny")]
    # with nobody who spoke before the body, no one
    text = ("The Dockers' Union would pay for the rest.\n\n"
            '"The police have no such device," she said.\n\nThe vote is on Friday.')
    assert _read_in(world, text, '"The police have no such device," she said.') == []


@pytest.fixture
def world_titled(world):
    """`world` with a party whose leader's title is an alias of its own ("front leader")."""
    from ledger.models import Actor

    Actor.objects.create(story=world, key="front", name="Civic Front",
                         aliases=[r"\bCivic Front\b", r"\bfront leader\b", r"\bIvo Sarn\b"])
    rules2._cache.clear()
    return world


def test_and_joins_a_name_after_its_title(world_titled):
    # "Both X and opposition leader Y said": the title and the name are one name, joined to X
    assert sorted(run(rules2, world_titled, "Both the Dockers' Union and front leader Ivo Sarn said the police "
                                            "have an LRAD.", ["march-15"])) == [
        ("front", "device-owned", "affirm", None), ("union", "device-owned", "affirm", None)]
    # a title alone before the name speaks as ever
    assert run(rules2, world_titled, "Front leader Ivo Sarn said the police have an LRAD.", ["march-15"]) == [
        ("front", "device-owned", "affirm", None)]
    # a name that is an object stays out ("critics of X and front leader Y")
    assert run(rules2, world_titled, "Critics of the Dockers' Union and front leader Ivo Sarn said the police "
                                     "have an LRAD.", ["march-15"]) == [("front", "device-owned", "affirm", None)]


@pytest.fixture
def world_country(world):
    """`world` with a government named by its country ("Government of Tessaly")."""
    from ledger.models import Actor

    Actor.objects.create(story=world, key="tessaly", name="Government of Tessaly (Foreign Ministry)",
                         aliases=[r"\bTessalian government\b"])
    rules2._cache.clear()
    return world


def test_a_countrys_name_stands_for_its_government(world_country):
    # "Tessaly on Monday said ...": the country speaks by its government
    assert run(rules2, world_country, "Tessaly on Monday said the police have an LRAD.", ["march-15"]) == [
        ("tessaly", "device-owned", "affirm", None)]
    # a place named as a place is no speaker
    assert run(rules2, world_country, "Protesters in Tessaly said the police have an LRAD.", ["march-15"]) == []
    assert run(rules2, world_country, "Tessaly's dockers said the police have an LRAD.", ["march-15"]) == []
    # nor the subject of another verb, whose object's participle says it
    assert run(rules2, world_country, "In return Tessaly signs a paper saying the police have an LRAD.",
               ["march-15"]) == []


def test_what_a_speaker_asks_for_in_a_cleft(story_total_ban):
    # "A is what X (now) asks for": X wants A, the words before "is what"
    assert run(rules2, story_total_ban, "A total ban, phased in over two years, is what the ministry now asks for.",
               ["march-15"]) == [("ministry", "total-ban", "affirm", None)]
    assert run(rules2, story_total_ban, "A total ban is what the Interior Ministry wants.", ["march-15"]) == [
        ("ministry", "total-ban", "affirm", None)]
    # not what another verb says of it, nor a saying that goes on after the verb
    assert run(rules2, story_total_ban, "A total ban is what the Interior Ministry fears most.", ["march-15"]) == []
    assert run(rules2, story_total_ban, "A total ban is what the Interior Ministry did not ask for.", ["march-15"]) == []
    assert run(rules2, story_total_ban, "A total ban is what the Interior Ministry said it would never accept.",
               ["march-15"]) == []


@pytest.fixture
def world_conference(world):
    """`world` with a body whose name opens with its head noun, one not of the pack's list."""
    from ledger.models import Actor

    Actor.objects.create(story=world, key="masters", name="Conference of Harbour Masters",
                         aliases=[r"\bHarbour Masters' Conference\b"])
    rules2._cache.clear()
    return world


def test_a_body_is_the_head_noun_its_name_opens_with(world_conference):
    # "Conference of Harbour Masters": "the conference" is that body
    assert run(rules2, world_conference, "The conference said the police have an LRAD.", ["march-15"]) == [
        ("masters", "device-owned", "affirm", None)]
    # not a conference with another determiner
    assert run(rules2, world_conference, "A conference said the police have an LRAD.", ["march-15"]) == []


# --- who said it in general news shapes -----------------------------------------------------------

MINISTRY_DENIES = [("ministry", "device-owned", "deny", None)]


def test_a_live_blog_entry_with_a_dash_after_its_time_is_labelled(world):
    # "14:09 - X: ..." as "14:09 X: ...": the label's speaker says what follows
    assert said(world, "14:09 - Interior Ministry: the police have no such device.") == MINISTRY_DENIES
    assert said(world, "14:09 - Mara Kovac to reporters: the police have an LRAD.") == [
        ("union", "device-owned", "affirm", None)]
    # an entry with no actor in its label says nothing
    assert said(world, "14:09 - Update: the police have an LRAD.") == []


def test_a_label_that_names_whom_its_speaker_speaks_for(world):
    # "ANA PETROVIC, Dockers' Union: ...": the body after the comma, when the person is no actor
    assert said(world, "ANA PETROVIC, Dockers' Union: The police have an LRAD.") == [
        ("union", "device-owned", "affirm", None)]
    # the person's own name first, when it is an actor's
    assert said(world, "ANN BERG, Dockers' Union: The police have an LRAD.") == [
        ("company", "device-owned", "affirm", None)]
    # "09:58 - Orrelink's counsel, Ana Petrovic:": the body whose role is named first
    assert said(world, "09:58 - Orrelink's counsel, Ana Petrovic: the police have an LRAD.") == [
        ("company", "device-owned", "affirm", None)]
    # not a sentence that opens with a phrase and a comma
    assert said(world, "For the students, one thing is clear: the police have an LRAD.") == []


def test_an_inverted_saying_names_the_person_after_a_role_and_its_title(world):
    # "..., declared the chief executive, Ann Berg, to our newspaper": Berg, not the role noun
    # (which would be the speaker of the sentence before)
    for sentence in ('"The police have no such device," declared the chief executive, Ann Berg, to our newspaper.',
                     '"The police have no such device," declared the director general Ann Berg to our newspaper.',
                     '"The police have no such device," said the company\'s chair, Ann Berg.'):
        text = "The Interior Ministry says the police have an LRAD. " + sentence
        assert said(world, sentence, text) == [("company", "device-owned", "deny", None)], sentence
    # a story's role before another actor's name is only that person's title
    assert said(world, '"The police have an LRAD," said the minister, Mara Kovac.') == [
        ("union", "device-owned", "affirm", None)]
    # a role with no name after it is still the role's actor
    assert said(world, '"The police have no such device," said the minister.') == MINISTRY_DENIES


def test_a_participle_of_saying_is_the_clauses_subjects(world):
    # ", saying ...": the clause's subject, not a name in its verb's object nearer to it
    assert said(world, "The Interior Ministry opened proceedings on Monday to revoke Orrelink Ferries' licence for the "
                       "depot, saying the police have no such device.") == MINISTRY_DENIES
    # names joined as the subject all say it
    assert said(world, "The students and Orrelink both welcomed the vote on Monday, saying the police have an "
                       "LRAD.") == [("company", "device-owned", "affirm", None), ("students", "device-owned", "affirm", None)]
    # a subject in a clause before the comma is not the participle's ("After ..., X said ...")
    assert said(world, "The Interior Ministry said on Monday that the police have no such device.") == MINISTRY_DENIES


def test_a_second_saying_after_and_a_title(world):
    # "X said A, and Minister Ann Berg said B": Berg's saying is hers, after her title and first name
    assert said(world, "The students said the police have an LRAD, and Chief Executive Ann Berg said the police "
                       "have no such device.") == [("company", "device-owned", "deny", None),
                                                   ("students", "device-owned", "affirm", None)]


def test_names_joined_before_a_title(world):
    # "X and Chief Executive Ann Berg said": both, the title no part of the join
    assert said(world, "The students and Chief Executive Ann Berg said the police have an LRAD.") == [
        ("company", "device-owned", "affirm", None), ("students", "device-owned", "affirm", None)]


def test_expecting_that_is_a_belief_said(world):
    # "expects that ...", like "believes that ..."
    assert said(world, "The Interior Ministry expects that the police will have no such device.") == MINISTRY_DENIES
    assert said(world, "The Interior Ministry expects the students to march.") == []


def test_a_report_and_a_persons_office_speak_for_the_one_before(world):
    # "the report says": like "the statement says", the one actor the sentence before names
    sentence = '"The police have no such device," the report says.'
    assert said(world, sentence, "The Interior Ministry published its review of the march. " + sentence) == \
        MINISTRY_DENIES
    # "his office says", "her lawyer said": the person the sentence before names
    sentence = "His office says the police have no such device."
    assert said(world, sentence, "The Interior Minister was in Novi Sad on Monday. " + sentence) == MINISTRY_DENIES


def test_a_pronoun_is_not_a_name_that_owns_a_thing(world):
    # "Orrelink's owner, Mara Kovac, ... she": Kovac, not Orrelink
    assert said(world, "Orrelink's owner, Mara Kovac, arrived on Monday and she said the police have an LRAD.") == [
        ("union", "device-owned", "affirm", None)]


def test_a_request_to_a_body_is_wanting(world):
    # "asks the court to ...": like "calls on the court to ..."
    assert said(world, "The students asked the administrative court to ban the LRAD.") == [
        ("students", "device-banned", "affirm", None)]
    # a body's counsel speaks for it, as its lawyer does
    assert said(world, "The counsel for the students, Ana Petrovic, asks the court to ban the LRAD.") == [
        ("students", "device-banned", "affirm", None)]
    assert said(world, "The students asked the minister whether the LRAD would be banned.") == []


def test_describing_a_thing_as_something_is_saying_so(world):
    # "described X as Y" says X is Y
    assert said(world, "The Interior Ministry described the LRAD as one of the police's devices.") == []
    assert said(world, "The Interior Ministry described reports of an LRAD as false, saying the police have no such "
                       "device.") == MINISTRY_DENIES
    assert said(world, "The students described the video as proof that the police have an LRAD.") == [
        ("students", "device-owned", "affirm", None)]


def test_a_name_with_its_of_phrase_and_an_aside_before_its_verb(world):
    # "Mara Kovac of the Dockers' Union, speaking from the gallery, says ...": the name's, past its
    # "of" phrase and the aside
    assert said(world, "Mara Kovac of the Dockers' Union, speaking from the public gallery of the council chamber, "
                       "says the police have an LRAD.") == [("union", "device-owned", "affirm", None)]
    # a role's "of" phrase names whom it speaks for: "the chief of X, Ann Berg, said"
    assert said(world, "The chief of the Dockers' Union, Ana Petrovic, said the police have an LRAD.") == [
        ("union", "device-owned", "affirm", None)]


# --- a body named by its head noun and some words of its name -------------------------------------

@pytest.fixture
def bodies(story3):  # noqa: F811
    """story3 with two associations (one head noun, two names) and a national agency."""
    from ledger.models import Actor

    Actor.objects.create(story=story3, key="insurers", name="Valdran Insurers' Association",
                         aliases=[r"\bInsurers' Association\b"])
    Actor.objects.create(story=story3, key="residents", name="Harbour Residents' Association",
                         aliases=[r"\bResidents' Association\b"])
    Actor.objects.create(story=story3, key="agency", name="National Maritime Safety Agency",
                         aliases=[r"\bNational Maritime Safety Agency\b", r"\bNMSA\b"])
    rules2._cache.clear()
    return story3


def bodies_said(story, sentence):
    rules2._cache.clear()
    return sorted(actor for actor, *_ in run(rules2, story, sentence, ["march-15"]))


def test_a_place_s_body_by_the_words_of_its_name(bodies):
    # "Sarvenia's health agency": the country's agency whose name holds "health"
    assert bodies_said(bodies, "Valdra's safety agency said on Monday that the police have an LRAD.") == ["agency"]
    assert bodies_said(bodies, "The maritime agency said on Monday that the police have an LRAD.") == ["agency"]


def test_a_word_of_the_name_with_its_ending_changed(bodies):
    # "the Valdran insurance association" is the Valdran Insurers' Association, not the residents'
    assert bodies_said(bodies, "The Valdran insurance association said the police have an LRAD.") == ["insurers"]
    assert bodies_said(bodies, "The harbour association said the police have an LRAD.") == ["residents"]


def test_words_not_of_the_name_name_no_body(bodies):
    # a head noun two bodies share, with words of neither's name: no one
    assert bodies_said(bodies, "The farmers' association said the police have an LRAD.") == []
    assert bodies_said(bodies, "Valdra's transport agency said the police have an LRAD.") == []


# --- a body's advice, a bare title, speakers joined across an apposition --------------------------

def speakers(story, sentence):
    """Each attribution's speakers, in order."""
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    return [a.speakers for a in rules.speakers.read(rules.norm(sentence))]


def test_a_body_recommends_what_it_wants(world):
    # "the panel recommended that X be done": the body's position, as "wants" is
    assert said(world, "The Dockers' Union recommended on Monday that the LRAD be banned.") == [
        ("union", "device-banned", "affirm", None)]
    assert speakers(world, "Orrelink recommends that the LRAD be banned.") == [["company"]]
    # advice that is no call for a thing to be done ("that shareholders accept") is read as no saying
    assert speakers(world, "Orrelink recommended that shareholders accept the offer.") == []
    # an adjective ("the recommended level") is no saying
    assert said(world, "The recommended level for the LRAD is lower, the report says.") == []


@pytest.fixture
def secretariat(world):
    """world with a body whose alias spells its title two ways (a group of alternatives)."""
    from ledger.models import Actor

    Actor.objects.create(story=world, key="harbour", name="Harbour Secretariat", aliases=[r"\bHarbour Secretar(y|iat)\b"])
    rules2._cache.clear()
    return world


def test_a_bare_title_is_the_one_body_whose_alias_spells_it(secretariat):
    # "Both the secretary and Ann Berg said": "the secretary" is the Harbour Secretar(y|iat)
    assert speakers(secretariat, "Both the secretary and Ann Berg said the police have an LRAD.") == [
        ["harbour", "company"]]


def test_a_name_in_apposition_after_a_joined_one(world):
    # "both X and the company, the firm Y, insist": X and Y
    assert speakers(world, "Both the Dockers' Union and the company, the firm Orrelink, insist that the police have "
                           "an LRAD.") == [["union", "company"]]
    # an apposition with no joining word before it joins nothing: one speaker
    assert speakers(world, "The Dockers' Union, Orrelink, said the police have an LRAD.") == [["union"]]


# --- "ruled out", a body's review, a request that another do a thing ------------------------------

def read(story, sentence, prev=""):
    """Each attribution: its speakers, its verb, what it says, whether it denies."""
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    s = rules.norm(sentence)
    return [(a.speakers, a.verb, s[a.content[0]:a.content[1]], a.denial)
            for a in rules.speakers.read(s, rules.norm(prev)) if not a.negated]


def test_ruled_out_is_a_no(world):
    # "X ruled out Y": X says no to Y, as "rejected" does
    assert read(world, "Orrelink ruled out on Monday any purchase of an LRAD.") == [
        (["company"], "ruled out", "ruled out on Monday any purchase of an LRAD.", True)]
    assert run(rules2, world, "The army ruled out that the police have an LRAD.", ["march-15"]) == [
        ("army", "device-owned", "deny", None)]
    # a second verb joined to it says its own thing, no part of the no
    assert read(world, "Orrelink ruled out any purchase of an LRAD, and proposed that the police rent one.") == [
        (["company"], "ruled out", "ruled out any purchase of an LRAD", True)]
    # in the passive, nobody in the clause says it
    assert read(world, "A purchase of an LRAD was ruled out by the board.") == []


def test_a_review_speaks_for_the_body_before(world):
    prev = "The Dockers' Union published its review of the night on Monday."
    assert read(world, '"The police have an LRAD," the review said.', prev) == [
        (["union"], "said", '"The police have an LRAD,"', False)]
    assert run(rules2, world, 'The review said the police have an LRAD.', ["march-15"],
               prev + ' The review said the police have an LRAD.') == [("union", "device-owned", "affirm", None)]
    # a review of another thing, or a review board, is no document of the one before
    assert read(world, 'The review board said the police have an LRAD.', prev) == []
    assert read(world, 'The review of the union said the police have an LRAD.', prev) == []


def test_a_request_that_another_do_a_thing_is_wanting(world):
    # "asked X to ban Y": the speaker wants it done, as "called for" says
    assert read(world, "The Dockers' Union formally asked Orrelink on Monday to ban the LRAD.") == [
        (["union"], "asked orrelink on monday to", "asked Orrelink on Monday to ban the LRAD.", False)]
    assert read(world, "The Dockers' Union asked Orrelink's safety officer to ban the LRAD.")[0][0] == ["union"]
    # not a question put ("asked whether"), nor a request to say something
    assert read(world, "The Dockers' Union asked Orrelink whether the police have an LRAD.") == []
    assert read(world, "The Dockers' Union asked Orrelink to comment on the LRAD.") == []
    assert read(world, "The Dockers' Union asked him to explain the LRAD.") == []
    # nor a request to people the story does not name: a step told, no position
    assert read(world, "The Dockers' Union asked residents near the port to ban the LRAD.") == []
    # nor a hedge: "could not rule out" is no no
    assert read(world, "Orrelink could not rule out that the police have an LRAD.") == []


def test_a_sentence_read_again_is_read_the_same_whatever_its_reader_changed(world):
    # A sentence's names and attributions are kept once read (an excerpt's readers ask again
    # for the same sentence); what one reader does with its copy is no other's reading.
    rules2._cache.clear()
    rules = rules2.story_rules(world)
    sentence, before = "She told a news conference that the police have an LRAD.", "Ann Berg spoke on Monday."
    first = rules.speakers.read(sentence, before)
    assert [(att.speakers, att.verb) for att in first] == [(["company"], "told")]
    first[0].speakers.append("union")
    first[0].content, first[0].negated = (0, 3), True
    again = rules.speakers.read(sentence, before)
    assert [(att.speakers, att.content != (0, 3), att.negated) for att in again] == [(["company"], True, False)]
    # read with another sentence before, the pronoun is that one's speaker's
    assert [att.speakers for att in rules.speakers.read(sentence, "Mara Kovac spoke on Monday.")] == [["union"]]
    names = rules.names.mentions(before)
    names.clear()
    assert [m.actor for m in rules.names.mentions(before)] == ["company"]
