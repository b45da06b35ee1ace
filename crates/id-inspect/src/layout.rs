//! Snowflake layouts: this family's, and those of other generators, with the plausibility of
//! the date a number gives under each.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::bits::{Kind, Segment};

/// How a 64-bit Snowflake id is cut: the timestamp in the high bits, then `fields` from high
/// to low; any bits above them are unused.
///
/// The known layouts are constants ([`Layout::THIS`], [`Layout::FOREIGN`]); [`Layout::parse`]
/// reads a name or a custom layout.
///
/// ```
/// use id_inspect::Layout;
///
/// let discord = Layout::parse("discord")?;
/// // Discord's API reference: 175928847299117063 is 2016-04-30T11:18:25.796Z.
/// let decoded = discord.decode(175_928_847_299_117_063, discord.epoch_ms.unwrap())?;
/// assert_eq!(decoded.timestamp_ms, 1_462_015_105_796);
/// assert_eq!(decoded.fields, [("worker_id", 1), ("process_id", 0), ("increment", 7)]);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// `this`, `twitter`, ..., or `custom:41,10,12`.
    pub name: Cow<'static, str>,
    /// Bits of the timestamp, above the fields.
    pub timestamp_bits: u32,
    /// Milliseconds per timestamp unit: 1, or 10 for Sonyflake.
    pub unit_ms: u64,
    /// The Unix millisecond timestamps count from; `None` for a custom layout, whose epoch
    /// the caller gives.
    pub epoch_ms: Option<u64>,
    /// The Unix millisecond from which the generator's ids exist, where a date is plausible;
    /// `None` for a custom layout.
    pub since_ms: Option<u64>,
    /// The fields below the timestamp, from high to low: a name and a number of bits.
    pub fields: Cow<'static, [(&'static str, u32)]>,
}

/// The name of this family's layout.
const THIS: &str = "this";

/// The earliest date taken as plausible for a layout that does not say when its ids began:
/// 2006-01-01T00:00:00Z.
const PLAUSIBLE_FROM_MS: u64 = 1_136_073_600_000;

/// How far ahead of now a date is still plausible: a day, for clocks that differ.
const PLAUSIBLE_AHEAD_MS: u64 = 86_400_000;

/// The names `--layout` takes, for help and error texts.
///
/// ```
/// assert!(id_inspect::layout::NAMES.contains("mastodon"));
/// ```
pub const NAMES: &str = "this, twitter, discord, instagram, sonyflake, mastodon, \
                         custom:TIMESTAMP_BITS,WORKER_BITS,SEQUENCE_BITS";

impl Layout {
    /// This family's, as the Snowflake crate defines it: 41-bit milliseconds since
    /// 2024-01-01, 10-bit worker, 12-bit sequence.
    ///
    /// ```
    /// use id_inspect::Layout;
    ///
    /// assert_eq!(Layout::THIS.epoch_ms, Some(snowflake::EPOCH_MS));
    /// assert_eq!(Layout::THIS.low_bits(), 22);
    /// ```
    pub const THIS: Layout = Layout {
        name: Cow::Borrowed(THIS),
        timestamp_bits: snowflake::SnowflakeId::TIMESTAMP_BITS,
        unit_ms: 1,
        epoch_ms: Some(snowflake::EPOCH_MS),
        since_ms: Some(snowflake::EPOCH_MS),
        fields: Cow::Borrowed(&[
            ("worker_id", snowflake::SnowflakeId::WORKER_ID_BITS),
            ("sequence", snowflake::SnowflakeId::SEQUENCE_BITS),
        ]),
    };

    /// The layouts of other generators: Twitter/X, Discord, Instagram, Sonyflake, Mastodon.
    /// Each generator's ids began at its epoch, except Mastodon's, whose epoch is the Unix
    /// epoch and whose ids are plausible from 2016, the year Mastodon began.
    ///
    /// ```
    /// use id_inspect::Layout;
    ///
    /// let foreign = Layout::FOREIGN;
    /// let names: Vec<&str> = foreign.iter().map(|layout| &*layout.name).collect();
    /// assert_eq!(names, ["twitter", "discord", "instagram", "sonyflake", "mastodon"]);
    /// ```
    pub const FOREIGN: [Layout; 5] = [
        Layout::TWITTER,
        Layout::DISCORD,
        Layout::INSTAGRAM,
        Layout::SONYFLAKE,
        Layout::MASTODON,
    ];

