"""rules/2's names: where a sentence names an actor (an alias, a role from story.toml, a
misspelt proper name) or stands in for one (a pronoun, a bare role noun), and which names a
preposition or a verb makes an object rather than a possible speaker."""
import re
from dataclasses import dataclass
from functools import lru_cache
from re import _constants as sre, _parser as sre_parse

from rapidfuzz import fuzz, process

from ingest.lang import LanguagePack, pattern_lower, words_regex

FUZZY_CUTOFF = 85  # rapidfuzz ratio for a misspelt name ("Lindquist" for "Lindqvist")
SEEN_MAX = 256  # sentences whose reading is kept: an excerpt's, its neighbours', a few excerpts back

_STAFF = ("official", "officials", "statement", "filing", "letter", "report")  # "a company statement": the company's
_TAIL_CAPITALS = re.compile(r"(?:[ \t]+(?!(?:The|A|An|And|Or|Of|In|On|At|For|To|But|As|If|By|Mr|Ms|Mrs|Dr|Monday|Tuesday"
                            r"|Wednesday|Thursday|Friday|Saturday|Sunday)\b)[A-Z][\w\-]*(?!'))+(?=[\s,.;:!?\"]|$)")
_POSSESSOR = re.compile(r"'s?\s+")  # "the council's |chief executive"
_WORD_EDGE = re.compile(r"\\[bB]")
_CAPITALIZED = re.compile(r"\b[A-Z][a-z]{5,}\b")
_LEAD_CAPITALS = re.compile(r"(?<![\w'])[Tt]he\s+((?:[A-Z][\w'\-]*\s+){1,3})$")  # "the Alder Valley |Flood Action Group"


_ALTERNATIVES = re.compile(r"\((?:\?:)?([^()\\|]*(?:\|[^()\\|]*)+)\)")  # an innermost group of words: "minist(er|ry)"


def _spelled(body: str, limit: int = 32) -> str:
    """An alias regex with its small groups of alternatives spelt out, each way it may be
    written ("Infrastructure Minist(er|ry)": "infrastructure minister | infrastructure
    ministry"), for the words of its names (`owner_of`); as it is past `limit` ways."""
    ways = [body]
    while True:
        spelt = []
        for way in ways:
            m = _ALTERNATIVES.search(way)
            spelt += [way[:m.start()] + alt + way[m.end():] for alt in m.group(1).split("|")] if m else [way]
        if spelt == ways or len(spelt) > limit:
            return " | ".join(ways)
        ways = spelt


@dataclass
class Mention:
    start: int
    end: int
    actor: str | None  # None: a pronoun or a bare role noun, resolved later
    text: str
    kind: str  # alias, role, fuzzy, pronoun, generic


def words(patterns) -> re.Pattern | None:
    """A pack list as one regex, matched on lower-cased text (see `lower`)."""
    return words_regex(patterns, lower=True)


