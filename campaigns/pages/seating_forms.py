"""The Starting Areas the table drew by hand, entered on the sheet (one field per guild, as posted)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.pages.forms import RevisionForm
from rules_helpers.box import MAX_GUILDS

PREFIX = "area-"


class SeatingEnterForm(RevisionForm):
    """``area-<colour>`` = the Starting Area token that guild drew; the service checks them against the
    campaign's guilds (one each, 1 to n)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        posted = [k for k in self.data if k.startswith(PREFIX) and len(k) <= len(PREFIX) + 40]
        for name in posted[:MAX_GUILDS]:
            self.fields[name] = forms.IntegerField(label=_("Starting area"), min_value=1)

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"areas": {k.removeprefix(PREFIX): v for k, v in data.items() if k.startswith(PREFIX)}}
