"""The helper pages: server-rendered forms that post back; with htmx only the result is swapped in."""

from __future__ import annotations

import copy
import functools
import math
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.access import Access, campaign_access
from campaigns.models import Monster, MonsterLevelCard, OverrideKind
from campaigns.selectors import content as selectors_content
from campaigns.selectors.confidence import bracket_confidence
from campaigns.selectors.content_gaps import fill_url
from campaigns.selectors.dice import edition_dice_records
from campaigns.selectors.live import curse_draw_heroes
from campaigns.selectors.overrides import campaign_override
from companion.content_names import local_name_text
from companion.helpers import api, services
from companion.helpers.forms import (
    DiceForm,
    EditionForm,
    HeroFormSet,
    MonsterForm,
)
from companion.tabs import tabs
from companion.throttling import refused_for
from rules_helpers import dice as dice_rules
from rules_helpers.box import LEVEL_BRACKETS
from rules_helpers.editions import level_label_source
from rules_helpers.monsters import level_bracket
from rules_helpers.odds import tenths_of_a_percent

FACE_LABELS = {
    "melee": gettext_lazy("Melee"),
    "ranged": gettext_lazy("Ranged"),
    "crit": gettext_lazy("Crit"),
    "shield": gettext_lazy("Shield"),
    "blank": gettext_lazy("Blank"),
}
# Odds below this are left off the bar list (they would all read "0.0%"); the rolled number always shows.
SHOWN_ODDS = 0.0005