    /// Twitter/X (github.com/twitter-archive/snowflake): 41-bit ms since 1288834974657
    /// (2010-11-04T01:42:54.657Z), 5-bit datacenter, 5-bit worker, 12-bit sequence.
    ///
    /// ```
    /// assert_eq!(id_inspect::Layout::TWITTER.low_bits(), 22);
    /// ```
    pub const TWITTER: Layout = Layout::known(
        "twitter",
        41,
        1,
        1_288_834_974_657,
        1_288_834_974_657,
        &[("datacenter_id", 5), ("worker_id", 5), ("sequence", 12)],
    );

    /// Discord (discord.com/developers/docs/reference#snowflakes): ms since 2015-01-01 in
    /// the 42 bits above 22, 5-bit internal worker, 5-bit internal process, 12-bit increment.
    ///
    /// ```
    /// assert_eq!(id_inspect::Layout::DISCORD.epoch_ms, Some(1_420_070_400_000));
    /// ```
    pub const DISCORD: Layout = Layout::known(
        "discord",
        42,
        1,
        1_420_070_400_000,
        1_420_070_400_000,
        &[("worker_id", 5), ("process_id", 5), ("increment", 12)],
    );

    /// Instagram ("Sharding & IDs at Instagram"): 41-bit ms since their epoch, 1314220021721
    /// (2011-08-24T21:07:01.721Z, not 2011-01-01), 13-bit shard, 10-bit sequence.
    ///
    /// ```
    /// assert_eq!(id_inspect::Layout::INSTAGRAM.epoch_ms, Some(1_314_220_021_721));
    /// ```
    pub const INSTAGRAM: Layout = Layout::known(
        "instagram",
        41,
        1,
        1_314_220_021_721,
        1_314_220_021_721,
        &[("shard_id", 13), ("sequence", 10)],
    );

    /// Sonyflake (github.com/sony/sonyflake): 39 bits of 10 ms since 2014-09-01T00:00:00Z,
    /// 8-bit sequence, 16-bit machine id.
    ///
    /// ```
    /// assert_eq!(id_inspect::Layout::SONYFLAKE.unit_ms, 10);
    /// ```
    pub const SONYFLAKE: Layout = Layout::known(
        "sonyflake",
        39,
        10,
        1_409_529_600_000,
        1_409_529_600_000,
        &[("sequence", 8), ("machine_id", 16)],
    );

    /// Mastodon (lib/mastodon/snowflake.rb): 48-bit ms since the Unix epoch, then 16 bits
    /// of sequence (a hashed start, then counted up); plausible from 2016-01-01, the year
    /// Mastodon began.
    ///
    /// ```
    /// assert_eq!(id_inspect::Layout::MASTODON.epoch_ms, Some(0));
    /// ```
    pub const MASTODON: Layout =
        Layout::known("mastodon", 48, 1, 0, 1_451_606_400_000, &[("sequence", 16)]);

