"""rules/2's credits (`via`): the outlet of the story a sentence credits for what it reports
("as N1 reported", "told RTS", "in an interview with RTS")."""
import re

from ingest.lang import LanguagePack, words_regex


class Credits:
    def __init__(self, story, pack: LanguagePack):
        n = pack.normalize
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

    def credited(self, s: str) -> str | None:
        """The key of the outlet `s` credits, if any."""
        if not self.credit or not self.outlet_mention.search(s):
            return None
        for pattern in self.credit:
            m = pattern.search(s)
            if m:
                return self.outlet_names.get(m.group("outlet").lower())
        return None
