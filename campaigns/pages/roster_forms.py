"""A guild's roster on the pages: the heroes it fields for the next scenario, and the angel it swaps in
live (the rules: `rules_helpers.roster`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.pages.forms import GuildForm


class FieldForm(GuildForm):
    """The heroes ticked for the next scenario; the service checks there are the edition's number (GF:176)."""

    heroes = forms.MultipleChoiceField(label=_("Heroes"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        posted = self.data.getlist("heroes") if hasattr(self.data, "getlist") else []
        self.fields["heroes"].choices = [(h, h) for h in posted]

    def service_args(self) -> dict[str, Any]:
        return {"heroes": list(self.cleaned_data["heroes"])}


class LiveAngelForm(GuildForm):
    """The angel just rescued swaps in for this hero on the board (GF:174)."""

    swap_for = forms.SlugField(label=_("Hero"), max_length=80)
