//! Criterion benchmarks of the workspace, side by side with the peer crates; see `benches/`.
//! Run them with `cargo bench -p benches`.
