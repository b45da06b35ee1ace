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
/// crates' own `from_parts`, with the smallest and the largest counter, make them.
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
    let text = |id: &dyn ToString| id.to_string();
    let mut bounds = Vec::with_capacity(4 + Layout::FOREIGN.len());
    let ulid = ulid::Ulid::from_parts(timestamp_ms, 0).and_then(|min| {
        Ok((
            text(&min),
            text(&ulid::Ulid::from_parts(
                timestamp_ms,
                ulid::Ulid::MAX_RANDOM,
            )?),
        ))
    });
    bounds.push(Bounds {
        format: "ULID",
        layout: None,
        range: ulid.map_err(|e| e.to_string()),
    });
    let uuid7 = uuid7::Uuid7::from_parts(timestamp_ms, 0).and_then(|min| {
        let max = uuid7::Uuid7::from_parts(timestamp_ms, uuid7::Uuid7::MAX_COUNTER)?;
        Ok((text(&min), text(&max)))
    });
    bounds.push(Bounds {
        format: "UUIDv7",
        layout: None,
        range: uuid7.map_err(|e| e.to_string()),
    });
    let seconds = timestamp_ms / 1000;
    let object_id = objectid::ObjectId::from_parts(seconds, 0).and_then(|min| {
        let max = objectid::ObjectId::from_parts(seconds, objectid::ObjectId::MAX_COUNTER)?;
        Ok((text(&min), text(&max)))
    });
    bounds.push(Bounds {
        format: "ObjectId",
        layout: None,
        range: object_id.map_err(|e| e.to_string()),
    });
    use snowflake::SnowflakeId;
    let this = SnowflakeId::from_parts(timestamp_ms, 0, 0).and_then(|min| {
        let max = SnowflakeId::from_parts(
            timestamp_ms,
            SnowflakeId::MAX_WORKER_ID,
            SnowflakeId::MAX_SEQUENCE,
        )?;
        Ok((text(&min), text(&max)))
    });
    bounds.push(Bounds {
        format: "Snowflake",
        layout: Some("this"),
        range: this.map_err(|e| e.to_string()),
    });
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
