"""The Campaign Sheet as data: what the API returns, the pages show and the PDF prints.

Built from one prefetched campaign (`campaign_for_sheet`), so it costs the same queries at any size. The
snapshot is the same for every reader (so it can be kept, see `sheet_cache`); `sheet_for_reader` adds what
depends on who reads: the role, which guilds they may edit, and the share link for the owner.
"""

from __future__ import annotations

from typing import Any

from campaigns.access import Access
from campaigns.history_text import content_names
from campaigns.models import (
    Campaign,
    ContentOverride,
    Guild,
    GuildHero,
    HeroCurse,
    OverrideKind,
    ScenarioPlay,
)
from campaigns.selectors.campaigns import (
    allowed_next_scenarios,
    angels_lost_to_underlord,
    live_play,
    next_chooser,
    play_achievements,
    reachable_scenarios,
    recommended_first_scenario,
    recorded_plays,
)
from campaigns.selectors.confidence import entry_confidence
from campaigns.selectors.seating import next_seating, play_seating
from rules_helpers import achievements as rules_achievements
from rules_helpers import editions
from rules_helpers import episodic as rules_episodic
from rules_helpers.achievements import ACHIEVEMENTS


def _hero(gh: GuildHero, slots: int, entered: Entered) -> dict[str, Any]:
    cards = {c.slot: c for c in gh.cards.all()}
    curse = getattr(gh, "curse", None)
    covered = curse.slot if curse is not None else None
    renamed = entered.renamed
    own = entered.get(OverrideKind.HERO, gh.hero.slug)
    numbers = own.fields if own is not None else {}
    return {
        "hero": gh.hero.slug,
        **content_names(gh.hero),
        "defense": numbers.get("defense", gh.hero.defense),
        "life": numbers.get("life", gh.hero.life),
        "sure": entry_confidence(gh.hero, own),
        "is_angel": gh.hero.is_angel,
        # The ability's own words (a paraphrase; a disagreement between sources is said in it).
        "ability_name": gh.hero.ability_name,
        "ability": gh.hero.ability,
        "position": gh.position,
        "fielded": gh.fielded,
        "retired": gh.retired,
        "slots": [
            {"slot": n, "card": _card(cards.get(n), renamed), "covered_by_curse": covered == n}
            for n in range(1, slots + 1)
        ],
        # Cards bought in an upgrade phase with no free slot wait here until they are moved or discarded.
        "overflow": [_card(cards[n], renamed) for n in sorted(cards) if n > slots],
        "curse": None
        if curse is None
        else _curse(curse, entered.get(OverrideKind.DEATH_CURSE, curse.curse.slug)),
    }


def _curse(curse: HeroCurse, own: ContentOverride | None) -> dict[str, Any]:
    return {
        "code": curse.curse.code,
        **content_names(curse.curse),
        "value": (own.fields if own is not None else {}).get("value", curse.curse.value),
        "sure": entry_confidence(curse.curse, own),
        "takes_slot": curse.curse.takes_slot,
        "slot": curse.slot,
        "from_incomplete_deck": curse.from_incomplete_deck,
    }


def _card(item: Any, renamed: Renamed) -> dict[str, Any] | None:
    if item is None:
        return None
    # A card's name or code as the campaign corrected it (its own content), over the edition's.
    entry = renamed.get(item.card.slug, {}) if item.card.campaign_id is None else {}
    code, name = entry.get("code", item.card.code), entry.get("name", item.card.name)
    return {"id": item.pk, "slug": item.card.slug, "code": code, **content_names(item.card, name)}


Renamed = dict[str, dict[str, Any]]


class Entered:
    """The campaign's own content (prefetched by `campaign_for_sheet`): its overrides by kind and target, and
    its cards' corrected names and codes."""

    def __init__(self, campaign: Campaign) -> None:
        self.by_key = {(o.kind, o.target): o for o in campaign.content_overrides.all()}
        self.renamed: Renamed = {
            t: o.fields for (k, t), o in self.by_key.items() if k == OverrideKind.UPGRADE_CARD
        }

    def get(self, kind: str, target: str) -> ContentOverride | None:
        return self.by_key.get((kind, target))


def _titles(guild: Guild, plays: list[ScenarioPlay], reachable: frozenset[str]) -> list[dict[str, Any]]:
    if not rules_episodic.carries_consequences(episodic=guild.campaign.mode == Campaign.Mode.EPISODIC):
        return []  # GF:298: an episodic game's Title is not kept.
    titles = []
    for play in plays:
        title = getattr(play.scenario, "title", None)
        if title is None or not any(r.won_title and r.guild_id == guild.pk for r in play.results.all()):
            continue
        upcoming = sorted(s.slug for s in title.benefits.all() if s.slug in reachable)
        titles.append(
            {
                "slug": title.slug,
                **content_names(title),
                "scenario": play.scenario.slug,
                "benefits": upcoming,
            }
        )
    return titles