    const fn known(
        name: &'static str,
        timestamp_bits: u32,
        unit_ms: u64,
        epoch_ms: u64,
        since_ms: u64,
        fields: &'static [(&'static str, u32)],
    ) -> Layout {
        Layout {
            name: Cow::Borrowed(name),
            timestamp_bits,
            unit_ms,
            epoch_ms: Some(epoch_ms),
            since_ms: Some(since_ms),
            fields: Cow::Borrowed(fields),
        }
    }

    /// Whether this is this family's layout, `this` (a custom layout of the same widths is
    /// not: its ids are not read by the Snowflake crate's parser).
    ///
    /// ```
    /// use id_inspect::Layout;
    ///
    /// assert!(Layout::THIS.is_this());
    /// assert!(!Layout::parse("custom:41,10,12")?.is_this());
    /// # Ok::<(), String>(())
    /// ```
    #[must_use]
    pub fn is_this(&self) -> bool {
        self.name == THIS
    }

    /// The layout named `text`: `this`, a name of [`Layout::FOREIGN`], or
    /// `custom:TIMESTAMP_BITS,WORKER_BITS,SEQUENCE_BITS`.
    ///
    /// # Errors
    ///
    /// A text naming what was expected, for an unknown name, a custom layout that is not three
    /// numbers, or bits that add up to more than 64 or give the timestamp none.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_inspect::Layout;
    ///
    /// assert_eq!(Layout::parse("mastodon")?.timestamp_bits, 48);
    /// assert_eq!(Layout::parse("custom:41,10,12")?.epoch_ms, None);
    /// assert!(Layout::parse("custom:60,10,12").unwrap_err().contains("add up to 82"));
    /// # Ok::<(), String>(())
    /// ```
    pub fn parse(text: &str) -> Result<Layout, String> {
        if text == THIS {
            return Ok(Layout::THIS);
        }
        if let Some(layout) = KNOWN.iter().find(|l| l.name == text) {
            return Ok(layout.clone());
        }
        let Some(bits) = text.strip_prefix("custom:") else {
            return Err(format!("expected one of {NAMES}"));
        };
        let expected = "expected custom:TIMESTAMP_BITS,WORKER_BITS,SEQUENCE_BITS, three \
                        numbers of bits such as custom:41,10,12";
        let mut numbers = bits.split(',').map(|n| {
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            n.parse::<u32>().ok()
        });
        let (Some(Some(timestamp_bits)), Some(Some(worker_bits)), Some(Some(sequence_bits)), None) = (
            numbers.next(),
            numbers.next(),
            numbers.next(),
            numbers.next(),
        ) else {
            return Err(expected.into());
        };
        let total = u64::from(timestamp_bits) + u64::from(worker_bits) + u64::from(sequence_bits);
        if timestamp_bits == 0 || total > 64 {
            return Err(format!(
                "the bits add up to {total}: a Snowflake id has at most 64, with at least 1 \
                 for the timestamp"
            ));
        }
        Ok(Layout {
            name: Cow::Owned(text.into()),
            timestamp_bits,
            unit_ms: 1,
            epoch_ms: None,
            since_ms: None,
            fields: Cow::Owned(alloc::vec![
                ("worker_id", worker_bits),
                ("sequence", sequence_bits)
            ]),
        })
    }

    /// The bits below the timestamp.
    ///
    /// ```
    /// assert_eq!(id_inspect::Layout::parse("sonyflake")?.low_bits(), 24);
    /// # Ok::<(), String>(())
    /// ```
    #[must_use]
    pub fn low_bits(&self) -> u32 {
        self.fields.iter().map(|&(_, bits)| bits).sum()
    }

    /// The Unix millisecond of `id`'s timestamp and its fields, under `epoch_ms`; or why `id`
    /// does not fit.
    ///
    /// # Errors
    ///
    /// A text saying that `id` has more bits than the layout, or that its timestamp is past
    /// 2^64 - 1 Unix milliseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_inspect::Layout;
    ///
    /// // 2024-01-01T00:00:01.000Z, worker 1, sequence 2: (1000 << 22) | (1 << 12) | 2.
    /// let decoded = Layout::THIS.decode(4_194_308_098, snowflake::EPOCH_MS)?;
    /// assert_eq!(decoded.timestamp_ms, 1_704_067_201_000);
    /// assert_eq!(decoded.fields, [("worker_id", 1), ("sequence", 2)]);
    /// assert!(Layout::THIS.decode(1 << 63, snowflake::EPOCH_MS).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn decode(&self, id: u64, epoch_ms: u64) -> Result<Decoded, String> {
        let total = self.timestamp_bits + self.low_bits();
        if total < 64 && id >> total != 0 {
            return Err(format!(
                "{id} has more than the {total} bits of the {} layout",
                self.name
            ));
        }
        let low = self.low_bits();
        let ticks = id.checked_shr(low).unwrap_or(0);
        let timestamp_ms = ticks
            .checked_mul(self.unit_ms)
            .and_then(|ms| ms.checked_add(epoch_ms))
            .ok_or_else(|| {
                format!(
                    "the timestamp of {id} under the {} layout with epoch {epoch_ms} is past \
                     2^64 - 1 Unix milliseconds",
                    self.name
                )
            })?;
        let mut shift = low;
        let fields = self
            .fields
            .iter()
            .map(|&(name, bits)| {
                shift -= bits;
                (name, id.checked_shr(shift).unwrap_or(0) & mask(bits))
            })
            .collect();
        Ok(Decoded {
            timestamp_ms,
            fields,
        })
    }

    /// The smallest and the largest id of the layout whose timestamp is the unit holding
    /// `timestamp_ms` (the millisecond; Sonyflake's 10 ms), under `epoch_ms`: the bounds of
    /// a range query for that instant.
    ///
    /// # Errors
    ///
    /// A text saying that `timestamp_ms` is before the epoch or past the layout's last
    /// timestamp.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_inspect::Layout;
    ///
    /// let discord = Layout::parse("discord")?;
    /// // 2016-04-30T11:18:25.796Z, the date of Discord's documented example.
    /// let (min, max) = discord.bounds_at(1_462_015_105_796, discord.epoch_ms.unwrap())?;
    /// assert!(min <= 175_928_847_299_117_063 && 175_928_847_299_117_063 <= max);
    /// assert_eq!(max - min, (1 << 22) - 1);
    /// # Ok::<(), String>(())
    /// ```
    pub fn bounds_at(&self, timestamp_ms: u64, epoch_ms: u64) -> Result<(u64, u64), String> {
        let ticks = timestamp_ms.checked_sub(epoch_ms).ok_or_else(|| {
            format!(
                "{timestamp_ms} is before the {} layout's epoch, {epoch_ms}",
                self.name
            )
        })? / self.unit_ms.max(1);
        let low = self.low_bits();
        let fits = self.timestamp_bits >= 64 || ticks >> self.timestamp_bits == 0;
        let min = ticks
            .checked_shl(low)
            .filter(|&min| fits && min >> low == ticks);
        let min = min.ok_or_else(|| {
            format!(
                "{timestamp_ms} is past the last timestamp of the {} layout ({} bits of {} ms \
                 from {epoch_ms})",
                self.name, self.timestamp_bits, self.unit_ms
            )
        })?;
        Ok((min, min | mask(low)))
    }

    /// The bits of a 64-bit id of this layout, from high to low: any unused high bits, the
    /// timestamp, then the fields.
    ///
    /// ```
    /// use id_inspect::{Kind, Layout};
    ///
    /// let parts = Layout::THIS.segments();
    /// assert_eq!((parts[0].name, parts[0].width), ("unused", 1));
    /// assert_eq!((parts[1].name, parts[1].offset, parts[1].width), ("timestamp", 22, 41));
    /// assert_eq!(parts[3].kind, Kind::Sequence);
    /// ```
    #[must_use]
    pub fn segments(&self) -> Vec<Segment> {
        let low = self.low_bits();
        let total = (self.timestamp_bits + low).min(64);
        let mut segments = Vec::with_capacity(self.fields.len() + 2);
        if total < 64 {
            segments.push(Segment::new("unused", Kind::Unused, total, 64 - total));
        }
        segments.push(Segment::new(
            "timestamp",
            Kind::Time,
            low,
            self.timestamp_bits.min(64 - low.min(64)),
        ));
        let mut offset = low;
        for &(name, bits) in self.fields.iter() {
            offset -= bits;
            let kind = match name {
                "sequence" | "increment" => Kind::Sequence,
                _ => Kind::Worker,
            };
            segments.push(Segment::new(name, kind, offset, bits));
        }
        segments.retain(|segment| segment.width > 0);
        segments
    }

    /// Whether `timestamp_ms` is a plausible date for an id of this layout at `now_ms`: from
    /// the day its generator's ids began (2006 for a custom layout) to a day after `now_ms`.
    ///
    /// ```
    /// use id_inspect::Layout;
    ///
    /// let now = 1_800_000_000_000; // 2027-01-15
    /// assert!(Layout::THIS.plausible(1_704_067_200_001, now));
    /// assert!(!Layout::THIS.plausible(now + 2 * 86_400_000, now));
    /// let mastodon = Layout::parse("mastodon")?;
    /// assert!(!mastodon.plausible(1_400_000_000_000, now)); // 2014: before Mastodon
    /// # Ok::<(), String>(())
    /// ```
    #[must_use]
    pub fn plausible(&self, timestamp_ms: u64, now_ms: u64) -> bool {
        let from = self.since_ms.unwrap_or(PLAUSIBLE_FROM_MS);
        (from..=now_ms.saturating_add(PLAUSIBLE_AHEAD_MS)).contains(&timestamp_ms)
    }
}

