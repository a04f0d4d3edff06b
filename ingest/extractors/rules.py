"""`rules/1`: the offline extractor. No model; a pure function of the story's configuration
and an excerpt's sentence.

1. Actors: every actor alias found in the sentence (aliases are regexes, searched
   case-insensitively as written; of overlapping matches the longest wins).
2. Speaker: the actor attributed by a verb of saying. "X said / told / denied ... that ...":
   the nearest actor before the verb in the same clause; "..., said X": the actor right
   after the verb; "according to X": the actor after it. No attribution, no record.
3. Question: among the questions of the excerpt's topics, those whose keywords match the
   sentence (a question without keywords matches on its topic alone).
4. Position (stance questions): the question's cues, checked `partial`, then `deny`, then
   `affirm`. An affirm cue under a hedge ("partly", "not all" ...) becomes partial; an affirm
   cue negated just before it or within it ("not", "never" ...) becomes deny; so does an
   affirm cue that a verb of denial governs ("X denied / rejected / dismissed (claims) that
   the police have an LRAD": the same clause, before the cue, the verb not itself negated).
   A deny cue that matched wins over all this. A question with no cues at all falls back on
   negation, denial and hedging alone, with a low confidence. A question that has cues but
   none matches gives no record (a mention is not a stance).
5. Numbers (number questions): a figure, preferably followed within three words by the
   question's unit: "107,000", "55 000", "275 thousand", "1.5 million", "more than 300,000
   people". Years (1900-2100 without separators) and small numbers without a unit are not
   figures.

Everything language-specific comes from the story: aliases, keywords and cues from
story.toml; the verbs of saying, negations, hedges and number words from an optional
`[extractor]` table (`attribution`, `according_to`, `negation`, `hedge`, `denial`,
`thousand`, `million`: lists of regexes; `denial = []` turns the denial rule off),
defaulting to the English ones below, or for a story in another language to its language
pack's (ingest/lang: Serbian's also folds both scripts and the diacritics of the text and of
the story's regexes to one form; a quote keeps the original). Compiled rules are
cached per story and configuration hash, so a batch reads the configuration once.
"""
import re
from dataclasses import dataclass

from ..lang import pack_for
from . import ExcerptView, ExtractResult, Extractor, Finding

ENGLISH = {
    "attribution": [
        r"said", r"says?", r"told", r"tells?", r"stated?s?", r"denied", r"deny", r"denies",
        r"insist(ed|s)?", r"announc(ed|es?)", r"claim(ed|s)?", r"quoted?", r"quoting",
        r"confirm(ed|s)?", r"admit(ted|s)?", r"added", r"argued?s?", r"maintain(ed|s)?",
        r"declar(ed|es?)", r"reject(ed|s)?", r"repeat(ed|s)?", r"reiterat(ed|es?)", r"assert(ed|s)?",
        r"wr(ote|ites?)", r"estimat(ed|es?)", r"counted", r"reported", r"stress(ed|es)?",
        r"not(ed|es)", r"explain(ed|s)?", r"acknowledg(ed|es?)", r"conced(ed|es?)", r"promis(ed|es?)",
        r"warn(ed|s)?", r"respond(ed|s)?", r"repl(ied|ies|y)", r"put the (number|figure|turnout) at",
    ],
    "according_to": [r"according to", r"in the words of", r"as quoted by"],
    "negation": [r"not", r"no", r"never", r"n[o']t", r"\w+n't", r"neither", r"nor", r"without", r"none"],
    "hedge": [r"partly", r"partially", r"in part", r"largely", r"mostly", r"almost", r"nearly",
              r"not (all|fully|entirely|completely|yet all)", r"some of", r"most of", r"except",
              r"apart from", r"with the exception", r"still outstanding"],
    # Verbs of attribution that deny what follows them (they attribute too).
    "denial": [r"den(y|ies|ied|ying)", r"reject(s|ed|ing)?", r"dismiss(es|ed|ing)?", r"refut(es?|ed|ing)"],
    "thousand": [r"thousand", r"k"],
    "million": [r"million", r"mn", r"m"],
}

CLAUSE_BREAK = re.compile(r"[.;:!?]|\bbut\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)
SPEAKER_BEFORE = 120  # characters between a subject and its verb ("X, who ..., said")
SPEAKER_AFTER = 40  # "..., said the Interior Minister"
NEGATION_WINDOW = 30  # characters before an affirm cue in which a negation turns it


def _any(patterns, *, words=True) -> re.Pattern | None:
    patterns = [p for p in patterns if p]
    if not patterns:
        return None
    body = "|".join(f"(?:{p})" for p in patterns)
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)" if words else body, re.IGNORECASE)


