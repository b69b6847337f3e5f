"""JSON API of the table-side helpers: dice, Spawn and Death Curses (no account needed, throttled)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns.access import campaign_access
from campaigns.history_text import name_in_language, names_of
from campaigns.models import Campaign, DeathCurse, Edition
from campaigns.selectors.confidence import KINDS, api_confidence, record_confidence
from campaigns.selectors.versions import content_version
from companion.api import errors
from companion.helpers import services
from companion.throttling import AnonHelperThrottle
from rules_helpers import box, curses, dice, spawn


class HelperView(APIView):
    throttle_classes = [AnonHelperThrottle]


def seed_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=services.SEED_MAX,
        help_text="Replays a result; leave out for a fresh random one (the answer says which seed it used).",
    )


def campaign_field(help_text: str) -> serializers.IntegerField:
    """The campaign a helper works for (its table's corrections), optional."""
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=2**63 - 1,  # a campaign's id (a big integer): a larger one is refused before any query
        help_text=help_text,
    )


def campaign_for(request: Request, pk: int | None) -> Campaign | None:
    """The campaign a helper works for, checked as every read of a campaign: its members and share-link
    readers (`?share=`), anyone else 404."""
    if pk is None:
        return None
    return campaign_access(user=request.user, pk=pk, share_token=request.query_params.get("share")).campaign


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
    campaign = campaign_field(
        "Roll for this campaign (its members; a share-link reader adds ?share=<token>): the die faces "
        "its table entered from its box, `faces_confidence` then `table` (or `box` once checked). A "
        "campaign the caller may not see is a 404. Without it, the edition's own faces."
    )


# The helpers opened for a campaign take a share-link reader's token in the query, as the pages do.
SHARE = OpenApiParameter(
    "share", OpenApiTypes.STR, description="Share token of the `campaign` named in the body (spectators)."
)


class RolledDieSerializer(serializers.Serializer):
    face = serializers.ChoiceField(choices=sorted(dice.KNOWN_FACES))
    success = serializers.BooleanField(help_text="A Hit on an attack die, a Save on a defense die.")
    extra = serializers.BooleanField(help_text="Added by a CRIT.")
    rerolled = serializers.BooleanField()
    rerolled_from = serializers.ListField(child=serializers.CharField(), help_text="Faces rerolled away.")


class AttackRollSerializer(serializers.Serializer):
    faces = serializers.ListField(child=serializers.CharField())
    hits = serializers.IntegerField()
    dice = RolledDieSerializer(many=True)


class DefenseRollSerializer(serializers.Serializer):
    faces = serializers.ListField(child=serializers.CharField())
    saves = serializers.IntegerField()
    dice = RolledDieSerializer(many=True)


class FacesConfidenceSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=KINDS, help_text="box, fan, inferred, table, doubtful or zero.")
    source = serializers.CharField(allow_blank=True, help_text="Where the number comes from.")
    note = serializers.CharField(help_text="What the mark beside the number says, in the reader's language.")


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
    faces_confidence = FacesConfidenceSerializer(
        help_text="How sure the die faces, and so the odds, are (GF:251: two fan dice apps)."
    )


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
    return {
        **roll_outcome(result),
        "odds": {"wounds": {str(w): p for w, p in result.odds.items()}},
        "faces_confidence": api_confidence(result.faces_confidence),
    }


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


class RollView(HelperView):
    @extend_schema(
        request=RollSerializer,
        parameters=[SHARE],
        responses={200: RollResultSerializer, **errors(400, 404, 415, 429)},
        summary="Roll an attack and a defense",
    )
    def post(self, request: Request) -> Response:
        data = RollSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        campaign = campaign_for(request, values.pop("campaign", None))
        result = services.dice_roll(**values, campaign=campaign, content=content_version())
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
        max_value=box.SPACE_CAPACITY,
        default=0,
        help_text="Characters in its Space (Huge = 2).",
    )


