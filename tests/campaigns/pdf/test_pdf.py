"""Printable Campaign Sheets: what the PDF shows, the blank sheet, paper sizes, safety, render-once."""

from __future__ import annotations

import pytest
from weasyprint import HTML

from campaigns import pdf
from campaigns.access import SPECTATOR, Access, campaign_access
from campaigns.models import Campaign, SheetDocument
from campaigns.selectors.campaigns import campaign_for_sheet
from campaigns.selectors.sheet import campaign_sheet_data
from campaigns.services import campaigns as campaign_services
from campaigns.services import documents
from tests.campaigns.pdf.helpers import (
    forget_full_demo,
    full_demo_campaign,
    page_sizes,
    pdf_pages,
    save_png,
    user,
)

pytestmark = pytest.mark.django_db

A4_LANDSCAPE = (842, 595)
LETTER_LANDSCAPE = (792, 612)
EVIL_NAME = '<img src="file:///etc/passwd">'


@pytest.fixture(scope="module")
def full_demo(django_db_setup, django_db_blocker):
    """Built once for the module (the services take seconds); each test's transaction leaves it intact."""
    with django_db_blocker.unblock():
        campaign = full_demo_campaign()
    yield campaign
    with django_db_blocker.unblock():
        forget_full_demo(campaign)


@pytest.fixture(scope="module")
def demo_pdf(full_demo, django_db_blocker) -> bytes:
    with django_db_blocker.unblock():
        return pdf.render_sheet_pdf(campaign_id=full_demo.pk, paper="a4")


