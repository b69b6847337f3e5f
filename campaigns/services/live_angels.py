"""An Angel rescued in the scenario being played, swapped in at once for one of the guild's 3 Heroes.

The rule (who may swap, when) is `rules_helpers.roster.check_live_angel_swap` (GF:174-175). The Angel joins
the guild's roster at the swap (it would otherwise join when the scenario is recorded); the Hero it replaces
stays on the roster, out of the field, and its live line keeps the Death tokens it took before the swap.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.access import Access, require_guild_editor
from campaigns.errors import refuse, rule_of
from campaigns.history_text import names_of
from campaigns.models import (
    Campaign,
    Event,
    Guild,
    GuildHero,
    HeroCurse,
    HeroResult,
    InventoryCard,
    PlayResult,
    ScenarioPlay,
)
from campaigns.selectors.campaigns import guild_hero, is_undone, live_play
from campaigns.selectors.live import rescued_angel_quests
from campaigns.selectors.snapshots import TRACKED, find_row, snapshot
from campaigns.services.history import Changes, event_record, inverse_changes
from campaigns.services.revisions import claim_guild_revision
from rules_helpers import episodic as rules_episodic
from rules_helpers.roster import check_live_angel_swap, check_swapped_for, swap_clears_curse

SWAP_KIND = "live-angel-swap"
# The rows a live swap changes beyond the scenario's own lines (which an abandon deletes anyway).
ROSTER_MODELS = frozenset({"campaigns.guildhero", "campaigns.inventorycard", "campaigns.herocurse"})


@transaction.atomic
def live_angel_swap(*, access: Access, actor: Any, guild: Guild, revision: Any, swap_for: Any) -> GuildHero:
    """The guild that just rescued this scenario's Angel swaps it in for one of its fielded heroes (GF:174):
    the Angel joins the roster fielded, takes the hero's cards and plays on with a fresh live line."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    campaign = access.campaign
    play = live_play(campaign)
    if play is None:
        refuse("swap_for", _("No scenario is being played; start one first."))
    result = PlayResult.objects.select_for_update().get(play=play, guild=guild)
    angel = play.scenario.angel
    with rule_of("swap_for"):
        check_live_angel_swap(
            rescued=angel is not None and bool(rescued_angel_quests(play) & set(result.quests)),
            on_roster=angel is not None and GuildHero.objects.filter(campaign=campaign, hero=angel).exists(),
            scenario_over=PlayResult.objects.filter(play=play, winner=True).exists(),
            carries_consequences=rules_episodic.carries_consequences(
                episodic=campaign.mode == Campaign.Mode.EPISODIC
            ),
        )
    leaving = guild_hero(guild, swap_for, "swap_for")
    with rule_of("swap_for"):
        check_swapped_for(
            fielded=leaving.fielded and not leaving.retired, is_the_angel=leaving.hero_id == angel.pk
        )
    changes = Changes()
    # The Angel's row comes first: undoing the swap takes its cards back before the row goes.
    position = GuildHero.objects.filter(guild=guild).count() + 1
    joined = changes.create(
        GuildHero, campaign=campaign, guild=guild, hero=angel, position=position, fielded=True
    )
    angel_swap(changes, joined, leaving)
    swap_live_line(changes, play, guild, joined)
    # The rescue is now on the guild's line: undoing the quest first would leave an angel nobody rescued.
    changes.update(result, won_angel=True)
    event_record(
        campaign=campaign,
        actor=actor,
        kind=SWAP_KIND,
        guild=guild,
        changes=changes,
        message="angel-swapped-in",
        params={"guild": names_of(guild.colour), "angel": names_of(angel), "leaving": names_of(leaving.hero)},
    )
    return joined


def angel_swap(changes: Changes, angel: GuildHero, leaving: GuildHero) -> None:
    """The swap itself (GF:175): the Hero's inventory passes to the Angel, which enters fresh (the Hero's
    Death Curse is removed, ``rules_helpers.roster.swap_clears_curse``); the Hero stays on the roster."""
    for card in InventoryCard.objects.filter(hero=leaving):
        changes.update(card, hero=angel)
    if swap_clears_curse():
        for curse in HeroCurse.objects.filter(hero=leaving):
            changes.delete(curse)
    changes.update(leaving, fielded=False)
    changes.update(angel, fielded=True)


def swap_live_line(changes: Changes, live: ScenarioPlay, guild: Guild, angel: GuildHero) -> None:
    """An angel swapped in mid-scenario plays on from here with a fresh line; the leaving hero's line keeps
    the Death tokens it took before the swap (``rules_helpers.roster.swap_clears_curse``)."""
    result = PlayResult.objects.get(play=live, guild=guild)
    if not HeroResult.objects.filter(result=result, hero=angel).exists():
        changes.create(HeroResult, result=result, hero=angel)


def revert_live_swaps(changes: Changes, campaign: Campaign, since: int) -> None:
    """Abandoning the live scenario takes its angel swaps back (the angel leaves the roster, the hero gets
    its cards and curse back), newest first; refused while a later change builds on a swap's roster rows
    (the scenario's own lines may have changed: the abandon deletes them anyway)."""
    swaps = Event.objects.filter(campaign=campaign, kind=SWAP_KIND, seq__gte=since).order_by("-seq")
    for event in swaps:
        if is_undone(event):
            continue
        roster = [c for c in event.changes if c["model"] in ROSTER_MODELS]
        joined = next(c["uid"] for c in roster if c["model"] == "campaigns.guildhero" and c["before"] is None)
        moved = {c["uid"] for c in roster if c["model"] == "campaigns.inventorycard"}
        added = InventoryCard.objects.filter(hero__uid=joined).exclude(uid__in=moved).exists()
        if added or HeroCurse.objects.filter(hero__uid=joined).exists() or not _in_place(campaign, roster):
            refuse(
                "scenario",
                _("Later changes build on #%(seq)s (%(summary)s); undo those first.")
                % {"seq": event.seq, "summary": event.summary},
            )
        changes.items.extend(inverse_changes(event).items)


def _in_place(campaign: Campaign, roster: list[dict[str, Any]]) -> bool:
    final = {(c["model"], c["uid"]): c for c in roster}
    for change in final.values():
        row = find_row(TRACKED[change["model"]], campaign, change["uid"])
        if (None if row is None else snapshot(row)) != change["after"]:
            return False
    return True
