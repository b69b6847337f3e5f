"""Cards a guild drafted at the table and enters on its phone: chosen from the campaign's deck, or, for a
card missing from it, typed in with its cost as the campaign's own content (never the edition's, F4)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaigns.errors import refuse
from campaigns.models import Campaign, OverrideKind, UpgradeCard
from campaigns.selectors.overrides import (
    campaign_cards,
    clean_override_fields,
    own_card_slug,
    own_card_suffix,
    typed_card_target,
)
from campaigns.services.history import Changes
from campaigns.services.overrides import override_put


def typed_card(changes: Changes, campaign: Campaign, actor: Any, *, level: int, entry: Any) -> str:
    """The slug of the card an entry names: {"card": slug} from the deck, or {"name", "cost", "code"}."""
    deck = f"level-{level}"
    cards = [c for c in campaign_cards(campaign) if c.deck == deck]
    if isinstance(entry, dict) and entry.get("card"):
        chosen = next((c for c in cards if c.slug == entry["card"]), None)
        if chosen is None:
            refuse(
                "cards",
                _("%(card)s is not a card of the level %(level)s deck.")
                % {"card": repr(entry["card"]), "level": level},
            )
        return chosen.slug
    if not isinstance(entry, dict) or not str(entry.get("name") or "").strip():
        refuse(
            "cards", _("Choose each card from the deck, or type the name and cost of one missing from it.")
        )
    name, code = str(entry["name"]).strip(), str(entry.get("code") or "").strip()
    cost = entry.get("cost")
    target = typed_card_target(name)
    same = next((c for c in cards if (code and c.code == code) or typed_card_target(c.name) == target), None)
    if same is not None:
        return _known(changes, campaign, actor, same, cost)
    if cost is None:
        refuse("cards", _("%(name)s: give its cost, so the guild can buy it.") % {"name": name})
    elsewhere = next((c for c in campaign_cards(campaign) if typed_card_target(c.name) == target), None)
    if elsewhere is not None:
        refuse(
            "cards",
            _(
                "%(name)s: %(elsewhere)s is already a card of the %(deck)s deck; give this card another "
                "name, or correct that one on the campaign's content page."
            )
            % {"name": name, "elsewhere": repr(elsewhere.name), "deck": elsewhere.get_deck_display()},
        )
    fields = {"name": name, "deck": deck, "cost": cost, **({"code": code} if code else {})}
    fields = clean_override_fields(OverrideKind.UPGRADE_CARD, fields)
    override_put(changes, campaign, actor, kind=OverrideKind.UPGRADE_CARD, target=target, fields=fields)
    return own_card_slug(campaign, target)


def _known(changes: Changes, campaign: Campaign, actor: Any, card: UpgradeCard, cost: Any) -> str:
    """A card the deck holds: a cost it lacks becomes the campaign's; a different cost is refused."""
    if cost is None or cost == card.cost:
        return card.slug
    if card.cost is not None:
        refuse(
            "cards",
            _(
                "%(card)s costs %(cost)s in the deck. If the deck is wrong, correct the card on the "
                "campaign's content page."
            )
            % {"card": card.name, "cost": card.cost},
        )
    fields = clean_override_fields(OverrideKind.UPGRADE_CARD, {"cost": cost})
    target = card.slug if card.campaign_id is None else card.slug.removesuffix(own_card_suffix(campaign))
    override_put(changes, campaign, actor, kind=OverrideKind.UPGRADE_CARD, target=target, fields=fields)
    return card.slug
