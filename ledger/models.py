"""The story's configuration, its sources and the append-only ledger.

Stories, outlets, actors, topics and questions come from a bundle's story.toml and may be
updated by loading the bundle again. Articles and excerpts come from ingest. Stance records
and retractions are the ledger: appended only (the database refuses UPDATE and DELETE, see
migration 0002), each carrying a SHA-256 hash chained to the story's previous entry.
"""
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.db import models


class Story(models.Model):
    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=300)
    language = models.CharField(max_length=8, default="en")
    start = models.DateField()
    end = models.DateField()
    timezone = models.CharField(max_length=64, default="UTC")
    step_days = models.PositiveIntegerField(default=2)
    per_topic_cap = models.PositiveIntegerField(default=40)
    per_outlet_cap = models.PositiveIntegerField(default=5)
    min_outlets = models.PositiveIntegerField(default=2)
    config = models.JSONField(default=dict)  # story.toml as loaded, for the API's config view
    config_sha256 = models.CharField(max_length=64, blank=True)
    loaded_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]
        verbose_name_plural = "stories"

    def __str__(self):
        return self.slug


class Outlet(models.Model):
    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="outlets")
    key = models.SlugField()
    name = models.CharField(max_length=200)
    domains = ArrayField(models.CharField(max_length=200), default=list, blank=True)
    group = models.CharField(max_length=100, blank=True)
    kind = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["story", "key"]
        constraints = [models.UniqueConstraint(fields=["story", "key"], name="outlet_key_unique")]

    @property
    def source_group(self) -> str:
        """Outlets of one group are one independent source; an outlet alone is its own group."""
        return self.group or f"outlet:{self.key}"

    def __str__(self):
        return self.key


class Actor(models.Model):
    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="actors")
    key = models.SlugField()
    name = models.CharField(max_length=200)
    aliases = ArrayField(models.CharField(max_length=300), default=list, blank=True)
    side = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["story", "key"]
        constraints = [models.UniqueConstraint(fields=["story", "key"], name="actor_key_unique")]

    def __str__(self):
        return self.key


class Topic(models.Model):
    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="topics")
    key = models.SlugField()
    name = models.CharField(max_length=200)
    keywords = ArrayField(models.CharField(max_length=300), default=list, blank=True)
    position = models.PositiveIntegerField(default=0)  # order in story.toml

    class Meta:
        ordering = ["story", "position"]
        constraints = [models.UniqueConstraint(fields=["story", "key"], name="topic_key_unique")]

    def __str__(self):
        return self.key


class Question(models.Model):
    STANCE, NUMBER = "stance", "number"
    KINDS = [(STANCE, "stance"), (NUMBER, "number")]

    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="questions")
    topic = models.ForeignKey(Topic, on_delete=models.PROTECT, related_name="questions")
    key = models.SlugField()
    text = models.CharField(max_length=500)
    kind = models.CharField(max_length=10, choices=KINDS, default=STANCE)
    unit = models.CharField(max_length=50, blank=True)
    keywords = ArrayField(models.CharField(max_length=300), default=list, blank=True)
    affirm = ArrayField(models.CharField(max_length=300), default=list, blank=True)
    deny = ArrayField(models.CharField(max_length=300), default=list, blank=True)
    partial = ArrayField(models.CharField(max_length=300), default=list, blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["story", "position"]
        constraints = [models.UniqueConstraint(fields=["story", "key"], name="question_key_unique")]

    @property
    def is_number(self) -> bool:
        return self.kind == self.NUMBER

    def __str__(self):
        return self.key


class KeyStatement(models.Model):
    """One line of the story's answer key (a statement a person verified). Not ledger data:
    loading the bundle again replaces the key."""

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="key_statements")
    line = models.PositiveIntegerField()
    actor = models.ForeignKey(Actor, on_delete=models.CASCADE)
    question = models.ForeignKey(Question, on_delete=models.CASCADE)
    position = models.CharField(max_length=10)
    value = models.FloatField(null=True, blank=True)
    date = models.DateField()
    url = models.URLField(max_length=1000, blank=True)

    class Meta:
        ordering = ["story", "line"]


