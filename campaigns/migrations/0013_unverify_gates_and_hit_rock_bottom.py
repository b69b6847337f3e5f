"""Beyond the Gates of Hell and Hit Rock Bottom were shipped `verified: true`, but their counts come from the
Portuguese Campaign Book and Hit Rock Bottom being the Final Showdown is inferred: no official English source
confirms them, so they are unverified (the rules audit, section 10)."""

from django.db import migrations

OVERCLAIMED = ("beyond-the-gates-of-hell", "hit-rock-bottom")


def unverify(apps, schema_editor):
    Scenario = apps.get_model("campaigns", "Scenario")
    Scenario.objects.filter(edition__slug="inferno", slug__in=OVERCLAIMED).update(verified=False)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0012_hero_curse_from_incomplete_deck"),
    ]

    operations = [migrations.RunPython(unverify, migrations.RunPython.noop)]
