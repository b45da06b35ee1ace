"""Models with every field of ``identifier.django``, as primary keys (with generated
defaults), as plain columns, and behind foreign keys."""

from django.db import models

import identifier
from identifier.django import ObjectIdField, SnowflakeIdField, ULIDField, UUID7Field

SNOWFLAKE_WORKER_ID = 7
snowflakes = identifier.SnowflakeIdGenerator(worker_id=SNOWFLAKE_WORKER_ID)


def next_snowflake_id() -> int:
    """The default of the Snowflake keys: a function a migration can import."""
    return snowflakes.generate()


class UlidItem(models.Model):
    id = ULIDField(primary_key=True, default=identifier.generate_ulid)
    name = models.CharField(max_length=40, blank=True)


class Uuid7Item(models.Model):
    id = UUID7Field(primary_key=True, default=identifier.generate_uuid7)
    name = models.CharField(max_length=40, blank=True)


class ObjectIdItem(models.Model):
    id = ObjectIdField(primary_key=True, default=identifier.generate_object_id)
    name = models.CharField(max_length=40, blank=True)


class SnowflakeItem(models.Model):
    id = SnowflakeIdField(primary_key=True, default=next_snowflake_id)
    name = models.CharField(max_length=40, blank=True)


class Tagged(models.Model):
    """Every field as an optional column, and a foreign key to each keyed model."""

    ulid = ULIDField(null=True, blank=True, unique=True)
    uuid7 = UUID7Field(null=True, blank=True, db_index=True)
    object_id = ObjectIdField(null=True, blank=True)
    snowflake = SnowflakeIdField(null=True, blank=True)
    ulid_item = models.ForeignKey(UlidItem, null=True, blank=True, on_delete=models.CASCADE)
    uuid7_item = models.ForeignKey(Uuid7Item, null=True, blank=True, on_delete=models.CASCADE)
    object_id_item = models.ForeignKey(
        ObjectIdItem, null=True, blank=True, on_delete=models.CASCADE
    )
    snowflake_item = models.ForeignKey(
        SnowflakeItem, null=True, blank=True, on_delete=models.CASCADE
    )
