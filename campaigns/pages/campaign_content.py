"""The campaign's own content page: the gaps of its edition, a form to fill or correct a record, the
members' entries with who checked them, and a content pack to export or import.

Any member writes here (no admin login); what they enter is the campaign's alone.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest, PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

from campaigns.models import OVERRIDE_FIELDS, CampaignImport
from campaigns.pages.rendering import page_access
from campaigns.pages.views import add_service_errors
from campaigns.selectors.backups import (
    PACK_INLINE_BYTES,
    PACK_INLINE_RECORDS,
    import_job,
    pack_in_background,
)
from campaigns.selectors.content_gaps import content_gaps, shown_names
from campaigns.selectors.field_labels import choice_label, choices_of, field_label
from campaigns.selectors.overrides import member_campaigns_of, override_rows, record_values
from campaigns.selectors.pack_schema import MAX_PACK_BYTES
from campaigns.services import imports, overrides
from companion.parsers import json_depth
from rules_helpers.box import FACES_PER_DIE

IMPORT_STATUS = "campaigns/_import_status.html"
# Refusals about the whole file rather than one of its values: shown without a path.
WHOLE_FILE = {None, "__all__", "document", "campaign"}

YES_NO = [("", "—"), ("yes", _("Yes")), ("no", _("No"))]


def _field(name: str, rule: tuple[str, Any]) -> forms.Field:
    kind, bound = rule
    label = field_label(name)
    if kind == "number":
        return forms.IntegerField(label=label, required=False, min_value=0, max_value=bound)
    if kind == "choice":
        # Offered by the model's labels ("Melee"), posted by value ("melee").
        return forms.ChoiceField(label=label, required=False, choices=[("", "—"), *choices_of(name, bound)])
    if kind == "flag":
        return forms.ChoiceField(label=label, required=False, choices=YES_NO)
    widget = forms.Textarea(attrs={"rows": 3}) if bound > 120 else forms.TextInput
    return forms.CharField(label=label, required=False, max_length=bound, widget=widget)


def face_fields(name: str) -> list[str]:
    """The selects of a die's faces, one per face (`faces_1` … `faces_6`)."""
    return [f"{name}_{number}" for number in range(1, FACES_PER_DIE + 1)]


class OverrideForm(forms.Form):
    """One record's fields, each bounded as the service bounds it; an empty field is left as it is. A die's
    faces (one field of the service, a list) are six selects, "Face 1" to "Face 6", entered together."""

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = OVERRIDE_FIELDS[kind]
        # The service's fields offered as several of the form's: {"faces": ["faces_1", …]}.
        self.grouped: dict[str, list[str]] = {}
        for name, rule in self.rules.items():
            if rule[0] == "faces":
                self.grouped[name] = self._faces(name, rule[1])
            else:
                self.fields[name] = _field(name, rule)

    def _faces(self, name: str, values: Any) -> list[str]:
        choices = [("", "—"), *choices_of(name, values)]
        for number, part in enumerate(face_fields(name), start=1):
            label = _("Face %(number)s") % {"number": number}
            self.fields[part] = forms.ChoiceField(label=label, required=False, choices=choices)
        return face_fields(name)

    def groups(self) -> list[dict[str, Any]]:
        """Each grouped field as the page shows it: its name, its selects and what was refused in them."""
        return [
            {
                "label": field_label(name),
                "fields": [self[part] for part in parts],
                "errors": [error for part in parts for error in self[part].errors],
            }
            for name, parts in self.grouped.items()
        ]

    def single_fields(self) -> list[forms.BoundField]:
        parts = {part for parts in self.grouped.values() for part in parts}
        return [self[name] for name in self.fields if name not in parts]

    def entered(self) -> dict[str, Any]:
        values = {}
        parts = {part for parts in self.grouped.values() for part in parts}
        for name, value in self.cleaned_data.items():
            if value in (None, "") or name in parts:
                continue
            values[name] = value == "yes" if self.rules[name][0] == "flag" else value
        for name, grouped in self.grouped.items():
            chosen = [self.cleaned_data.get(part) for part in grouped]
            if any(chosen):
                # A face left empty is not guessed: the die is refused whole, by the rule (six faces).
                values[name] = [face for face in chosen if face]
        return values

    def beside_fields(self, exc: ValidationError) -> ValidationError:
        """The service's refusal of a grouped field (a die's faces) said with its selects, on the first."""
        if not hasattr(exc, "error_dict"):
            return exc
        return ValidationError(
            {self.grouped[f][0] if f in self.grouped else f: m for f, m in exc.message_dict.items()}
        )


