"""The `[[sources]]` of a story.toml: checked (each problem named with its entry) and
stored as the story's `Source` rows when the story is loaded."""
from pathlib import Path

from ledger.errors import LedgerError
from ledger.models import Story

from ..models import Source
from ..reading import ListError, list_check


class SourceError(LedgerError):
    pass


def sources_check(config: dict, folder: Path) -> list[dict]:
    """The `[[sources]]` of a story.toml, checked; SourceError names the entry and problem."""
    items = config.get("sources", [])
    if not isinstance(items, list):
        raise SourceError("story.toml: [[sources]]: must be an array of tables")
    outlets = {o.get("id") for o in config.get("outlets", []) if isinstance(o, dict)}
    seen, checked = set(), []
    for n, item in enumerate(items, start=1):
        ident = item.get("id") if isinstance(item, dict) else None
        entry = f"[[sources]] #{n} ({ident!r})" if ident else f"[[sources]] #{n}"

        def fail(problem):
            raise SourceError(f"story.toml: {entry}: {problem}")

        if not isinstance(ident, str) or not ident or not all(c.isalnum() and c.islower() or c.isdigit() or c == "-" for c in ident):
            fail(f"id must match [a-z0-9-]+, not {ident!r}")
        if ident in seen:
            fail(f"duplicate id {ident!r}")
        seen.add(ident)
        feed, urls = item.get("feed"), item.get("urls")
        if (feed is None) == (urls is None):
            fail("give either feed (a feed's URL) or urls (a file in the bundle)")
        if feed is not None and (not isinstance(feed, str) or not feed.startswith(("http://", "https://"))):
            fail(f"feed must be an http(s) URL, not {feed!r}")
        location = feed
        if urls is not None:
            if not isinstance(urls, str) or not urls.strip():
                fail("urls must name a file in the bundle")
            path = (folder / urls).resolve()
            try:
                list_check(path)
            except ListError as exc:
                fail(str(exc))
            location = str(path)
        outlet = item.get("outlet", "")
        if outlet and outlet not in outlets:
            fail(f"unknown outlet {outlet!r}")
        every = item.get("every_minutes", 60)
        if not isinstance(every, int) or isinstance(every, bool) or every < 1:
            fail(f"every_minutes must be a whole number >= 1, not {every!r}")
        refetch = item.get("refetch_hours", 24)
        if not isinstance(refetch, (int, float)) or isinstance(refetch, bool) or refetch < 0:
            fail(f"refetch_hours must be a number >= 0, not {refetch!r}")
        checked.append(dict(key=ident, kind=Source.FEED if feed else Source.URLS, location=location,
                            outlet=outlet or "", every_minutes=every, refetch_hours=float(refetch), position=n))
    return checked


def sources_sync(*, story: Story, folder) -> int:
    """Store the story's sources from its loaded story.toml (`story.config`); a source no
    longer there is kept (its fetches are provenance) but set inactive. Returns how many."""
    folder = Path(folder)
    folder = folder if folder.is_dir() else folder.parent
    checked = sources_check(story.config, folder)
    keys = []
    for item in checked:
        key = item.pop("key")
        keys.append(key)
        Source.objects.update_or_create(story=story, key=key, defaults={**item, "active": True})
    Source.objects.filter(story=story).exclude(key__in=keys).update(active=False)
    return len(keys)
