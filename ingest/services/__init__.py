"""Ingest: an articles file into articles and excerpts, extraction queued on the workers,
and what a worker does with a batch of excerpts. The `ingest` command and the tasks call
these functions and nothing else.

One run (an `IngestRun` row shows it) goes through:

1. `reading`: the file, line by line; a bad line to the rejects file, good lines in chunks
   to `writing` (articles and excerpts, wire copies merged, new excerpts held back), cut by
   `cutting` (in a pool of processes for a long file).
2. `batches`: the step caps, and the batches of excerpt ids queued for extraction; what an
   earlier run left unfinished, or a dead worker held, is sent again.
3. `extraction`: the workers extract each batch and append its records; `runs` marks the
   run done, exactly once, when the file is read and every queued excerpt extracted.

Only one run of a story reads a file at a time (`runs.story_lock`).
"""
from .batches import batches_resume, batches_stale_resend, excerpts_queue, ingest_resume, steps_release
from .extraction import excerpts_extract
from .reading import ingest_file
from .runs import IngestError, run_finish_check

__all__ = ["IngestError", "batches_resume", "batches_stale_resend", "excerpts_extract", "excerpts_queue", "ingest_file", "ingest_resume",
           "run_finish_check", "steps_release"]
