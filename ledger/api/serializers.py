"""What the API reads from a request and writes in a response (contract, section 6).

Input serializers only check the shape of a query string or body; the ledger's own rules
stay in ledger.services. Output serializers document and produce the answers; positions
come already shaped by `selectors.positions_as_of(...).as_dict()`."""
from datetime import date

from django.urls import reverse
from rest_framework import serializers

from ledger import record_lines, requests, validation
from ledger.errors import LedgerError
from ledger.models import StanceRecord
from ledger.selectors import default_as_of

POSITIONS = [choice for choice, _ in StanceRecord.POSITIONS]


class KeywordNamesMixin:
    # Fields whose names are Python keywords (`from`) are declared with a trailing
    # underscore and renamed here. (A comment: a docstring would land in the schema.)

    def get_fields(self):
        return {(name[:-1] if name.endswith("_") and not name.startswith("_") else name): field
                for name, field in super().get_fields().items()}


class ErrorDetailSerializer(serializers.Serializer):
    status = serializers.IntegerField()
    message = serializers.CharField()
    param = serializers.CharField(allow_null=True, help_text="the query parameter or body field at fault, if one is")


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


# --- query strings ------------------------------------------------------------------------


class PositionsQuerySerializer(serializers.Serializer):
    """The query string of `positions`: declared here for the schema, read by the ledger's one
    positions request (`ledger.requests.positions_request`, the pages' too). `validated_data`
    is that PositionsRequest; a bad parameter raises its LedgerError (400, or 404 for an
    unknown key)."""

    as_of = serializers.DateField(required=False, help_text=(
        "the day (default: today, or the story's end if earlier); a day outside the story is moved to its "
        "start or end, with a notice"))
    question = serializers.CharField(required=False, help_text="one question's id")
    topic = serializers.CharField(required=False, help_text="the questions of one topic")
    actor = serializers.CharField(required=False, help_text="one actor's answers only")
    confirm = serializers.IntegerField(
        required=False, min_value=1, max_value=requests.MAX_CONFIRM,
        help_text="N of the confirmation rule (default: the story's); above the story's independent sources, "
                  "with a notice")
    known_at = serializers.DateTimeField(required=False, help_text="as the ledger knew it at this moment")
    history = serializers.IntegerField(
        required=False, min_value=0, max_value=requests.MAX_HISTORY,
        help_text="keep each actor's newest so many earlier positions and flips; each actor's `omitted` "
                  "counts the rest (default: all of them, and no `omitted`)")

    def to_internal_value(self, data):
        return requests.positions_request(self.context["story"], data)


class FlipsQuerySerializer(PositionsQuerySerializer):
    """The query string of `flips`: the positions request's as_of, question, actor and confirm."""

    as_of = serializers.DateField(required=False, help_text="flips up to this day (default as for positions)")
    topic = known_at = history = None
    actor = serializers.CharField(required=False, help_text="one actor's flips only")

    def to_internal_value(self, data):
        return requests.positions_request(self.context["story"], {k: data.get(k) for k in ("as_of", "question",
                                                                                           "actor", "confirm")})


# --- bodies -------------------------------------------------------------------------------


class RecordInputSerializer(serializers.Serializer):
    """A record appended by hand: the record line of section 3, without what the ledger
    assigns itself (id, excerpt, extractor, recorded_at, retracted, seq, hash). Declared
    here for the schema; the body is read as the import reads a line
    (`record_lines.record_draft_from_line`) and checked by the ledger's one record validation
    (`ledger.validation`), so the API refuses exactly what an import or the page form
    refuses, naming the field. `validated_data` is the RecordDraft to append."""

    actor = serializers.CharField()
    question = serializers.CharField()
    position = serializers.ChoiceField(choices=POSITIONS)
    value = serializers.FloatField(required=False, allow_null=True, default=None,
                                   help_text="the figure, for a number question (0 or more)")
    value_high = serializers.FloatField(required=False, allow_null=True, default=None,
                                        help_text="the upper figure of a range (`value` holds the lower)")
    reported_on = serializers.DateField(help_text="the day it was reported, within the story's days")
    outlet = serializers.CharField(required=False, allow_null=True, allow_blank=True, default=None,
                                   help_text="an outlet's id (default: found from the URL's domain)")
    via = serializers.CharField(required=False, allow_null=True, default=None,
                                help_text="the outlet the statement is credited to, when another outlet carried it")
    outlets = serializers.ListField(child=serializers.CharField(), required=False, default=list)
    url = serializers.URLField(required=False, allow_blank=True, default="", max_length=validation.URL_MAX)
    quote = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False,
                                  max_length=validation.QUOTE_MAX)
    confidence = serializers.FloatField(required=False, allow_null=True, default=None, min_value=0, max_value=1)
    rationale = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False,
                                      max_length=validation.RATIONALE_MAX, help_text="why it was recorded")

    def to_internal_value(self, data):
        return record_lines.record_draft_from_line(self.context["index"], data, extractor=self.context["extractor"])


