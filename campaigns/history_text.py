"""The history's change summaries: stored as a message id and its values, said in the reader's language.

An event keeps `message` (an id of `SUMMARIES`) and `params` (JSON), so the words are chosen when the history
is read, in the reader's language, and the content names in it too. `Event.summary` still holds the English
sentence: it is what an event made before the ids (or imported from an older backup) shows, and what the
backups and exports carry.

A value in `params` is a number or text (shown as is: a username, a slot), a content record's names
(`names_of`: the reader's language picks among them), a term of the game (`term`), a message of its own
(`part`), or a list of those (joined with commas). `then` holds parts added after "; ".
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, ngettext_lazy, pgettext_lazy

SUMMARIES: dict[str, Promise] = {
    "campaign-created": gettext_lazy("Campaign %(name)s created"),
    "player-joined": gettext_lazy("%(user)s joined"),
    "player-left": gettext_lazy("%(user)s left the campaign; %(guilds)s is held under their name"),
    "player-left-no-guild": gettext_lazy("%(user)s left the campaign"),
    "share-link-renewed": gettext_lazy("A new share link was made; the old one no longer opens the sheet"),
    "share-link-revoked": gettext_lazy("The share link was turned off"),
    "scenario-recorded": gettext_lazy("Scenario %(number)s: %(scenario)s recorded, won by %(guild)s"),
    "next-chosen": gettext_lazy("%(guild)s chose %(scenario)s as the next scenario"),
    "next-chosen-table": gettext_lazy("The table chose %(scenario)s as the next scenario"),
    "finale-savior": gettext_lazy("The campaign is over; Savior of Arcadia: %(guild)s"),
    "finale-nobody": gettext_lazy("The campaign is over; Savior of Arcadia: nobody"),
    "finale-last-winner": gettext_lazy("The campaign is over; the last scenario's winner wins the game"),
    "live-started": gettext_lazy("Scenario %(number)s: %(scenario)s started"),
    "live-abandoned": gettext_lazy("Scenario %(number)s: %(scenario)s abandoned"),
    "live-tally": gettext_lazy("%(what)s: %(counter)s %(delta)s"),
    "hero-of-guild": gettext_lazy("%(hero)s (%(guild)s)"),
    "quest-completed": gettext_lazy("%(guild)s completed %(quest)s"),
    "quest-completed-first": ngettext_lazy(
        "%(guild)s completed %(quest)s (+%(count)s coin, first)",
        "%(guild)s completed %(quest)s (+%(count)s coins, first)",
        "count",
    ),
    "kill-pvp-quest": gettext_lazy("Kill a hero of the %(guild)s guild"),
    "pve-unlisted": gettext_lazy("PvE quest %(n)s (its card is not in the pack)"),
    "reward-gets": gettext_lazy("gets %(card)s"),
    "reward-none": gettext_lazy("no reward card: %(reason)s"),
    "reward-none-first": ngettext_lazy(
        "no reward card: only the first %(count)s guild gets its reward",
        "no reward card: only the first %(count)s guilds get its reward",
        "count",
    ),
    "reward-none-taken": ngettext_lazy(
        "no reward card: its %(count)s copy has been taken",
        "no reward card: all %(count)s copies have been taken",
        "count",
    ),
    "scenario-won": gettext_lazy("%(guild)s wins the scenario"),
    "killed-by": gettext_lazy("%(what)s killed by %(by)s"),
    "killed-by-monster": gettext_lazy("%(what)s killed by a monster or trap"),
    "coins-paid": gettext_lazy("%(guild)s +%(coins)s"),
    "reward-missing": gettext_lazy("%(missing)s: add it by hand to %(guilds)s"),
    "reward-unchecked": gettext_lazy("its level card is from a fan source, not checked against the box"),
    "reward-entered": gettext_lazy("its reward is the one this table entered for the level card"),
    "reward-no-level-card": gettext_lazy("the content has no level card of this monster for this level"),
    "guild-joined": gettext_lazy("%(guild)s guild joined the table"),
    "guild-removed": gettext_lazy("%(guild)s guild left the table"),
    "campaign-renamed": gettext_lazy("The campaign %(old)s is now called %(name)s"),
    "guild-claimed": gettext_lazy("%(user)s plays %(guild)s"),
    "guild-assigned": gettext_lazy("%(guild)s is now played by %(user)s"),
    "guild-held": gettext_lazy("%(guild)s is held for %(name)s"),
    "guild-opened": gettext_lazy("%(guild)s is open for a player to claim"),
    "heroes-chosen": gettext_lazy("%(guild)s chose %(heroes)s"),
    "heroes-fielded": gettext_lazy("%(guild)s fields %(heroes)s"),
    "angel-taken": gettext_lazy("%(guild)s fielded %(angel)s in place of %(leaving)s"),
    "angel-swapped-in": gettext_lazy("%(guild)s swapped %(angel)s in for %(leaving)s"),
    "phase-opened": gettext_lazy("Upgrade phase %(number)s opened; Death Curses drawn"),
    "phase-picked": ngettext_lazy(
        "%(guild)s picked %(count)s card (round %(round)s)",
        "%(guild)s picked %(count)s cards (round %(round)s)",
        "count",
    ),
    "phase-picked-for": ngettext_lazy(
        "%(guild)s picked %(count)s card (round %(round)s), picked by %(user)s for the absent player",
        "%(guild)s picked %(count)s cards (round %(round)s), picked by %(user)s for the absent player",
        "count",
    ),
    "phase-entered": ngettext_lazy(
        "%(guild)s entered the %(count)s card it drafted",
        "%(guild)s entered the %(count)s cards it drafted",
        "count",
    ),
    "card-for": gettext_lazy("%(card)s for %(cost)s"),
    "bought": gettext_lazy("%(guild)s bought %(items)s"),
    "bought-nothing": gettext_lazy("%(guild)s bought nothing"),
    "coins-saved-after": ngettext_lazy("saved %(count)s coin", "saved %(count)s coins", "count"),
    "upgrades-finished": gettext_lazy("%(guild)s finished its upgrades"),
    "phase-closed": gettext_lazy("upgrade phase %(number)s closed"),
    "phase-restarted": gettext_lazy("Upgrade phase %(number)s restarted"),
    "phase-abandoned": gettext_lazy("Upgrade phase %(number)s abandoned (played on paper)"),
    "card-given": gettext_lazy("%(guild)s gave %(card)s to %(hero)s"),
    "card-moved": gettext_lazy("%(guild)s moved %(card)s to %(hero)s (slot %(slot)s)"),
    "card-swapped": gettext_lazy(
        "%(guild)s moved %(card)s to %(hero)s (slot %(slot)s), swapping %(other)s to %(origin)s"
    ),
    "card-discarded": gettext_lazy("%(guild)s discarded %(card)s from %(hero)s"),
    "curse-kept": gettext_lazy("%(hero)s (%(guild)s) keeps the Death Curse %(curse)s (%(value)s)"),
    "curse-removed": gettext_lazy("%(hero)s (%(guild)s) is rid of %(curse)s"),
    "coins-saved": ngettext_lazy(
        "%(guild)s saves %(count)s coin", "%(guild)s saves %(count)s coins", "count"
    ),
    "area-of": gettext_lazy("%(guild)s %(area)s"),
    "seating-drawn": gettext_lazy("Starting areas: %(placed)s; %(guild)s plays first"),
    "restored": gettext_lazy("The campaign was restored from the backup taken at change #%(seq)s"),
    "content-restored": ngettext_lazy(
        "The restore took back or changed %(count)s content entry made after the backup",
        "The restore took back or changed %(count)s content entries made after the backup",
        "count",
    ),
    "hero-draft-started": gettext_lazy(
        "The hero draft began: keep one hero, pass the rest left, three times"
    ),
    "hero-kept": gettext_lazy("%(guild)s kept a hero (round %(round)s)"),
    "hero-draft-over": gettext_lazy("the hero draft is over"),
    "hero-draft-abandoned": gettext_lazy("The hero draft was abandoned"),
    "episodic-dealt": gettext_lazy(
        "Upgrade cards of level %(level)s dealt for an episodic game: %(cards)s to each guild"
    ),
    "undid": gettext_lazy("Undid: %(what)s"),
    "someone": gettext_lazy("someone"),
    "content-entered": gettext_lazy("%(who)s entered the %(what)s %(target)s: %(shown)s"),
    "content-verified": gettext_lazy("%(who)s checked the %(what)s %(target)s against the box"),
    "content-imported": ngettext_lazy(
        "%(who)s imported a content pack of %(count)s record",
        "%(who)s imported a content pack of %(count)s records",
        "count",
    ),
    # The Death Curse draws' explanations, kept with an upgrade phase's draws the same way (`why_parts`).
    "curse-none-drawn": gettext_lazy("No Death tokens and under %(damnation)s Damnation: no card drawn."),
    "curse-deck-empty": gettext_lazy("The deck has no curses yet."),
    "curse-drew-one": gettext_lazy("Drew one card and keeps it (%(curse)s, value %(value)s)."),
    "curse-keeps-highest": gettext_lazy(
        "Keeps the highest value: %(curse)s (%(value)s); the rest are discarded."
    ),
    "curse-swapped-out": gettext_lazy("Swapped out for an angel in this scenario: no card drawn (U12)."),
    "curse-deck-ran-out": gettext_lazy("The curse deck ran out before every card was drawn."),
}

# Words of the game a summary names by value (the live counters), marked so the catalogue holds them.
TERMS: dict[str, Promise] = {
    "deaths": pgettext_lazy("live counter", "deaths"),
    "damnation": pgettext_lazy("live counter", "damnation"),
    "coins": pgettext_lazy("live counter", "coins"),
    "treasure": pgettext_lazy("live counter", "treasure"),
    # The kinds of content a group corrects (`campaigns.models.OverrideKind`), as a sentence names them.
    "monster-level": pgettext_lazy("content kind", "monster level card"),
    "monster": pgettext_lazy("content kind", "monster"),
    "upgrade-card": pgettext_lazy("content kind", "upgrade card"),
    "scenario": pgettext_lazy("content kind", "scenario"),
    "hero": pgettext_lazy("content kind", "hero"),
    "death-curse": pgettext_lazy("content kind", "Death Curse"),
    "die": pgettext_lazy("content kind", "die"),
    "spawn-pair": pgettext_lazy("content kind", "Spawn pair"),
}

# The fields that may hold a record's name in a language (as `companion.content_names.NAME_FIELDS`, which the
# domain may not import): scenarios, titles, circles, quests, heroes and guild colours carry `name_pt`, cards,
# curses and monsters `local_name`.
NAME_FIELDS = {"pt-br": ("name_pt", "local_name")}


# A record's names as the pages' `|local_name` reads them (companion.content_names): the English one, the
# Brazilian one, where that comes from, and whether the English one is only a literal translation of it.
NAME_KEYS = ("name", "name_pt", "local_name", "name_pt_source", "name_en_literal")


def content_names(record: Any, name: str | None = None) -> dict[str, Any]:
    """The record's names (`NAME_KEYS`) for the sheet's data, empty where the record has no such field, and
    the one shown in the active language (`shown_name`); `name`: a name the campaign gave it instead, which
    the box's Brazilian name no longer matches."""
    if name is not None and name != record.name:
        names = {
            "name": name,
            "name_pt": "",
            "local_name": "",
            "name_pt_source": "",
            "name_en_literal": False,
        }
    else:
        names = {key: getattr(record, key, "") for key in NAME_KEYS}
        names["name_en_literal"] = bool(names["name_en_literal"])
    return {**names, "shown_name": name_in_language(names)}


