"""A hero swapped out for a rescued angel stays in its guild (GF:176): the heroes retired before are back on
the roster, unfielded."""

from django.db import migrations


def unretire(apps, schema_editor):
    GuildHero = apps.get_model("campaigns", "GuildHero")
    GuildHero.objects.filter(retired=True).update(retired=False, fielded=False)


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0006_campaign_backups")]

    operations = [migrations.RunPython(unretire, migrations.RunPython.noop)]
