"""The query string of a story's records list, checked by django-filter and answered by
`selectors.records_find` (the viewer's read path too)."""
import django_filters

from ledger import selectors
from ledger.models import StanceRecord


class RecordFilter(django_filters.FilterSet):
    question = django_filters.CharFilter(label="question", help_text="a question's id")
    actor = django_filters.CharFilter(label="actor", help_text="an actor's id")
    outlet = django_filters.CharFilter(label="outlet", help_text="an outlet's id: records it carried, alone or as a copy")
    from_ = django_filters.DateFilter(label="from", help_text="reported on or after this day")
    to = django_filters.DateFilter(label="to", help_text="reported on or before this day")
    q = django_filters.CharFilter(label="q", help_text="full-text search over the quotes (PostgreSQL)")

    class Meta:
        model = StanceRecord
        fields = []

    @classmethod
    def get_filters(cls):
        filters = super().get_filters()
        filters["from"] = filters.pop("from_")  # `from` is a Python keyword
        return filters

    def __init__(self, data=None, queryset=None, *, request=None, prefix=None, story=None):
        super().__init__(data, queryset, request=request, prefix=prefix)
        self.story = story

    def filter_queryset(self, queryset):
        data = self.form.cleaned_data
        return selectors.records_find(
            story=self.story, question=data.get("question") or None, actor=data.get("actor") or None,
            outlet=data.get("outlet") or None, date_from=data.get("from"), date_to=data.get("to"),
            q=data.get("q") or None)
