"""Django's `makemessages`, also collecting the rules' refusals where `rules_helpers/` words them.

`rules_helpers/` imports no Django, so it cannot mark its words with `gettext_noop`. Instead, the words of
a refusal are the first argument of `RuleError`, `Words` and `check_count` (what a count counts), and the
first two of `CountError` (for one and for many); `campaigns.errors.rule_refusal` translates them when it
shows them.
"""

from django.core.management.commands import makemessages

RULE_KEYWORDS = ("RuleError", "CountError:1,2", "Words", "check_count")


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        *(f"--keyword={keyword}" for keyword in RULE_KEYWORDS),
    ]
