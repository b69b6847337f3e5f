"""The helpers' routes: `api_urlpatterns` under /api/v1/helpers/, `page_urlpatterns` under /helpers/."""

from django.urls import path

from companion.helpers import api, spawn_page, views

api_urlpatterns = [
    path("roll/", api.RollView.as_view(), name="helpers-roll"),
    path("spawn/", api.SpawnView.as_view(), name="helpers-spawn"),
    path("death-curses/", api.DeathCursesView.as_view(), name="helpers-death-curses"),
]

page_urlpatterns = [
    path("", views.index, name="index"),
    path("dice/", views.dice, name="dice"),
    path("spawn/", spawn_page.spawn, name="spawn"),
    path("death-curses/", views.death_curses, name="death-curses"),
    path("monsters/", views.monsters, name="monsters"),
]
