"""What the live tracker shows is in play: titles that help, monsters a kill can name."""

from __future__ import annotations

from rest_framework import serializers

from campaigns.api.outputs_names import NamesOut


class TitleInPlayOut(NamesOut):
    slug = serializers.CharField()
    effect = serializers.CharField()
    holders = serializers.ListField(child=serializers.CharField(), help_text="The guilds holding it.")
    controls_spawn = serializers.BooleanField(help_text="Its holder chooses the spawns (GF:111).")


class LiveMonsterOut(NamesOut):
    slug = serializers.CharField()
    villain = serializers.BooleanField(help_text="A villain pays every guild that wounded it (RB:964-967).")
    reward_checked = serializers.BooleanField(
        allow_null=True,
        help_text="Whether its reward at this level was checked against the box (false: a fan source, "
        "GF:8-9); null when the content has no reward for it.",
    )
    reward_entered = serializers.BooleanField(
        help_text="This table entered the reward of its level card at this level; a kill pays that number.",
    )


class LiveHeroOut(serializers.Serializer):
    hero = serializers.CharField()
    deaths = serializers.IntegerField()
    damnation = serializers.IntegerField()
    on_board = serializers.BooleanField(
        help_text="False once swapped out for an angel: it left the board, its Death tokens stay (GF:175)."
    )


class AngelSwapOut(serializers.Serializer):
    angel = serializers.CharField()
    name = serializers.CharField()
    heroes = serializers.ListField(
        child=serializers.CharField(), help_text="The heroes on the board the angel may replace."
    )