def throttled_like_the_api(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """An anonymous visitor's submissions (a post, or a link that replays a result) count against the
    same budget as the helpers' API: same rate (`HELPERS_ANON_RATE`), same cache key, so switching
    between page and API gains nothing. Signed-in players are never cut off mid-game."""

    @functools.wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST" or request.GET:
            wait = refused_for(request, [api.AnonHelperThrottle], view=api.HelperView)
            if wait is not None:
                return _throttled(request, wait)
        return view(request, *args, **kwargs)

    return checked


def _throttled(request: HttpRequest, wait: float) -> HttpResponse:
    """The refusal where the result would go (htmx swaps only 200s), or a page of its own (429)."""
    login_next = f"{reverse('login')}?{urlencode({'next': request.path})}"
    context = {"wait": math.ceil(wait), "again": request.path, "login_next": login_next}
    if request.htmx:
        response = render(request, "helpers/_throttled.html", context)
    else:
        response = render(request, "helpers/throttled.html", context, status=429)
    response["Retry-After"] = str(math.ceil(wait))
    return response


def render_result(request: HttpRequest, page: str, partial: str, context: dict[str, Any]) -> HttpResponse:
    """The whole page, or only the result when htmx asked for it."""
    if request.htmx:
        return render(request, partial, context)
    return render(request, page, {**context, "tabs": campaign_tabs(request)})


def campaign_tabs(request: HttpRequest) -> dict[str, Any] | None:
    """Opened from a campaign (?campaign=<id>) by one of its members: the campaign's tab bar, so the table
    goes back to its sheet in one tap. Anyone else gets the helpers alone (they need no campaign)."""
    pk = request.GET.get("campaign", "")
    if not pk.isdigit() or not request.user.is_authenticated:
        return None
    try:
        access = campaign_access(user=request.user, pk=pk)
    except Http404:
        return None
    return tabs(access.campaign.pk, "helpers") if access.is_member else None


def _submitted(request: HttpRequest, marker: str) -> QueryDict | None:
    """POSTed data, or a GET that replays a result (a shared link, "reroll this seed")."""
    if request.method == "POST":
        return request.POST
    return request.GET if marker in request.GET else None


def percent(p: float) -> str:
    """A chance as the reader's language writes it (12.5% or 12,5%), rounded to the nearest tenth (Django's
    number_format cuts the digits off: 1/6 would read 16.6 %)."""
    if 0 < p < SHOWN_ODDS * 2:
        return _("<%(percent)s%%") % {"percent": number_format(0.1, 1)}
    return _("%(percent)s%%") % {"percent": number_format(round(p * 100, 1), 1)}


def as_sentence(refusal: str) -> str:
    """A rule's refusal said on its own on a page: a sentence (capital letter, full stop). The rules word
    their refusals as clauses ("two Spawn tokens show the same pair …"), which the API puts beside a field."""
    text = capfirst(refusal.strip())
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def row_percents(chances: list[float]) -> list[str]:
    """Chances that make up a whole, each as `percent` says it, adding up to 100 % on the screen."""
    return [
        percent(p) if 0 < p < SHOWN_ODDS * 2 else percent(tenths / 1000)
        for p, tenths in zip(chances, tenths_of_a_percent(chances), strict=True)
    ]


def index(request: HttpRequest) -> HttpResponse:
    # Opened from a campaign's tab bar: the spawn link keeps the campaign (its remembered Spawn tile).
    campaign = request.GET.get("campaign", "")
    context = {"campaign": campaign if campaign.isdigit() else "", "tabs": campaign_tabs(request)}
    return render(request, "helpers/index.html", context)


# --- Dice ---------------------------------------------------------------------------------------------


@throttled_like_the_api
def dice(request: HttpRequest) -> HttpResponse:
    table = _dice_table(request)
    form = DiceForm(_submitted(request, "attack_dice"))
    context: dict[str, Any] = {"form": form, "table": table}
    if form.is_bound and form.is_valid():
        campaign = table["campaign"] if table else None
        result = services.dice_roll(**form.cleaned_data, campaign=campaign)
        context["roll"] = _roll_context(result, form.cleaned_data, table)
    return render_result(request, "helpers/dice.html", "helpers/_dice_result.html", context)


def _dice_table(request: HttpRequest) -> dict[str, Any] | None:
    """With ?campaign=<id> (its members and share-link readers, else 404): the roll is the campaign's, with
    the die faces its table entered from its box; the form and "Reroll this seed" keep the query, and its
    members are offered the page that corrects each die of the edition, named in the reader's language."""
    opened = _opened_for(request)
    if opened is None:
        return None
    access, table = opened
    campaign = access.campaign
    if not access.is_member:
        return {**table, "correct": None}
    records = {record["slug"]: record for record in edition_dice_records(campaign.edition)}
    correct = [
        {"die": records[die], "url": fill_url(campaign.edition, OverrideKind.DIE, die, campaign)}
        for die in (dice_rules.ATTACK_DIE, dice_rules.DEFENSE_DIE)
        if die in records
    ]
    return {**table, "correct": correct}


def _opened_for(request: HttpRequest) -> tuple[Access, dict[str, Any]] | None:
    """?campaign=<id> (and a share-link reader's &share=): the reader's access (404 to anyone else) and the
    query a form posts back with (`params`, `query`), so the next result is the campaign's too."""
    pk = request.GET.get("campaign")
    if not pk:
        return None
    share = request.GET.get("share")
    access = campaign_access(user=request.user, pk=pk, share_token=share)
    params = {"campaign": access.campaign.pk, **({"share": share} if share else {})}
    return access, {"campaign": access.campaign, "params": params, "query": urlencode(params)}


def _roll_context(
    result: services.DiceResult, params: Mapping[str, Any], table: dict[str, Any] | None = None
) -> dict[str, Any]:
    data = api.roll_data(result)
    for side in ("attack", "defense"):
        for die in data[side]["dice"]:
            die["label"] = str(FACE_LABELS[die["face"]])
            die["was"] = ", ".join(str(FACE_LABELS[face]) for face in die["rerolled_from"])
    replay = {**{k: v for k, v in params.items() if k != "seed"}, "seed": result.seed}
    replay.update(table["params"] if table else {})
    data["kind_label"] = FACE_LABELS[result.kind]
    data["odds_rows"] = odds_rows(result.odds, result.wounds)
    data["at_least_one"] = percent(1 - result.odds.get(0, 0.0))
    data["sure"] = result.faces_confidence
    data["attack_sure"] = result.attack_confidence or result.faces_confidence
    data["defense_sure"] = result.defense_confidence or result.faces_confidence
    data["replay_url"] = f"{reverse('helpers:dice')}?{urlencode(replay)}"
    return data


def odds_rows(chances: Mapping[int, float], rolled: int) -> list[dict[str, Any]]:
    top = max(chances.values())
    return [
        {"wounds": w, "percent": percent(p), "width": f"{100 * p / top:.1f}", "rolled": w == rolled}
        for w, p in chances.items()
        if p >= SHOWN_ODDS or w == rolled
    ]


# --- Death Curses -------------------------------------------------------------------------------------


@throttled_like_the_api
def death_curses(request: HttpRequest) -> HttpResponse:
    posted = request.POST if request.method == "POST" else None
    table = _curses_table(request, offer=posted is None)
    if posted is not None and "add_hero" in posted:
        return _with_one_more_hero(request, posted, table)
    edition = table["campaign"].edition.slug if table else "inferno"
    edition_form = EditionForm(posted, initial={"edition": edition})
    offered = table["heroes"] if table and posted is None else None
    heroes = HeroFormSet(posted, prefix="heroes", initial=offered)
    context: dict[str, Any] = {
        "edition_form": edition_form,
        "heroes": heroes,
        "drew": posted is not None,
        "table": table,
    }
    if posted is not None and edition_form.is_valid() and heroes.is_valid():
        try:
            result = services.death_curses_draw(
                edition=edition_form.cleaned_data["edition"],
                heroes=heroes.heroes(),
                seed=edition_form.cleaned_data["seed"],
                campaign=table["campaign"] if table else None,
            )
        except ValidationError as exc:
            edition_form.add_error(None, exc.messages)
        else:
            context["curses"] = _curses_context(result)
    return render_result(request, "helpers/curses.html", "helpers/_curses_result.html", context)


def _curses_table(request: HttpRequest, *, offer: bool) -> dict[str, Any] | None:
    """With ?campaign=<id> (its members and share-link readers, else 404): the draw is the campaign's, from
    the deck its table corrected, and the form posts back with the same query (`query`). `offer`: the form
    starts with the campaign's heroes and the Death tokens and Damnation counted live (a draw is one tap)."""
    opened = _opened_for(request)
    if opened is None:
        return None
    access, table = opened
    if offer:
        heroes = curse_draw_heroes(access.campaign)[: services.MAX_HEROES]
        table["heroes"] = [
            {"hero": local_name_text(h["hero"]), "deaths": h["deaths"], "damnation": h["damnation"]}
            for h in heroes
        ]
    return table


def _with_one_more_hero(
    request: HttpRequest, posted: QueryDict, table: dict[str, Any] | None
) -> HttpResponse:
    """Without JavaScript, "Add a hero" posts the form back with one more empty row."""
    data = posted.copy()
    total = int(data.get("heroes-TOTAL_FORMS") or 0)
    data["heroes-TOTAL_FORMS"] = str(min(total + 1, services.MAX_HEROES))
    context = {
        "edition_form": EditionForm(data),
        "heroes": HeroFormSet(data, prefix="heroes"),
        "drew": False,
        "table": table,
    }
    return render(request, "helpers/curses.html", {**context, "tabs": campaign_tabs(request)})


def _curses_context(result: services.CurseDrawResult) -> dict[str, Any]:
    draws = []
    for draw in result.draws:
        kept_at = next(
            (i for i, card in enumerate(draw.drawn) if draw.kept and card.value == draw.kept.value), None
        )
        cards = [{"card": card, "kept": i == kept_at} for i, card in enumerate(draw.drawn)]
        draws.append({"hero": draw.hero, "draw_count": draw.draw_count, "cards": cards, "kept": draw.kept})
    return {
        "draws": draws,
        "seed": result.seed,
        "deck_size": result.deck_size,
        "deck_note": result.deck_note,
        "sure": result.deck_confidence,
    }


# --- Monster lookup -----------------------------------------------------------------------------------


@throttled_like_the_api
def monsters(request: HttpRequest) -> HttpResponse:
    form = MonsterForm(_submitted(request, "monster"))
    context: dict[str, Any] = {"form": form}
    if form.is_bound and form.is_valid():
        monster, number = form.cleaned_data["monster"], form.cleaned_data["scenario"]
        card = selectors_content.monster_level_card(monster=monster, scenario_number=number)
        campaign = _lookup_campaign(request, monster)
        label = card.label if card else _label(monster, number)
        entered = _with_campaign_entry(campaign, monster, label, card)
        card = entered or card
        context["lookup"] = {
            "monster": monster,
            "scenario": number,
            "card": card,
            "campaign": campaign,
            "entered": entered is not None,
            "label": label,
            # GF:231: the 4-5 and 6 brackets are inferred; 1 and 2-3 are the rulebook's (RB p11, p22).
            "bracket": bracket_confidence(level_label_source(monster.edition.slug, label)),
            **_card_context(monster, label, card, campaign),
        }
    return render_result(request, "helpers/monsters.html", "helpers/_monster_card.html", context)


def _label(monster: Monster, number: int) -> str:
    return level_bracket(number, labels=tuple(monster.edition.level_labels) or LEVEL_BRACKETS)


def _lookup_campaign(request: HttpRequest, monster: Monster) -> Any:
    """Opened from a campaign (?campaign=<id>, its members and share-link readers, else 404): the card as
    that campaign sees it, with what its members entered."""
    pk = request.GET.get("campaign")
    if not pk:
        return None
    campaign = campaign_access(user=request.user, pk=pk, share_token=request.GET.get("share")).campaign
    return campaign if campaign.edition_id == monster.edition_id else None


def _with_campaign_entry(
    campaign: Any, monster: Monster, label: str, card: MonsterLevelCard | None
) -> MonsterLevelCard | None:
    """The edition's card with the campaign's entry laid over it (never saved), or None without one."""
    if campaign is None:
        return None
    override = campaign_override(campaign, OverrideKind.MONSTER_LEVEL, f"{monster.slug}/{label}")
    if override is None:
        return None
    shown = copy.copy(card) if card else MonsterLevelCard(monster=monster, label=label, order=0)
    for name, value in override.fields.items():
        setattr(shown, name, value)
    shown.verified = bool(override.verified_at) or bool(card and card.verified)
    shown.entered_fields = tuple(override.fields)
    return shown


def _card_context(
    monster: Monster, label: str, card: MonsterLevelCard | None, campaign: Any = None
) -> dict[str, Any]:
    """What the lookup says beside the card: the stats not entered, whether anyone checked it against
    the box, and where a group fills it in for its campaign."""
    edit_url = fill_url(monster.edition, OverrideKind.MONSTER_LEVEL, f"{monster.slug}/{label}", campaign)
    if card is None:
        admin_url = reverse("admin:campaigns_monsterlevelcard_add")
        return {"missing": [], "edit_url": edit_url, "admin_url": admin_url, "unverified": False}
    fields = MonsterLevelCard._meta
    return {
        "missing": [str(fields.get_field(name).verbose_name).capitalize() for name in card.missing_fields],
        "edit_url": edit_url,
        "admin_url": reverse("admin:campaigns_monsterlevelcard_change", args=[card.pk])
        if card.pk
        else reverse("admin:campaigns_monsterlevelcard_add"),
        "unverified": not card.verified,
    }
