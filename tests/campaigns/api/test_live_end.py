"""The end of a scenario tracked live: the quests ticked live travel into the record (V4, N2), a hero killed
by an enemy guild ticks that guild's PvP quest, and the win is part of the live state every phone reads."""

import re

import pytest

from campaigns.models import Event, PlayResult, ScenarioPlay
from campaigns.pages.forms import RecordForm
from campaigns.selectors.live import live_state
from tests.campaigns.pages.helpers import act
from tests.factories import (
    SIX_SCENARIOS,
    UserFactory,
    build_campaign,
    client_for,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db

GATES = "beyond-the-gates-of-hell"  # PvE quests: pass-the-gates, kill-cerberus


def _post(client, campaign, path, data):
    return client.post(
        f"/api/v1/campaigns/{campaign.pk}/{path}",
        {**data, "revision": refreshed(campaign).revision},
        format="json",
    )


def _quest(client, campaign, colour, quest):
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    return client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/live/quest/",
        {"quest": quest, "revision": revision},
        format="json",
    )


def _live(client, campaign):
    return client.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]


def _recorded_quests(campaign, number=None):
    plays = ScenarioPlay.objects.filter(campaign=campaign, status=ScenarioPlay.Status.RECORDED)
    play = plays.get(number=number) if number else plays.get()
    return dict(PlayResult.objects.filter(play=play).values_list("guild__colour__slug", "quests"))


@pytest.fixture
def three(owner, owner_api):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    assert _post(owner_api, campaign, "live/start/", {"scenario": GATES}).status_code == 201
    return refreshed(campaign)


def test_the_live_state_names_the_winner_once_a_guild_completes_its_last_quest(owner_api, three):
    """BR:205 "When a player fulfills his third Quest, at least one them being PvE, the scenario immediately
    ends and that player is victorious": the live state (the page's kept snapshot) says who won."""
    _quest(owner_api, three, "teal", "pass-the-gates")
    _quest(owner_api, three, "teal", "pvp:yellow")
    assert _live(owner_api, three)["won_by"] is None
    assert _quest(owner_api, three, "teal", "kill-cerberus").status_code == 200
    assert _live(owner_api, three)["won_by"] == "teal"


def test_recording_without_quests_keeps_those_ticked_live(owner_api, three):
    """BR:198 a Guild token on the Quest card marks its completion, and BR:215 "each Guild gets one coin for
    each Quest it accomplished": the record keeps the quests the live tracker ticked, in their order, when
    the results name none (the results form has no quest fields)."""
    _quest(owner_api, three, "gray", "pass-the-gates")
    for quest in ("pass-the-gates", "pvp:yellow", "kill-cerberus"):
        _quest(owner_api, three, "teal", quest)
    lines = [
        {k: v for k, v in line.items() if k != "quests"} for line in _live(owner_api, three)["results_draft"]
    ]
    response = _post(owner_api, three, "plays/", {"scenario": GATES, "results": lines})
    assert response.status_code == 201, response.json()
    assert _recorded_quests(three) == {
        "yellow": [],
        "teal": ["pass-the-gates", "pvp:yellow", "kill-cerberus"],
        "gray": ["pass-the-gates"],
    }


def test_quests_the_results_name_are_recorded_as_named(owner_api, three):
    """The table may correct the live tracker: named quests are checked by the rules (BR:208, never the own
    colour's PvP quest) and recorded as given, an empty list included."""
    _quest(owner_api, three, "teal", "pass-the-gates")
    _quest(owner_api, three, "gray", "kill-cerberus")
    lines = [
        result_line("yellow", quests=["pvp:teal"]),
        result_line("teal", winner=True, quests=[]),
        result_line("gray"),
    ]
    response = _post(owner_api, three, "plays/", {"scenario": GATES, "results": lines})
    assert response.status_code == 201, response.json()
    assert _recorded_quests(three) == {"yellow": ["pvp:teal"], "teal": [], "gray": ["kill-cerberus"]}


def test_a_hero_killed_by_an_enemy_guild_ticks_its_pvp_quest(owner_api, three):
    """BR:196-197 a PvP Quest is fulfilled "as soon as" a Hero of that Guild is defeated; BR:217 the kill's
    coin and the quest's First Bonus stack; BR:218 a second kill earns only the kill's coin."""
    kill = {"victim": "hero", "killer": "teal", "hero": "diana", "hero_guild": "yellow"}
    assert _post(owner_api, three, "live/kill/", kill).status_code == 200
    state = _live(owner_api, three)
    teal = next(g for g in state["guilds"] if g["guild"] == "teal")
    assert teal["quests"] == ["pvp:yellow"] and teal["coins"] == 2
    assert state["quest_log"] == [["pvp:yellow", "teal"]]
    summary = Event.objects.filter(campaign=three).latest("seq").summary
    assert "Teal completed Kill a hero of the Yellow guild (+1 coin, first)" in summary
    assert _post(owner_api, three, "live/kill/", {**kill, "hero": "mark"}).status_code == 200
    teal = next(g for g in _live(owner_api, three)["guilds"] if g["guild"] == "teal")
    assert teal["quests"] == ["pvp:yellow"] and teal["coins"] == 3


