"""rules/2, official acts: an official body's act told with no verb of saying states its
position ("The directorate ordered all five ferries out of service": its count of ships out is
five). Sentences written for this test (none taken from an article), with the ones that must
give no record: an act recalled, planned, in a condition, a question or a subordinate clause."""
import pytest

from ingest.extractors import ExcerptView, rules2

from .test_rules2 import D, run, story2  # noqa: F401 (story2 is a fixture)


@pytest.fixture
def story_acts(story2):  # noqa: F811
    """The rules/2 test story with a regulator, a council and a court, and questions on a
    fleet of ferries (how many out of service), a contract and a licence."""
    from ledger.models import Actor, Question, Topic

    actors = [("directorate", "Maritime Directorate", r"\bMaritime Directorate\b", ["the directorate", "the regulator"]),
              ("council", "City Council", r"\bCity Council\b", ["the council"]),
              ("court", "High Court", r"\bHigh Court\b", ["the court"]),
              ("operator", "Fjordline", r"\bFjordline\b", ["the operator"])]
    story2.config = {**story2.config, "actors": story2.config["actors"] + [
        {"id": key, "name": name, "aliases": [alias], "roles": roles} for key, name, alias, roles in actors]}
    story2.save()
    for key, name, alias, _ in actors:
        Actor.objects.create(story=story2, key=key, name=name, aliases=[alias])
    fleet = Topic.objects.create(story=story2, key="fleet", name="Fleet", keywords=[r"\bferr", r"\bcontract\b",
                                                                                 r"\blicen[cs]e\b"], position=9)
    Question.objects.create(story=story2, topic=fleet, key="ships-out", text="How many ferries are out of service?",
                            kind="number", unit="ferries", keywords=[r"\bout of service\b", r"\bdetained\b"])
    Question.objects.create(story=story2, topic=fleet, key="contract-cancel", text="Should the contract be cancelled?",
                            keywords=[r"\bcontract\b"], affirm=[r"\b(terminate|cancel)s? the contract\b"],
                            deny=[r"\bkeep the contract\b"])
    Question.objects.create(story=story2, topic=fleet, key="licence", text="Should the licence be revoked?",
                            keywords=[r"\blicen[cs]e\b"], affirm=[r"\b(revoked|withdrew) (the |its )?licen[cs]e\b"],
                            partial=[r"\bsuspend"])
    rules2._cache.clear()
    return story2


# (sentence, context (None: the sentence alone), what rules/2 must find)
ACTS = [
    ("The Maritime Directorate ordered all five of Fjordline's ferries out of service on Friday.", None,
     [("directorate", "ships-out", "number", 5)]),
    # an increment is no count; what it brings the count to is
    ("The directorate detained two more ferries on Tuesday, so three are now out of service.",
     "Fjordline kept sailing. The directorate detained two more ferries on Tuesday, so three are now out of service.",
     [("directorate", "ships-out", "number", 3)]),
    ("The Maritime Directorate detained two more ferries on Tuesday.", None, []),
    # a release: the count that remains, or nothing
    ("The regulator cleared two of the five ferries to sail again, leaving three out of service.", None,
     [("directorate", "ships-out", "number", 3)]),
    ("The regulator cleared two of the five ferries out of service to sail again.", None, []),
    ("The City Council voted to terminate the contract with Fjordline on Monday.", None,
     [("council", "contract-cancel", "affirm", None)]),
    ("The High Court suspended the licence of the ferry company.", None, [("court", "licence", "partial", None)]),
    ("The Maritime Directorate revoked the licence of Fjordline's ferries.", None,
     [("directorate", "licence", "affirm", None)]),
    # not an act of the news: recalled, planned, conditional, asked, or in a subordinate clause
    ("The Maritime Directorate had ordered all five ferries out of service last year.", None, []),
    ("The Maritime Directorate had revoked the licence of the ferry company.", None, []),
    ("The City Council has not voted to terminate the contract.", None, []),
    ("Fjordline fears that the Maritime Directorate revoked the licence of its ferries.", None, []),
    ("The City Council will decide whether to terminate the contract.", None, []),
    ("The City Council is expected to vote to terminate the contract.", None, []),
    ("If the High Court suspended the licence, the ferries would stop.", None, []),
    ("Has the Maritime Directorate revoked the licence of the ferries?", None, []),
    ("After the Maritime Directorate ordered all five ferries out of service, Fjordline cancelled its sailings.",
     None, []),
    # the statement of a sentence that says someone says something is theirs, not the act's
    ("After the Maritime Directorate ordered all five ferries out of service, Fjordline said four ferries were "
     "out of service.", None, [("operator", "ships-out", "number", 4)]),
    # an act whose subject is no actor, or whose actor is its object
    ("It ordered all five of the ferries out of service.", "The Maritime Directorate met on Friday. It ordered all "
     "five of the ferries out of service.", []),
    ("Inspectors ordered all five of the ferries out of service.", None, []),
    ("The ferries were ordered out of service by the Maritime Directorate.", None, []),
]