/// A mask of the low `bits` bits of a `u64`.
const fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

/// A Snowflake id cut by a layout: [`Layout::decode`].
///
/// ```
/// let decoded = id_inspect::Layout::THIS.decode(4095, snowflake::EPOCH_MS)?;
/// assert_eq!(decoded.timestamp_ms, snowflake::EPOCH_MS);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The Unix millisecond of the timestamp.
    pub timestamp_ms: u64,
    /// Each field below the timestamp and its value, from high to low.
    pub fields: Vec<(&'static str, u64)>,
}

/// Every known layout: this family's ([`Layout::THIS`]), then [`Layout::FOREIGN`].
///
/// ```
/// assert_eq!(id_inspect::layout::KNOWN[0], id_inspect::Layout::THIS);
/// assert_eq!(id_inspect::layout::KNOWN.len(), 6);
/// ```
pub static KNOWN: [Layout; 6] = [
    Layout::THIS,
    Layout::TWITTER,
    Layout::DISCORD,
    Layout::INSTAGRAM,
    Layout::SONYFLAKE,
    Layout::MASTODON,
];

/// The date a Snowflake id gives under one known layout, and whether it is plausible:
/// [`readings`].
///
/// ```
/// let now = 1_800_000_000_000;
/// let readings = id_inspect::layout::readings(175_928_847_299_117_063, now);
/// assert!(readings.iter().any(|r| r.layout.name == "discord" && r.plausible));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The layout.
    pub layout: &'static Layout,
    /// The Unix millisecond the id gives under it.
    pub timestamp_ms: u64,
    /// Whether that date is plausible ([`Layout::plausible`]).
    pub plausible: bool,
}