class PackForm(forms.Form):
    pack = forms.CharField(
        label=_("Content pack (JSON)"), widget=forms.Textarea(attrs={"rows": 4}), max_length=MAX_PACK_BYTES
    )

    def clean_pack(self) -> Any:
        text = self.cleaned_data["pack"]
        # Python's parser recurses once per level: a deep text is refused before it is parsed (F10, G6).
        deepest = settings.API_JSON_MAX_DEPTH
        if text.count("[") + text.count("{") > deepest and json_depth(text) > deepest:
            raise forms.ValidationError(
                _("JSON nested deeper than %(depth)s levels is not a content pack.") % {"depth": deepest}
            )
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            raise forms.ValidationError(
                _("This is not a content pack: paste the JSON file's text.")
            ) from None

    def size(self) -> int:
        return len(self.data.get("pack", "").encode())


def refuse_nul(*values: str) -> None:
    """A NUL character is never part of a name or slug (and PostgreSQL cannot even look it up): 400 (G6)."""
    if any("\x00" in value for value in values):
        raise BadRequest(_("A NUL character is not part of any name."))


def _initial(kind: str, values: dict[str, Any]) -> dict[str, Any]:
    rules = OVERRIDE_FIELDS[kind]
    initial: dict[str, Any] = {}
    for name, value in values.items():
        shape = rules.get(name, ("", None))[0]
        if shape == "flag":
            initial[name] = {True: "yes", False: "no"}.get(value, "")
        elif shape == "faces":
            initial.update(zip(face_fields(name), value if isinstance(value, list) else [], strict=False))
        else:
            initial[name] = value
    return initial


