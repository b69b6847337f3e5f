"""The helper pages: server-rendered forms that post back; with htmx only the result is swapped in."""

from __future__ import annotations

import copy
import functools
import math
from collections.abc import Callable, Iterable, Mapping
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
from campaigns.selectors.preferences import spawn_scenario, spawn_setup
from campaigns.services import preferences
from companion.content_names import local_name_text, names
from companion.helpers import api, services
from companion.helpers.forms import (
    SYMBOL_LABELS,
    DiceForm,
    EditionForm,
    HeroFormSet,
    MonsterForm,
    SpawnForm,
)
from companion.tabs import tabs
from companion.throttling import refused_for
from rules_helpers import dice as dice_rules
from rules_helpers import spawn as spawn_rules
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


def _render(request: HttpRequest, page: str, partial: str, context: dict[str, Any]) -> HttpResponse:
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
    return _render(request, "helpers/dice.html", "helpers/_dice_result.html", context)


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


# --- Spawn --------------------------------------------------------------------------------------------


@throttled_like_the_api
def spawn(request: HttpRequest) -> HttpResponse:
    table = _spawn_table(request)
    initial = _remembered(table)
    if request.GET.get("mode") == "choose":  # linked from a campaign whose Ticket Scalper is in play
        initial["mode"] = "choose"
    form = SpawnForm(request.POST if request.method == "POST" else None, initial=initial)
    if table:
        for slot in form.slots:
            form.fields[f"figure_{slot}"].widget.attrs["list"] = "spawn-monsters"
    context: dict[str, Any] = {"form": form, "table": table}
    # The tokens what each pair does is said with: the ones spawned with, else (the page opened) the ones the
    # group last used, else none given.
    board = None if form.is_bound else _remembered_board(table)
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            result = services.spawn_resolve(
                figures=data["figures"], tokens=data["tokens"], seed=data["seed"], choices=data["choices"]
            )
        except ValidationError as exc:
            form.add_error(None, [as_sentence(message) for message in exc.messages])
        else:
            context["pairs"] = _pairs_context(table, (data["rows"], data["tokens"]))
            context["spawn"] = _spawn_context(result, data["rows"], data["tokens"], context["pairs"])
            _remember(request, table, data)
    if "pairs" not in context:
        context["pairs"] = _pairs_context(table, board)
    return _render(request, "helpers/spawn.html", "helpers/_spawn_result.html", context)


def _spawn_table(request: HttpRequest) -> dict[str, Any] | None:
    """With ?campaign=<id> (members only, else 404) the spawn belongs to that campaign's current scenario,
    and the form starts from the tile and tokens the group last used there; what each pair a roll can show
    does follows the Spawn pairs as its table corrected them (`_pairs_context`)."""
    pk = request.GET.get("campaign")
    if not pk:
        return None
    access = campaign_access(user=request.user, pk=pk)
    scenario = spawn_scenario(access.campaign)
    return {
        "access": access,
        "campaign": access.campaign,
        "scenario": scenario["slug"],
        "scenario_name": local_name_text(scenario) if scenario["name"] else _("any scenario"),
        "setup": spawn_setup(access.campaign, scenario["slug"]),
        **_figure_suggestions(selectors_content.edition_monsters(access.campaign.edition)),
    }


def _figure_suggestions(monsters: Iterable[Monster]) -> dict[str, Any]:
    """The edition's monsters offered while typing a figure (any name is still taken), each by its name in
    the reader's language (`value`, what goes in the slot) with the other name and the dagger of a name no
    source gives (`label`); `names`: either name of a monster -> the reader's, so a tile another phone
    remembered in the other language reads in this one."""
    suggestions: list[dict[str, str]] = []
    by_name: dict[str, str] = {}
    for monster in monsters:
        name = names(monster)[0]
        label = local_name_text(monster)
        suggestions.append({"value": name, "label": label if label != name else ""})
        by_name.update({known: name for known in (monster.name, monster.local_name) if known})
    return {"monsters": suggestions, "names": by_name}


def _remembered(table: dict[str, Any] | None) -> dict[str, Any]:
    setup = table["setup"] if table else None
    if not setup:
        return {}
    figures = [table["names"].get(name, name) for name in setup["figures"]]
    initial: dict[str, Any] = {f"figure_{n}": name for n, name in enumerate(figures, start=1)}
    for row, (first, second) in enumerate(setup["tokens"], start=1):
        initial.update({f"token_{row}_a": first, f"token_{row}_b": second})
    return initial


def _remember(request: HttpRequest, table: dict[str, Any] | None, data: Mapping[str, Any]) -> None:
    if table is None or not table["access"].is_member:
        return
    tokens = [tuple(token.symbols) for token in data["tokens"]]
    preferences.spawn_setup_save(
        access=table["access"],
        actor=request.user,
        scenario=table["scenario"],
        figures=data["figures"],
        tokens=tokens,
    )


def _remembered_board(table: dict[str, Any] | None) -> tuple[list[int], list[Any]] | None:
    """The tokens the group last put on the board for this scenario (rows and tokens, as the form reads
    them), or None when none is remembered: what a roll does is then said without the board."""
    setup = table["setup"] if table else None
    if not setup:
        return None
    tokens = [spawn_rules.SpawnToken(tuple(symbols)) for symbols in setup["tokens"]]
    return list(range(1, len(tokens) + 1)), tokens


