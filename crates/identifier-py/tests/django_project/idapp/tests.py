"""The fields of ``identifier.django`` on the configured database, under Django's test runner
(tests/test_django.py runs it on PostgreSQL and on SQLite). The expected values come from
elsewhere: python-ulid, ``uuid.UUID`` and ``bytes.fromhex`` for the stored bytes, the order
in which the package's batch functions generated the ids for the ordering."""

import random
import re
import uuid

import bson
import ulid
from django import forms
from django.core import serializers
from django.core.exceptions import ValidationError
from django.db import connection, models
from django.db.migrations.writer import MigrationWriter
from django.test import TestCase

import identifier
from identifier.django import (
    ObjectIdField,
    ObjectIdFormField,
    SnowflakeIdField,
    SnowflakeIdFormField,
    ULIDField,
    ULIDFormField,
    UUID7Field,
    UUID7FormField,
)

from .models import (
    SNOWFLAKE_WORKER_ID,
    ObjectIdItem,
    SnowflakeItem,
    Tagged,
    UlidItem,
    Uuid7Item,
    next_snowflake_id,
)

ULID_TEXT = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")
UUID7_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
OBJECT_ID_TEXT = re.compile(r"[0-9a-f]{24}")

POSTGRES = connection.vendor == "postgresql"
N = 1200  # ids per ordering test


def stored(table, column="id", where=None):
    """The raw values of ``column`` in ``table``, as the database driver returns them."""
    sql = f"SELECT {connection.ops.quote_name(column)} FROM {connection.ops.quote_name(table)}"
    params = []
    if where is not None:
        sql += " WHERE id = %s"
        params.append(where)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


def insert_raw(table, value):
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {connection.ops.quote_name(table)} (id, name) VALUES (%s, %s)",
            [value, "raw"],
        )


def as_bytes(value):
    return bytes(value) if isinstance(value, (bytes, bytearray, memoryview)) else value


def column_types(table):
    """{column: declared type} of ``table``."""
    with connection.cursor() as cursor:
        if POSTGRES:
            cursor.execute(
                "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = %s",
                [table],
            )
            return dict(cursor.fetchall())
        cursor.execute(f"PRAGMA table_info({connection.ops.quote_name(table)})")
        return {row[1]: row[2] for row in cursor.fetchall()}


class StorageTests(TestCase):
    """The columns and the stored values are those of the Rust crates."""

    def test_column_types(self):
        expected = (
            {"uuid": "uuid", "object_id": "bytea", "snowflake": "bigint"}
            if POSTGRES
            else {"uuid": "BLOB", "object_id": "BLOB", "snowflake": "bigint"}
        )
        types = column_types("idapp_tagged")
        self.assertEqual(types["ulid"], expected["uuid"])
        self.assertEqual(types["uuid7"], expected["uuid"])
        self.assertEqual(types["object_id"], expected["object_id"])
        self.assertEqual(types["snowflake"], expected["snowflake"])
        self.assertEqual(types["ulid_item_id"], expected["uuid"])
        self.assertEqual(types["object_id_item_id"], expected["object_id"])
        self.assertEqual(types["snowflake_item_id"], expected["snowflake"])
        self.assertEqual(column_types("idapp_uliditem")["id"], expected["uuid"])

    def test_ulid_is_stored_as_its_128_bits(self):
        item = UlidItem.objects.create()
        self.assertRegex(item.id, ULID_TEXT)
        expected = ulid.ULID.from_str(item.id).bytes
        (raw,) = stored("idapp_uliditem")
        if POSTGRES:
            self.assertEqual(raw, uuid.UUID(bytes=expected))
        else:
            self.assertEqual(as_bytes(raw), expected)

    def test_uuid7_is_stored_as_the_uuid(self):
        item = Uuid7Item.objects.create()
        self.assertRegex(item.id, UUID7_TEXT)
        (raw,) = stored("idapp_uuid7item")
        if POSTGRES:
            self.assertEqual(raw, uuid.UUID(item.id))
        else:
            self.assertEqual(as_bytes(raw), uuid.UUID(item.id).bytes)

    def test_object_id_is_stored_as_12_bytes(self):
        item = ObjectIdItem.objects.create()
        self.assertRegex(item.id, OBJECT_ID_TEXT)
        (raw,) = stored("idapp_objectiditem")
        self.assertEqual(as_bytes(raw), bytes.fromhex(item.id))
        self.assertEqual(len(as_bytes(raw)), 12)

    def test_snowflake_is_stored_as_the_integer(self):
        item = SnowflakeItem.objects.create()
        self.assertIsInstance(item.id, int)
        self.assertEqual(stored("idapp_snowflakeitem"), [item.id])
        self.assertEqual((item.id >> 12) & 1023, SNOWFLAKE_WORKER_ID)

    def test_get_db_prep_value(self):
        text = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
        expected = ulid.ULID.from_str(text).bytes
        value = ULIDField().get_db_prep_value(text.lower(), connection)
        self.assertEqual(value, uuid.UUID(bytes=expected) if POSTGRES else expected)
        text7 = "01890a5d-ac96-774b-bcce-b302099a8057"
        value = UUID7Field().get_db_prep_value(text7.upper(), connection)
        self.assertEqual(value, uuid.UUID(text7) if POSTGRES else uuid.UUID(text7).bytes)
        oid = "65a1b2c3d4e5f60718293a4b"
        self.assertEqual(ObjectIdField().get_db_prep_value(oid, connection), bytes.fromhex(oid))
        self.assertEqual(SnowflakeIdField().get_db_prep_value("123", connection), 123)
        for field in (ULIDField(), UUID7Field(), ObjectIdField(), SnowflakeIdField()):
            self.assertIsNone(field.get_db_prep_value(None, connection))


