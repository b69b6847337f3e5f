"""Monster Spawn (rulebook p.24 "Spawning Monsters").

Starting with the figure in the first slot of the Spawn tile, roll two Attack dice per figure (no rerolls, no
extra dice) and read them as an unordered pair. The figure goes to the Space of the Spawn token showing that
pair if that Space is Free (fewer than 2 characters); with no matching token, or a Full Space, it goes to
the box. The holder of the Ticket Scalper title chooses instead of rolling (see ``choose_spawn``).
"""

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from rules_helpers.box import ATTACK_FACES, SPACE_CAPACITY, SPAWN_TILE_SLOTS, SPAWN_TOKENS_IN_BOX
from rules_helpers.counts import is_whole_number
from rules_helpers.dice import check_faces
from rules_helpers.refusals import CountError, RuleError


@dataclass(frozen=True)
class SpawnToken:
    """A Spawn token on the board: its pair of Attack die symbols and how many characters its Space holds."""

    symbols: tuple[str, str]
    occupants: int = 0

    def __post_init__(self) -> None:
        # Tokens often come from JSON, where the pair is a list; keep the value hashable.
        object.__setattr__(self, "symbols", tuple(self.symbols))
        if len(self.symbols) != 2:
            raise RuleError(
                "a Spawn token shows a pair of symbols, not %(symbols)s", symbols=repr(self.symbols)
            )
        # Huge characters count as 2, so callers pass characters, not figures; a Space still holds 2 at most.
        if not is_whole_number(self.occupants, high=SPACE_CAPACITY):
            raise RuleError(
                "a Space holds 0 to %(most)s characters, not %(occupants)s",
                most=SPACE_CAPACITY,
                occupants=repr(self.occupants),
            )

    @property
    def pair(self) -> tuple[str, str]:
        return _pair(*self.symbols)

    @property
    def is_free(self) -> bool:
        return self.occupants < SPACE_CAPACITY


@dataclass(frozen=True)
class SpawnOutcome:
    """Where one figure of the Spawn tile went; ``token`` is None when no token matched (or, when chosen,
    when the figure was removed). ``roll`` is empty when the Ticket Scalper chose instead of rolling."""

    figure: str
    roll: tuple[str, ...]
    token: int | None
    placed: bool


def resolve_spawn(
    figures: Sequence[str],
    tokens: Sequence[SpawnToken],
    *,
    rng: random.Random,
    faces: Sequence[str] = ATTACK_FACES,
) -> list[SpawnOutcome]:
    """Roll a Spawn for each figure of the Spawn tile, in slot order."""
    faces = _check_spawn(figures, tokens, faces)
    by_pair = {token.pair: index for index, token in enumerate(tokens)}
    occupants = [token.occupants for token in tokens]
    outcomes = []
    for figure in figures:
        roll = (rng.choice(faces), rng.choice(faces))
        index = by_pair.get(_pair(*roll))
        placed = index is not None and occupants[index] < SPACE_CAPACITY
        if placed:
            occupants[index] += 1
        outcomes.append(SpawnOutcome(figure, roll, index, placed))
    return outcomes


def spawn_distribution(
    figures: Sequence[str], tokens: Sequence[SpawnToken], *, faces: Sequence[str] = ATTACK_FACES
) -> list[dict[int | None, float]]:
    """For each figure in slot order, the exact chance it is placed on each token (by index) or boxed (None).

    Later figures depend on earlier ones (a Space fills up), so this walks every reachable board state.
    """
    faces = _check_spawn(figures, tokens, faces)
    pair_odds = _pair_odds(faces)
    by_pair = {token.pair: index for index, token in enumerate(tokens)}
    states = {tuple(token.occupants for token in tokens): 1.0}
    result = []
    for _ in figures:
        where: dict[int | None, float] = dict.fromkeys([*range(len(tokens)), None], 0.0)
        after: dict[tuple[int, ...], float] = {}
        for occupants, p_state in states.items():
            for pair, p_pair in pair_odds.items():
                index = by_pair.get(pair)
                if index is not None and occupants[index] >= SPACE_CAPACITY:
                    index = None
                where[index] += p_state * p_pair
                key = occupants if index is None else _add_one(occupants, index)
                after[key] = after.get(key, 0.0) + p_state * p_pair
        result.append(where)
        states = after
    return result


