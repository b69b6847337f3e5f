"""The campaign export as a validated document (F1, F3, F9): its shape, each value's type and range, and
its size. It reads nothing from the database; `services.transfer` resolves the references and runs each
model's own validation.

A document is refused (a 400 naming the part and the path of the first bad value) when it:
- carries a database key (`id`, `pk`) or the share token anywhere: rows are identified by uid and by
  natural keys, the server numbers them;
- has a key the export never writes, or lacks one it always writes;
- holds a value of the wrong type, out of its column's range or choices, a string with a NUL character or
  longer than its column, JSON nested deeper than MAX_DEPTH;
- exceeds the count limits below (a body over MAX_DOCUMENT_BYTES is refused with 413 before parsing);
- holds a counter (a revision, the history's number) without room for the writes that follow (G7);
- holds history the pages or an undo could not read back (`transfer_history`, G8).
"""

from __future__ import annotations

import json
import math
import re
import uuid
from typing import Any, NoReturn

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models

from campaigns.history_text import SUMMARIES
from campaigns.models import MAX_CONTENT_OVERRIDES, Campaign, Membership
from campaigns.selectors.snapshots import TRACKED, UNTRACKED_FIELDS
from campaigns.selectors.transfer import FORMAT, READABLE_VERSIONS, ROW_MODELS
from campaigns.selectors.transfer_history import (
    check_change_references,
    check_data,
    check_params,
    known_rows,
)
from rules_helpers.names import check_visible_name
from rules_helpers.refusals import RuleError

MAX_DOCUMENT_BYTES = 2 * 1024 * 1024
MAX_EVENTS = 10_000
MAX_CHANGES_PER_EVENT = 5_000
MAX_MEMBERS = 50
MAX_DEPTH = 16
MAX_STRING = 2_000
# Per campaign: 4 guilds, each with a roster of 3 heroes and its angels, 12 cards (more while a phase
# waits for redistribution), 12 scenarios at most (the box's 6, or twice that for another edition).
MAX_ROWS = {
    "guild": 4,
    "guildhero": 80,
    "inventorycard": 400,
    "herocurse": 80,
    "scenarioplay": 12,
    "playresult": 48,
    "heroresult": 400,
    "upgradephase": 12,
    "upgradeguild": 48,
    "herodraftrecord": 1,
    "contentoverride": MAX_CONTENT_OVERRIDES,
}
FORBIDDEN_KEYS = frozenset({"id", "pk", "share_token"})
TOP_KEYS = {"format", "version", "campaign", "members", "rows", "events"}
OPTIONAL_TOP_KEYS = {"contains_secrets", "notice", "attestation"}
EVENT_KEYS = {"seq", "kind", "summary", "actor", "guild", "data", "changes", "undoes", "created_at"}
# A summary's message id and values (`campaigns.history_text`); an older export has the English text alone.
OPTIONAL_EVENT_KEYS = {"message", "params"}
MAX_PARAMS = 2000
KIND = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
# Revisions and the history's numbers grow by one a write: an import leaves room for a billion more
# below the column's 2**31-1 (a value at the column's top made the next write fail, G7).
MAX_COUNTER = 10**9
MEMBER_COPY = (
    "This is a member's copy: other guilds' hidden hands and the draw seeds are left out, so it cannot be "
    "loaded back. Import the owner's full backup (export with ?full=1) instead."
)


def _check_message(part: str, path: str, event: dict[str, Any]) -> None:
    message, params = event.get("message", ""), event.get("params", {})
    if message != "" and message not in SUMMARIES:
        _fail(part, f"{path}.message", "a summary id this app knows, or empty.")
    if not isinstance(params, dict) or len(json.dumps(params)) > MAX_PARAMS:
        _fail(part, f"{path}.params", f"an object of up to {MAX_PARAMS} characters.")
    check_params(f"{path}.params", params)


def _fail(part: str, path: str, message: str) -> NoReturn:
    raise ValidationError({part: [f"{path}: {message}"]})


