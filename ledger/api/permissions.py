"""Who may do what. Reads are public; the two writes are appends, under the rules of
`ledger.permissions` (the pages use the same): a record needs `ledger.add_stancerecord`,
a retraction needs a staff user."""
from rest_framework.permissions import SAFE_METHODS, BasePermission

from ledger.permissions import ADD_RECORD, may_append_records, may_retract


class ReadOnly(BasePermission):
    def has_permission(self, request, view):
        return request.method in SAFE_METHODS


class CanAppendRecords(BasePermission):
    """Reads for anyone; an append for a signed-in user holding ledger.add_stancerecord."""

    message = f"appending a record needs the permission {ADD_RECORD}"

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or may_append_records(request.user)


class CanRetract(BasePermission):
    """A retraction is for staff only (OPTIONS, which only describes, is for anyone)."""

    message = "only staff may retract a record"

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or may_retract(request.user)