def _guild(
    guild: Guild, plays: list[ScenarioPlay], reachable: frozenset[str], entered: Entered
) -> dict[str, Any]:
    heroes = list(guild.heroes.all())
    slots = guild.campaign.edition.slots_per_hero
    return {
        "colour": guild.colour.slug,
        **content_names(guild.colour),
        "animal": guild.colour.animal,
        "seat": guild.seat,
        "player": guild.player.get_username() if guild.player_id else None,
        "player_name": guild.player_name,
        "revision": guild.revision,
        "editable": False,
        "saved_coins": guild.saved_coins,
        "card_count": sum(len(h.cards.all()) for h in heroes),
        "heroes": [_hero(h, slots, entered) for h in heroes],
        "angels": [h.hero.slug for h in heroes if h.hero.is_angel],
        "titles": _titles(guild, plays, reachable),
    }


def _play(play: ScenarioPlay, guilds: dict[int, Guild]) -> dict[str, Any]:
    achievements = play_achievements(play, guilds)
    return {
        "number": play.number,
        "scenario": play.scenario.slug,
        **content_names(play.scenario),
        "circle": play.scenario.circle.slug,
        "level": play.level,
        "chosen_by": guilds[play.chosen_by_id].colour.slug if play.chosen_by_id in guilds else None,
        "seating": play_seating(play),
        "results": [_result(r, guilds) for r in play.results.all()],
        "achievements": {kind: sorted(achievements[kind]) for kind in ACHIEVEMENTS},
    }


def _result(result: Any, guilds: dict[int, Guild]) -> dict[str, Any]:
    heroes = list(result.heroes.all())
    return {
        "guild": guilds[result.guild_id].colour.slug,
        "winner": result.winner,
        "coins": result.coins,
        "treasure": result.treasure,
        "title": result.won_title,
        "angel": result.won_angel,
        "reward_cards": result.reward_cards,
        "quests": result.quests,
        "deaths": sum(h.deaths for h in heroes),
        "damnation": sum(h.damnation for h in heroes),
        "heroes": [{"hero": h.hero.hero.slug, "deaths": h.deaths, "damnation": h.damnation} for h in heroes],
    }


def _circles(campaign: Campaign, plays: list[ScenarioPlay]) -> list[dict[str, Any]]:
    order = {p.scenario_id: p.number for p in plays}
    return [
        {
            "slug": c.slug,
            **content_names(c),
            "order": c.order,
            "play": c.play,
            "exclusive_group": c.exclusive_group,
            "scenarios": [
                {
                    "slug": s.slug,
                    **content_names(s),
                    "played_as": order.get(s.pk),
                }
                for s in c.scenarios.all()
            ],
        }
        for c in campaign.edition.circles.all()
    ]


def campaign_finale(campaign: Campaign) -> rules_achievements.Finale | None:
    """Medals, council seat and Ultimate Arcadian, recomputed from the sheet (never stored); None before the
    finale and for an edition without that finale (base Arcadia Quest, BR:260-261)."""
    if campaign.finished_at is None or not editions.has_medal_finale(campaign.edition.slug):
        return None
    guilds = {g.pk: g for g in campaign.guilds.all()}
    scenarios = [play_achievements(p, guilds) for p in recorded_plays(campaign)]
    savior = guilds[campaign.savior_id].colour.slug if campaign.savior_id in guilds else None
    return rules_achievements.campaign_finale(
        scenarios, guilds=[g.colour.slug for g in guilds.values()], savior=savior
    )


def savior_candidates(campaign: Campaign, plays: list[ScenarioPlay]) -> list[str]:
    """The guilds the last scenario's quests show killing the Underlord (M7): pre-fills and checks the
    Savior (rules_helpers.achievements.savior_candidates); empty before the last scenario."""
    if len(plays) < campaign.edition.scenarios_per_campaign or not editions.has_medal_finale(
        campaign.edition.slug
    ):
        return []
    last = plays[-1]
    guilds = {g.pk: g.colour.slug for g in campaign.guilds.all()}
    pve = {q.slug for q in last.scenario.quests.all()}
    return rules_achievements.savior_candidates(
        {guilds[r.guild_id]: r.quests for r in last.results.all()}, pve
    )