/// Every known layout ([`KNOWN`]) under which `id` has a date,
/// plausible ones first, each group in the order of the layouts: how likely each reading is,
/// as far as a number can tell.
///
/// ```
/// use id_inspect::layout::readings;
///
/// // Discord's documented example, on 2027-01-15: plausible in this family's layout (2025),
/// // Twitter's (2012), Discord's (2016), Instagram's (2012), Sonyflake's (2017); Mastodon's
/// // date, 2055, is in the future.
/// let order: Vec<(&str, bool)> = readings(175_928_847_299_117_063, 1_800_000_000_000)
///     .iter()
///     .map(|r| (&*r.layout.name, r.plausible))
///     .collect();
/// assert_eq!(order.last(), Some(&("mastodon", false)));
/// assert!(order[..5].iter().all(|&(_, plausible)| plausible));
/// ```
#[must_use]
pub fn readings(id: u64, now_ms: u64) -> Vec<Reading> {
    let mut readings: Vec<Reading> = KNOWN
        .iter()
        .filter_map(|layout| {
            let timestamp_ms = layout.decode(id, layout.epoch_ms?).ok()?.timestamp_ms;
            Some(Reading {
                layout,
                timestamp_ms,
                plausible: layout.plausible(timestamp_ms, now_ms),
            })
        })
        .collect();
    // Stable: the layouts' order within each group.
    readings.sort_by_key(|reading| !reading.plausible);
    readings
}

#[cfg(test)]
mod tests {
    use super::{Layout, readings};
    use alloc::format;
    use alloc::string::String;

    fn layout(name: &str) -> Layout {
        Layout::parse(name).unwrap()
    }

    #[test]
    fn discord_documents_its_example() {
        // discord.com/developers/docs/reference#snowflakes: 2016-04-30T11:18:25.796Z.
        let discord = layout("discord");
        let decoded = discord
            .decode(175_928_847_299_117_063, discord.epoch_ms.unwrap())
            .unwrap();
        assert_eq!(decoded.timestamp_ms, 1_462_015_105_796);
        assert_eq!(
            decoded.fields,
            [("worker_id", 1), ("process_id", 0), ("increment", 7)]
        );
    }

