"""A rule's refusal with its words apart from its values, so the app can say it in the player's language.

`str(RuleError(...))` is the English sentence with the values filled in; `message` and `params` let the
boundary (`campaigns.errors.rule_refusal`) translate the words first and fill the values in after.
"""

from __future__ import annotations


class RuleError(ValueError):
    """A broken rule: `message` with %(name)s placeholders, `params` the values to fill them with."""

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params
        super().__init__(message % params if params else message)