class Article(models.Model):
    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="articles")
    url = models.URLField(max_length=1000)
    outlet = models.ForeignKey(Outlet, on_delete=models.PROTECT, related_name="articles")
    published_at = models.DateTimeField()
    day = models.DateField(help_text="the day the article counts for, in the story's time zone")
    title = models.CharField(max_length=1000, blank=True)
    text = models.TextField()
    live_blog = models.BooleanField(default=False)
    # A page fetched again with other text is a new row with the next version: the earlier
    # version, its excerpts and its records stay as they were.
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["day", "id"]
        constraints = [models.UniqueConstraint(fields=["story", "url", "version"], name="article_url_version_unique")]
        indexes = [models.Index(fields=["story", "day"])]

    def __str__(self):
        return self.url


class Excerpt(models.Model):
    """A sentence that matches a topic, with a sentence of context each side.

    Copies of one wire story on the same day are one excerpt: `article` is the first that
    carried it, `outlets` every outlet that did (they count as one source)."""

    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="excerpts")
    article = models.ForeignKey(Article, on_delete=models.PROTECT, related_name="excerpts")
    position = models.PositiveIntegerField(help_text="where the sentence starts in the article text (characters)")
    day = models.DateField()
    step = models.PositiveIntegerField(default=0)
    text = models.TextField()
    sentence = models.TextField()
    sentence_start = models.PositiveIntegerField(default=0)  # where `sentence` stands in `text`
    topics = ArrayField(models.SlugField(), default=list)
    outlets = ArrayField(models.SlugField(), default=list)
    copies = models.ManyToManyField(Article, blank=True, related_name="excerpt_copies")
    capped = models.BooleanField(default=False, help_text="dropped by a step cap: kept, not extracted")
    extracted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["day", "id"]
        constraints = [models.UniqueConstraint(fields=["article", "position"], name="excerpt_position_unique")]
        indexes = [models.Index(fields=["story", "step"]), GinIndex(fields=["topics"], name="excerpt_topics_gin")]


class ChainHead(models.Model):
    """The last entry of a story's hash chain: locked by every append so that appends take
    one order with no gaps, and checked by the verifier so that a cut tail shows."""

    story = models.OneToOneField(Story, on_delete=models.PROTECT, primary_key=True, related_name="chain_head")
    last_seq = models.BigIntegerField(default=0)
    last_hash = models.CharField(max_length=64, default="0" * 64)


class StanceRecord(models.Model):
    AFFIRM, DENY, PARTIAL, NUMBER = "affirm", "deny", "partial", "number"
    POSITIONS = [(AFFIRM, "affirm"), (DENY, "deny"), (PARTIAL, "partial"), (NUMBER, "number")]
    STANCES = (AFFIRM, DENY, PARTIAL)

    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="records")
    seq = models.BigIntegerField(help_text="place in the story's hash chain (records and retractions)")
    actor = models.ForeignKey(Actor, on_delete=models.PROTECT, related_name="records")
    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="records")
    position = models.CharField(max_length=10, choices=POSITIONS)
    value = models.FloatField(null=True, blank=True)
    value_high = models.FloatField(null=True, blank=True, help_text="the upper figure of a range (`value` the lower)")
    reported_on = models.DateField()
    outlet = models.ForeignKey(Outlet, on_delete=models.PROTECT, null=True, blank=True, related_name="records")
    via = models.ForeignKey(Outlet, on_delete=models.PROTECT, null=True, blank=True, related_name="credited_records",
                            help_text="the outlet the excerpt credits for the statement: the record's source")
    outlets = ArrayField(models.SlugField(), default=list, blank=True)
    url = models.URLField(max_length=1000, blank=True)
    quote = models.TextField(blank=True)
    excerpt = models.ForeignKey(Excerpt, on_delete=models.PROTECT, null=True, blank=True, related_name="records")
    extractor = models.CharField(max_length=200)
    confidence = models.FloatField(null=True, blank=True)
    rationale = models.TextField(blank=True, default="", db_default="",
                                 help_text="why the extractor wrote it: attribution and cue")
    recorded_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    hash_version = models.PositiveSmallIntegerField(default=2, db_default=2,
                                                    help_text="what the hash covers (see ledger.chain)")

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["story", "seq"], name="record_seq_unique"),
            # A redelivered extraction task appends nothing twice.
            models.UniqueConstraint(
                fields=["excerpt", "actor", "question", "extractor"],
                condition=models.Q(excerpt__isnull=False),
                name="record_extraction_unique",
            ),
        ]
        indexes = [
            # Positions as of D read a question's records from this index alone, in the
            # order the rule folds them (actor, day, id): no heap visits, no sort.
            models.Index(fields=["question", "actor", "reported_on", "id"], name="record_question_actor_day",
                         include=["position", "value", "value_high", "outlet", "via"]),
            models.Index(fields=["story", "actor"], name="record_story_actor"),
            models.Index(fields=["story", "reported_on"], name="record_story_day"),
        ]

    def __str__(self):
        return f"#{self.id} {self.actor_id}/{self.question_id}: {self.position}"