def names_of(record: Any) -> dict[str, str]:
    """A content record's names, as a summary keeps them: English and, where known, Portuguese."""
    found = {"name": str(record.name)}
    for field in ("name_pt", "local_name"):
        if value := getattr(record, field, ""):
            found[field] = str(value)
    return found


def name_in_language(names: dict[str, Any]) -> str:
    """A record's name (as a dict of `name`, `name_pt`, `local_name`) in the active language, English
    where the content has no translation."""
    return str(_value({"name": names.get("name", ""), **names}, (translation.get_language() or "").lower()))


def map_labels(circles: list[dict[str, Any]]) -> dict[str, str]:
    """The sheet map's circle and scenario labels in the active language, by slug (`rules_helpers.pictures`
    is pure and takes them as given)."""
    labels = {c["slug"]: name_in_language(c) for c in circles}
    labels.update({s["slug"]: name_in_language(s) for c in circles for s in c["scenarios"]})
    return labels


def part(message: str, **params: Any) -> dict[str, Any]:
    """A message inside another (a hero with its guild, a reward after a quest)."""
    return {"msg": message, "params": params}


def term(slug: str) -> dict[str, str]:
    return {"term": slug}


def term_word(slug: str) -> str:
    """A term of the game (`TERMS`) in the active language."""
    return str(TERMS[slug])


