"""rules/2 on shapes read in real news (the sentences here are invented, in the story of the
test world): each one a general way reporters write that an earlier rules/2 misread."""
from datetime import date

from ingest.extractors import ExcerptView
from ingest.extractors import rules2

D = date(2025, 3, 16)


def found(story, sentence, topics=("march-15",)):
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    view = ExcerptView(id=1, sentence=sentence, text=sentence, topics=list(topics), day=D)
    return sorted((f.actor, f.question, f.position) for f in rules2.extract(rules, view))


def test_a_subject_that_negates_reverses_the_cue(story):
    # "Nobody has one" says none has one.
    for sentence in ("\u201cNobody owns an LRAD. Nobody,\u201d the Interior Ministry told reporters.",
                     "\u201cNo one in the police owns an LRAD,\u201d the Interior Ministry said.",
                     "The Interior Ministry said nobody in the police owns an LRAD."):
        assert all(position == "deny" for *_, position in found(story, sentence)), sentence
        assert found(story, sentence), sentence
