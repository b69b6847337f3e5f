"""The campaign pages: the list, joining, the Campaign Sheet, and the writes made from them.

Every page works as plain forms that post back; with htmx a write answers with the re-rendered page part.
Writes go through the services with the revision the form was rendered with, so a stale form is refused.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaigns.access import Access, campaign_access
from campaigns.errors import ConflictError
from campaigns.history_text import content_names, event_summary
from campaigns.models import MonsterLevelCard
from campaigns.pages import forms as f
from campaigns.pages import mine, phases, review
from campaigns.pages.actions import ACTIONS, HERO_DRAFT, SHEET, UPGRADE, Action, ConfirmUndo
from campaigns.pages.context import history_context, sheet_context
from campaigns.pages.invite import invite_context
from campaigns.pages.now import tabs, with_now
from campaigns.pages.rendering import (
    open_panels,
    page_access,
    page_etag,
    partial_or_page,
    vary_on_panels,
)
from campaigns.polls import KeptPoll
from campaigns.selectors.backups import campaign_backups
from campaigns.selectors.campaigns import (
    campaigns_visible_to,
    episodic_level_choices,
    latest_change,
    live_play,
    monsters_page_number,
    open_join_codes,
)
from campaigns.selectors.content import edition_monsters, level_label_with_source
from campaigns.selectors.overrides import campaign_level_cards
from campaigns.selectors.sheet import sheet_for_reader, sheet_reader
from campaigns.selectors.sheet_cache import (
    cached_sheet,
    cached_sheet_page,
    history_page,
    join_codes_tag,
    sheet_after_write,
    tag,
)
from campaigns.services import campaigns as setup
from companion.conditional import not_modified, revalidated, unchanged
from companion.throttling import JOIN_THROTTLES, refused_for

CONFLICT = gettext_lazy(
    "Someone changed this meanwhile — here is the current sheet. Check it and make your change again."
)
JOIN_THROTTLED = "Too many join attempts; wait a minute and try again."


# --- The list, new campaigns, joining ---------------------------------------------------------------


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    form = f.CampaignCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = setup.campaign_create(owner=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            return redirect("campaigns:sheet", pk=campaign.pk)
    campaigns = list(campaigns_visible_to(request.user).prefetch_related("guilds__colour"))
    for campaign in campaigns:
        campaign.badges = [
            {"colour": g.colour.slug, **content_names(g.colour), "animal": g.colour.animal}
            for g in campaign.guilds.all()
        ]
    context = {
        "campaigns": campaigns,
        "form": form,
        "join_form": f.JoinForm(),
    }
    return render(request, "campaigns/list.html", context, status=400 if form.errors else 200)


@login_required
def campaign_join(request: HttpRequest) -> HttpResponse:
    # A join link (`?code=…`, from the owner's QR code) fills the code in; joining stays one tap, by POST.
    form = f.JoinForm(request.POST or None, initial={"code": request.GET.get("code", "")[:32]})
    status = 200
    if request.method == "POST" and form.is_valid():
        wait = refused_for(request, JOIN_THROTTLES)
        if wait is not None:
            # The API's join budget (JOIN_RATE per account, JOIN_IP_RATE per address), shared with it.
            form.add_error("code", JOIN_THROTTLED)
            status = 429
        else:
            try:
                campaign = setup.campaign_join(user=request.user, code=form.cleaned_data["code"])
            except ValidationError:
                form.add_error("code", setup.JOIN_CODE_ERROR)
            else:
                return redirect(reverse("campaigns:sheet", args=[campaign.pk]) + "#guilds")
    if form.errors and status == 200:
        status = 400
    response = render(request, "campaigns/join.html", {"form": form}, status=status)
    if status == 429:
        response["Retry-After"] = str(int(wait or 60))
    return response


# --- The Campaign Sheet ------------------------------------------------------------------------------


def campaign_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The sheet, or 304 when the reader holds this version of it.

    The version is the campaign's state, the content version, the reader and the variant asked for (page or
    part, open panels, language). The owner's join codes and backups change without an event, so the
    owner's version names them too (two small reads, the owner's page only)."""
    panels = open_panels(request)
    poll = KeptPoll(request, pk, *panels)
    if answer := poll.answer():
        return vary_on_panels(answer)
    access = campaign_access(user=request.user, pk=pk, share_token=request.GET.get("share"))
    codes = kept = None
    tools = ""
    if access.is_owner:
        codes, kept = open_join_codes(access.campaign), campaign_backups(access.campaign)
        tools = join_codes_tag(codes) + tag(*(b["id"] for b in kept))
    etag = page_etag(request, access, tools, *panels, content=poll.content)
    poll.keep(etag, until=min((c.expires_at for c in codes or ()), default=None))
    if unchanged(request, etag):
        return vary_on_panels(not_modified(etag))
    page = render_sheet(request, access, join_codes=codes, backups=kept)
    return vary_on_panels(revalidated(page, etag))