def _value(value: Any, language: str) -> Any:
    if isinstance(value, list):
        return ", ".join(str(_value(v, language)) for v in value)
    if not isinstance(value, dict):
        return value
    if "msg" in value:
        return render(value["msg"], value.get("params") or {})
    if "term" in value:
        return str(TERMS[value["term"]])
    for field in NAME_FIELDS.get(language, ()):
        if value.get(field):
            return value[field]
    return value.get("name", "")


def render(message: str, params: dict[str, Any]) -> str:
    """The summary in the active language."""
    language = (translation.get_language() or "").lower()
    values = {k: _value(v, language) for k, v in params.items() if k != "then"}
    template = SUMMARIES[message]
    text = str(template % values) if values or "count" in params else str(template)
    for extra in params.get("then") or ():
        text += "; " + str(_value(extra, language))
    return text


def render_english(message: str, params: dict[str, Any]) -> str:
    """The summary in English, as `Event.summary` keeps it."""
    with translation.override("en"):
        return render(message, params)


# What rendering values that do not fit a message's words raises (odd shapes too, G8).
UNFIT = (KeyError, TypeError, ValueError, AttributeError)


def event_summary(event: Any) -> str:
    """An event's summary in the reader's language; an event without a message id shows its stored text."""
    message = getattr(event, "message", "")
    if message in SUMMARIES:
        try:
            return render(message, event.params or {})
        except UNFIT:
            # Values that do not fit the words (a changed message): the stored English is still right.
            return event.summary
    return event.summary


def message_fits(message: str, params: dict[str, Any]) -> bool:
    """Whether the values fit the message's words (an undo names the change it takes back by them)."""
    try:
        render(message, params)
    except UNFIT:
        return False
    return True
