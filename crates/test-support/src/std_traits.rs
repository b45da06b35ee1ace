//! The checks of what an id offers with the standard library, shared by the formats' tests: its
//! instant as a `SystemTime` (the range of instants, a new id's instant against the wall clock),
//! and its errors as standard errors that cross threads, boxed by `into` and by `?`.
//!
//! Every failure names the text or the case it is about.

use std::error::Error;
use std::fmt::Debug;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::text;

/// The error type boxed by `?` in a function that may fail in more than one way.
type BoxedError = Box<dyn Error + Send + Sync>;

/// `E` is a standard error that can be sent to and shared with another thread and kept for as
/// long as needed: it converts into a `Box<dyn Error + Send + Sync>`.
pub fn assert_std_error<E: Error + Send + Sync + 'static>() {}

/// The instants of the smallest and the largest id, `min` and `max`, are `first` and `last`
/// after the Unix epoch.
pub fn assert_instants_span(min: SystemTime, max: SystemTime, first: Duration, last: Duration) {
    assert_eq!(min, UNIX_EPOCH + first, "the smallest id");
    assert_eq!(max, UNIX_EPOCH + last, "the largest id");
}

/// The instant of a new id, read by `new_instant` between two readings of the wall clock, lies
/// between them, but for the `resolution` of the format's timestamp: the id's instant is the
/// earlier reading rounded down, at the earliest.
pub fn assert_new_instant_is_now(new_instant: impl FnOnce() -> SystemTime, resolution: Duration) {
    let before = SystemTime::now();
    let instant = new_instant();
    let after = SystemTime::now();
    assert!(
        instant + resolution > before,
        "{instant:?} is a {resolution:?} or more before {before:?}"
    );
    assert!(instant <= after, "{instant:?} is after {after:?}");
}

/// The parse error is a standard error that crosses threads: the error of parsing `refused`,
/// boxed as a `Box<dyn Error + Send + Sync>` by `into` and by `?`, displays `message` and
/// downcasts back to itself.
pub fn assert_parse_error_boxes<T>(refused: &str, message: &str)
where
    T: FromStr + Debug,
    T::Err: Error + Send + Sync + PartialEq + 'static,
{
    let error = text::refused::<T>(refused);
    for (how, boxed) in [
        ("into", BoxedError::from(text::refused::<T>(refused))),
        ("?", boxed_refusal::<T>(refused)),
    ] {
        assert_eq!(boxed.to_string(), message, "{refused:?} boxed by {how}");
        assert_eq!(
            boxed.downcast_ref::<T::Err>(),
            Some(&error),
            "{refused:?} boxed by {how}"
        );
    }
}

/// `?` in a function that returns a `Box<dyn Error + Send + Sync>` passes on what parsing gives:
/// the error of `refused`, which downcasts back to it, and `id` from `accepted`.
pub fn assert_question_mark_parses<T>(refused: &str, accepted: &str, id: T)
where
    T: FromStr + PartialEq + Debug,
    T::Err: Error + Send + Sync + PartialEq + 'static,
{
    let boxed = boxed_refusal::<T>(refused);
    let error = text::refused::<T>(refused);
    assert_eq!(boxed.downcast_ref::<T::Err>(), Some(&error), "{refused:?}");
    match parse_boxed::<T>(accepted) {
        Ok(parsed) => assert_eq!(parsed, id, "{accepted:?}"),
        Err(error) => panic!("{accepted:?}: {error}"),
    }
}

/// `text` parsed in a function that boxes the error with `?`.
fn parse_boxed<T>(text: &str) -> Result<T, BoxedError>
where
    T: FromStr,
    T::Err: Error + Send + Sync + 'static,
{
    Ok(text.parse::<T>()?)
}

/// The boxed error of parsing `text` through `?`; a panic naming the text and the id if it
/// parses.
fn boxed_refusal<T>(text: &str) -> BoxedError
where
    T: FromStr + Debug,
    T::Err: Error + Send + Sync + 'static,
{
    match parse_boxed::<T>(text) {
        Ok(id) => panic!("{text:?} parses, to {id:?}"),
        Err(error) => error,
    }
}
