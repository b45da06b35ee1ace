//! What the database tests need to know of each id type: its column types, how to make ids in
//! generation order, and stored values that are not ids with the error each must give.

#![allow(dead_code, unreachable_pub)]

use std::fmt::{Debug, UpperHex};
use std::sync::OnceLock;

use identifier::objectid::ObjectId;
use identifier::snowflake::{SnowflakeId, SnowflakeIdGenerator};
use identifier::ulid::Ulid;
use identifier::uuid7::Uuid7;

/// How many ids the ordering checks store, from `fill` and from threads.
pub const ORDERED: usize = 2_000;
/// How many the MySQL ordering checks store, from `fill` and from threads: MySQL and MariaDB
/// are where byte order is most often lost (their UUID functions and type), so more.
pub const MYSQL_ORDERED: usize = 10_000;
pub const THREADS: usize = 4;

/// An id type under test.
pub trait Id: Copy + Ord + Debug + UpperHex + Send + Sync + Unpin + 'static {
    /// A name for tables and messages.
    const NAME: &'static str;
    /// The PostgreSQL column type of the storage table.
    const POSTGRES: &'static str;
    /// The SQLite column type of the storage table.
    const SQLITE: &'static str;
    /// PostgreSQL values of the column type that are not ids, with a fragment of the error.
    const BAD_POSTGRES: &'static [(&'static str, &'static str)];
    /// SQLite values that are not ids, with a fragment of the error.
    const BAD_SQLITE: &'static [(&'static str, &'static str)];
    /// PostgreSQL values that are not ids as diesel reads them, which hands any value over as
    /// the bytes of the SQL type asked for: those of sqlx, unless the type has none.
    const BAD_DIESEL_POSTGRES: &'static [(&'static str, &'static str)] = Self::BAD_POSTGRES;
    /// A PostgreSQL value of another type, and that type's name as drivers report it.
    const WRONG_TYPE_POSTGRES: (&'static str, &'static str) = ("'not an id'::text", "text");
    /// An SQLite value of another storage class, and its name as drivers report it.
    const WRONG_TYPE_SQLITE: (&'static str, &'static str) = ("'not an id'", "text");
    /// The MySQL and MariaDB column type of the storage table.
    const MYSQL: &'static str;
    /// MySQL values that are not ids, with a fragment of the error: those of SQLite, whose
    /// `x'…'` literals and integers MySQL reads the same.
    const BAD_MYSQL: &'static [(&'static str, &'static str)] = Self::BAD_SQLITE;
    /// A MySQL value of another type, and that type's name as drivers report it: text, whose
    /// characters are not an id's bytes.
    const WRONG_TYPE_MYSQL: (&'static str, &'static str) = ("'not an id'", "varchar");

    /// The smallest id, to fill buffers with.
    const MIN: Self;
    /// The format's `fill`.
    const FILL: fn(&mut [Self]);
    /// The format's `generate`.
    const GENERATE: fn() -> Self;

    /// `n` new ids from one `fill`, in generation order.
    fn fill(n: usize) -> Vec<Self> {
        let mut ids = vec![Self::MIN; n];
        Self::FILL(&mut ids);
        ids
    }

    /// One new id from the process-wide generator.
    fn generate() -> Self {
        Self::GENERATE()
    }
}

/// One `#[test]` per id type, named after it, each running `$check::<type>()`.
macro_rules! test_every_id {
    ($check:ident) => {
        #[test]
        fn ulid() {
            $check::<identifier::ulid::Ulid>();
        }

        #[test]
        fn uuid7() {
            $check::<identifier::uuid7::Uuid7>();
        }

        #[test]
        fn objectid() {
            $check::<identifier::objectid::ObjectId>();
        }

        #[test]
        fn snowflake() {
            $check::<identifier::snowflake::SnowflakeId>();
        }
    };
}

/// `n` ids from each of [`THREADS`] threads generating at once, each thread's in its order.
pub fn from_threads<T: Id>(n: usize) -> Vec<Vec<T>> {
    let threads: Vec<_> = (0..THREADS)
        .map(|_| std::thread::spawn(move || (0..n).map(|_| T::generate()).collect::<Vec<T>>()))
        .collect();
    threads
        .into_iter()
        .map(|thread| thread.join().expect("a generating thread"))
        .collect()
}

/// Checks that `stored` (the ids read back by `ORDER BY`) is every id of `runs` in their
/// order: each run keeps its own order, and the whole is ascending.
pub fn assert_in_generation_order<T: Id>(stored: &[T], runs: &[Vec<T>], driver: &str) {
    let mut expected: Vec<T> = runs.iter().flatten().copied().collect();
    expected.sort_unstable();
    assert_eq!(
        stored.len(),
        expected.len(),
        "{driver}: {} rows read back",
        T::NAME
    );
    assert!(
        stored == expected.as_slice(),
        "{driver}: ORDER BY on a {} key is not the order of the ids",
        T::NAME
    );
    for run in runs {
        test_support::generated::assert_strictly_increasing(run);
    }
}

/// An error and every source below it, as one line: drivers keep the reason in the source.
pub fn full_message(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    message
}

