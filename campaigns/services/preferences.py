"""A player's own choices, kept on their account (the language of the pages), and the table's remembered
Spawn tile for each scenario of a campaign."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.access import Access, require_member
from campaigns.errors import refuse
from campaigns.models import Preferences, SpawnSetup
from rules_helpers.box import SPAWN_TILE_SLOTS, SPAWN_TOKENS_IN_BOX

# The longest figure name kept (the spawn helper's form takes the same).
MAX_FIGURE_NAME = 40


@transaction.atomic
def preferences_language_set(*, user: Any, language: str) -> Preferences:
    preferences, _created = Preferences.objects.update_or_create(user=user, defaults={"language": language})
    return preferences


@transaction.atomic
def spawn_setup_save(
    *, access: Access, actor: Any, scenario: str, figures: list[str], tokens: list[tuple[str, str]]
) -> SpawnSetup:
    """Remember the group's Spawn tile and tokens for a scenario of the campaign (any member may; the last
    spawn wins). A preference of the table, not part of the campaign's state: no revision, no history."""
    require_member(access)
    if len(figures) > SPAWN_TILE_SLOTS:
        refuse("figures", _("The Spawn tile has %(slots)s slots.") % {"slots": SPAWN_TILE_SLOTS})
    if len(tokens) > SPAWN_TOKENS_IN_BOX:
        refuse("tokens", _("The box holds %(tokens)s Spawn tokens.") % {"tokens": SPAWN_TOKENS_IN_BOX})
    if any(not isinstance(name, str) or len(name) > MAX_FIGURE_NAME for name in figures):
        refuse("figures", _("A figure's name has at most %(most)s characters.") % {"most": MAX_FIGURE_NAME})
    if any(len(pair) != 2 or not all(isinstance(s, str) and len(s) <= 12 for s in pair) for pair in tokens):
        refuse("tokens", _("A Spawn token shows two symbols."))
    setup, _created = SpawnSetup.objects.update_or_create(
        campaign=access.campaign,
        scenario=scenario[:80],
        defaults={"figures": list(figures), "tokens": [list(pair) for pair in tokens]},
    )
    return setup