    #[test]
    fn this_layout_is_the_documented_one_and_cuts_as_the_crate_does() {
        // The Snowflake crate's documented layout: 41-bit ms since 2024-01-01T00:00:00Z
        // (1704067200000), 10-bit worker id, 12-bit sequence.
        let this = layout("this");
        assert!(this.is_this());
        assert_eq!(this.timestamp_bits, 41);
        assert_eq!(this.unit_ms, 1);
        assert_eq!(this.epoch_ms, Some(1_704_067_200_000));
        assert_eq!(*this.fields, [("worker_id", 10), ("sequence", 12)]);
        assert_eq!(this.low_bits(), 22);
        assert!(!layout("custom:41,10,12").is_this());
        // 2024-01-01T00:00:01.000Z, worker 1, sequence 2: (1000 << 22) | (1 << 12) | 2.
        let decoded = this.decode(4_194_308_098, 1_704_067_200_000).unwrap();
        assert_eq!(decoded.timestamp_ms, 1_704_067_201_000);
        assert_eq!(decoded.fields, [("worker_id", 1), ("sequence", 2)]);
        for value in [0, 4_194_308_098, 1 << 22, (1 << 22) - 1, (1 << 63) - 1] {
            let id = snowflake::SnowflakeId::try_from(value).unwrap();
            let decoded = this.decode(value, this.epoch_ms.unwrap()).unwrap();
            assert_eq!(decoded.timestamp_ms, id.timestamp_ms(), "{value}");
            let fields = [
                ("worker_id", u64::from(id.worker_id())),
                ("sequence", u64::from(id.sequence())),
            ];
            assert_eq!(decoded.fields, fields, "{value}");
        }
    }

    #[test]
    fn the_presets_are_the_documented_layouts() {
        // Instagram ("Sharding & IDs at Instagram"): 41-bit ms, 13-bit shard, 10-bit sequence;
        // the post's worked example is 1387263000 ms after the epoch, shard 1341 and sequence
        // 5001 % 1024 = 905, and its PL/pgSQL function's epoch is 1314220021721.
        let instagram = layout("instagram");
        let id = (1_387_263_000 << 23) | (1341 << 10) | 905;
        let decoded = instagram.decode(id, 1_314_220_021_721).unwrap();
        assert_eq!(decoded.timestamp_ms, 1_314_220_021_721 + 1_387_263_000);
        assert_eq!(decoded.fields, [("shard_id", 1341), ("sequence", 905)]);
        // Not 2011-01-01 (1293840000000).
        assert_eq!(instagram.epoch_ms, Some(1_314_220_021_721));
        // Sonyflake: units of 10 ms since 2014-09-01T00:00:00Z (1409529600000 = 16314 days
        // after 1970-01-01, times 86400000), sequence 8 bits above a 16-bit machine id.
        let sonyflake = layout("sonyflake");
        assert_eq!(sonyflake.epoch_ms, Some(16_314 * 86_400_000));
        let id = (100 << 24) | (3 << 16) | 258;
        let decoded = sonyflake.decode(id, sonyflake.epoch_ms.unwrap()).unwrap();
        assert_eq!(decoded.timestamp_ms, 1_409_529_600_000 + 1000);
        assert_eq!(decoded.fields, [("sequence", 3), ("machine_id", 258)]);
        // Twitter: 1288834974657 is 2010-11-04T01:42:54.657Z; 5 + 5 + 12 bits below.
        let twitter = layout("twitter");
        let decoded = twitter
            .decode((5 << 22) | (10 << 17) | (7 << 12) | 1, 1_288_834_974_657)
            .unwrap();
        assert_eq!(
            decoded.fields,
            [("datacenter_id", 10), ("worker_id", 7), ("sequence", 1)]
        );
        assert_eq!(decoded.timestamp_ms, 1_288_834_974_662);
    }

    #[test]
    fn mastodon_is_unix_milliseconds_above_16_bits() {
        // The Status example of Mastodon's API documentation, 103270115826048975: by hand,
        // 1575776913849 * 65536 + 40911, and 1575776913849 ms is 18238 days (2019-12-08)
        // and 13713.849 s (03:48:33.849) after 1970-01-01.
        assert_eq!(
            1_575_776_913_849_u64 * 65_536 + 40_911,
            103_270_115_826_048_975
        );
        assert_eq!(18_238 * 86_400_000 + 13_713_849, 1_575_776_913_849_u64);
        let mastodon = layout("mastodon");
        let decoded = mastodon.decode(103_270_115_826_048_975, 0).unwrap();
        assert_eq!(decoded.timestamp_ms, 1_575_776_913_849);
        assert_eq!(decoded.fields, [("sequence", 40_911)]);
        // Plausible from 2016 (1451606400000 = 16801 days) to a day from now.
        let now = 1_800_000_000_000;
        assert!(mastodon.plausible(1_575_776_913_849, now));
        assert!(mastodon.plausible(16_801 * 86_400_000, now));
        assert!(!mastodon.plausible(16_801 * 86_400_000 - 1, now));
        assert!(!mastodon.plausible(now + 86_400_001, now));
    }

