"""JSON through orjson: the same bytes as DRF's JSONRenderer, in a fraction of the time (a
positions answer is tens of kilobytes of nested dicts). Whatever orjson does not know, and
every datetime (DRF writes milliseconds and `Z`), goes through DRF's own encoder."""
from datetime import date

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

_encoder = JSONEncoder()
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS


def _default(obj):
    # Days are most of what comes here (a positions answer has hundreds): DRF writes them ISO.
    if type(obj) is date:
        return obj.isoformat()
    return _encoder.default(obj)


class LedgerJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        if self.get_indent(accepted_media_type, renderer_context or {}):
            return super().render(data, accepted_media_type, renderer_context)
        try:
            body = orjson.dumps(data, default=_default, option=_OPTIONS)
        except TypeError:  # an integer beyond 64 bits, a key that is not a string: DRF's way
            return super().render(data, accepted_media_type, renderer_context)
        # As DRF does: these two are valid JSON but end a line in JavaScript.
        return body.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")
