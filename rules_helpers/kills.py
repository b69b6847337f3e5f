"""Kills and their coin rewards during a scenario.

Inferno rulebook p.18 "Kills and Rewards" (RB:671-696) and p.22 "Monster Tiers" (RB:958-970). Guilds are
slugs. A killer is the Guild whose Hero dealt the last Wound (RB:684-687), or None when a Monster, a trap or
any other game circumstance killed. A Monster's reward is the coins printed on its level card for the
scenario's level; None while that number is not in the content, and then no coin is made up: the payout
says it is missing.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from rules_helpers.box import HERO_KILL_COINS
from rules_helpers.refusals import RuleError
from rules_helpers.scoring import pvp_quest

MONSTER = "monster"
VILLAIN = "villain"
HERO = "hero"
VICTIMS = (MONSTER, VILLAIN, HERO)


@dataclass(frozen=True)
class Payout:
    """The coins each Guild gets for a kill; ``missing`` names a reward the content does not give yet."""

    coins: dict[str, int] = field(default_factory=dict)
    missing: str = ""
    unpaid: tuple[str, ...] = ()
    death_to: str | None = None


def kill_payout(
    victim: str,
    *,
    guilds: Sequence[str],
    killer: str | None,
    victim_guild: str | None = None,
    reward: int | None = None,
    wounded_by: Collection[str] = (),
    hero_coins: int = HERO_KILL_COINS,
) -> Payout:
    """Who gets coins for a kill.

    - A Monster (Minion) killed by a Hero: RB:677-678 "When a Hero kills a Monster, his Guild immediately gets
      the number of coins listed in that Monster's card" (``reward``, at the scenario's level, RB:925-926).
    - A Villain: RB:964-967 "Any Hero who manages to inflict a Wound on a Villain places one of his Guild
      tokens on that Villain's card. If that Villain is eventually killed, all Guilds that have a token on its
      card win the full Coin reward"; the killer wounded it too, so it is always paid.
    - A Hero killed by an enemy Hero: RB:679 "his Guild gets one coin"; by a Monster, a trap or anything
      else (``killer`` None): RB:680-682 "all the other Guilds each get one coin". Either way the killed Hero
      takes a Death token (RB:694-695, ``death_to`` names its Guild). A Hero killed by its own Guild pays
      nothing: the rule pays for an *enemy* Hero.
    """
    if victim not in VICTIMS:
        raise RuleError(
            "A kill is of a %(victims)s, not %(victim)s.", victims=", ".join(VICTIMS), victim=repr(victim)
        )
    unknown = [g for g in [killer, victim_guild, *wounded_by] if g is not None and g not in guilds]
    if unknown:
        raise RuleError("%(guild)s is not a guild in this scenario.", guild=repr(unknown[0]))
    if victim == HERO:
        if victim_guild is None:
            raise RuleError("Say whose hero was killed.")
        if killer is None:
            return Payout({g: hero_coins for g in guilds if g != victim_guild}, death_to=victim_guild)
        if killer == victim_guild:
            return Payout({}, death_to=victim_guild)
        return Payout({killer: hero_coins}, death_to=victim_guild)
    if killer is None:
        raise RuleError("A monster's reward goes to the guild whose hero dealt the last wound; say which.")
    paid = [killer] if victim == MONSTER else sorted({killer, *wounded_by}, key=list(guilds).index)
    if reward is None:
        return Payout(
            {}, missing="its coin reward at this level is not in the content yet", unpaid=tuple(paid)
        )
    return Payout({g: reward for g in paid})


def pvp_quest_fulfilled(
    victim: str, *, killer: str | None, victim_guild: str | None, completed: Collection[str] = ()
) -> str | None:
    """The PvP quest a kill fulfils for the killer's Guild, or None.

    BR:196 "PvP Quests relate to defeating the Heroes of the enemy Guilds"; BR:197 "as soon as a player
    accomplishes the task described in one of the Quest cards, he fulfills that Quest": killing a Hero of
    Guild X fulfils "Kill a Hero of Guild X" then and there (BR:217: the coin for the kill and the quest's
    First Bonus stack). Not again once done (BR:198 "only fulfill each Quest a single time per scenario";
    BR:218 a later kill earns only its coin), never for a Guild's own Hero (BR:208), nor for a kill by a
    Monster or a trap (RB:680-682: nobody's Hero made it).
    """
    if victim != HERO or killer is None or victim_guild is None or killer == victim_guild:
        return None
    quest = pvp_quest(victim_guild)
    return None if quest in completed else quest


def monsters_to_name(listed: Sequence[str], edition: Sequence[str]) -> tuple[list[str], bool]:
    """The Monsters a kill may name in a scenario, and whether they are the scenario's own list (N6).

    RB:677-678 pays the coins "listed in that Monster's card", so a kill names its Monster. The content lists
    each Inferno scenario's Monsters (the Campaign Book's setups, CB-PT); for base Arcadia Quest no source
    gives them (GF:245). Decision: where a scenario lists none, every Monster of the edition is offered, and
    the tracker says the list is the edition's, not the scenario's.
    """
    if listed:
        return list(listed), True
    return list(edition), False


VILLAIN_TIERS = frozenset({"minor-villain", "major-villain", "villain"})


def is_villain(tier: str) -> bool:
    """RB:958-960 "four tiers: Minor Minion, Major Minion, Minor Villain and Major Villain"; a Monster whose
    tier the content does not give yet ("") is paid as a Minion until the table says otherwise."""
    return tier in VILLAIN_TIERS