def render_sheet(
    request: HttpRequest,
    access: Access,
    *,
    failed: dict | None = None,
    notice: str = "",
    status: int = 200,
    join_codes: list | None = None,
    confirm_undo: dict | None = None,
    backups: list | None = None,
) -> HttpResponse:
    context = _sheet_context(access, join_codes, backups)
    context.update(invite_context(request, access, context["join_codes"]))
    share = request.GET.get("share", "")
    context.update({"failed": failed, "notice": notice, "share": share})
    with_now(context, context.pop("snapshot"), "sheet", share)
    context["open_panels"] = open_panels(request)
    if "history" not in context["open_panels"] and len(context["history"]) > HISTORY_ON_SHEET:
        # The latest few changes on the sheet; more on demand, all on the history page.
        context.update(history=context["history"][:HISTORY_ON_SHEET], history_more=True)
    context["confirm_undo"] = confirm_undo
    context["record_form"] = _record_form(context, failed)
    return partial_or_page(request, "campaigns/sheet.html", "campaigns/_sheet.html", context, status)


HISTORY_PAGE = 50
HISTORY_ON_SHEET = 5


def campaign_history(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole history, a page at a time (newest first), each page as cheap as the first."""
    return render_history(request, page_access(request, pk))


def render_history(
    request: HttpRequest,
    access: Access,
    *,
    failed: dict | None = None,
    notice: str = "",
    status: int = 200,
    confirm_undo: dict | None = None,
) -> HttpResponse:
    """The history page; an undo made there (`back=history`) comes back to it, asking here to confirm."""
    before = request.GET.get("before", "")
    rows, older = history_page(
        access.campaign, before=int(before) if before.isdigit() else None, size=HISTORY_PAGE
    )
    snapshot = cached_sheet(access.campaign)
    reader = sheet_reader(snapshot, access)
    context = {
        "access": access,
        "campaign": access.campaign,
        "history": history_context(rows, reader, sheet_for_reader(snapshot, access)),
        "older": older,
        "newest": bool(before),
        "share": request.GET.get("share", ""),
        "tabs": tabs(access.campaign.pk, "sheet", share=request.GET.get("share", "")),
        "history_page": True,
        "failed": failed,
        "notice": notice,
        "confirm_undo": confirm_undo,
    }
    return render(request, "campaigns/history.html", context, status=status)


def _sheet_context(
    access: Access, join_codes: list | None = None, backups: list | None = None
) -> dict[str, Any]:
    snapshot, page = cached_sheet_page(access.campaign)
    if join_codes is None:
        join_codes = open_join_codes(access.campaign) if access.is_owner else []
    if backups is None:
        backups = campaign_backups(access.campaign) if access.is_owner else []
    return {**sheet_context(access, snapshot, page, join_codes, backups), "snapshot": snapshot}


def _record_form(context: dict[str, Any], failed: dict | None) -> f.RecordForm | None:
    sheet = context["sheet"]
    if failed and failed["action"] == "record":
        return failed["form"]
    if (
        not context["access"].is_member
        or sheet["finished"]
        or context["open_phase"]
        or not sheet["allowed_next"]
    ):
        return None
    initial: dict[str, Any] = {"revision": sheet["revision"], "scenario": sheet["next_scenario"]}
    if context["live"]:
        initial.update(f.RecordForm.initial_from_draft(context["live"]["results_draft"]))
        initial["scenario"] = context["live"]["scenario"]
    return f.RecordForm(
        initial=initial,
        guilds=sheet["guilds"],
        reward_cards=context["reward_cards"],
        reward_slots=context["reward_slots"],
        played=live_played(context["live"]),
    )


def live_played(live: dict[str, Any] | None) -> dict[str, set[str]]:
    """Per guild, the heroes with a line in the live scenario (a swapped-out one included)."""
    if not live:
        return {}
    return {line["guild"]: {h["hero"] for h in line["heroes"]} for line in live["guilds"]}


def stat_label(field: str) -> str:
    return str(MonsterLevelCard._meta.get_field(field).verbose_name).capitalize()


def campaign_monsters(request: HttpRequest, pk: int) -> HttpResponse:
    """Monster stats for the next scenario (an episodic game: its level), the helper's lookup, and where
    missing stats are entered."""
    access = page_access(request, pk)
    number = monsters_page_number(access.campaign, request.GET.get("level"))
    levels = episodic_level_choices(access.campaign)
    # The level cards as this campaign sees them: what its members entered over the edition's.
    cards = {c["monster"]: c for c in campaign_level_cards(access.campaign, number)}
    for card in cards.values():
        # The stats' names as players read them ("Life, Attack kind"), never the fields' ("attack_kind").
        card["missing"] = [stat_label(name) for name in card.get("missing") or ()]
    monsters = edition_monsters(access.campaign.edition)
    context = {
        "campaign": access.campaign,
        "rows": [{"monster": m, "card": cards.get(m.slug)} for m in monsters],
        "may_write": access.is_member,
        "number": number,
        "level": level_label_with_source(access.campaign.edition, number),
        "levels": levels,
        "playing": bool(levels) and live_play(access.campaign) is not None,
        "share": request.GET.get("share", ""),
        "tabs": tabs(access.campaign.pk, "helpers", share=request.GET.get("share", "")),
    }
    return render(request, "campaigns/monsters.html", context)


# --- Writes ------------------------------------------------------------------------------------------


@require_POST
def campaign_act(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """One write; the answer names how it went in `X-Write` (saved, conflict, refused, forbidden, confirm)
    so the page can say it beside the tapped control."""
    spec = ACTIONS.get(action)
    if spec is None:
        raise Http404
    access = campaign_access(user=request.user, pk=pk)
    form = _bound_form(spec, request, access)
    if not form.is_valid():
        return _refused(request, access, spec, action, form, status=400)
    if spec.form is f.RecordForm and not form.cleaned_data["confirm"]:
        return _review_or_edit(request, access, form)
    try:
        spec.call(access=access, actor=request.user, **spec.service_kwargs(form, access))
    except ConflictError:
        notice = _conflict_notice(access, form)
        page = _render_page(request, _fresh(request, pk), spec, form, notice=notice, status=409)
        return _outcome(page, "conflict")
    except ConfirmUndo as ask:
        if _back_to_history(request, spec):
            return _outcome(render_history(request, access, confirm_undo=ask.prompt), "confirm")
        return _outcome(render_sheet(request, access, confirm_undo=ask.prompt), "confirm")
    except ValidationError as exc:
        add_service_errors(form, exc)
        return _refused(request, access, spec, action, form, status=400)
    except PermissionDenied as exc:
        form.add_error(None, str(exc) or "You may not do that.")
        return _refused(request, access, spec, action, form, status=403)
    if spec.away:
        return _outcome(_away(request, access, action), "saved")
    after = sheet_after_write(access, page=spec.page == SHEET) if request.htmx else access
    return _outcome(_done(request, after, spec, form), "saved")


def _away(request: HttpRequest, access: Access, action: str) -> HttpResponse:
    """The campaign is gone for this reader: say so on the campaign list, where htmx is sent as well."""
    name = access.campaign.name
    if action == "delete":
        messages.success(request, _("The campaign %(name)s was deleted.") % {"name": name})
    else:
        left = _("You left %(name)s; its owner can hand your guild to someone else.")
        messages.success(request, left % {"name": name})
    url = reverse("campaigns:list")
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


class ConflictNotice(str):
    """The conflict note's sentence, with who made the change the write ran into and what it was kept apart:
    a phone replaying the writes it kept offline says them in its own note (static/js/offline.js), where "here
    is the current sheet" would not fit."""

    who: str = ""
    change: str = ""


def _conflict_notice(access: Access, form: Any) -> ConflictNotice:
    """A write based on an older revision is refused; the notice names the change it ran into and who made it
    (the guild's newest change for a guild's write, else the campaign's)."""
    change = latest_change(access.campaign, form.cleaned_data.get("guild") or None)
    if change is None:
        return ConflictNotice(CONFLICT)
    who = change.actor.get_username() if change.actor_id else (change.actor_name or _("Someone"))
    summary = event_summary(change)
    notice = ConflictNotice(
        _(
            "%(who)s changed this meanwhile (%(change)s). Here is the current sheet: check it and make your "
            "change again."
        )
        % {"who": who, "change": summary}
    )
    notice.who, notice.change = who, summary
    return notice


def _outcome(response: HttpResponse, outcome: str) -> HttpResponse:
    response["X-Write"] = outcome
    return response


def _review_or_edit(request: HttpRequest, access: Access, form: f.RecordForm) -> HttpResponse:
    """Results are reviewed before they are written; "Change the results" re-opens the form with them."""
    if request.POST.get("edit"):
        editing = {"action": "record", "form": form, "scope": "record-edit"}
        return render_sheet(request, access, failed=editing)
    return review.render_review(request, _review_context(request, access), form)


def _review_context(request: HttpRequest, access: Access) -> dict[str, Any]:
    context = _sheet_context(access)
    with_now(context, context.pop("snapshot"), "now", "")
    return context


def record_review(request: HttpRequest, pk: int) -> HttpResponse:
    """The live tracker's results on the review screen, one tap from the tracker (nothing is written)."""
    access = page_access(request, pk)
    context = _review_context(request, access)
    blank = _record_form(context, None)
    if blank is None or not context["live"]:
        return redirect(reverse("campaigns:sheet", args=[pk]) + "#record")
    live, revision = context["live"], context["sheet"]["revision"]
    data = f.RecordForm.data_from_draft(live["results_draft"], revision=revision, scenario=live["scenario"])
    form = f.RecordForm(
        data,
        guilds=context["sheet"]["guilds"],
        reward_cards=context["reward_cards"],
        reward_slots=context["reward_slots"],
        played=live_played(live),
    )
    if not form.is_valid():
        return redirect(reverse("campaigns:sheet", args=[pk]) + "#record")
    return review.render_review(request, context, form)


def _fresh(request: HttpRequest, pk: int) -> Access:
    # The write may have changed what the caller may edit (a claimed guild, a joined player).
    return campaign_access(user=request.user, pk=pk)


def _bound_form(spec: Action, request: HttpRequest, access: Access) -> Any:
    if spec.form is f.RecordForm:
        context = _sheet_context(access)
        return f.RecordForm(
            request.POST,
            guilds=context["sheet"]["guilds"],
            reward_cards=context["reward_cards"],
            reward_slots=context["reward_slots"],
            played=live_played(context["live"]),
        )
    return spec.form(request.POST)


def add_service_errors(form: Any, exc: ValidationError) -> None:
    """A service's field messages go next to the field when the form shows it, else at the form's top."""
    messages = exc.message_dict if hasattr(exc, "error_dict") else {None: exc.messages}
    for field, errors in messages.items():
        visible = field in form.fields and not form.fields[field].widget.is_hidden
        form.add_error(field if visible else None, errors)


def _refused(
    request: HttpRequest, access: Any, spec: Action, action: str, form: Any, status: int
) -> HttpResponse:
    guild = form.data.get("guild", "")
    failed = {"action": action, "form": form, "scope": f"guild-{guild}" if guild else spec.anchor or action}
    page = _render_page(request, access, spec, form, failed=failed, status=status)
    return _outcome(page, "forbidden" if status == 403 else "refused")


def _back_to_history(request: HttpRequest, spec: Action) -> bool:
    """An undo tapped on the history page stays there."""
    return spec.page == SHEET and request.POST.get("back") == "history"


def _render_page(request: HttpRequest, access: Any, spec: Action, form: Any, **kwargs: Any) -> HttpResponse:
    if _back_to_history(request, spec):
        return render_history(request, access, **kwargs)
    if spec.page == SHEET and request.POST.get("back") == "mine":
        return mine.render_mine(request, access, **kwargs)
    if spec.page == UPGRADE:
        return phases.render_upgrade(request, access, form.data.get("guild"), **kwargs)
    if spec.page == HERO_DRAFT:
        return phases.render_hero_draft(request, access, form.data.get("guild"), **kwargs)
    return render_sheet(request, access, **kwargs)


def _done(request: HttpRequest, access: Any, spec: Action, form: Any) -> HttpResponse:
    if request.htmx:
        return _render_page(request, access, spec, form)
    pk = access.campaign.pk
    if _back_to_history(request, spec):
        return redirect(reverse("campaigns:history", args=[pk]) + "#history")
    if spec.page == SHEET and request.POST.get("back") == "mine":
        return redirect("campaigns:mine", pk=pk)
    if spec.page == SHEET:
        # Back to where the form was, its panel open (the owner's tools are one, once the campaign is on).
        opened = "?open=table" if spec.anchor == "table" else ""
        return redirect(
            reverse("campaigns:sheet", args=[pk]) + opened + (f"#{spec.anchor}" if spec.anchor else "")
        )
    url = reverse("campaigns:upgrade" if spec.page == UPGRADE else "campaigns:hero-draft", args=[pk])
    guild = form.data.get("guild")
    return redirect(f"{url}?guild={guild}" if guild else url)
