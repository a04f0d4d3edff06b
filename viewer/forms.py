"""What the viewer accepts: the query string of a positions page, and the two staff forms
(a retraction, a record added by hand). A positions page is read by the ledger's one
positions request (`ledger.requests`), as the API is; only the date slider is the page's
own. Writes go through `ledger.services` only."""
from datetime import date, timedelta

from django import forms
from django.core.validators import URLValidator

from ledger.errors import LedgerError
from ledger.models import StanceRecord, Story
from ledger.requests import MAX_CONFIRM, day_parse, positions_request
from ledger.plumbing import story_cast
from ledger.services import RecordDraft, record_draft_check


class SliderQuery(forms.Form):
    """The date slider sends `day` (days from the story's start) next to the date input's
    `as_of`, and the form sends `shown`, the date it was rendered with: without JavaScript,
    whichever of the two controls the reader moved wins."""

    day = forms.IntegerField(required=False, min_value=0, max_value=100_000)
    shown = forms.DateField(required=False, input_formats=["%Y-%m-%d"])


def _first_error(form: forms.Form) -> LedgerError:
    field, errors = next(iter(form.errors.items()))
    return LedgerError(f"{field}: {errors[0]}", param=field)


def _slider_day(story: Story, params) -> date | None:
    """The day the reader asked for, with the slider's say; None: the request's default."""
    slider = SliderQuery(params)
    if not slider.is_valid():
        raise _first_error(slider)
    day, shown = slider.cleaned_data["day"], slider.cleaned_data["shown"]
    text = (params.get("as_of") or "").strip()
    as_of = day_parse(text, param="as_of") if text else None
    if day is not None and (as_of is None or (shown is not None and as_of == shown)):
        as_of = story.start + timedelta(days=day)
    return as_of


def positions_query(story: Story, params, *, topics=None) -> dict:
    """The page state from a query string: {"topic": Topic or None, "as_of": date,
    "confirm": int, "actor": Actor or None, "notices": [{"param", "message"}]}; without a
    topic, the first of `topics`. Raises LedgerError naming a bad parameter (its `status`: 400, or 404)."""
    topic = (params.get("topic") or "").strip() or (topics[0].key if topics else None)
    asked = positions_request(story, {"topic": topic, "confirm": params.get("confirm"), "actor": params.get("actor")},
                              as_of=_slider_day(story, params), topics=topics)
    return {"topic": asked.topic, "as_of": asked.as_of, "confirm": asked.confirm, "actor": asked.actor,
            "notices": [n.as_dict() for n in asked.notices]}


def confirm_query(story: Story, params) -> dict:
    """{"as_of", "confirm", "notices"} of a page that shows one day under one rule."""
    asked = positions_request(story, {"as_of": params.get("as_of"), "confirm": params.get("confirm")})
    return {"as_of": asked.as_of, "confirm": asked.confirm, "notices": [n.as_dict() for n in asked.notices]}


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
        self.index = story_cast(story)
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
