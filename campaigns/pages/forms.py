"""Page forms: they only check the shape of what was typed; the services judge the rules."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign

REVISION = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class CampaignCreateForm(forms.Form):
    name = forms.CharField(label=_("Campaign name"), max_length=120)
    edition = forms.ChoiceField(
        label=_("Edition"),
        choices=[("inferno", "Arcadia Quest: Inferno"), ("arcadia-quest", "Arcadia Quest")],
    )
    mode = forms.ChoiceField(
        label=_("Mode"),
        choices=[
            (Campaign.Mode.CAMPAIGN, _("Campaign: six scenarios through the circles")),
            (
                Campaign.Mode.EPISODIC,
                _("Episodic: any single scenario at a chosen level, nothing carried over"),
            ),
        ],
        widget=forms.RadioSelect,
        initial=Campaign.Mode.CAMPAIGN,
    )


class JoinForm(forms.Form):
    code = forms.CharField(
        label=_("Join code"),
        max_length=32,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )


class RevisionForm(forms.Form):
    """Every write names the revision it was based on; guild writes also name the guild."""

    revision = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class GuildForm(RevisionForm):
    guild = forms.SlugField(widget=forms.HiddenInput)


class GuildAddForm(RevisionForm):
    colour = forms.SlugField(label=_("Colour"))
    holder = forms.CharField(label=_("Played by"), max_length=150, required=False)
    player_name = forms.CharField(label=_("Friend's name (held by you)"), max_length=60, required=False)


class RenameForm(RevisionForm):
    name = forms.CharField(label=_("Name"), max_length=120)


class DeleteForm(RevisionForm):
    name = forms.CharField(label=_("Type the campaign's name to delete it"), max_length=120)


class JoinCodeForm(RevisionForm):
    hours = forms.IntegerField(label=_("Valid for (hours)"), min_value=1, initial=48)
    max_uses = forms.IntegerField(label=_("Uses"), min_value=1, initial=3)


class HeroesForm(GuildForm):
    """One `hero_N` field per hero the page offers (the edition's number); the service checks the count."""

    MOST = 10

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        posted = [key for key in self.data if re.fullmatch(r"hero_\d{1,2}", key)]
        for n in range(1, min(len(posted), self.MOST) + 1):
            self.fields[f"hero_{n}"] = forms.SlugField(label=_("Hero %(number)s") % {"number": n})

    def service_args(self) -> dict[str, Any]:
        count = sum(1 for name in self.fields if name.startswith("hero_"))
        return {"heroes": [self.cleaned_data[f"hero_{n}"] for n in range(1, count + 1)]}


class MoveForm(GuildForm):
    id = forms.IntegerField(widget=forms.HiddenInput)
    to = forms.RegexField(label=_("Move to"), regex=r"^[\w-]+:\d+$")

    def service_args(self) -> dict[str, Any]:
        hero, slot = self.cleaned_data["to"].rsplit(":", 1)
        return {"item": "card", "item_id": self.cleaned_data["id"], "hero": hero, "slot": int(slot)}


class DiscardForm(GuildForm):
    id = forms.IntegerField(widget=forms.HiddenInput)

    def service_args(self) -> dict[str, Any]:
        return {"card_id": self.cleaned_data["id"]}


class CardAddForm(GuildForm):
    card = forms.SlugField(label=_("Card"), max_length=80)
    hero = forms.SlugField(label=_("Hero"), max_length=80)


class CurseSetForm(GuildForm):
    hero = forms.SlugField(label=_("Hero"), max_length=80)
    curse = forms.CharField(label=_("Death Curse"), max_length=40)


class CurseRemoveForm(GuildForm):
    hero = forms.SlugField(widget=forms.HiddenInput)


class SavedCoinsForm(GuildForm):
    coins = forms.IntegerField(label=_("Saved coin"), min_value=0)


class ScenarioForm(RevisionForm):
    scenario = forms.SlugField(label=_("Scenario"), max_length=80)


class LiveStartForm(ScenarioForm):
    # Episodic games only (GF:298): the level the table chose; a campaign's level is the scenario's number.
    level = forms.IntegerField(label=_("Level"), required=False)

    def service_args(self) -> dict[str, Any]:
        level = self.cleaned_data.get("level")
        return {"scenario": self.cleaned_data["scenario"], **({"level": level} if level is not None else {})}


class EpisodicDealForm(RevisionForm):
    # GF:298 "Upgrade cards of any level chosen"; how many is the table's number (the sources give none).
    level = forms.IntegerField(label=_("Upgrade deck"))
    cards = forms.IntegerField(label=_("Cards for each guild"))


class UndoForm(RevisionForm):
    seq = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    # Undoing someone else's change is asked twice: the second post carries confirm=1.
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)