def snapshot_fields(model: type[models.Model]) -> dict[str, models.Field]:
    """The columns a snapshot (and so an export row) carries, by name."""
    return {f.name: f for f in model._meta.concrete_fields if f.name not in UNTRACKED_FIELDS}


def validate_document(data: Any, *, sized: bool = True) -> dict[str, Any]:
    """Check a campaign export before anything is written; raise ValidationError naming the first fault.
    `sized=False`: a backup this installation kept, which may be as long as the campaign grew (its
    values are checked all the same)."""
    check_header(data)
    _check_campaign(data["campaign"])
    _check_members(data["members"])
    guild_uids = _check_rows(data["rows"], data["version"], sized=sized)
    _check_events(data["events"], guild_uids, sized=sized)
    known = known_rows(data)
    for index, event in enumerate(data["events"]):
        for number, change in enumerate(event["changes"]):
            check_change_references(f"events[{index}].changes[{number}]", change, known)
    return data


def check_header(data: Any) -> None:
    """The quick part: an export's frame, and every value one the database can store (no NUL, no ids,
    bounded nesting). A background import checks this before keeping the document for the worker."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValidationError({"format": [f"Not a campaign export (expected format {FORMAT!r})."]})
    if data.get("version") not in READABLE_VERSIONS:
        raise ValidationError(
            {"version": [f"This app reads campaign exports of version 1 or 2, not {data.get('version')!r}."]}
        )
    for key, kind in (("campaign", dict), ("members", list), ("rows", dict), ("events", list)):
        if not isinstance(data.get(key), kind):
            raise ValidationError({key: [f"The export's {key!r} is missing or malformed."]})
    if data.get("contains_secrets") is False:
        raise ValidationError({"format": [MEMBER_COPY]})
    unknown = set(data) - TOP_KEYS - OPTIONAL_TOP_KEYS
    if unknown:
        _fail("format", sorted(unknown)[0], "not part of a campaign export.")
    _walk(data, "document", "", 0)


def _walk(value: Any, part: str, path: str, depth: int) -> None:
    """Every value: no database keys, bounded nesting, strings and numbers a database takes."""
    if depth > MAX_DEPTH:
        _fail(part, path, f"nested deeper than {MAX_DEPTH} levels.")
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in FORBIDDEN_KEYS:
                _fail(part, f"{path}.{key}", "database keys and share tokens are never imported.")
            if len(key) > 100 or "\x00" in key:
                _fail(part, path, "a key is too long or holds a NUL character.")
            _walk(inner, part if depth else key, f"{path}.{key}" if path else key, depth + 1)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            _walk(inner, part, f"{path}[{index}]", depth + 1)
    elif isinstance(value, str):
        if "\x00" in value:
            _fail(part, path, "text cannot hold NUL characters.")
        if len(value) > MAX_STRING:
            _fail(part, path, f"text longer than {MAX_STRING} characters.")
    elif isinstance(value, float):
        if not math.isfinite(value):
            _fail(part, path, "numbers must be finite.")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 2**63:
        _fail(part, path, "number out of range.")


def _check_campaign(campaign: dict[str, Any]) -> None:
    fields = snapshot_fields(Campaign)
    _check_keys("campaign", "campaign", campaign, set(fields) | {"uid", "revision", "history_seq"}, set())
    _check_uid("campaign", "campaign.uid", campaign["uid"])
    _check_int("campaign", "campaign.revision", campaign["revision"], 1, MAX_COUNTER)
    _check_int("campaign", "campaign.history_seq", campaign["history_seq"], 0, MAX_COUNTER)
    _check_row_values("campaign", "campaign", Campaign, campaign)
    if not str(campaign["name"]).strip():
        _fail("campaign", "campaign.name", "a campaign needs a name.")
    try:
        check_visible_name(str(campaign["name"]))
    except RuleError as exc:
        _fail("campaign", "campaign.name", str(exc))


def _check_members(members: list[Any]) -> None:
    if len(members) > MAX_MEMBERS:
        _fail("members", "members", f"a campaign has at most {MAX_MEMBERS} members.")
    username_length = get_user_model()._meta.get_field("username").max_length
    for index, member in enumerate(members):
        path = f"members[{index}]"
        if not isinstance(member, dict) or set(member) != {"user", "role"}:
            _fail("members", path, "a member is {user, role}.")
        if not isinstance(member["user"], str) or not 0 < len(member["user"]) <= username_length:
            _fail("members", f"{path}.user", "a username.")
        if member["role"] not in Membership.Role.values:
            _fail("members", f"{path}.role", f"one of {', '.join(Membership.Role.values)}.")


def _check_rows(rows: dict[str, Any], version: int, *, sized: bool = True) -> set[str]:
    names = {model._meta.model_name: model for model in ROW_MODELS}
    unknown = set(rows) - set(names)
    if unknown:
        _fail("rows", f"rows.{sorted(unknown)[0]}", "not a kind of campaign row.")
    guild_uids: set[str] = set()
    for name, model in names.items():
        entries = rows.get(name, [])
        path = f"rows.{name}"
        if not isinstance(entries, list):
            _fail("rows", path, "a list of rows.")
        if sized and len(entries) > MAX_ROWS[name]:
            _fail("rows", path, f"a campaign has at most {MAX_ROWS[name]} of these.")
        uids: set[str] = set()
        # Version 1 exports did not carry the guilds' revisions; they start at 1.
        optional = {"revision"} if model._meta.model_name == "guild" and version == 1 else set()
        required = set(snapshot_fields(model)) | {"uid"} | ({"revision"} if name == "guild" else set())
        for index, row in enumerate(entries):
            row_path = f"{path}[{index}]"
            _check_keys("rows", row_path, row, required - optional, optional)
            _check_uid("rows", f"{row_path}.uid", row["uid"])
            if row["uid"] in uids:
                _fail("rows", f"{row_path}.uid", "two rows share this uid.")
            uids.add(row["uid"])
            if "revision" in row:
                _check_int("rows", f"{row_path}.revision", row["revision"], 1, MAX_COUNTER)
            _check_row_values("rows", row_path, model, row)
        if name == "guild":
            guild_uids = uids
    return guild_uids


def _check_keys(part: str, path: str, row: Any, required: set[str], optional: set[str]) -> None:
    if not isinstance(row, dict):
        _fail(part, path, "an object.")
    missing, extra = required - set(row), set(row) - required - optional
    if extra:
        _fail(part, f"{path}.{sorted(extra)[0]}", "not a field the export writes.")
    if missing:
        _fail(part, f"{path}.{sorted(missing)[0]}", "missing.")


def _check_uid(part: str, path: str, value: Any) -> None:
    try:
        uuid.UUID(str(value)) if isinstance(value, str) else uuid.UUID(int=-1)
    except ValueError:
        _fail(part, path, "a uid (UUID).")


def _check_int(part: str, path: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _fail(part, path, f"a whole number from {low} to {high}.")


def _check_row_values(part: str, path: str, model: type[models.Model], row: dict[str, Any]) -> None:
    """Each column's type, then the model field's own checks (length, choices, range, validators)."""
    for name, field in snapshot_fields(model).items():
        value = row.get(name)
        where = f"{path}.{name}"
        if value is None:
            if not field.null:
                _fail(part, where, "required.")
            continue
        if field.is_relation:
            _check_reference(part, where, field, value)
            continue
        _check_type(part, where, field, value)
        try:
            field.clean(value, None)
        except ValidationError as exc:
            _fail(part, where, " ".join(exc.messages))


def _check_reference(part: str, where: str, field: models.Field, value: Any) -> None:
    target = field.related_model
    if target in TRACKED.values():
        _check_uid(part, where, value)
    elif target is get_user_model():
        if not isinstance(value, str) or not value:
            _fail(part, where, "a username.")
    elif not isinstance(value, list) or not 0 < len(value) <= 4 or not all(isinstance(v, str) for v in value):
        _fail(part, where, "a content record's natural key (a list of slugs).")


def _check_type(part: str, where: str, field: models.Field, value: Any) -> None:
    if isinstance(field, models.BooleanField):
        ok = isinstance(value, bool)
    elif isinstance(field, models.IntegerField):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(field, models.DateTimeField | models.DateField | models.CharField | models.TextField):
        ok = isinstance(value, str)
    else:
        ok = True  # JSON columns hold any JSON, already walked
    if not ok:
        _fail(part, where, f"the wrong type for {field.name}.")


def _check_events(events: list[Any], guild_uids: set[str], *, sized: bool = True) -> None:
    if sized and len(events) > MAX_EVENTS:
        _fail("events", "events", f"an import holds at most {MAX_EVENTS} changes of history.")
    seqs: set[int] = set()
    undone: set[int] = set()
    last = 0
    for index, event in enumerate(events):
        path = f"events[{index}]"
        _check_keys("events", path, event, EVENT_KEYS, OPTIONAL_EVENT_KEYS)
        _check_message("events", path, event)
        _check_int("events", f"{path}.seq", event["seq"], 1, MAX_COUNTER)
        if event["seq"] <= last:
            _fail("events", f"{path}.seq", "changes are numbered in increasing order.")
        last = event["seq"]
        if not isinstance(event["kind"], str) or not KIND.match(event["kind"]):
            _fail("events", f"{path}.kind", "a kind of change (lowercase, up to 40 characters).")
        if not isinstance(event["summary"], str) or len(event["summary"]) > 300:
            _fail("events", f"{path}.summary", "a summary of up to 300 characters.")
        if event["actor"] is not None and (not isinstance(event["actor"], str) or len(event["actor"]) > 150):
            _fail("events", f"{path}.actor", "a name of up to 150 characters, or null.")
        if event["guild"] is not None and event["guild"] not in guild_uids:
            _fail("events", f"{path}.guild", "the uid of one of the export's guilds, or null.")
        if not isinstance(event["data"], dict):
            _fail("events", f"{path}.data", "an object.")
        # `seqs` holds the earlier changes' numbers until this one's are checked (no copy per change).
        check_data(path, event["data"], seqs)
        _check_undoes(path, event["undoes"], seqs, undone)
        _check_datetime(f"{path}.created_at", event["created_at"])
        _check_changes(path, event["changes"])
        seqs.add(event["seq"])


def _check_undoes(path: str, undoes: Any, earlier: set[int], undone: set[int]) -> None:
    if undoes is None:
        return
    if isinstance(undoes, bool) or undoes not in earlier:
        _fail("events", f"{path}.undoes", "the number of an earlier change.")
    if undoes in undone:
        _fail("events", f"{path}.undoes", "a change is undone once.")
    undone.add(undoes)


def _check_datetime(path: str, value: Any) -> None:
    field = models.DateTimeField()
    try:
        if not isinstance(value, str) or field.to_python(value) is None:
            raise ValidationError("empty")
    except ValidationError:
        _fail("events", path, "a date and time (ISO 8601).")


def _check_changes(path: str, changes: Any) -> None:
    if not isinstance(changes, list) or len(changes) > MAX_CHANGES_PER_EVENT:
        _fail("events", f"{path}.changes", f"a list of at most {MAX_CHANGES_PER_EVENT} row changes.")
    for index, change in enumerate(changes):
        where = f"{path}.changes[{index}]"
        _check_keys("events", where, change, {"model", "uid", "before", "after"}, set())
        model = TRACKED.get(change["model"]) if isinstance(change["model"], str) else None
        if model is None:
            _fail("events", f"{where}.model", "a kind of campaign row.")
        _check_uid("events", f"{where}.uid", change["uid"])
        for side in ("before", "after"):
            state = change[side]
            if state is not None:
                _check_keys("events", f"{where}.{side}", state, set(snapshot_fields(model)), set())
                _check_row_values("events", f"{where}.{side}", model, state)
