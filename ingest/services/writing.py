"""Articles and excerpts into the database, chunk by chunk (the first phase of a run).

Good lines are written in chunks, one transaction each: the new articles (keyed by story and
URL: a known URL is skipped) and their excerpts (keyed by article and sentence position). A
sentence that is a wire copy of an excerpt of another article of the same day adds its
outlet and article to that excerpt instead of making a new one. New excerpts are written
held back (`capped=True`) until their step's caps are applied (`batches.steps_release`).
"""
import json
import re
from dataclasses import dataclass, field

from django.db import connection, reset_queries, transaction
from django.db.models import F

from ledger.models import Article, Excerpt, Story
from ledger.plumbing import ids_take, rows_copy

from ..articles import ArticleIn
from ..dating import step_of
from ..wire import WireEntry, WireIndex
from ..models import IngestReject, IngestRun
from .cutting import Cutter
from .runs import commit_async

# The columns COPY writes, with their types. A test holds them to the models' columns, so a
# field added to Article or Excerpt cannot be left out silently.
ARTICLE_COPY = {"id": "bigint", "story_id": "bigint", "url": "varchar", "outlet_id": "bigint",
                "published_at": "timestamptz", "day": "date", "title": "varchar", "text": "text",
                "live_blog": "bool", "version": "integer"}
EXCERPT_COPY = {"id": "bigint", "story_id": "bigint", "article_id": "bigint", "position": "integer", "day": "date",
                "step": "integer", "text": "text", "sentence": "text", "sentence_start": "integer",
                "topics": "varchar[]", "outlets": "varchar[]", "capped": "bool"}
EXCERPT_NOT_COPIED = {"extracted_at"}  # NULL until a worker extracts the excerpt


@dataclass
class Chunk:
    """Lines of the file, read: the articles (line number, article) and the refused lines
    (line number, reason)."""

    articles: list[tuple[int, ArticleIn]] = field(default_factory=list)
    rejects: list[tuple[int, str]] = field(default_factory=list)
    duplicates: int = 0  # of the rejects: a URL seen earlier in the file
    read: int = 0  # bytes of the file read when the chunk was complete


@dataclass
class Prepared:
    """A chunk whose new articles are known and whose cutting has started."""

    chunk: Chunk
    fresh: list[ArticleIn]
    cuts: object  # .result(): the cuts of each fresh article


class ChunkWriter:
    """Writes a run's chunks; knows the steps that got new excerpts."""

    def __init__(self, story: Story, run: IngestRun, *, processes: int | None = None):
        self.story, self.run = story, run
        self.topics = [(t.key, [re.compile(k, re.IGNORECASE) for k in t.keywords]) for t in story.topics.all()]
        self.wire = WireIndex(self._wire_day)
        self.steps: set[int] = set()  # steps with new excerpts not yet released
        self.latest_step = -1
        self.cutter = Cutter(self.topics, story.language, processes)

    def _wire_day(self, day):
        rows = Excerpt.objects.filter(story=self.story, day=day).values_list("id", "sentence", "article_id", "outlets")
        for excerpt_id, sentence, article_id, outlets in rows.iterator(chunk_size=2000):
            yield sentence, WireEntry(article_id=article_id, outlets=list(outlets), excerpt_id=excerpt_id)

    def prepare(self, chunk: Chunk, *, pool: bool = True) -> Prepared:
        """Which of the chunk's articles are new (an article is keyed by story, URL and
        version: one an earlier run stored is skipped), and start cutting them. The reader
        has already refused one seen earlier in the file, so the chunk written meanwhile
        holds none of these."""
        urls = [a.url for _, a in chunk.articles]
        # Keyed by URL and version (a page fetched again with other text is its next version).
        known = set(Article.objects.filter(story=self.story, url__in=urls).values_list("url", "version"))
        fresh = [a for _, a in chunk.articles if (a.url, a.version) not in known]
        return Prepared(chunk, fresh, self.cutter.submit([a.text for a in fresh], pool=pool))

    @transaction.atomic
    def write(self, prepared: Prepared) -> None:
        story, run, chunk, fresh = self.story, self.run, prepared.chunk, prepared.fresh
        commit_async()
        # Articles and excerpts are written with COPY, their ids taken from their tables'
        # sequences first (in order, as an INSERT would have taken them).
        article_ids = ids_take(Article, len(fresh))
        rows_copy(Article._meta.db_table, ARTICLE_COPY, [(article_id, story.pk, a.url, a.outlet.pk, a.published_at, a.day, a.title, a.text, a.live_blog,
                                           a.version)
                    for article_id, a in zip(article_ids, fresh, strict=True)])
        new_excerpts, new_entries, copy_rows, changed = [], [], [], {}
        for article_id, a, cuts in zip(article_ids, fresh, prepared.cuts.result(), strict=True):
            day = a.day
            step = step_of(day, start=story.start, step_days=story.step_days)
            outlet = a.outlet.key
            for cut in cuts:
                entry = self.wire.find(day, cut.sentence, article_id=article_id)
                if entry is not None:  # a wire copy: one more outlet for that excerpt
                    if outlet not in entry.outlets:
                        entry.outlets.append(outlet)
                    entry.copies.add(article_id)
                    if entry.excerpt_id is not None:
                        changed[entry.excerpt_id] = entry
                    continue
                # The outlets list is the entry's: a copy later in this chunk adds to it.
                excerpt = [None, story.pk, article_id, cut.position, day, step, cut.text, cut.sentence,
                           cut.sentence_start, cut.topics, [outlet], True]
                entry = WireEntry(article_id=article_id, outlets=excerpt[10], pending=excerpt)
                self.wire.add(day, cut.sentence, entry)
                new_excerpts.append(excerpt)
                new_entries.append(entry)
                self.steps.add(step)
            self.latest_step = max(self.latest_step, step)
        for excerpt, excerpt_id in zip(new_excerpts, ids_take(Excerpt, len(new_excerpts)), strict=True):
            excerpt[0] = excerpt_id
        rows_copy(Excerpt._meta.db_table, EXCERPT_COPY, new_excerpts)
        for entry in new_entries:
            entry.excerpt_id, entry.pending = entry.pending[0], None
            if entry.copies:
                changed[entry.excerpt_id] = entry
        copies, outlets = 0, []
        for excerpt_id, entry in changed.items():
            copy_rows += [Excerpt.copies.through(excerpt_id=excerpt_id, article_id=a) for a in entry.copies]
            copies += len(entry.copies)
            entry.copies = set()
            outlets.append({"id": excerpt_id, "outlets": entry.outlets})
        if outlets:  # one UPDATE for every excerpt that got an outlet
            with connection.cursor() as cursor:
                cursor.execute(
                    f"UPDATE {Excerpt._meta.db_table} AS e SET outlets = v.outlets "
                    "FROM jsonb_to_recordset(%s::jsonb) AS v(id bigint, outlets text[]) WHERE e.id = v.id",
                    [json.dumps(outlets)])
        Excerpt.copies.through.objects.bulk_create(copy_rows, ignore_conflicts=True)
        IngestReject.objects.bulk_create(IngestReject(run=run, line=n, reason=r) for n, r in chunk.rejects)
        IngestRun.objects.filter(pk=run.pk).update(
            articles=F("articles") + len(fresh), excerpts=F("excerpts") + len(new_excerpts),
            copies=F("copies") + copies, rejects=F("rejects") + len(chunk.rejects),
            duplicates=F("duplicates") + chunk.duplicates)
        reset_queries()  # with DEBUG on, Django would keep every query of a long file

