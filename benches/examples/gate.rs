//! The operations of the benchmark gate, one at a time, for an instruction counter:
//! `gate <operation> <n>` runs the operation `n` times and nothing else, so that
//! `cargo xtask bench-gate` can run it under valgrind twice with two counts and divide the
//! difference of the instructions by the difference of the counts (setup and exit cancel
//! out). `gate --list` prints the operations. Batch operations (`fill`) run 1,000 ids a time,
//! and the count is of batches; the gate divides by 1,000.
//!
//! The inputs and the peers are those of the criterion benchmarks in `benches/`: the text
//! rows (ULID, UUIDv7 and ObjectId parse, encode, `Display`, `to_string`) go round the same
//! pools of 1,024 different ids (`benches::pool`), so that the counts are those of many ids,
//! as the times are.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, UNIX_EPOCH};

use benches::pool::{self, POOL};
use blake2::{Blake2b256, Digest};
use content_id::{Bytes, Serde};
use fast32::base32::CROCKFORD as FAST32;
use ferroid::base32::Base32UlidExt;
use hex_simd::AsOut as _;
use objectid::ObjectId;
use parking_lot::Mutex;
use serde::Serialize;
use snowflake::{SnowflakeId, SnowflakeIdGenerator};
use tick_sequence::{Start, TickSequence};
use ulid::Ulid;
use uuid7::Uuid7;

const U64: u64 = 0xF00D_CAFE_1234_5678;
const ULID_VALUE: u128 = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;
const ULID_TEXT: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const SNOWFLAKE_TEXT: &str = "1234567890123456789";
const CHECKSUMMED: &str = "H88C-MK9B-VJ1V-P";
const BATCH: usize = 1000;

