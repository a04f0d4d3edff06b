"""Reading an articles file: line by line (bytes, decoded per line; memory stays flat), a bad
line to the rejects (the rejects file and `IngestReject` rows) and the run goes on, good
lines written chunk by chunk (`writing`), steps released as the file goes by (`batches`).
Cutting runs in a pool of processes once a file has more than one chunk: the pool cuts the
next chunk while this process writes the one before.
"""
import hashlib
import json
import logging
import os
from pathlib import Path

from django.utils import timezone

from ledger.models import Excerpt, Story

from ..articles import ArticleReader, Reject
from ..models import IngestRun
from .batches import batches_resume, steps_release
from .runs import (ALREADY_RUNNING, IngestError, broker_check, extractor_name_of, run_finish_check, run_start,
                   story_lock, story_unlock)
from .writing import Chunk, ChunkWriter

log = logging.getLogger(__name__)

CHUNK = 250  # articles per write transaction
DUPLICATE = "URL already seen on line {line}"


class UrlsSeen:
    """The URLs (with their versions) of the file read so far, and the line that had each
    first. Kept as 16-byte digests (a URL may have up to a thousand characters): about 120
    bytes a line in memory, whatever the URLs' length."""

    def __init__(self):
        self._lines: dict[bytes, int] = {}

    def first_line(self, url: str, version: int, line: int) -> int | None:
        """The line that had this version of `url` first, or None (and `line` has it now)."""
        key = hashlib.blake2b(f"{version} {url}".encode("utf-8"), digest_size=16).digest()
        first = self._lines.get(key)
        if first is None:
            self._lines[key] = line
        return first


def rejects_path_for(path: Path) -> Path:
    """`<name>.rejects.jsonl` next to the input, or in the working directory when the
    input's folder cannot be written."""
    name = path.name[: -len(".jsonl")] if path.name.endswith(".jsonl") else path.name
    beside = path.parent / f"{name}.rejects.jsonl"
    return beside if os.access(path.parent, os.W_OK) else Path.cwd() / beside.name


class RejectsFile:
    """Opened on the first reject; a stale file of an earlier run is removed."""

    def __init__(self, path: Path):
        self.path, self._file, self.count = path, None, 0

    def add(self, line: int, reason: str, raw: bytes) -> None:
        if self._file is None:
            self._file = self.path.open("w", encoding="utf-8")
        text = raw.decode("utf-8", errors="backslashreplace").rstrip("\r\n")
        self._file.write(json.dumps({"line": line, "reason": reason, "text": text}, ensure_ascii=False) + "\n")
        self.count += 1

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        elif self.path.exists():
            self.path.unlink()


def ingest_file(*, story: Story, path, extractor: str = "rules", rejects_path=None, on_progress=None) -> IngestRun:
    """Read an articles file into the story and queue its extraction; returns the run (its
    workers may still be extracting). `on_progress(bytes_read)` is called after every
    chunk."""
    path = Path(path)
    extractor_name = extractor_name_of(extractor)
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise IngestError(f"cannot read {path}: {exc.strerror}") from None
    with handle:
        broker_check()
        if not story_lock(story):
            raise IngestError(ALREADY_RUNNING.format(slug=story.slug))
        try:
            return _ingest(story, handle, path, extractor_name, Path(rejects_path or rejects_path_for(path)), on_progress)
        finally:
            story_unlock(story)


def _ingest(story, handle, path, extractor_name, rejects_path, on_progress) -> IngestRun:
    run = run_start(story=story, file_name=path.name, extractor_name=extractor_name, rejects_file=str(rejects_path))
    writer, parser, rejects = ChunkWriter(story, run), ArticleReader(story), RejectsFile(rejects_path)
    chunk, read, inflight = Chunk(), 0, None

    def written(prepared):  # the chunk before is cut meanwhile
        writer.write(prepared)
        _release_finished_steps(story, run, writer)
        if on_progress:
            on_progress(prepared.chunk.read)

    def refuse(number, reason, raw):
        rejects.add(number, reason, raw)
        chunk.rejects.append((number, reason))

    seen = UrlsSeen()
    try:
        for number, raw in enumerate(handle, start=1):
            read += len(raw)
            try:
                article = parser.parse(raw)
            except Reject as exc:
                refuse(number, exc.reason, raw)
                continue
            except Exception as exc:  # a line this code did not foresee: it costs that line only
                log.exception("line %d of %s could not be read", number, path)
                reason = f"cannot be read: {type(exc).__name__}: {exc}"[:500]
                refuse(number, reason.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00"), raw)
                continue
            if article is not None:
                first = seen.first_line(article.url, article.version, number)
                if first is not None:
                    refuse(number, DUPLICATE.format(line=first), raw)
                    chunk.duplicates += 1
                    continue
                chunk.articles.append((number, article))
            if len(chunk.articles) >= CHUNK or len(chunk.rejects) >= CHUNK:
                chunk.read = read
                prepared = writer.prepare(chunk)
                if inflight is not None:
                    written(inflight)
                inflight, chunk = prepared, Chunk()
        chunk.read = read
        last = writer.prepare(chunk, pool=False)
        if inflight is not None:
            written(inflight)
        writer.write(last)
        if on_progress:
            on_progress(read)
    except BaseException as exc:
        IngestRun.objects.filter(pk=run.pk).update(status=IngestRun.FAILED, finished_at=timezone.now(),
                                                   message=f"stopped reading: {exc}"[:2000])
        raise
    finally:
        rejects.close()
        writer.cutter.close()
    steps_release(story=story, run=run, steps=writer.steps)
    batches_resume(story=story, run=run)
    # Held back by the caps: the excerpts this run cut (ids above its floor) still capped.
    capped = Excerpt.objects.filter(story=story, pk__gt=run.excerpt_floor, capped=True).count()
    IngestRun.objects.filter(pk=run.pk).update(reading_done=True, capped=capped)
    run_finish_check(run_id=run.pk)
    run.refresh_from_db()
    return run


def _release_finished_steps(story: Story, run: IngestRun, writer: ChunkWriter) -> None:
    """A file in date order: once the reader is two steps further on (a live blog counts a
    day later), a step is complete, and its extraction can start while reading goes on.
    A step that gets more articles later (a file out of order) is released again at the
    end, where the caps count what was taken first."""
    done = {s for s in writer.steps if s < writer.latest_step - 1}
    if done:
        steps_release(story=story, run=run, steps=done, capped_too=False)
        writer.steps -= done