class RetractionInputSerializer(serializers.Serializer):
    """Declared for the schema; the reason is checked by `ledger.validation.reason_check`."""

    reason = serializers.CharField(help_text="why the record is wrong", max_length=validation.REASON_MAX)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            raise LedgerError("the body must be a JSON object with a reason")
        return {"reason": validation.reason_check(data.get("reason"))}


# --- stories ------------------------------------------------------------------------------


class StorySerializer(serializers.Serializer):
    slug = serializers.SlugField()
    title = serializers.CharField()
    language = serializers.CharField()
    start = serializers.DateField()
    end = serializers.DateField()
    timezone = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, story) -> str:
        path = reverse("api:story-detail", kwargs={"slug": story.slug})
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class OutletSerializer(serializers.Serializer):
    id = serializers.CharField(source="key")
    name = serializers.CharField()
    domains = serializers.ListField(child=serializers.CharField())
    group = serializers.CharField(allow_blank=True, help_text="outlets of one group are one source")
    kind = serializers.CharField(allow_blank=True)


class ActorSerializer(serializers.Serializer):
    id = serializers.CharField(source="key")
    name = serializers.CharField()
    aliases = serializers.ListField(child=serializers.CharField())
    side = serializers.CharField(allow_blank=True)


class TopicSerializer(serializers.Serializer):
    id = serializers.CharField(source="key")
    name = serializers.CharField()
    keywords = serializers.ListField(child=serializers.CharField())


class QuestionSerializer(serializers.Serializer):
    id = serializers.CharField(source="key")
    topic = serializers.CharField(source="topic.key")
    text = serializers.CharField()
    kind = serializers.ChoiceField(choices=["stance", "number"])
    unit = serializers.CharField(allow_blank=True)
    keywords = serializers.ListField(child=serializers.CharField())
    affirm = serializers.ListField(child=serializers.CharField())
    deny = serializers.ListField(child=serializers.CharField())
    partial = serializers.ListField(child=serializers.CharField())


class StepsSerializer(serializers.Serializer):
    days = serializers.IntegerField()
    per_topic_cap = serializers.IntegerField()
    per_outlet_cap = serializers.IntegerField()


class ConfirmationSerializer(serializers.Serializer):
    min_outlets = serializers.IntegerField()


class StoryDetailSerializer(StorySerializer):
    steps = serializers.SerializerMethodField()
    confirmation = serializers.SerializerMethodField()
    default_as_of = serializers.SerializerMethodField(help_text="the day `positions` answers for without as_of")
    topics = TopicSerializer(many=True)
    questions = QuestionSerializer(many=True)
    actors = ActorSerializer(many=True)
    outlets = OutletSerializer(many=True)
    config = serializers.JSONField(help_text="story.toml as loaded")

    def get_steps(self, story) -> StepsSerializer:
        return {"days": story.step_days, "per_topic_cap": story.per_topic_cap, "per_outlet_cap": story.per_outlet_cap}

    def get_confirmation(self, story) -> ConfirmationSerializer:
        return {"min_outlets": story.min_outlets}

    def get_default_as_of(self, story) -> date:
        return default_as_of(story)


# --- positions (the dicts of selectors.Positions.as_dict) -----------------------------------


class CurrentSerializer(serializers.Serializer):
    position = serializers.ChoiceField(choices=POSITIONS)
    value = serializers.FloatField(allow_null=True)
    value_high = serializers.FloatField(allow_null=True, help_text="the upper figure of a range")
    since = serializers.DateField()
    confirmed_on = serializers.DateField()
    records = serializers.ListField(child=serializers.IntegerField())


class PendingSerializer(serializers.Serializer):
    position = serializers.ChoiceField(choices=POSITIONS)
    value = serializers.FloatField(allow_null=True)
    value_high = serializers.FloatField(allow_null=True)
    date = serializers.DateField(help_text="the day the new position was first reported")
    records = serializers.ListField(child=serializers.IntegerField())
    sources = serializers.IntegerField(help_text="independent sources so far")


class HistorySerializer(KeywordNamesMixin, serializers.Serializer):
    position = serializers.ChoiceField(choices=POSITIONS)
    value = serializers.FloatField(allow_null=True)
    value_high = serializers.FloatField(allow_null=True)
    from_ = serializers.DateField()
    to = serializers.DateField()
    confirmed_on = serializers.DateField()
    records = serializers.ListField(child=serializers.IntegerField())


class ChangeSerializer(KeywordNamesMixin, serializers.Serializer):
    id = serializers.CharField(help_text="the flip's id, for flips/{id}")
    from_ = serializers.ChoiceField(choices=POSITIONS)
    to = serializers.ChoiceField(choices=POSITIONS)
    from_value = serializers.FloatField(allow_null=True)
    to_value = serializers.FloatField(allow_null=True)
    from_value_high = serializers.FloatField(allow_null=True)
    to_value_high = serializers.FloatField(allow_null=True)
    date = serializers.DateField()
    confirmed_on = serializers.DateField()
    from_records = serializers.ListField(child=serializers.IntegerField())
    to_records = serializers.ListField(child=serializers.IntegerField())