@pytest.mark.parametrize("sentence, context, expected", ACTS, ids=[a[0][:60] for a in ACTS])
def test_official_act_states_a_position(story_acts, sentence, context, expected):
    assert run(rules2, story_acts, sentence, ["fleet"], context) == expected


def test_act_record_says_it_was_an_act(story_acts):
    rules = rules2.story_rules(story_acts)
    sentence = "The Maritime Directorate ordered all five of Fjordline's ferries out of service on Friday."
    view = ExcerptView(id=1, sentence=sentence, text=sentence, topics=["fleet"], day=D, outlets=())
    [finding] = rules2.extract(rules, view)
    assert finding.rationale == "Maritime Directorate + act 'ordered'; number cue 'figure 5'"


@pytest.fixture
def story_fine(story_acts):
    """The acts story with a question on a fine, whose cues open with their verbs."""
    from ledger.models import Question, Topic

    fine = Topic.objects.create(story=story_acts, key="fine", name="Fine", keywords=[r"\bfine\b"], position=10)
    Question.objects.create(story=story_acts, topic=fine, key="fine-accepted", text="Does Fjordline accept the fine?",
                            keywords=[r"\bfine\b"], affirm=[r"\baccept(s|ed)? the fine\b"],
                            deny=[r"\brefuse[sd]? to pay\b", r"\bappeal(s|ed)? against the fine\b"])
    rules2._cache.clear()
    return story_acts


# A cue that opens with its verb, told of an actor named as the verb's subject, with no verb
# of saying: the actor takes the cue's position.
CUE_ACTS = [
    ("Fjordline accepted the fine on Monday.", [("operator", "fine-accepted", "affirm", None)]),
    ("The operator has now appealed against the fine.", [("operator", "fine-accepted", "deny", None)]),
    # names joined by "and" are each the verb's subject
    ("Both Fjordline and the City Council accepted the fine.",
     [("operator", "fine-accepted", "affirm", None), ("council", "fine-accepted", "affirm", None)]),
    # a negation between them is read with the cue
    ("Fjordline has not accepted the fine.", [("operator", "fine-accepted", "deny", None)]),
    ("The operator never appealed against the fine.", [("operator", "fine-accepted", "affirm", None)]),
    # a verb of saying after it, joined by "and", is the same subject's
    ("Fjordline on Monday refused to pay and said the fine was unlawful.",
     [("operator", "fine-accepted", "deny", None)]),
    ("Fjordline accepted the fine on Monday, saying it wanted its ferries back at sea.",
     [("operator", "fine-accepted", "affirm", None)]),
    # not when another says it, before or after, nor of a name that is the verb's object
    ("Fjordline accepted the fine, stated the City Council.", [("council", "fine-accepted", "affirm", None)]),
    ("Fjordline has reportedly said that it accepted the fine.", []),
    ("The City Council said Fjordline accepted the fine.", [("council", "fine-accepted", "affirm", None)]),
    ("Fjordline accepted the fine, the City Council said.", [("council", "fine-accepted", "affirm", None)]),
    ("The Maritime Directorate let Fjordline appeal against the fine.", []),
    # nor a modal's, a condition's or a subordinate clause's, nor one another verb governs
    ("Fjordline will accept the fine.", []),
    ("Should Fjordline accept the fine, the case would close.", []),
    ("A court ruling lets Fjordline appeal against the fine.", []),
    ("Mounting losses could see Fjordline accept the fine.", []),
    # nor an act of another year, or one told as earlier than now
    ("In 2019 Fjordline accepted the fine.", []),
    ("Fjordline accepted the fine in 2021.", []),
    ("Fjordline initially accepted the fine.", []),
    # nor a cue whose thing is another than the question's
    ("Fjordline refused to pay for the new ferry terminal.", []),
    ("If Fjordline accepted the fine, the case would close.", []),
    ("After Fjordline accepted the fine, the ferries sailed again.", []),
]