def game_winner(campaign: Campaign, plays: list[ScenarioPlay]) -> str | None:
    """The winner of the whole game, where the edition names one (base: the last scenario's, BR:260-261)."""
    if campaign.mode != Campaign.Mode.CAMPAIGN:
        return None
    guilds = {g.pk: g.colour.slug for g in campaign.guilds.all()}
    winners = [guilds[r.guild_id] for p in plays for r in p.results.all() if r.winner]
    return editions.game_winner(
        campaign.edition.slug, winners, campaign_scenarios=campaign.edition.scenarios_per_campaign
    )


def _finale(campaign: Campaign, plays: list[ScenarioPlay]) -> dict[str, Any] | None:
    if campaign.finished_at is None:
        return None
    kind = editions.edition_rules(campaign.edition.slug).finale
    finale = campaign_finale(campaign)
    if finale is None:
        return {
            "kind": kind,
            "game_winner": game_winner(campaign, plays),
            "medals": {name: [] for name in ACHIEVEMENTS},
            "council": [],
            "savior": None,
            "ultimate_arcadian": [],
        }
    return {
        "kind": kind,
        "game_winner": None,
        "medals": {kind: sorted(holders) for kind, holders in finale.medals.items()},
        "council": sorted(finale.council),
        "savior": finale.savior,
        "ultimate_arcadian": sorted(finale.ultimate_arcadian),
    }


def _live_summary(campaign: Campaign) -> dict[str, Any] | None:
    play = live_play(campaign)
    return (
        None
        if play is None
        else {"number": play.number, "scenario": play.scenario.slug, **content_names(play.scenario)}
    )


def sheet_snapshot(campaign: Campaign) -> dict[str, Any]:
    """The sheet as every reader sees it, with each guild's player kept aside for `sheet_for_reader`;
    `campaign` must come from `campaign_for_sheet`."""
    guilds = {g.pk: g for g in campaign.guilds.all()}
    plays = recorded_plays(campaign)
    reachable = reachable_scenarios(campaign)
    winner = next_chooser(campaign)
    entered = Entered(campaign)
    sheet = {
        "id": campaign.pk,
        "name": campaign.name,
        "edition": campaign.edition.slug,
        "mode": campaign.mode,
        "owner": campaign.owner.get_username(),
        "role": None,
        "revision": campaign.revision,
        "history_seq": campaign.history_seq,
        "share_token": None,
        "guilds": [_guild(g, plays, reachable, entered) for g in guilds.values()],
        "plays": [_play(p, guilds) for p in plays],
        "circles": _circles(campaign, plays),
        "allowed_next": sorted(allowed_next_scenarios(campaign)) if campaign.finished_at is None else [],
        "next_scenario": campaign.next_scenario.slug if campaign.next_scenario_id else None,
        "next_chooser": winner.colour.slug if winner else None,
        "recommended_first": recommended_first_scenario(campaign),
        "seating": next_seating(campaign),
        "angels_lost": angels_lost_to_underlord(campaign),
        "live": _live_summary(campaign),
        "finished": campaign.finished_at is not None,
        "finale": _finale(campaign, plays),
        "game_winner": game_winner(campaign, plays),
        "has_damnation": editions.edition_rules(campaign.edition.slug).damnation,
        "finale_kind": editions.edition_rules(campaign.edition.slug).finale,
        "savior_candidates": savior_candidates(campaign, plays),
    }
    return {"sheet": sheet, "guilds": [(g.pk, g.player_id) for g in guilds.values()]}


def sheet_reader(snapshot: dict[str, Any], access: Access) -> Access:
    """The reader, knowing from the snapshot which guilds they play (no query)."""
    return access.knowing_guilds(dict(snapshot["guilds"]))


def sheet_for_reader(snapshot: dict[str, Any], access: Access) -> dict[str, Any]:
    """The sheet for one reader: their role, the guilds they may edit, the share link for the owner."""
    reader = sheet_reader(snapshot, access)
    sheet = snapshot["sheet"]
    guilds = [
        {**guild, "editable": reader.is_member and (reader.is_owner or pk in reader.guild_ids)}
        for guild, (pk, _) in zip(sheet["guilds"], snapshot["guilds"], strict=True)
    ]
    return {
        **sheet,
        "role": access.role,
        "share_token": access.campaign.share_token if access.is_owner else None,
        "guilds": guilds,
    }


def campaign_sheet_data(campaign: Campaign, access: Access) -> dict[str, Any]:
    """The sheet for one reader; `campaign` must come from `campaign_for_sheet`."""
    return sheet_for_reader(sheet_snapshot(campaign), access)