/// A text buffer on the stack, for `Display` into a buffer without allocating.
struct StackText {
    bytes: [u8; 64],
    len: usize,
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        let end = self.len + text.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        slot.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn display(value: &impl std::fmt::Display) -> usize {
    let mut text = StackText {
        bytes: [0; 64],
        len: 0,
    };
    let _ = write!(text, "{value}");
    black_box(&text.bytes);
    text.len
}

#[derive(Serialize)]
struct Record {
    id: u64,
    name: &'static str,
    active: bool,
}

/// Runs `op` `n` times, its result kept from the optimizer.
fn repeat<T>(n: u64, mut op: impl FnMut() -> T) {
    for _ in 0..n {
        black_box(op());
    }
}

/// Runs `op` `n` times over `pool`, one item a time, in order and round again, its result
/// kept from the optimizer where it was written, as the criterion rows keep theirs.
fn cycle<T, R>(n: u64, pool: &[T; POOL], mut op: impl FnMut(&T) -> R) {
    let mut at = 0;
    for _ in 0..n {
        let output = op(black_box(&pool[at]));
        at = (at + 1) % POOL;
        black_box(&output);
    }
}

/// The pool of ULIDs, as values.
fn ulid_values() -> Box<[u128; POOL]> {
    pool::random_values(pool::ULID_SEED)
}

/// The pool of ULIDs, as their texts.
fn ulid_texts() -> Box<[String; POOL]> {
    pool::map(&ulid_values(), |&value| Ulid::from_u128(value).to_string())
}

/// The pool of UUIDv7s.
fn uuid7_ids() -> Box<[Uuid7; POOL]> {
    pool::map(&pool::random_values(pool::UUID7_SEED), |&value| {
        Uuid7::from_u128(pool::uuid7_value(value)).unwrap()
    })
}

/// The same UUIDs as `uuid::Uuid`s.
fn uuid_ids() -> Box<[uuid::Uuid; POOL]> {
    pool::map(&uuid7_ids(), |id| uuid::Uuid::from_bytes(*id.as_bytes()))
}

/// The pool of UUIDv7s, as their texts.
fn uuid7_texts() -> Box<[String; POOL]> {
    pool::map(&uuid7_ids(), Uuid7::to_string)
}

/// The pool of ObjectIds.
fn objectid_ids() -> Box<[ObjectId; POOL]> {
    pool::map(&pool::random_values(pool::OBJECTID_SEED), |&value| {
        ObjectId::from_bytes(pool::objectid_bytes(value))
    })
}

/// The same ObjectIds as bson's.
fn bson_ids() -> Box<[bson::oid::ObjectId; POOL]> {
    pool::map(&objectid_ids(), |id| {
        bson::oid::ObjectId::from_bytes(*id.as_bytes())
    })
}

/// The pool of ObjectIds, as their texts.
fn objectid_texts() -> Box<[String; POOL]> {
    pool::map(&objectid_ids(), ObjectId::to_string)
}

/// `n` UTF-8 checks of the bytes of `text`, copied to the stack as an encoder's buffer is.
fn utf8_check<const N: usize>(n: u64, text: &[u8; N]) {
    let bytes = *text;
    repeat(n, || core::str::from_utf8(black_box(&bytes)).map(str::len))
}

/// `n` of `id_text::ascii_str` over the bytes of `text`, copied to the stack likewise.
fn ascii_check<const N: usize>(n: u64, text: &[u8; N]) {
    let bytes = *text;
    repeat(n, || id_text::ascii_str(black_box(&bytes)).map(str::len))
}

/// Fills `BATCH` ids `n` times with `fill`.
fn batches<T: Copy>(n: u64, zero: T, fill: impl Fn(&mut [T])) {
    let mut ids = vec![zero; BATCH];
    for _ in 0..n {
        fill(&mut ids);
        black_box(&ids);
    }
}

fn snowflaked() -> snowflaked::Generator {
    snowflaked::Builder::new()
        .instance(1)
        .epoch(UNIX_EPOCH + Duration::from_millis(snowflake::EPOCH_MS))
        .build()
}

/// An operation's name, and what `n` runs of it are.
type Operation = (&'static str, fn(u64));

/// Every operation.
const OPERATIONS: &[Operation] = &[
    ("engine/next", |n| {
        static ENGINE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
        repeat(n, || ENGINE.next())
    }),
    ("engine/LocalSequence next", |n| {
        let mut sequence = tick_sequence::LocalSequence::new(80, 1_000_000, Start::Random);
        repeat(n, || sequence.next())
    }),
    ("std/SystemTime::now", |n| {
        repeat(n, || {
            std::time::SystemTime::now().duration_since(UNIX_EPOCH)
        })
    }),
    ("engine/floor: SystemTime::now + lock", |n| {
        // The body of the criterion floor `engine/floor/clock+lock`, as it is there.
        let lock = Mutex::new((0u64, 0u128));
        repeat(n, || {
            let now = std::time::SystemTime::now().duration_since(UNIX_EPOCH);
            let mut state = lock.lock();
            state.0 = state.0.wrapping_add(1);
            (now, *state)
        })
    }),
    ("crockford32/encode u64", |n| {
        repeat(n, || {
            let mut out = [0u8; 13];
            let _ = crockford32::encode_u64(black_box(U64), &mut out);
            out
        })
    }),
    ("crockford/encode u64", |n| {
        let mut out = String::with_capacity(13);
        repeat(n, || {
            out.clear();
            crockford::encode_into(black_box(U64), &mut out);
            out.len()
        })
    }),
    ("crockford32/decode u64", |n| {
        let text = crockford::encode(U64);
        repeat(n, || crockford32::decode_u64(black_box(&text)))
    }),
    ("crockford/decode u64", |n| {
        let text = crockford::encode(U64);
        repeat(n, || crockford::decode(black_box(&text)))
    }),
    ("crockford32/encode u128", |n| {
        repeat(n, || {
            let mut out = [0u8; 26];
            let _ = crockford32::encode(black_box(ULID_VALUE), &mut out);
            out
        })
    }),
    ("fast32/encode u128", |n| {
        let mut out = Vec::with_capacity(26);
        repeat(n, || {
            out.clear();
            FAST32.encode_u128_into(black_box(ULID_VALUE), &mut out);
            out.len()
        })
    }),
    ("crockford32/decode u128", |n| {
        repeat(n, || crockford32::decode(black_box(ULID_TEXT)))
    }),
    ("fast32/decode u128", |n| {
        repeat(n, || FAST32.decode_u128(black_box(ULID_TEXT.as_bytes())))
    }),
    // What the `&str` of an encoder costs: `id_text::ascii_str`, an ASCII check, over the
    // bytes of a ULID's and a UUID's text; beside it the full UTF-8 check a `&str` would cost
    // without it.
    ("ascii/26", |n| {
        ascii_check(n, b"01ARZ3NDEKTSV4RRFFQ69G5FAV")
    }),
    ("ascii/36", |n| {
        ascii_check(n, b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
    }),
    ("utf8/26", |n| utf8_check(n, b"01ARZ3NDEKTSV4RRFFQ69G5FAV")),
    ("utf8/36", |n| {
        utf8_check(n, b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
    }),
    // ULID
    ("ulid/generate", |n| repeat(n, ulid::generate)),
    ("ulid_peer/generate (Generator in a Mutex)", |n| {
        let peer = Mutex::new(ulid_peer::Generator::new());
        repeat(n, || match peer.lock().generate() {
            Ok(id) => id,
            Err(overflow) => overflow.commit_overflow_increment(),
        })
    }),
    ("ulid/fill (1000)", |n| batches(n, Ulid::MIN, ulid::fill)),
    ("ferroid/thread-local ULID (1000)", |n| {
        batches(n, ferroid::id::ULID::from_raw(0), |ids| {
            for slot in ids {
                *slot = ferroid::generator::thread_local::Ulid::new_ulid_mono(|_| {
                    std::thread::yield_now()
                });
            }
        })
    }),
    ("ulid/to_string", |n| {
        let ids = pool::map(&ulid_values(), |&value| Ulid::from_u128(value));
        cycle(n, &ids, Ulid::to_string)
    }),
    ("ulid_peer/to_string", |n| {
        let ids = pool::map(&ulid_values(), |&value| ulid_peer::Ulid(value));
        cycle(n, &ids, ulid_peer::Ulid::to_string)
    }),
    ("ulid/display", |n| {
        let ids = pool::map(&ulid_values(), |&value| Ulid::from_u128(value));
        cycle(n, &ids, display)
    }),
    ("ulid_peer/display", |n| {
        let ids = pool::map(&ulid_values(), |&value| ulid_peer::Ulid(value));
        cycle(n, &ids, display)
    }),
    ("ulid/encode", |n| {
        let ids = pool::map(&ulid_values(), |&value| Ulid::from_u128(value));
        cycle(n, &ids, |id| {
            let mut buffer = [0u8; 26];
            black_box(id.encode(&mut buffer).len());
            buffer
        })
    }),
    ("ferroid/encode ULID", |n| {
        let ids = pool::map(&ulid_values(), |&value| ferroid::id::ULID::from_raw(value));
        cycle(n, &ids, |id| {
            let mut buffer = ferroid::id::ULID::base32_array();
            black_box(id.encode_to_buf(&mut buffer).as_str().len());
            buffer
        })
    }),
    ("ulid/parse", |n| {
        cycle(n, &ulid_texts(), |text| text.parse::<Ulid>())
    }),
    // The scalar reading, what targets without vector code run.
    ("ulid/try_parse (scalar)", |n| {
        cycle(n, &ulid_texts(), |text| Ulid::try_parse(text))
    }),
    ("ulid_peer/parse", |n| {
        cycle(n, &ulid_texts(), |text| ulid_peer::Ulid::from_string(text))
    }),
    // UUIDv7
    ("uuid7/generate", |n| repeat(n, uuid7::generate)),
    ("uuid/now_v7", |n| repeat(n, uuid::Uuid::now_v7)),
    ("uuid7_peer/uuid7", |n| repeat(n, uuid7_peer::uuid7)),
    // Generators owned by their caller, beside the fastest published UUIDv7 generator (its
    // state per thread, random within a millisecond).
    ("ulid/Generator::generate", |n| {
        let mut generator = ulid::Generator::new();
        repeat(n, || generator.generate())
    }),
    ("uuid7/Generator::generate", |n| {
        let mut generator = uuid7::Generator::new();
        repeat(n, || generator.generate())
    }),
    ("fast_uuid_v7/gen_id", |n| repeat(n, fast_uuid_v7::gen_id)),
    ("uuid7/fill (1000)", |n| batches(n, Uuid7::MIN, uuid7::fill)),
    ("uuid7/to_string", |n| {
        cycle(n, &uuid7_ids(), Uuid7::to_string)
    }),
    ("uuid/to_string", |n| {
        cycle(n, &uuid_ids(), uuid::Uuid::to_string)
    }),
    ("uuid7/display", |n| cycle(n, &uuid7_ids(), display)),
    ("uuid/display", |n| cycle(n, &uuid_ids(), display)),
    ("uuid7/encode", |n| {
        cycle(n, &uuid7_ids(), |id| {
            let mut buffer = [0u8; 36];
            black_box(id.encode(&mut buffer).len());
            buffer
        })
    }),
    ("uuid/encode_lower", |n| {
        cycle(n, &uuid_ids(), |id| {
            let mut buffer = [0u8; 36];
            black_box(id.hyphenated().encode_lower(&mut buffer).len());
            buffer
        })
    }),
    ("uuid7/parse", |n| {
        cycle(n, &uuid7_texts(), |text| text.parse::<Uuid7>())
    }),
    ("uuid7/try_parse (scalar)", |n| {
        cycle(n, &uuid7_texts(), |text| Uuid7::try_parse(text))
    }),
    ("uuid/parse_str", |n| {
        cycle(n, &uuid7_texts(), |text| uuid::Uuid::parse_str(text))
    }),
    // The vector codecs of uuid-simd and hex-simd, into a stack buffer as in the criterion
    // rows.
    ("uuid_simd/parse_hyphenated", |n| {
        cycle(n, &uuid7_texts(), |text| {
            let mut out = [0u8; 16];
            let ok = uuid_simd::parse_hyphenated(text.as_bytes(), out.as_out()).is_ok();
            (ok, out)
        })
    }),
    ("uuid_simd/format_hyphenated", |n| {
        let bytes = pool::map(&uuid7_ids(), |id| *id.as_bytes());
        cycle(n, &bytes, |bytes| {
            let mut buffer = [0u8; 36];
            let case = uuid_simd::AsciiCase::Lower;
            black_box(uuid_simd::format_hyphenated(bytes, buffer.as_out(), case).len());
            buffer
        })
    }),
    // ObjectId
    ("objectid/generate", |n| repeat(n, objectid::generate)),
    ("bson/ObjectId::new", |n| {
        repeat(n, bson::oid::ObjectId::new)
    }),
    ("objectid/fill (1000)", |n| {
        batches(n, ObjectId::MIN, objectid::fill)
    }),
    ("objectid/to_string", |n| {
        cycle(n, &objectid_ids(), ObjectId::to_string)
    }),
    ("bson/to_hex", |n| cycle(n, &bson_ids(), |id| id.to_hex())),
    ("objectid/display", |n| cycle(n, &objectid_ids(), display)),
    ("bson/display", |n| cycle(n, &bson_ids(), display)),
    ("objectid/encode", |n| {
        cycle(n, &objectid_ids(), |id| {
            let mut buffer = [0u8; 24];
            black_box(id.encode(&mut buffer).len());
            buffer
        })
    }),
    ("objectid/parse", |n| {
        cycle(n, &objectid_texts(), |text| text.parse::<ObjectId>())
    }),
    ("objectid/try_parse (scalar)", |n| {
        cycle(n, &objectid_texts(), |text| ObjectId::try_parse(text))
    }),
    ("hex_simd/decode", |n| {
        cycle(n, &objectid_texts(), |text| {
            let mut out = [0u8; 12];
            let ok = hex_simd::decode(text.as_bytes(), out.as_mut_slice().as_out()).is_ok();
            (ok, out)
        })
    }),
    ("hex_simd/encode", |n| {
        let bytes = pool::map(&objectid_ids(), |id| *id.as_bytes());
        cycle(n, &bytes, |bytes| {
            let mut buffer = [0u8; 24];
            let case = hex_simd::AsciiCase::Lower;
            let out = buffer.as_mut_slice().as_out();
            black_box(hex_simd::encode(bytes, out, case).len());
            buffer
        })
    }),
    ("bson/parse_str", |n| {
        cycle(n, &objectid_texts(), |text| {
            bson::oid::ObjectId::parse_str(text)
        })
    }),
    // Snowflake
    ("snowflake/generate", |n| {
        let generator = SnowflakeIdGenerator::new(1).unwrap();
        // Unwrapped, as an application takes its id: the leased rows compare like with like,
        // an id, not a `Result` of each crate's error type kept whole in memory.
        repeat(n, || generator.generate().unwrap())
    }),
    // Under a lease, on a throwaway server started for the run (its start cancels out).
    ("snowflake/leased generate", |n| {
        let cluster = test_support::postgres::Cluster::start(&[]);
        // A ttl of an hour: no renewal, whose statements would count, during the run.
        let config = snowflake_lease::LeaseConfig::new(&cluster.connection_string("postgres"))
            .ttl(Duration::from_secs(3600));
        let generator = snowflake_lease::LeasedGenerator::acquire(&config).unwrap();
        repeat(n, || generator.generate().unwrap());
        drop(generator);
    }),
    // Under a lease from MariaDB, on a throwaway server started for the run.
    ("snowflake/leased generate (MySQL)", |n| {
        let server = test_support::mariadb::Server::start(&[]);
        server.create_database("gate");
        let config =
            snowflake_lease::LeaseConfig::new(&server.url("gate")).ttl(Duration::from_secs(3600));
        let generator = snowflake_lease::LeasedGenerator::acquire(&config).unwrap();
        repeat(n, || generator.generate().unwrap());
        drop(generator);
    }),
    // Under a lease from a directory of lock files, made for the run.
    ("snowflake/leased generate (directory)", |n| {
        let dir = std::env::temp_dir().join(format!("gate-lease-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let config = snowflake_lease::LeaseConfig::new(&format!("file:{}", dir.display()))
            .ttl(Duration::from_secs(3600));
        let generator = snowflake_lease::LeasedGenerator::acquire(&config).unwrap();
        repeat(n, || generator.generate().unwrap());
        drop(generator);
        let _ = std::fs::remove_dir_all(&dir);
    }),
    ("snowflaked/generate", |n| {
        let mut generator = snowflaked();
        repeat(n, || generator.generate::<u64>())
    }),
    ("snowflake/fill (1000)", |n| {
        let generator = SnowflakeIdGenerator::new(1).unwrap();
        batches(n, SnowflakeId::MIN, |ids| generator.fill(ids).unwrap())
    }),
    ("snowflaked/generate (1000)", |n| {
        let mut generator = snowflaked();
        let mut ids = vec![0u64; BATCH];
        for _ in 0..n {
            for slot in &mut ids {
                *slot = generator.generate();
            }
            black_box(&ids);
        }
    }),
    ("snowflake/to_string", |n| {
        let id: SnowflakeId = SNOWFLAKE_TEXT.parse().unwrap();
        repeat(n, || black_box(id).to_string())
    }),
    ("u64/to_string", |n| {
        let id: u64 = SNOWFLAKE_TEXT.parse().unwrap();
        repeat(n, || black_box(id).to_string())
    }),
    ("snowflake/display", |n| {
        let id: SnowflakeId = SNOWFLAKE_TEXT.parse().unwrap();
        repeat(n, || display(&black_box(id)))
    }),
    ("u64/display", |n| {
        let id: u64 = SNOWFLAKE_TEXT.parse().unwrap();
        repeat(n, || display(&black_box(id)))
    }),
    ("snowflake/encode", |n| {
        let id: SnowflakeId = SNOWFLAKE_TEXT.parse().unwrap();
        repeat(n, || {
            let mut buffer = [0u8; SnowflakeId::TEXT_LEN];
            black_box(black_box(id).encode(&mut buffer).len());
            buffer
        })
    }),
    ("snowflake/parse", |n| {
        repeat(n, || black_box(SNOWFLAKE_TEXT).parse::<SnowflakeId>())
    }),
    ("u64/parse", |n| {
        repeat(n, || black_box(SNOWFLAKE_TEXT).parse::<u64>())
    }),
    // Checksummed codes and content ids
    ("checksummed_id/generate", |n| {
        repeat(n, checksummed_id::generate)
    }),
    ("checksummed_id/verify", |n| {
        repeat(n, || checksummed_id::verify(black_box(CHECKSUMMED)))
    }),
    ("content_id/3-field struct", |n| {
        let record = Record {
            id: 1_234_567,
            name: "ada lovelace",
            active: true,
        };
        repeat(n, || content_id::generate(&Serde(black_box(&record))))
    }),
    ("blake2/64 bytes", |n| {
        let block = [0x5Au8; 64];
        repeat(n, || Blake2b256::digest(black_box(&block)))
    }),
    ("content_id/1 KiB", |n| {
        let data: Vec<u8> = (0..1024).map(|i| (i * 31 % 251) as u8).collect();
        repeat(n, || content_id::generate(&Bytes(black_box(&data))))
    }),
    ("blake2/1 KiB", |n| {
        let data: Vec<u8> = (0..1024).map(|i| (i * 31 % 251) as u8).collect();
        repeat(n, || Blake2b256::digest(black_box(&data)))
    }),
];

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [list] if list == "--list" => {
            for (name, _) in OPERATIONS {
                println!("{name}");
            }
            std::process::ExitCode::SUCCESS
        }
        [name, count] => {
            let (Some((_, operation)), Ok(count)) = (
                OPERATIONS.iter().find(|(known, _)| known == name),
                count.parse::<u64>(),
            ) else {
                eprintln!("gate: no operation {name:?}, or {count:?} is not a count");
                return std::process::ExitCode::FAILURE;
            };
            operation(count);
            std::process::ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: gate --list | gate <operation> <count>");
            std::process::ExitCode::FAILURE
        }
    }
}
