"""Upper bounds of what a campaign row may hold, checked by the model validators and the database.

The box's own numbers (the seats, the saved coin) the models read from `rules_helpers.box`. Where the box
sets no limit (a guild's coins), the cap here is a documented sane one: far above any real game, far below
the columns' range.
"""

from rules_helpers import box

# RB:392 six scenarios a campaign (box.CAMPAIGN_SCENARIOS); an edition may set its own count, so the
# stored scenario number and upgrade level are capped at twice that.
MAX_SCENARIO_NUMBER = 2 * box.CAMPAIGN_SCENARIOS
# Sane caps, the same as the record form's: coins and treasure 0-999 a scenario, Death tokens and
# Damnation 0-99 a hero a scenario. A 2-4 player scenario ends long before either.
MAX_COINS = 999
MAX_TOKENS = 99
# Sane caps: a roster is 3 heroes plus the angels rescued (one a scenario at most); inventory slots are
# 1-4 (RB:371, box.SLOTS_PER_HERO), a bought card waits past slot 4 until the guild redistributes, and a
# swap parks a card on slot 99 for a moment (and so it stands in the history of every swap).
MAX_HERO_POSITION = 20
MAX_SLOT = 99
