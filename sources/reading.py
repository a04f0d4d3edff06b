"""What a source lists and what a page says: URL lists and indexes (one URL a line, CSV or
Parquet with `url` and optionally `outlet`, `published_at`, `body_sha256`), RSS / Atom feeds
(feedparser) and article pages (trafilatura: text, title, date). Pure functions of bytes
and files: no database, no network."""
import csv
import io
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import feedparser
import trafilatura

INDEX_COLUMNS = ("url", "outlet", "published_at", "body_sha256")


class ListError(ValueError):
    pass


@dataclass
class Listed:
    """A URL as its source gives it, with what the source says of it."""

    url: str
    outlet: str = ""
    published_at: str = ""
    body_sha256: str = ""
    updated: datetime | None = None  # a feed entry's update time

    def hint(self) -> dict:
        return {k: v for k, v in (("outlet", self.outlet), ("published_at", self.published_at)) if v}


def list_check(path: Path) -> None:
    """Raise ListError when the file cannot be read as a list or an index."""
    for _ in list_read(path, limit=1):
        pass


def list_read(path: Path, *, limit: int | None = None):
    """The URLs of a list file, in file order: Parquet (`.parquet`), CSV with a `url` column
    (`.csv`), or else one URL a line (blank lines and lines starting with # skipped)."""
    path = Path(path)
    if not path.is_file():
        raise ListError(f"{path.name}: no such file in the bundle")
    if path.suffix.lower() == ".parquet":
        yield from _parquet(path, limit)
        return
    try:
        handle = path.open(encoding="utf-8", newline="")
    except OSError as exc:
        raise ListError(f"{path.name}: cannot read: {exc.strerror}") from None
    with handle:
        n = 0
        try:
            if path.suffix.lower() == ".csv":
                reader = csv.DictReader(handle)
                if not reader.fieldnames or "url" not in [f.strip() for f in reader.fieldnames]:
                    raise ListError(f"{path.name}: a CSV index needs a 'url' column (has {reader.fieldnames})")
                for row in reader:
                    row = {(k or "").strip(): (v or "").strip() for k, v in row.items()}
                    if row.get("url"):
                        yield Listed(**{k: row.get(k, "") for k in INDEX_COLUMNS})
                        n += 1
                        if limit and n >= limit:
                            return
            else:
                for line in handle:
                    line = line.strip()
                    if line and not line.startswith("#"):
                        yield Listed(url=line)
                        n += 1
                        if limit and n >= limit:
                            return
        except UnicodeDecodeError:
            raise ListError(f"{path.name}: not valid UTF-8") from None


def _parquet(path: Path, limit):
    import pyarrow.parquet as pq

    try:
        table = pq.ParquetFile(path)
    except Exception as exc:  # pyarrow raises several kinds for a file that is not Parquet
        raise ListError(f"{path.name}: not a Parquet file: {exc}") from None
    names = table.schema_arrow.names
    if "url" not in names:
        raise ListError(f"{path.name}: a Parquet index needs a 'url' column (has {names})")
    columns = [c for c in INDEX_COLUMNS if c in names]
    n = 0
    for batch in table.iter_batches(columns=columns, batch_size=2000):
        data = batch.to_pydict()
        for i in range(batch.num_rows):
            row = {c: data[c][i] for c in columns}
            if not row.get("url"):
                continue
            published = row.get("published_at")
            if isinstance(published, datetime):
                published = published.isoformat()
            yield Listed(url=str(row["url"]).strip(), outlet=str(row.get("outlet") or ""),
                         published_at=str(published or ""), body_sha256=str(row.get("body_sha256") or "").lower())
            n += 1
            if limit and n >= limit:
                return


def feed_read(body: bytes) -> list[Listed]:
    """The entries of an RSS or Atom feed that have a link."""
    parsed = feedparser.parse(io.BytesIO(body))
    if parsed.bozo and not parsed.entries:
        raise ListError(f"not a feed: {parsed.get('bozo_exception')}")
    entries = []
    for entry in parsed.entries:
        link = (entry.get("link") or "").strip()
        if not link:
            continue
        published = entry.get("published_parsed") or entry.get("updated_parsed")
        updated = entry.get("updated_parsed")
        entries.append(Listed(
            url=link,
            published_at=datetime(*published[:6], tzinfo=timezone.utc).isoformat() if published else "",
            updated=datetime(*updated[:6], tzinfo=timezone.utc) if updated else None))
    return entries


FAST_ENOUGH = 500  # characters of text below which the slower, more thorough extraction is tried


@dataclass
class PageText:
    title: str
    text: str
    date: str  # YYYY-MM-DD, or "" when the page says none


def page_read(body: bytes, url: str) -> PageText | None:
    """The article of an HTML page (trafilatura), paragraphs separated by blank lines as
    ingest expects; None when the page holds no article text."""
    options = dict(url=url, with_metadata=True, include_comments=False, include_tables=False, deduplicate=False)
    # trafilatura's own extraction first; its fallbacks (readability, jusText) cost twice
    # as much again and are only asked when that finds little text.
    doc = trafilatura.bare_extraction(body, fast=True, **options)
    if doc is None or len((doc.text or "").strip()) < FAST_ENOUGH:
        doc = trafilatura.bare_extraction(body, **options)
    if doc is None or not (doc.text or "").strip():
        return None
    paragraphs = [p.strip() for p in doc.text.split("\n") if p.strip()]
    return PageText(title=(doc.title or "")[:1000], text="\n\n".join(paragraphs), date=doc.date or "")
