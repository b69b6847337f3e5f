"""The upgrade phase's and the hero draft's answers (what `GET upgrade-phase/` and `GET hero-draft/` show)."""

from __future__ import annotations

from rest_framework import serializers


class CurseDrawOut(serializers.Serializer):
    guild = serializers.CharField()
    hero = serializers.CharField()
    deaths = serializers.IntegerField()
    damnation = serializers.IntegerField()
    draw_count = serializers.IntegerField()
    drawn = serializers.ListField(child=serializers.CharField())
    kept = serializers.CharField(allow_null=True)
    deck_note = serializers.CharField(
        allow_null=True, required=False, help_text="Set when the deck drawn from is not the box's full deck."
    )
    why = serializers.CharField()


class PhaseGuildOut(serializers.Serializer):
    guild = serializers.CharField()
    purchased = serializers.BooleanField()
    confirmed = serializers.BooleanField()
    bought = serializers.ListField(child=serializers.CharField(), required=False)
    spent = serializers.IntegerField(required=False)
    drafted = serializers.ListField(child=serializers.CharField(), required=False, help_text="Once closed.")


class PhaseMineOut(serializers.Serializer):
    guild = serializers.CharField()
    coins = serializers.IntegerField()
    hand = serializers.ListField(child=serializers.CharField())
    picked_this_round = serializers.BooleanField()
    drafted = serializers.ListField(child=serializers.CharField())
    bought = serializers.ListField(child=serializers.CharField())
    purchased = serializers.BooleanField()
    confirmed = serializers.BooleanField()


class PhaseOut(serializers.Serializer):
    level = serializers.IntegerField()
    status = serializers.CharField()
    draft_mode = serializers.CharField()
    deck_note = serializers.CharField(allow_null=True)
    curse_deck_note = serializers.CharField(
        allow_null=True, help_text="Set when the curses came from a deck that is not the box's full deck."
    )
    curse_draws = CurseDrawOut(many=True)
    round = serializers.IntegerField(allow_null=True)
    draft_complete = serializers.BooleanField()
    waiting_for = serializers.ListField(child=serializers.CharField())
    guilds = PhaseGuildOut(many=True)
    mine = PhaseMineOut(allow_null=True, help_text="Only the reader's own hand (or the owner's pick).")


class PhaseReviewOut(PhaseOut):
    actions = serializers.ListField(child=serializers.CharField())
    story = serializers.ListField(child=serializers.CharField())


class HeroDraftMineOut(serializers.Serializer):
    guild = serializers.CharField()
    hand = serializers.ListField(child=serializers.CharField())
    picked_this_round = serializers.BooleanField()
    drafted = serializers.ListField(child=serializers.CharField())


class HeroDraftOut(serializers.Serializer):
    round = serializers.IntegerField()
    complete = serializers.BooleanField()
    waiting_for = serializers.ListField(child=serializers.CharField())
    mine = HeroDraftMineOut(allow_null=True)
    joined_after = serializers.BooleanField(
        help_text="The guild asked for was added after the draft: no hand; it chooses its heroes freely."
    )
    drafted = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False, help_text="Once done."
    )


# --- A campaign as a document (export / import) ---------------------------------------------------------
