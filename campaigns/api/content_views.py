"""Read-only API over the game's content."""

from __future__ import annotations

import django_filters
from django.db.models import Model, QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, viewsets
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns import selectors_content as content
from campaigns.api import content_serializers as out
from campaigns.models import Edition, Scenario, UpgradeCard


class EditionFilter(django_filters.FilterSet):
    edition = django_filters.CharFilter(field_name="edition__slug", help_text="Edition slug.")


class ScenarioFilter(EditionFilter):
    circle = django_filters.CharFilter(field_name="circle__slug", help_text="Circle slug, e.g. second-west.")

    class Meta:
        model = Scenario
        fields = ["edition", "circle"]


class UpgradeCardFilter(EditionFilter):
    class Meta:
        model = UpgradeCard
        fields = ["edition", "deck", "card_type", "group"]


def _filterset(model: type[Model]) -> type[django_filters.FilterSet]:
    meta = type("Meta", (), {"model": model, "fields": ["edition"]})
    return type(f"{model.__name__}Filter", (EditionFilter,), {"Meta": meta})


class SlugLookupMixin:
    """Content is looked up by slug; a slug used by two editions needs `?edition=`."""

    lookup_field = "slug"

    def get_object(self) -> Model:
        matches = list(self.filter_queryset(self.get_queryset()).filter(slug=self.kwargs["slug"])[:2])
        if not matches:
            raise exceptions.NotFound()
        if len(matches) > 1:
            raise exceptions.ValidationError(
                {"edition": ["This slug exists in several editions; give ?edition=."]}
            )
        return matches[0]


class EditionViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Edition.objects.prefetch_related("circles")
    serializer_class = out.EditionSerializer
    lookup_field = "slug"


class ScenarioViewSet(SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.ScenarioSerializer
    filterset_class = ScenarioFilter

    def get_queryset(self) -> QuerySet:
        return content.scenarios_list()


class HeroViewSet(SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.HeroSerializer
    filterset_class = _filterset(content.Hero)

    def get_queryset(self) -> QuerySet:
        return content.heroes_list(angels=False)


class AngelViewSet(HeroViewSet):
    serializer_class = out.AngelSerializer

    def get_queryset(self) -> QuerySet:
        return content.heroes_list(angels=True)


class ScenarioNumberSerializer(serializers.Serializer):
    scenario = serializers.IntegerField(
        required=False, min_value=1, max_value=6, help_text="The scenario's position in the campaign (1-6)."
    )


class MonsterViewSet(SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.MonsterSerializer
    filterset_class = _filterset(content.Monster)

    def get_queryset(self) -> QuerySet:
        return content.monsters_list()

    @extend_schema(
        parameters=[
            OpenApiParameter("scenario", OpenApiTypes.INT, description="Campaign scenario number 1-6."),
            OpenApiParameter("edition", OpenApiTypes.STR, description="Edition slug."),
        ],
        responses=out.MonsterAtLevelSerializer,
    )
    def retrieve(self, request: Request, *args: object, **kwargs: object) -> Response:
        query = ScenarioNumberSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        monster = self.get_object()
        number = query.validated_data.get("scenario")
        if number is None:
            return Response(out.MonsterSerializer(monster).data)
        monster.scenario = number
        monster.level_card = content.monster_level_card(monster=monster, scenario_number=number)
        return Response(out.MonsterAtLevelSerializer(monster).data)


class UpgradeCardViewSet(SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.UpgradeCardSerializer
    filterset_class = UpgradeCardFilter

    def get_queryset(self) -> QuerySet:
        return content.upgrade_cards_list()


class DeathCurseViewSet(SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.DeathCurseSerializer
    filterset_class = _filterset(content.DeathCurse)

    def get_queryset(self) -> QuerySet:
        return content.death_curses_list()


@extend_schema(
    parameters=[OpenApiParameter("edition", OpenApiTypes.STR, description="Only this edition.")],
    responses={200: OpenApiTypes.OBJECT},
)
@api_view(["GET"])
@permission_classes([AllowAny])
def content_report_view(request: Request) -> Response:
    """What the content packs do not give yet (stats, cards, counts), per edition."""
    edition = request.query_params.get("edition")
    if edition and not Edition.objects.filter(slug=edition).exists():
        raise exceptions.NotFound()
    return Response(content.content_report(edition_slug=edition))