    #[test]
    fn readings_put_plausible_layouts_first() {
        // Mastodon's documented 103270115826048975 on 2023-11-14 (1700000000000): its 64 bits
        // shifted right by 22 are 24621514278 ms, which after 2024-01-01 is a date in 2024-10,
        // in the future then; every other layout gives a date from 2011 to 2019.
        let now = 1_700_000_000_000;
        let found: alloc::vec::Vec<(String, bool)> = readings(103_270_115_826_048_975, now)
            .into_iter()
            .map(|r| (String::from(&*r.layout.name), r.plausible))
            .collect();
        let expected = [
            ("twitter", true),
            ("discord", true),
            ("instagram", true),
            ("sonyflake", true),
            ("mastodon", true),
            ("this", false),
        ]
        .map(|(name, plausible)| (String::from(name), plausible));
        assert_eq!(found, expected);
        assert_eq!(103_270_115_826_048_975_u64 >> 22, 24_621_514_278);
    }

    #[test]
    fn bounds_hold_every_id_of_the_instant_and_no_other() {
        let this = Layout::THIS;
        let (min, max) = this
            .bounds_at(1_704_067_201_000, snowflake::EPOCH_MS)
            .unwrap();
        assert_eq!((min, max), (1000 << 22, (1001 << 22) - 1));
        assert!(
            this.bounds_at(snowflake::EPOCH_MS - 1, snowflake::EPOCH_MS)
                .is_err()
        );
        let last = snowflake::SnowflakeId::MAX_TIMESTAMP_MS;
        assert_eq!(
            this.bounds_at(last, snowflake::EPOCH_MS).unwrap().1,
            (1 << 63) - 1
        );
        assert!(this.bounds_at(last + 1, snowflake::EPOCH_MS).is_err());
        let sonyflake = layout("sonyflake");
        let epoch = sonyflake.epoch_ms.unwrap();
        assert_eq!(
            sonyflake.bounds_at(epoch + 19, epoch).unwrap(),
            (1 << 24, (2 << 24) - 1)
        );
        let custom = layout("custom:64,0,0");
        assert_eq!(custom.bounds_at(u64::MAX, 0).unwrap(), (u64::MAX, u64::MAX));
    }

    #[test]
    fn segments_cover_64_bits() {
        for layout in core::iter::once(&Layout::THIS).chain(Layout::FOREIGN.iter()) {
            let segments = layout.segments();
            let mut next = 64;
            for segment in &segments {
                assert_eq!(segment.offset + segment.width, next, "{}", layout.name);
                next = segment.offset;
            }
            assert_eq!(next, 0, "{}", layout.name);
        }
        let parts = layout("custom:10,0,0").segments();
        assert_eq!(parts.len(), 2, "{parts:?}");
    }

    #[test]
    fn custom_layouts_are_checked() {
        assert!(Layout::parse("custom:41,10,12").is_ok());
        assert!(Layout::parse("custom:64,0,0").is_ok());
        let error = |text: &str| Layout::parse(text).unwrap_err();
        let too_many = |total: u32| {
            format!(
                "the bits add up to {total}: a Snowflake id has at most 64, with at least 1 for \
                 the timestamp"
            )
        };
        assert_eq!(error("custom:41,10,14"), too_many(65));
        assert_eq!(error("custom:0,10,12"), too_many(22));
        let three_numbers = "expected custom:TIMESTAMP_BITS,WORKER_BITS,SEQUENCE_BITS, three \
                             numbers of bits such as custom:41,10,12";
        for text in [
            "custom:41,10",
            "custom:+41,10,12",
            "custom:99999999999,1,1",
            "custom:1,1,1,1",
        ] {
            assert_eq!(error(text), three_numbers, "{text}");
        }
        assert_eq!(error("flickr"), format!("expected one of {}", super::NAMES));
        let custom = layout("custom:64,0,0");
        assert_eq!(custom.decode(u64::MAX, 0).unwrap().timestamp_ms, u64::MAX);
        assert_eq!(
            custom.decode(u64::MAX, 1).expect_err("past 2^64 - 1"),
            "the timestamp of 18446744073709551615 under the custom:64,0,0 layout with epoch 1 is \
             past 2^64 - 1 Unix milliseconds"
        );
    }
}
