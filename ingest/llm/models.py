"""What the LLM extractor keeps: a run's budget (`LlmRun`), the provider batches it
submitted (`LlmBatch`, so a restarted worker resumes a batch instead of paying for it
again), and the answers it could not use (`LlmRejection`). Part of the `ingest` app."""
from django.db import models

from ingest.models import IngestRun
from ledger.models import Excerpt, Story


class LlmRun(models.Model):
    """The LLM side of an ingest run: its budget, and what has been committed against it
    (the estimated upper cost of every request sent, reserved before sending)."""

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="llm_runs")
    run = models.OneToOneField(IngestRun, on_delete=models.CASCADE, null=True, blank=True, related_name="llm")
    max_cost_usd = models.DecimalField(max_digits=12, decimal_places=6, null=True, blank=True)
    estimate_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0, help_text="the upper bound")
    estimate_cached_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0,
                                              help_text="the same with the story prefix read from the cache")
    estimate = models.JSONField(default=dict, blank=True, help_text="the estimate as `ingest --estimate --json` prints it")
    committed_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]


class LlmBatch(models.Model):
    """One Message Batch, from submission to its results read."""

    SUBMITTED, IN_PROGRESS, ENDED, RESULTS_READ = "submitted", "in_progress", "ended", "results_read"
    STATUSES = [(s, s) for s in (SUBMITTED, IN_PROGRESS, ENDED, RESULTS_READ)]
    FILTER, FILTER_RETRY, EXTRACT, EXTRACT_RETRY = "filter", "filter_retry", "extract", "extract_retry"
    STAGES = [(s, s) for s in (FILTER, FILTER_RETRY, EXTRACT, EXTRACT_RETRY)]

    run = models.ForeignKey(IngestRun, on_delete=models.CASCADE, null=True, blank=True, related_name="llm_batches")
    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="llm_batches")
    key = models.CharField(max_length=64, unique=True, help_text="stage, model and excerpts: one batch per key")
    parent = models.ForeignKey("self", on_delete=models.CASCADE, null=True, blank=True, related_name="children")
    stage = models.CharField(max_length=20, choices=STAGES)
    model = models.CharField(max_length=200)
    groups = models.JSONField(default=dict, help_text="per request (custom id): the excerpt ids it asks about")
    provider_batch_id = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=15, choices=STATUSES, default=SUBMITTED)
    excerpt_ids = models.JSONField(default=list)
    requests = models.PositiveIntegerField(default=0)
    succeeded = models.PositiveIntegerField(default=0)
    errored = models.PositiveIntegerField(default=0)
    canceled = models.PositiveIntegerField(default=0)
    expired = models.PositiveIntegerField(default=0)
    tokens_in = models.PositiveBigIntegerField(default=0)
    tokens_out = models.PositiveBigIntegerField(default=0)
    cost_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    outcome = models.JSONField(default=dict, blank=True, help_text="per request (custom id): what the results said")
    submitted_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]


class LlmRejection(models.Model):
    """An excerpt whose answer did not validate, in its group and then alone: kept with both
    reasons and the raw answer (or the budget's reason, when it was not sent)."""

    run = models.ForeignKey(IngestRun, on_delete=models.CASCADE, null=True, blank=True, related_name="llm_rejections")
    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="llm_rejections")
    excerpt = models.ForeignKey(Excerpt, on_delete=models.CASCADE, related_name="llm_rejections")
    stage = models.CharField(max_length=10)
    model = models.CharField(max_length=200)
    reason = models.TextField()
    answer = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["excerpt", "stage", "model"], name="llm_rejection_unique")]
