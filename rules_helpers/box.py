"""The numbers of the box, each written once.

Every rules function that needs one takes it as a keyword parameter whose default is the value here, so the
app can pass an Edition's own numbers (a house rule, another box) and the rules stay the same code. Sources:
RB = line of the Inferno rulebook text, BR = line of the base Arcadia Quest rules, GF = line of game-facts.md.
"""

# A campaign: RB:392 "only six of the twelve scenarios ... will be played"; RB:1282 "(1 through 6)".
CAMPAIGN_SCENARIOS = 6
# Monster level cards: RB:485 confirms "Level 2-3" for the 3rd scenario; the other labels follow from four
# cards for six scenarios (GF:60-62, inferred), so a content pack may pass its own.
LEVEL_BRACKETS = ("1", "2-3", "4-5", "6")

# Guilds: RB:273 "a campaign game for 2 to 4 players", each controlling a Guild (RB:274).
MIN_GUILDS = 2
MAX_GUILDS = 4
# RB:307 "pick the 3 Heroes that will represent their Guild".
HEROES_PER_GUILD = 3
# RB:371 "each Hero has an inventory of 4 card slots".
SLOTS_PER_HERO = 4
# BR:233 "If a Guild has more than 12 Upgrade cards, it will have to discard any excess cards."
GUILD_CARD_LIMIT = 12

# Winning a scenario: BR:205 "the first Guild to accomplish 3 Quests ... as long as at least one of those is a
# PvE Quest" (RB:1621-1622); BR:207 "In a 2-player game, victory is achieved by fulfilling only 2 Quests."
QUESTS_TO_WIN = 3
PVE_QUESTS_TO_WIN = 1
QUESTS_TO_WIN_TWO_GUILDS = 2
# Coins: BR:200 the First Bonus is "one coin" (RB:1623-1624);
# BR:215 "each Guild gets one coin for each Quest it accomplished".
FIRST_BONUS_COINS = 1
COINS_PER_QUEST = 1
# RB:679-682: one coin for an enemy Hero, one to each other Guild when a Monster or trap kills a Hero.
HERO_KILL_COINS = 1

# Death Curses: RB:1628-1630 "1 Death Curse card per Death token and every 2 Damnation and keeps only the
# highest card".
DAMNATION_PER_CURSE_CARD = 2
CURSES_KEPT = 1
# GF:207 "Inferno box: 24 Death Curse cards [RB p5]". The base box's count is stated by no rules seed; its
# content data (death-curses.csv, fan sources) gives copies that add up to 24 as well.
DEATH_CURSE_DECK = 24

# Upgrade Phase: RB:1631-1633 "each player gets 6 cards ..., keeps 2 and passes the rest to the left two
# times, then may purchase up to 3 cards" (BR:230-231); BR:232 "he may save a single coin".
# BR:230 "Level 1 deck after the first scenario, Level 2 deck after the second scenario, and so on": one
# Upgrade deck per Upgrade Phase, after scenarios 1 to 5 (GF:204 "Starter + Level 1-5").
UPGRADE_DECKS = CAMPAIGN_SCENARIOS - 1
UPGRADE_HAND = 6
UPGRADE_PICKS = 2
DRAFT_ROUNDS = 3
MAX_PURCHASES = 3
MAX_SAVED_COINS = 1
# Hero draft: RB:338-345 pick one Hero, pass left, three times (one round per Hero of the Guild).
HERO_PICKS = 1

# Spawning: RB:1013 the Spawn Tile is full "with five figures on it"; RB:469 "the 5 Spawn tokens";
# RB:536 a Space holds "a maximum of two" characters.
SPAWN_TILE_SLOTS = 5
SPAWN_TOKENS_IN_BOX = 5
SPACE_CAPACITY = 2

# Each die of the box is a d6 (GF:67-68, GF:254); which face shows what comes from two fan dice apps, not from
# the physical dice (GF:64-68), so the faces stay parameters.
FACES_PER_DIE = 6
ATTACK_FACES = ("melee", "melee", "melee", "ranged", "ranged", "crit")
DEFENSE_FACES = ("shield", "crit", "blank", "blank", "blank", "blank")