def lower(text: str) -> str:
    """`text` lower-cased letter by letter, so offsets stay those of `text`."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def _literal(pattern: str) -> str | None:
    """The plain phrase of a simple alias ('\\bInterior Ministry\\b' -> 'Interior Ministry')."""
    p = re.sub(r"\\b|\(\?<?[=!][^)]*\)", "", pattern)
    p = re.sub(r"\[(\w)\w*\]", r"\1", p)  # 'Vu[cč]i[cć]' -> 'Vucic'
    if re.fullmatch(r"[\w][\w '\-.]*[\w]", p) and not re.search(r"\\|\.[*+?]", p):
        return p
    return None


def _leads(items) -> list[str] | None:
    """The literal texts one of which starts every match of a parsed regex (`items`), or
    None when that cannot be told (a class, a repeat or a flag first)."""
    out = ""
    for k, (op, av) in enumerate(items):
        if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT) and not out:
            continue  # zero-width: \b, a lookbehind
        if op is sre.LITERAL:
            out += chr(av)
            continue
        if not out and op is sre.SUBPATTERN and not av[1] and not av[2]:
            return _leads(av[3].data)
        if not out and op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            inner = _leads(av[2].data)
            if av[0] > 0 or inner is None:
                return inner
            rest = _leads(items[k + 1:])  # "(state )?environment": either may start it
            return None if rest is None else inner + rest
        if not out and op is sre.BRANCH:
            branches = [_leads(alt) for alt in av[1]]
            return None if any(b is None for b in branches) else [x for b in branches for x in b]
        break
    return [out] if out else None


def leads_of(pattern: str) -> tuple[str, ...] | None:
    """The literal starts of a (lower-case) regex: a text holding none of them cannot match,
    which a substring test tells far faster than the regex engine trying every position."""
    try:
        parsed = sre_parse.parse(pattern)
    except re.error:
        return None
    leads = _leads(parsed.data)
    if leads is None:
        return None
    if parsed.state.flags & re.IGNORECASE:
        leads = [x.lower() for x in leads]
    return tuple(sorted(set(leads)))


class Names:
    """A story's actors and a language's stand-ins for them, compiled once."""

    def __init__(self, story, pack: LanguagePack, config: dict):
        n = pack.normalize
        det = "|".join(pack.determiners) or "(?!x)x"
        self.determiner = det
        self.not_subject = re.compile(rf"(?<!\w)(?:{'|'.join(pack.not_subject)})\s+(?:(?:{det})\s+)?$",
                                      re.IGNORECASE) if pack.not_subject else None
        self.speaks_for = re.compile(rf"(?<!\w)(?:{'|'.join(pack.speaks_for)})\s+(?:(?:{det})\s+)?$",
                                     re.IGNORECASE) if pack.speaks_for else None
        self.pronouns = words(pack.pronouns)
        self.generic_roles = words(pack.role_nouns + pack.speaking_staff)
        # Pronouns and bare role nouns in one scan; the group's name says which.
        stand_ins = [f"(?P<{kind}>{p.pattern})" for kind, p in (("generic", self.generic_roles),
                                                                  ("pronoun", self.pronouns)) if p]
        self.stand_ins = re.compile("|".join(stand_ins)) if stand_ins else None
        self._fuzzy_seen: dict[str, str | None] = {}
        # A sentence's names, by its text: an excerpt's sentence is read as itself, as the
        # sentence before of the next one and by several readers of both (the same Mentions:
        # no reader changes one).
        self._mentions_kept = lru_cache(maxsize=SEEN_MAX)(self._mentions)

        # Actors: aliases (normalized like the text), singular/plural twins of plain ones,
        # roles, and the proper names a misspelling may be matched against.
        self.actors = []
        self._actor_leads = []  # per actor, as `leads_of`
        self._actor_words = []  # per actor, its regex with its own "\b" out (`owner_of`)
        self.roles = []
        self._role_leads = []
        self.fuzzy_names: dict[str, str] = {}
        config_actors = {a.get("id"): a for a in config.get("actors", []) if isinstance(a, dict)}
        actors = list(story.actors.all())
        heads = self._name_heads(actors, pack)
        for a in actors:
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
                body = "|".join(f"(?:{pattern_lower(p)})" for p in patterns)
                self.actors.append((a.key, re.compile(body)))
                self._actor_leads.append(leads_of(body))
                self._actor_words.append(_WORD_EDGE.sub(" ", " | ".join(_spelled(pattern_lower(p)) for p in patterns)))
            roles = (config_actors.get(a.key) or {}).get("roles") or []
            if a.key in heads:
                roles = [*roles, rf"\bthe {re.escape(heads[a.key])}\b"]
            if roles:
                body = "|".join(f"(?:{pattern_lower(n(r))})" for r in roles)
                self.roles.append((a.key, re.compile(
                    rf"(?<!\w)(?:(?:{pattern_lower(det)})\s+)?(?:{body})(?!\w)")))
                self._role_leads.append(leads_of(body))  # the role itself is in any match
        self.fuzzy_choices = list(self.fuzzy_names)
        self.surnames = self._surnames(actors, pack)
        self.places = self._places(actors, pack)
        self.described, self._described_heads = self._described(actors, pack, det)

    @staticmethod
    def _surnames(actors, pack: LanguagePack) -> list[tuple[str, re.Pattern]]:
        """A person's surname from an alias that is their full name ("Henrike Salo": "Salo"),
        as reporters name them once introduced, where no other actor's alias has that word:
        read only capitalized (`mentions`). Not from an institution's name ("National Renewal
        Party") nor a title ("Education Minister")."""
        n = pack.normalize
        not_names = "|".join(x for x in (pack.name_head_nouns, "|".join(pack.name_titles)) if x)
        if not not_names:
            return []
        found: dict[str, set] = {}
        for a in actors:
            for p in a.aliases or []:
                lit = _literal(n(p))
                parts = lit.split() if lit else []
                if not 2 <= len(parts) <= 3 or not all(w[:1].isupper() and w.replace("-", "").isalpha() for w in parts) \
                        or any(re.fullmatch(not_names, w.lower()) for w in parts) or len(parts[-1]) < 4:
                    continue
                found.setdefault(parts[-1].lower(), set()).add(a.key)
        return _one_actor_words(found)

    @staticmethod
    def _places(actors, pack: LanguagePack) -> list[tuple[str, re.Pattern]]:
        """A country's name for its government ("Maravel asked Kestavia to return ..." is the
        Government of Maravel's request), from an actor's name that holds it (`government_names`),
        read only capitalized, as a surname is (`mentions`), where no other actor's name is of
        that place's government."""
        if not pack.government_names:
            return []
        found: dict[str, set] = {}
        for a in actors:
            name = re.sub(r"\s*\(.*?\)", "", pack.normalize(a.name or "")).strip()
            for p in pack.government_names:
                m = re.fullmatch(p, name)
                if m:
                    found.setdefault(m.group("place").lower(), set()).add(a.key)
        return _one_actor_words(found)

    @staticmethod
    def _described(actors, pack: LanguagePack, det: str):
        """A body named by its head noun and some words of its name, not its name as written:
        "Sarvenia's health agency" (the National Health Protection Agency), "the Ardelian
        insurance association" (the Ardelian Insurers' Association). Per actor its head and its
        name's other words; the phrase, with "the" or a place's possessive before it, to find
        them (`mentions` keeps it only when its words are one actor's)."""
        if not pack.name_head_before or not pack.name_head_nouns:
            return None, {}
        n = pack.normalize
        heads: dict[str, list] = {}
        for a in actors:
            name = re.sub(r"\s*\(.*?\)", "", n(a.name or "")).split()
            cut = next((i for i, w in enumerate(name) if w in pack.name_head_before), len(name))
            if not 1 < cut <= len(name) or not name[0][:1].isupper():
                continue
            head = name[cut - 1].lower()
            if not (head.isalpha() and re.fullmatch(pack.name_head_nouns, head)):
                continue
            own = {w.lower().rstrip("'").removesuffix("'s") for w in name if w not in pack.name_head_before}
            own = {w for w in own if len(w) > 3 and w != head}
            if own:
                heads.setdefault(head, []).append((a.key, own))
        if not heads:
            return None, {}
        found = re.compile(rf"(?<![\w'])(?:(?:{pattern_lower(det)})|[a-z][\w\-]+'s?)\s+((?:[a-z][\w\-]*'?\s+){{1,3}})"
                           rf"({'|'.join(sorted(heads))})(?!\w)")
        return found, heads

    @staticmethod
    def _same_word(said: str, own: set) -> bool:
        """A word of the name as written, or with its ending changed ("insurance": "insurers")."""
        return said in own or len(said) > 5 and any(len(w) > 5 and w[:5] == said[:5] for w in own)

    @staticmethod
    def _name_heads(actors, pack: LanguagePack) -> dict[str, str]:
        """The head noun of each actor's name, where no other actor's name has the same
        ("Bank of Ostrevia (Governor Livia Marsch)": bank; "International Stabilisation Fund":
        fund), read as a role with its determiner: "the bank raised its rate" is the Bank of
        Ostrevia's act. A name of a person or of one word has none."""
        if not pack.name_head_before:
            return {}
        heads = {}
        for a in actors:
            name = re.sub(r"\s*\(.*?\)", "", a.name or "").split()
            cut = next((i for i, w in enumerate(name) if w in pack.name_head_before), len(name))
            head = name[cut - 1].lower() if 1 < len(name) and cut > 0 else ""
            # (a name that opens with its head, "Conference of Rectors of X", says its noun
            # itself: "the conference", a noun of the pack's list or not)
            if head.isalpha() and len(head) > 3 and name[0][:1].isupper() and pack.name_head_nouns \
                    and (re.fullmatch(pack.name_head_nouns, head) or (cut == 1 and len(name) > 2)):
                heads[a.key] = head
        counts = {}
        for head in heads.values():
            counts[head] = counts.get(head, 0) + 1
        return {key: head for key, head in heads.items() if counts[head] == 1}

    def mentions(self, s: str, low: str | None = None) -> list[Mention]:
        """The names in `s` (and its lower-cased twin `low`)."""
        return list(self._mentions_kept(s, low if low is not None else lower(s)))

    def _mentions(self, s: str, low: str) -> list[Mention]:
        found = []
        for (key, pattern), leads in zip(self.actors, self._actor_leads):
            if leads is not None and not _holds(low, leads):
                continue  # none of the actor's names can be here
            for m in pattern.finditer(low):
                if m.end() > m.start():
                    # "the Alder Valley Flood Action Group": the name starts after "the", with
                    # the capitalized words before the alias
                    capital = s[m.start():m.start() + 1].isupper()
                    lead = _LEAD_CAPITALS.search(s, max(0, m.start() - 60), m.start()) if capital else None
                    a = lead.start(1) if lead else m.start()
                    # and the capitalized words after it that go on with the name ("Tessaly Mobile")
                    tail = _TAIL_CAPITALS.match(s, m.end()) if capital else None
                    b = tail.end() if tail else m.end()
                    found.append(Mention(a, b, key, s[a:b], "alias"))
        # a surname, and a place for its government (a subject only close to its verb: speakers),
        # read only capitalized
        for words_, kind in ((self.surnames, "alias"), (self.places, "place")):
            for key, pattern in words_:
                found += [Mention(m.start(), m.end(), key, s[m.start():m.end()], kind) for m in pattern.finditer(low)
                          if s[m.start()].isupper()]
        if self.described and any(head in low for head in self._described_heads):  # its head noun, as written
            for m in self.described.finditer(low):
                said = [w.rstrip("'") for w in m.group(1).split()]
                keys = {key for key, own in self._described_heads[m.group(2)]
                        if all(self._same_word(w, own) for w in said)}
                owner = s[m.start():m.start(1)]
                # the possessive of a place, capitalized ("Sarvenia's"), or "the"
                if len(keys) == 1 and (owner[:1].isupper() or "'" not in owner):
                    a = m.start() if "'" in owner else m.start(1)  # a name after "the" starts after it
                    found.append(Mention(a, m.end(), keys.pop(), s[a:m.end()], "role"))
        for (key, pattern), leads in zip(self.roles, self._role_leads):
            if leads is not None and not _holds(low, leads):
                continue
            found += [Mention(m.start(), m.end(), key, s[m.start():m.end()], "role") for m in pattern.finditer(low)]
        if self.stand_ins:
            # The one scan of `stand_ins`, as two searches that each skip at once to where
            # their words can start: the earliest match, a role noun's where both start.
            roles, pronouns = self.generic_roles, self.pronouns
            g = roles.search(low) if roles else None
            p = pronouns.search(low) if pronouns else None
            while g or p:
                m, kind = (g, "generic") if g and (not p or g.start() <= p.start()) else (p, "pronoun")
                found.append(Mention(m.start(), m.end(), None, s[m.start():m.end()], kind))
                if g and g.start() < m.end():
                    g = roles.search(low, m.end())
                if p and p.start() < m.end():
                    p = pronouns.search(low, m.end())
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
        # Names first (the longest of overlapping ones, wherever it starts: "the mayor of X" is
        # the alias "Mayor of X", not the role "the mayor" and a place), then pronouns and bare
        # role nouns where no name is: "The President" is the alias, not the role noun "the president".
        kept = []
        for tier in (("alias", "role", "fuzzy", "place"), ("generic", "pronoun")):
            ranked = [m for m in found if m.kind in tier]
            ranked.sort(key=_longest_first)
            for m in ranked:
                for k in kept:
                    if m.end > k.start and m.start < k.end:
                        break  # overlaps a name kept
                else:
                    kept.append(m)
        kept.sort(key=_start)
        # one actor's role owned by another name ("the council's chief executive", where "chief
        # executive" is another actor's role): the owner's, so no name of its own
        for r in [k for k in kept if k.kind == "role"]:
            if any(k.end <= r.start and k.actor != r.actor and _POSSESSOR.fullmatch(low, k.end, r.start) for k in kept):
                kept.remove(r)
        return kept

    def is_object(self, s: str, m: Mention) -> bool:
        """A name that a preposition or a verb makes an object ("critics of the union")."""
        before = s[max(0, m.start - 40):m.start]
        if self.speaks_for and self.speaks_for.search(before):
            return False
        return bool(self.not_subject and self.not_subject.search(before))

    def owner_of(self, m: Mention) -> str | None:
        """"the group": the one actor whose names say "group" (and "a group spokesman")."""
        said = m.text.lower().split()
        # "a group spokesman", "company officials": the body is the word before
        staff = len(said) > 1 and (said[-1].startswith("spokes") or said[-1] in _STAFF) \
            and not re.fullmatch(self.determiner, said[-2])  # not "a spokesman", "its officials"
        head = re.escape(said[-2] if staff else said[-1])
        # (in the alias's words, its regex's own "\b" out: "Department of X" has "department")
        owners = {key for (key, _), words in zip(self.actors, self._actor_words, strict=True)
                  if re.search(rf"\b{head}", words, re.IGNORECASE)}
        return owners.pop() if len(owners) == 1 else None


def _longest_first(m: Mention) -> tuple[int, int]:
    return -(m.end - m.start), m.start


def _start(m: Mention) -> int:
    return m.start


def _holds(low: str, leads) -> bool:
    """Whether `low` holds one of `leads` (a loop: `any` over a generator costs more than the tests)."""
    for x in leads:
        if x in low:
            return True
    return False


def _one_actor_words(found: dict[str, set]) -> list[tuple[str, re.Pattern]]:
    """(actor, the word as a whole word) for each word of `found` that one actor alone has."""
    return [(keys.pop(), re.compile(rf"(?<![\w'-]){re.escape(word)}(?![\w-])"))
            for word, keys in found.items() if len(keys) == 1]
