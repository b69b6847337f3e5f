"""A card a campaign typed in is a row of that campaign: its slug is unique within the campaign, never across
campaigns (G2), and the rows already kept move into the campaign that uses them.

- A campaign whose guilds hold a card row of another campaign (written over by an import with the same uid
  prefix, G2) gets a card of its own, as its own entry says, and its guilds point at it.
- Each entry of a card missing from the deck has its card in its campaign, as the entry says.
- A typed card whose entry is gone (undone before the cards followed their entries) and that nothing uses
  any more is removed.
- A card typed in before typed cards were kept per campaign (in the shared catalogue, its source naming the
  table) moves into the campaign that uses it; one that no campaign uses leaves the catalogue.
"""

import json

from django.db import migrations, models

NEW_CARD_TARGET = 60
TYPED_SOURCE = "typed in at the table"
LEGACY_SOURCE = "entered at the table ("


def _mark(campaign):
    return f"--{campaign.uid.hex[:12]}"


def _columns(fields):
    return {
        "name": fields["name"],
        "deck": fields["deck"],
        "cost": fields.get("cost"),
        "code": fields.get("code", ""),
        "copies": fields.get("copies"),
        "card_type": fields.get("card_type", ""),
        "effect": fields.get("effect", ""),
        "source": TYPED_SOURCE,
    }


def _listed(apps, campaign_id):
    """The card slugs the campaign's upgrade phases list (dealt, drafted, bought)."""
    UpgradeGuild = apps.get_model("campaigns", "UpgradeGuild")
    UpgradePhase = apps.get_model("campaigns", "UpgradePhase")
    slugs = set()
    for part in UpgradeGuild.objects.filter(phase__campaign_id=campaign_id).values("drafted", "bought"):
        slugs |= {str(s) for s in [*(part["drafted"] or []), *(part["bought"] or [])]}
    drafts = json.dumps(list(UpgradePhase.objects.filter(campaign_id=campaign_id).values_list("draft", flat=True)))
    return slugs, drafts


def _used_by(apps, card):
    InventoryCard = apps.get_model("campaigns", "InventoryCard")
    UpgradeGuild = apps.get_model("campaigns", "UpgradeGuild")
    UpgradePhase = apps.get_model("campaigns", "UpgradePhase")
    users = set(InventoryCard.objects.filter(card=card).values_list("guild__campaign_id", flat=True))
    quoted = json.dumps(card.slug)
    for campaign_id, drafted, bought in UpgradeGuild.objects.filter(
        phase__campaign__edition_id=card.edition_id
    ).values_list("phase__campaign_id", "drafted", "bought"):
        if card.slug in [*(drafted or []), *(bought or [])]:
            users.add(campaign_id)
    for campaign_id, draft in UpgradePhase.objects.filter(campaign__edition_id=card.edition_id).values_list(
        "campaign_id", "draft"
    ):
        if quoted in json.dumps(draft):
            users.add(campaign_id)
    return users


def _copy(card, campaign_id):
    values = {
        f.name: getattr(card, f.name)
        for f in card._meta.concrete_fields
        if f.name not in ("id", "campaign", "edition", "slug")
    }
    return type(card).objects.get_or_create(
        campaign_id=campaign_id, slug=card.slug, defaults={"edition_id": card.edition_id, **values}
    )[0]


def _repoint_foreign_holdings(apps):
    """Guilds holding a card row that belongs to another campaign get their own campaign's card."""
    InventoryCard = apps.get_model("campaigns", "InventoryCard")
    ContentOverride = apps.get_model("campaigns", "ContentOverride")
    UpgradeCard = apps.get_model("campaigns", "UpgradeCard")
    foreign = (
        InventoryCard.objects.filter(card__campaign__isnull=False)
        .exclude(card__campaign_id=models.F("guild__campaign_id"))
        .select_related("card", "guild__campaign")
    )
    for held in foreign:
        campaign, card = held.guild.campaign, held.card
        mine = UpgradeCard.objects.filter(campaign=campaign, slug=card.slug).first()
        if mine is None:
            target = card.slug.removesuffix(_mark(campaign))
            entry = ContentOverride.objects.filter(campaign=campaign, kind="upgrade-card", target=target).first()
            if entry is not None and {"name", "deck"} <= set(entry.fields):
                mine = UpgradeCard.objects.create(
                    campaign=campaign, edition_id=campaign.edition_id, slug=card.slug, **_columns(entry.fields)
                )
            else:
                mine = _copy(card, campaign.pk)
        held.card = mine
        held.save(update_fields=["card"])


