"""A group corrects a hero's Defense and Life and a Death Curse's value and copies for its own campaign
(issue 28: "the group can correct any number for its campaign; that correction is shown as theirs"): the
sheet shows the corrected number marked as the table's, the Upgrade Phase draws from the corrected deck,
and another campaign of the same edition keeps the edition's numbers."""

import io
import json
import re

import pytest
from django.core.management import call_command

from campaigns.models import DeathCurse, Hero, HeroCurse, HeroDraftRecord, UpgradePhase
from campaigns.selectors.content_gaps import content_gaps
from campaigns.selectors.overrides import overrides_pack
from campaigns.services.hero_draft import hero_draft_start
from campaigns.services.overrides import content_override_set, content_override_verify, content_pack_import
from rules_helpers.drafts import HeroDraft
from tests.factories import access, build_campaign, client_for, record, refreshed, result_line, sheet

pytestmark = pytest.mark.django_db


def _enter(owner, campaign, kind, target, **fields):
    content_override_set(access=access(owner, campaign), actor=owner, kind=kind, target=target, fields=fields)


def _hero_row(data, slug):
    return next(h for g in data["guilds"] for h in g["heroes"] if h["hero"] == slug)


def test_a_hero_corrected_by_the_table_shows_its_numbers_as_theirs(owner):
    """GF:8-9: a number from a fan transcription says so; the table's own entry is shown as the table's
    (✎), and "I checked it against the box" makes it ✓ for that campaign alone."""
    campaign = build_campaign(owner)
    other = build_campaign(owner)
    diana = Hero.objects.get(edition__slug="inferno", slug="diana")
    _enter(owner, campaign, "hero", "diana", defense=diana.defense + 1, life=9)
    row = _hero_row(sheet(owner, campaign), "diana")
    assert (row["defense"], row["life"], row["sure"]["kind"]) == (diana.defense + 1, 9, "table")
    untouched = _hero_row(sheet(owner, other), "diana")
    assert (untouched["defense"], untouched["life"]) == (diana.defense, diana.life)
    assert untouched["sure"]["kind"] != "table"
    content_override_verify(access=access(owner, campaign), actor=owner, kind="hero", target="diana")
    assert _hero_row(sheet(owner, campaign), "diana")["sure"]["kind"] == "box"


def test_the_upgrade_phase_draws_from_the_deck_the_table_corrected(owner):
    """BR:224 (a hero draws a Death Curse card per Death token and keeps the highest, RB:1628-1630) from the
    24-card deck whose copies are a fan transcription (GF:207): a table that counts its own deck enters the
    copies and values, and the draw, the kept card's value and the sheet follow them."""
    campaign = build_campaign(owner)
    curses = list(DeathCurse.objects.filter(edition__slug="inferno"))
    only = next(c for c in curses if c.slug == "amnesia")
    for curse in curses:
        if curse.pk != only.pk:
            _enter(owner, campaign, "death-curse", curse.slug, copies=0)
    _enter(owner, campaign, "death-curse", only.slug, value=only.value + 5, copies=6)
    played = record(
        owner,
        campaign,
        "ferry-of-the-dead",
        [result_line("yellow", winner=True, heroes=[{"hero": "diana", "deaths": 2}]), result_line("teal")],
        upgrade_on_paper=False,
        seed=7,
    )
    draws = {d["hero"]: d for d in UpgradePhase.objects.get(play__campaign=played).curse_draws}
    assert draws["diana"]["drawn"] == [only.code, only.code]
    assert f"({only.value + 5})" in draws["diana"]["why"]
    assert HeroCurse.objects.get(guild__campaign=played, hero__hero__slug="diana").curse == only
    curse = _hero_row(sheet(owner, played), "diana")["curse"]
    assert (curse["value"], curse["sure"]["kind"]) == (only.value + 5, "table")
    # What the Upgrade Phase page shows for the draw: the table's value with the table's mark.
    html = client_for(owner).get(f"/campaigns/{played.pk}/upgrade/").content.decode()
    drawn = re.findall(r'<li class="curse reveal[^"]*" data-number>(.*?)</li>', html, re.S)
    assert len(drawn) == 2
    for card in drawn:
        assert re.search(rf'aria-label="value">{only.value + 5}</span>', card) and "conf-table" in card


def test_heroes_and_curses_are_listed_where_a_table_fills_them_in(owner):
    """What a table can correct is reachable: the campaign's Content page lists each unchecked hero and
    Death Curse with the link to its form, and one the table checked is gone from its list only."""
    campaign = build_campaign(owner)
    gaps = {(g["kind"], g["target"]): g for g in content_gaps(campaign.edition, campaign)}
    assert ("hero", "diana") in gaps and ("death-curse", "amnesia") in gaps
    assert gaps[("hero", "diana")]["fill"].endswith("?kind=hero&target=diana")
    _enter(owner, campaign, "death-curse", "amnesia", copies=2)
    content_override_verify(access=access(owner, campaign), actor=owner, kind="death-curse", target="amnesia")
    left = {(g["kind"], g["target"]) for g in content_gaps(campaign.edition, campaign)}
    assert ("death-curse", "amnesia") not in left
    assert ("death-curse", "amnesia") in {(g["kind"], g["target"]) for g in content_gaps(campaign.edition)}


