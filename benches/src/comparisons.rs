//! The rows of the benchmark report: which two criterion benchmarks each compares, and the
//! goal for the ratio. `cargo xtask bench-report` renders them all; the `contention-runs`
//! example reruns the ULID rows under contention.

/// Our benchmark and a peer's, in the same criterion group.
pub struct Comparison {
    /// What the row measures, for a reader.
    pub operation: &'static str,
    /// The criterion group both benchmarks belong to.
    pub group: &'static str,
    /// Our benchmark's function id within the group.
    pub ours: &'static str,
    /// The peer's (or the floor's) function id within the group.
    pub peer: &'static str,
    /// The largest acceptable ratio ours / peer.
    pub goal: f64,
    /// What the numbers include, or why a goal is where it is.
    pub note: Option<&'static str>,
}

/// Every row of the report, in its order.
pub const COMPARISONS: &[Comparison] = &[
    Comparison {
        operation: "TickSequence::next vs SystemTime::now + lock",
        group: "engine",
        ours: "tick-sequence/next (80 bits, random start)",
        peer: "floor/clock+lock",
        goal: 1.15,
        note: Some(
            "the floor of any locked generator that reads the clock: one `SystemTime::now()` and one uncontended `parking_lot::Mutex` lock/unlock. `next` reads the cycle counter instead (the clock once per millisecond) and takes its own lock, one compare-and-swap.",
        ),
    },
    Comparison {
        operation: "TickSequence::next vs SystemTime::now",
        group: "engine",
        ours: "tick-sequence/next (80 bits, random start)",
        peer: "floor/clock",
        goal: 1.15,
        note: Some(
            "the process-wide sequence, strictly increasing across threads, against a bare clock reading: the cycle-counter path (`tick_sequence::clock_path`) reads the counter and takes one lock, and reads the clock when the counter says the next millisecond may have begun. Where the counter is not trusted the clock is read for every id, as in the `clock_gettime + lock` row.",
        ),
    },
    Comparison {
        operation: "TickSequence::next vs clock_gettime + lock",
        group: "engine",
        ours: "tick-sequence/next (80 bits, random start)",
        peer: "floor/clock_gettime+lock",
        goal: 1.15,
        note: Some(
            "the floor of the wall-clock path, which reads the clock for every id (other targets, or a kernel whose clocksource is not the TSC): the same clock call and a lock. On the cycle-counter path `next` needs neither the call nor `parking_lot`.",
        ),
    },
    Comparison {
        operation: "Crockford encode u64 vs crockford",
        group: "crockford32/encode u64",
        ours: "crockford32",
        peer: "crockford",
        goal: 1.0,
        note: None,
    },
    Comparison {
        operation: "Crockford decode u64 vs crockford",
        group: "crockford32/decode u64",
        ours: "crockford32",
        peer: "crockford",
        goal: 1.0,
        note: None,
    },
    Comparison {
        operation: "Crockford encode u128 vs fast32",
        group: "crockford32/encode u128",
        ours: "crockford32",
        peer: "fast32",
        goal: 1.0,
        note: Some(
            "ours writes all 26 symbols (zero-padded) into a stack buffer; fast32 writes the significant ones into a reused `Vec`.",
        ),
    },
    Comparison {
        operation: "Crockford decode u128 vs fast32",
        group: "crockford32/decode u128",
        ours: "crockford32",
        peer: "fast32",
        goal: 1.0,
        note: Some(
            "26 symbols in a `String`, their length checked at run time: then a table lookup a symbol, each value already shifted to its place, with no chain from one symbol to the next. Another length takes the general reading: one table lookup, one OR and one shift per symbol, in a chain.",
        ),
    },
    Comparison {
        operation: "ULID generate vs ulid::Generator in a Mutex",
        group: "ulid/generate",
        ours: "ulid",
        peer: "ulid_peer Generator in a parking_lot::Mutex",
        goal: 1.0,
        note: Some(
            "both take one lock; the peer reads the clock, ours the cycle counter (the clock once per millisecond): `TickSequence::next` plus a shift.",
        ),
    },
    Comparison {
        operation: "ULID generate vs SystemTime::now",
        group: "ulid/generate",
        ours: "ulid",
        peer: "floor: SystemTime::now",
        goal: 1.15,
        note: Some(
            "a process-wide, strictly increasing id, fresh to the millisecond, against a bare clock reading.",
        ),
    },
    Comparison {
        operation: "ULID Generator vs fast_uuid_v7::gen_id",
        group: "ulid/generate",
        ours: "ulid Generator",
        peer: "fast_uuid_v7::gen_id (per thread, not monotonic)",
        goal: 1.0,
        note: Some(
            "`ulid::Generator`, owned by its caller: strictly increasing within itself, fork-safe, fresh to the millisecond. The peer keeps its state per thread, guesses the counter's rate from CPUID, and draws 74 random bits an id: not monotonic within a millisecond, not fork-safe.",
        ),
    },
    Comparison {
        operation: "ULID encode vs ferroid",
        group: "ulid/encode",
        ours: "ulid",
        peer: "ferroid encode_to_buf",
        goal: 0.8,
        note: Some(
            "to a `&str` in a stack buffer. Ours writes the symbols from a table of `id_text::AsciiByte`s into an `id_text::AsciiText`, which becomes a `&str` with no check, as the peers' `from_utf8_unchecked` does. The symbols alone are `floor: crockford32::encode` in the same group.",
        ),
    },
    Comparison {
        operation: "ULID decode vs ulid::Ulid::from_string",
        group: "ulid/decode",
        ours: "ulid",
        peer: "ulid_peer from_string",
        goal: 0.5,
        note: Some(
            "full validation: length, every symbol (with the O/I/L aliases, which the peer rejects), the overflow of the first symbol. Ours took its AVX2 path here (the processor has AVX2): no published codec reads Crockford Base32 with vector code to compare against, so the goal is our own, half the peer's time, what one register of 32 symbol bytes allows.",
        ),
    },
    Comparison {
        operation: "ULID decode, scalar code, vs ulid::Ulid::from_string",
        group: "ulid/decode",
        ours: "ulid scalar (try_parse)",
        peer: "ulid_peer from_string",
        goal: 0.5,
        note: Some(
            "`Ulid::try_parse`, the `const fn` reading that targets without vector code run (and Miri): two symbols and four groups of six, each symbol one lookup in a table of values already shifted to its place.",
        ),
    },
    Comparison {
        operation: "ULID to_string vs ulid",
        group: "ulid/to_string",
        ours: "ulid",
        peer: "ulid_peer",
        goal: 0.9,
        note: Some(
            "both allocate the 26 bytes once; ours checks that its text is ASCII (a few word operations) to make the `&str`, which the peer skips.",
        ),
    },
    Comparison {
        operation: "ULID fill, per id, vs ferroid thread-local",
        group: "ulid/fill",
        ours: "ulid fill(1000)",
        peer: "ferroid thread-local new_ulid_mono x1000",
        goal: 0.5,
        note: Some(
            "ours: one clock read and one lock for 1000 ids; ferroid: a thread-local generator called 1000 times.",
        ),
    },
    Comparison {
        operation: "UUIDv7 generate vs uuid7::V7Generator",
        group: "uuid7/generate",
        ours: "uuid7",
        peer: "uuid7_peer::V7Generator",
        goal: 1.0,
        note: Some(
            "the peer's generator is owned by the caller (no lock), fed by a source of 128 random bits from `tick_sequence::random_bits`; ours is the process-wide, thread-safe one.",
        ),
    },
    Comparison {
        operation: "UUIDv7 generate vs uuid::Uuid::now_v7",
        group: "uuid7/generate",
        ours: "uuid7",
        peer: "uuid::Uuid::now_v7",
        goal: 0.55,
        note: None,
    },
    Comparison {
        operation: "UUIDv7 generate vs SystemTime::now",
        group: "uuid7/generate",
        ours: "uuid7",
        peer: "floor: SystemTime::now",
        goal: 1.15,
        note: Some(
            "as for ULID: the process-wide sequence against a bare clock reading; the counter is split around the version and variant bits.",
        ),
    },
    Comparison {
        operation: "UUIDv7 Generator vs fast_uuid_v7::gen_id",
        group: "uuid7/generate",
        ours: "uuid7 Generator",
        peer: "fast_uuid_v7::gen_id (per thread, not monotonic)",
        goal: 1.0,
        note: Some(
            "as for ULID: `uuid7::Generator`, strictly increasing within itself, beside the peer's per-thread, random-within-a-millisecond ids.",
        ),
    },
    Comparison {
        operation: "UUIDv7 parse vs uuid::Uuid::parse_str",
        group: "uuid7/parse",
        ours: "uuid7",
        peer: "uuid::Uuid::parse_str",
        goal: 0.5,
        note: Some(
            "ours also checks version 7 and variant 10; uuid accepts any version. Ours took its AVX2 path here (the processor has AVX2; SSE2 without it, NEON on AArch64, scalar code elsewhere).",
        ),
    },
    Comparison {
        operation: "UUIDv7 parse, scalar code, vs uuid::Uuid::parse_str",
        group: "uuid7/parse",
        ours: "uuid7 scalar (try_parse)",
        peer: "uuid::Uuid::parse_str",
        goal: 0.5,
        note: Some(
            "`Uuid7::try_parse`, the `const fn` reading that targets without vector code run (and Miri): eight groups of four digits, each digit one lookup in a table of values already shifted to its place.",
        ),
    },
    Comparison {
        operation: "UUIDv7 parse vs uuid_simd::parse_hyphenated",
        group: "uuid7/parse",
        ours: "uuid7",
        peer: "uuid_simd::parse_hyphenated",
        goal: 1.0,
        note: Some(
            "both AVX2 here, each after its run-time detection; the peer writes 16 bytes into a stack buffer, ours returns `Result<Uuid7, ParseError>` after checking version 7 and variant 10, kept where it was written (`benches/benches/common`).",
        ),
    },
    Comparison {
        operation: "UUIDv7 format vs uuid's encode_lower",
        group: "uuid7/format",
        ours: "uuid7",
        peer: "uuid::Uuid::hyphenated().encode_lower",
        goal: 1.0,
        note: Some(
            "to a `&str` in the caller's 36-byte buffer, over a pool of different ids. Ours took its AVX2 path, which writes the text straight into the buffer (SSE2 on an x86-64 processor without AVX2, NEON on AArch64, scalar code elsewhere), its digits ASCII by construction.",
        ),
    },
    Comparison {
        operation: "UUIDv7 format vs uuid_simd::format_hyphenated",
        group: "uuid7/format",
        ours: "uuid7",
        peer: "uuid_simd::format_hyphenated",
        goal: 1.0,
        note: Some(
            "into a 36-byte stack buffer, over a pool of different ids; both AVX2 here, ours inlined once its run-time detection has run (the first call detects), the peer after its run-time detection.",
        ),
    },
    Comparison {
        operation: "UUIDv7 to_string vs uuid",
        group: "uuid7/to_string",
        ours: "uuid7",
        peer: "uuid::Uuid",
        goal: 0.9,
        note: None,
    },
    Comparison {
        operation: "UUIDv7 fill, per id, vs ferroid thread-local ULID",
        group: "uuid7/fill",
        ours: "uuid7 (1000)",
        peer: "ferroid thread-local new_ulid_mono x1000",
        goal: 0.5,
        note: Some(
            "as for ULID, one clock read and one lock for 1000 ids; each id also splits its counter around the version and variant bits, a few more operations than a ULID's shift.",
        ),
    },
    Comparison {
        operation: "ObjectId generate vs bson ObjectId::new",
        group: "objectid/generate",
        ours: "objectid",
        peer: "bson",
        goal: 0.6,
        note: Some(
            "bson reads the exact clock and increments an atomic counter; ours reads the cycle counter and takes the sequence's lock, and reads the coarse clock at most every 100 ms (a one-second tick does not need more: an id within the clock's resolution, 1 to 4 ms, after a second begins may carry the second before).",
        ),
    },
    Comparison {
        operation: "ObjectId hex vs bson to_hex",
        group: "objectid/hex",
        ours: "objectid",
        peer: "bson",
        goal: 0.4,
        note: Some(
            "ours into a stack buffer, SSE2 (NEON on AArch64, scalar code elsewhere); bson allocates a `String`.",
        ),
    },
    Comparison {
        operation: "ObjectId hex vs hex_simd::encode",
        group: "objectid/hex",
        ours: "objectid",
        peer: "hex_simd::encode",
        goal: 1.0,
        note: Some(
            "both into a 24-byte stack buffer; ours inlined SSE2, the peer after its run-time detection.",
        ),
    },
    Comparison {
        operation: "ObjectId parse vs bson parse_str",
        group: "objectid/parse",
        ours: "objectid",
        peer: "bson",
        goal: 0.4,
        note: Some("ours took its SSE2 path (NEON on AArch64, scalar code elsewhere)."),
    },
    Comparison {
        operation: "ObjectId parse vs hex_simd::decode",
        group: "objectid/parse",
        ours: "objectid",
        peer: "hex_simd::decode",
        goal: 1.0,
        note: Some(
            "ours `FromStr`, SSE2 inlined; the peer decodes into a 12-byte stack buffer after its run-time detection.",
        ),
    },
    Comparison {
        operation: "ObjectId fill, per id, vs ferroid thread-local ULID",
        group: "objectid/fill",
        ours: "objectid (1000)",
        peer: "ferroid thread-local new_ulid_mono x1000",
        goal: 0.5,
        note: None,
    },
    Comparison {
        operation: "Snowflake generate (paced) vs snowflaked",
        group: "snowflake/paced",
        ours: "snowflake generate",
        peer: "snowflaked Generator",
        goal: 1.0,
        note: Some(
            "below 4096 ids a millisecond. snowflaked's `Generator` takes `&mut self` (no lock); ours is shared across threads behind the engine's lock. Wrapped in a Mutex to be shareable, snowflaked is slower than ours (see the group).",
        ),
    },
    Comparison {
        operation: "Snowflake generate under a lease vs without",
        group: "snowflake/lease",
        ours: "generate (leased)",
        peer: "generate (plain)",
        goal: 1.1,
        note: Some(
            "both paced, 4,000 ids on each millisecond (unpaced, the plain generator borrows milliseconds ahead without end while the leased one stops at its ceiling). Both read the cycle counter; the lease checks its ceiling, whether it was lost and its deadline once a clock reading (a millisecond), and serves the ids until the next reading on the millisecond that passed. A new lease serves from a lead ahead of the clock: the group waits for the clock to pass it before it starts. Acquire and release, per cycle, are in the same group.",
        ),
    },
    Comparison {
        operation: "Snowflake burst fill, per id, vs snowflaked",
        group: "snowflake/burst of 10,000",
        ours: "snowflake/fill",
        peer: "snowflaked Generator/generate",
        goal: 0.2,
        note: Some(
            "10,000 ids as fast as possible: the peers wait for the next millisecond after 4096; ours borrows it.",
        ),
    },
    Comparison {
        operation: "Snowflake burst generate, per id, vs snowflaked",
        group: "snowflake/burst of 10,000",
        ours: "snowflake/generate",
        peer: "snowflaked Generator/generate",
        goal: 0.2,
        note: None,
    },
    Comparison {
        operation: "Snowflake to_string vs u64",
        group: "snowflake/to_string",
        ours: "snowflake",
        peer: "u64",
        goal: 1.0,
        note: Some(
            "the integer's own `to_string` is the peer: any Snowflake library formats a `u64`.",
        ),
    },
    Comparison {
        operation: "Snowflake parse vs u64",
        group: "snowflake/parse",
        ours: "snowflake",
        peer: "u64",
        goal: 1.0,
        note: Some("ours also refuses a sign, leading zeros and values of 2^63 and above."),
    },
    Comparison {
        operation: "Content id of 1 MiB vs raw BLAKE2b-256",
        group: "content_id/1 MiB of bytes",
        ours: "content_id::generate(Bytes)",
        peer: "blake2::Blake2b256",
        goal: 1.053,
        note: Some(
            "the goal is throughput at least 0.95x of raw BLAKE2b, that is a time ratio of at most 1/0.95.",
        ),
    },
    Comparison {
        operation: "Content id of a 3-field struct vs BLAKE2b-256 of 64 bytes",
        group: "content_id/3-field struct",
        ours: "content_id::generate(Serde)",
        peer: "blake2::Blake2b256 of 64 bytes",
        goal: 6.0,
        note: Some(
            "the serializer, one BLAKE2b-256 per field (each entry of a map is hashed on its own, which keeps nested maps linear) and one for the id: four compressions against the peer's one; and the hex `String`.",
        ),
    },
    Comparison {
        operation: "Checksummed verify vs ulid::Ulid::from_string",
        group: "checksummed_id/verify",
        ours: "checksummed_id::verify",
        peer: "ulid_peer::Ulid::from_string",
        goal: 2.5,
        note: None,
    },
    Comparison {
        operation: "ULID generate, 2 threads, vs ulid::Generator in a Mutex",
        group: "contention/2 threads",
        ours: "ulid",
        peer: "ulid_peer Generator in a parking_lot::Mutex",
        goal: 0.9,
        note: Some(
            "wall time per id with two threads calling one shared generator. Strict order across threads needs one lock, whose cache line moves between the cores whenever the other core takes it; on this virtual machine a move costs 15, 35 or 165 ns depending on where the host placed the two processors (the `contention` benchmark prints it before each group). Our waiters look at a held lock once after a pause, then every 256 pauses (a few µs), so the holder's core makes ids in runs without moving the line; the peer's `Mutex` parks its waiters.",
        ),
    },
    Comparison {
        operation: "ULID generate, 4 threads, vs ulid::Generator in a Mutex",
        group: "contention/4 threads",
        ours: "ulid",
        peer: "ulid_peer Generator in a parking_lot::Mutex",
        goal: 0.7,
        note: Some(
            "four threads on two cores. Waiters that looked at the lock every few tens of ns took it about every tenth id, so the line moved about every tenth id: where a move costs 165 ns, that made 58-100 ns an id (bimodal from run to run, 25-30 ns on the faster placements). Looking every 256 pauses: 30.3-35.7 ns an id in ten runs, 0.57-0.65 the peer, with moves of 16-392 ns (the runs are under \"Under contention: ten runs\").",
        ),
    },
    Comparison {
        operation: "ULID generate, 8 threads, vs ulid::Generator in a Mutex",
        group: "contention/8 threads",
        ours: "ulid",
        peer: "ulid_peer Generator in a parking_lot::Mutex",
        goal: 0.7,
        note: Some(
            "eight threads on two cores: most of them wait for a core, not for the lock. Ten runs: 25.8-33.0 ns an id, 0.54-0.64 the peer, with moves of 36-302 ns.",
        ),
    },
    Comparison {
        operation: "UUIDv7 generate, 2 threads, vs uuid::Uuid::now_v7",
        group: "contention/2 threads",
        ours: "uuid7",
        peer: "uuid::Uuid::now_v7",
        goal: 0.55,
        note: None,
    },
];
