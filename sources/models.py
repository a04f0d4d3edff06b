"""Where a story's articles come from on the web, every fetch made (provenance), whether
the story is followed, and the webhooks that hear about its flips.

`Fetch` rows are provenance: one per page asked for in a run (URL, final URL, HTTP status,
time, body hash, bytes, outcome). `Page` is the fetcher's working state per URL (validators
for conditional requests, the latest version made, gone or not): not ledger data.
"""
import base64
import secrets

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models

from ledger.models import Actor, Article, Question, Story


class Source(models.Model):
    """One `[[sources]]` entry of story.toml: a feed, or a list / index of URLs."""

    FEED, URLS = "feed", "urls"
    KINDS = [(FEED, "feed"), (URLS, "URL list or index")]

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="sources")
    key = models.SlugField()
    kind = models.CharField(max_length=10, choices=KINDS)
    location = models.CharField(max_length=1000, help_text="the feed's URL, or the list's file (absolute path)")
    outlet = models.CharField(max_length=50, blank=True, help_text="every page of this source is this outlet's")
    every_minutes = models.PositiveIntegerField(default=60)
    refetch_hours = models.FloatField(default=24, help_text="a page already fetched is asked again after this; 0 = never")
    position = models.PositiveIntegerField(default=0)
    active = models.BooleanField(default=True, help_text="still in story.toml")
    looked_at = models.DateTimeField(null=True, blank=True, help_text="when a run last started on it")
    feed_etag = models.CharField(max_length=500, blank=True)
    feed_last_modified = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["story", "position"]
        constraints = [models.UniqueConstraint(fields=["story", "key"], name="source_key_unique")]

    def __str__(self):
        return f"{self.story_id}/{self.key}"


class Following(models.Model):
    """`manage.py follow SLUG on|off`: the beat schedule fetches a followed story's sources."""

    story = models.OneToOneField(Story, on_delete=models.CASCADE, primary_key=True, related_name="following")
    on = models.BooleanField(default=False)
    changed_at = models.DateTimeField(auto_now=True)


class Page(models.Model):
    """The fetcher's state of one URL of a story."""

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="pages")
    url = models.URLField(max_length=1000)
    etag = models.CharField(max_length=500, blank=True)
    last_modified = models.CharField(max_length=100, blank=True)
    text_sha256 = models.CharField(max_length=64, blank=True, help_text="of the text of the latest version")
    version = models.PositiveIntegerField(default=0, help_text="the latest article version made (0: none yet)")
    fetched_at = models.DateTimeField(null=True, blank=True)
    gone_at = models.DateTimeField(null=True, blank=True, help_text="answered 404 or 410")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["story", "url"], name="page_url_unique")]


class FetchRun(models.Model):
    """One `fetch` (from the command or the schedule) of some of a story's sources."""

    RUNNING, DONE, FAILED = "running", "done", "failed"

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="fetch_runs")
    sources = ArrayField(models.SlugField(), default=list)
    trigger = models.CharField(max_length=20, default="command")
    status = models.CharField(max_length=10, default=RUNNING)
    message = models.TextField(blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    tasks = models.PositiveIntegerField(default=0, help_text="fetch tasks queued")
    tasks_done = models.PositiveIntegerField(default=0)
    ingest_runs = ArrayField(models.BigIntegerField(), default=list)
    # The counts `fetch` prints.
    pages = models.PositiveIntegerField(default=0, help_text="pages fetched (asked for)")
    new = models.PositiveIntegerField(default=0)
    changed = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    gone = models.PositiveIntegerField(default=0)
    robots = models.PositiveIntegerField(default=0, help_text="refused by robots.txt")
    failed = models.PositiveIntegerField(default=0)
    index_matched = models.PositiveIntegerField(default=0)
    index_changed = models.PositiveIntegerField(default=0)
    index_gone = models.PositiveIntegerField(default=0)
    index_failed = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-started_at"]

    COUNTS = ("pages", "new", "changed", "unchanged", "gone", "robots", "failed")
    INDEX_COUNTS = ("index_matched", "index_changed", "index_gone", "index_failed")

    def summary(self, records: int | None = None) -> str:
        line = (f"pages {self.pages}, new {self.new}, changed {self.changed}, unchanged {self.unchanged}, "
                f"gone {self.gone}, robots {self.robots}, failed {self.failed}")
        if records is not None:
            line += f", records {records}"
        if any(getattr(self, name) for name in self.INDEX_COUNTS):
            line += (f"; index: matched {self.index_matched}, changed {self.index_changed}, "
                     f"gone {self.index_gone}, failed {self.index_failed}")
        return line


class Fetch(models.Model):
    """One URL asked for in a run, and what came back: the provenance of an article version."""

    QUEUED = "queued"
    NEW, CHANGED, UNCHANGED, GONE, ROBOTS, FAILED, FEED = "new", "changed", "unchanged", "gone", "robots", "failed", "feed"

    run = models.ForeignKey(FetchRun, on_delete=models.CASCADE, related_name="fetches")
    source = models.ForeignKey(Source, on_delete=models.SET_NULL, null=True, related_name="fetches")
    url = models.URLField(max_length=1000)
    final_url = models.URLField(max_length=1000, blank=True)
    status = models.PositiveSmallIntegerField(null=True, blank=True, help_text="HTTP status of the last answer")
    outcome = models.CharField(max_length=10, default=QUEUED)
    error = models.TextField(blank=True)
    fetched_at = models.DateTimeField(null=True, blank=True)
    elapsed_ms = models.PositiveIntegerField(null=True, blank=True)
    body_sha256 = models.CharField(max_length=64, blank=True)
    bytes = models.PositiveIntegerField(null=True, blank=True)
    article = models.ForeignKey(Article, on_delete=models.SET_NULL, null=True, blank=True, related_name="fetches")
    # An index row with body_sha256: what the body was expected to hash to, and the verdict.
    index_sha256 = models.CharField(max_length=64, blank=True)
    index_outcome = models.CharField(max_length=10, blank=True)
    # What the source said of the page (an index's outlet and date, a feed entry's date).
    hint = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["id"]
        # Never the same URL twice in one run.
        constraints = [models.UniqueConstraint(fields=["run", "url"], name="fetch_run_url_unique")]
        indexes = [models.Index(fields=["url"], name="fetch_url")]


def hook_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


class Hook(models.Model):
    """A URL that hears about every newly confirmed flip of a story (Standard Webhooks)."""

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="hooks")
    url = models.URLField(max_length=1000)
    question = models.ForeignKey(Question, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    actor = models.ForeignKey(Actor, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    confirm = models.PositiveSmallIntegerField(null=True, blank=True, help_text="the rule N; empty: the story's")
    secret = models.CharField(max_length=200, default=hook_secret)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["story", "id"]


class Delivery(models.Model):
    """One flip for one hook: one row ever (the unique key), whatever the retries."""

    PENDING, SENDING, DELIVERED, FAILED, BEFORE = "pending", "sending", "delivered", "failed", "before"

    hook = models.ForeignKey(Hook, on_delete=models.CASCADE, related_name="deliveries")
    flip_id = models.CharField(max_length=50)
    status = models.CharField(max_length=10, default=PENDING)
    attempts = models.PositiveIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True, help_text="when a worker last started sending it")
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["hook", "flip_id"], name="delivery_hook_flip_unique")]
        indexes = [models.Index(fields=["status"], name="delivery_status",
                                condition=models.Q(status__in=["pending", "sending"]))]

    @property
    def message_id(self) -> str:
        """The `webhook-id`: the same on every attempt, so a receiver can drop a repeat."""
        return f"msg_flip_{self.pk}"