def _cards_of_entries(apps):
    """Every entry of a card missing from the deck has its card, in its campaign, as it says."""
    ContentOverride = apps.get_model("campaigns", "ContentOverride")
    UpgradeCard = apps.get_model("campaigns", "UpgradeCard")
    entries = ContentOverride.objects.filter(kind="upgrade-card").select_related("campaign")
    for entry in entries:
        campaign = entry.campaign
        in_deck = UpgradeCard.objects.filter(
            edition_id=campaign.edition_id, campaign=None, slug=entry.target
        ).exists()
        if in_deck or not {"name", "deck"} <= set(entry.fields):
            continue
        UpgradeCard.objects.update_or_create(
            campaign=campaign,
            slug=f"{entry.target[:NEW_CARD_TARGET]}{_mark(campaign)}",
            defaults={"edition_id": campaign.edition_id, **_columns(entry.fields)},
        )


def _drop_unused_orphans(apps):
    """A typed card whose entry is gone and that nothing uses: no campaign's reads show it any more."""
    ContentOverride = apps.get_model("campaigns", "ContentOverride")
    InventoryCard = apps.get_model("campaigns", "InventoryCard")
    UpgradeCard = apps.get_model("campaigns", "UpgradeCard")
    for card in UpgradeCard.objects.filter(campaign__isnull=False).select_related("campaign"):
        mark = _mark(card.campaign)
        if not card.slug.endswith(mark):
            continue
        target = card.slug.removesuffix(mark)
        if ContentOverride.objects.filter(campaign=card.campaign, kind="upgrade-card", target=target).exists():
            continue
        if InventoryCard.objects.filter(card=card).exists():
            continue
        slugs, drafts = _listed(apps, card.campaign_id)
        if card.slug in slugs or json.dumps(card.slug) in drafts:
            continue
        card.delete()


def _move_legacy_cards(apps):
    """Cards typed in before they were kept per campaign: into the campaigns that use them."""
    InventoryCard = apps.get_model("campaigns", "InventoryCard")
    UpgradeCard = apps.get_model("campaigns", "UpgradeCard")
    for card in UpgradeCard.objects.filter(campaign=None, source__startswith=LEGACY_SOURCE):
        users = sorted(_used_by(apps, card))
        if not users:
            card.delete()
            continue
        for campaign_id in users[1:]:
            mine = _copy(card, campaign_id)
            InventoryCard.objects.filter(card=card, guild__campaign_id=campaign_id).update(card=mine)
        card.campaign_id = users[0]
        card.save(update_fields=["campaign"])


def forwards(apps, schema_editor):
    _repoint_foreign_holdings(apps)
    _cards_of_entries(apps)
    _drop_unused_orphans(apps)
    _move_legacy_cards(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0015_event_message_from_summary"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="upgradecard",
            name="upgrade_card_unique_slug",
        ),
        migrations.AddConstraint(
            model_name="upgradecard",
            constraint=models.UniqueConstraint(
                condition=models.Q(("campaign__isnull", True)),
                fields=("edition", "slug"),
                name="upgrade_card_unique_slug",
            ),
        ),
        migrations.AddConstraint(
            model_name="upgradecard",
            constraint=models.UniqueConstraint(
                condition=models.Q(("campaign__isnull", False)),
                fields=("campaign", "slug"),
                name="upgrade_card_unique_own_slug",
            ),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
