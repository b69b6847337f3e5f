"""JSON API of the table-side helpers: dice, Spawn and Death Curses (no account needed, throttled)."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from campaigns.models import Edition
from campaigns.selectors.versions import content_version
from companion.api import errors
from companion.helpers import services
from companion.parsers import small_json_body
from companion.throttling import WindowRateThrottle, client_ip
from rules_helpers import curses, dice, spawn


class AnonHelperThrottle(WindowRateThrottle):
    """Throttles anonymous use only: a signed-in player at the table is never cut off mid-game.

    Counted in batches (`companion.batched_counts`): the limit guards the server's time, and a count in
    Redis on every roll cost more than the roll."""

    batched = True

    def allow_request(self, request: Request, view: APIView) -> bool:
        if request.user and request.user.is_authenticated:
            return True
        return super().allow_request(request, view)

    def get_rate(self) -> str | None:
        # Read at call time (DRF caches the rates on the class), so a changed setting takes effect.
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request: Request) -> str:
        # Only the trusted proxies' word on the address counts, never a client's own X-Forwarded-For.
        return client_ip(request)


class HelperView(APIView):
    throttle_classes = [AnonHelperThrottle]
    throttle_scope = "anon_helpers"


def seed_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=services.SEED_MAX,
        help_text="Replays a result; leave out for a fresh random one (the answer says which seed it used).",
    )


# --- Dice ---------------------------------------------------------------------------------------------


class RollSerializer(serializers.Serializer):
    attack_dice = serializers.IntegerField(min_value=0, max_value=services.MAX_ATTACK_DICE)
    kind = serializers.ChoiceField(choices=dice.ATTACK_KINDS, help_text="A melee or a ranged attack.")
    defense_dice = serializers.IntegerField(min_value=0, max_value=services.MAX_DEFENSE_DICE, default=0)
    attack_rerolls = serializers.IntegerField(min_value=0, max_value=services.MAX_REROLLS, default=0)
    defense_rerolls = serializers.IntegerField(min_value=0, max_value=services.MAX_REROLLS, default=0)
    overkill = serializers.IntegerField(
        min_value=0,
        max_value=services.MAX_OVERKILL,
        required=False,
        allow_null=True,
        help_text="The target Monster's Overkill rating: the answer says whether this attack overkills it.",
    )
    seed = seed_field()


class DieSerializer(serializers.Serializer):
    face = serializers.ChoiceField(choices=sorted(dice.KNOWN_FACES))
    success = serializers.BooleanField(help_text="A Hit on an attack die, a Save on a defense die.")
    extra = serializers.BooleanField(help_text="Added by a CRIT.")
    rerolled = serializers.BooleanField()
    rerolled_from = serializers.ListField(child=serializers.CharField(), help_text="Faces rerolled away.")


class AttackRollSerializer(serializers.Serializer):
    faces = serializers.ListField(child=serializers.CharField())
    hits = serializers.IntegerField()
    dice = DieSerializer(many=True)


class DefenseRollSerializer(serializers.Serializer):
    faces = serializers.ListField(child=serializers.CharField())
    saves = serializers.IntegerField()
    dice = DieSerializer(many=True)


class WoundOddsSerializer(serializers.Serializer):
    wounds = serializers.DictField(
        child=serializers.FloatField(), help_text='Exact chance of each number of Wounds: {"0": p, "1": p}.'
    )


class RollResultSerializer(serializers.Serializer):
    kind = serializers.CharField()
    attack = AttackRollSerializer()
    defense = DefenseRollSerializer()
    wounds = serializers.IntegerField()
    overkills = serializers.BooleanField(
        allow_null=True,
        help_text="Whether the Wounds reach the Overkill rating given (RB:938, U7); null without a rating.",
    )
    seed = serializers.IntegerField()
    odds = WoundOddsSerializer()


def _dice(roll: dice.Roll, kind: str) -> list[dict[str, Any]]:
    wins = dice.success_faces(kind)
    return [
        {
            "face": die.face,
            "success": die.face in wins,
            "extra": die.extra,
            "rerolled": die.rerolled,
            "rerolled_from": list(die.rerolled_from),
        }
        for die in roll.dice
    ]


def roll_data(result: services.DiceResult) -> dict[str, Any]:
    return {**roll_outcome(result), "odds": {"wounds": {str(w): p for w, p in result.odds.items()}}}


def roll_outcome(result: services.DiceResult) -> dict[str, Any]:
    """The answer without its odds (the last key of `roll_data`)."""
    attack, defense = result.attack, result.defense
    return {
        "kind": result.kind,
        "attack": {"faces": list(attack.faces), "hits": attack.successes, "dice": _dice(attack, result.kind)},
        "defense": {
            "faces": list(defense.faces),
            "saves": defense.successes,
            "dice": _dice(defense, dice.DEFENSE),
        },
        "wounds": result.wounds,
        "overkills": result.overkills,
        "seed": result.seed,
    }


# The odds are most of the answer's bytes (a float per number of Wounds) and the same for every roll of
# one attack, so their JSON is kept per process, keyed by the odds themselves (never stale); bounded by
# starting again when full.
_ODDS_JSON: dict[tuple[float, ...], str] = {}
_ODDS_JSON_MOST = 1024


def _dumps(data: Any) -> str:
    # As DRF's JSONRenderer writes JSON with the project's settings (compact, UTF-8, no NaN).
    renderer = JSONRenderer
    return json.dumps(
        data,
        cls=renderer.encoder_class,
        ensure_ascii=renderer.ensure_ascii,
        allow_nan=not renderer.strict,
        separators=(",", ":") if renderer.compact else (", ", ": "),
    )


def _odds_json(odds: dict[int, float]) -> str:
    key = tuple(odds.values())  # the keys are 0, 1, 2, ... in order
    text = _ODDS_JSON.get(key)
    if text is None:
        if len(_ODDS_JSON) >= _ODDS_JSON_MOST:
            _ODDS_JSON.clear()
        text = _ODDS_JSON[key] = _dumps({"wounds": {str(w): p for w, p in odds.items()}})
    return text


def roll_body(result: services.DiceResult) -> bytes:
    """The bytes DRF's JSONRenderer makes of `roll_data(result)`, with the odds' JSON kept."""
    outcome = _dumps(roll_outcome(result))
    text = f'{outcome[:-1]},"odds":{_odds_json(result.odds)}}}'
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").encode()


ROLL_COUNTS = {
    "attack_dice": services.MAX_ATTACK_DICE,
    "defense_dice": services.MAX_DEFENSE_DICE,
    "attack_rerolls": services.MAX_REROLLS,
    "defense_rerolls": services.MAX_REROLLS,
}
ROLL_FIELDS = frozenset({*ROLL_COUNTS, "kind", "seed"})


def plain_roll(data: Any) -> dict[str, Any] | None:
    """The usual roll (whole numbers in range, a known kind), accepted as RollSerializer would accept it,
    or None for anything else, which RollSerializer then checks and names. Building the serializer deep-
    copies its fields on every request and costs more than rolling and the odds together."""
    if not isinstance(data, dict) or not data.keys() <= ROLL_FIELDS or "attack_dice" not in data:
        return None
    if data.get("kind") not in dice.ATTACK_KINDS:
        return None
    checked: dict[str, Any] = {"kind": data["kind"]}
    for name, most in ROLL_COUNTS.items():
        value = data.get(name, 0)
        if type(value) is not int or not 0 <= value <= most:
            return None
        checked[name] = value
    if "seed" in data:
        seed = data["seed"]
        if seed is not None and (type(seed) is not int or not 0 <= seed <= services.SEED_MAX):
            return None
        checked["seed"] = seed
    return checked


class RollView(HelperView):
    @extend_schema(
        request=RollSerializer,
        responses={200: RollResultSerializer, **errors(400, 415, 429)},
        summary="Roll an attack and a defense",
    )
    def post(self, request: Request) -> Response:
        checked = plain_roll(small_json_body(request))
        if checked is None:
            data = RollSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            checked = data.validated_data
        content = content_version()
        result = services.dice_roll(**checked, content=content)
        renderer, media_type = request.accepted_renderer, request.accepted_media_type
        if type(renderer) is JSONRenderer and renderer.compact and "indent" not in media_type:
            # The plain JSON answer, written straight to bytes (see roll_body); anything else as DRF renders.
            return HttpResponse(roll_body(result), content_type=renderer.media_type)
        return Response(roll_data(result))


# --- Spawn --------------------------------------------------------------------------------------------


class SpawnTokenSerializer(serializers.Serializer):
    symbols = serializers.ListField(
        child=serializers.ChoiceField(choices=services.SPAWN_SYMBOLS),
        min_length=2,
        max_length=2,
        help_text="The pair of Attack die symbols the token shows, in any order.",
    )
    occupants = serializers.IntegerField(
        min_value=0,
        max_value=spawn.SPACE_CAPACITY,
        default=0,
        help_text="Characters in its Space (Huge = 2).",
    )


class SpawnSerializer(serializers.Serializer):
    figures = serializers.ListField(
        child=serializers.CharField(max_length=services.MAX_FIGURE_NAME),
        min_length=1,
        max_length=spawn.SPAWN_TILE_SLOTS,
        help_text="The figures on the Spawn tile, in slot order.",
    )
    tokens = SpawnTokenSerializer(many=True, max_length=spawn.SPAWN_TOKENS_IN_BOX)
    seed = seed_field()
    choices = serializers.ListField(
        child=serializers.IntegerField(min_value=0, allow_null=True),
        required=False,
        allow_null=True,
        help_text="Ticket Scalper: per figure, the index of a free token, or null to return it to the box.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs["tokens"] = [spawn.SpawnToken(t["symbols"], t["occupants"]) for t in attrs["tokens"]]
        return attrs


class SpawnOutcomeSerializer(serializers.Serializer):
    figure = serializers.CharField()
    roll = serializers.ListField(child=serializers.CharField(), help_text="Empty when the figure was chosen.")
    token = serializers.IntegerField(allow_null=True)
    placed = serializers.BooleanField()


class SpawnResultSerializer(serializers.Serializer):
    outcomes = SpawnOutcomeSerializer(many=True)
    seed = serializers.IntegerField(allow_null=True, help_text="Null when the Ticket Scalper chose.")
    odds = serializers.ListField(
        child=serializers.DictField(child=serializers.FloatField()),
        help_text='Per figure, the chance a roll puts it on each token ("0", "1", ...) or in the "box".',
    )
    tokens_after = SpawnTokenSerializer(many=True)


def spawn_data(result: services.SpawnResult) -> dict[str, Any]:
    return {
        "outcomes": [
            {"figure": o.figure, "roll": list(o.roll), "token": o.token, "placed": o.placed}
            for o in result.outcomes
        ],
        "seed": result.seed,
        "odds": [
            {services.BOX if where is None else str(where): p for where, p in figure.items()}
            for figure in result.odds
        ],
        "tokens_after": [{"symbols": list(t.symbols), "occupants": t.occupants} for t in result.tokens_after],
    }


class SpawnView(HelperView):
    @extend_schema(
        request=SpawnSerializer,
        responses={200: SpawnResultSerializer, **errors(400, 415, 429)},
        summary="Spawn the Spawn tile's figures",
    )
    def post(self, request: Request) -> Response:
        data = SpawnSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(spawn_data(services.spawn_resolve(**data.validated_data)))


# --- Death Curses -------------------------------------------------------------------------------------


class HeroDeathsSerializer(serializers.Serializer):
    hero = serializers.CharField(max_length=services.MAX_HERO_NAME)
    deaths = serializers.IntegerField(min_value=0, max_value=services.MAX_DEATHS, help_text="Death tokens.")
    damnation = serializers.IntegerField(min_value=0, max_value=services.MAX_DAMNATION, default=0)


class DeathCursesSerializer(serializers.Serializer):
    edition = serializers.SlugRelatedField(slug_field="slug", queryset=Edition.objects.all())
    heroes = HeroDeathsSerializer(many=True, min_length=1, max_length=services.MAX_HEROES)
    seed = seed_field()

    def validate_heroes(self, heroes: list[dict[str, Any]]) -> list[services.HeroDeaths]:
        try:
            curses.check_heroes_once([hero["hero"] for hero in heroes])
        except ValueError as exc:
            raise serializers.ValidationError(
                _("Each hero draws once per Upgrade Phase; a hero is listed twice.")
            ) from exc
        return [services.HeroDeaths(**hero) for hero in heroes]


class HeroDrawSerializer(serializers.Serializer):
    hero = serializers.CharField()
    draw_count = serializers.IntegerField()
    drawn = serializers.ListField(child=serializers.CharField(), help_text="Card codes, in the order drawn.")
    kept = serializers.CharField(allow_null=True, help_text="The highest value drawn; null when none.")


class DeathCurseDrawsSerializer(serializers.Serializer):
    draws = HeroDrawSerializer(many=True)
    seed = serializers.IntegerField()
    deck_size = serializers.IntegerField()
    deck_note = serializers.CharField(
        allow_null=True, help_text="Why the deck may differ from the box (unknown copies, unverified)."
    )


def curses_data(result: services.CurseDrawResult) -> dict[str, Any]:
    return {
        "draws": [
            {
                "hero": d.hero,
                "draw_count": d.draw_count,
                "drawn": [card.code for card in d.drawn],
                "kept": d.kept.code if d.kept else None,
            }
            for d in result.draws
        ],
        "seed": result.seed,
        "deck_size": result.deck_size,
        "deck_note": result.deck_note,
    }


class DeathCursesView(HelperView):
    @extend_schema(
        request=DeathCursesSerializer,
        responses={200: DeathCurseDrawsSerializer, **errors(400, 415, 429)},
        summary="Draw Death Curses per hero",
    )
    def post(self, request: Request) -> Response:
        data = DeathCursesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(curses_data(services.death_curses_draw(**data.validated_data)))