class ActorPositionSerializer(serializers.Serializer):
    actor = serializers.CharField()
    name = serializers.CharField(help_text="the actor's name")
    current = CurrentSerializer()
    pending = PendingSerializer(allow_null=True)
    history = HistorySerializer(many=True, help_text="earlier confirmed positions, newest first")
    changes = ChangeSerializer(many=True, help_text="flips up to as_of, oldest first")
    omitted = serializers.IntegerField(
        required=False, help_text="with `history`: how many earlier positions (and as many flips) were left out")


class QuestionPositionsSerializer(serializers.Serializer):
    id = serializers.CharField()
    text = serializers.CharField()
    kind = serializers.ChoiceField(choices=["stance", "number"])
    topic = serializers.CharField()
    unit = serializers.CharField(allow_null=True)
    actors = ActorPositionSerializer(many=True)


class NoticeSerializer(serializers.Serializer):
    param = serializers.CharField(help_text="the query parameter the notice is about")
    message = serializers.CharField()


class PositionsSerializer(serializers.Serializer):
    story = serializers.CharField()
    as_of = serializers.DateField()
    confirm = serializers.IntegerField()
    known_at = serializers.DateTimeField(allow_null=True)
    questions = QuestionPositionsSerializer(many=True)
    history = serializers.IntegerField(required=False, help_text="the `history` asked for, if any")
    notices = NoticeSerializer(many=True, help_text=(
        "how the request was read where it differs from how it was written (a day outside the story), or "
        "why it cannot be met (an N above the story's independent sources)"))


# --- records ------------------------------------------------------------------------------


class RecordSerializer(serializers.Serializer):
    """A record in the line format of section 3."""

    id = serializers.IntegerField()
    story = serializers.CharField(source="story.slug")
    actor = serializers.CharField(source="actor.key")
    question = serializers.CharField(source="question.key")
    position = serializers.ChoiceField(choices=POSITIONS)
    value = serializers.FloatField(allow_null=True)
    value_high = serializers.FloatField(allow_null=True)
    reported_on = serializers.DateField()
    outlet = serializers.CharField(source="outlet.key", allow_null=True, default=None)
    via = serializers.CharField(source="via.key", allow_null=True, default=None)
    outlets = serializers.ListField(child=serializers.CharField())
    url = serializers.CharField(allow_blank=True)
    quote = serializers.CharField(allow_blank=True, trim_whitespace=False)
    excerpt = serializers.IntegerField(source="excerpt_id", allow_null=True)
    extractor = serializers.CharField()
    confidence = serializers.FloatField(allow_null=True)
    rationale = serializers.CharField(allow_blank=True, trim_whitespace=False)
    recorded_at = serializers.DateTimeField()
    retracted = serializers.SerializerMethodField()
    seq = serializers.IntegerField(help_text="its place in the story's hash chain (1, 2, 3 ...)")
    hash = serializers.CharField(help_text="SHA-256 over its content and the previous entry's hash (verify_ledger)")

    def get_retracted(self, record) -> bool:
        return hasattr(record, "retraction")


class ExcerptSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    day = serializers.DateField()
    text = serializers.CharField(help_text="the sentence with a sentence of context each side")
    sentence = serializers.CharField()
    sentence_start = serializers.IntegerField(help_text="where the sentence stands in text")
    topics = serializers.ListField(child=serializers.CharField())
    outlets = serializers.ListField(child=serializers.CharField(), help_text="every outlet that carried it")


class ArticleSerializer(serializers.Serializer):
    url = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    outlet = serializers.CharField(source="outlet.key")
    outlet_name = serializers.CharField(source="outlet.name")
    published_at = serializers.DateTimeField()
    day = serializers.DateField()
    live_blog = serializers.BooleanField()


class RetractionSerializer(serializers.Serializer):
    record = serializers.IntegerField(source="record_id")
    reason = serializers.CharField()
    retracted_by = serializers.CharField()
    recorded_at = serializers.DateTimeField()


class RecordDetailSerializer(RecordSerializer):
    """A record with what an audit needs: its excerpt, the article, the outlet, the retraction."""

    outlet_name = serializers.CharField(source="outlet.name", allow_null=True, default=None)
    excerpt_detail = ExcerptSerializer(source="excerpt", allow_null=True)
    article = ArticleSerializer(source="excerpt.article", allow_null=True, default=None)
    retraction = RetractionSerializer(allow_null=True, default=None)


# --- flips --------------------------------------------------------------------------------


class FlipSerializer(ChangeSerializer):
    actor = serializers.CharField()
    question = serializers.CharField()

    def get_fields(self):
        # The contract's order: id, actor, question, then the change.
        fields = super().get_fields()
        return {name: fields[name] for name in ("id", "actor", "question", *fields) if name in fields}


class FlipDetailSerializer(FlipSerializer):
    records = RecordDetailSerializer(many=True, help_text="the records of both sides, from_records then to_records")