@pytest.mark.parametrize("sentence, expected", CUE_ACTS, ids=[a[0][:60] for a in CUE_ACTS])
def test_a_cue_told_of_its_subject_is_its_position(story_fine, sentence, expected):
    assert run(rules2, story_fine, sentence, ["fine"]) == expected


def test_a_cue_act_says_so(story_fine):
    sentence = "Fjordline accepted the fine on Monday."
    [finding] = rules2.extract(rules2.story_rules(story_fine), ExcerptView(
        id=1, sentence=sentence, text=sentence, topics=["fine"], day=D, outlets=()))
    assert finding.rationale == "Fjordline + act 'accepted'; affirm cue 'accepted the fine'"


# A cue of a question names the question as well as its keywords do: the sentences below
# have none of the question's keywords ("fine"), only its cue, as written or read loosely.
NAMED_BY_CUE = [
    ("Fjordline said it refused to pay.", [("operator", "fine-accepted", "deny", None)]),
    ("Fjordline said it refused outright to pay.", [("operator", "fine-accepted", "deny", None)]),
    ("Fjordline said it wanted to pay.", []),
]


@pytest.mark.parametrize("sentence, expected", NAMED_BY_CUE, ids=[a[0][:60] for a in NAMED_BY_CUE])
def test_a_cue_names_its_question(story_fine, sentence, expected):
    assert run(rules2, story_fine, sentence, ["fine"]) == expected


def test_a_state_is_no_act(story_fine):
    """'has', 'is' open no act: "Fjordline has the fine paid" is a fact told, not a position taken."""
    from ledger.models import Question

    Question.objects.filter(story=story_fine, key="fine-accepted").update(affirm=[r"\b(has|have) .{0,20}fine\b"])
    rules2._cache.clear()
    assert run(rules2, story_fine, "Fjordline has the money for the fine.", ["fine"]) == []


# A pronoun subject stands for the actor of the sentence before, in the same paragraph.
CUE_ACTS_PRONOUN = [
    ("It accepted the fine on Monday.", "Fjordline met the regulator. It accepted the fine on Monday.",
     [("operator", "fine-accepted", "affirm", None)]),
    ("It accepted the fine on Monday.", "Fjordline met the regulator.\n\nIt accepted the fine on Monday.", []),
]


@pytest.mark.parametrize("sentence, context, expected", CUE_ACTS_PRONOUN, ids=["same paragraph", "paragraph before"])
def test_a_cue_act_of_a_pronoun(story_fine, sentence, context, expected):
    assert run(rules2, story_fine, sentence, ["fine"], context) == expected


def test_a_lone_verb_cue_names_no_question(story_acts):
    """A one-word cue in another form than its base ("suspended" under `suspend`) does not ask
    its question on its own: "suspended talks" may be of anything."""
    found = run(rules2, story_acts, "Fjordline said the City Council suspended its talks with the ferry crews.", ["fleet"])
    assert [f for f in found if f[1] == "licence"] == []


def test_a_wire_dateline_is_no_lead(story_acts):
    # the agency's place, day and name before the first sentence do not hide the act's subject
    assert run(rules2, story_acts, "OSLOVIK, March 3 (NTA) - The Maritime Directorate ordered all five of Fjordline's "
               "ferries out of service on Friday.", ["fleet"]) == [("directorate", "ships-out", "number", 5)]
    assert run(rules2, story_acts, "OSLOVIK, March 3 (NTA) - After the Maritime Directorate ordered all five ferries "
               "out of service, Fjordline cancelled its sailings.", ["fleet"]) == []
    # nor is a live blog's time stamp
    assert run(rules2, story_acts, "13:15 The Maritime Directorate ordered all five of Fjordline's ferries out of "
               "service.", ["fleet"]) == [("directorate", "ships-out", "number", 5)]
