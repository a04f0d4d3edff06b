"""rules/2's credits (`via`): the outlet of the story a sentence credits for what it reports
("as N1 reported", "told RTS", "in an interview with RTS")."""
import re
from functools import lru_cache

from ingest.lang import LanguagePack, words_regex

from .names import SEEN_MAX


_OPENING = re.compile(r"[\s\"']*(?:\d{1,2}[:.]\d{2}\s+)?")  # a live blog's time first: "12:20 As N1 reported, ..."
_SHORT = re.compile(r"the (?:[\w'\-]+ )+(\w{4,})")  # a newspaper's "the ... Herald"
_CREDIT_END = re.compile(r"[^,.;:\"]{0,30},\s*")  # "... reported on Wednesday, "


_NOTE = re.compile(r"\s*\(([^)]*)\)\s*")
_PROPER = re.compile(r"[A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|of|di|de|der|la|le|the|for))*\s+[A-Z][\w'&.-]*|[A-Z]{2,}")


def _name_forms(name: str) -> set[str]:
    """The forms an outlet's name is cited by: "Corriere di Lusara (English edition)" as
    "Corriere di Lusara"; "ABS Radio (Aldmere Broadcasting Service)" as "ABS Radio", "ABS" and
    "Aldmere Broadcasting Service" (a note in brackets that is itself a name, not "English edition")."""
    forms = set()
    bare = _NOTE.sub(" ", name).strip()
    if bare and bare != name:
        forms.add(bare)
    for note in _NOTE.findall(name):
        if _PROPER.fullmatch(note.strip()):
            forms.add(note.strip())
    first = bare.split()[0] if bare.split() else ""
    if len(first) > 1 and first.isupper() and first.isalpha():
        forms.add(first)
    return forms


class Credits:
    def __init__(self, story, pack: LanguagePack):
        n = pack.normalize
        # (asked of a sentence as the excerpt's, as the one before the next, and by several readers)
        self.credited = lru_cache(maxsize=SEEN_MAX)(self._credited)
        names, shorts = {}, {}
        for o in story.outlets.all():
            for name in {o.name, o.key, *_name_forms(o.name or "")}:
                if name and len(name) > 1:
                    names.setdefault(n(name).lower(), o.key)
            short = _SHORT.fullmatch(n(o.name or "").lower())
            if short:  # "The Kestrin Clarion" is "the Clarion" once named
                shorts.setdefault("the " + short.group(1), set()).add(o.key)
        for short, keys in shorts.items():
            if len(keys) == 1:
                names.setdefault(short, keys.pop())
        self.outlet_names = names
        if names and pack.credit:
            alt = "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True))
            # "the Belgrade daily Danas", "Beta news agency": the name with what the outlet is
            before = (rf"(?:(?:[\w'-]+ ){{0,2}}?(?:{'|'.join(pack.outlet_before)}) )?" if pack.outlet_before else "")
            after = rf"(?: (?:{'|'.join(pack.outlet_after)}))?" if pack.outlet_after else ""
            named = f"{before}(?P<outlet>{alt}){after}"
            self.credit = [words_regex([c.replace("{outlet}", named)]) for c in pack.credit]
            self.outlet_mention = re.compile(rf"(?<!\w)(?:{alt})(?!\w)", re.IGNORECASE)
            # A credit set between the subject and its verb: "X has, according to the news agency
            # VPA, found ...", "X has according to the broadcaster VBC conceded that ...": the
            # credits that are no verb of the subject's ("according to X", "as X reported"),
            # with the commas around them.
            asides = [c for c in pack.credit if c.startswith(("as ", "according to"))]
            asides += [f"{a} (?:the )?{{outlet}}" for a in pack.according_to]
            bare = named.replace("(?P<outlet>", "(?:")
            body = "|".join(f"(?:{c.replace('{outlet}', bare)})" for c in asides)
            self.aside = re.compile(rf"(?:\s*,\s*|\s+)(?:{body})(?:\s+(?:on|last|this)\s+\w+(?:\s+(?:morning|afternoon|evening|night))?)?"
                                    rf"(?:\s*,\s*|\s+)(?-i:(?=[a-z]))",
                                    re.IGNORECASE)
        else:
            self.credit = []
            self.aside = None

    def opening(self, s: str) -> int | None:
        """Where the main clause starts after a credit that opens the sentence ("As Radio X
        reported on Wednesday, the director-general sees ..."): what follows is the report's."""
        if not self.credit or not self.outlet_mention.search(s, 0, 80):
            return None
        for pattern in self.credit:
            m = pattern.match(s, _OPENING.match(s).end())
            if m:
                comma = _CREDIT_END.match(s, m.end())
                return comma.end() if comma else None
        return None

    def aside_cut(self, s: str) -> tuple[int, int] | None:
        """The span of a credit set between the sentence's subject and its verb ("The agency
        has, according to the news agency VPA, found ..."): what is left when it is cut out is
        the subject's own sentence ("The agency has found ..."). None when there is none, or it
        opens the sentence (`opening`)."""
        if not self.aside or not self.outlet_mention.search(s):
            return None
        m = self.aside.search(s)
        if not m or not s[:m.start()].strip(" \"'"):
            return None
        return m.start(), m.end()

    def via(self, s: str, carriers) -> str | None:
        """The outlet `s` credits, unless it is one of `carriers`, the outlets carrying the
        excerpt: a report credited to itself is its own source."""
        via = self.credited(s)
        return None if via in carriers else via

    def _credited(self, s: str) -> str | None:
        """The key of the outlet `s` credits, if any (`credited`, the same, kept per sentence)."""
        if not self.credit or not self.outlet_mention.search(s):
            return None
        for pattern in self.credit:
            m = pattern.search(s)
            if m:
                return self.outlet_names.get(m.group("outlet").lower())
        return None