@dataclass
class QuestionRules:
    key: str
    topic: str
    number: bool
    keywords: re.Pattern | None
    affirm: re.Pattern | None
    deny: re.Pattern | None
    partial: re.Pattern | None
    unit: re.Pattern | None  # the unit within three words after a figure

    @property
    def has_cues(self) -> bool:
        return bool(self.affirm or self.deny or self.partial)


class StoryRules:
    """A story's configuration compiled once: actors, questions, language words."""

    def __init__(self, story):
        # English reads as it always has; another language by its pack, whose `normalize` is
        # applied to its words, the story's regexes and each sentence alike (Serbian: either
        # script, diacritics or not); a record's quote keeps the original text.
        base, self.fold = ENGLISH, (lambda text: text)
        pack = pack_for(story.language)
        if pack.code != "en":
            base = {k: getattr(pack, k) for k in ENGLISH}
            self.fold = pack.normalize
        words = {**ENGLISH, **base, **{k: v for k, v in (story.config or {}).get("extractor", {}).items()
                                       if isinstance(v, list)}}
        words = {k: [self.fold(p) for p in v] for k, v in words.items()}
        self.attribution = _any(words["attribution"] + words["denial"])  # a denial attributes too
        self.according_to = _any(words["according_to"])
        self.negation = _any(words["negation"])
        self.hedge = _any(words["hedge"])
        self.denial = _any(words["denial"])
        thousand, million = "|".join(words["thousand"]), "|".join(words["million"])
        self.multiplier_thousand = re.compile(rf"^(?:{thousand})$", re.IGNORECASE)
        self.number = re.compile(
            r"(?<![\w.,])(\d{1,3}(?:(?:,|\.|\u00a0|\u202f| )\d{3})+(?![\d])|\d+(?:[.,]\d+)?)"
            rf"(?:\s*({thousand}|{million})(?!\w))?", re.IGNORECASE)
        # The story's own regexes are searched as written (the bundle adds \b where it wants one).
        fold = self.fold

        def own(patterns):
            return _any([fold(p) for p in patterns], words=False)

        self.actors = [(a.key, own(a.aliases)) for a in story.actors.all() if a.aliases]
        self.questions = [
            QuestionRules(
                key=q.key, topic=q.topic.key, number=q.is_number,
                keywords=own(q.keywords), affirm=own(q.affirm),
                deny=own(q.deny), partial=own(q.partial),
                unit=re.compile(rf"\s*(?:[\w-]+\s+){{0,3}}?(?:{re.escape(fold(q.unit))})(?!\w)", re.IGNORECASE) if q.unit else None)
            for q in story.questions.select_related("topic")
        ]

    # --- speaker -----------------------------------------------------------------------

    def mentions(self, sentence: str) -> list[tuple[int, int, str]]:
        found = []
        for key, pattern in self.actors:
            found += [(m.start(), m.end(), key) for m in pattern.finditer(sentence)]
        found.sort(key=lambda m: (m[0], -(m[1] - m[0])))
        kept = []
        for m in found:
            if not kept or m[0] >= kept[-1][1]:
                kept.append(m)
        return kept

    def speaker(self, sentence: str) -> str | None:
        mentions = self.mentions(sentence)
        if not mentions:
            return None
        verbs = []
        if self.attribution:
            verbs += [(m.start(), m.end(), False) for m in self.attribution.finditer(sentence)]
        if self.according_to:
            verbs += [(m.start(), m.end(), True) for m in self.according_to.finditer(sentence)]
        for v_start, v_end, after_only in sorted(verbs):
            if not after_only:
                before = [m for m in mentions if m[1] <= v_start and v_start - m[1] <= SPEAKER_BEFORE
                          and not CLAUSE_BREAK.search(sentence, m[1], v_start)]
                if before:
                    return before[-1][2]
            after = [m for m in mentions if m[0] >= v_end and m[0] - v_end <= SPEAKER_AFTER
                     and not CLAUSE_BREAK.search(sentence, v_end, m[0])]
            if after:
                return after[0][2]
        return None

    # --- positions ---------------------------------------------------------------------

    def stance(self, q: QuestionRules, sentence: str) -> tuple[str, float] | None:
        if q.partial and q.partial.search(sentence):
            return "partial", 0.75
        if q.deny and q.deny.search(sentence):
            return "deny", 0.8
        if q.affirm:
            match = q.affirm.search(sentence)
            if match:
                if self.hedge and self.hedge.search(sentence):
                    return "partial", 0.6
                if self._negated(sentence, match.start()) or (self.negation and self.negation.search(match.group(0))):
                    return "deny", 0.6
                if self._denied(sentence, match.start()):
                    return "deny", 0.7
                return "affirm", 0.8
        if q.has_cues:
            return None
        if self.hedge and self.hedge.search(sentence):
            return "partial", 0.35
        if self.negation and self.negation.search(sentence):
            return "deny", 0.35
        if self._denied(sentence, len(sentence.rstrip(" .!?\"'\u201d\u2019"))):
            return "deny", 0.35
        return "affirm", 0.3

    def _denied(self, sentence: str, at: int) -> bool:
        """A verb of denial before `at` in the same clause, not itself negated ("did not deny")."""
        if not self.denial:
            return False
        for verb in self.denial.finditer(sentence, 0, at):
            if CLAUSE_BREAK.search(sentence, verb.end(), at):
                continue
            if not self._negated(sentence, verb.start()):
                return True
        return False

    def _negated(self, sentence: str, at: int) -> bool:
        window = sentence[max(0, at - NEGATION_WINDOW):at]
        breaks = list(CLAUSE_BREAK.finditer(window)) + list(re.finditer(r",", window))
        if self.denial:  # "did not deny that ...": that negation is the verb's, not the cue's
            breaks += list(self.denial.finditer(window))
        if breaks:
            window = window[max(b.end() for b in breaks):]
        return bool(self.negation and self.negation.search(window))

    def figure(self, q: QuestionRules, sentence: str) -> tuple[float, float] | None:
        """(value, confidence) of the figure the sentence gives for a number question."""
        best = None
        for m in self.number.finditer(sentence):
            digits, word = m.group(1), m.group(2)
            value = _parse_number(digits)
            if value is None:
                continue
            if word:
                value *= 1_000 if self.multiplier_thousand.match(word) else 1_000_000
            elif re.fullmatch(r"\d{4}", digits) and 1900 <= value <= 2100:
                continue  # a year
            with_unit = bool(q.unit and q.unit.match(sentence, m.end()))
            if not with_unit and not word and value < 1000:
                continue
            candidate = (value, 0.8 if with_unit else 0.55)
            if with_unit:
                return candidate
            best = best or candidate
        return best


