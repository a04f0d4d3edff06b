class LedgerError(Exception):
    """A domain error with a message meant for the user (CLI line, API 400 body).

    `status` is the HTTP status every way in answers it with (API and pages alike)."""

    status = 400

    def __init__(self, message: str, *, param: str | None = None):
        super().__init__(message)
        self.message = message
        self.param = param


class NotFound(LedgerError):
    """An unknown story, question, actor, record or flip (API 404)."""

    status = 404


class Conflict(LedgerError):
    """What the request would add is already in the ledger: a record retracted twice (API 409)."""

    status = 409
