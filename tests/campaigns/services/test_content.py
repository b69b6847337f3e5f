"""Content packs load all or nothing, idempotently, and export back identically."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from campaigns.errors import ContentPackError
from campaigns.models import CONTENT_MODELS, Circle, Edition, Hero, Scenario
from campaigns.selectors.content import PACK_DIR, content_pack_dumps, content_pack_export
from campaigns.services.content import content_pack_load

pytestmark = pytest.mark.django_db


def _counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in CONTENT_MODELS}


def _pack(name: str) -> list[dict]:
    return json.loads((PACK_DIR / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("edition", "pack"), [("inferno", "inferno.json"), ("arcadia-quest", "arcadia-quest.json")]
)
def test_the_shipped_pack_is_exactly_what_export_writes(edition, pack):
    assert content_pack_dumps(content_pack_export(edition_slug=edition)) == (PACK_DIR / pack).read_text(
        "utf-8"
    )


def test_loading_a_pack_twice_changes_nothing():
    before = _counts()
    call_command("load_content", verbosity=0)
    assert _counts() == before


def test_export_wipe_load_export_gives_the_identical_pack():
    first = content_pack_export(edition_slug="inferno")
    Edition.objects.get(slug="inferno").delete()
    assert not Scenario.objects.filter(edition__slug="inferno").exists()
    content_pack_load(records=first)
    assert content_pack_export(edition_slug="inferno") == first


def test_a_pack_with_a_dangling_reference_names_it_and_changes_nothing():
    records = _pack("test-pack.json")
    scenario = next(r for r in records if r["model"] == "campaigns.scenario")
    scenario["fields"]["circle"] = ["test-edition", "no-such-circle"]
    scenario["fields"]["name"] = "Renamed before the bad reference"
    records[0]["fields"]["name"] = "Renamed edition"
    before = _counts()
    with pytest.raises(ContentPackError, match=r"campaigns\.scenario '[a-z-]+'.*does not exist"):
        content_pack_load(records=records)
    assert _counts() == before
    assert Edition.objects.get(slug="test-edition").name != "Renamed edition"


def test_the_load_command_reports_the_bad_record_and_loads_nothing(tmp_path):
    records = _pack("test-pack.json")
    hero = next(r for r in records if r["model"] == "campaigns.hero")
    hero["fields"]["defense"] = -3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(records))
    before = _counts()
    with pytest.raises(CommandError, match=r"Nothing was loaded from bad\.json: .*campaigns\.hero"):
        call_command("load_content", str(bad))
    assert _counts() == before


@pytest.mark.parametrize(
    ("records", "message"),
    [
        ({"model": "campaigns.edition"}, "JSON list"),
        ([{"model": "campaigns.spaceship", "fields": {}}], "unknown model"),
        ([{"model": "campaigns.edition", "pk": 3, "fields": {}}], "natural keys"),
        ([{"model": "campaigns.edition"}], "'model' and 'fields'"),
    ],
)
def test_malformed_packs_are_refused_with_a_reason(records, message):
    with pytest.raises(ContentPackError, match=message):
        content_pack_load(records=records)


def test_content_records_carry_their_source_and_verification():
    """GF data policy: verified = confirmed by an official English source. The rules audit: the counts of
    Beyond the Gates of Hell and Hit Rock Bottom come from the Portuguese Campaign Book (CB-PT), and Hit
    Rock Bottom being the Final Showdown is GF's inference, so neither is verified; RB:392-412 confirm the
    circles."""
    bjor = Hero.objects.get(edition__slug="inferno", slug="bjor-of-oros")
    assert bjor.source and bjor.verified is False
    for slug in ("beyond-the-gates-of-hell", "hit-rock-bottom"):
        assert Scenario.objects.get(edition__slug="inferno", slug=slug).verified is False
    assert Circle.objects.get(edition__slug="inferno", slug="first").verified is True


def test_content_report_command_prints_what_is_missing(capsys):
    call_command("content_report", "--edition", "inferno")
    out = capsys.readouterr().out
    assert "cerberus level 2-3: life" in out.lower() or "Cerberus level 2-3" in out
