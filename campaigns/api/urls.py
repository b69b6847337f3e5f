from django.urls import include, path
from rest_framework.routers import DefaultRouter

from campaigns.api import (
    backups,
    campaigns,
    content,
    documents,
    guilds,
    history,
    live,
    overrides,
    phases,
    scenarios,
)

router = DefaultRouter()
router.register("editions", content.EditionViewSet, basename="edition")
router.register("scenarios", content.ScenarioViewSet, basename="scenario")
router.register("heroes", content.HeroViewSet, basename="hero")
router.register("angels", content.AngelViewSet, basename="angel")
router.register("monsters", content.MonsterViewSet, basename="monster")
router.register("upgrade-cards", content.UpgradeCardViewSet, basename="upgrade-card")
router.register("death-curses", content.DeathCurseViewSet, basename="death-curse")

guild = "<int:pk>/guilds/<slug:colour>/"
campaign_urls = [
    path("", campaigns.CampaignList.as_view(), name="campaign-list"),
    path("join/", campaigns.CampaignJoin.as_view(), name="campaign-join"),
    path("import/", campaigns.Import.as_view(), name="campaign-import"),
    path("imports/<int:job>/", campaigns.ImportStatus.as_view(), name="campaign-import-status"),
    path("<int:pk>/", campaigns.CampaignDetail.as_view(), name="campaign-detail"),
    path("<int:pk>/join-codes/", campaigns.JoinCodeCreate.as_view(), name="campaign-join-codes"),
    path("<int:pk>/export/", campaigns.Export.as_view(), name="campaign-export"),
    path("<int:pk>/backups/", backups.BackupList.as_view(), name="campaign-backups"),
    path("<int:pk>/backups/restore/", backups.BackupRestore.as_view(), name="campaign-backup-restore"),
    path("<int:pk>/share-link/", backups.ShareLinkRenew.as_view(), name="campaign-share-link"),
    path(
        "<int:pk>/share-link/revoke/",
        backups.ShareLinkRevoke.as_view(),
        name="campaign-share-link-revoke",
    ),
    path("<int:pk>/guilds/", guilds.GuildAdd.as_view(), name="campaign-guild-add"),
    path(f"{guild}claim/", guilds.GuildClaim.as_view(), name="guild-claim"),
    path(f"{guild}assign/", guilds.GuildAssign.as_view(), name="guild-assign"),
    path(f"{guild}heroes/", guilds.GuildHeroes.as_view(), name="guild-heroes"),
    path(f"{guild}field/", guilds.GuildField.as_view(), name="guild-field"),
    path(f"{guild}cards/", guilds.CardAdd.as_view(), name="guild-card-add"),
    path(f"{guild}cards/discard/", guilds.CardDiscard.as_view(), name="guild-card-discard"),
    path(f"{guild}inventory/move/", guilds.InventoryMove.as_view(), name="guild-inventory-move"),
    path(f"{guild}curses/", guilds.CurseSet.as_view(), name="guild-curse-set"),
    path(f"{guild}curses/remove/", guilds.CurseRemove.as_view(), name="guild-curse-remove"),
    path(f"{guild}saved-coins/", guilds.SavedCoins.as_view(), name="guild-saved-coins"),
    path(f"{guild}angel/", guilds.AngelTake.as_view(), name="guild-angel"),
    path("<int:pk>/plays/", scenarios.PlayRecord.as_view(), name="campaign-plays"),
    path("<int:pk>/next-scenario/", scenarios.NextScenario.as_view(), name="campaign-next-scenario"),
    path("<int:pk>/finale/", scenarios.Finale.as_view(), name="campaign-finale"),
    path("<int:pk>/seating/", scenarios.Seating.as_view(), name="campaign-seating"),
    path("<int:pk>/episodic-deal/", scenarios.EpisodicDeal.as_view(), name="campaign-episodic-deal"),
    path("<int:pk>/live/", live.Live.as_view(), name="campaign-live"),
    path("<int:pk>/live/start/", live.LiveStart.as_view(), name="campaign-live-start"),
    path("<int:pk>/live/abandon/", live.LiveAbandon.as_view(), name="campaign-live-abandon"),
    path("<int:pk>/live/kill/", live.LiveKill.as_view(), name="campaign-live-kill"),
    path(f"{guild}live/tally/", live.LiveTally.as_view(), name="guild-live-tally"),
    path(f"{guild}live/quest/", live.LiveQuest.as_view(), name="guild-live-quest"),
    path(f"{guild}live/angel/", live.LiveAngel.as_view(), name="guild-live-angel"),
    path("<int:pk>/history/", history.History.as_view(), name="campaign-history"),
    path("<int:pk>/undo/", history.Undo.as_view(), name="campaign-undo"),
    path("<int:pk>/content/", overrides.ContentOverrides.as_view(), name="campaign-content"),
    path(
        "<int:pk>/content/verify/",
        overrides.ContentVerify.as_view(),
        name="campaign-content-verify",
    ),
    path(
        "<int:pk>/content/export/",
        overrides.ContentExport.as_view(),
        name="campaign-content-export",
    ),
    path(
        "<int:pk>/content/import/",
        overrides.ContentImport.as_view(),
        name="campaign-content-import",
    ),
]

campaign_urls += [path(route, view.as_view(), name=name) for route, view, name in phases.phase_urls]

campaign_urls += documents.campaign_document_urls

# The campaigns' routes under one prefix: a request for anything else (content, the polled editions)
# passes them with one check instead of one per route.
urlpatterns = [
    path("campaigns/", include(campaign_urls)),
    path("content/report/", content.content_report_view, name="content-report"),
    *documents.blank_document_urls,
    path("", include(router.urls)),
]