class ValueTests(TestCase):
    """Python values are the package's values, and lookups take what its parsers take."""

    def test_round_trip_gives_canonical_text(self):
        text = identifier.generate_ulid()
        UlidItem.objects.create(id=text.lower())
        self.assertEqual(UlidItem.objects.get().id, text)
        text7 = identifier.generate_uuid7()
        Uuid7Item.objects.create(id=text7.upper())
        self.assertEqual(Uuid7Item.objects.get().id, text7)
        oid = identifier.generate_object_id()
        ObjectIdItem.objects.create(id=bytes.fromhex(oid))
        self.assertEqual(ObjectIdItem.objects.get().id, oid)
        SnowflakeItem.objects.create(id="4242")
        self.assertEqual(SnowflakeItem.objects.get().id, 4242)

    def test_ulid_from_uuid(self):
        value = uuid.UUID("01563e3a-b5d3-d676-4c61-efb99302bd5b")
        item = UlidItem.objects.create(id=value)
        item.refresh_from_db()
        self.assertEqual(item.id, str(ulid.ULID.from_uuid(value)))
        self.assertEqual(item.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV")

    def test_object_id_from_bson(self):
        oid = bson.ObjectId()
        ObjectIdItem.objects.create(id=oid)
        self.assertEqual(ObjectIdItem.objects.get(id=oid).id, str(oid))
        (raw,) = stored("idapp_objectiditem")
        self.assertEqual(as_bytes(raw), oid.binary)

    def test_lookups(self):
        ulids = [UlidItem.objects.create(name=str(i)).id for i in range(5)]
        self.assertEqual(UlidItem.objects.get(id=ulids[2].lower()).name, "2")
        self.assertEqual(UlidItem.objects.get(pk=uuid.UUID(bytes=ulid.ULID.from_str(ulids[3]).bytes)).name, "3")
        self.assertEqual(
            sorted(UlidItem.objects.filter(id__in=[ulids[0], ulids[4].lower()]).values_list("name", flat=True)),
            ["0", "4"],
        )
        self.assertEqual(UlidItem.objects.filter(id__gt=ulids[2]).count(), 2)
        self.assertEqual(UlidItem.objects.exclude(id=ulids[1]).count(), 4)

        uuid7s = [Uuid7Item.objects.create(name=str(i)).id for i in range(5)]
        self.assertEqual(Uuid7Item.objects.get(id=uuid7s[1].upper()).name, "1")
        self.assertEqual(Uuid7Item.objects.get(id=uuid.UUID(uuid7s[2])).name, "2")
        self.assertEqual(Uuid7Item.objects.filter(id__in=uuid7s[3:]).count(), 2)
        self.assertEqual(Uuid7Item.objects.filter(id__lt=uuid7s[1]).get().name, "0")

        oids = [ObjectIdItem.objects.create(name=str(i)).id for i in range(5)]
        self.assertEqual(ObjectIdItem.objects.get(id=oids[4]).name, "4")
        self.assertEqual(ObjectIdItem.objects.get(id=bytes.fromhex(oids[0])).name, "0")
        self.assertEqual(ObjectIdItem.objects.filter(id__in=oids[:3]).count(), 3)
        self.assertEqual(ObjectIdItem.objects.filter(id__gte=oids[3]).count(), 2)

        snowflakes = [SnowflakeItem.objects.create(name=str(i)).id for i in range(5)]
        self.assertEqual(SnowflakeItem.objects.get(id=str(snowflakes[2])).name, "2")
        self.assertEqual(SnowflakeItem.objects.filter(id__in=snowflakes[1:3]).count(), 2)
        self.assertEqual(SnowflakeItem.objects.filter(id__gt=snowflakes[0]).count(), 4)

    def test_invalid_lookup_raises_the_package_message(self):
        with self.assertRaises(ValidationError) as raised:
            list(UlidItem.objects.filter(id="01ARZ3NDEKTSV4RRFFQ69G5FA!"))
        (message,) = raised.exception.messages
        self.assertIn("'!'", message)
        self.assertIn("index 25", message)
        with self.assertRaises(ValidationError) as raised:
            list(Uuid7Item.objects.filter(id=str(uuid.uuid4())))
        self.assertIn("version 4", raised.exception.messages[0])
        with self.assertRaises(ValidationError):
            list(SnowflakeItem.objects.filter(id=-1))

    def test_foreign_keys(self):
        u, u7 = UlidItem.objects.create(), Uuid7Item.objects.create()
        o, s = ObjectIdItem.objects.create(), SnowflakeItem.objects.create()
        Tagged.objects.create(ulid_item=u, uuid7_item=u7, object_id_item=o, snowflake_item=s)
        tagged = Tagged.objects.select_related("ulid_item", "object_id_item").get(ulid_item=u)
        self.assertEqual(tagged.ulid_item_id, u.id)
        self.assertEqual(tagged.ulid_item.id, u.id)
        self.assertEqual(tagged.object_id_item.id, o.id)
        fetched = Tagged.objects.values_list(
            "ulid_item_id", "uuid7_item_id", "object_id_item_id", "snowflake_item_id"
        ).get()
        self.assertEqual(fetched, (u.id, u7.id, o.id, s.id))
        self.assertEqual(Tagged.objects.filter(ulid_item__id=u.id.lower()).count(), 1)
        self.assertEqual(Tagged.objects.filter(snowflake_item_id__in=[s.id]).count(), 1)
        self.assertEqual(UlidItem.objects.filter(tagged__uuid7_item=u7).get(), u)
        self.assertEqual(Tagged.objects.filter(object_id_item_id=o.id).count(), 1)

    def test_plain_columns_and_bulk_update(self):
        row = Tagged.objects.create(
            ulid="01arz3ndektsv4rrffq69g5fav",
            uuid7="01890A5D-AC96-774B-BCCE-B302099A8057",
            object_id="65a1b2c3d4e5f60718293a4b",
            snowflake=2**63 - 1,
        )
        row.refresh_from_db()
        self.assertEqual(
            (row.ulid, row.uuid7, row.object_id, row.snowflake),
            (
                "01ARZ3NDEKTSV4RRFFQ69G5FAV",
                "01890a5d-ac96-774b-bcce-b302099a8057",
                "65a1b2c3d4e5f60718293a4b",
                2**63 - 1,
            ),
        )
        empty = Tagged.objects.create()
        empty.refresh_from_db()
        self.assertEqual((empty.ulid, empty.uuid7, empty.object_id, empty.snowflake), (None,) * 4)
        self.assertEqual(Tagged.objects.filter(ulid__isnull=True).get(), empty)
        new = (identifier.generate_ulid(), identifier.generate_uuid7(), identifier.generate_object_id(), 99)
        row.ulid, row.uuid7, row.object_id, row.snowflake = new
        empty.ulid = identifier.generate_ulid()
        Tagged.objects.bulk_update([row, empty], ["ulid", "uuid7", "object_id", "snowflake"])
        row.refresh_from_db()
        empty.refresh_from_db()
        self.assertEqual((row.ulid, row.uuid7, row.object_id, row.snowflake), new)
        self.assertRegex(empty.ulid, ULID_TEXT)
        (raw,) = stored("idapp_tagged", "object_id", where=row.pk)
        self.assertEqual(as_bytes(raw), bytes.fromhex(new[2]))

    def test_serializers(self):
        item = UlidItem.objects.create(name="x")
        snow = SnowflakeItem.objects.create(name="y")
        data = serializers.serialize("json", [item, snow])
        UlidItem.objects.all().delete()
        SnowflakeItem.objects.all().delete()
        for obj in serializers.deserialize("json", data):
            obj.save()
        self.assertEqual(UlidItem.objects.get().id, item.id)
        self.assertEqual(SnowflakeItem.objects.get().id, snow.id)


class OrderingTests(TestCase):
    """Ordering by the field is the order in which the ids were generated."""

    def check(self, model, generated):
        self.assertEqual(len(set(generated)), N)
        shuffled = list(generated)
        random.Random(1).shuffle(shuffled)
        self.assertNotEqual(shuffled, generated)
        model.objects.bulk_create([model(id=value) for value in shuffled])
        self.assertEqual(list(model.objects.order_by("id").values_list("id", flat=True)), generated)
        self.assertEqual(
            list(model.objects.order_by("-id").values_list("id", flat=True)), generated[::-1]
        )
        middle = generated[N // 2]
        self.assertEqual(
            list(model.objects.filter(id__gte=middle).order_by("id").values_list("id", flat=True)),
            generated[N // 2 :],
        )

    def test_ulids(self):
        self.check(UlidItem, identifier.generate_ulids(N))

    def test_uuid7s(self):
        self.check(Uuid7Item, identifier.generate_uuid7s(N))

    def test_object_ids(self):
        self.check(ObjectIdItem, identifier.generate_object_ids(N))

    def test_snowflake_ids(self):
        self.check(SnowflakeItem, identifier.SnowflakeIdGenerator(worker_id=5).generate_ids(N))

    def test_defaults_increase(self):
        for model in (UlidItem, Uuid7Item, ObjectIdItem, SnowflakeItem):
            created = [model.objects.create(name=str(i)).id for i in range(50)]
            self.assertEqual(
                list(model.objects.order_by("id").values_list("id", flat=True)), created
            )


class WrongStoredValueTests(TestCase):
    """A stored value of the wrong kind is an error naming the field and what was found."""

    def assert_refused(self, model, stored, *words):
        """Reading ``stored``, inserted by plain SQL as the id of ``model``, raises a
        ``ValueError`` whose message holds each of ``words``."""
        insert_raw(model._meta.db_table, stored)
        with self.assertRaises(ValueError) as raised:
            model.objects.get()
        for word in words:
            self.assertIn(word, str(raised.exception))

    def test_uuid4_in_a_uuid7_column(self):
        value = uuid.uuid4()
        self.assert_refused(
            Uuid7Item,
            value if POSTGRES else value.bytes,
            "UUID7Field",
            "idapp.Uuid7Item.id",
            "version 4",
            str(value),
        )

    def test_11_bytes_in_an_object_id_column(self):
        self.assert_refused(ObjectIdItem, bytes(range(11)), "ObjectIdField", "11 bytes")

    def test_11_bytes_in_a_ulid_column(self):
        if POSTGRES:
            self.skipTest("a uuid column holds 16 bytes, and every 128-bit value is a ULID")
        self.assert_refused(
            UlidItem, bytes(range(11)), "ULIDField", "11 bytes", "0x000102030405060708090a"
        )

    def test_text_in_a_ulid_column(self):
        if POSTGRES:
            self.skipTest("a uuid column holds nothing but uuids")
        self.assert_refused(
            UlidItem, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "ULIDField", "str '01ARZ3NDEKTSV4RRFFQ69G5FAV'"
        )

    def test_negative_snowflake(self):
        self.assert_refused(SnowflakeItem, -5, "SnowflakeIdField", "-5")


class TaggedForm(forms.ModelForm):
    class Meta:
        model = Tagged
        fields = ["ulid", "uuid7", "object_id", "snowflake"]


class FormTests(TestCase):
    """Form fields clean with the package's parsers and show its messages."""

    def test_form_field_classes(self):
        form = TaggedForm()
        self.assertIsInstance(form.fields["ulid"], ULIDFormField)
        self.assertIsInstance(form.fields["uuid7"], UUID7FormField)
        self.assertIsInstance(form.fields["object_id"], ObjectIdFormField)
        self.assertIsInstance(form.fields["snowflake"], SnowflakeIdFormField)
        self.assertFalse(form.fields["ulid"].required)
        self.assertTrue(UlidItem._meta.get_field("id").formfield().required)

    def test_valid_input_is_cleaned_to_canonical_values(self):
        form = TaggedForm(
            data={
                "ulid": " 01arz3ndektsv4rrffq69g5fav ",
                "uuid7": "01890A5D-AC96-774B-BCCE-B302099A8057",
                "object_id": "65a1b2c3d4e5f60718293a4b",
                "snowflake": "9223372036854775807",
            }
        )
        self.assertTrue(form.is_valid(), form.errors)
        self.assertEqual(
            form.cleaned_data,
            {
                "ulid": "01ARZ3NDEKTSV4RRFFQ69G5FAV",
                "uuid7": "01890a5d-ac96-774b-bcce-b302099a8057",
                "object_id": "65a1b2c3d4e5f60718293a4b",
                "snowflake": 2**63 - 1,
            },
        )
        row = form.save()
        row.refresh_from_db()
        self.assertEqual(row.ulid, "01ARZ3NDEKTSV4RRFFQ69G5FAV")

    def test_empty_input_is_none(self):
        form = TaggedForm(data={"ulid": "", "uuid7": "  ", "object_id": "", "snowflake": ""})
        self.assertTrue(form.is_valid(), form.errors)
        self.assertEqual(set(form.cleaned_data.values()), {None})

    def test_invalid_input_shows_the_package_message(self):
        form = TaggedForm(
            data={
                "ulid": "01ARZ3NDEKTSV4RRFFQ69G5FA!",
                "uuid7": str(uuid.UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")),
                "object_id": "65a1b2c3d4e5f60718293a4Z",
                "snowflake": "12a4",
            }
        )
        self.assertFalse(form.is_valid())
        errors = {name: form.errors[name] for name in form.fields}
        self.assertIn("'!'", errors["ulid"][0])
        self.assertIn("index 25", errors["ulid"][0])
        self.assertIn("version 1", errors["uuid7"][0])
        self.assertIn("index 14", errors["uuid7"][0])
        self.assertIn("'Z'", errors["object_id"][0])
        self.assertIn("index 23", errors["object_id"][0])
        self.assertIn("'a'", errors["snowflake"][0])
        self.assertIn("index 2", errors["snowflake"][0])
        for name, parse in (
            ("ulid", identifier.parse_ulid),
            ("uuid7", identifier.parse_uuid7),
            ("object_id", identifier.parse_object_id),
            ("snowflake", identifier.parse_snowflake_id),
        ):
            with self.assertRaises(ValueError) as raised:
                parse(form.data[name])
            self.assertEqual(errors[name], [str(raised.exception)])

    def test_a_percent_sign_is_shown_as_is(self):
        form = TaggedForm(data={"ulid": "%(value)s%"})
        self.assertFalse(form.is_valid())
        self.assertIn("'%(value)s%'", form.errors["ulid"][0])

    def test_model_full_clean(self):
        row = Tagged(ulid="01ARZ3NDEKTSV4RRFFQ69G5FA!", snowflake=-1)
        with self.assertRaises(ValidationError) as raised:
            row.full_clean()
        self.assertEqual(set(raised.exception.message_dict), {"ulid", "snowflake"})
        self.assertIn("'!'", raised.exception.message_dict["ulid"][0])
        row = Tagged(ulid="01arz3ndektsv4rrffq69g5fav", snowflake="7")
        row.full_clean()
        self.assertEqual((row.ulid, row.snowflake), ("01ARZ3NDEKTSV4RRFFQ69G5FAV", 7))


class DeconstructTests(TestCase):
    """The fields deconstruct to their import path and the defaults a migration can import."""

    def test_deconstruct(self):
        for model, path, default in (
            (UlidItem, "identifier.django.ULIDField", identifier.generate_ulid),
            (Uuid7Item, "identifier.django.UUID7Field", identifier.generate_uuid7),
            (ObjectIdItem, "identifier.django.ObjectIdField", identifier.generate_object_id),
            (SnowflakeItem, "identifier.django.SnowflakeIdField", next_snowflake_id),
        ):
            name, got_path, args, kwargs = model._meta.get_field("id").deconstruct()
            self.assertEqual((name, got_path, args), ("id", path, []))
            self.assertEqual(kwargs, {"primary_key": True, "serialize": False, "default": default})
            field = model._meta.get_field("id").clone()
            self.assertIs(type(field), type(model._meta.get_field("id")))
            serialized, imports = MigrationWriter.serialize(model._meta.get_field("id"))
            self.assertTrue(serialized.startswith(path + "("), serialized)
            self.assertIn(default.__name__, serialized)

    def test_migration_writer_refuses_a_bound_generator(self):
        field = SnowflakeIdField(default=identifier.SnowflakeIdGenerator(worker_id=1).generate)
        with self.assertRaises(ValueError):
            MigrationWriter.serialize(field)
