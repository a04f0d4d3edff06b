"""The excerpt's evidence trigger fires only on an UPDATE that names a content column.

The trigger of 0008 ran on every UPDATE of an excerpt, and ingest marks each excerpt it has
read (`extracted_at`): every mark turned both row versions into JSON only to find that no
content column had changed. An UPDATE that does not name a content column cannot change one,
so `UPDATE OF` those columns guards exactly what 0008 guarded; DELETE is still refused.
"""
from django.db import migrations

CONTENT = ("id", "story_id", "article_id", "position", "day", "step", "text", "sentence", "sentence_start",
           "topics", "outlets")
ARGUMENTS = ", ".join(f"'{c}'" for c in CONTENT[:-1]) + ", '+outlets'"

FORWARD = f"""
DROP TRIGGER ledger_excerpt_evidence ON ledger_excerpt;
CREATE TRIGGER ledger_excerpt_evidence BEFORE UPDATE OF {", ".join(CONTENT)} OR DELETE ON ledger_excerpt
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_content_change({ARGUMENTS});
"""

BACKWARD = f"""
DROP TRIGGER ledger_excerpt_evidence ON ledger_excerpt;
CREATE TRIGGER ledger_excerpt_evidence BEFORE UPDATE OR DELETE ON ledger_excerpt
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_content_change({ARGUMENTS});
"""


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0008_evidence_under_the_hash'),
    ]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
