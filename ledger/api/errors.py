"""One error shape for every error answer: {"error": {"status", "message", "param"}}."""
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ledger.errors import Conflict, LedgerError, NotFound


def error_body(status_code: int, message: str, param: str | None = None) -> dict:
    return {"error": {"status": status_code, "message": message, "param": param}}


def _first_message(detail):
    if isinstance(detail, dict):
        for key, value in detail.items():
            param, message = _first_message(value)
            return (key if param is None else param), message
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return None, str(detail)


def exception_handler(exc, context):
    if isinstance(exc, NotFound):
        return Response(error_body(404, exc.message, exc.param), status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, Conflict):
        return Response(error_body(409, exc.message, exc.param), status=status.HTTP_409_CONFLICT)
    if isinstance(exc, LedgerError):
        return Response(error_body(400, exc.message, exc.param), status=status.HTTP_400_BAD_REQUEST)
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
        detail = getattr(exc, "detail", str(exc))
        response.data = error_body(response.status_code, str(detail))
    return response
