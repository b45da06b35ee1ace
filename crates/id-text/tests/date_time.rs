//! The messages of the date-time errors state the range's ends as RFC 3339 text computed from
//! its numbers: held equal to chrono's own text of the same instant.
#![cfg(feature = "chrono")]

use id_text::date_time::{DateTimeOverflow, TimeUnit, Timestamps};
use proptest::prelude::*;

/// chrono's RFC 3339 text of `timestamp` in `unit`: the milliseconds only where not zero.
fn chrono_text(timestamp: u64, unit: TimeUnit) -> String {
    let nanos = i128::from(timestamp) * unit.nanos();
    let at = chrono::DateTime::from_timestamp(
        i64::try_from(nanos / 1_000_000_000).unwrap(),
        u32::try_from(nanos % 1_000_000_000).unwrap(),
    )
    .unwrap();
    at.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true)
}

/// The last instant of the year 9999, in milliseconds.
const LAST_MS_OF_9999: u64 = 253_402_300_799_999;

proptest! {
    #[test]
    fn the_range_in_a_message_is_chrono_s_text_of_its_ends(
        min in 0..=LAST_MS_OF_9999,
        max in 0..=LAST_MS_OF_9999,
        seconds in any::<bool>(),
    ) {
        let (unit, min, max) = if seconds {
            (TimeUnit::Seconds, min / 1000, max / 1000)
        } else {
            (TimeUnit::Milliseconds, min, max)
        };
        let timestamps = match unit {
            TimeUnit::Seconds => Timestamps::seconds("an id", min, max),
            TimeUnit::Milliseconds => Timestamps::milliseconds("an id", min, max),
        };
        let message = timestamps.floor(-1).unwrap_err().to_string();
        let range = format!("({} to {})", chrono_text(min, unit), chrono_text(max, unit));
        prop_assert!(message.ends_with(&range), "{} against {}", message, range);
        let overflow = DateTimeOverflow { value: max + 1, max, unit, library: "a library" };
        let end = format!("({})", chrono_text(max, unit));
        prop_assert!(overflow.to_string().ends_with(&end));
    }
}

/// chrono writes a year after 9999 with a sign (`+10889-…`); the messages write its digits, as
/// the ULID specification states the end of its range.
#[test]
fn a_year_after_9999_is_written_with_its_digits() {
    let ulid = Timestamps::milliseconds("a ULID", 0, (1 << 48) - 1);
    assert!(
        ulid.floor(-1)
            .unwrap_err()
            .to_string()
            .ends_with("(1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z)")
    );
    assert_eq!(
        chrono_text((1 << 48) - 1, TimeUnit::Milliseconds),
        "+10889-08-02T05:31:50.655Z"
    );
}
