"""The live tracker's kill form."""

from __future__ import annotations

from typing import Any

from django import forms

from campaigns.pages.forms import RevisionForm


class KillForm(RevisionForm):
    """A kill at the table: a hero (``target`` "colour:hero") or a monster, and the guild that killed it
    (empty: a monster or a trap); for a villain, the other guilds that wounded it."""

    victim = forms.ChoiceField(choices=[(v, v) for v in ("monster", "villain", "hero")])
    target = forms.CharField(max_length=130, required=False)
    monster = forms.SlugField(max_length=80, required=False)
    killer = forms.SlugField(max_length=40, required=False)
    wounded_by = forms.MultipleChoiceField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        posted = self.data.getlist("wounded_by") if hasattr(self.data, "getlist") else []
        self.fields["wounded_by"].choices = [(c, c) for c in posted]

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        guild, _, hero = data["target"].partition(":")
        return {
            "victim": data["victim"],
            "killer": data["killer"],
            "monster": data["monster"],
            "hero": hero,
            "hero_guild": guild,
            "wounded_by": list(data["wounded_by"]),
        }