class AssignForm(GuildForm):
    guild = forms.SlugField(label="Guild")
    holder = forms.CharField(label="Played by", max_length=150, required=False)
    player_name = forms.CharField(label="Friend's name (held by you)", max_length=60, required=False)

    def service_args(self) -> dict[str, Any]:
        holder = self.cleaned_data["holder"]
        player = holder if holder and holder != "open" else None
        return {"player": player, "player_name": self.cleaned_data["player_name"]}


class BackupRestoreForm(RevisionForm):
    backup = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class FinaleForm(RevisionForm):
    savior = forms.SlugField(label=_("Savior of Arcadia"), required=False)

    def service_args(self) -> dict[str, Any]:
        return {"savior": self.cleaned_data["savior"] or None}


class TallyForm(GuildForm):
    counter = forms.ChoiceField(choices=[(c, c) for c in ("deaths", "damnation", "coins", "treasure")])
    delta = forms.IntegerField(min_value=-10, max_value=10)
    hero = forms.SlugField(required=False)

    def service_args(self) -> dict[str, Any]:
        data = {k: self.cleaned_data[k] for k in ("counter", "delta")}
        return {**data, "hero": self.cleaned_data["hero"] or None}


class QuestForm(GuildForm):
    quest = forms.CharField(max_length=80)


class CardsForm(GuildForm):
    """A pick or a purchase: a card may appear twice (two copies in one hand)."""

    cards = forms.MultipleChoiceField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        posted = self.data.getlist("cards") if hasattr(self.data, "getlist") else []
        self.fields["cards"].choices = [(c, c) for c in posted]

    def service_args(self) -> dict[str, Any]:
        return {"cards": list(self.cleaned_data["cards"])}


class EnterDealtForm(GuildForm):
    """The 6 cards a guild drafted at the table, when the level deck is not in the app yet: each chosen
    from the campaign's deck, or typed in (name and cost) when the deck lacks it."""

    ROWS = 6

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, self.ROWS + 1):
            self.fields[f"card_{n}"] = forms.CharField(
                label=_("Card %(n)s from the deck") % {"n": n}, max_length=100, required=False
            )
            self.fields[f"name_{n}"] = forms.CharField(
                label=_("Card %(n)s name") % {"n": n}, max_length=120, required=False
            )
            self.fields[f"code_{n}"] = forms.CharField(
                label=_("Card %(n)s code") % {"n": n}, max_length=20, required=False
            )
            self.fields[f"cost_{n}"] = forms.IntegerField(
                label=_("Card %(n)s cost") % {"n": n}, min_value=0, max_value=20, required=False
            )

    def rows(self) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [(self[f"name_{n}"], self[f"code_{n}"], self[f"cost_{n}"]) for n in range(1, self.ROWS + 1)]

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "cards": [
                {"card": data[f"card_{n}"]}
                if data[f"card_{n}"]
                else {"name": data[f"name_{n}"], "code": data[f"code_{n}"], "cost": data[f"cost_{n}"]}
                for n in range(1, self.ROWS + 1)
            ]
        }


class RestartForm(RevisionForm):
    reopen = forms.TypedChoiceField(choices=[("1", "restart"), ("0", "abandon")], coerce=lambda v: v == "1")


class HeroPickForm(GuildForm):
    hero = forms.SlugField(label=_("Hero"), max_length=80)


