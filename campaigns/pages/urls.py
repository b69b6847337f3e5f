"""The campaign pages under /campaigns/ (the JSON API lives under /api/v1/campaigns/)."""

from django.urls import path

from campaigns.pages import campaign_content, mine, phases, printing, views

app_name = "campaigns"

urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("join/", views.campaign_join, name="join"),
    path("blank-sheet/", printing.blank_print, name="print-blank"),
    path("blank-sheet/<int:doc_id>/", printing.blank_print_status, name="print-blank-status"),
    path("<int:pk>/", views.campaign_sheet, name="sheet"),
    path("<int:pk>/do/<slug:action>/", views.campaign_act, name="act"),
    path("<int:pk>/mine/", mine.mine_page, name="mine"),
    path("<int:pk>/record/", views.record_review, name="record-review"),
    path("<int:pk>/monsters/", views.campaign_monsters, name="monsters"),
    path("<int:pk>/content/", campaign_content.campaign_content, name="content"),
    path(
        "<int:pk>/content/imports/<int:job>/",
        campaign_content.content_import_status,
        name="content-import",
    ),
    path("content/fill/", campaign_content.content_fill, name="content-fill"),
    path("<int:pk>/history/", views.campaign_history, name="history"),
    path("<int:pk>/print/", printing.sheet_print, name="print"),
    path("<int:pk>/print/<int:doc_id>/", printing.sheet_print_status, name="print-status"),
    path("<int:pk>/upgrade/", phases.upgrade_page, name="upgrade"),
    path("<int:pk>/upgrade/status/", phases.upgrade_status, name="upgrade-status"),
    path("<int:pk>/hero-draft/", phases.hero_draft_page, name="hero-draft"),
    path("<int:pk>/hero-draft/status/", phases.hero_draft_status, name="hero-draft-status"),
]
