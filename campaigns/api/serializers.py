"""The API's inputs (one per write) and its main answer, the Campaign Sheet, as serializers.

Inputs check the shape of a request; the services check the rules. `SheetSerializer` documents the sheet
that every campaign endpoint answers with (the data itself is built by `selectors.sheet`).
"""

from __future__ import annotations

from rest_framework import serializers

from campaigns.models import Campaign

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
    quests = serializers.ListField(child=serializers.CharField(max_length=80), required=False, default=list)
    heroes = HeroLine(many=True, required=False, default=list)


class PlayInput(Revision):
    scenario = serializers.CharField(max_length=80)
    results = ResultLine(many=True)


class NextInput(Revision):
    scenario = serializers.CharField(max_length=80)


class FinaleInput(Revision):
    savior = serializers.CharField(
        max_length=40, allow_null=True, help_text="Colour of the guild that killed the Underlord, or null."
    )


class UndoInput(Revision):
    seq = serializers.IntegerField(min_value=1, help_text="The number of the change to undo (see history).")


class ClaimInput(Revision):
    pass


class LiveStartInput(Revision):
    scenario = serializers.CharField(max_length=80)


class TallyInput(Revision):
    counter = serializers.ChoiceField(choices=["deaths", "damnation", "coins", "treasure"])
    delta = serializers.IntegerField(min_value=-10, max_value=10)
    hero = serializers.CharField(max_length=80, required=False, allow_null=True)


class QuestInput(Revision):
    quest = serializers.CharField(max_length=80, help_text="A PvE quest slug, or pvp:<colour>.")


# --- The Campaign Sheet (output) ---------------------------------------------------------------------


class CardOut(serializers.Serializer):
    id = serializers.IntegerField(help_text="The inventory card's id (to move or discard it).")
    slug = serializers.CharField()
    code = serializers.CharField()
    name = serializers.CharField()


class SlotOut(serializers.Serializer):
    slot = serializers.IntegerField()
    card = CardOut(allow_null=True)
    covered_by_curse = serializers.BooleanField()


class CurseOut(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    value = serializers.IntegerField(allow_null=True)
    takes_slot = serializers.BooleanField()
    slot = serializers.IntegerField(allow_null=True)


class HeroOut(serializers.Serializer):
    hero = serializers.CharField()
    name = serializers.CharField()
    defense = serializers.IntegerField(allow_null=True)
    life = serializers.IntegerField(allow_null=True)
    is_angel = serializers.BooleanField()
    position = serializers.IntegerField()
    fielded = serializers.BooleanField()
    retired = serializers.BooleanField()
    slots = SlotOut(many=True)
    overflow = CardOut(
        many=True, help_text="Cards bought with no free slot, waiting to be moved or discarded."
    )
    curse = CurseOut(allow_null=True)


class TitleOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    scenario = serializers.CharField(help_text="Where the title was won.")
    benefits = serializers.ListField(
        child=serializers.CharField(), help_text="Scenarios still to come it helps in."
    )


class GuildOut(serializers.Serializer):
    colour = serializers.CharField()
    name = serializers.CharField()
    animal = serializers.CharField()
    seat = serializers.IntegerField()
    player = serializers.CharField(allow_null=True)
    player_name = serializers.CharField()
    revision = serializers.IntegerField(help_text="Send it with a write to this guild.")
    editable = serializers.BooleanField(help_text="Whether the reader may change this guild.")
    saved_coins = serializers.IntegerField()
    card_count = serializers.IntegerField()
    heroes = HeroOut(many=True)
    angels = serializers.ListField(child=serializers.CharField())
    titles = TitleOut(many=True)


class HeroCountOut(serializers.Serializer):
    hero = serializers.CharField()
    deaths = serializers.IntegerField()
    damnation = serializers.IntegerField()


class ResultOut(serializers.Serializer):
    guild = serializers.CharField()
    winner = serializers.BooleanField()
    coins = serializers.IntegerField()
    treasure = serializers.IntegerField()
    title = serializers.BooleanField()
    angel = serializers.BooleanField()
    reward_cards = serializers.ListField(child=serializers.CharField())
    quests = serializers.ListField(child=serializers.CharField())
    deaths = serializers.IntegerField()
    damnation = serializers.IntegerField()
    heroes = HeroCountOut(many=True)


class AchievementsOut(serializers.Serializer):
    winner = serializers.ListField(child=serializers.CharField())
    least_deaths = serializers.ListField(child=serializers.CharField())
    most_coins = serializers.ListField(child=serializers.CharField())
    won_reward = serializers.ListField(child=serializers.CharField())
    won_title = serializers.ListField(child=serializers.CharField())


class PlayOut(serializers.Serializer):
    number = serializers.IntegerField()
    scenario = serializers.CharField()
    name = serializers.CharField()
    circle = serializers.CharField()
    level = serializers.CharField(help_text="The monster level card used.")
    chosen_by = serializers.CharField(allow_null=True)
    results = ResultOut(many=True)
    achievements = AchievementsOut()


class CircleScenarioOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    played_as = serializers.IntegerField(allow_null=True, help_text="Its number on the sheet, if played.")


class CircleOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    order = serializers.IntegerField()
    play = serializers.IntegerField(help_text="How many of its scenarios a campaign plays.")
    exclusive_group = serializers.CharField(help_text="Alternative circles share it; empty otherwise.")
    scenarios = CircleScenarioOut(many=True)


class LiveSummaryOut(serializers.Serializer):
    number = serializers.IntegerField()
    scenario = serializers.CharField()
    name = serializers.CharField()


class FinaleOut(serializers.Serializer):
    medals = AchievementsOut()
    council = serializers.ListField(child=serializers.CharField())
    savior = serializers.CharField(allow_null=True)
    ultimate_arcadian = serializers.ListField(child=serializers.CharField())


class SheetSerializer(serializers.Serializer):
    """The Campaign Sheet as one reader sees it."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    edition = serializers.CharField()
    mode = serializers.ChoiceField(choices=Campaign.Mode.values)
    owner = serializers.CharField()
    role = serializers.ChoiceField(choices=["owner", "player", "spectator"])
    revision = serializers.IntegerField(help_text="Send it with a campaign-wide write (or If-Match).")
    history_seq = serializers.IntegerField()
    share_token = serializers.CharField(allow_null=True, help_text="Only for the owner.")
    guilds = GuildOut(many=True)
    plays = PlayOut(many=True)
    circles = CircleOut(many=True)
    allowed_next = serializers.ListField(child=serializers.CharField())
    next_scenario = serializers.CharField(allow_null=True)
    next_chooser = serializers.CharField(allow_null=True)
    angels_lost = serializers.ListField(child=serializers.CharField())
    live = LiveSummaryOut(allow_null=True)
    finished = serializers.BooleanField()
    finale = FinaleOut(allow_null=True)
