"""The API's answers as serializers, so the OpenAPI schema documents them: the Campaign Sheet (the answer of
every campaign write), the live tracker, the upgrade phase and hero draft as one reader sees them.

The data itself is built by the selectors; tests check that each serializer reproduces it exactly.
"""

from __future__ import annotations

from rest_framework import serializers

from campaigns.api.outputs_live import AngelSwapOut, LiveHeroOut, LiveMonsterOut, TitleInPlayOut
from campaigns.api.outputs_names import NamesOut
from campaigns.models import Campaign
from campaigns.selectors.confidence import KINDS
from rules_helpers import editions


class CardOut(NamesOut):
    id = serializers.IntegerField(help_text="The inventory card's id (to move or discard it).")
    slug = serializers.CharField()
    code = serializers.CharField()


class SureOut(serializers.Serializer):
    """How sure the content's numbers beside it are (`selectors/confidence.py`)."""

    kind = serializers.ChoiceField(choices=KINDS, help_text="box, fan, inferred, table, doubtful or zero.")
    source = serializers.CharField(allow_blank=True, help_text="Where the numbers come from.")


class SlotOut(serializers.Serializer):
    slot = serializers.IntegerField()
    card = CardOut(allow_null=True)
    covered_by_curse = serializers.BooleanField()


class CurseOut(NamesOut):
    code = serializers.CharField()
    value = serializers.IntegerField(allow_null=True)
    takes_slot = serializers.BooleanField()
    slot = serializers.IntegerField(allow_null=True)
    from_incomplete_deck = serializers.BooleanField(help_text="Drawn from a curse deck short of the box's.")
    sure = SureOut(help_text="How sure the value is (FAN-AQH).")


class HeroOut(NamesOut):
    hero = serializers.CharField()
    defense = serializers.IntegerField(allow_null=True)
    life = serializers.IntegerField(allow_null=True)
    sure = SureOut(help_text="How sure Defense and Life are (FAN-E).")
    is_angel = serializers.BooleanField()
    ability_name = serializers.CharField(allow_blank=True)
    ability = serializers.CharField(
        allow_blank=True, help_text="The app's paraphrase, in English; where sources disagree it says so."
    )
    position = serializers.IntegerField()
    fielded = serializers.BooleanField()
    retired = serializers.BooleanField()
    slots = SlotOut(many=True)
    overflow = CardOut(
        many=True, help_text="Cards bought with no free slot, waiting to be moved or discarded."
    )
    curse = CurseOut(allow_null=True)


class TitleOut(NamesOut):
    slug = serializers.CharField()
    scenario = serializers.CharField(help_text="Where the title was won.")
    benefits = serializers.ListField(
        child=serializers.CharField(), help_text="Scenarios still to come it helps in."
    )


class GuildOut(NamesOut):
    colour = serializers.CharField()
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


class GuildResultOut(serializers.Serializer):
    """What a guild did in one scenario: on the sheet, and as the live tracker would record it."""

    guild = serializers.CharField()
    winner = serializers.BooleanField()
    coins = serializers.IntegerField()
    treasure = serializers.IntegerField()
    title = serializers.BooleanField()
    angel = serializers.BooleanField()
    quests = serializers.ListField(child=serializers.CharField())
    heroes = HeroCountOut(many=True)


class ResultOut(GuildResultOut):
    reward_cards = serializers.ListField(child=serializers.CharField())
    deaths = serializers.IntegerField()
    damnation = serializers.IntegerField()


class AchievementsOut(serializers.Serializer):
    winner = serializers.ListField(child=serializers.CharField())
    least_deaths = serializers.ListField(child=serializers.CharField())
    most_coins = serializers.ListField(child=serializers.CharField())
    won_reward = serializers.ListField(child=serializers.CharField())
    won_title = serializers.ListField(child=serializers.CharField())


class SeatingOut(serializers.Serializer):
    starting_areas = serializers.DictField(
        child=serializers.IntegerField(), help_text="{guild colour: Starting Area} (RB:503-512)."
    )
    order = serializers.ListField(
        child=serializers.CharField(), help_text="The guilds clockwise: hands pass to the next one (left)."
    )
    first_player = serializers.CharField(help_text="Left of the last winner; random for the first (BR:96).")


