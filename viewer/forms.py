"""What the viewer accepts: the query string of a positions page, and the two staff forms
(a retraction, a record added by hand). Writes go through `ledger.services` only."""
from datetime import date, timedelta

from django import forms
from django.core.validators import URLValidator

from ledger.errors import LedgerError
from ledger.models import StanceRecord, Story
from ledger.selectors import default_as_of
from ledger.services import RecordDraft, StoryIndex, record_draft_check

CONFIRM_CHOICES = (1, 2, 3)
MAX_CONFIRM = 9


class PositionsQuery(forms.Form):
    """topic, as_of, confirm: the state of a positions page, all in the URL.

    The date slider sends `day` (days from the story's start) next to the date input's
    `as_of`, and the form sends `shown`, the date it was rendered with: without JavaScript,
    whichever of the two controls the reader moved wins."""

    topic = forms.SlugField(required=False)
    as_of = forms.DateField(required=False, input_formats=["%Y-%m-%d"])
    day = forms.IntegerField(required=False, min_value=0)
    shown = forms.DateField(required=False, input_formats=["%Y-%m-%d"])
    confirm = forms.IntegerField(required=False, min_value=1, max_value=MAX_CONFIRM)


def _first_error(form: forms.Form) -> LedgerError:
    field, errors = next(iter(form.errors.items()))
    return LedgerError(f"{field}: {errors[0]}", param=field)


def positions_query(story: Story, params, *, topics=None) -> dict:
    """The page state from a query string: {"topic": Topic or None, "as_of": date,
    "confirm": int}. Raises LedgerError naming a bad parameter."""
    form = PositionsQuery(params)
    if not form.is_valid():
        raise _first_error(form)
    data = form.cleaned_data
    as_of, day, shown = data["as_of"], data["day"], data["shown"]
    if day is not None and (as_of is None or (shown is not None and as_of == shown)):
        as_of = story.start + timedelta(days=day)
    if as_of is None:
        as_of = default_as_of(story)
    as_of = min(max(as_of, story.start), story.end)
    topic = None
    if topics is not None:
        by_key = {t.key: t for t in topics}
        if data["topic"]:
            topic = by_key.get(data["topic"])
            if topic is None:
                raise LedgerError(f"topic: unknown topic {data['topic']!r}", param="topic")
        elif topics:
            topic = topics[0]
    confirm = data["confirm"] or story.min_outlets
    return {"topic": topic, "as_of": as_of, "confirm": confirm}


class ConfirmQuery(forms.Form):
    as_of = forms.DateField(required=False, input_formats=["%Y-%m-%d"])
    confirm = forms.IntegerField(required=False, min_value=1, max_value=MAX_CONFIRM)


def confirm_query(story: Story, params) -> dict:
    form = ConfirmQuery(params)
    if not form.is_valid():
        raise _first_error(form)
    as_of = form.cleaned_data["as_of"] or default_as_of(story)
    return {"as_of": min(max(as_of, story.start), story.end), "confirm": form.cleaned_data["confirm"] or story.min_outlets}


class RetractForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=2000,
                             help_text="Why this record is wrong. Kept in the ledger with your name.")
    confirm = forms.IntegerField(required=False, min_value=1, max_value=MAX_CONFIRM, widget=forms.HiddenInput)


http_url = URLValidator(schemes=["http", "https"])


class RecordForm(forms.Form):
    """A record added by hand: its extractor is manual/<username>."""

    actor = forms.ChoiceField()
    question = forms.ChoiceField()
    position = forms.ChoiceField(choices=[(p, p) for p, _ in StanceRecord.POSITIONS])
    value = forms.FloatField(required=False, help_text="The figure, for a number question only.")
    reported_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}), input_formats=["%Y-%m-%d"],
                                  help_text="The day the statement was first reported.")
    url = forms.CharField(label="Source URL", max_length=1000, validators=[http_url])
    outlet = forms.ChoiceField(required=False, help_text="Left empty: found from the URL's domain.")
    quote = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=5000)

    def __init__(self, *args, story: Story, **kwargs):
        super().__init__(*args, **kwargs)
        self.story = story
        self.index = StoryIndex(story)
        self.fields["actor"].choices = [(k, a.name) for k, a in self.index.actors.items()]
        self.fields["question"].choices = [(k, q.text) for k, q in self.index.questions.items()]
        self.fields["outlet"].choices = [("", "—")] + [(k, o.name) for k, o in self.index.outlets.items()]

    def clean_reported_on(self):
        day: date = self.cleaned_data["reported_on"]
        if not self.story.start <= day <= self.story.end:
            raise forms.ValidationError(f"must be within the story, {self.story.start} to {self.story.end}")
        return day

    def draft(self, *, username: str) -> RecordDraft:
        """The record to append; raises ValidationError when it breaks the ledger's rules."""
        data = self.cleaned_data
        outlet = self.index.outlets.get(data["outlet"]) if data.get("outlet") else self.index.outlet_for_url(data["url"])
        draft = RecordDraft(
            actor=self.index.actors[data["actor"]],
            question=self.index.questions[data["question"]],
            position=data["position"],
            value=data.get("value"),
            reported_on=data["reported_on"],
            extractor=f"manual/{username}",
            outlet=outlet,
            outlets=[outlet.key] if outlet else [],
            url=data["url"],
            quote=data["quote"],
        )
        try:
            record_draft_check(draft)
        except LedgerError as exc:
            raise forms.ValidationError(exc.message) from None
        return draft
