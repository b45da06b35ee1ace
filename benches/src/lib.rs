//! Criterion benchmarks of the workspace, side by side with the peer crates; see `benches/`.
//! Run them with `cargo bench -p benches`.
//!
//! The library holds what the benchmark report's writers share: `cargo xtask bench-report`
//! and `bench-gate`, and the `db-bench` and `contention-runs` examples, and how they run cargo
//! in the workspace. It depends on
//! serde_json alone, so that xtask, which links it, stays quick to build.

// The package keeps clippy's lints only (its benchmarks are programs), but this library is
// shared, so its public items are documented as the workspace's libraries are.
#![deny(missing_docs)]

pub mod comparisons;
pub mod criterion_results;
pub mod pool;
pub mod sections;
pub mod workspace;
