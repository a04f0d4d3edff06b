"""`rules/2`: the offline extractor, reading a sentence the way a news reader does. No model;
a pure function of the story's configuration, its language pack and the excerpt.

How a sentence is read (docs/extraction.md says it at length):

1. Clean and normalize: markup remnants and hard wraps out (ingest.lang.clean), then the
   pack's `normalize` (diacritics folded, quotes straightened) on the text AND on the
   story's patterns, so "Vucic" meets 'Vu[cč]i[cć]'.
2. Clauses: the sentence is cut where it holds two statements (";", "while", "whereas",
   "but", outside quotation marks): "the army estimated 88,000 while the police reported
   107,000" is two clauses, each with its own speaker and its own figure.
3. Attributions in each clause: a verb of saying (one word or several: "told reporters",
   "issued a statement"), "according to X", "as X said," or a transcript label ("KOVAC: ...").
   A verb inside a quotation is quoted speech, not an attribution.
4. The speaker is the verb's subject, in the main clause: the nearest name (an actor's
   alias or role noun, or a pronoun) before the verb, skipping a relative clause
   (", who ..., ") and refusing a name that is the object of a preposition ("critics of the
   union said"); names joined by "and" / "as well as" are several speakers. In the inverted
   form ('"...," said the minister') the subject follows the verb. A pronoun or a bare role
   noun ("she", "the company") is the speaker of the sentence before, or the one actor it
   names; an actor's own `roles` (story.toml) resolve "the chief executive" directly.
5. The statement is the verb's content only (after "said that ...", or the quotation before
   ", X said"): what a subordinate clause before the subject says ("hours after the Prime
   Minister resigned, ...") is not the speaker's. A content that is a question, a condition
   ("if", "unless", "would ... if"), or hearsay ("reportedly") gives no record; nor does a
   negated verb of saying ("did not say").
6. The question: its keywords in the sentence, or, for a question whose keywords sit in the
   neighbouring sentence (the day, the place), there, unless the sentence has a day of its
   own ("on the eve", "on Tuesday").
7. The position: the question's cues in the content (partial, deny, affirm), with negation,
   hedging and verbs of denial as in rules/1; a verb of denial that governs a deny cue
   ("denied the strike was illegal") affirms.
8. Figures: in the content, with the unit nearby; ranges ("between 2,500 and 3,000",
   "275,000-325,000") give `value` and `value_high`; "nearly", "more than" keep the figure;
   "tens of thousands" is none.
9. `via`: an outlet of the story the sentence credits ("as N1 reported", "told RTS"), when it
   is not the one carrying the excerpt. `rationale`: the speaker, the verb and the cue.
"""
import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from ingest.lang import LanguagePack, pack_for, pattern_lower, words_regex
from ingest.lang.clean import text_clean

from . import ExcerptView, ExtractResult, Extractor, Finding

NAME = "rules/2"
SUBJECT_GAP = 60  # characters between a subject and its verb, relative clauses taken out
AFTER_GAP = 45  # '"...," said the Interior Minister'
NEGATION_WINDOW = 30
FUZZY_CUTOFF = 85  # rapidfuzz ratio for a misspelt name ("Lindquist" for "Lindqvist")

_QUOTE = re.compile(r'"[^"]{2,}?"')
_SPACES = re.compile(r"\s*")
_CAPITALIZED = re.compile(r"\b[A-Z][a-z]{5,}\b")
_NAME_LEAD = re.compile(r"(?:\s*\b[A-Z][\w.'\-]*)+$")  # a title and first names before a surname
_LABEL = re.compile(r"^\s*(?:\d{1,2}[:.]\d{2}\s+)?([A-Z][\w.'\- ]{0,48}?):\s+(?=\S)")


def _literal(pattern: str) -> str | None:
    """The plain phrase of a simple alias ('\\bInterior Ministry\\b' -> 'Interior Ministry')."""
    p = re.sub(r"\\b|\(\?<?[=!][^)]*\)", "", pattern)
    p = re.sub(r"\[(\w)\w*\]", r"\1", p)  # 'Vu[cč]i[cć]' -> 'Vucic'
    if re.fullmatch(r"[\w][\w '\-.]*[\w]", p) and not re.search(r"\\|\.[*+?]", p):
        return p
    return None


@dataclass
class Mention:
    start: int
    end: int
    actor: str | None  # None: a pronoun or a bare role noun, resolved later
    text: str
    kind: str  # alias, role, fuzzy, pronoun, generic


