"""One error shape for every error answer: {"error": {"status", "message", "param"}}.

DRF's exceptions come through `exception_handler`; what Django or the server answers before
a view runs (a body or URL too long, a server error) comes through `ledger.api.middleware`."""
from django.http import JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ledger.errors import LedgerError


def error_body(status_code: int, message: str, param: str | None = None) -> dict:
    return {"error": {"status": status_code, "message": message, "param": param}}


def error_response(status_code: int, message: str, param: str | None = None) -> JsonResponse:
    """The error shape outside DRF (middleware, Django's handlers)."""
    return JsonResponse(error_body(status_code, message, param), status=status_code)


def _first_message(detail):
    if isinstance(detail, dict):
        for key, value in detail.items():
            param, message = _first_message(value)
            return (key if param is None else param), message
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return None, str(detail)


def exception_handler(exc, context):
    if isinstance(exc, LedgerError):
        return Response(error_body(exc.status, exc.message, exc.param), status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        param, message = _first_message(exc.detail)
        if param in ("non_field_errors", None):
            param = None
        text = f"{param}: {message}" if param else message
        response.data = error_body(response.status_code, text, param)
    else:
        detail = str(getattr(exc, "detail", "") or "") or _DEFAULT_TEXT.get(response.status_code, str(exc))
        response.data = error_body(response.status_code, detail)
    return response


# A Django Http404 raised without words (content negotiation refusing `?format=xml`) still
# says what went wrong.
_DEFAULT_TEXT = {404: "not found"}
