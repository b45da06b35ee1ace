//! What generation from the wall clock does at each end of the range a ULID holds, with the
//! clock set there by `faketime`, in a process of this test binary of its own:
//!
//! - a clock before 1970 reads as the Unix epoch (the engine's rule): ids of millisecond 0,
//!   strictly increasing, from every function;
//! - a clock past 10889-08-02T05:31:50.655Z: `generate` and `fill` give ids of that last
//!   millisecond, strictly increasing (the counter goes on, as under a clock that stands
//!   still); `try_generate` and `try_fill` return the range error with the clock's reading and
//!   leave the sequence as it was.
#![cfg(all(feature = "generate", unix))]

test_support::clock_range_tests!(ulid, Ulid);
