"""A rule's refusal with its words apart from its values, so the app can say it in the player's language.

`str(RuleError(...))` is the English sentence with the values filled in; `message` and `params` let the
boundary (`campaigns.errors.rule_refusal`) translate the words first and fill the values in after. A
refusal that counts something is a `CountError`: its `plural` words and the value (`number`) that picks
between them let the boundary take the language's plural form. A value that is itself words to translate
(what a count counts: "dice", "Death tokens") is a `Words`, translated at the boundary too.

The words are written once, here in `rules_helpers/`: `manage.py makemessages` collects the first argument
of `RuleError`, `Words` and `check_count` and both of `CountError`'s for the catalogue
(`campaigns/management/commands/makemessages.py`), so they are written as string literals.
"""

from __future__ import annotations


class RuleError(ValueError):
    """A broken rule: `message` with %(name)s placeholders, `params` the values to fill them with."""

    plural = ""
    number = ""

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params
        words = self.plural if self.plural and params.get(self.number) != 1 else message
        super().__init__(words % params if params else words)


class CountError(RuleError):
    """A broken rule that counts something: `message` for one, `plural` for any other count, the count being
    the value named `number`."""

    def __init__(self, message: str, plural: str, *, number: str, **params: object) -> None:
        self.plural = plural
        self.number = number
        super().__init__(message, **params)


class Words:
    """Words given as a refusal's value (with %(name)s placeholders filled from `params`), so the boundary
    translates them too; `str()` is the English."""

    def __init__(self, words: str, **params: object) -> None:
        self.words = words
        self.params = params

    def __str__(self) -> str:
        return self.words % self.params if self.params else self.words

    def __repr__(self) -> str:
        return f"Words({str(self)!r})"
