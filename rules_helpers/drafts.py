"""Card drafts: the Upgrade draft of each Upgrade Phase (rulebook p.27) and the Hero draft at campaign start.

Upgrade draft: deal 6 cards to each player; each round every player keeps 2 from the hand in front of them;
when everybody has picked, the rest of each hand passes to the left (the next player in seating order); after
3 rounds everyone has drafted 6. Real decks hold several copies of a card, so hands are multisets of codes.

Hero draft: the Hero cards are shuffled and divided as equally as possible (earlier seats get the extra
cards); pick 1, pass left, three times; the Heroes nobody picked leave the game.

A draft is mutable (``pick`` changes it) and round-trips through ``to_dict``/``from_dict`` as plain JSON.
"""

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from rules_helpers.box import DRAFT_ROUNDS, HERO_PICKS, MAX_GUILDS, MIN_GUILDS, UPGRADE_HAND, UPGRADE_PICKS
from rules_helpers.counts import is_whole_number
from rules_helpers.refusals import CountError, RuleError


class _Draft:
    """What the two drafts share: hands in front of players, picks per round, passing to the left."""

    KIND: ClassVar[str]
    PICKS_PER_ROUND: ClassVar[int]

    def __init__(
        self,
        players: Sequence[str],
        hands: Mapping[str, Sequence[str]],
        drafted: Mapping[str, Sequence[str]],
        rounds_done: int,
        picked: Sequence[str],
    ) -> None:
        self._players = tuple(players)
        self._hands = {player: list(hands[player]) for player in self._players}
        self._drafted = {player: list(drafted[player]) for player in self._players}
        self._rounds_done = rounds_done
        self._picked = set(picked)

    @property
    def players(self) -> tuple[str, ...]:
        """The seating order: each hand passes to the next player (the last passes to the first)."""
        return self._players

    @property
    def round(self) -> int:
        """The round being picked, 1 to 3 (3 once the draft is complete)."""
        return min(self._rounds_done + 1, DRAFT_ROUNDS)

    @property
    def is_complete(self) -> bool:
        return self._rounds_done == DRAFT_ROUNDS

    def hand(self, player: str) -> tuple[str, ...]:
        """The cards in front of the player now (after their pick, the ones about to be passed)."""
        return tuple(self._hands[self._seat(player)])

    def drafted(self, player: str) -> tuple[str, ...]:
        """The cards the player has kept so far, in the order picked."""
        return tuple(self._drafted[self._seat(player)])

    def picked_this_round(self, player: str) -> bool:
        return self._seat(player) in self._picked

    def waiting_for(self) -> tuple[str, ...]:
        """The players still choosing this round, in seating order (none once the draft is complete)."""
        if self.is_complete:
            return ()
        return tuple(player for player in self._players if player not in self._picked)

    def pick(self, player: str, cards: Sequence[str]) -> None:
        """Keep ``cards`` from the player's hand; once everyone has picked, pass the rest to the left."""
        if isinstance(cards, str):
            raise ValueError("pick takes a list of card codes, not a single string")
        cards = list(cards)
        self._check_pick(self._seat(player), cards)
        for card in cards:
            self._hands[player].remove(card)
            self._drafted[player].append(card)
        self._picked.add(player)
        if len(self._picked) == len(self._players):
            self._end_round()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.KIND,
            "players": list(self._players),
            "hands": {player: list(self._hands[player]) for player in self._players},
            "drafted": {player: list(self._drafted[player]) for player in self._players},
            "rounds_done": self._rounds_done,
            "picked": [player for player in self._players if player in self._picked],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a draft saved with ``to_dict``; a malformed or inconsistent state raises ValueError."""
        if not isinstance(data, Mapping) or data.get("kind") != cls.KIND:
            raise ValueError(f"this is not a saved {cls.KIND} draft")
        try:
            players = _strings(data["players"])
            hands = {player: _strings(data["hands"][player]) for player in players}
            drafted = {player: _strings(data["drafted"][player]) for player in players}
            rounds_done, picked = data["rounds_done"], _strings(data["picked"])
        except (KeyError, TypeError):
            raise ValueError(
                f"a saved {cls.KIND} draft needs players, hands, drafted, rounds_done and picked"
            ) from None
        _check_players(players)
        _check_saved_progress(players, drafted, rounds_done, picked, cls.PICKS_PER_ROUND)
        return cls(players, hands, drafted, rounds_done, picked)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Draft):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_dict({self.to_dict()!r})"

    def _seat(self, player: str) -> str:
        if player not in self._hands:
            raise RuleError("%(player)s is not a player in this draft.", player=repr(player))
        return player

    def _check_pick(self, player: str, cards: list[str]) -> None:
        if self.is_complete:
            raise RuleError("The draft is over; nobody picks any more.")
        if player in self._picked:
            raise RuleError(
                "%(player)s already picked this round; wait for the hands to pass.", player=repr(player)
            )
        if len(cards) != self.PICKS_PER_ROUND:
            raise CountError(
                "Each round a player keeps exactly %(picks)s card, not %(given)s.",
                "Each round a player keeps exactly %(picks)s cards, not %(given)s.",
                number="picks",
                picks=self.PICKS_PER_ROUND,
                given=len(cards),
            )
        missing = Counter(cards) - Counter(self._hands[player])
        if missing:
            cards_named = ", ".join(sorted(missing.elements()))
            raise RuleError(
                "%(player)s cannot keep %(cards)s: not in the hand in front of them.",
                player=player,
                cards=cards_named,
            )

    def _end_round(self) -> None:
        self._rounds_done += 1
        self._picked.clear()
        if not self.is_complete:
            # Leftover hands of the last round are not passed: they leave the game.
            seats = self._players
            self._hands = {seats[(i + 1) % len(seats)]: self._hands[player] for i, player in enumerate(seats)}


class UpgradeDraft(_Draft):
    KIND = "upgrade"
    PICKS_PER_ROUND = UPGRADE_PICKS

    @classmethod
    def start(cls, players: Sequence[str], deck: Sequence[str], *, rng: random.Random) -> "UpgradeDraft":
        """Shuffle the Upgrade deck and deal 6 cards to each player; the rest of the deck stays out."""
        _check_players(players)
        if len(deck) < UPGRADE_HAND * len(players):
            raise RuleError(
                "The Upgrade deck is too short: %(cards)s cards for %(hands)s hands of %(hand)s.",
                cards=len(deck),
                hands=len(players),
                hand=UPGRADE_HAND,
            )
        cards = list(deck)
        rng.shuffle(cards)
        hands = {player: cards[UPGRADE_HAND * i : UPGRADE_HAND * (i + 1)] for i, player in enumerate(players)}
        return cls(players, hands, {player: [] for player in players}, 0, ())


class HeroDraft(_Draft):
    KIND = "hero"
    PICKS_PER_ROUND = HERO_PICKS

    @classmethod
    def start(cls, players: Sequence[str], heroes: Sequence[str], *, rng: random.Random) -> "HeroDraft":
        """Shuffle the Hero cards and divide them all, earlier seats getting the extra ones."""
        _check_players(players)
        if len(set(heroes)) != len(heroes):
            raise ValueError("each Hero card is unique, but a Hero is listed twice")
        if len(heroes) < DRAFT_ROUNDS * len(players):
            raise RuleError(
                "A Hero draft needs %(rounds)s Heroes per player, not %(heroes)s for %(players)s players.",
                rounds=DRAFT_ROUNDS,
                heroes=len(heroes),
                players=len(players),
            )
        cards = list(heroes)
        rng.shuffle(cards)
        return cls(players, _divide(cards, players), {player: [] for player in players}, 0, ())


def _divide(cards: list[str], players: Sequence[str]) -> dict[str, list[str]]:
    size, extra = divmod(len(cards), len(players))
    hands, start = {}, 0
    for seat, player in enumerate(players):
        end = start + size + (seat < extra)
        hands[player], start = cards[start:end], end
    return hands


def _check_players(players: Sequence[str]) -> None:
    if not MIN_GUILDS <= len(players) <= MAX_GUILDS:
        raise RuleError(
            "A draft has %(least)s to %(most)s players, not %(players)s.",
            least=MIN_GUILDS,
            most=MAX_GUILDS,
            players=len(players),
        )
    if len(set(players)) != len(players):
        raise RuleError("Each player sits at the table once, but a player is listed twice.")


def _check_saved_progress(
    players: list[str], drafted: Mapping[str, list[str]], rounds_done: Any, picked: list[str], picks: int
) -> None:
    if not is_whole_number(rounds_done, high=DRAFT_ROUNDS):
        raise ValueError(f"a draft has done 0 to {DRAFT_ROUNDS} rounds, not {rounds_done!r}")
    if not set(picked) <= set(players) or (rounds_done == DRAFT_ROUNDS and picked):
        raise ValueError("only players of an unfinished draft can have picked this round")
    for player in players:
        expected = picks * (rounds_done + (player in picked))
        if len(drafted[player]) != expected:
            raise ValueError(
                f"{player!r} should have drafted {expected} card(s) by now, not {len(drafted[player])}"
            )


def _strings(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TypeError("expected a list of strings")
    return value
