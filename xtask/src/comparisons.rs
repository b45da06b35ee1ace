//! The rows of the benchmark report: which two criterion benchmarks each compares, and the
//! goal for the ratio.

/// Our benchmark and a peer's, in the same criterion group.
pub(crate) struct Comparison {
    /// What the row measures, for a reader.
    pub(crate) operation: &'static str,
    /// The criterion group both benchmarks belong to.
    pub(crate) group: &'static str,
    /// Our benchmark's function id within the group.
    pub(crate) ours: &'static str,
    /// The peer's (or the floor's) function id within the group.
    pub(crate) peer: &'static str,
    /// The largest acceptable ratio ours / peer.
    pub(crate) goal: f64,
    /// What the numbers include, or why a goal is where it is.
    pub(crate) note: Option<&'static str>,
}

pub(crate) const COMPARISONS: &[Comparison] = &[
    Comparison {
        operation: "TickSequence::next vs clock + lock",
        group: "engine",
        ours: "tick-sequence/next (80 bits, random start)",
        peer: "floor/clock+lock",
        goal: 1.15,
        note: Some(
            "the floor is one `SystemTime::now()` and one uncontended `parking_lot::Mutex` \
             lock/unlock, which `next` cannot avoid; the rest is the fork-generation check, the \
             division into ticks and the three-case rule.",
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
            "ours writes all 26 symbols (zero-padded) into a stack buffer; fast32 writes the significant ones into a reused Vec.",
        ),
    },
    Comparison {
        operation: "Crockford decode u128 vs fast32",
        group: "crockford32/decode u128",
        ours: "crockford32",
        peer: "fast32",
        goal: 1.0,
        note: None,
    },
];
