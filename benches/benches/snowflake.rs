//! `snowflake` beside its peer crates: not written yet.

fn main() {}
