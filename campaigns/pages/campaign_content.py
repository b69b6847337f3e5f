"""The campaign's own content page: the gaps of its edition, a form to fill or correct a record, the
members' entries with who checked them, and a content pack to export or import.

Any member writes here (no admin login); what they enter is the campaign's alone.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

from campaigns.models import OVERRIDE_FIELDS
from campaigns.pages.rendering import page_access
from campaigns.pages.views import add_service_errors
from campaigns.selectors.content_gaps import content_gaps
from campaigns.selectors.overrides import member_campaigns_of, override_rows, record_values
from campaigns.services import overrides

LABELS = {
    "life": _("Life"),
    "overkill": _("Overkill"),
    "reward": _("Reward (coins)"),
    "attack_kind": _("Attack kind"),
    "attack_dice": _("Attack dice"),
    "attack_name": _("Attack name"),
    "movement": _("Movement"),
    "defense": _("Defense"),
    "ability": _("Ability"),
    "tier": _("Tier"),
    "huge": _("Huge"),
    "figures": _("Figures"),
    "name": _("Name"),
    "code": _("Code"),
    "deck": _("Deck"),
    "cost": _("Cost"),
    "copies": _("Copies"),
    "card_type": _("Card type"),
    "effect": _("Effect (in your own words)"),
    "spawn_tokens": _("Spawn tokens"),
    "exploration_tokens": _("Exploration tokens"),
    "brimstone_cards": _("Brimstone cards"),
    "setup_notes": _("Setup notes"),
    "quests": _("Quests and what they give"),
    "monsters": _("Monsters and figures"),
}
YES_NO = [("", "—"), ("yes", _("Yes")), ("no", _("No"))]


def _field(name: str, rule: tuple[str, Any]) -> forms.Field:
    kind, bound = rule
    label = LABELS.get(name, name)
    if kind == "number":
        return forms.IntegerField(label=label, required=False, min_value=0, max_value=bound)
    if kind == "choice":
        return forms.ChoiceField(label=label, required=False, choices=[("", "—"), *((v, v) for v in bound)])
    if kind == "flag":
        return forms.ChoiceField(label=label, required=False, choices=YES_NO)
    widget = forms.Textarea(attrs={"rows": 3}) if bound > 120 else forms.TextInput
    return forms.CharField(label=label, required=False, max_length=bound, widget=widget)


class OverrideForm(forms.Form):
    """One record's fields, each bounded as the service bounds it; an empty field is left as it is."""

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = OVERRIDE_FIELDS[kind]
        for name, rule in self.rules.items():
            self.fields[name] = _field(name, rule)

    def entered(self) -> dict[str, Any]:
        values = {}
        for name, value in self.cleaned_data.items():
            if value in (None, ""):
                continue
            values[name] = value == "yes" if self.rules[name][0] == "flag" else value
        return values


class PackForm(forms.Form):
    pack = forms.CharField(label=_("Content pack (JSON)"), widget=forms.Textarea(attrs={"rows": 4}))

    def clean_pack(self) -> Any:
        try:
            return json.loads(self.cleaned_data["pack"])
        except ValueError:
            raise forms.ValidationError(
                _("This is not a content pack: paste the JSON file's text.")
            ) from None


def _initial(kind: str, values: dict[str, Any]) -> dict[str, Any]:
    flags = {n for n, (k, _b) in OVERRIDE_FIELDS[kind].items() if k == "flag"}
    return {n: ({True: "yes", False: "no"}.get(v, "") if n in flags else v) for n, v in values.items()}


def campaign_content(request: HttpRequest, pk: int) -> HttpResponse:
    access = page_access(request, pk)
    campaign = access.campaign
    source = request.POST if request.method == "POST" else request.GET
    kind, target = source.get("kind", ""), source.get("target", "")
    record = record_values(campaign, kind, target) if kind in OVERRIDE_FIELDS and target else None
    form = None
    if record is not None:
        posted = request.POST if request.POST.get("action") == "enter" else None
        form = OverrideForm(kind, posted, initial=_initial(kind, record["values"]))
    pack_form = PackForm(request.POST if request.POST.get("action") == "import" else None)
    status = 200
    if request.method == "POST":
        status = _write(request, access, kind, target, form, pack_form)
        if status == 200:
            query = urlencode({"kind": kind, "target": target}) if record is not None else ""
            return redirect(reverse("campaigns:content", args=[pk]) + (f"?{query}" if query else ""))
    context = {
        "campaign": campaign,
        "may_write": access.is_member,
        "kind": kind,
        "target": target,
        "record": record,
        "form": form,
        "pack_form": pack_form,
        "gaps": content_gaps(campaign.edition, campaign),
        "entries": override_rows(campaign),
        "share": request.GET.get("share", ""),
    }
    return render(request, "campaigns/content.html", context, status=status)


def _write(request: HttpRequest, access: Any, kind: str, target: str, form: Any, pack_form: PackForm) -> int:
    action = request.POST.get("action")
    shown = form if action == "enter" and form is not None else pack_form
    try:
        if action == "enter" and form is not None and form.is_valid():
            overrides.content_override_set(
                access=access, actor=request.user, kind=kind, target=target, fields=form.entered()
            )
        elif action == "verify":
            overrides.content_override_verify(access=access, actor=request.user, kind=kind, target=target)
        elif action == "import" and pack_form.is_valid():
            overrides.content_pack_import(
                access=access, actor=request.user, document=pack_form.cleaned_data["pack"]
            )
        else:
            return 400
    except ValidationError as exc:
        add_service_errors(shown, exc)
        return 400
    except PermissionDenied as exc:
        shown.add_error(None, str(exc))
        return 403
    return 200


@login_required
def content_fill(request: HttpRequest) -> HttpResponse:
    """From the content report: the campaigns of the edition where the reader may fill the record in."""
    edition, kind, target = (request.GET.get(k, "") for k in ("edition", "kind", "target"))
    query = urlencode({"kind": kind, "target": target})
    campaigns = [
        {"name": c.name, "url": f"{reverse('campaigns:content', args=[c.pk])}?{query}"}
        for c in member_campaigns_of(request.user, edition)
    ]
    context = {"campaigns": campaigns, "kind": kind, "target": target, "edition": edition}
    return render(request, "campaigns/content_fill.html", context)