class SpawnSerializer(serializers.Serializer):
    figures = serializers.ListField(
        child=serializers.CharField(max_length=services.MAX_FIGURE_NAME),
        min_length=1,
        max_length=box.SPAWN_TILE_SLOTS,
        help_text="The figures on the Spawn tile, in slot order.",
    )
    tokens = SpawnTokenSerializer(many=True, max_length=box.SPAWN_TOKENS_IN_BOX)
    seed = seed_field()
    choices = serializers.ListField(
        child=serializers.IntegerField(min_value=0, allow_null=True),
        required=False,
        allow_null=True,
        help_text="Ticket Scalper: per figure, the index of a free token, or null to return it to the box.",
    )
    campaign = campaign_field(
        "Spawn for this campaign (its members; a share-link reader adds ?share=<token>): the answer adds "
        "`pairs`, what each pair a roll can show does with these tokens, whether a Spawn token shows it as "
        "its table corrected it (marked `table`) or as the edition's content gives it. A campaign the "
        "caller may not see is a 404. Without it, `pairs` is null."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs["tokens"] = [spawn.SpawnToken(t["symbols"], t["occupants"]) for t in attrs["tokens"]]
        return attrs


class SpawnOutcomeSerializer(serializers.Serializer):
    figure = serializers.CharField()
    roll = serializers.ListField(child=serializers.CharField(), help_text="Empty when the figure was chosen.")
    token = serializers.IntegerField(allow_null=True)
    placed = serializers.BooleanField()


class SpawnPairSerializer(serializers.Serializer):
    symbols = serializers.ListField(child=serializers.CharField())
    chance = serializers.FloatField(help_text="The chance one roll of two Attack dice shows the pair.")
    has_token = serializers.BooleanField(
        allow_null=True, help_text="Whether a Spawn token of the box shows the pair (null: not known)."
    )
    has_token_confidence = FacesConfidenceSerializer(
        help_text="How sure `has_token` is: `table` where the campaign's table corrected it."
    )
    does = serializers.ChoiceField(
        choices=[
            spawn.TO_TOKEN,
            spawn.TOKEN_OFF_BOARD,
            spawn.TOKEN_IF_ON_BOARD,
            spawn.NO_TOKEN,
            spawn.NOT_KNOWN,
        ],
        help_text="What a roll showing it does with the tokens given (RB p24).",
    )
    token = serializers.IntegerField(allow_null=True, help_text="The given token showing it, if any.")
    contradicted = serializers.BooleanField(
        help_text="A given token shows it although the campaign's content says no Spawn token does."
    )


class SpawnPairsSerializer(serializers.Serializer):
    rows = SpawnPairSerializer(many=True)
    chance_confidence = FacesConfidenceSerializer(help_text="The chances rest on the die faces (GF:251).")
    no_token = serializers.FloatField(help_text="The chance a roll shows a pair no Spawn token shows.")
    no_token_confidence = FacesConfidenceSerializer()


class SpawnResultSerializer(serializers.Serializer):
    outcomes = SpawnOutcomeSerializer(many=True)
    seed = serializers.IntegerField(allow_null=True, help_text="Null when the Ticket Scalper chose.")
    odds = serializers.ListField(
        child=serializers.DictField(child=serializers.FloatField()),
        help_text='Per figure, the chance a roll puts it on each token ("0", "1", ...) or in the "box".',
    )
    tokens_after = SpawnTokenSerializer(many=True)
    faces_confidence = FacesConfidenceSerializer(
        help_text="How sure the die faces behind the odds are (GF:251)."
    )
    pairs = SpawnPairsSerializer(allow_null=True, help_text="With `campaign`: what each pair does.")


def pairs_data(found: services.SpawnPairs) -> dict[str, Any]:
    return {
        "rows": [
            {
                "symbols": list(roll.symbols),
                "chance": roll.chance,
                "has_token": roll.has_token,
                "has_token_confidence": api_confidence(sure),
                "does": roll.does,
                "token": roll.token,
                "contradicted": roll.contradicted,
            }
            for roll, sure in zip(found.rolls, found.token_confidence, strict=True)
        ],
        "chance_confidence": api_confidence(found.chance_confidence),
        "no_token": found.no_token,
        "no_token_confidence": api_confidence(found.no_token_confidence),
    }


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
        "faces_confidence": api_confidence(result.faces_confidence),
    }


class SpawnView(HelperView):
    @extend_schema(
        request=SpawnSerializer,
        responses={200: SpawnResultSerializer, **errors(400, 415, 429)},
        summary="Spawn the Spawn tile's figures",
        parameters=[SHARE],
    )
    def post(self, request: Request) -> Response:
        data = SpawnSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        campaign = campaign_for(request, values.pop("campaign", None))
        answer = spawn_data(services.spawn_resolve(**values))
        found = None if campaign is None else services.spawn_pairs(campaign=campaign, tokens=values["tokens"])
        return Response({**answer, "pairs": None if found is None else pairs_data(found)})


# --- Death Curses -------------------------------------------------------------------------------------


class HeroDeathsSerializer(serializers.Serializer):
    hero = serializers.CharField(max_length=services.MAX_HERO_NAME)
    deaths = serializers.IntegerField(min_value=0, max_value=services.MAX_DEATHS, help_text="Death tokens.")
    damnation = serializers.IntegerField(min_value=0, max_value=services.MAX_DAMNATION, default=0)


