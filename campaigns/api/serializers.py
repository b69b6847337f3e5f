"""The API's inputs, one per write: they check the shape of a request; the services check the rules."""

from __future__ import annotations

from rest_framework import serializers

from campaigns.models import Campaign
from rules_helpers.box import MAX_GUILDS

REVISION_HELP = "The revision your change is based on (or send it in an If-Match header)."


class Revision(serializers.Serializer):
    revision = serializers.IntegerField(min_value=1, required=False, help_text=REVISION_HELP)


class CampaignCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    edition = serializers.SlugField(max_length=50, help_text="An edition's slug (see /api/v1/editions/).")
    mode = serializers.ChoiceField(choices=Campaign.Mode.values, default=Campaign.Mode.CAMPAIGN)


class JoinInput(serializers.Serializer):
    code = serializers.CharField(max_length=32)


class JoinCodeInput(serializers.Serializer):
    hours = serializers.IntegerField(default=48, min_value=1, max_value=24 * 14)
    max_uses = serializers.IntegerField(default=3, min_value=1, max_value=10)


class GuildAddInput(Revision):
    colour = serializers.CharField(max_length=40)
    player = serializers.CharField(
        max_length=150,
        required=False,
        allow_null=True,
        help_text="Username of a member who plays it; empty: the owner holds it.",
    )
    player_name = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")


class HeroesInput(Revision):
    heroes = serializers.ListField(child=serializers.CharField(max_length=80), max_length=10)


class CardAddInput(Revision):
    card = serializers.CharField(max_length=80)
    hero = serializers.CharField(max_length=80)
    slot = serializers.IntegerField(required=False, allow_null=True)


class MoveInput(Revision):
    item = serializers.ChoiceField(choices=["card", "curse"])
    id = serializers.IntegerField(source="item_id")
    hero = serializers.CharField(max_length=80)
    slot = serializers.IntegerField()


class DiscardInput(Revision):
    id = serializers.IntegerField(source="card_id")


class CurseInput(Revision):
    hero = serializers.CharField(max_length=80)
    curse = serializers.CharField(max_length=40, help_text="The curse's code (e.g. INFD-07) or slug.")
    slot = serializers.IntegerField(required=False, allow_null=True)


class CurseRemoveInput(Revision):
    hero = serializers.CharField(max_length=80)


class SavedCoinsInput(Revision):
    coins = serializers.IntegerField()


class AngelInput(Revision):
    angel = serializers.CharField(max_length=80)
    swap_for = serializers.CharField(
        max_length=80,
        required=False,
        allow_null=True,
        help_text="The fielded hero the angel replaces; empty: keep it on the roster.",
    )


class HeroLine(serializers.Serializer):
    hero = serializers.CharField(max_length=80)
    deaths = serializers.IntegerField(min_value=0, max_value=99, default=0)
    damnation = serializers.IntegerField(min_value=0, max_value=99, default=0)


class RewardLine(serializers.Serializer):
    card = serializers.CharField(max_length=80)
    hero = serializers.CharField(max_length=80)
    slot = serializers.IntegerField(required=False, allow_null=True)


class ResultLine(serializers.Serializer):
    guild = serializers.CharField(max_length=40)
    winner = serializers.BooleanField(default=False)
    coins = serializers.IntegerField(min_value=0, max_value=999, default=0)
    treasure = serializers.IntegerField(min_value=0, max_value=999, default=0)
    title = serializers.BooleanField(default=False)
    angel = serializers.BooleanField(default=False)
    reward_cards = RewardLine(many=True, required=False, default=list)
    quests = serializers.ListField(
        child=serializers.CharField(max_length=80),
        required=False,
        allow_null=True,
        default=None,
        help_text="The quests the guild completed (`pvp:<colour>` for a PvP quest). Left out (or null) while "
        "the scenario is tracked live: the quests the live tracker ticked for the guild.",
    )
    heroes = HeroLine(many=True, required=False, default=list)


class PlayInput(Revision):
    scenario = serializers.CharField(max_length=80)
    results = ResultLine(many=True)
    level = serializers.IntegerField(
        required=False,
        help_text="Episodic games only: the level chosen, 1 to the campaign's scenario count (GF:298). "
        "A campaign's level is the scenario's number.",
    )