def campaign_content(request: HttpRequest, pk: int) -> HttpResponse:
    access = page_access(request, pk)
    campaign = access.campaign
    source = request.POST if request.method == "POST" else request.GET
    kind, target = source.get("kind", ""), source.get("target", "")
    refuse_nul(kind, target)
    record = record_values(campaign, kind, target) if kind in OVERRIDE_FIELDS and target else None
    form = None
    if record is not None:
        # Named as the gaps name it, in the reader's language ("Cérbero · nível 2-3").
        record["name"] = shown_names(campaign.edition, [(kind, target)]).get((kind, target), record["name"])
        for number in record["numbers"]:
            number["label"] = field_label(number["field"])
            number["shown"] = _value_as_read(number["field"], number["value"])
        posted = request.POST if request.POST.get("action") == "enter" else None
        form = OverrideForm(kind, posted, initial=_initial(kind, record["values"]))
    pack_form = PackForm(request.POST if request.POST.get("action") == "import" else None)
    status = 200
    if request.method == "POST":
        status, job = _write(request, access, kind, target, form, pack_form)
        if status == 200:
            return redirect(_written(pk, job, {"kind": kind, "target": target} if record is not None else {}))
    context = {
        "campaign": campaign,
        "may_write": access.is_member,
        "kind": kind,
        "target": target,
        "record": record,
        "form": form,
        "pack_form": pack_form,
        "gaps": content_gaps(campaign.edition, campaign, as_read=True),
        "entries": _entries_as_read(campaign, override_rows(campaign)),
        "share": request.GET.get("share", ""),
        "import_job": _import_context(request, campaign.pk, request.GET.get("import")),
        "inline_pack": {"kb": PACK_INLINE_BYTES // 1024, "records": PACK_INLINE_RECORDS},
    }
    return render(request, "campaigns/content.html", context, status=status)


def _entries_as_read(campaign: Any, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The campaign's entries with the record's name, each field and each choice in words ("Cerberus ·
    level 2-3", "Attack kind Melee"), not the targets and fields the API keeps ("cerberus/2-3",
    "attack_kind melee")."""
    names = shown_names(campaign.edition, [(row["kind"], row["target"]) for row in rows])
    return [
        {
            **row,
            "name": names.get((row["kind"], row["target"]), row["target"]),
            "fields": {
                field_label(name): _value_as_read(name, value) for name, value in row["fields"].items()
            },
        }
        for row in rows
    ]


def _value_as_read(name: str, value: Any) -> Any:
    if isinstance(value, bool):
        return dict(YES_NO)["yes" if value else "no"]
    if isinstance(value, list):  # a die's faces, in the order entered
        return "/".join(choice_label(name, str(item)) for item in value)
    return choice_label(name, value) if isinstance(value, str) else value


def _write(
    request: HttpRequest, access: Any, kind: str, target: str, form: Any, pack_form: PackForm
) -> tuple[int, int | None]:
    """The status of the write, and the background import it queued (a large pack) if any."""
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
            return 200, _import(request, access, pack_form)
        else:
            return 400, None
    except ValidationError as exc:
        if shown is pack_form:
            for line in error_lines(exc.message_dict if hasattr(exc, "error_dict") else exc.messages):
                pack_form.add_error(None, line)
        else:
            add_service_errors(shown, shown.beside_fields(exc))
        return 400, None
    except PermissionDenied as exc:
        shown.add_error(None, str(exc))
        return 403, None
    return 200, None


def _written(pk: int, job: int | None, record: dict[str, str]) -> str:
    """Where a write goes back to: the pack's import under way, else the record entered (or the page)."""
    query = urlencode({"import": job} if job else record)
    return reverse("campaigns:content", args=[pk]) + (f"?{query}" if query else "")


def _import(request: HttpRequest, access: Any, pack_form: PackForm) -> int | None:
    """A small pack is imported now; a large one is checked now and queued (its job's id)."""
    document = pack_form.cleaned_data["pack"]
    if pack_in_background(document, pack_form.size()):
        return imports.content_pack_import_queue(access=access, actor=request.user, document=document).pk
    overrides.content_pack_import(access=access, actor=request.user, document=document)
    return None


def error_lines(messages: dict[str, list[str]] | list[str]) -> list[str]:
    """A refusal's messages, each after the path of the value it names (`records[12].cost: ...`)."""
    if isinstance(messages, list):
        return list(messages)
    return [
        message if path in WHOLE_FILE else f"{path}: {message}"
        for path, listed in messages.items()
        for message in listed
    ]


def _import_context(request: HttpRequest, campaign_id: int, job_id: Any) -> dict[str, Any] | None:
    """The reader's own background import of a pack into this campaign, as the status part shows it."""
    if not str(job_id or "").isdigit() or len(str(job_id)) > 12:
        return None
    job = import_job(user=request.user, job_id=int(job_id))
    if job is None or job["kind"] != CampaignImport.Kind.CONTENT_PACK or job["campaign"] != campaign_id:
        return None
    return {
        **job,
        "lines": error_lines(job["errors"]),
        "status_url": reverse("campaigns:content-import", args=[campaign_id, job["id"]]),
        "page_url": reverse("campaigns:content", args=[campaign_id]),
    }


def content_import_status(request: HttpRequest, pk: int, job: int) -> HttpResponse:
    """The status part of a background pack import, polled by the content page until it is done."""
    access = page_access(request, pk)
    shown = _import_context(request, access.campaign.pk, job)
    if shown is None:
        raise Http404
    return render(request, IMPORT_STATUS, {"import_job": shown})


@login_required
def content_fill(request: HttpRequest) -> HttpResponse:
    """From the content report: the campaigns of the edition where the reader may fill the record in."""
    edition, kind, target = (request.GET.get(k, "") for k in ("edition", "kind", "target"))
    refuse_nul(edition, kind, target)
    query = urlencode({"kind": kind, "target": target})
    campaigns = [
        {"name": c.name, "url": f"{reverse('campaigns:content', args=[c.pk])}?{query}"}
        for c in member_campaigns_of(request.user, edition)
    ]
    context = {"campaigns": campaigns, "kind": kind, "target": target, "edition": edition}
    return render(request, "campaigns/content_fill.html", context)
