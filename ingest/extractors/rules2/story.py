"""rules/2 compiled for one story: its configuration and language pack, once per story
(and again when the story's configuration changes)."""
from ingest.lang import LanguagePack, pack_for

from .acts import Acts
from .answers import Answers
from .credits import Credits
from .figures import Figures
from .names import Names, words
from .positions import Positions, compile_patterns, questions_compile
from .reactions import Reactions
from .speakers import Speakers


class StoryRules2:
    def __init__(self, story, pack: LanguagePack | None = None):
        config = story.config or {}
        self.pack = pack = (pack or pack_for(story.language)).with_overrides(config.get("extractor"))
        self.norm = pack.normalize
        self.names = Names(story, pack, config)
        self.speakers = Speakers(pack, self.names)
        self.positions = Positions(pack, self.names.actors)
        self.acts = Acts(pack, self.speakers)
        self.figures = Figures(pack)
        self.credits = Credits(story, pack)
        self.answers = Answers(pack, self.speakers.attribution)
        # A day of the sentence's own: a number question's anchor is then not borrowed.
        self.day_anchor = self.positions.day_anchor
        self.count_ref = words(pack.count_ref)  # "the real figure": the count of the sentence before
        self.claim_ref = words(pack.claim_ref)  # "denied the claim": the claim of the sentence before
        self.reactions = Reactions(pack, self.speakers)  # "welcomed the ruling": the decision of the sentence before
        self.questions = questions_compile(story, self.norm, self.figures, self.positions.proposals, self.positions.claims,
                                           self.names.actors)
        self.figures.counts_of(self.questions)  # a count another question of the same unit asks is not this one's
        # A topic's keywords, as excerpts are cut: a sentence that holds them is an excerpt of its own.
        self.topic_keywords = {t.key: compile_patterns(t.keywords, self.norm) for t in story.topics.all()}


_cache: dict[tuple, StoryRules2] = {}


def story_rules(story) -> StoryRules2:
    key = (story.pk, story.config_sha256 + str(story.loaded_at))
    rules = _cache.get(key)
    if rules is None:
        _cache.clear()
        rules = _cache[key] = StoryRules2(story)
    return rules
