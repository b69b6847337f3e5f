"""The dice get a Brazilian Portuguese name, as the other content records have, so a Portuguese reader no
longer sees "Attack die" and "Defense die".

No source we have gives the Brazilian edition's names for the dice (neither game-facts nor the content data
tables; FAN-D, the fan dice apps, name none), so the names are the app's own translation, in the words the
catalogue already uses for the dice ("dado", "Ataque", "Defesa"), and marked as such (`name_pt_source` "app").

The packs ship them; a database that already holds the dice gets them here (as 0020 did), and only a die
still holding the English name the packs shipped with no Portuguese one yet: what an admin wrote stays.
"""

from django.db import migrations, models

SHIPPED = ("inferno", "arcadia-quest")
APP = "app"  # catalog.NameOrigin.APP
# slug -> (the English name the packs shipped, the app's Portuguese name)
DICE_NAMES = {
    "attack": ("Attack die", "Dado de Ataque"),
    "defense": ("Defense die", "Dado de Defesa"),
}


def dice_names_in_portuguese(apps, schema_editor):
    Die = apps.get_model("campaigns", "Die")
    for slug, (english, portuguese) in DICE_NAMES.items():
        Die.objects.filter(edition__slug__in=SHIPPED, slug=slug, name=english, name_pt="").update(
            name_pt=portuguese, name_pt_source=APP
        )


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0022_campaign_corrections_of_dice"),
    ]

    operations = [
        migrations.AddField(
            model_name="die",
            name="name_en_literal",
            field=models.BooleanField(
                default=False,
                help_text="The English name is a literal translation of the Brazilian one: no English source gives it.",
            ),
        ),
        migrations.AddField(
            model_name="die",
            name="name_pt",
            field=models.CharField(
                blank=True, help_text="Brazilian Portuguese name, where known.", max_length=120
            ),
        ),
        migrations.AddField(
            model_name="die",
            name="name_pt_source",
            field=models.CharField(
                blank=True,
                help_text="Where the Portuguese name comes from; empty: the record's source; \"app\": the app's own translation.",
                max_length=120,
            ),
        ),
        # Going back drops the three fields, and the names with them.
        migrations.RunPython(dice_names_in_portuguese, migrations.RunPython.noop),
    ]
