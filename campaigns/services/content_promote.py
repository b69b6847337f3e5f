"""A site admin promotes a group's content pack into the edition, after review: every campaign then sees it.

Only the admin (an admin action) and the `promote_content` command call this; members never reach it, so a
campaign's entries stay its own until someone who runs the site has looked at them.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.errors import refuse, rule_of
from campaigns.models import (
    Edition,
    Monster,
    MonsterLevelCard,
    OverrideKind,
    Scenario,
    SpawnPair,
    UpgradeCard,
)
from campaigns.selectors.overrides import RECORDS_BY_SLUG, clean_pack_records, edition_cards
from campaigns.services.content import content_version_bump
from rules_helpers.spawn import check_pairs_on_tokens

PROMOTED = "a group's content pack, promoted by the site admin"
# Scenario text a pack may carry that has no column of its own: kept in the setup notes.
SCENARIO_TEXT = ("quests", "monsters")


def _stamp(record: Any, verified_on: Any) -> None:
    record.source = (f"{record.source}; {PROMOTED}" if record.source else PROMOTED)[:200]
    record.verified = verified_on is not None


def _level_card(edition: Edition, target: str, fields: dict[str, Any], verified_on: Any) -> None:
    slug, _, label = target.partition("/")
    monster = Monster.objects.get(edition=edition, slug=slug)
    labels = list(edition.level_labels)
    card, _ = MonsterLevelCard.objects.get_or_create(
        monster=monster, label=label, defaults={"order": labels.index(label) + 1 if label in labels else 1}
    )
    _apply(card, fields, verified_on)


def _apply(record: Any, fields: dict[str, Any], verified_on: Any) -> None:
    for name, value in fields.items():
        setattr(record, name, value)
    _stamp(record, verified_on)
    record.full_clean(validate_unique=False, validate_constraints=False)
    record.save()


def _card(edition: Edition, target: str, fields: dict[str, Any], verified_on: Any) -> None:
    card = edition_cards(edition).filter(slug=target).first()
    if card is None:
        card = UpgradeCard(edition=edition, slug=target)
    elif "deck" in fields:
        fields = {k: v for k, v in fields.items() if k != "deck"}
    _apply(card, fields, verified_on)


def _scenario(edition: Edition, target: str, fields: dict[str, Any], verified_on: Any) -> None:
    scenario = Scenario.objects.get(edition=edition, slug=target)
    notes = [f"{name.capitalize()}: {fields[name]}" for name in SCENARIO_TEXT if fields.get(name)]
    columns = {k: v for k, v in fields.items() if k not in SCENARIO_TEXT}
    if notes:
        columns["setup_notes"] = "\n".join(
            [columns.get("setup_notes") or scenario.setup_notes, *notes]
        ).strip()
    _apply(scenario, columns, verified_on)


@transaction.atomic
def content_pack_promote(*, document: Any) -> int:
    """Lay a content pack's records into its edition (all or nothing); returns how many."""
    edition = Edition.objects.filter(
        slug=document.get("edition") if isinstance(document, dict) else None
    ).first()
    if edition is None:
        refuse("edition", _("The pack names no edition of this installation."))
    records = clean_pack_records(document, edition)
    for record in records:
        kind, target, fields, verified_on = (record[k] for k in ("kind", "target", "fields", "verified_on"))
        if kind == OverrideKind.MONSTER_LEVEL:
            _level_card(edition, target, fields, verified_on)
        elif kind == OverrideKind.UPGRADE_CARD:
            _card(edition, target, fields, verified_on)
        elif kind != OverrideKind.SCENARIO:
            # A monster, a hero, a Death Curse, a die or a Spawn pair: a record named by its slug, its
            # columns set as entered.
            model = RECORDS_BY_SLUG[kind][0]
            _apply(model.objects.get(edition=edition, slug=target), fields, verified_on)
        else:
            _scenario(edition, target, fields, verified_on)
    if any(record["kind"] == OverrideKind.SPAWN_PAIR for record in records):
        # The edition's pairs on a token, once the pack is in: no more than the box's tokens (RB p5).
        with rule_of("records"):
            check_pairs_on_tokens(SpawnPair.objects.filter(edition=edition, has_token=True).count())
    content_version_bump()
    return len(records)
