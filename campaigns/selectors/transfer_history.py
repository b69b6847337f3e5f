"""An imported history's values, checked for what the app later reads from them (G8, F9): a summary's
values in the shapes `campaigns.history_text` renders, the event data the undo and the history read, and
row references an undo can put back. Like `transfer_schema`, it reads nothing from the database.

A history that passes is shown on every page and undone like one the app wrote; one that does not is
refused with a 400 naming the first bad value, before anything is stored.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from campaigns.history_text import SUMMARIES, TERMS
from campaigns.models import Campaign
from campaigns.selectors.snapshots import TRACKED

# A record's names as `history_text.names_of` keeps them.
NAME_KEYS = frozenset({"name", "name_pt", "local_name"})
# Event data the app reads back: abandons list the changes they took back, a recorded scenario its number.
DATA_NUMBERS = ("number", "level", "round", "undid_seq", "records")
# The campaign row's columns no change ever moves: an undo must not move them either.
FIXED_CAMPAIGN_FIELDS = ("owner", "edition", "created_at")
PART = "events"


def _fail(path: str, message: str) -> NoReturn:
    raise ValidationError({PART: [f"{path}: {message}"]})


def check_params(path: str, params: Any) -> None:
    """A summary's values: text, numbers, a record's names, a term of the game, a message of its own (with
    values of the same kinds), or lists of those."""
    if not isinstance(params, dict):
        _fail(path, _("an object of a summary's values."))
    for key, value in params.items():
        _check_value(f"{path}.{key}", value)


def _check_value(path: str, value: Any) -> None:
    if value is None or isinstance(value, bool | int | float | str):
        return
    if isinstance(value, list):
        for index, inner in enumerate(value):
            _check_value(f"{path}[{index}]", inner)
        return
    if not isinstance(value, dict):
        _fail(path, _("a summary's value of a kind this app does not show."))
    if "msg" in value:
        if set(value) - {"msg", "params"} or value["msg"] not in SUMMARIES:
            _fail(path, _("a message this app knows, with its values."))
        check_params(f"{path}.params", value.get("params") or {})
    elif "term" in value:
        if set(value) != {"term"} or value["term"] not in TERMS:
            _fail(path, _("a term this app knows."))
    elif set(value) - NAME_KEYS or not all(isinstance(v, str) for v in value.values()):
        _fail(path, _("a record's names (name, name_pt, local_name) as text."))


def check_data(path: str, data: dict[str, Any], earlier: set[int]) -> None:
    """The event data the app reads back, each of the type it reads."""
    for key in DATA_NUMBERS:
        value = data.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            _fail(f"{path}.data.{key}", _("a whole number."))
    reverted = data.get("reverted")
    if reverted is not None and (
        not isinstance(reverted, list) or not all(_seq_in(s, earlier) for s in reverted)
    ):
        _fail(f"{path}.data.reverted", _("a list of the numbers of earlier changes."))


def _seq_in(seq: Any, earlier: set[int]) -> bool:
    return isinstance(seq, int) and not isinstance(seq, bool) and seq in earlier


def known_rows(document: dict[str, Any]) -> dict[str, set[str]]:
    """The uids of the rows an undo may find or put back, by model: the rows, and every row a change
    names."""
    known: dict[str, set[str]] = {label: set() for label in TRACKED}
    for model in TRACKED.values():
        for row in document["rows"].get(model._meta.model_name, []):
            known[model._meta.label_lower].add(str(row["uid"]))
    for event in document["events"]:
        for change in event["changes"]:
            known[change["model"]].add(str(change["uid"]))
    return known


def check_change_references(path: str, change: dict[str, Any], known: dict[str, set[str]]) -> None:
    """A change's rows point at rows of this campaign (an undo puts them back there), and a change of the
    campaign row leaves its owner, edition and creation date as they are."""
    model = TRACKED[change["model"]]
    for side in ("before", "after"):
        state = change[side]
        if state is None:
            continue
        for field in model._meta.concrete_fields:
            value = state.get(field.name)
            # The campaign row is always the campaign the history is loaded into, whatever uid it names.
            related = field.related_model
            if (
                value is None
                or not field.is_relation
                or related not in TRACKED.values()
                or related is Campaign
            ):
                continue
            if str(value) not in known[related._meta.label_lower]:
                _fail(f"{path}.{side}.{field.name}", _("a row this export does not hold."))
    if model is Campaign:
        _check_fixed(path, change)


def _check_fixed(path: str, change: dict[str, Any]) -> None:
    before, after = change["before"], change["after"]
    if before is None or after is None:
        _fail(f"{path}", _("the campaign row is changed, never made or removed, by a change."))
    for name in FIXED_CAMPAIGN_FIELDS:
        if before.get(name) != after.get(name):
            _fail(
                f"{path}.before.{name}", _("a change never moves the campaign's %(field)s.") % {"field": name}
            )
