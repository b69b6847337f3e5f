from django.urls import include, path
from rest_framework.routers import DefaultRouter

from campaigns.api import campaign_views as cv
from campaigns.api import content_views, document_views, phase_views

router = DefaultRouter()
router.register("editions", content_views.EditionViewSet, basename="edition")
router.register("scenarios", content_views.ScenarioViewSet, basename="scenario")
router.register("heroes", content_views.HeroViewSet, basename="hero")
router.register("angels", content_views.AngelViewSet, basename="angel")
router.register("monsters", content_views.MonsterViewSet, basename="monster")
router.register("upgrade-cards", content_views.UpgradeCardViewSet, basename="upgrade-card")
router.register("death-curses", content_views.DeathCurseViewSet, basename="death-curse")

guild = "campaigns/<int:pk>/guilds/<slug:colour>/"
campaign_urls = [
    path("campaigns/", cv.CampaignList.as_view(), name="campaign-list"),
    path("campaigns/join/", cv.CampaignJoin.as_view(), name="campaign-join"),
    path("campaigns/import/", cv.Import.as_view(), name="campaign-import"),
    path("campaigns/<int:pk>/", cv.CampaignDetail.as_view(), name="campaign-detail"),
    path("campaigns/<int:pk>/join-codes/", cv.JoinCodeCreate.as_view(), name="campaign-join-codes"),
    path("campaigns/<int:pk>/guilds/", cv.GuildAdd.as_view(), name="campaign-guild-add"),
    path(f"{guild}claim/", cv.GuildClaim.as_view(), name="guild-claim"),
    path(f"{guild}heroes/", cv.GuildHeroes.as_view(), name="guild-heroes"),
    path(f"{guild}field/", cv.GuildField.as_view(), name="guild-field"),
    path(f"{guild}cards/", cv.CardAdd.as_view(), name="guild-card-add"),
    path(f"{guild}cards/discard/", cv.CardDiscard.as_view(), name="guild-card-discard"),
    path(f"{guild}inventory/move/", cv.InventoryMove.as_view(), name="guild-inventory-move"),
    path(f"{guild}curses/", cv.CurseSet.as_view(), name="guild-curse-set"),
    path(f"{guild}curses/remove/", cv.CurseRemove.as_view(), name="guild-curse-remove"),
    path(f"{guild}saved-coins/", cv.SavedCoins.as_view(), name="guild-saved-coins"),
    path(f"{guild}angel/", cv.AngelTake.as_view(), name="guild-angel"),
    path("campaigns/<int:pk>/plays/", cv.PlayRecord.as_view(), name="campaign-plays"),
    path("campaigns/<int:pk>/next-scenario/", cv.NextScenario.as_view(), name="campaign-next-scenario"),
    path("campaigns/<int:pk>/finale/", cv.Finale.as_view(), name="campaign-finale"),
    path("campaigns/<int:pk>/live/", cv.Live.as_view(), name="campaign-live"),
    path("campaigns/<int:pk>/live/start/", cv.LiveStart.as_view(), name="campaign-live-start"),
    path("campaigns/<int:pk>/live/abandon/", cv.LiveAbandon.as_view(), name="campaign-live-abandon"),
    path(f"{guild}live/tally/", cv.LiveTally.as_view(), name="guild-live-tally"),
    path(f"{guild}live/quest/", cv.LiveQuest.as_view(), name="guild-live-quest"),
    path("campaigns/<int:pk>/history/", cv.History.as_view(), name="campaign-history"),
    path("campaigns/<int:pk>/undo/", cv.Undo.as_view(), name="campaign-undo"),
    path("campaigns/<int:pk>/export/", cv.Export.as_view(), name="campaign-export"),
]

campaign_urls += [path(route, view.as_view(), name=name) for route, view, name in phase_views.phase_urls]

urlpatterns = [
    path("content/report/", content_views.content_report_view, name="content-report"),
    *campaign_urls,
    *document_views.document_urls,
    path("", include(router.urls)),
]
