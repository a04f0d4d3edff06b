from datetime import date

import pytest

from ingest.extractors import ExcerptView, extractor_get
from ingest.extractors.rules import _cache as rules_cache
from ingest.extractors.rules import extract, story_rules

D = date(2025, 3, 16)

CASES = [
    # sentence, topics, expected findings (actor, question, position, value)
    ("The Interior Ministry said the police have an LRAD device.", ["march-15"],
     [("ministry", "device-owned", "affirm", None)]),
    ("The Interior Ministry denied that the police have any sound device.", ["march-15"],
     [("ministry", "device-owned", "deny", None)]),  # an affirm cue under a verb of denial
    ("The Interior Minister rejected claims that the police have an LRAD.", ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("The Interior Ministry dismissed reports that it bought an LRAD.", ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("The Interior Ministry did not deny that the police have an LRAD.", ["march-15"],
     [("ministry", "device-owned", "affirm", None)]),  # a negated denial denies nothing
    ("The Interior Ministry denied using it; the police have an LRAD, the ministry said.", ["march-15"],
     [("ministry", "device-owned", "affirm", None)]),  # the denial is in another clause
    ("The Interior Ministry denied that the police do not have an LRAD.", ["march-15"],
     [("ministry", "device-owned", "deny", None)]),  # a deny cue that matched wins
    ("The Interior Ministry denied that a sound device was used.", ["march-15"],
     [("ministry", "sound-used", "deny", None)]),  # no cues: the denial gives the polarity
    ("The Interior Minister insisted that the police do not have a sound cannon.", ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("\"We have no such thing,\" the Interior Minister told reporters, asked whether police own an LRAD.", ["march-15"],
     [("ministry", "device-owned", "deny", None)]),
    ("The Interior Ministry said it owns LRAD units only for warnings.", ["march-15"],
     [("ministry", "device-owned", "partial", None)]),
    ("The Interior Ministry said it has not bought an LRAD.", ["march-15"],
     [("ministry", "device-owned", "deny", None)]),  # negation before an affirm cue
    ("According to the Interior Ministry, the police have some of the LRAD systems partly.", ["march-15"],
     [("ministry", "device-owned", "partial", None)]),  # hedge on an affirm cue
    ("The students said a sound cannon was used on 15 March.", ["march-15"],
     [("students", "sound-used", "affirm", None)]),  # no cues: general polarity
    ("The Interior Ministry said no sound device was used.", ["march-15"],
     [("ministry", "sound-used", "deny", None)]),
    ("A sound cannon, said the student spokesperson, was used against the crowd.", ["march-15"],
     [("students", "sound-used", "affirm", None)]),  # "..., said X"
    ("The police have an LRAD, a newspaper wrote.", ["march-15"], []),  # no actor attributed
    ("The Interior Ministry has an LRAD.", ["march-15"], []),  # an actor, but no verb of saying
    ("The Interior Ministry said the talks were about acoustic panels.", ["march-15"], []),  # no question keyword
    ("The Archive of Public Gatherings estimated that 275,000 people came.", ["crowds"],
     [("archive", "crowd-size", "number", 275000)]),
    ("The Archive of Public Gatherings said 275 thousand people came.", ["crowds"],
     [("archive", "crowd-size", "number", 275000)]),
    ("The Interior Ministry said 107,000 people gathered in 2025.", ["crowds"],
     [("ministry", "crowd-size", "number", 107000)]),
    ("The students said more than 300,000 people came on 15 March.", ["crowds"],
     [("students", "crowd-size", "number", 300000)]),
    ("The Interior Ministry said on 15 March that 55 000 people were there.", ["crowds"],
     [("ministry", "crowd-size", "number", 55000)]),
    ("The students said 1.5 million people watched the crowd.", ["crowds"],
     [("students", "crowd-size", "number", 1500000)]),
    ("The Interior Ministry said 15 people were injured in the crowd.", ["crowds"],
     [("ministry", "crowd-size", "number", 15)]),  # a small figure with the unit: still a figure
    ("The students said many people came in 2025.", ["crowds"], []),  # a year is not a figure
]


@pytest.mark.parametrize("sentence, topics, expected", CASES, ids=[c[0][:50] for c in CASES])
def test_rules_extractor_table(story, sentence, topics, expected):
    rules = story_rules(story)
    findings = extract(rules, ExcerptView(id=1, sentence=sentence, text=sentence, topics=topics, day=D))
    assert [(f.actor, f.question, f.position, f.value) for f in findings] == expected
    for f in findings:
        assert 0 <= f.confidence <= 1 and f.quote == sentence


def test_one_sentence_several_records(story):
    sentence = "The Interior Minister said the police have an LRAD but it was never used."
    rules = story_rules(story)
    findings = extract(rules, ExcerptView(id=1, sentence=sentence, text=sentence, topics=["march-15"], day=D))
    assert {(f.question, f.position) for f in findings} == {("device-owned", "affirm"), ("sound-used", "deny")}


def test_registry(story):
    assert extractor_get("rules/1").name == "rules/1"
    with pytest.raises(ValueError):
        extractor_get("oracle")
    with pytest.raises(ValueError):
        extractor_get("rules/9")


def test_another_language_from_the_story_config(story):
    story.actors.filter(key="ministry").update(aliases=[r"\bMUP\b"])
    story.questions.filter(key="device-owned").update(keywords=["poseduje", "ima", "nema"], affirm=[r"\b(ima|poseduje)\b.{0,30}LRAD"],
                                                      deny=[r"\bnema\b"], partial=[])
    story.config = {**story.config, "extractor": {"attribution": ["rekao", "rekla", "izjavio"],
                                                  "according_to": ["prema rečima"], "negation": ["ne", "nema"]}}
    story.save()
    rules = story_rules(story)
    said = ExcerptView(id=1, sentence="MUP je rekao da policija nema LRAD.", text="", topics=["march-15"], day=D)
    assert [(f.actor, f.position) for f in extract(rules, said)] == [("ministry", "deny")]
    unsaid = ExcerptView(id=2, sentence="MUP said the police have an LRAD.", text="", topics=["march-15"], day=D)
    assert extract(rules, unsaid) == []  # English verbs are not this story's


def test_denial_rule_is_configurable(story):
    sentence = "The Interior Ministry denied that the police have any sound device."
    view = ExcerptView(id=1, sentence=sentence, text=sentence, topics=["march-15"], day=D)
    assert [f.position for f in extract(story_rules(story), view)] == ["deny"]
    story.config = {**story.config, "extractor": {"denial": []}}  # turned off: the cue alone
    story.save()
    rules_cache.clear()  # compiled per configuration hash; the test edits the config in place
    assert [f.position for f in extract(story_rules(story), view)] == ["affirm"]
    story.config = {**story.config, "extractor": {"denial": ["contested"], "attribution": ["contested", "said"]}}
    story.save()
    rules_cache.clear()
    contested = ExcerptView(id=2, sentence="The Interior Ministry contested that the police have an LRAD.",
                            text="", topics=["march-15"], day=D)
    assert [f.position for f in extract(story_rules(story), contested)] == ["deny"]
