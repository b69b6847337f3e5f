"""Two content fixes the packs ship, brought to a database that already holds the old records (as 0013 did):

- The base game's level-1 monster cards held their attack's Brazilian name (FAN-R's transcription of the
  Brazilian cards) in `attack_name`, the English field, so English pages showed Portuguese
  (ux-walkthrough-2 L4). No source gives the English names: the Brazilian one moves to the new
  `attack_name_pt` and `attack_name` stays empty.
- The Inferno Trap token's effect was a near-copy of the base rules' sentence (BR:246, content-check-2
  §1b); it is now in the app's own words.

Only a record still holding the shipped value changes: what an admin wrote over it stays.
"""

from django.db import migrations, models

BASE = "arcadia-quest"
# Each base monster's level-1 attack name as the packs shipped it in `attack_name` (FAN-R monstros.json).
ATTACK_NAMES_PT = {
    "lord-fang": "Banho de Sangue",
    "minotaur": "Chifrada",
    "goblin-archer": "Flechada no Joelo",
    "troll": "Esmagar Cabeças",
    "orc-marauder": "Corta e Partir",
    "spear-beastman": "Arremesso de lança",
    "hammer-beastman": "Martela o martelão",
    "orc-captain": "Corta e Partir",
    "sister-of-pleasure": "Sugar Sangue",
    "sister-of-pain": "Lamento de Agonia",
}
TRAP_NEAR_COPY = (
    "The Hero who collects it immediately suffers 1 automatic Wound; then the token is discarded."
)
TRAP_OWN_WORDS = "A Hero who picks it up takes 1 automatic Wound on the spot; remove the token from play."


def attack_names_to_portuguese(apps, schema_editor):
    MonsterLevelCard = apps.get_model("campaigns", "MonsterLevelCard")
    for slug, name in ATTACK_NAMES_PT.items():
        MonsterLevelCard.objects.filter(
            monster__edition__slug=BASE, monster__slug=slug, label="1", attack_name=name, attack_name_pt=""
        ).update(attack_name="", attack_name_pt=name)


def attack_names_back(apps, schema_editor):
    # `attack_name_pt` is dropped next: the name goes back where it was, so nothing is lost.
    MonsterLevelCard = apps.get_model("campaigns", "MonsterLevelCard")
    for slug, name in ATTACK_NAMES_PT.items():
        MonsterLevelCard.objects.filter(
            monster__edition__slug=BASE, monster__slug=slug, label="1", attack_name="", attack_name_pt=name
        ).update(attack_name=name)


def trap_in_own_words(apps, schema_editor):
    ExplorationTokenKind = apps.get_model("campaigns", "ExplorationTokenKind")
    ExplorationTokenKind.objects.filter(edition__slug="inferno", slug="trap", effect=TRAP_NEAR_COPY).update(
        effect=TRAP_OWN_WORDS
    )


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0019_campaign_corrections_of_heroes_and_death_curses"),
    ]

    operations = [
        migrations.AddField(
            model_name="monsterlevelcard",
            name="attack_name_pt",
            field=models.CharField(
                blank=True,
                help_text="The attack's name on the Brazilian edition's card, where known.",
                max_length=80,
            ),
        ),
        migrations.RunPython(attack_names_to_portuguese, attack_names_back),
        migrations.RunPython(trap_in_own_words, migrations.RunPython.noop),
    ]
