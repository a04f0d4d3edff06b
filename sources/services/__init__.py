"""Fetching a story's sources: the `[[sources]]` of story.toml stored, a fetch run queued
on the workers, each source expanded into URLs, each page fetched politely and turned into
articles, excerpts and records by ingest itself (the pages of one task are written as an
articles file of section 1 and read by `ingest_file`, so nothing about excerpts and records
is done twice).

- `config`: the `[[sources]]` of a story.toml checked and stored.
- `runs`: a fetch run queued, each source expanded into the URLs due (one task per source),
  and a run marked done.
- `pages`: a group of claimed URLs fetched (one task per group), the new or changed pages
  handed to ingest.
- `schedule`: following a story, and the beat that starts the runs that are due.

A run is done when every task queued is done (`tasks_done == tasks`, one conditional UPDATE,
as ingest does). Every task is idempotent: a URL is claimed once per run (unique key), and a
page task skips the fetches it already finished.
"""
from .config import sources_check, sources_sync
from .pages import pages_fetch
from .runs import SourceError, fetch_start, run_extracted, run_finish_check, run_records, source_expand
from .schedule import follow_set, sources_due

__all__ = ["SourceError", "fetch_start", "follow_set", "pages_fetch", "run_extracted", "run_finish_check",
           "run_records", "source_expand", "sources_check", "sources_due", "sources_sync"]