@pytest.fixture(scope="module")
def demo_data(full_demo, django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        campaign = campaign_for_sheet(campaign_id=full_demo.pk)
        return campaign_sheet_data(campaign, Access(campaign, SPECTATOR, None))


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_front_shows_the_map_order_and_one_achievement_line_per_scenario_played(demo_pdf, demo_data):
    front = flat(pdf_pages(demo_pdf)[0])
    assert "Demo: Road to Rock Bottom" in front
    for guild in demo_data["guilds"]:
        assert f"{guild['name']} ({guild['animal']})" in front
    for play in demo_data["plays"]:
        assert f"{play['number']} {play['name']}" in front  # the order box beside the scenario, and the row
        assert f"level {play['level']}" in front
    assert "Second Circle \u2013 West (chosen)" in front
    for column in ("WINNER", "LEAST DEATHS", "MOST COINS", "WON REWARD", "WON TITLE"):
        assert column in front


def test_each_achievement_row_names_the_guilds_that_earned_it_ties_included(demo_data, full_demo):
    html = pdf.sheet_html(campaign_id=full_demo.pk, paper="a4")
    context = pdf.sheet_context(demo_data, full_demo.edition, "a4")
    first = context["rows"][0]
    expected = demo_data["plays"][0]["achievements"]
    for (key, _), cell in zip(pdf.ACHIEVEMENT_COLUMNS, first["cells"], strict=True):
        assert sorted(g["name"].lower() for g in cell) == sorted(expected[key])
    assert any(len(cell) > 1 for row in context["rows"] for cell in row.get("cells", []))  # a tie
    assert "●</span>&nbsp;Yellow" in html and "▲</span>&nbsp;Purple" in html  # a shape beside every colour


def test_the_back_lists_every_guild_player_hero_card_curse_saved_coin_and_title(demo_pdf, demo_data):
    back = flat(pdf_pages(demo_pdf)[1])
    for guild in demo_data["guilds"]:
        assert f"{guild['name']} ({guild['animal']})" in back
        assert f"Player: {guild['player']}" in back
        assert f"Saved coin: {guild['saved_coins']}" in back
        for title in guild["titles"]:
            assert title["name"] in back
        for hero in guild["heroes"]:
            assert hero["name"] in back
            for slot in hero["slots"]:
                if slot["card"]:
                    assert slot["card"]["name"] in back
            if hero["curse"]:
                assert f"{hero['curse']['code']} {hero['curse']['name']}" in back
    for code, name in (
        ("INF-R01", "The Finisher"),
        ("INF-R03", "Collector's Plate"),
        ("INF-S01", "Dusty Blade"),
    ):
        assert f"{code} {name}" in back
    assert "ANGEL" in back and "Angel Eyes" in back


def test_the_finale_page_shows_medals_council_savior_and_ultimate_arcadian(demo_pdf, demo_data):
    finale = flat(pdf_pages(demo_pdf)[2])
    assert "Campaign Finale" in finale
    for title in ("Winner", "Least Deaths", "Most Coins", "Won Reward", "Won Title"):
        assert title in finale
    assert "Power Behind the Throne" in finale and "Ultimate Arcadian" in finale
    assert "Savior of Arcadia Dealt the killing blow to the Underlord. ● Yellow" in finale
    council = demo_data["finale"]["council"]
    assert all(colour.capitalize() in finale for colour in council)


def test_four_guilds_with_twelve_cards_fit_one_page_per_side(demo_pdf, demo_data):
    assert [g["card_count"] for g in demo_data["guilds"]] == [12, 12, 12, 12]
    assert len(pdf_pages(demo_pdf)) == 4  # front, back, finale, the campaign in pictures
    save_png(demo_pdf, "demo-sheet")


def test_an_unfinished_campaign_has_no_finale_page(full_demo):
    owner = user("ana")
    campaign = campaign_services.campaign_create(owner=owner, name="Short one", edition="inferno")
    content = pdf.render_sheet_pdf(campaign_id=campaign.pk, paper="a4")
    assert len(pdf_pages(content)) == 2


def test_the_blank_sheet_has_the_edition_layout_and_no_campaign_data(demo_data):
    content = pdf.render_blank_pdf(edition_slug="inferno", paper="a4")
    pages = [flat(p) for p in pdf_pages(content)]
    assert len(pages) == 2
    text = " ".join(pages)
    assert "Beyond the Gates of Hell" in pages[0] and "Hit Rock Bottom" in pages[0]
    assert "WINNER" in pages[0] and "DEATH CURSE" in pages[1]
    assert "Yellow (Tiger)" in pages[0]  # the edition's guild colours, for the players to write in
    for word in ("Demo: Road to Rock Bottom", "revision", "ana", "Diana", "Dusty Blade", "Eternally Damned"):
        assert word not in text
    save_png(content, "blank-sheet")


@pytest.mark.parametrize(("paper", "size"), [("a4", A4_LANDSCAPE), ("letter", LETTER_LANDSCAPE)])
def test_a4_and_us_letter_pages(full_demo, paper, size):
    assert set(page_sizes(pdf.render_sheet_pdf(campaign_id=full_demo.pk, paper=paper))) == {size}
    assert set(page_sizes(pdf.render_blank_pdf(edition_slug="inferno", paper=paper))) == {size}


def test_an_unknown_paper_size_is_refused(full_demo):
    with pytest.raises(ValueError, match="paper size"):
        pdf.render_sheet_pdf(campaign_id=full_demo.pk, paper="a3")


def test_a_campaign_named_like_html_prints_as_text_and_fetches_nothing(full_demo, monkeypatch):
    campaign = campaign_services.campaign_create(owner=user("ana"), name=EVIL_NAME, edition="inferno")
    fetchers: list[pdf.StaticFilesOnly] = []

    def recording(html: str, *, fetcher: pdf.StaticFilesOnly | None = None) -> bytes:
        fetchers.append(pdf.StaticFilesOnly())
        return original(html, fetcher=fetchers[-1])

    original = pdf.html_to_pdf
    monkeypatch.setattr(pdf, "html_to_pdf", recording)
    html = pdf.sheet_html(campaign_id=campaign.pk, paper="a4")
    content = pdf.render_sheet_pdf(campaign_id=campaign.pk, paper="a4")
    assert "<img" not in html and "&lt;img src=&quot;file:///etc/passwd&quot;&gt;" in html
    assert EVIL_NAME in flat(pdf_pages(content)[0])
    assert fetchers and fetchers[0].refused == []


def test_the_url_fetcher_refuses_local_files_outside_static_and_the_network(tmp_path):
    (tmp_path / "pdf").mkdir()
    (tmp_path / "pdf" / "sheet.css").write_text("body { color: black }")
    (tmp_path / "escape.css").symlink_to("/etc/passwd")
    fetcher = pdf.StaticFilesOnly(root=tmp_path)
    assert fetcher.fetch((tmp_path / "pdf" / "sheet.css").as_uri()).read() == b"body { color: black }"
    for url in (
        "file:///etc/passwd",
        (tmp_path / "pdf" / ".." / ".." / "etc" / "passwd").as_uri(),
        f"{tmp_path.as_uri()}/pdf/%2e%2e/%2e%2e/etc/passwd",
        (tmp_path / "escape.css").as_uri(),
        "file://evil.example/etc/passwd",
        "http://127.0.0.1:1/x.css",
        "https://example.org/font.woff2",
        "data:text/css,body{}",
        "ftp://example.org/x",
    ):
        with pytest.raises(ValueError, match="Refused"):
            fetcher.fetch(url)
    assert len(fetcher.refused) == 9


def test_weasyprint_with_our_fetcher_never_reads_a_file_a_page_points_at():
    fetcher = pdf.StaticFilesOnly()
    html = (
        '<link rel="stylesheet" href="http://127.0.0.1:1/evil.css">'
        '<img src="file:///etc/passwd"><img src="../../../../../etc/hostname"><p>ok</p>'
    )
    content = HTML(string=html, base_url=pdf.static_dir().as_uri() + "/", url_fetcher=fetcher).write_pdf()
    assert "ok" in pdf_pages(content)[0]
    assert "http://127.0.0.1:1/evil.css" in fetcher.refused and "file:///etc/passwd" in fetcher.refused
    assert len(fetcher.refused) == 3


def request_sheet(owner, campaign, django_capture_on_commit_callbacks, paper="a4"):
    with django_capture_on_commit_callbacks(execute=True):
        document, created = documents.sheet_pdf_request(
            access=campaign_access(user=owner, pk=campaign.pk), paper=paper
        )
    document.refresh_from_db()
    return document, created


def test_the_same_revision_is_rendered_once_and_then_served_from_the_stored_file(
    full_demo, django_capture_on_commit_callbacks
):
    owner = user("ana")
    first, created = request_sheet(owner, full_demo, django_capture_on_commit_callbacks)
    assert created and first.status == SheetDocument.Status.DONE and first.renders == 1
    assert first.revision == Campaign.objects.get(pk=full_demo.pk).history_seq
    assert first.file.name == f"sheets/campaign-{full_demo.pk}-r{first.revision}-sheet-a4-en.pdf"
    stored = first.file.read()
    assert stored.startswith(b"%PDF")
    again, created = request_sheet(owner, full_demo, django_capture_on_commit_callbacks)
    documents.sheet_document_render(document_id=first.pk)  # a redelivered task (acks_late) changes nothing
    again.refresh_from_db()
    assert not created and again.pk == first.pk and again.renders == 1
    assert again.file.name == first.file.name and again.file.read() == stored


def test_a_change_to_the_campaign_makes_a_new_revision_to_print(
    full_demo, django_capture_on_commit_callbacks
):
    owner = user("ana")
    first, _ = request_sheet(owner, full_demo, django_capture_on_commit_callbacks)
    gray = full_demo.guilds.get(colour__slug="gray")
    from campaigns.services import inventory

    inventory.guild_saved_coins_set(
        access=campaign_access(user=user("dev"), pk=full_demo.pk),
        actor=user("dev"),
        guild=gray,
        revision=gray.revision,
        coins=0,
    )
    second, created = request_sheet(owner, full_demo, django_capture_on_commit_callbacks)
    assert created and second.pk != first.pk and second.revision > first.revision
    letter, created = request_sheet(owner, full_demo, django_capture_on_commit_callbacks, paper="letter")
    assert created and letter.file.name.endswith("-letter-en.pdf")


def test_a_render_that_breaks_marks_the_document_failed_with_a_reason(
    full_demo, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(**kwargs):
        raise ValueError("no such hero on the sheet")

    monkeypatch.setattr(pdf, "render_sheet_pdf", broken)
    document, _ = request_sheet(user("ana"), full_demo, django_capture_on_commit_callbacks)
    assert document.status == SheetDocument.Status.FAILED and document.renders == 0
    assert document.error == "The sheet could not be rendered (ValueError: no such hero on the sheet)."
    monkeypatch.undo()
    retried, created = request_sheet(user("ana"), full_demo, django_capture_on_commit_callbacks)
    assert not created and retried.pk == document.pk and retried.status == SheetDocument.Status.DONE


def test_a_transient_error_is_left_to_the_task_to_retry(full_demo, monkeypatch):
    document = SheetDocument.objects.create(
        campaign=full_demo, edition=full_demo.edition, paper="a4", revision=full_demo.history_seq
    )

    def disk_full(**kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pdf, "render_sheet_pdf", disk_full)
    with pytest.raises(OSError):
        documents.sheet_document_render(document_id=document.pk)
    document.refresh_from_db()
    assert document.status == SheetDocument.Status.PENDING


def test_the_task_retries_only_transient_errors_with_limits_and_is_safe_to_run_twice():
    from campaigns.tasks import render_sheet_document

    assert render_sheet_document.autoretry_for == documents.TRANSIENT_ERRORS
    assert 1 <= render_sheet_document.max_retries <= 5 and render_sheet_document.retry_backoff
    assert render_sheet_document.acks_late and render_sheet_document.ignore_result
    assert 0 < render_sheet_document.soft_time_limit < render_sheet_document.time_limit


def test_a_transient_error_without_a_worker_fails_the_sheet_at_once(full_demo, monkeypatch):
    from campaigns.tasks import render_sheet_document

    document = SheetDocument.objects.create(
        campaign=full_demo, edition=full_demo.edition, paper="a4", revision=full_demo.history_seq
    )
    calls = []

    def disk_full(**kwargs):
        calls.append(1)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pdf, "render_sheet_pdf", disk_full)
    render_sheet_document.delay(document.pk)  # eager: the embedded default
    document.refresh_from_db()
    assert len(calls) == 1
    assert document.status == SheetDocument.Status.FAILED and "No space left on device" in document.error


def test_a_task_out_of_retries_marks_the_document_failed(full_demo):
    from campaigns.tasks import render_sheet_document

    document = SheetDocument.objects.create(
        campaign=full_demo, edition=full_demo.edition, paper="a4", revision=full_demo.history_seq
    )
    render_sheet_document.on_failure(OSError("database gone"), "task-id", (document.pk,), {}, None)
    document.refresh_from_db()
    assert document.status == SheetDocument.Status.FAILED and "database gone" in document.error


def test_a_sheet_asked_for_an_old_revision_fails_with_a_reason_instead_of_printing_other_data(full_demo):
    document = SheetDocument.objects.create(
        campaign=full_demo, edition=full_demo.edition, paper="a4", revision=full_demo.history_seq - 1
    )
    documents.sheet_document_render(document_id=document.pk)
    document.refresh_from_db()
    assert document.status == SheetDocument.Status.FAILED and "changed" in document.error


def test_blank_sheets_are_rendered_once_per_edition_and_paper(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first, created = documents.blank_pdf_request(edition_slug="inferno", paper="letter")
    again, created_again = documents.blank_pdf_request(edition_slug="inferno", paper="letter")
    again.refresh_from_db()
    assert created and not created_again and again.pk == first.pk
    assert again.status == SheetDocument.Status.DONE and again.renders == 1 and again.campaign is None
    # The layout's version is in the name: pruning an older layout's sheet never deletes the current file.
    assert again.file.name == f"sheets/blank-inferno-r{again.revision}-letter-en.pdf"


def test_a_spectator_cannot_ask_for_a_sheet(full_demo):
    from django.core.exceptions import PermissionDenied

    access = campaign_access(user=None, pk=full_demo.pk, share_token=full_demo.share_token)
    with pytest.raises(PermissionDenied):
        documents.sheet_pdf_request(access=access)
    assert not SheetDocument.objects.filter(campaign=full_demo).exists()


def test_the_last_page_draws_the_path_and_every_guilds_charts(demo_pdf, full_demo, django_db_blocker):
    pictures = flat(pdf_pages(demo_pdf)[3])
    assert "The campaign in pictures" in pictures and "the path through the circles" in pictures.lower()
    for caption in ("Coins won in each scenario", "Death tokens in each scenario", "Titles held after each"):
        assert caption in pictures
    with django_db_blocker.unblock():
        html = pdf.sheet_html(campaign_id=full_demo.pk, paper="a4")
    played = full_demo.edition.scenarios_per_campaign
    assert html.count('<g class="map-node taken"') == played  # the finale: every scenario of the path played
    assert html.count('<g class="series series-yellow"') == 4  # one line per guild in each of the 4 charts
    assert html.count('class="series series-') == 16


def test_a_finished_base_campaign_prints_the_winner_of_the_game_not_the_medals(owner):
    """BR:261 "The Guild that wins the last scenario is the winner, of the game." (no Medals, no Savior)."""
    from tests.factories import BASE_SIX_SCENARIOS, build_campaign, record, refreshed, result_line

    guilds = {"orange": None, "blue": None}
    campaign = build_campaign(owner, guilds=guilds, name="Arcadia", edition="arcadia-quest")
    for n, slug in enumerate(BASE_SIX_SCENARIOS):
        winner = "blue" if n == len(BASE_SIX_SCENARIOS) - 1 else "orange"
        campaign = record(owner, campaign, slug, [result_line(c, winner=c == winner) for c in guilds])
    Campaign.objects.filter(pk=campaign.pk).update(finished_at="2026-12-01T12:00:00Z")
    text = flat(" ".join(pdf_pages(pdf.render_sheet_pdf(campaign_id=refreshed(campaign).pk, paper="a4"))))
    assert "Winner of the game" in text and "Savior of Arcadia" not in text and "Power Behind" not in text


def test_the_back_marks_each_death_curse_value_and_prints_the_key_to_its_marks(demo_pdf, demo_data):
    """GF:8-9 (say so to the user): the Death Curse deck is a fan transcription (FAN-AQH), so each printed
    value carries its footnote mark and the back ends with what the mark means."""
    back = flat(pdf_pages(demo_pdf)[1])
    curses = [h["curse"] for g in demo_data["guilds"] for h in g["heroes"] if h["curse"]]
    assert curses, "the demo's heroes hold Death Curses"
    for curse in curses:
        assert f"value {curse['value']}*" in back
    assert (
        "How sure the printed numbers are: * From a fan transcription, not checked against the box." in back
    )
