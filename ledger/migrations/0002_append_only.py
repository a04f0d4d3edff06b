"""The ledger tables refuse UPDATE and DELETE in the database itself, whoever asks.

TRUNCATE is kept out of reach by privileges instead (see `manage.py ledger_roles`): the
application's role is not the tables' owner, so it can neither truncate them nor disable
this trigger. A TRUNCATE trigger would also break Django's test flush.
"""
from django.db import migrations

FORWARD = """
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_stancerecord_append_only BEFORE UPDATE OR DELETE ON ledger_stancerecord
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_retraction_append_only BEFORE UPDATE OR DELETE ON ledger_retraction
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
"""

BACKWARD = """
DROP TRIGGER ledger_retraction_append_only ON ledger_retraction;
DROP TRIGGER ledger_stancerecord_append_only ON ledger_stancerecord;
DROP FUNCTION ledger_refuse_change();
"""


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
