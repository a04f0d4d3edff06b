"""Limits and the error shape for everything under /api/, before and after the views.

A URL longer than LEDGER_API_MAX_URL_CHARS answers 414 and a body announced larger than
LEDGER_API_MAX_BODY_BYTES answers 413 before anything reads it (the parser refuses a body
that turns out larger without announcing it). An error answered outside DRF (Django's 404
and 500 pages, a 400 for a bad Host header) is rewritten into the one error shape, so an API
client never has to parse HTML."""
from http import HTTPStatus

from django.conf import settings

from .errors import error_response

API_PREFIX = "/api/"


def _announced_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _is_json(response) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase.lower()
    except ValueError:
        return "error"


class ApiLimitsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path_info.startswith(API_PREFIX):
            return self.get_response(request)
        url_limit, body_limit = settings.LEDGER_API_MAX_URL_CHARS, settings.LEDGER_API_MAX_BODY_BYTES
        if len(request.get_full_path()) > url_limit:
            return error_response(414, f"the URL is longer than {url_limit} characters")
        if _announced_length(request) > body_limit:
            return error_response(413, f"the request body is larger than {body_limit} bytes")
        response = self.get_response(request)
        if response.status_code >= 400 and not _is_json(response):
            return error_response(response.status_code, _phrase(response.status_code))
        return response
