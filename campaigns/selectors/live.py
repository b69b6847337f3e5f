"""Reads of the scenario tracked live: counters, quests, and the results it would record now."""

from __future__ import annotations

from typing import Any

from campaigns.models import Campaign, Guild, Quest, ScenarioPlay
from campaigns.selectors.campaigns import live_play
from rules_helpers import scoring


def quest_choices(
    play: ScenarioPlay, guild: Guild, *, pve: dict[str, str] | None = None, guilds: list[Guild] | None = None
) -> dict[str, str]:
    """The quests this guild can complete here: the scenario's PvE quests and one PvP per other guild.
    A caller listing every guild passes the quests and guilds in, so they are read once."""
    choices = dict(pve) if pve is not None else {q.slug: q.name for q in play.scenario.quests.all()}
    others = guilds if guilds is not None else list(play.campaign.guilds.select_related("colour"))
    for other in others:
        if other.pk != guild.pk:
            choices[scoring.pvp_quest(other.colour.slug)] = f"Kill a hero of the {other.colour.name} guild"
    return choices


def results_draft(play: ScenarioPlay) -> list[dict[str, Any]]:
    """The results the sheet would record now: coins plus 1 per quest and the treasure, titles, rewards."""
    quests = {q.slug: q for q in play.scenario.quests.select_related("reward_card")}
    title_quests = {slug for slug, q in quests.items() if q.gives == Quest.Gives.TITLE}
    title = getattr(play.scenario, "title", None)
    awarded_to = title.awarded_to if title is not None else scoring.TITLE_TO_ALL
    lines = []
    for result in play.results.select_related("guild__colour").prefetch_related("heroes__hero__hero"):
        done = [quests[q] for q in result.quests if q in quests]
        heroes = list(result.heroes.all())
        lines.append(
            {
                "guild": result.guild.colour.slug,
                "winner": result.winner,
                "coins": scoring.scenario_coins(result.coins, len(result.quests), result.treasure),
                "treasure": result.treasure,
                "title": scoring.title_won(
                    result.guild.colour.slug,
                    result.quests,
                    title_quests=title_quests,
                    quest_log=play.quest_log,
                    title_awarded_to=awarded_to,
                ),
                "angel": any(q.gives == Quest.Gives.ANGEL for q in done),
                "reward_cards": [
                    {"card": q.reward_card.slug, "hero": heroes[0].hero.hero.slug if heroes else None}
                    for q in done
                    if q.gives == Quest.Gives.REWARD and q.reward_card_id
                ],
                "quests": list(result.quests),
                "heroes": [
                    {"hero": h.hero.hero.slug, "deaths": h.deaths, "damnation": h.damnation} for h in heroes
                ],
            }
        )
    return lines


def live_state(campaign: Campaign) -> dict[str, Any] | None:
    """What the live tracker shows: counters per guild and hero, quests, and the pre-filled results."""
    play = live_play(campaign)
    if play is None:
        return None
    results = list(play.results.select_related("guild__colour").prefetch_related("heroes__hero__hero"))
    pve = {q.slug: q.name for q in play.scenario.quests.all()}
    guilds = [r.guild for r in results]
    return {
        "number": play.number,
        "scenario": play.scenario.slug,
        "name": play.scenario.name,
        "level": play.level,
        "quest_log": play.quest_log,
        "guilds": [
            {
                "guild": r.guild.colour.slug,
                "coins": r.coins,
                "treasure": r.treasure,
                "quests": r.quests,
                "winner": r.winner,
                "quest_choices": quest_choices(play, r.guild, pve=pve, guilds=guilds),
                "heroes": [
                    {"hero": h.hero.hero.slug, "deaths": h.deaths, "damnation": h.damnation}
                    for h in r.heroes.all()
                ],
            }
            for r in results
        ],
        "results_draft": results_draft(play),
    }