/// The parent of `ids[index]` in the round-trip tables: the id before it, none for the first.
pub fn parent<T: Id>(ids: &[T], index: usize) -> Option<T> {
    index.checked_sub(1).map(|before| ids[before])
}

/// Checks the key and the parent read back from the round-trip table for `ids[index]`.
pub fn assert_read_back<T: Id>(ids: &[T], index: usize, read: (T, Option<T>), driver: &str) {
    let (key, parent) = read;
    assert_eq!(key, ids[index], "{driver}: {}: the key read back", T::NAME);
    assert_eq!(
        parent,
        self::parent(ids, index),
        "{driver}: {}: the parent read back",
        T::NAME
    );
}

/// Reverses and interleaves `ids`, so that the order of insertion is not the order of the ids.
pub fn shuffled<T: Copy>(ids: &[T]) -> Vec<T> {
    let (even, odd): (Vec<_>, Vec<_>) = ids.iter().rev().enumerate().partition(|(i, _)| i % 2 == 0);
    odd.into_iter().chain(even).map(|(_, id)| *id).collect()
}

/// The generation of a format whose crate has `fill` and `generate` of its own: all but
/// Snowflake, whose generator is a value.
macro_rules! generated_by {
    ($format:ident) => {
        const MIN: Self = Self::MIN;
        const FILL: fn(&mut [Self]) = identifier::$format::fill;
        const GENERATE: fn() -> Self = identifier::$format::generate;
    };
}

impl Id for Ulid {
    const NAME: &'static str = "ulid";
    const POSTGRES: &'static str = "uuid";
    const SQLITE: &'static str = "BLOB";
    const MYSQL: &'static str = "BINARY(16)";
    // Every uuid is a ULID; diesel reads a `bytea` as a `uuid`'s bytes.
    const BAD_POSTGRES: &'static [(&'static str, &'static str)] = &[];
    const BAD_DIESEL_POSTGRES: &'static [(&'static str, &'static str)] =
        &[("'\\x00112233'::bytea", "a ULID is 16 bytes, found 4")];
    const BAD_SQLITE: &'static [(&'static str, &'static str)] = &[(
        "x'00112233445566778899aabbccddee'",
        "a ULID is 16 bytes, found 15",
    )];

    generated_by!(ulid);
}

impl Id for Uuid7 {
    const NAME: &'static str = "uuid7";
    const POSTGRES: &'static str = "uuid";
    const SQLITE: &'static str = "BLOB";
    const MYSQL: &'static str = "BINARY(16)";
    const BAD_POSTGRES: &'static [(&'static str, &'static str)] = &[
        (
            "gen_random_uuid()",
            "version 4 in the version field: expected 7",
        ),
        (
            "'017f22e2-79b0-7cc3-18c4-dc0c0c07398f'::uuid",
            "variant bits 0b00 in the variant field",
        ),
    ];
    const BAD_SQLITE: &'static [(&'static str, &'static str)] = &[
        (
            "x'550e8400e29b41d4a716446655440000'",
            "version 4 in the version field",
        ),
        (
            "x'017f22e279b07cc398c4dc0c0c0739'",
            "a UUIDv7 is 16 bytes, found 15",
        ),
    ];

    generated_by!(uuid7);
}

impl Id for ObjectId {
    const NAME: &'static str = "objectid";
    const POSTGRES: &'static str = "bytea";
    const SQLITE: &'static str = "BLOB";
    const MYSQL: &'static str = "BINARY(12)";
    const BAD_POSTGRES: &'static [(&'static str, &'static str)] = &[
        ("'\\x00112233'::bytea", "an ObjectId is 12 bytes, found 4"),
        ("'\\x'::bytea", "an ObjectId is 12 bytes, found 0"),
    ];
    const BAD_SQLITE: &'static [(&'static str, &'static str)] = &[(
        "x'507c7f79bcf86cd7994f6c0e00'",
        "an ObjectId is 12 bytes, found 13",
    )];

    generated_by!(objectid);
}

/// The one Snowflake generator of the test process (worker 1).
fn snowflake() -> &'static SnowflakeIdGenerator {
    static GENERATOR: OnceLock<SnowflakeIdGenerator> = OnceLock::new();
    GENERATOR.get_or_init(|| SnowflakeIdGenerator::new(1).expect("worker 1"))
}

impl Id for SnowflakeId {
    const NAME: &'static str = "snowflake";
    const POSTGRES: &'static str = "bigint";
    const SQLITE: &'static str = "INTEGER";
    const MYSQL: &'static str = "BIGINT";
    const BAD_POSTGRES: &'static [(&'static str, &'static str)] =
        &[("(-1)::bigint", "id -1 is out of range")];
    const BAD_SQLITE: &'static [(&'static str, &'static str)] = &[("-5", "id -5 is out of range")];
    const WRONG_TYPE_POSTGRES: (&'static str, &'static str) = ("42::integer", "int4");

    const MIN: Self = SnowflakeId::MIN;
    const FILL: fn(&mut [Self]) = |out| {
        snowflake()
            .fill(out)
            .expect("the clock is in the Snowflake range");
    };
    const GENERATE: fn() -> Self = || {
        snowflake()
            .generate()
            .expect("the clock is in the Snowflake range")
    };
}
