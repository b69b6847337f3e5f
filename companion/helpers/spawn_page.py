"""The spawn helper's page: a Spawn roll for the figures and tokens typed, or, opened from a campaign
(`?campaign=<id>`), for its current scenario with the tile the group last used and what each pair a roll can
show does as the campaign's table plays the Spawn pairs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.access import campaign_access
from campaigns.models import Monster, OverrideKind
from campaigns.selectors import content as selectors_content
from campaigns.selectors.content_gaps import fill_url
from campaigns.selectors.preferences import spawn_scenario, spawn_setup
from campaigns.services import preferences
from companion.content_names import local_name_text, names
from companion.helpers import services
from companion.helpers.forms import SYMBOL_LABELS, SpawnForm
from companion.helpers.views import (
    FACE_LABELS,
    as_sentence,
    percent,
    render_result,
    row_percents,
    throttled_like_the_api,
)
from rules_helpers import spawn as spawn_rules


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
    return render_result(request, "helpers/spawn.html", "helpers/_spawn_result.html", context)


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
