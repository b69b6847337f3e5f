"""A guild's writes: set up, claim, heroes, fielding, angels, and its inventory."""

from __future__ import annotations

from rest_framework import status

from campaigns.api import serializers as s
from campaigns.api.base import campaign_action
from campaigns.services import guilds, inventory

GuildAdd = campaign_action(
    s.GuildAddInput, guilds.guild_add, code=status.HTTP_201_CREATED, role="owner", summary="Add a guild"
)
GuildClaim = campaign_action(
    s.ClaimInput, guilds.guild_claim, guild=True, role="claim", summary="Claim a guild"
)
GuildAssign = campaign_action(
    s.AssignInput,
    guilds.guild_assign,
    guild=True,
    role="owner",
    summary="Hand a guild to a member, hold it for a friend, or open it (owner)",
)
GuildHeroes = campaign_action(
    s.HeroesInput, guilds.guild_heroes_choose, guild=True, summary="Choose the guild's heroes"
)
GuildField = campaign_action(s.HeroesInput, guilds.guild_field_heroes, guild=True, summary="Field heroes")
AngelTake = campaign_action(
    s.AngelInput, guilds.angel_take, guild=True, summary="Field or keep a rescued angel"
)
CardAdd = campaign_action(
    s.CardAddInput, inventory.inventory_card_add, guild=True, summary="Give a card to a hero"
)
InventoryMove = campaign_action(s.MoveInput, inventory.inventory_move, guild=True, summary="Move a card")
CardDiscard = campaign_action(
    s.DiscardInput, inventory.inventory_card_discard, guild=True, summary="Discard a card"
)
CurseSet = campaign_action(
    s.CurseInput, inventory.hero_curse_set, guild=True, summary="Record a kept Death Curse"
)
CurseRemove = campaign_action(
    s.CurseRemoveInput, inventory.hero_curse_remove, guild=True, summary="Remove a Death Curse"
)
SavedCoins = campaign_action(
    s.SavedCoinsInput, inventory.guild_saved_coins_set, guild=True, summary="Saved coin"
)