class NextInput(Revision):
    scenario = serializers.CharField(max_length=80)


class SeatingInput(Revision):
    areas = serializers.DictField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_GUILDS),
        required=False,
        help_text="{guild colour: Starting Area 1..n} as the table drew the tokens; leave out to draw here.",
    )


class EpisodicDealInput(Revision):
    level = serializers.IntegerField(help_text="The Upgrade deck to deal from: 1 to 5 (GF:298, BR:230).")
    cards = serializers.IntegerField(
        help_text="How many Upgrade cards each guild gets: the table's number, 1 to 12 (GF:298 gives none)."
    )


class FinaleInput(Revision):
    savior = serializers.CharField(
        max_length=40,
        allow_null=True,
        required=False,
        default=None,
        help_text="Colour of the guild that killed the Underlord, or null (Inferno). Base Arcadia Quest has "
        "no Savior: leave it out (BR:261).",
    )


class UndoInput(Revision):
    seq = serializers.IntegerField(min_value=1, help_text="The number of the change to undo (see history).")


class ClaimInput(Revision):
    pass


class LiveStartInput(Revision):
    scenario = serializers.CharField(max_length=80)
    level = serializers.IntegerField(
        required=False, help_text="Episodic games only: the level chosen (GF:298)."
    )


class TallyInput(Revision):
    counter = serializers.ChoiceField(choices=["deaths", "damnation", "coins", "treasure"])
    delta = serializers.IntegerField(min_value=-10, max_value=10)
    hero = serializers.CharField(max_length=80, required=False, allow_null=True)


class LiveAngelInput(Revision):
    swap_for = serializers.CharField(
        max_length=80, help_text="The fielded hero that leaves the board for the angel just rescued."
    )


class QuestInput(Revision):
    quest = serializers.CharField(max_length=80, help_text="A PvE quest slug, or pvp:<colour>.")


class KillInput(Revision):
    victim = serializers.ChoiceField(choices=["monster", "villain", "hero"])
    killer = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        default="",
        help_text="The colour of the guild whose hero dealt the last wound; empty: a monster or a trap.",
    )
    monster = serializers.CharField(max_length=80, required=False, allow_blank=True, default="")
    hero = serializers.CharField(
        max_length=80, required=False, allow_blank=True, default="", help_text="The killed hero."
    )
    hero_guild = serializers.CharField(
        max_length=40, required=False, allow_blank=True, default="", help_text="The killed hero's guild."
    )
    wounded_by = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        default=list,
        max_length=4,
        help_text="A villain: every guild with a token on its card (the killer's counts anyway).",
    )


class AssignInput(Revision):
    player = serializers.CharField(
        max_length=150,
        required=False,
        allow_null=True,
        help_text="Username of the member who plays it from now on; empty: nobody (held or open).",
    )
    player_name = serializers.CharField(
        max_length=60,
        required=False,
        allow_blank=True,
        default="",
        help_text="Without a player: the absent friend it is held for; empty: open for a member to claim.",
    )


class ShareLinkInput(Revision):
    pass


class BackupRestoreInput(Revision):
    backup = serializers.IntegerField(min_value=1, help_text="The backup's id (see backups/).")


class ContentOverrideInput(serializers.Serializer):
    """A record of the campaign's content entered or corrected by a member; the service checks each field
    against its kind's bounds."""

    kind = serializers.CharField(max_length=16)
    target = serializers.CharField(max_length=170, help_text="e.g. cerberus/2-3, grimbolt, the-prisoner")
    fields = serializers.DictField(help_text="e.g. {'life': 5, 'defense': 2}")


class ContentVerifyInput(serializers.Serializer):
    kind = serializers.CharField(max_length=16)
    target = serializers.CharField(max_length=170)


class ContentPackInput(serializers.Serializer):
    """A content pack another group exported (README, "Content packs of a campaign")."""

    format = serializers.CharField(max_length=40)
    version = serializers.IntegerField()
    edition = serializers.CharField(max_length=50)
    records = serializers.ListField(child=serializers.DictField(), max_length=2000)
