"""The API reads JSON bodies only, within limits: a body larger than
LEDGER_API_MAX_BODY_BYTES answers 413, and JSON nested deeper than
LEDGER_API_MAX_JSON_DEPTH (or that is not strict JSON: NaN, Infinity, a lone surrogate)
answers 400, both in the one error shape. A record is a flat object: a few levels suffice.

orjson parses (as the renderer writes); Python's json module recursed until it raised
RecursionError on 5,000 nested brackets, a 500."""
import orjson
from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import BaseParser


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "the request body is too large"
    default_code = "body_too_large"


def body_read(stream, limit: int) -> bytes:
    """The body, refused past `limit` bytes without reading more than one byte beyond it."""
    if stream is None:
        return b""
    body = stream.read(limit + 1)
    if len(body) > limit:
        raise BodyTooLarge(f"the request body is larger than {limit} bytes")
    return body


def json_depth(value, limit: int) -> int:
    """How deep `value` nests (a scalar: 0), without recursion; stops past `limit`."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        todo.extend((child, depth + 1) for child in children)
    return deepest


class LedgerJSONParser(BaseParser):
    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        body = body_read(stream, settings.LEDGER_API_MAX_BODY_BYTES)
        try:
            data = orjson.loads(body)
        except orjson.JSONDecodeError as exc:
            raise ParseError(f"the body is not valid JSON: {exc}") from None
        limit = settings.LEDGER_API_MAX_JSON_DEPTH
        if json_depth(data, limit) > limit:
            raise ParseError(f"the body's JSON nests deeper than {limit} levels")
        return data