def choose_spawn(
    figures: Sequence[str], tokens: Sequence[SpawnToken], choices: Sequence[int | None]
) -> list[SpawnOutcome]:
    """The Ticket Scalper's Spawn: per figure, in slot order, a free token's index or None to remove it."""
    _check_spawn(figures, tokens, ATTACK_FACES)
    if len(choices) != len(figures):
        raise RuleError(
            "the Ticket Scalper makes one choice per spawning figure: %(figures)s, not %(choices)s",
            figures=len(figures),
            choices=len(choices),
        )
    occupants = [token.occupants for token in tokens]
    outcomes = []
    for figure, index in zip(figures, choices, strict=True):
        if index is not None:
            _check_free_choice(index, occupants)
            occupants[index] += 1
        outcomes.append(SpawnOutcome(figure, (), index, index is not None))
    return outcomes


# What a Spawn roll showing a pair does (RB p24, GF:257): the figure goes to the Space of the token on the
# board showing that pair if it is Free, else to the box. Why it goes to the box depends on whether a Spawn
# token of the box shows the pair at all, which no rule we have prints (GF:257: NOT FOUND; a fan resolver,
# FAN-AQH, gives five of the six pairs) and a table may correct from its own tokens.
TO_TOKEN = "token"  # a token on the board shows the pair: its Space, if Free
TOKEN_OFF_BOARD = "off-board"  # a Spawn token shows it, but that token is not on the board: the box
TOKEN_IF_ON_BOARD = "if-on-board"  # a Spawn token shows it, the board not given: its Space if there and Free
NO_TOKEN = "no-token"  # no Spawn token shows it: the box, whatever the board
NOT_KNOWN = "not-known"  # not known whether a Spawn token shows it: the box unless the board shows one


@dataclass(frozen=True)
class PairRoll:
    """One pair of Attack die faces a Spawn roll can show: its chance on one roll and what that roll does.
    `has_token`: whether a Spawn token of the box shows the pair (None: not known); `token`: the index of
    the token on the board showing it; `contradicted`: such a token is on the board although `has_token`
    says no Spawn token shows the pair (the board is what the table sees: the figure goes there)."""

    symbols: tuple[str, str]
    has_token: bool | None
    chance: float
    does: str
    token: int | None = None
    contradicted: bool = False

    @property
    def pair(self) -> tuple[str, str]:
        return _pair(*self.symbols)


def pair_rolls(
    pairs: Sequence[tuple[Sequence[str], bool | None]],
    tokens: Sequence[SpawnToken] | None = None,
    *,
    faces: Sequence[str] = ATTACK_FACES,
) -> list[PairRoll]:
    """For each pair (its two faces, and whether a Spawn token of the box shows it), the exact chance one
    Spawn roll of two Attack dice shows it (read unordered, RB p24) and what that roll does given the tokens
    on the board (None: the board is not given)."""
    odds = _pair_odds(check_faces(faces))
    by_pair = {} if tokens is None else {token.pair: index for index, token in enumerate(tokens)}
    rolls = []
    for symbols, has_token in pairs:
        # Checked as a token's pair is (two faces), and read unordered.
        pair = SpawnToken(tuple(symbols)).pair
        index = by_pair.get(pair)
        if index is not None:
            does = TO_TOKEN
        elif has_token is None:
            does = NOT_KNOWN
        elif not has_token:
            does = NO_TOKEN
        else:
            does = TOKEN_IF_ON_BOARD if tokens is None else TOKEN_OFF_BOARD
        contradicted = index is not None and has_token is False
        rolls.append(PairRoll(tuple(symbols), has_token, odds.get(pair, 0.0), does, index, contradicted))
    return rolls