@dataclass
class QuestionRules:
    key: str
    topic: str
    number: bool
    keywords: re.Pattern | None
    affirm: re.Pattern | None
    deny: re.Pattern | None
    partial: re.Pattern | None
    unit: re.Pattern | None

    @property
    def has_cues(self) -> bool:
        return bool(self.affirm or self.deny or self.partial)


@dataclass
class Attribution:
    speakers: list  # actor keys
    content: tuple[int, int]  # span in the sentence
    verb: str
    denial: bool = False  # a verb of denial governs the content
    who: str = ""  # how the speaker was found, for the rationale
    negated: bool = False
    alt: tuple[int, int] | None = None  # the content if the first one says nothing


class StoryRules2:
    """A story's configuration and language pack, compiled once."""

    def __init__(self, story, pack: LanguagePack | None = None):
        config = story.config or {}
        self.pack = pack = (pack or pack_for(story.language)).with_overrides(config.get("extractor"))
        n = pack.normalize
        self.norm = n
        def rx(patterns):  # the pack's words, matched on lower-cased text (see _lower)
            return words_regex(patterns, lower=True)

        self.attribution = rx(pack.attribution + pack.denial)
        self.denial = rx(pack.denial)
        self.according_to = rx(pack.according_to)
        self.negation = rx(pack.negation)
        self.hedge = rx(pack.hedge)
        self.conditional = rx(pack.conditional)
        self.rumour = rx(pack.rumour)
        self.question_marker = rx(pack.question)
        self.clause_break = rx(pack.clause_break)
        det = "|".join(pack.determiners) or "(?!x)x"
        self.determiner = det
        self._name_lead = re.compile(rf"(?:\s*(?<!\w)(?:{det}))+\s*$", re.IGNORECASE)
        self.not_subject = re.compile(rf"(?<!\w)(?:{'|'.join(pack.not_subject)})\s+(?:(?:{det})\s+)?$",
                                      re.IGNORECASE) if pack.not_subject else None
        self.speaks_for = re.compile(rf"(?<!\w)(?:{'|'.join(pack.speaks_for)})\s+(?:(?:{det})\s+)?$",
                                     re.IGNORECASE) if pack.speaks_for else None
        self.coordination = re.compile(
            rf"^\s*(?:,\s*)?(?:(?:{'|'.join(pack.coordination)})\s+)?(?:(?:{det})\s+)?$", re.IGNORECASE) \
            if pack.coordination else None
        self.unsaid = re.compile("(?:" + "|".join(("" if p[:2] == "n'" else r"(?<!\w)") + f"(?:{pattern_lower(p)})"
                                                  for p in pack.unsaid) + r")\s*$") if pack.unsaid else None
        self.denial_object = rx(pack.denial_object)
        self.complementizer = rx(pack.complementizer)
        self.concessive = re.compile(rf"(?<!\w)(?:{'|'.join(pack.concessive)})\s+$") if pack.concessive else None
        self.according_gap = re.compile(rf"\s*(?:(?:{det})\s+)?(?:(?:{'|'.join(pack.source_nouns)})\s+)?(?:(?:{det})\s+)?",
                                        re.IGNORECASE) if pack.source_nouns else None
        self.denial_always = rx(pack.denial_always)
        self.day_anchor = rx(pack.day_anchor)
        self.not_a_figure = re.compile(rf"\s*(?:{'|'.join(pack.not_a_figure)})(?!\w)", re.IGNORECASE) \
            if pack.not_a_figure else None
        self.refuted = re.compile(rf"(?<!\w)(?:{'|'.join(pack.refuted)})\s*$", re.IGNORECASE) if pack.refuted else None
        self.range_from = re.compile(rf"(?<!\w)(?:{'|'.join(pack.range_from)})\s+$", re.IGNORECASE) \
            if pack.range_from else None
        self.relative = re.compile(rf",\s*(?:{'|'.join(pack.relative)})\b[^,]{{0,120}},", re.IGNORECASE) \
            if pack.relative else None
        self.pronouns = rx(pack.pronouns)
        self.generic_roles = rx(pack.role_nouns)
        # Pronouns and bare role nouns in one scan; the group's name says which.
        stand_ins = [f"(?P<{kind}>{p.pattern})" for kind, p in (("generic", self.generic_roles),
                                                                  ("pronoun", self.pronouns)) if p]
        self.stand_ins = re.compile("|".join(stand_ins)) if stand_ins else None
        self._fuzzy_seen: dict[str, str | None] = {}
        self.vague = rx(pack.vague_amount)
        self.elsewhen = rx(pack.elsewhen)
        self.approximate = rx(pack.approximate)
        mult = {**{w: 1e3 for w in pack.thousand}, **{w: 1e6 for w in pack.million}, **{w: 1e9 for w in pack.billion}}
        self.multipliers = [(re.compile(rf"^(?:{w})$", re.IGNORECASE), v) for w, v in mult.items()]
        mult_rx = "|".join(pack.thousand + pack.million + pack.billion) or "(?!x)x"
        fig = r"\d{1,3}(?:(?:,|\.|\u00a0|\u202f| )\d{3})+(?!\d)|\d+(?:[.,]\d+)?"
        self.figure_rx = re.compile(rf"(?<![\w.,])({fig})(?:\s*({mult_rx})(?!\w))?", re.IGNORECASE)
        joins = "|".join(re.escape(j) if len(j) == 1 else rf"\s{j}\s" for j in pack.range_join) or "(?!x)x"
        self.range_tail = re.compile(rf"\s*(?:{joins})\s*({fig})(?:\s*({mult_rx})(?!\w))?", re.IGNORECASE)
        self.range_open = re.compile(rf"(?:{'|'.join(pack.range_open)})\s+$", re.IGNORECASE) if pack.range_open else None
        words = sorted(pack.number_words, key=len, reverse=True)
        self.number_word = re.compile(
            rf"(?<!\w)({'|'.join(re.escape(w) for w in words)})\s+({mult_rx})(?!\w)", re.IGNORECASE) if words else None
        self.number_words = {w.lower(): v for w, v in pack.number_words.items()}

        # Actors: aliases (normalized like the text), singular/plural twins of plain ones,
        # roles, and the proper names a misspelling may be matched against.
        self.actors = []
        self.roles = []
        self.fuzzy_names: dict[str, str] = {}
        config_actors = {a.get("id"): a for a in config.get("actors", []) if isinstance(a, dict)}
        for a in story.actors.all():
            patterns = [n(p) for p in (a.aliases or [])]
            for p in list(patterns):
                lit = _literal(p)
                if lit and len(lit) > 4 and " " in lit.strip() or (lit and len(lit) > 5 and lit[0].islower()):
                    twin = lit[:-1] if lit.endswith("s") and not lit.endswith("ss") else lit + "s"
                    patterns.append(rf"\b{re.escape(twin)}\b")
                if lit and lit[0].isupper():
                    for word in re.findall(r"[A-Za-z]{6,}", lit):
                        if word[0].isupper():
                            self.fuzzy_names.setdefault(word.lower(), a.key)
            if patterns:
                self.actors.append((a.key, re.compile("|".join(f"(?:{pattern_lower(p)})" for p in patterns))))
            roles = (config_actors.get(a.key) or {}).get("roles") or []
            if roles:
                body = "|".join(f"(?:{pattern_lower(n(r))})" for r in roles)
                self.roles.append((a.key, re.compile(
                    rf"(?<!\w)(?:(?:{pattern_lower(det)})\s+)?(?:{body})(?!\w)")))
        self.fuzzy_choices = list(self.fuzzy_names)
        # Outlets, for credits: their names and ids.
        names = {}
        for o in story.outlets.all():
            for name in {o.name, o.key}:
                if name and len(name) > 1:
                    names[n(name).lower()] = o.key
        self.outlet_names = names
        if names and pack.credit:
            alt = "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True))
            self.credit = [words_regex([c.replace("{outlet}", f"(?P<outlet>{alt})")]) for c in pack.credit]
            self.outlet_mention = re.compile(rf"(?<!\w)(?:{alt})(?!\w)", re.IGNORECASE)
        else:
            self.credit = []
        self.questions = [
            QuestionRules(
                key=q.key, topic=q.topic.key, number=q.is_number,
                keywords=_compile(q.keywords, n), affirm=_compile(q.affirm, n),
                deny=_compile(q.deny, n), partial=_compile(q.partial, n),
                unit=re.compile(rf"\s*(?:[\w-]+\s+){{0,3}}?(?:{re.escape(n(q.unit).lower())})(?!\w)")
                if q.unit else None)
            for q in story.questions.select_related("topic")
        ]

    # --- names -------------------------------------------------------------------------

    def mentions(self, s: str, low: str | None = None) -> list[Mention]:
        """The names in `s` (and its lower-cased twin `low`)."""
        low = low if low is not None else _lower(s)
        found = []
        for key, pattern in self.actors:
            found += [Mention(m.start(), m.end(), key, s[m.start():m.end()], "alias") for m in pattern.finditer(low)
                      if m.end() > m.start()]
        for key, pattern in self.roles:
            found += [Mention(m.start(), m.end(), key, s[m.start():m.end()], "role") for m in pattern.finditer(low)]
        if self.stand_ins:
            found += [Mention(m.start(), m.end(), None, s[m.start():m.end()], m.lastgroup) for m in self.stand_ins.finditer(low)]
        if self.fuzzy_choices:
            for m in _CAPITALIZED.finditer(s):
                word = m.group(0).lower()
                if word in self.fuzzy_names:
                    continue
                actor = self._fuzzy_seen.get(word, False)
                if actor is False:
                    best = process.extractOne(word, self.fuzzy_choices, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
                    actor = self.fuzzy_names[best[0]] if best else None
                    if len(self._fuzzy_seen) > 50_000:
                        self._fuzzy_seen.clear()
                    self._fuzzy_seen[word] = actor
                if actor:
                    found.append(Mention(m.start(), m.end(), actor, m.group(0), "fuzzy"))
        # Names first (the longest of overlapping ones), then pronouns and bare role nouns
        # where no name is: "The President" is the alias, not the role noun "the president".
        kept = []
        for tier in (("alias", "role", "fuzzy"), ("generic", "pronoun")):
            for m in sorted((m for m in found if m.kind in tier), key=lambda m: (m.start, -(m.end - m.start))):
                if all(m.end <= k.start or m.start >= k.end for k in kept):
                    kept.append(m)
        kept.sort(key=lambda m: m.start)
        return kept

    def _object(self, s: str, m: Mention) -> bool:
        """A name that a preposition or a verb makes an object ("critics of the union")."""
        before = s[max(0, m.start - 40):m.start]
        if self.speaks_for and self.speaks_for.search(before):
            return False
        return bool(self.not_subject and self.not_subject.search(before))

    # --- attributions ------------------------------------------------------------------

    def read(self, orig: str, prev: str = "") -> list[Attribution]:
        """Every attribution in the (normalized, clean) sentence `orig`. Offsets are the
        same in `orig` and in its lower-cased twin, which the regexes read."""
        s = _lower(orig)
        quotes = [(m.start(), m.end()) for m in _QUOTE.finditer(s)]

        def in_quote(i):
            return any(a < i < b for a, b in quotes)

        cuts = [0] + [m.start() for m in self.clause_break.finditer(s) if not in_quote(m.start())] \
            if self.clause_break else [0]
        bounds = [(a, b) for a, b in zip(cuts, cuts[1:] + [len(s)])]
        mentions = self.mentions(orig, s)
        out = []
        label = _LABEL.match(orig)
        if label:
            names = [m for m in mentions if m.end <= label.end(1) and m.actor]
            if names:
                out.append(Attribution([names[-1].actor], (label.end(), len(s)), "label", who=names[-1].text))
        for c_start, c_end in bounds:
            found = self._clause(s, orig, c_start, c_end, mentions, in_quote, prev)
            if not found and out and c_start and self._continues(s, c_start, c_end):
                # "X said A, but asked B": the clause goes on with X's words
                last = out[-1]
                if last.content[1] == c_start:
                    last.content = (last.content[0], c_end)
            out += found
        if not out and prev:
            # A transcript's answer runs on after its label: "KOVAC: No. It falls short ..."
            prev_label = _LABEL.match(prev)
            if prev_label and not self.attribution.search(s):
                names = [m for m in self.mentions(prev) if m.end <= prev_label.end(1) and m.actor]
                if names:
                    out.append(Attribution([names[-1].actor], (0, len(s)), "label", who=names[-1].text))
            elif s.lstrip().startswith('"') and s.rstrip().endswith('"') and '"' in prev:
                # A quotation goes on: '"We will not pay," she said. "Not now, not ever."'
                before = [a for a in self.read(prev) if a.speakers]
                if before:
                    out.append(Attribution(before[-1].speakers, (0, len(s)), "quotation", who=before[-1].who))
        return out

    def _clause(self, s, orig, c_start, c_end, mentions, in_quote, prev) -> list[Attribution]:
        anchors = []
        for m in self.attribution.finditer(s, c_start, c_end):
            if not in_quote(m.start()):
                anchors.append((m.start(), m.end(), "verb", m.group(0)))
        for m in self.according_to.finditer(s, c_start, c_end):
            if not in_quote(m.start()):
                anchors.append((m.start(), m.end(), "according", m.group(0)))
        if self.relative:  # a verb in a relative clause is that clause's ("X, which Y accused of ..., said")
            inner = [(m.start(), m.end()) for m in self.relative.finditer(s, c_start, c_end)]
            anchors = [a for a in anchors if not any(i < a[0] < j for i, j in inner)]
        anchors.sort()
        out, covered = [], []
        clause_mentions = [m for m in mentions if c_start <= m.start < c_end]
        for v_start, v_end, kind, verb in anchors:
            if any(a <= v_start < b for a, b in covered):
                continue  # reported inside another's statement ("X said Y told ...")
            if kind == "according":
                after = [m for m in clause_mentions if m.start >= v_end and m.start - v_end <= 40
                         and (self.according_gap or _SPACES).fullmatch(s[v_end:m.start])]
                if not after:
                    continue
                speakers = self._coordinated(s, after[0], clause_mentions, forward=True)
                last = max(m.end for m in speakers)
                if s[c_start:v_start].strip(" ,\"'") == "" or s[c_start:v_start].strip().lower() in ("", "and"):
                    comma = re.compile(r",(?!\d{3})").search(s, last, c_end)
                    content = (comma.end() if comma else last, c_end)
                else:
                    content = (c_start, v_start)
                att = self._attribution(s, speakers, content, verb, prev, mentions, v_start)
            else:
                before = [m for m in clause_mentions if m.end <= v_start and not in_quote(m.start)]
                subject = self._subject(s, before, v_start, c_start)
                if subject is not None:
                    speakers = self._coordinated(s, subject, before, forward=False)
                    first = min(m.start for m in speakers)
                    if self.speaks_for:  # "..., a spokesperson for the Business Secretary said"
                        head = self.speaks_for.search(s[max(c_start, first - 60):first])
                        if head:
                            first = max(c_start, first - 60) + head.start()
                    # What precedes the subject's name, without its determiner, title and first
                    # names ("..., Dr Ilse Marr said": the lead ends at the comma).
                    lead = self._name_lead.sub("", _NAME_LEAD.sub("", orig[c_start:first].rstrip())).rstrip()
                    tail = s[v_end:c_end].strip()
                    inverted = lead.endswith((",", '"', "'")) and len(lead) > 8 and (not tail or tail[0] in ",.;")
                    alt = None
                    if inverted:  # '"...," the minister said' (", adding that ..." says more)
                        content = (c_start, c_end) if tail.startswith(",") else (c_start, first)
                    else:
                        content = (v_start, c_end)
                        if lead.endswith((",", '"', "'")) and len(lead) > 8:
                            alt = (c_start, first)  # '..., the students told reporters': if nothing follows
                else:
                    lead = orig[c_start:v_start].rstrip()
                    if not lead.endswith((",", '"', "'")):
                        continue
                    after = [m for m in clause_mentions if m.start >= v_end and m.start - v_end <= AFTER_GAP
                             and not self._object(s, m)]
                    if not after:
                        continue
                    speakers = self._coordinated(s, after[0], clause_mentions, forward=True)
                    content = (c_start, v_start)
                att = self._attribution(s, speakers, content, verb, prev, mentions, v_start)
                if att and subject is not None:
                    att.alt = alt
                if att and self.denial and self.denial.fullmatch(verb):
                    att.denial = True
            if att is None:
                continue
            # A verb of saying that is itself negated, or only wished for, says nothing.
            pre = s[max(c_start, v_start - 24):v_start]
            if self.unsaid and self.unsaid.search(pre):
                if att.denial:
                    att.denial = False  # "did not deny that ...": the statement stands, undenied
                else:
                    att.negated = True
            out.append(att)
            covered.append(att.content)
        return out

    def _continues(self, s, c_start, c_end) -> bool:
        """A clause with no subject of its own, opening with a verb ("but asked ...")."""
        m = re.match(r"\W*\w+\s+(?:also\s+|then\s+)?(\w+)", s[c_start:c_end])
        if not m:
            return False
        word = m.group(1)
        if self.complementizer and self.complementizer.fullmatch(word):
            return True  # "said A, but that B": B is said too
        return bool(self.attribution.fullmatch(word)) or (word.lower().endswith("ed") and len(word) > 4)

    def _subject(self, s, before, v_start, c_start) -> Mention | None:
        inner = [(r.start(), r.end()) for r in self.relative.finditer(s, c_start, v_start)] if self.relative else []
        for m in reversed(before):
            if any(i < m.start < j for i, j in inner):
                continue  # a name inside ", which the students accused of lying,"
            gap = s[m.end:v_start]
            if self.relative:
                gap = self.relative.sub(" ", gap)
            gap = re.sub(r"\([^)]*\)", " ", gap)
            if len(gap.strip()) > SUBJECT_GAP or re.search(r'[.;:!?]', gap):
                return None
            if self._object(s, m):
                continue
            if m.kind == "pronoun" and re.search(r"\b(?:that|and)\s*$", s[c_start:m.start]) is None \
                    and s[m.end:m.end + 3].startswith("'s"):
                continue
            # A name followed by its own verb before ours is that verb's subject ("the union
            # set up its pickets, Harbourline said"): the nearest name wins anyway.
            return m
        return None

    def _coordinated(self, s, first: Mention, pool, *, forward: bool) -> list[Mention]:
        """`first` and the names joined to it by "and", "as well as", commas."""
        group = [first]
        if not self.coordination:
            return group
        ordered = sorted(pool, key=lambda m: m.start)
        if forward:
            i = ordered.index(first) if first in ordered else -1
            for m in ordered[i + 1:]:
                if self.coordination.match(s[group[-1].end:m.start]) and (m.actor or m.kind != "pronoun"):
                    group.append(m)
                else:
                    break
        else:
            i = ordered.index(first) if first in ordered else len(ordered)
            for m in reversed(ordered[:i]):
                between = s[m.end:group[0].start]
                if self.coordination.match(between) and between.strip() and not self._object(s, m):
                    group.insert(0, m)
                else:
                    break
        return group

    def _attribution(self, s, speakers, content, verb, prev, mentions, v_start) -> Attribution | None:
        actors, who = [], []
        for m in speakers:
            actor = m.actor or self._antecedent(s, m, prev, mentions)
            if actor and actor not in actors:
                actors.append(actor)
                who.append(m.text)
        if not actors:
            return None
        return Attribution(actors, content, verb, who=" and ".join(who))

    def _antecedent(self, s, m: Mention, prev, mentions) -> str | None:
        """The actor a pronoun or bare role noun stands for: a subject earlier in the
        sentence, else the speaker of the sentence before, else the one actor it names."""
        earlier = [x for x in mentions if x.end <= m.start and x.actor and not self._object(s, x)]
        if earlier:
            return earlier[0].actor
        if prev:
            speakers = [a for att in self.read(prev) for a in att.speakers]
            if speakers:
                return speakers[0]
            named = [x for x in self.mentions(prev) if x.actor and not self._object(prev, x)]
            if len({x.actor for x in named}) == 1:
                return named[0].actor
        if m.kind == "generic":  # "the group": the one actor whose names say "group"
            head = re.escape(m.text.split()[-1].lower())
            owners = {key for key, pattern in self.actors if re.search(rf"\b{head}", pattern.pattern, re.IGNORECASE)}
            if len(owners) == 1:
                return owners.pop()
        return None

    def credited(self, s: str) -> str | None:
        if not self.credit or not self.outlet_mention.search(s):
            return None
        for pattern in self.credit:
            m = pattern.search(s)
            if m:
                return self.outlet_names.get(m.group("outlet").lower())
        return None

    # --- positions ---------------------------------------------------------------------

    def stance(self, q: QuestionRules, c: str, att: Attribution) -> tuple[str, float, str] | None:
        """(position, confidence, cue) of the content `c`."""
        if q.partial:
            m = q.partial.search(c)
            if m:
                return "partial", 0.75, m.group(0)
        if q.deny:
            m = q.deny.search(c)
            if m:
                if att.denial and m.start() > 0 and self._governed(c, m.start()):
                    return "affirm", 0.6, m.group(0)
                return "deny", 0.8, m.group(0)
        if q.affirm:
            m = q.affirm.search(c)
            if m:
                if self.hedge and self.hedge.search(c):
                    return "partial", 0.6, m.group(0)
                if self._negated(c, m.start()) or (self.negation and self.negation.search(m.group(0))):
                    return "deny", 0.6, m.group(0)
                if att.denial and self._governed(c, m.start()):
                    return "deny", 0.7, m.group(0)
                return "affirm", 0.8, m.group(0)
        if q.has_cues:
            return None
        if self.hedge and (h := self.hedge.search(c)):
            return "partial", 0.35, h.group(0)
        if self.negation and (g := self.negation.search(c)):
            return "deny", 0.35, g.group(0)
        if att.denial:
            return "deny", 0.35, att.verb
        return "affirm", 0.3, "(no cue)"

    def _governed(self, c: str, at: int) -> bool:
        """The content's verb of denial reaches the cue at `at`: "denied (that) ...",
        "rejected claims / reports that ...", in the same clause."""
        verb = self.denial.search(c, 0, at)
        if not verb:
            return False
        between = c[verb.end():at]
        if re.search(r"[;.,]", between):
            return False  # "rejected the claims, saying ...": the rest is the speaker's own
        if self.denial_always and self.denial_always.fullmatch(verb.group(0)):
            return True
        return bool(self.denial_object and self.denial_object.search(between))

    def _negated(self, c: str, at: int) -> bool:
        window = c[max(0, at - NEGATION_WINDOW):at]
        breaks = [m.end() for m in re.finditer(r"[,;:]|\bbut\b|\bwhile\b", window)]
        if self.denial:
            breaks += [m.end() for m in self.denial.finditer(window)]
        if breaks:
            window = window[max(breaks):]
        return bool(self.negation and self.negation.search(window))

    def figure(self, q: QuestionRules, c: str, *, bare: bool = False) -> tuple[float, float | None, float] | None:
        """(value, value_high, confidence) of the figure the content gives. `bare`: the unit
        was named in the sentence's other clause ("the union says 1,300 jobs; Kestrel says
        800"), so a figure without it counts."""
        best = None
        for m in self.figure_rx.finditer(c):
            value = _parse_number(m.group(1))
            if value is None:
                continue
            if m.group(2):
                value *= self._multiplier(m.group(2))
            elif re.fullmatch(r"\d{4}", m.group(1)) and 1900 <= value <= 2100:
                continue  # a year
            if self.not_a_figure and self.not_a_figure.match(c, m.end()):
                continue  # "8 percent"
            if self.refuted and self.refuted.search(c[max(0, m.start() - 16):m.start()].rstrip(", ")):
                continue  # "2,400, not 4,200": the figure the speaker refutes
            high, end = None, m.end()
            tail = self.range_tail.match(c, m.end())
            opener = self.range_open.search(c[max(0, m.start() - 20):m.start()]) if self.range_open else None
            if tail and self.range_from and self.range_from.search(c[max(0, m.start() - 12):m.start()]):
                continue  # "from 8,000 to 14,000": the figure it went to follows
            if tail and (opener or not re.match(r"\s+and\s", c[m.end():m.end() + 6])):
                hv = _parse_number(tail.group(1))
                if hv is not None:
                    if tail.group(2):
                        hv *= self._multiplier(tail.group(2))
                        if not m.group(2) and value < hv / 100:
                            value *= self._multiplier(tail.group(2))
                    if hv > value:
                        high, end = hv, tail.end()
            with_unit = bool(q.unit and q.unit.match(c, end))
            if not with_unit and not m.group(2) and value < (10 if bare else 1000):
                continue
            conf = 0.8 if with_unit else 0.55
            if self.approximate and self.approximate.search(c[max(0, m.start() - 25):m.start()]):
                conf -= 0.05
            candidate = (value, high, conf)
            if with_unit:
                return candidate
            best = best or candidate
        if best is None and self.number_word:
            for m in self.number_word.finditer(c):
                base = self.number_words.get(m.group(1).lower())
                if base is None:
                    continue
                value = base * self._multiplier(m.group(2))
                if self.vague and self.vague.search(c[max(0, m.start() - 12):m.end() + 4]):
                    continue
                with_unit = bool(q.unit and q.unit.match(c, m.end()))
                return value, None, 0.7 if with_unit else 0.5
        return best

    def _multiplier(self, word: str) -> float:
        for pattern, value in self.multipliers:
            if pattern.match(word):
                return value
        return 1.0


def _lower(text: str) -> str:
    """`text` lower-cased letter by letter, so offsets stay those of `text`."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def _compile(patterns, n) -> re.Pattern | None:
    patterns = [n(p) for p in (patterns or []) if p]
    if not patterns:
        return None
    return re.compile("|".join(f"(?:{pattern_lower(p)})" for p in patterns))  # for lower-cased text


def _parse_number(text: str) -> float | None:
    groups = re.split(r"[,.\u00a0\u202f ]", text)
    if len(groups) > 1 and all(len(g) == 3 for g in groups[1:]):
        return float("".join(groups))
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return None


_cache: dict[tuple, StoryRules2] = {}


def story_rules(story) -> StoryRules2:
    key = (story.pk, story.config_sha256 + str(story.loaded_at))
    rules = _cache.get(key)
    if rules is None:
        _cache.clear()
        rules = _cache[key] = StoryRules2(story)
    return rules


def _split_context(text: str, sentence: str) -> tuple[str, str]:
    i = text.find(sentence)
    if i < 0:
        return "", ""
    return text[:i].strip(), text[i + len(sentence):].strip()


def extract(rules: StoryRules2, excerpt: ExcerptView) -> list[Finding]:
    """The findings of one excerpt: a pure function of the compiled rules and the excerpt."""
    candidates = [q for q in rules.questions if q.topic in excerpt.topics]
    if not candidates:
        return []
    n = rules.norm
    raw_prev, raw_next = _split_context(excerpt.text, excerpt.sentence)
    s = n(text_clean(excerpt.sentence))
    prev, nxt = n(text_clean(raw_prev)), n(text_clean(raw_next))
    low, prev_low, next_low = _lower(s), _lower(prev), _lower(nxt)
    own_day = bool(rules.day_anchor and rules.day_anchor.search(low))
    questions = []
    for q in candidates:
        if q.keywords is None or q.keywords.search(low):
            questions.append((q, False))
        elif q.number and not own_day and (q.keywords.search(prev_low) or q.keywords.search(next_low)):
            questions.append((q, True))  # the day or place sits in the neighbouring sentence
        elif not q.number and q.has_cues and q.keywords.search(prev_low):
            questions.append((q, True))
    if not questions:
        return []
    if not (rules.attribution.search(low) or rules.according_to.search(low) or _LABEL.match(s) or _LABEL.match(prev)
            or (s.startswith('"') and '"' in prev)):
        return []  # nobody is said to say anything: most sentences of the news
    attributions = rules.read(s, prev)
    if not attributions:
        return []
    via = rules.credited(s)
    if via is None and prev:  # "As N1 reported:" opening the paragraph, when it attributes nothing itself
        via = rules.credited(prev)
        if via and rules.read(prev):
            via = None
    if via and via in excerpt.outlets:
        via = None
    findings, seen = [], set()
    for att in attributions:
        if att.negated:
            continue
        for a, b in [att.content] + ([att.alt] if att.alt else []):
            found = _findings(rules, low, a, b, att, questions, via, excerpt, seen)
            findings += found
            if found:
                break
    return findings


def _findings(rules, s, a, b, att, questions, via, excerpt, seen) -> list[Finding]:
    findings = []
    c = s[a:b]
    s_quoteless = s.rstrip()
    if not c.strip():
        return []
    # Not a statement: a question, a condition, hearsay.
    prefix = s[:min(a, b)]
    if "?" in c or (b >= len(s_quoteless) and s_quoteless.endswith("?")):
        return []
    if rules.question_marker and rules.question_marker.search(c):
        return []
    # Hearsay about the saying itself ("X has reportedly told ...", "rumours that X said"),
    # not a word inside what was said ("X dismissed rumours that ...").
    if rules.rumour and rules.rumour.search(prefix[-60:] + c[:8]):
        return []
    for q, borrowed in questions:
        if q.number:
            if rules.elsewhen and rules.elsewhen.search(s):
                continue  # a figure of another year
            fig = rules.figure(q, c)
            if not fig and q.unit and q.unit.search(s) and not q.unit.search(c):
                fig = rules.figure(q, c, bare=True)
            if not fig:
                continue
            value, high, conf = fig
            cue = f"figure {value:g}" + (f"-{high:g}" if high else "")
            position = "number"
        else:
            st = rules.stance(q, c, att)
            if not st:
                continue
            position, conf, cue = st
            value = high = None
        if rules.conditional and _conditional(rules, c, cue, prefix):
            continue
        if borrowed:
            conf -= 0.1
        for actor in att.speakers:
            if (actor, q.key) in seen:
                continue
            seen.add((actor, q.key))
            why = f"{att.who} + {att.verb!r}; {position} cue {cue!r}" + (" (question from the neighbouring sentence)" if borrowed else "")
            if via:
                why += f"; credited to {via}"
            findings.append(Finding(actor, q.key, position, value, round(max(0.1, conf), 3), excerpt.sentence,
                                    via=via, value_high=high, rationale=why[:300]))
    return findings


def _conditional(rules: StoryRules2, c: str, cue: str, prefix: str) -> bool:
    """A condition in the content (outside the cue that fired), or opening the sentence."""
    cue_at = c.lower().find(cue.lower()) if cue else -1
    for m in rules.conditional.finditer(c):
        if cue_at >= 0 and cue_at <= m.start() < cue_at + len(cue):
            continue
        if rules.concessive and rules.concessive.search(c[max(0, m.start() - 12):m.start()]):
            continue  # "even if": the statement stands
        return True
    return bool(rules.conditional.match(prefix.lstrip()))


class RulesExtractor2(Extractor):
    name = NAME

    def extract_batch(self, story, excerpts: list[ExcerptView], run=None) -> ExtractResult:
        rules = story_rules(story)
        return ExtractResult(findings={e.id: extract(rules, e) for e in excerpts})