class EditionField(serializers.SlugRelatedField):
    """An edition by its slug; a value that cannot be a slug (a NUL byte, which PostgreSQL refuses in a
    query) is refused as an unknown edition before the database is asked."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str) and "\x00" in data:
            self.fail("does_not_exist", slug_name=self.slug_field, value=data.replace("\x00", ""))
        return super().to_internal_value(data)


class DeathCursesSerializer(serializers.Serializer):
    edition = EditionField(slug_field="slug", queryset=Edition.objects.all())
    heroes = HeroDeathsSerializer(many=True, min_length=1, max_length=services.MAX_HEROES)
    seed = seed_field()
    campaign = campaign_field(
        "Draw for this campaign (its members; a share-link reader adds ?share=<token>): from the deck "
        "its table corrected (the values and copies its members entered), as its Upgrade Phase and the "
        "page opened from it do; each card's `value_confidence` is then `table` where the table entered "
        "the value. `edition` must be the campaign's. A campaign the caller may not see is a 404. "
        "Without it, the edition's own deck."
    )

    def validate_heroes(self, heroes: list[dict[str, Any]]) -> list[services.HeroDeaths]:
        try:
            curses.check_heroes_once([hero["hero"] for hero in heroes])
        except ValueError as exc:
            raise serializers.ValidationError(
                _("Each hero draws once per Upgrade Phase; a hero is listed twice.")
            ) from exc
        return [services.HeroDeaths(**hero) for hero in heroes]


class DrawnCurseSerializer(serializers.Serializer):
    code = serializers.CharField()
    shown_name = serializers.CharField(
        help_text="Its name in the reader's language (Accept-Language): the Brazilian card's for pt-br."
    )
    value = serializers.IntegerField(help_text="As the deck drawn from gives it (a campaign's correction).")
    value_confidence = FacesConfidenceSerializer(
        help_text="How sure the value is: `fan` (FAN-AQH), `table` where the campaign's table entered it, "
        "`box` once checked."
    )


class HeroDrawSerializer(serializers.Serializer):
    hero = serializers.CharField()
    draw_count = serializers.IntegerField()
    drawn = serializers.ListField(child=serializers.CharField(), help_text="Card codes, in the order drawn.")
    kept = serializers.CharField(allow_null=True, help_text="The highest value drawn; null when none.")
    cards = DrawnCurseSerializer(
        many=True, help_text="The cards drawn, in the order drawn, with their values."
    )


class DeathCurseDrawsSerializer(serializers.Serializer):
    draws = HeroDrawSerializer(many=True)
    seed = serializers.IntegerField()
    deck_size = serializers.IntegerField()
    deck_confidence = FacesConfidenceSerializer(
        help_text="How sure the deck's size is: the least sure of its cards' copies (FAN-AQH, or the "
        "table's)."
    )
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
                "cards": [_drawn_card(card) for card in d.drawn],
            }
            for d in result.draws
        ],
        "seed": result.seed,
        "deck_size": result.deck_size,
        "deck_confidence": api_confidence(result.deck_confidence),
        "deck_note": result.deck_note,
    }


def _drawn_card(card: DeathCurse) -> dict[str, Any]:
    return {
        "code": card.code,
        "shown_name": name_in_language(names_of(card)),
        "value": card.value,
        "value_confidence": api_confidence(record_confidence(card, "value")),
    }


class DeathCursesView(HelperView):
    @extend_schema(
        request=DeathCursesSerializer,
        parameters=[SHARE],
        responses={200: DeathCurseDrawsSerializer, **errors(400, 404, 415, 429)},
        summary="Draw Death Curses per hero",
    )
    def post(self, request: Request) -> Response:
        data = DeathCursesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        campaign = _drawing_for(request, values.pop("campaign", None), values["edition"])
        return Response(curses_data(services.death_curses_draw(**values, campaign=campaign)))


def _drawing_for(request: Request, pk: int | None, edition: Edition) -> Campaign | None:
    """The campaign a draw is for, as the page opened from it checks it (`views._curses_table`): its members
    and share-link readers, anyone else 404. The page draws from another edition's own deck when the form
    names one; an API caller naming the campaign means its deck, so a mismatch is refused, not answered
    with the wrong deck."""
    campaign = campaign_for(request, pk)
    if campaign is not None and campaign.edition_id != edition.pk:
        message = _("This campaign plays %(edition)s: draw from that edition's deck.")
        raise serializers.ValidationError({"edition": [message % {"edition": campaign.edition.name}]})
    return campaign
