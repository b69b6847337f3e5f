"""A content record's names in the API's answers: the English one, the Brazilian one, and the reader's."""

from __future__ import annotations

from rest_framework import serializers


class NamesOut(serializers.Serializer):
    """Every named record of the sheet and the live tracker carries these (`history_text.content_names`)."""

    name = serializers.CharField(
        help_text="Its English name (see name_en_literal: some are only a translation of the Brazilian one)."
    )
    name_pt = serializers.CharField(
        allow_blank=True,
        help_text="Its Brazilian Portuguese name (scenario, title, circle, quest, hero, guild).",
    )
    local_name = serializers.CharField(
        allow_blank=True, help_text="Its Brazilian box name (card, Death Curse, monster), where known."
    )
    name_pt_source = serializers.CharField(
        allow_blank=True,
        help_text='Where the Portuguese name comes from: "app" for the app\'s own translation, empty for the '
        "record's source.",
    )
    name_en_literal = serializers.BooleanField(
        help_text="The English name is a literal translation of the Brazilian one: no English source gives "
        "it."
    )
    shown_name = serializers.CharField(
        help_text="Its name in the reader's language (Accept-Language or the saved language): the Brazilian "
        "name for a pt-br reader where one is known, the English name otherwise."
    )