def check_pairs_on_tokens(count: int) -> None:
    """RB p5: the box holds `SPAWN_TOKENS_IN_BOX` Spawn tokens and each shows one pair, so at most that many
    of the six pairs a roll can show are on a token (what a table says of its box, or a pack of its
    edition)."""
    if count > SPAWN_TOKENS_IN_BOX:
        raise RuleError(
            "the box holds %(box)s Spawn tokens, so at most %(box)s pairs are on one, not %(count)s: first "
            "say which pair no token shows",
            box=SPAWN_TOKENS_IN_BOX,
            count=count,
        )


def chance_of_no_token(rolls: Sequence[PairRoll]) -> float:
    """The chance one Spawn roll shows a pair no Spawn token shows: that figure goes back to the box whatever
    the board (a pair a token on the board shows after all is not counted)."""
    return sum(roll.chance for roll in rolls if roll.does == NO_TOKEN)


def tokens_after(tokens: Sequence[SpawnToken], outcomes: Sequence[SpawnOutcome]) -> list[SpawnToken]:
    """The tokens with their Spaces' occupants once the outcomes are placed."""
    placed = Counter(outcome.token for outcome in outcomes if outcome.placed)
    return [SpawnToken(token.symbols, token.occupants + placed[index]) for index, token in enumerate(tokens)]


def _check_free_choice(index: int, occupants: list[int]) -> None:
    if not is_whole_number(index, high=len(occupants) - 1):
        raise RuleError(
            "the Ticket Scalper must choose a Spawn token on the board, and there is no token %(index)s",
            index=repr(index),
        )
    if occupants[index] >= SPACE_CAPACITY:
        raise RuleError(
            "the Ticket Scalper may only choose a free Spawn token, and token %(index)s is Full", index=index
        )


def _check_spawn(
    figures: Sequence[str], tokens: Sequence[SpawnToken], faces: Sequence[str]
) -> tuple[str, ...]:
    faces = check_faces(faces)
    if len(figures) > SPAWN_TILE_SLOTS:
        raise RuleError(
            "the Spawn tile has %(slots)s slots, so at most %(slots)s figures spawn", slots=SPAWN_TILE_SLOTS
        )
    if len(tokens) > SPAWN_TOKENS_IN_BOX:
        raise RuleError(
            "the box holds %(box)s Spawn tokens, so the board cannot show %(tokens)s",
            box=SPAWN_TOKENS_IN_BOX,
            tokens=len(tokens),
        )
    pairs = [token.pair for token in tokens]
    if len(set(pairs)) != len(pairs):
        raise RuleError("two Spawn tokens show the same pair of symbols, so a roll could not pick one")
    stray = sorted({symbol for pair in pairs for symbol in pair} - set(faces))
    if stray:
        raise CountError(
            "Spawn token symbol %(stray)s is not a face of the Attack die %(faces)s",
            "Spawn token symbols %(stray)s are not faces of the Attack die %(faces)s",
            number="count",
            count=len(stray),
            stray=stray,
            faces=sorted(set(faces)),
        )
    return faces


def _pair(a: str, b: str) -> tuple[str, str]:
    # Spawn rolls are read as an unordered pair.
    return (a, b) if a <= b else (b, a)


def _pair_odds(faces: tuple[str, ...]) -> dict[tuple[str, str], float]:
    odds: dict[tuple[str, str], float] = {}
    for a, b in product(faces, repeat=2):
        odds[_pair(a, b)] = odds.get(_pair(a, b), 0.0) + 1 / len(faces) ** 2
    return odds


def _add_one(occupants: tuple[int, ...], index: int) -> tuple[int, ...]:
    return (*occupants[:index], occupants[index] + 1, *occupants[index + 1 :])


# GF:111 Ticket Scalper: "That player controls spawning: instead of rolling, chooses for each spawning monster
# to remove it or place it on any free Spawn token" (in the scenarios it benefits).
SPAWN_CONTROL_TITLES = frozenset({"ticket-scalper"})


def title_controls_spawn(title: str) -> bool:
    """Whether holding this Title makes its holder choose the spawns instead of rolling (GF:111)."""
    return title in SPAWN_CONTROL_TITLES