def _parse_number(text: str) -> float | None:
    groups = re.split(r"[,.\u00a0\u202f ]", text)
    if len(groups) > 1 and all(len(g) == 3 for g in groups[1:]):
        return float("".join(groups))  # thousands separators: 107,000 / 55 000 / 107.000
    try:
        return float(text.replace(",", "."))  # a decimal: 1.5 / 1,5
    except ValueError:
        return None


_cache: dict[tuple[int, str], StoryRules] = {}


def story_rules(story) -> StoryRules:
    key = (story.pk, story.config_sha256 + str(story.loaded_at))
    rules = _cache.get(key)
    if rules is None:
        _cache.clear()  # one story's rules at a time per process is plenty
        rules = _cache[key] = StoryRules(story)
    return rules


def extract(rules: StoryRules, excerpt: ExcerptView) -> list[Finding]:
    """The findings of one excerpt: a pure function of the compiled rules and the excerpt."""
    sentence = rules.fold(excerpt.sentence)
    questions = [q for q in rules.questions if q.topic in excerpt.topics
                 and (q.keywords is None or q.keywords.search(sentence))]
    if not questions:
        return []
    speaker = rules.speaker(sentence)
    if speaker is None:
        return []
    findings = []
    for q in questions:
        if q.number:
            figure = rules.figure(q, sentence)
            if figure:
                findings.append(Finding(speaker, q.key, "number", figure[0], figure[1], excerpt.sentence))
        else:
            stance = rules.stance(q, sentence)
            if stance:
                findings.append(Finding(speaker, q.key, stance[0], None, stance[1], excerpt.sentence))
    return findings


class RulesExtractor(Extractor):
    name = "rules/1"

    def extract_batch(self, story, excerpts: list[ExcerptView], run=None) -> ExtractResult:
        rules = story_rules(story)
        return ExtractResult(findings={e.id: extract(rules, e) for e in excerpts})
