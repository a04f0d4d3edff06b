from django.db import migrations, models


class Migration(migrations.Migration):
    """Articles fetched from the web have versions: a changed page is a new row."""

    dependencies = [
        ("ledger", "0005_position_periods"),
    ]

    operations = [
        migrations.AddField(
            model_name="article",
            name="version",
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.RemoveConstraint(
            model_name="article",
            name="article_url_unique",
        ),
        migrations.AddConstraint(
            model_name="article",
            constraint=models.UniqueConstraint(fields=("story", "url", "version"), name="article_url_version_unique"),
        ),
    ]