class PlayOut(NamesOut):
    number = serializers.IntegerField()
    scenario = serializers.CharField()
    circle = serializers.CharField()
    level = serializers.CharField(help_text="The monster level card used.")
    chosen_by = serializers.CharField(allow_null=True)
    seating = SeatingOut(allow_null=True, help_text="Its Starting Areas and first player, if recorded.")
    results = ResultOut(many=True)
    achievements = AchievementsOut()


class CircleScenarioOut(NamesOut):
    slug = serializers.CharField()
    played_as = serializers.IntegerField(allow_null=True, help_text="Its number on the sheet, if played.")


class CircleOut(NamesOut):
    slug = serializers.CharField()
    order = serializers.IntegerField()
    play = serializers.IntegerField(help_text="How many of its scenarios a campaign plays.")
    exclusive_group = serializers.CharField(help_text="Alternative circles share it; empty otherwise.")
    scenarios = CircleScenarioOut(many=True)


class LiveSummaryOut(NamesOut):
    number = serializers.IntegerField()
    scenario = serializers.CharField()


class FinaleOut(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=editions.FINALE_KINDS,
        help_text="medals: Inferno's finale (RB:1311-1334); last-winner: base Arcadia Quest (BR:260-261).",
    )
    game_winner = serializers.CharField(
        allow_null=True, help_text="Base Arcadia Quest: the guild that won the last scenario (BR:261)."
    )
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
    next_chooser = serializers.CharField(
        allow_null=True, help_text="The last winner, who chooses the next scenario; null: the table chooses."
    )
    recommended_first = serializers.CharField(
        allow_null=True, help_text="The scenario the rulebook recommends to begin with, until one is played."
    )
    seating = SeatingOut(
        allow_null=True,
        help_text="The next scenario's Starting Areas and first player, once drawn.",
    )
    angels_lost = serializers.ListField(child=serializers.CharField())
    live = LiveSummaryOut(allow_null=True)
    finished = serializers.BooleanField()
    finale = FinaleOut(allow_null=True)
    game_winner = serializers.CharField(
        allow_null=True,
        help_text="The winner of the game where the edition names one: base Arcadia Quest, the guild that "
        "wins the last scenario (BR:260-261), as soon as it is recorded.",
    )
    has_damnation = serializers.BooleanField(help_text="False for base Arcadia Quest (BR:224).")
    finale_kind = serializers.ChoiceField(choices=editions.FINALE_KINDS)
    savior_candidates = serializers.ListField(
        child=serializers.CharField(), help_text="From the last quests."
    )


# --- The live tracker ----------------------------------------------------------------------------------


class LiveGuildOut(serializers.Serializer):
    guild = serializers.CharField()
    coins = serializers.IntegerField()
    treasure = serializers.IntegerField()
    quests = serializers.ListField(child=serializers.CharField())
    winner = serializers.BooleanField()
    quest_choices = serializers.DictField(child=serializers.CharField(), help_text="Quest slug to its label.")
    heroes = LiveHeroOut(many=True)
    angel_swap = AngelSwapOut(
        allow_null=True,
        help_text="The angel this guild just rescued, which it may swap in now (POST live/angel/, GF:174).",
    )


class RewardDraftOut(serializers.Serializer):
    card = serializers.CharField()
    hero = serializers.CharField(allow_null=True)


class ResultDraftOut(GuildResultOut):
    reward_cards = RewardDraftOut(many=True)


class LiveStateOut(NamesOut):
    number = serializers.IntegerField()
    scenario = serializers.CharField()
    level = serializers.CharField()
    quest_log = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), help_text="[quest, colour] in order."
    )
    won_by = serializers.CharField(
        allow_null=True,
        help_text="The guild that completed its last quest (BR:205: the scenario ends at once), or null; the "
        "scenario then waits to be recorded.",
    )
    guilds = LiveGuildOut(many=True)
    results_draft = ResultDraftOut(many=True, help_text="What recording now would write.")
    titles_in_play = TitleInPlayOut(many=True, help_text="Titles that help in this scenario (RB:1248-1254).")
    villain_angels = serializers.ListField(
        child=serializers.CharField(), help_text="Angels the Underlord fields here as monsters (GF:177)."
    )
    villain_angels_by_table = serializers.BooleanField(
        help_text="An episodic game took no side: two of villain_angels stand at A1/A2, as the table placed "
        "them (GF:177, GF:298)."
    )
    monsters = LiveMonsterOut(many=True, help_text="The monsters a kill can name.")
    monsters_listed = serializers.BooleanField(
        help_text="False where the content lists none of the scenario's monsters (base, GF:245): monsters "
        "are then the edition's."
    )