# What a roll showing a pair does (`rules_helpers.spawn.pair_rolls`), said for the pair's row; "token" names
# the token on the board.
PAIR_DOES = {
    spawn_rules.TOKEN_OFF_BOARD: gettext_lazy("Back to the box: its Spawn token is not on the board."),
    spawn_rules.TOKEN_IF_ON_BOARD: gettext_lazy(
        "To its Spawn token's Space if that token is on the board and Free, else back to the box."
    ),
    spawn_rules.NO_TOKEN: gettext_lazy("Back to the box: no Spawn token shows this pair."),
    spawn_rules.NOT_KNOWN: gettext_lazy(
        "Back to the box unless a token on the board shows it: whether a Spawn token shows this pair is not "
        "known."
    ),
}
HAS_TOKEN_LABELS = {True: gettext_lazy("Yes"), False: gettext_lazy("No"), None: gettext_lazy("Not known")}


def _pairs_context(
    table: dict[str, Any] | None, board: tuple[list[int], list[Any]] | None
) -> dict[str, Any] | None:
    """Each pair a roll can show, for the campaign: its chance (on the die faces), whether a Spawn token
    shows it (the campaign's correction, marked ✎, else the edition's content) and what the roll does with
    the board's tokens; its members get the link that corrects each pair."""
    if table is None:
        return None
    campaign = table["campaign"]
    rows, tokens = board if board is not None else ([], None)
    labels = [_token_label(row, token.symbols) for row, token in zip(rows, tokens or [], strict=True)]
    found = services.spawn_pairs(campaign=campaign, tokens=tokens)
    shown = row_percents([roll.chance for roll in found.rolls])
    member = table["access"].is_member
    pairs = []
    for roll, record, sure, chance in zip(
        found.rolls, found.records, found.token_confidence, shown, strict=True
    ):
        name = _pair_name(roll.symbols)
        if roll.does == spawn_rules.TO_TOKEN:
            does = _("To %(token)s if its Space is Free, else back to the box.") % {
                "token": labels[roll.token]
            }
        else:
            does = str(PAIR_DOES[roll.does])
        pairs.append(
            {
                "pair": roll.pair,
                "name": name,
                "chance": chance,
                "has_token": roll.has_token,
                "has_token_label": str(HAS_TOKEN_LABELS[roll.has_token]),
                "token_sure": sure,
                "does": does,
                "contradicted": roll.contradicted,
                "correct": fill_url(campaign.edition, OverrideKind.SPAWN_PAIR, record["slug"], campaign)
                if member
                else None,
            }
        )
    return {
        "rows": pairs,
        "chance_sure": found.chance_confidence,
        "no_token": percent(found.no_token),
        "no_token_sure": found.no_token_confidence,
    }


def _pair_name(symbols: tuple[str, ...]) -> str:
    return " + ".join(str(SYMBOL_LABELS.get(face, face)) for face in symbols)


def _token_label(row: int, symbols: tuple[str, str]) -> str:
    return _("Token %(row)s (%(first)s + %(second)s)") % {
        "row": row,
        "first": SYMBOL_LABELS[symbols[0]],
        "second": SYMBOL_LABELS[symbols[1]],
    }


def _spawn_context(
    result: services.SpawnResult,
    rows: list[int],
    tokens: list[Any],
    pairs: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """`pairs`: for a campaign, what each pair does as its table plays them (`_pairs_context`): a figure
    sent to the box says whether a Spawn token shows its pair at all, with how sure that is."""
    labels = [_token_label(row, token.symbols) for row, token in zip(rows, tokens, strict=True)]
    by_pair = {row["pair"]: row for row in (pairs or {}).get("rows", [])}
    outcomes = []
    for outcome, chances in zip(result.outcomes, result.odds, strict=True):
        shown = dict(zip(chances, row_percents(list(chances.values())), strict=True))
        where = labels[outcome.token] if outcome.placed else _("Back to the box")
        pair = by_pair.get(spawn_rules.SpawnToken(outcome.roll).pair) if len(outcome.roll) == 2 else None
        why, why_sure = _why_boxed(outcome, labels, pair)
        outcomes.append(
            {
                "figure": outcome.figure,
                "roll": [{"face": face, "label": FACE_LABELS[face]} for face in outcome.roll],
                "placed": outcome.placed,
                "where": where,
                "why": why,
                "why_sure": why_sure,
                "chance": shown[outcome.token if outcome.placed else None],
                "odds": [
                    {"where": _("Box") if key is None else labels[key], "percent": shown[key]}
                    for key, p in chances.items()
                    if p > 0
                ],
            }
        )
    after = [
        {"label": label, "occupants": t.occupants, "full": not t.is_free}
        for label, t in zip(labels, result.tokens_after, strict=True)
    ]
    return {
        "outcomes": outcomes,
        "seed": result.seed,
        "chosen": result.chosen,
        "tokens_after": after,
        "sure": result.faces_confidence,
    }


def _why_boxed(
    outcome: Any, labels: list[str], pair: dict[str, Any] | None = None
) -> tuple[str, dict[str, Any] | None]:
    """Why a figure went back to the box, and how sure the reason is when it rests on whether a Spawn token
    shows its pair (the campaign's content: `pair`), else None."""
    if outcome.placed:
        return "", None
    if not outcome.roll:
        return _("The Ticket Scalper sent it back."), None
    if outcome.token is not None:
        return _("%(token)s is Full.") % {"token": labels[outcome.token]}, None
    if pair is not None and pair["has_token"] is False:
        return _("No Spawn token shows this pair."), pair["token_sure"]
    if pair is not None and pair["has_token"]:
        return _("The Spawn token showing this pair is not on the board."), pair["token_sure"]
    return _("No Spawn token on the board shows this pair."), None


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
    return _render(request, "helpers/curses.html", "helpers/_curses_result.html", context)


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
    return _render(request, "helpers/monsters.html", "helpers/_monster_card.html", context)


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
