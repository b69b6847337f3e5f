"""The helper pages' forms: plain HTML forms that post back, so every helper works without JavaScript."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.models import Edition, Monster
from campaigns.selectors import content as selectors_content
from companion.content_names import local_name_text
from companion.helpers import services
from rules_helpers import box, curses, spawn

# Short enough for three selects side by side at 360 px; the symbol is drawn beside it in the results.
SYMBOL_LABELS = {
    "melee": gettext_lazy("Sword"),
    "ranged": gettext_lazy("Bow"),
    "crit": gettext_lazy("Crit"),
}
BOX = services.BOX


def _count(label: Any, maximum: int, initial: int = 0) -> forms.IntegerField:
    widget = forms.NumberInput(attrs={"inputmode": "numeric", "class": "count"})
    return forms.IntegerField(label=label, min_value=0, max_value=maximum, initial=initial, widget=widget)


def _seed() -> forms.IntegerField:
    widget = forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": gettext_lazy("new roll")})
    return forms.IntegerField(
        label=gettext_lazy("Seed"), required=False, min_value=0, max_value=services.SEED_MAX, widget=widget
    )


class DiceForm(forms.Form):
    attack_dice = _count(gettext_lazy("Attack dice"), services.MAX_ATTACK_DICE, initial=2)
    kind = forms.ChoiceField(
        label=gettext_lazy("Attack"),
        choices=[("melee", gettext_lazy("Melee")), ("ranged", gettext_lazy("Ranged"))],
        initial="melee",
        widget=forms.RadioSelect,
    )
    defense_dice = _count(gettext_lazy("Defense dice"), services.MAX_DEFENSE_DICE)
    attack_rerolls = _count(gettext_lazy("Attack rerolls"), services.MAX_REROLLS)
    defense_rerolls = _count(gettext_lazy("Defense rerolls"), services.MAX_REROLLS)
    seed = _seed()

    steppers = ("attack_dice", "defense_dice", "attack_rerolls", "defense_rerolls")

    def stepper_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.steppers]


class SpawnForm(forms.Form):
    """Five slots of the Spawn tile, the five Spawn tokens (rows left empty are not on the board)."""

    mode = forms.ChoiceField(
        label=gettext_lazy("How the figures spawn"),
        choices=[("roll", gettext_lazy("Roll the dice")), ("choose", gettext_lazy("Ticket Scalper chooses"))],
        initial="roll",
        widget=forms.RadioSelect,
    )
    seed = _seed()

    slots = range(1, box.SPAWN_TILE_SLOTS + 1)
    token_rows = range(1, box.SPAWN_TOKENS_IN_BOX + 1)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        symbols = [("", "—"), *((s, SYMBOL_LABELS[s]) for s in services.SPAWN_SYMBOLS)]
        for slot in self.slots:
            self.fields[f"figure_{slot}"] = forms.CharField(
                label=_("Slot %(slot)s figure") % {"slot": slot},
                required=False,
                max_length=services.MAX_FIGURE_NAME,
            )
            self.fields[f"choice_{slot}"] = forms.ChoiceField(
                label=_("Slot %(slot)s goes to") % {"slot": slot},
                required=False,
                choices=self._choice_options(),
                initial=BOX,
            )
        for row in self.token_rows:
            for side in ("a", "b"):
                label = (
                    _("Token %(row)s first symbol") if side == "a" else _("Token %(row)s second symbol")
                ) % {"row": row}
                self.fields[f"token_{row}_{side}"] = forms.ChoiceField(
                    label=label, required=False, choices=symbols
                )
            occupants = [(n, str(n)) for n in range(box.SPACE_CAPACITY + 1)]
            self.fields[f"token_{row}_occupants"] = forms.TypedChoiceField(
                label=_("Token %(row)s characters in its Space") % {"row": row},
                choices=occupants,
                coerce=int,
                initial=0,
            )

    def _choice_options(self) -> list[tuple[str, str]]:
        tokens = ((str(row), _("Token %(row)s") % {"row": row}) for row in self.token_rows)
        return [*tokens, (BOX, _("Back to the box"))]

    def slot_rows(self) -> list[dict[str, forms.BoundField]]:
        return [{"slot": s, "figure": self[f"figure_{s}"], "choice": self[f"choice_{s}"]} for s in self.slots]

    def token_fields(self) -> list[dict[str, Any]]:
        return [
            {
                "row": r,
                "a": self[f"token_{r}_a"],
                "b": self[f"token_{r}_b"],
                "occupants": self[f"token_{r}_occupants"],
            }
            for r in self.token_rows
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        slots = [s for s in self.slots if data.get(f"figure_{s}", "").strip()]
        if not slots:
            raise forms.ValidationError(_("Enter the figure in slot 1 of the Spawn tile."))
        rows = self._rows_on_board(data)
        data["figures"] = [data[f"figure_{s}"].strip() for s in slots]
        data["tokens"] = [
            spawn.SpawnToken((data[f"token_{r}_a"], data[f"token_{r}_b"]), data[f"token_{r}_occupants"])
            for r in rows
        ]
        data["rows"] = rows
        data["choices"] = (
            [self._choice(data.get(f"choice_{s}") or BOX, rows) for s in slots] if self.chooses else None
        )
        return data

    @property
    def chooses(self) -> bool:
        return self.cleaned_data.get("mode") == "choose"

    def _rows_on_board(self, data: dict[str, Any]) -> list[int]:
        rows = []
        for row in self.token_rows:
            a, b = data.get(f"token_{row}_a"), data.get(f"token_{row}_b")
            if bool(a) != bool(b):
                raise forms.ValidationError(
                    _("Token %(row)s needs both of its symbols (or neither, when not on the board).")
                    % {"row": row}
                )
            if a:
                rows.append(row)
        return rows

    def _choice(self, value: str, rows: list[int]) -> int | None:
        if value == BOX:
            return None
        if int(value) not in rows:
            raise forms.ValidationError(
                _("Token %(row)s is not on the board, so no figure can go there.") % {"row": value}
            )
        return rows.index(int(value))


class HeroDeathsForm(forms.Form):
    hero = forms.CharField(label=gettext_lazy("Hero"), max_length=services.MAX_HERO_NAME)
    deaths = _count(gettext_lazy("Death tokens"), services.MAX_DEATHS)
    damnation = _count(gettext_lazy("Damnation"), services.MAX_DAMNATION)


class BaseHeroFormSet(forms.BaseFormSet):
    def clean(self) -> None:
        names = [f.cleaned_data["hero"] for f in self.forms if f.cleaned_data.get("hero")]
        try:
            curses.check_heroes_once(names)
        except ValueError as exc:
            raise forms.ValidationError(
                _("Each hero draws once per Upgrade Phase; a hero is listed twice.")
            ) from exc
        if not names:
            raise forms.ValidationError(_("Enter at least one hero."))

    def heroes(self) -> list[services.HeroDeaths]:
        return [services.HeroDeaths(**f.cleaned_data) for f in self.forms if f.cleaned_data.get("hero")]


HeroFormSet = forms.formset_factory(
    HeroDeathsForm,
    formset=BaseHeroFormSet,
    extra=3,
    max_num=services.MAX_HEROES,
    absolute_max=services.MAX_HEROES,
    validate_max=True,
)


class EditionForm(forms.Form):
    edition = forms.ChoiceField(label=gettext_lazy("Edition"))
    seed = _seed()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Choices are read once: a ModelChoiceField would query again for every rendering and validation.
        self.editions = {edition.slug: edition for edition in Edition.objects.order_by("name")}
        self.fields["edition"].choices = [(slug, edition.name) for slug, edition in self.editions.items()]

    def clean_edition(self) -> Edition:
        return self.editions[self.cleaned_data["edition"]]


class MonsterForm(forms.Form):
    """A monster by ``edition/slug`` (stable across databases) and the scenario's place in the campaign."""

    monster = forms.ChoiceField(label=gettext_lazy("Monster"))
    scenario = forms.TypedChoiceField(
        label=gettext_lazy("Scenario number"),
        choices=[(n, str(n)) for n in range(1, box.CAMPAIGN_SCENARIOS + 1)],
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One query with the level cards prefetched: the lookup then needs no more.
        self.monsters = {f"{m.edition.slug}/{m.slug}": m for m in selectors_content.monsters_list()}
        self.fields["monster"].choices = self._grouped()

    def _grouped(self) -> list[tuple[str, list[tuple[str, str]]]]:
        groups: dict[str, list[tuple[str, str]]] = {}
        for key, monster in sorted(self.monsters.items(), key=lambda item: item[1].name):
            groups.setdefault(monster.edition.name, []).append((key, local_name_text(monster)))
        return sorted(groups.items())

    def clean_monster(self) -> Monster:
        return self.monsters[self.cleaned_data["monster"]]
