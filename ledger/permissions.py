"""Who may append to the ledger, one rule for every way in (the API and the pages): a record
needs the permission `ledger.add_stancerecord`, a retraction a staff user. Reading is open."""

ADD_RECORD = "ledger.add_stancerecord"


def may_append_records(user) -> bool:
    return bool(user and user.is_active and user.is_authenticated and user.has_perm(ADD_RECORD))


def may_retract(user) -> bool:
    return bool(user and user.is_active and user.is_authenticated and user.is_staff)
