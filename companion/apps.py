from importlib import import_module

from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "Companion"

    def ready(self) -> None:
        # Django's place for signal receivers: the models are loaded only now. These revoke cached API
        # tokens (companion/tokens.py) and kept session users (companion/session_user.py).
        import_module("companion.tokens")
        import_module("companion.session_user").connect()
