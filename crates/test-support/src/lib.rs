//! Helpers shared by the tests of the workspace's crates (not published): running code in a
//! forked child, forking while threads generate, drawing ids from several threads at once, and
//! the clock faults every time-ordered format must survive. They check behaviour and never
//! measure time.

pub mod clock_faults;
#[cfg(unix)]
pub mod fork;
#[cfg(unix)]
pub mod fork_storm;
pub mod stress;
