"""Who may do what. Reads are public; the two writes are appends:
a record needs `ledger.add_stancerecord`, a retraction needs a staff user."""
from rest_framework.permissions import SAFE_METHODS, BasePermission

ADD_RECORD = "ledger.add_stancerecord"


class ReadOnly(BasePermission):
    def has_permission(self, request, view):
        return request.method in SAFE_METHODS


class CanAppendRecords(BasePermission):
    """Reads for anyone; an append for a signed-in user holding ledger.add_stancerecord."""

    message = f"appending a record needs the permission {ADD_RECORD}"

    def has_permission(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        user = request.user
        return bool(user and user.is_authenticated and user.has_perm(ADD_RECORD))


class CanRetract(BasePermission):
    """A retraction is for staff only (OPTIONS, which only describes, is for anyone)."""

    message = "only staff may retract a record"

    def has_permission(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        user = request.user
        return bool(user and user.is_authenticated and user.is_staff)