def test_a_kill_that_completes_the_last_quest_wins_and_its_undo_takes_both_back(owner_api, three):
    """BR:205 the third Quest (one PvE) ends the scenario at once, whichever way it was fulfilled; the kill
    and its quest are one change, undone together."""
    _quest(owner_api, three, "gray", "pass-the-gates")
    _quest(owner_api, three, "gray", "pvp:yellow")
    before = _live(owner_api, three)
    kill = {"victim": "hero", "killer": "gray", "hero": "natasha", "hero_guild": "teal"}
    assert _post(owner_api, three, "live/kill/", kill).status_code == 200
    assert _live(owner_api, three)["won_by"] == "gray"
    assert "Gray wins the scenario" in Event.objects.filter(campaign=three).latest("seq").summary
    seq = Event.objects.filter(campaign=three).latest("seq").seq
    assert _post(owner_api, three, "undo/", {"seq": seq}).status_code == 200
    assert _live(owner_api, three) == before


def test_a_monster_kill_or_an_own_hero_ticks_no_quest(owner_api, three):
    """RB:680-682 a Hero killed by a Monster or a trap is killed by no Guild; BR:208 no Guild gets the PvP
    Quest of its own colour."""
    _post(owner_api, three, "live/kill/", {"victim": "hero", "hero": "diana", "hero_guild": "yellow"})
    own = {"victim": "hero", "killer": "yellow", "hero": "mark", "hero_guild": "yellow"}
    assert _post(owner_api, three, "live/kill/", own).status_code == 200
    state = _live(owner_api, three)
    assert state["quest_log"] == [] and all(g["quests"] == [] for g in state["guilds"])


@pytest.fixture
def last_scenario(owner):
    """Five scenarios recorded; Hit Rock Bottom tracked live, Purple completing its 3 quests (the win) with
    the Underlord's killing blow among them (the review's N2 reproduction)."""
    ben = UserFactory(username="ben")
    campaign = build_campaign(owner, guilds={"yellow": None, "purple": ben, "teal": None})
    lines = [result_line("yellow", winner=True), result_line("purple"), result_line("teal")]
    for slug in SIX_SCENARIOS[:5]:
        campaign = record(owner, campaign, slug, lines)
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "hit-rock-bottom"})
    for quest in ("pvp:yellow", "pvp:teal", "kill-rock-bottom"):
        revision = refreshed(campaign).guilds.get(colour__slug="purple").revision
        done = act(ben, campaign, "quest", {"guild": "purple", "revision": revision, "quest": quest})
        assert done.status_code == 302
    return refreshed(campaign)


def test_recording_through_the_review_keeps_the_live_quests_and_the_savior_check_runs(
    owner, owner_api, last_scenario
):
    """RB:1328-1329 "The Guild that delivers the killing blow to the Underlord will forever be known as the
    Savior of Arcadia!" (GF:295): recorded through the pages (the live tracker's review, then "Record these
    results"), Hit Rock Bottom keeps Purple's quests, so the finale names Purple and refuses anyone else."""
    campaign = last_scenario
    review = client_for(owner).get(f"/campaigns/{campaign.pk}/record/").content.decode()
    assert (
        "Quests completed: Kill Rock Bottom, Kill a hero of the Yellow guild, Kill a hero of the Teal guild"
        in review
    )
    form = review.split('<form class="stack" method="post"')[1].split("</form>")[0]
    data = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))
    assert data["winner"] == "purple" and not any(k.startswith("quests") for k in data)
    assert act(owner, campaign, "record", data).status_code == 302
    assert _recorded_quests(campaign, 6) == {
        "yellow": [],
        "purple": ["pvp:yellow", "pvp:teal", "kill-rock-bottom"],
        "teal": [],
    }
    # The sheet's "Quests completed in each scenario" chart counts them.
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/?open=charts")
    assert page.status_code == 200 and "Purple, scenario 6: 3</title>" in page.content.decode()
    sheet = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/").json()
    assert sheet["savior_candidates"] == ["purple"]
    purple = next(r for r in sheet["plays"][-1]["results"] if r["guild"] == "purple")
    assert purple["quests"] == ["pvp:yellow", "pvp:teal", "kill-rock-bottom"]
    wrong = _post(owner_api, campaign, "finale/", {"savior": "teal"})
    assert wrong.status_code == 400 and "killed by purple" in str(wrong.json())
    assert _post(owner_api, campaign, "finale/", {"savior": "purple"}).status_code == 200


def test_recording_by_the_form_prefilled_from_the_live_tracker_keeps_the_live_quests(owner, last_scenario):
    """RB:1328-1329 as above, by the results form the live tracker fills in (RecordForm.data_from_draft)."""
    campaign = last_scenario
    draft = live_state(campaign)["results_draft"]
    data = RecordForm.data_from_draft(draft, revision=campaign.revision, scenario="hit-rock-bottom")
    assert act(owner, campaign, "record", {**data, "confirm": "1"}).status_code == 302
    assert _recorded_quests(campaign, 6)["purple"] == ["pvp:yellow", "pvp:teal", "kill-rock-bottom"]
