//! Helpers shared by the tests of the workspace's crates (not published): running code in a
//! forked child, forking while threads generate, and drawing ids from several threads at once.
//! They check behaviour and never measure time.

#[cfg(unix)]
pub mod fork;
#[cfg(unix)]
pub mod fork_storm;
pub mod stress;
