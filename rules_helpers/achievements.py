"""Campaign Sheet achievements and the finale's Medals (rulebook p.32-34).

After each scenario the sheet records, per Guild: Winner, Least Deaths (fewest Death tokens; Damnation is
ignored), Most Coins (earned in the scenario, before spending), Won Reward (a Reward card or an Angel) and
Won Title. Ties share an achievement. At the end, each achievement type's Medal goes to the Guild(s) that
earned it most often; the Guild(s) with most Medals take a Guild Council seat (Power Behind the Throne); the
Savior of Arcadia kills the Underlord, and is the Ultimate Arcadian if it also holds a Council seat.
"""

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rules_helpers.box import CAMPAIGN_SCENARIOS
from rules_helpers.counts import check_count
from rules_helpers.refusals import RuleError
from rules_helpers.scoring import check_guilds_once, check_one_winner

ACHIEVEMENTS = ("winner", "least_deaths", "most_coins", "won_reward", "won_title")


@dataclass(frozen=True)
class GuildResult:
    """One Guild's line on the Campaign Sheet for one scenario."""

    guild: str
    winner: bool = False
    deaths: int = 0
    coins: int = 0
    won_reward: bool = False
    won_title: bool = False

    def __post_init__(self) -> None:
        check_count("Death tokens of guild %(guild)s", self.deaths, guild=repr(self.guild))
        check_count("coins earned by guild %(guild)s", self.coins, guild=repr(self.guild))


@dataclass(frozen=True)
class Finale:
    medals: dict[str, frozenset[str]]
    council: frozenset[str]
    savior: str | None
    ultimate_arcadian: frozenset[str]


def scenario_achievements(results: Sequence[GuildResult]) -> dict[str, frozenset[str]]:
    """Which Guilds earned each achievement in one scenario (every key present, possibly empty)."""
    _check_results(results)
    fewest = min(result.deaths for result in results)
    most = max(result.coins for result in results)
    return {
        "winner": frozenset(r.guild for r in results if r.winner),
        "least_deaths": frozenset(r.guild for r in results if r.deaths == fewest),
        "most_coins": frozenset(r.guild for r in results if r.coins == most),
        "won_reward": frozenset(r.guild for r in results if r.won_reward),
        "won_title": frozenset(r.guild for r in results if r.won_title),
    }


def campaign_finale(
    scenarios: Sequence[Mapping[str, frozenset[str]]],
    *,
    guilds: Sequence[str],
    savior: str | None,
    campaign_scenarios: int = CAMPAIGN_SCENARIOS,
) -> Finale:
    """Medals, Council seats and the Ultimate Arcadian from the scenarios' achievements."""
    _check_finale(scenarios, guilds, savior, campaign_scenarios)
    medals = {kind: _most_often(scenarios, kind) for kind in ACHIEVEMENTS}
    council = _most_medals(medals)
    ultimate = frozenset({savior}) if savior in council else frozenset()
    return Finale(medals, council, savior, ultimate)


def _most_often(scenarios: Sequence[Mapping[str, frozenset[str]]], kind: str) -> frozenset[str]:
    earned = Counter(guild for scenario in scenarios for guild in scenario.get(kind, ()))
    return _top(earned)


def _most_medals(medals: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The Guilds that get a Guild Council seat ("Power Behind the Throne"): the most Medals.

    U3, a tie for the most Medals. Source: GF:296 "Guild with the most Medals gets a Guild Council seat"
    (RB p33, past RB:1326, is not in the seed); RB:1323-1325 settle ties for Medals ("all tied Guilds win the
    associated Medal") but the seat's text is missing. Decision: every Guild tied for the most Medals gets a
    seat, as the rulebook does for Medals; no Medals at all gives no seat.
    """
    return _top(Counter(guild for holders in medals.values() for guild in holders))


def _top(counts: Counter[str]) -> frozenset[str]:
    # Nobody gets a medal (or a seat) for earning something zero times.
    best = max(counts.values(), default=0)
    return frozenset(guild for guild, count in counts.items() if count == best) if best else frozenset()


def _check_results(results: Sequence[GuildResult]) -> None:
    check_guilds_once([result.guild for result in results])
    check_one_winner(sum(result.winner for result in results))


def _check_finale(
    scenarios: Sequence[Mapping[str, frozenset[str]]],
    guilds: Sequence[str],
    savior: str | None,
    campaign_scenarios: int,
) -> None:
    if len(set(guilds)) != len(guilds):
        raise ValueError("each Guild plays the campaign once, but a Guild is listed twice")
    if savior is not None and savior not in guilds:
        raise ValueError(f"the Savior of Arcadia must be one of the campaign's Guilds, not {savior!r}")
    if len(scenarios) > campaign_scenarios:
        raise ValueError(f"a campaign has {campaign_scenarios} scenarios, not {len(scenarios)}")
    for number, scenario in enumerate(scenarios, start=1):
        _check_scenario(number, scenario, set(guilds))


def _check_scenario(number: int, scenario: Mapping[str, frozenset[str]], guilds: set[str]) -> None:
    unknown = sorted(set(scenario) - set(ACHIEVEMENTS))
    if unknown:
        raise ValueError(
            f"scenario {number} has unknown achievement(s) {unknown}; known: {list(ACHIEVEMENTS)}"
        )
    strangers = sorted({guild for holders in scenario.values() for guild in holders} - guilds)
    if strangers:
        raise ValueError(f"scenario {number} names Guild(s) {strangers} that are not in the campaign")
    try:
        check_one_winner(len(scenario.get("winner", ())))
    except ValueError as refused:
        raise ValueError(f"scenario {number}: {refused}") from None


def savior_candidates(
    final_quests: Mapping[str, Collection[str]], underlord_quests: Collection[str]
) -> list[str]:
    """The Guilds that can be the Savior of Arcadia: those whose results in the last scenario show its PvE
    quest, the Underlord's kill (Hit Rock Bottom's "Kill Rock Bottom"). RB:1328-1334: the Savior is the Guild
    that "dealt the killing blow" to the Underlord. Empty when the results record no such quest (recorded by
    hand without quests), and then the table's word stands."""
    return sorted(g for g, quests in final_quests.items() if any(q in underlord_quests for q in quests))


def check_savior(savior: str | None, candidates: Collection[str]) -> None:
    """The Savior recorded agrees with the last scenario's quests, when they name one (RB:1328-1334)."""
    if candidates and savior not in candidates:
        raise RuleError(
            "The last scenario's quests show the Underlord killed by %(guilds)s; "
            "the Savior of Arcadia is the guild that dealt the killing blow.",
            guilds=", ".join(sorted(candidates)),
        )
