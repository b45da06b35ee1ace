#!/usr/bin/env python
"""The command line of the test project of ``identifier.django`` (see idproject/settings.py)."""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "idproject.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