def test_a_pack_of_hero_and_curse_corrections_travels_and_can_be_promoted(owner, tmp_path):
    """Another group imports the pack (its own campaign then plays the numbers), and the site admin may
    promote it into the edition after review: every campaign then sees them, marked as promoted."""
    campaign = build_campaign(owner)
    _enter(owner, campaign, "hero", "diana", life=9)
    _enter(owner, campaign, "death-curse", "amnesia", copies=4)
    pack = overrides_pack(campaign)
    records = {(r["kind"], r["target"]) for r in pack["records"]}
    assert records == {("hero", "diana"), ("death-curse", "amnesia")}
    other = build_campaign(owner)
    content_pack_import(access=access(owner, other), actor=owner, document=pack)
    assert _hero_row(sheet(owner, other), "diana")["life"] == 9
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(pack), encoding="utf-8")
    call_command("promote_content", str(path), stdout=io.StringIO())
    diana = Hero.objects.get(edition__slug="inferno", slug="diana")
    amnesia = DeathCurse.objects.get(edition__slug="inferno", slug="amnesia")
    assert (diana.life, amnesia.copies) == (9, 4) and "promoted" in diana.source


def _curse_options(html):
    """The guild form's Death Curse list: each option's text by the curse's code."""
    select = re.search(r'<select id="curse-yellow" name="curse"[^>]*>(.*?)</select>', html, re.S)
    assert select, "the guild's tools list the Death Curses"
    return dict(re.findall(r'<option value="([^"]+)">([^<]*)</option>', select.group(1)))


def test_the_guilds_curse_list_offers_the_values_the_table_entered(owner):
    """FAN-AQH (rules-replay-2 §6): the curse values are a fan transcription; the list a guild records its
    kept curse from shows each value with its mark, the table's own where it corrected one, ✓ once checked,
    and never another campaign's."""
    campaign, other = build_campaign(owner), build_campaign(owner, name="Another table")
    amnesia = DeathCurse.objects.get(edition__slug="inferno", slug="amnesia")
    _enter(owner, campaign, "death-curse", "amnesia", value=amnesia.value + 5)
    _enter(owner, other, "death-curse", "amnesia", value=amnesia.value + 7)
    mine = client_for(owner).get(f"/campaigns/{campaign.pk}/mine/").content.decode()
    options = _curse_options(mine)
    assert options[amnesia.code] == f"Amnesia (value {amnesia.value + 5}✎)"
    assert options["D-00"] == "No Curse (value 0*)"
    sheet_page = client_for(owner).get(f"/campaigns/{campaign.pk}/?open=guild-yellow").content.decode()
    assert _curse_options(sheet_page)[amnesia.code] == f"Amnesia (value {amnesia.value + 5}✎)"
    untouched = DeathCurse.objects.get(edition__slug="inferno", slug="amnesia")
    assert untouched.value == amnesia.value  # the edition's card is not changed
    elsewhere = build_campaign(owner, name="A third table")
    third = _curse_options(client_for(owner).get(f"/campaigns/{elsewhere.pk}/mine/").content.decode())
    assert third[amnesia.code] == f"Amnesia (value {amnesia.value}*)"
    content_override_verify(access=access(owner, campaign), actor=owner, kind="death-curse", target="amnesia")
    checked = _curse_options(client_for(owner).get(f"/campaigns/{campaign.pk}/mine/").content.decode())
    assert checked[amnesia.code] == f"Amnesia (value {amnesia.value + 5}✓)"


def _dealt(owner, name):
    """Two guilds without heroes and the hero draft dealt to them with one seed (the same hands)."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None}, name=name, heroes=False)
    hero_draft_start(access=access(owner, campaign), actor=owner, revision=campaign.revision, seed=5)
    return refreshed(campaign)


def _hand_card(html, slug):
    card = re.search(rf'<label class="hand-card" for="hero-{slug}">(.*?)</label>', html, re.S)
    assert card, slug
    return card.group(1)


def test_the_hero_draft_deals_the_heroes_with_the_numbers_the_table_entered(owner):
    """FAN-E (GF §9): the heroes' Defense and Life are a fan transcription; a table that corrected a hero for
    its campaign sees the draft deal it with its own numbers, marked as its own (as on the sheet), and
    another table's correction of the same hero stays with that table."""
    campaign, other = _dealt(owner, "Drafting"), _dealt(owner, "Drafting too")
    draft = HeroDraft.from_dict(HeroDraftRecord.objects.get(campaign=campaign).state)
    first, second = draft.hand("yellow")[:2]
    hero = Hero.objects.get(edition__slug="inferno", slug=first)
    _enter(owner, campaign, "hero", first, defense=hero.defense + 3, life=11)
    _enter(owner, other, "hero", first, defense=hero.defense + 5, life=13)
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/hero-draft/?guild=yellow").content.decode()
    card = _hand_card(html, first)
    assert f"Defense {hero.defense + 3} · Life 11" in card and 'class="conf conf-table"' in card
    assert "Life 13" not in html
    plain = Hero.objects.get(edition__slug="inferno", slug=second)
    untouched = _hand_card(html, second)
    assert f"Defense {plain.defense} · Life {plain.life}" in untouched and "conf-table" not in untouched
    theirs = client_for(owner).get(f"/campaigns/{other.pk}/hero-draft/?guild=yellow").content.decode()
    assert f"Defense {hero.defense + 5} · Life 13" in _hand_card(theirs, first)