class LiveOut(serializers.Serializer):
    live = LiveStateOut(allow_null=True)


class LiveTapOut(serializers.Serializer):
    """What a tap changed, for the phone that tapped: the counter's new value and the revisions its next
    write sends. The whole new sheet is read with `GET /api/v1/campaigns/{id}/` (the other phones' poll)."""

    revision = serializers.IntegerField(help_text="The campaign's revision (a guild's tap leaves it alone).")
    history_seq = serializers.IntegerField(help_text="The campaign's state after the tap (its last change).")
    guild = serializers.CharField(help_text="The guild's colour.")
    guild_revision = serializers.IntegerField(help_text="The guild's revision: send it with its next write.")
    counter = serializers.CharField()
    hero = serializers.CharField(allow_null=True, help_text="The hero's slug for deaths and damnation.")
    value = serializers.IntegerField(help_text="The counter's value after the tap.")


# --- Members and the history (the upgrade phase and the hero draft are in phase_outputs.py) ---------


class MemberOut(serializers.Serializer):
    user = serializers.CharField()
    role = serializers.CharField()


class EventOut(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    summary = serializers.CharField()
    actor = serializers.CharField(allow_null=True)
    guild = serializers.CharField(allow_null=True, help_text="The guild's uid.")
    data = serializers.DictField()
    changes = serializers.ListField(child=serializers.DictField(), help_text="Rows before and after.")
    undoes = serializers.IntegerField(allow_null=True)
    created_at = serializers.CharField()


class CampaignDocument(serializers.Serializer):
    """A whole campaign with its history: rows as snapshots (no database ids), people by username."""

    format = serializers.CharField(help_text="inferno-companion-campaign")
    version = serializers.IntegerField()
    campaign = serializers.DictField(help_text="The campaign row's snapshot, with its uid and revision.")
    members = MemberOut(many=True)
    rows = serializers.DictField(
        child=serializers.ListField(child=serializers.DictField()),
        help_text="Snapshots by model, in load order.",
    )
    events = EventOut(many=True)
    contains_secrets = serializers.BooleanField(
        help_text="True for the owner's full backup (?full=1): it holds every guild's hidden hands."
    )
    notice = serializers.CharField(help_text="What the document holds, or leaves out.")
    attestation = serializers.CharField(
        required=False, help_text="Full backups only: the members, signed, so a restore re-attaches them."
    )


class ImportStatusOut(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(
        choices=["campaign", "content-pack"],
        help_text="A campaign export, or a content pack into a campaign.",
    )
    status = serializers.ChoiceField(choices=["pending", "running", "done", "failed"])
    progress = serializers.IntegerField(help_text="Percent done.")
    campaign = serializers.IntegerField(
        allow_null=True,
        help_text="A campaign export: the new campaign, once done. A content pack: the campaign it fills.",
    )
    errors = serializers.DictField(
        help_text="Why the document was refused (status failed): messages by the path of the bad value."
    )
    result = serializers.DictField(help_text='What a done import made (a content pack: {"records": n}).')
    status_url = serializers.CharField(help_text="Where to poll this status.")


class BackupOut(serializers.Serializer):
    id = serializers.IntegerField()
    reason = serializers.CharField()
    history_seq = serializers.IntegerField(help_text="The change the backup was taken after.")
    summary = serializers.CharField()
    created_at = serializers.DateTimeField()


class ContentOverrideOut(serializers.Serializer):
    kind = serializers.CharField()
    target = serializers.CharField()
    fields = serializers.DictField()
    entered_by = serializers.CharField(allow_null=True)
    entered_at = serializers.DateTimeField()
    verified_by = serializers.CharField(allow_null=True)
    verified_at = serializers.DateField(allow_null=True)


class ContentPackRecordOut(serializers.Serializer):
    kind = serializers.CharField()
    target = serializers.CharField()
    fields = serializers.DictField()
    verified_on = serializers.DateField(allow_null=True)


class ContentPackOut(serializers.Serializer):
    format = serializers.CharField()
    version = serializers.IntegerField()
    edition = serializers.CharField()
    records = ContentPackRecordOut(many=True)
