"""Evidence under the hash.

Entries already in a ledger keep the hash they were written with: they are version 1 (the
column is added with default 1, which PostgreSQL stores in the catalog: no row is
rewritten, so the append-only trigger is not asked). New entries are version 2 (the
model's default), whose hash also covers what they point to (see ledger.chain).

Articles and excerpts become append-only in their content, like the ledger: a trigger
refuses DELETE, and an UPDATE that changes a content column, whoever asks. An excerpt keeps
three columns of processing state that ingest updates: `capped` and `extracted_at`, and
`outlets` (the outlets that carried the same sentence), which may only grow. The article a
record points to is hashed by its URL and its text's SHA-256, the excerpt by its text.
"""
import django.db.models.deletion
from django.db import migrations, models

FORWARD = """
CREATE FUNCTION ledger_refuse_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    col text;
    old_row jsonb;
    new_row jsonb;
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION '% rows are evidence the ledger points to: DELETE is refused', TG_TABLE_NAME
            USING ERRCODE = 'restrict_violation';
    END IF;
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    -- Arguments: the content columns; a name starting with + is an array that may only grow.
    FOREACH col IN ARRAY TG_ARGV LOOP
        IF left(col, 1) = '+' THEN
            IF NOT (new_row -> substr(col, 2)) @> (old_row -> substr(col, 2)) THEN
                RAISE EXCEPTION '%.% may only grow', TG_TABLE_NAME, substr(col, 2)
                    USING ERRCODE = 'restrict_violation';
            END IF;
        ELSIF new_row -> col IS DISTINCT FROM old_row -> col THEN
            RAISE EXCEPTION '% rows are evidence the ledger points to: % may not change', TG_TABLE_NAME, col
                USING ERRCODE = 'restrict_violation';
        END IF;
    END LOOP;
    RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_article_evidence BEFORE UPDATE OR DELETE ON ledger_article FOR EACH ROW
    EXECUTE FUNCTION ledger_refuse_content_change(
        'id', 'story_id', 'url', 'outlet_id', 'published_at', 'day', 'title', 'text', 'live_blog', 'version');
CREATE TRIGGER ledger_excerpt_evidence BEFORE UPDATE OR DELETE ON ledger_excerpt FOR EACH ROW
    EXECUTE FUNCTION ledger_refuse_content_change(
        'id', 'story_id', 'article_id', 'position', 'day', 'step', 'text', 'sentence', 'sentence_start', 'topics',
        '+outlets');
"""

BACKWARD = """
DROP TRIGGER ledger_excerpt_evidence ON ledger_excerpt;
DROP TRIGGER ledger_article_evidence ON ledger_article;
DROP FUNCTION ledger_refuse_content_change();
"""


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0007_record_via_range_rationale'),
    ]

    operations = [
        migrations.AddField(
            model_name='retraction',
            name='hash_version',
            field=models.PositiveSmallIntegerField(default=1, help_text='what the hash covers (see ledger.chain)'),
        ),
        migrations.AddField(
            model_name='stancerecord',
            name='hash_version',
            field=models.PositiveSmallIntegerField(default=1, help_text='what the hash covers (see ledger.chain)'),
        ),
        migrations.AlterField(
            model_name='retraction',
            name='hash_version',
            field=models.PositiveSmallIntegerField(default=2, db_default=2, help_text='what the hash covers (see ledger.chain)'),
        ),
        migrations.AlterField(
            model_name='stancerecord',
            name='hash_version',
            field=models.PositiveSmallIntegerField(default=2, db_default=2, help_text='what the hash covers (see ledger.chain)'),
        ),
        migrations.CreateModel(
            name='LedgerVerification',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('verified_at', models.DateTimeField()),
                ('last_seq', models.BigIntegerField()),
                ('last_hash', models.CharField(max_length=64)),
                ('ok', models.BooleanField()),
                ('problems', models.JSONField(default=list)),
                ('story', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='verifications', to='ledger.story')),
            ],
            options={
                'ordering': ['story', '-verified_at'],
                'indexes': [models.Index(fields=['story', '-verified_at'], name='verification_story_newest')],
            },
        ),
        migrations.AlterField(
            model_name='stancerecord',
            name='rationale',
            field=models.TextField(blank=True, db_default='', default='', help_text='why the extractor wrote it: attribution and cue'),
        ),
        migrations.RunSQL(FORWARD, BACKWARD),
    ]
