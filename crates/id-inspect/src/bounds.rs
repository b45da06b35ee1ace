//! The smallest and the largest id of an instant in each time-ordered format: the bounds of a
//! range query over ids for that instant.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::layout::Layout;

/// The smallest and the largest id of one format (or Snowflake layout) at an instant, or why
/// the format has no id then: [`bounds_at`].
///
/// ```
/// let bounds = id_inspect::bounds_at(1_469_922_850_259);
/// let ulid = &bounds[0];
/// assert_eq!(ulid.format, "ULID");
/// let (min, max) = ulid.range.as_ref().unwrap();
/// assert_eq!(min, "01ARZ3NDEK0000000000000000");
/// assert_eq!(max, "01ARZ3NDEKZZZZZZZZZZZZZZZZ");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// `ULID`, `UUIDv7`, `ObjectId` or `Snowflake`.
    pub format: &'static str,
    /// For a Snowflake id, the layout: `this`, `twitter`, ...
    pub layout: Option<&'static str>,
    /// The smallest and the largest id, as text; or the format's reason why the instant is
    /// out of its range.
    pub range: Result<(String, String), String>,
}

/// The smallest and the largest ULID, UUIDv7, ObjectId (of the second holding the instant)
/// and Snowflake id of each known layout (of its unit holding the instant) whose timestamp is
/// `timestamp_ms`: every id made at that instant sorts between them, inclusive. The format
/// crates' own `min_at_ms` and `max_at_ms` (ObjectId's `min_at_s` and `max_at_s`) make them;
/// the foreign Snowflake layouts, which no format crate holds, are [`Layout::bounds_at`].
///
/// ```
/// let bounds = id_inspect::bounds_at(1_645_557_742_000); // 2022-02-22T19:22:22Z
/// let uuid7 = bounds.iter().find(|b| b.format == "UUIDv7").unwrap();
/// assert_eq!(
///     uuid7.range,
///     Ok((
///         "017f22e2-79b0-7000-8000-000000000000".into(),
///         "017f22e2-79b0-7fff-bfff-ffffffffffff".into()
///     ))
/// );
/// // Before 2024: no Snowflake id of this family's layout.
/// let this = bounds.iter().find(|b| b.layout == Some("this")).unwrap();
/// assert!(this.range.is_err());
/// ```
#[must_use]
pub fn bounds_at(timestamp_ms: u64) -> Vec<Bounds> {
    /// The texts of the two bounds, or the format's message.
    fn texts<T: ToString, E: ToString>(
        min: Result<T, E>,
        max: Result<T, E>,
    ) -> Result<(String, String), String> {
        match (min, max) {
            (Ok(min), Ok(max)) => Ok((min.to_string(), max.to_string())),
            (Err(error), _) | (_, Err(error)) => Err(error.to_string()),
        }
    }
    use objectid::ObjectId;
    use snowflake::SnowflakeId;
    use ulid::Ulid;
    use uuid7::Uuid7;
    let seconds = timestamp_ms / 1000;
    let mut bounds = Vec::with_capacity(4 + Layout::FOREIGN.len());
    let formats = [
        (
            "ULID",
            None,
            texts(Ulid::min_at_ms(timestamp_ms), Ulid::max_at_ms(timestamp_ms)),
        ),
        (
            "UUIDv7",
            None,
            texts(
                Uuid7::min_at_ms(timestamp_ms),
                Uuid7::max_at_ms(timestamp_ms),
            ),
        ),
        (
            "ObjectId",
            None,
            texts(ObjectId::min_at_s(seconds), ObjectId::max_at_s(seconds)),
        ),
        (
            "Snowflake",
            Some("this"),
            texts(
                SnowflakeId::min_at_ms(timestamp_ms),
                SnowflakeId::max_at_ms(timestamp_ms),
            ),
        ),
    ];
    for (format, layout, range) in formats {
        bounds.push(Bounds {
            format,
            layout,
            range,
        });
    }
    let text = |id: &dyn ToString| id.to_string();
    for layout in &Layout::FOREIGN {
        let Some(epoch_ms) = layout.epoch_ms else {
            continue;
        };
        let range = layout
            .bounds_at(timestamp_ms, epoch_ms)
            .map(|(min, max)| (text(&min), text(&max)));
        let name = match &layout.name {
            alloc::borrow::Cow::Borrowed(name) => *name,
            alloc::borrow::Cow::Owned(_) => continue,
        };
        bounds.push(Bounds {
            format: "Snowflake",
            layout: Some(name),
            range,
        });
    }
    bounds
}

#[cfg(test)]
mod tests {
    use super::bounds_at;

    #[test]
    fn every_id_of_the_instant_sorts_between_the_bounds() {
        // 2024-06-01T12:00:00.123Z.
        let ms = 1_717_243_200_123;
        for bounds in bounds_at(ms) {
            let (min, max) = bounds.range.clone().unwrap();
            match bounds.format {
                "ULID" => {
                    let (min, max): (ulid::Ulid, ulid::Ulid) =
                        (min.parse().unwrap(), max.parse().unwrap());
                    assert_eq!((min.timestamp_ms(), max.timestamp_ms()), (ms, ms));
                    assert_eq!((min.random(), max.random()), (0, (1 << 80) - 1));
                }
                "UUIDv7" => {
                    let (min, max): (uuid7::Uuid7, uuid7::Uuid7) =
                        (min.parse().unwrap(), max.parse().unwrap());
                    assert_eq!((min.timestamp_ms(), max.timestamp_ms()), (ms, ms));
                    assert_eq!((min.counter(), max.counter()), (0, (1 << 74) - 1));
                }
                "ObjectId" => {
                    let (min, max): (objectid::ObjectId, objectid::ObjectId) =
                        (min.parse().unwrap(), max.parse().unwrap());
                    assert_eq!(
                        (min.timestamp_s(), max.timestamp_s()),
                        (ms / 1000, ms / 1000)
                    );
                    assert_eq!((min.counter(), max.counter()), (0, u64::MAX));
                }
                _ => {
                    let layout = crate::Layout::parse(bounds.layout.unwrap()).unwrap();
                    let epoch = layout.epoch_ms.unwrap();
                    let at = |id: u64| layout.decode(id, epoch).unwrap().timestamp_ms;
                    let (min, max): (u64, u64) = (min.parse().unwrap(), max.parse().unwrap());
                    // Every id of the unit that holds the instant, and only those.
                    assert!(at(min) <= ms && ms < at(min) + layout.unit_ms, "{bounds:?}");
                    assert_eq!(at(max), at(min), "{bounds:?}");
                    assert!(at(min - 1) < at(min), "{bounds:?}");
                    assert!(at(max + 1) > at(max), "{bounds:?}");
                }
            }
        }
    }
}
