"""Settings of the test project of ``identifier.django``; tests/test_django.py runs it.

IDENTIFIER_DJANGO_DB picks the database: ``sqlite`` (the default; the file
IDENTIFIER_DJANGO_SQLITE, or db.sqlite3 in a new temporary directory) or ``postgresql``
(psycopg 3, on the Unix socket directory IDENTIFIER_DJANGO_PG_HOST, port 5432, user
``identifier`` without a password, database IDENTIFIER_DJANGO_PG_NAME).
"""

import os
import tempfile

SECRET_KEY = "the test project of identifier.django"
DEBUG = False
USE_TZ = True
INSTALLED_APPS = ["idapp"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

_VENDOR = os.environ.get("IDENTIFIER_DJANGO_DB", "sqlite")
if _VENDOR == "postgresql":
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "HOST": os.environ["IDENTIFIER_DJANGO_PG_HOST"],
            "PORT": "5432",
            "USER": "identifier",
            "NAME": os.environ.get("IDENTIFIER_DJANGO_PG_NAME", "identifier_django"),
        }
    }
elif _VENDOR == "sqlite":
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("IDENTIFIER_DJANGO_SQLITE")
            or os.path.join(tempfile.mkdtemp(prefix="identifier-django-"), "db.sqlite3"),
        }
    }
else:
    raise RuntimeError(f"IDENTIFIER_DJANGO_DB is {_VENDOR!r}: expected 'sqlite' or 'postgresql'")