class RecordForm(RevisionForm):
    """A scenario's results: one row per guild, one line per fielded hero.

    Field names carry the guild colour (and hero) so that a row can be re-shown with its errors.
    """

    scenario = forms.SlugField(label=_("Scenario"), max_length=80)
    # Optional until the write: the review step warns about a missing winner and asks for one there.
    winner = forms.ChoiceField(label=_("Winner"), widget=forms.RadioSelect, required=False)
    # The results are written only when the review screen's button posts them again with confirm=1.
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)
    level = forms.IntegerField(label=_("Level"), required=False)

    def __init__(
        self,
        *args: Any,
        guilds: list[dict[str, Any]],
        reward_cards: list[tuple[str, str]],
        reward_slots: int = 1,
        played: dict[str, set[str]] | None = None,
        **kw: Any,
    ):
        super().__init__(*args, **kw)
        self.guilds = guilds
        # Per guild, the heroes with a live line: one swapped out for an angel keeps its Death line.
        self.played = played or {}
        # One reward choice per Reward quest a guild can complete (rules_helpers.scoring.reward_slots).
        self.reward_slots = max(1, reward_slots)
        self.fields["winner"].choices = [(g["colour"], g["name"]) for g in guilds]
        for g in guilds:
            self._guild_fields(g, reward_cards)

    def _guild_fields(self, g: dict[str, Any], reward_cards: list[tuple[str, str]]) -> None:
        c, name = g["colour"], g["name"]
        self.fields[f"coins-{c}"] = forms.IntegerField(
            label=_("%(guild)s coins") % {"guild": name}, min_value=0, max_value=999, initial=0
        )
        self.fields[f"treasure-{c}"] = forms.IntegerField(
            label=_("%(guild)s treasure") % {"guild": name}, min_value=0, max_value=999, initial=0
        )
        self.fields[f"title-{c}"] = forms.BooleanField(label=_("Won the title"), required=False)
        self.fields[f"angel-{c}"] = forms.BooleanField(label=_("Rescued the angel"), required=False)
        heroes = [(h["hero"], h["name"]) for h in g["heroes"] if h["fielded"] and not h["retired"]]
        for reward, given_to in self._reward_names(c):
            self.fields[reward] = forms.ChoiceField(
                label=_("Reward card"), required=False, choices=[("", _("None")), *reward_cards]
            )
            self.fields[given_to] = forms.ChoiceField(label=_("Given to"), required=False, choices=heroes)
        played = self.played.get(c, set())
        lines = [
            (h["hero"], h["name"])
            for h in g["heroes"]
            if h["hero"] in played or (h["hero"], h["name"]) in heroes
        ]
        for slug, hero_name in lines:
            for counter in ("deaths", "damnation"):
                self.fields[f"{counter}-{c}-{slug}"] = forms.IntegerField(
                    label=(_("%(hero)s Death tokens") if counter == "deaths" else _("%(hero)s Damnation"))
                    % {"hero": hero_name},
                    min_value=0,
                    max_value=99,
                    initial=0,
                    # Hidden where the edition has no Damnation (base, BR:224): absent means none.
                    required=counter == "deaths",
                )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("confirm") and not data.get("winner"):
            self.add_error("winner", _("Choose the winner: exactly one guild wins a scenario."))
        return data

    def rows(self) -> list[dict[str, Any]]:
        radios = {radio.data["value"]: radio for radio in self["winner"]}
        return [
            {
                "guild": g,
                "winner": radios[g["colour"]],
                **{k: self[f"{k}-{g['colour']}"] for k in ("coins", "treasure", "title", "angel")},
                "rewards": [(self[r], self[h]) for r, h in self._reward_names(g["colour"])],
                "heroes": [
                    (
                        h["name"],
                        self[f"deaths-{g['colour']}-{h['hero']}"],
                        self[f"damnation-{g['colour']}-{h['hero']}"],
                    )
                    for h in g["heroes"]
                    if f"deaths-{g['colour']}-{h['hero']}" in self.fields
                ],
            }
            for g in self.guilds
        ]

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        level = {"level": data["level"]} if data.get("level") is not None else {}
        return {"scenario": data["scenario"], "results": [self._line(g, data) for g in self.guilds], **level}

    def _line(self, g: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
        c = g["colour"]
        heroes = [
            {
                "hero": h["hero"],
                "deaths": data[f"deaths-{c}-{h['hero']}"],
                "damnation": data[f"damnation-{c}-{h['hero']}"] or 0,
            }
            for h in g["heroes"]
            if f"deaths-{c}-{h['hero']}" in self.fields
        ]
        return {
            "guild": c,
            "winner": data["winner"] == c,
            "coins": data[f"coins-{c}"],
            "treasure": data[f"treasure-{c}"],
            "title": data[f"title-{c}"],
            "angel": data[f"angel-{c}"],
            "reward_cards": [{"card": data[r], "hero": data[h]} for r, h in self._reward_names(c) if data[r]],
            "heroes": heroes,
        }

    @classmethod
    def data_from_draft(cls, draft: list[dict[str, Any]], **fixed: Any) -> dict[str, Any]:
        """The live tracker's pre-filled results as posted form data (for the review screen)."""
        data: dict[str, Any] = dict(fixed)
        for key, value in cls.initial_from_draft(draft).items():
            if value is True:
                data[key] = "on"
            elif value is not False and value is not None:
                data[key] = value
        return data

    def _reward_names(self, colour: str) -> list[tuple[str, str]]:
        """The field names of a guild's reward choices: the first keeps the plain name."""
        return [
            (f"reward-{colour}", f"reward_hero-{colour}")
            if i == 1
            else (f"reward-{colour}-{i}", f"reward_hero-{colour}-{i}")
            for i in range(1, self.reward_slots + 1)
        ]

    @staticmethod
    def initial_from_draft(draft: list[dict[str, Any]]) -> dict[str, Any]:
        """The live tracker's pre-filled results as the form's starting values."""
        initial: dict[str, Any] = {}
        for line in draft:
            c = line["guild"]
            if line["winner"]:
                initial["winner"] = c
            initial.update({f"coins-{c}": line["coins"], f"treasure-{c}": line["treasure"]})
            initial.update({f"title-{c}": line["title"], f"angel-{c}": line["angel"]})
            for i, reward in enumerate(line["reward_cards"], start=1):
                suffix = "" if i == 1 else f"-{i}"
                initial[f"reward-{c}{suffix}"] = reward["card"]
                initial[f"reward_hero-{c}{suffix}"] = reward["hero"]
            for h in line["heroes"]:
                initial[f"deaths-{c}-{h['hero']}"] = h["deaths"]
                initial[f"damnation-{c}-{h['hero']}"] = h["damnation"]
        return initial
