"""BR:64: "Each monster type has up to four cards", one per level: the rules do not say that every base
monster has a 2-3, 4-5 and 6 card. The content data tables once made 30 empty ones all the same (three per
base monster, source "BR (setup: a Monster card per level)"); the loader no longer does (it applies only the
level card a table row gives, level 1 for each of the ten base monsters), so new databases never held them
and existing ones still do (content-check-2 §2, R11).

This deletes exactly those cards: a base monster's card for a level the table gives no row for, with that
source, unverified, and every field still empty. A card anyone filled in or marked verified stays, and so
does one a campaign refers to: a campaign's entry over it (a `monster-level` override naming it) or any row
pointing at it.
"""

from django.db import migrations

BASE = "arcadia-quest"
# The source the empty cards were made with (the loader's old LEVEL_CARD_SOURCE).
MADE_UP_SOURCE = "BR (setup: a Monster card per level)"
# The level each base monster's table row gives (fixtures/content-data/base-monsters-level1.csv).
TABLE_LABEL = "1"
BASE_MONSTERS = (
    "lord-fang",
    "minotaur",
    "goblin-archer",
    "troll",
    "orc-marauder",
    "spear-beastman",
    "hammer-beastman",
    "orc-captain",
    "sister-of-pleasure",
    "sister-of-pain",
)
EMPTY_NUMBERS = ("life", "overkill", "reward", "attack_dice", "movement", "defense")
EMPTY_TEXTS = ("attack_kind", "attack_name", "attack_name_pt", "ability", "confidence")


def made_up_cards(apps):
    """The base level cards the old loader made with nothing in them, whoever refers to them."""
    MonsterLevelCard = apps.get_model("campaigns", "MonsterLevelCard")
    return (
        MonsterLevelCard.objects.filter(
            monster__edition__slug=BASE,
            monster__slug__in=BASE_MONSTERS,
            source=MADE_UP_SOURCE,
            verified=False,
            **{f"{name}__isnull": True for name in EMPTY_NUMBERS},
            **{name: "" for name in EMPTY_TEXTS},
        )
        .exclude(label=TABLE_LABEL)
        .select_related("monster")
    )


def referred_to(apps, card) -> bool:
    """A campaign's entry over the card (the override names it by monster and label), or any row of a
    model pointing at it."""
    ContentOverride = apps.get_model("campaigns", "ContentOverride")
    entry = ContentOverride.objects.filter(
        campaign__edition__slug=BASE, kind="monster-level", target=f"{card.monster.slug}/{card.label}"
    )
    if entry.exists():
        return True
    for relation in card._meta.related_objects:
        if relation.related_model._base_manager.filter(**{relation.field.name: card}).exists():
            return True
    return False


def drop_empty_base_level_cards(apps, schema_editor):
    MonsterLevelCard = apps.get_model("campaigns", "MonsterLevelCard")
    unused = [card.pk for card in made_up_cards(apps) if not referred_to(apps, card)]
    MonsterLevelCard.objects.filter(pk__in=unused).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0020_base_attack_names_and_inferno_trap"),
    ]

    # Not made again on the way back: no source says these cards exist (BR:64).
    operations = [migrations.RunPython(drop_empty_base_level_cards, migrations.RunPython.noop)]
