//! Where each field of an id lies in its bits: one definition, read by the decoders and drawn
//! by the page.

/// What a run of bits holds, for a picture's colours.
///
/// ```
/// assert_eq!(id_inspect::Kind::Time.name(), "time");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// A timestamp, or part of one.
    Time,
    /// A counter that starts at random bits, or random bits: the two look alike.
    Counter,
    /// Random bits.
    Random,
    /// A name's hash (UUIDv3, v5).
    Hash,
    /// The UUID version.
    Version,
    /// The UUID variant.
    Variant,
    /// A worker, process, machine, shard or datacenter id.
    Worker,
    /// A sequence within a timestamp: Snowflake's, UUIDv1's clock sequence.
    Sequence,
    /// A node (UUIDv1, v2, v6): a MAC address or random bits.
    Node,
    /// A local domain or id (UUIDv2).
    Local,
    /// An application's own bits (UUIDv8), or bits no standard defines.
    Custom,
    /// Bits a layout leaves unused (a Snowflake id's sign bit).
    Unused,
    /// Bits fixed by the format (the nil and max UUIDs).
    Fixed,
}

impl Kind {
    /// The kind's name in lower case, as the page's styles name it.
    ///
    /// ```
    /// assert_eq!(id_inspect::Kind::Sequence.name(), "sequence");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Time => "time",
            Kind::Counter => "counter",
            Kind::Random => "random",
            Kind::Hash => "hash",
            Kind::Version => "version",
            Kind::Variant => "variant",
            Kind::Worker => "worker",
            Kind::Sequence => "sequence",
            Kind::Node => "node",
            Kind::Local => "local",
            Kind::Custom => "custom",
            Kind::Unused => "unused",
            Kind::Fixed => "fixed",
        }
    }
}

/// A run of bits of an id: its name, what it holds, its lowest bit (0 is the least
/// significant) and its width.
///
/// ```
/// use id_inspect::{Kind, Segment};
///
/// let timestamp = Segment::new("timestamp", Kind::Time, 80, 48);
/// let ulid = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B_u128; // 01ARZ3NDEKTSV4RRFFQ69G5FAV
/// assert_eq!(timestamp.of(ulid), 1_469_922_850_259);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    /// The field's name, as the JSON report names it where it has one.
    pub name: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// Its lowest bit, counted from the least significant bit of the id.
    pub offset: u32,
    /// How many bits.
    pub width: u32,
}

impl Segment {
    /// The run of `width` bits from bit `offset` up.
    ///
    /// ```
    /// let version = id_inspect::Segment::new("version", id_inspect::Kind::Version, 76, 4);
    /// assert_eq!(version.of(0x017f22e2_79b0_7cc3_98c4_dc0c0c07398f), 7);
    /// ```
    #[must_use]
    pub const fn new(name: &'static str, kind: Kind, offset: u32, width: u32) -> Segment {
        Segment {
            name,
            kind,
            offset,
            width,
        }
    }

    /// The same bits under another name and kind.
    ///
    /// ```
    /// use id_inspect::{Kind, Segment};
    ///
    /// let bits = Segment::new("a", Kind::Random, 0, 62).named("custom_c", Kind::Custom);
    /// assert_eq!((bits.name, bits.kind, bits.width), ("custom_c", Kind::Custom, 62));
    /// ```
    #[must_use]
    pub const fn named(self, name: &'static str, kind: Kind) -> Segment {
        Segment::new(name, kind, self.offset, self.width)
    }

    /// These bits of `value`, shifted down.
    ///
    /// ```
    /// let low = id_inspect::Segment::new("low", id_inspect::Kind::Counter, 0, 8);
    /// assert_eq!(low.of(0x1234), 0x34);
    /// ```
    #[must_use]
    pub const fn of(self, value: u128) -> u128 {
        let shifted = match value.checked_shr(self.offset) {
            Some(shifted) => shifted,
            None => 0,
        };
        if self.width >= 128 {
            shifted
        } else {
            shifted & ((1 << self.width) - 1)
        }
    }
}

/// The bits of a recognized id: its size (128, 96 or 64) and its fields from high to low,
/// which cover every bit once.
///
/// ```
/// let report = id_inspect::inspect("01ARZ3NDEKTSV4RRFFQ69G5FAV", &id_inspect::Options::new(0))
///     .unwrap();
/// let bits = report.bits().unwrap();
/// assert_eq!(bits.size, 128);
/// assert_eq!(bits.segments.iter().map(|s| s.width).sum::<u32>(), 128);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits {
    /// How many bits the id has.
    pub size: u32,
    /// The value, in the low `size` bits.
    pub value: u128,
    /// The fields, from the most significant down.
    pub segments: alloc::vec::Vec<Segment>,
}
