"""Cutting articles into excerpts while the command writes: in this process, or in a pool of
processes that cut the next chunk while this one writes the one before (`ingest.excerpts`
does the cutting itself)."""
import logging
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..excerpts import excerpts_cut_many, pool_cut, pool_init

log = logging.getLogger(__name__)

# Processes that cut articles into excerpts while the command writes: INGEST_CUT_PROCESSES,
# or one per CPU (at most 4); 0 or 1 cuts in this process. A file of one chunk or less is
# cut here anyway (starting a pool costs more than it saves).
CUT_PROCESSES = os.environ.get("INGEST_CUT_PROCESSES")


class _Done:
    """A result already there (cut in this process)."""

    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


class Cutter:
    """Cuts articles into excerpts. The pool is started on the first full chunk (spawned, not
    forked: a forked child would share this process's database connection)."""

    def __init__(self, topics, language: str, processes: int | None = None):
        self.topics, self.language = topics, language
        if processes is None:
            processes = int(CUT_PROCESSES) if CUT_PROCESSES else min(4, os.cpu_count() or 1)
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, texts: list[str], *, pool: bool):
        """Start cutting `texts`; `.result()` of the answer gives the cuts of each."""
        if not texts or not pool or self.processes < 2:
            return _Done(excerpts_cut_many(texts, self.topics, self.language))
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=pool_init, initargs=(self.topics, self.language))
        size = -(-len(texts) // self.processes)
        return _Joined(self, texts, [self._pool.submit(pool_cut, texts[i:i + size]) for i in range(0, len(texts), size)])

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class _Joined:
    def __init__(self, cutter: Cutter, texts: list[str], futures: list[Future]):
        self.cutter, self.texts, self.futures = cutter, texts, futures

    def result(self):
        try:
            return [cuts for f in self.futures for cuts in f.result()]
        except BrokenProcessPool as exc:
            # A pool process could not start (this program's main module cannot be imported
            # again, say) or was killed: cut here, now and for the rest of the file.
            log.warning("the cutting pool broke (%s): cutting in this process", exc)
            self.cutter.close()
            self.cutter.processes = 1
            return excerpts_cut_many(self.texts, self.cutter.topics, self.cutter.language)
