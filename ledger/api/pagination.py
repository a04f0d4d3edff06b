"""Every list of the API: {"count", "next", "previous", "results"}, paged by limit and offset.

A limit or offset that is not a whole number in range is a 400 naming it, never silently
replaced by the default."""
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination

MAX_LIMIT = 500
LIMIT_INVALID = "must be a whole number from 1 to {max}"
OFFSET_INVALID = "must be a whole number >= 0"


def _whole(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else None


class LedgerPagination(LimitOffsetPagination):
    max_limit = MAX_LIMIT

    def get_limit(self, request):
        text = request.query_params.get(self.limit_query_param)
        if text is None:
            return self.default_limit
        limit = _whole(text)
        if limit is None or not 1 <= limit <= self.max_limit:
            raise ValidationError({self.limit_query_param: LIMIT_INVALID.format(max=self.max_limit)})
        return limit

    def get_offset(self, request):
        text = request.query_params.get(self.offset_query_param)
        if text is None:
            return 0
        offset = _whole(text)
        if offset is None:
            raise ValidationError({self.offset_query_param: OFFSET_INVALID})
        return offset

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.limit_query_param:
                parameter["schema"].update(minimum=1, maximum=self.max_limit, default=self.default_limit)
            elif parameter["name"] == self.offset_query_param:
                parameter["schema"].update(minimum=0, maximum=10**12 - 1)
        return parameters
