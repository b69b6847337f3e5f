from importlib import import_module

from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "campaigns"
    verbose_name = "Campaigns and game content"

    def ready(self) -> None:
        # Django's place for signal receivers: the models are loaded only now. These keep the cached access
        # checks honest (services/reader_state.py).
        import_module("campaigns.services.reader_state")