class Retraction(models.Model):
    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="retractions")
    seq = models.BigIntegerField()
    record = models.OneToOneField(StanceRecord, on_delete=models.PROTECT, related_name="retraction")
    reason = models.TextField()
    retracted_by = models.CharField(max_length=150)
    recorded_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    hash_version = models.PositiveSmallIntegerField(default=2, db_default=2,
                                                    help_text="what the hash covers (see ledger.chain)")

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["story", "seq"], name="retraction_seq_unique")]


class LedgerVerification(models.Model):
    """One verification of a story's ledger (`verify_ledger`, the daily task): when, where
    the chain ended, and what did not match. The heads of passed verifications are checked
    again by the next: a tail cut together with the chain head still shows."""

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="verifications")
    verified_at = models.DateTimeField()
    last_seq = models.BigIntegerField()
    last_hash = models.CharField(max_length=64)
    ok = models.BooleanField()
    problems = models.JSONField(default=list)

    class Meta:
        ordering = ["story", "-verified_at"]
        indexes = [models.Index(fields=["story", "-verified_at"], name="verification_story_newest")]


class PositionPeriod(models.Model):
    """A confirmed position of an actor on a question under the rule N = `confirm`: derived
    from the ledger, never the ledger itself. Positions as of D read an actor's periods
    confirmed by D and the few records after the last of them, instead of every record.
    `ledger.services` keeps it in step with appends and retractions, or lets it fall behind
    for a worker's catch-up; a story whose `PeriodsHead` is behind its chain head is
    answered from the records alone."""

    # The unique constraint below is the only index: reads go by question, and an actor or
    # question with periods has records, which PROTECT it from being deleted.
    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="+", db_index=False)
    actor = models.ForeignKey(Actor, on_delete=models.CASCADE, related_name="+", db_index=False)
    confirm = models.PositiveSmallIntegerField()
    ordinal = models.PositiveIntegerField(help_text="0 for the actor's first position, then 1, 2, ...")
    position = models.CharField(max_length=10)
    value = models.FloatField(null=True)
    value_high = models.FloatField(null=True)
    since = models.DateField()
    confirmed_on = models.DateField()
    confirmed_by = models.BigIntegerField(help_text="id of the record that confirmed it")
    records = ArrayField(models.BigIntegerField(), help_text="the records that brought it, then its latest repeat (a closed period only)")
    established = models.PositiveSmallIntegerField(help_text="how many of `records` brought it")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["question", "confirm", "actor", "ordinal"],
                                               name="period_question_confirm_actor")]


class PeriodsHead(models.Model):
    """How far a story's `PositionPeriod` rows have followed its ledger: they are used only
    while `last_seq` is the chain head's, the story's configuration (which decides which
    outlets are independent) is the one they were built under, and N is among `confirms`."""

    story = models.OneToOneField(Story, on_delete=models.CASCADE, primary_key=True, related_name="periods_head")
    last_seq = models.BigIntegerField()
    config_sha256 = models.CharField(max_length=64)
    confirms = ArrayField(models.PositiveSmallIntegerField())
