from django.contrib.postgres.fields import ArrayField
from django.db import models

from ledger.models import Story


class IngestRun(models.Model):
    """One `ingest` of one articles file: its counts and progress, updated as workers finish."""

    QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
    STATUSES = [(s, s) for s in (QUEUED, RUNNING, DONE, FAILED)]

    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="ingest_runs")
    file_name = models.CharField(max_length=500)
    extractor = models.CharField(max_length=200)
    status = models.CharField(max_length=10, choices=STATUSES, default=QUEUED)
    message = models.TextField(blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    articles = models.PositiveIntegerField(default=0, help_text="articles read (new ones)")
    excerpts = models.PositiveIntegerField(default=0, help_text="excerpts cut (new ones)")
    excerpts_done = models.PositiveIntegerField(default=0, help_text="excerpts the workers finished")
    records = models.PositiveIntegerField(default=0, help_text="records appended")
    rejects = models.PositiveIntegerField(default=0, help_text="lines rejected (duplicates included)")
    duplicates = models.PositiveIntegerField(default=0, help_text="lines rejected for a URL seen earlier in the file")
    capped = models.PositiveIntegerField(default=0, help_text="excerpts a step cap held back")
    copies = models.PositiveIntegerField(default=0, help_text="wire copies merged into an excerpt")
    queued = models.PositiveIntegerField(default=0, help_text="excerpts queued for extraction")
    reading_done = models.BooleanField(default=False, help_text="the file is read and every batch queued")
    excerpt_floor = models.BigIntegerField(default=0, help_text="excerpts this run cut have ids above this")
    rejects_file = models.CharField(max_length=1000, blank=True)
    active_at = models.DateTimeField(null=True, blank=True,
                                     help_text="when a worker last began or finished a batch of it, or it queued one")
    tokens_in = models.PositiveBigIntegerField(default=0)
    tokens_out = models.PositiveBigIntegerField(default=0)
    cost_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)

    class Meta:
        ordering = ["-started_at"]

    @property
    def progress(self) -> float:
        return 1.0 if not self.queued else min(1.0, self.excerpts_done / self.queued)

    def summary(self) -> str:
        return (f"articles {self.articles}, excerpts {self.excerpts}, records {self.records}, "
                f"rejects {self.rejects}, duplicates {self.duplicates}, capped {self.capped}")


class IngestBatch(models.Model):
    """A batch of excerpts queued for extraction: written in the transaction that takes the
    excerpts, so a batch whose message never reached the broker (the command died between
    the commit and the publish) is still known, and `ingest` / `ingest_resume` send it
    again. A worker marks it done exactly once (a conditional UPDATE in the transaction
    that appends its records), and only then adds its size to its run's `excerpts_done`:
    a redelivered or re-sent batch counts once. The watchdog (`batches_stale_resend`) sends
    again the batches of a run no worker has touched for a while."""

    run = models.ForeignKey(IngestRun, on_delete=models.CASCADE, related_name="batches")
    excerpt_ids = ArrayField(models.BigIntegerField())
    queued_at = models.DateTimeField(auto_now_add=True)
    done_at = models.DateTimeField(null=True, blank=True)
    sends = models.PositiveIntegerField(default=1, help_text="how many times its message was sent")

    class Meta:
        indexes = [models.Index(fields=["run"], condition=models.Q(done_at__isnull=True), name="ingestbatch_undone")]


class IngestReject(models.Model):
    run = models.ForeignKey(IngestRun, on_delete=models.CASCADE, related_name="reject_lines")
    line = models.PositiveIntegerField()
    reason = models.TextField()

    class Meta:
        ordering = ["run", "line"]

# LLM extraction (`ingest --extractor llm`): its tables live in ingest/llm/models.py.
from .llm.models import LlmBatch, LlmRejection, LlmRun  # noqa: E402,F401
