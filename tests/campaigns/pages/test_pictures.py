"""The Campaign Sheet's pictures on the page: the path map (taken, open, locked), a chart line per guild."""

from __future__ import annotations

import re

import pytest

from tests.campaigns.pages.helpers import first_scenario

pytestmark = pytest.mark.django_db


def test_before_any_scenario_the_map_shows_the_first_circle_open_and_the_rest_locked(player_client, campaign):
    html = player_client.get(f"/campaigns/{campaign.pk}/?open=map,charts").content.decode()
    states = re.findall(r'<g class="map-node (\w+)" data-scenario="([\w-]+)"', html)
    assert {s for s, _ in states} == {"open", "locked"}
    assert ("open", "ferry-of-the-dead") in states and ("locked", "hit-rock-bottom") in states
    assert 'class="series' not in html  # no chart before a scenario is recorded


def test_after_a_scenario_the_map_marks_it_taken_and_the_charts_have_one_line_per_guild(
    owner, player_client, campaign
):
    first_scenario(owner, campaign)
    html = player_client.get(f"/campaigns/{campaign.pk}/?open=map,charts").content.decode()
    assert '<g class="map-node taken" data-scenario="ferry-of-the-dead">' in html
    assert re.search(r'<g class="map-node (open|next)"', html)
    charts = re.findall(r'<figure class="chart chart-(\w+)">(.*?)</figure>', html, re.S)
    assert [metric for metric, _ in charts] == ["coins", "deaths", "quests", "titles"]
    for _metric, svg in charts:
        assert re.findall(r'data-guild="(\w+)"', svg) == ["yellow", "teal"]
    coins = dict(charts)["coins"]
    assert "Yellow, scenario 1: 4" in coins and "Teal, scenario 1: 3" in coins


def test_the_pictures_carry_no_inline_style_or_script(owner, player_client, campaign):
    first_scenario(owner, campaign)
    html = player_client.get(f"/campaigns/{campaign.pk}/?open=map,charts").content.decode()
    start, end = html.index('<svg class="path-map"'), html.index('class="chart-legend"')
    assert "style=" not in html[start:end] and "<script" not in html[start:end]
