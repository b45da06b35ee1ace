from django.apps import AppConfig


class IdappConfig(AppConfig):
    name = "idapp"
