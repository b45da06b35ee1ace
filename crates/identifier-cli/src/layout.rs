//! Snowflake layouts: this crate's, and those of other generators, for `inspect --layout`.

/// How a 64-bit Snowflake id is cut: the timestamp in the high bits, then `fields` from high
/// to low.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// `this`, `twitter`, ..., or `custom:41,10,12`.
    pub(crate) name: String,
    pub(crate) timestamp_bits: u32,
    /// Milliseconds per timestamp unit: 1, or 10 for Sonyflake.
    pub(crate) unit_ms: u64,
    /// The Unix millisecond timestamps count from; `None` for a custom layout until --epoch.
    pub(crate) epoch_ms: Option<u64>,
    pub(crate) fields: Vec<(&'static str, u32)>,
}

/// The name of this crate's layout.
const THIS: &str = "this";

/// The help of `--layout`, one line a layout.
pub(crate) const NAMES: &str = "this, twitter, discord, instagram, sonyflake, \
                                custom:TIMESTAMP_BITS,WORKER_BITS,SEQUENCE_BITS";

impl Layout {
    fn known(
        name: &str,
        timestamp_bits: u32,
        unit_ms: u64,
        epoch_ms: u64,
        fields: &[(&'static str, u32)],
    ) -> Layout {
        Layout {
            name: name.into(),
            timestamp_bits,
            unit_ms,
            epoch_ms: Some(epoch_ms),
            fields: fields.to_vec(),
        }
    }

    /// This crate's, as the Snowflake crate defines it: 41-bit milliseconds since
    /// 2024-01-01, 10-bit worker, 12-bit sequence.
    pub(crate) fn this() -> Layout {
        use snowflake::{EPOCH_MS, SnowflakeId};
        Layout::known(
            THIS,
            SnowflakeId::TIMESTAMP_BITS,
            1,
            EPOCH_MS,
            &[
                ("worker_id", SnowflakeId::WORKER_ID_BITS),
                ("sequence", SnowflakeId::SEQUENCE_BITS),
            ],
        )
    }

    /// Whether this is this crate's layout, `this` (a custom layout of the same widths is
    /// not: its ids are not read by the crate's parser).
    pub(crate) fn is_this(&self) -> bool {
        self.name == THIS
    }

    /// The layouts of other generators, which `inspect` names for a Snowflake id read in
    /// this crate's layout when the id's date is plausible under them.
    pub(crate) fn foreign() -> [Layout; 4] {
        [
            // github.com/twitter-archive/snowflake: 41-bit ms since 1288834974657, 5-bit
            // datacenter, 5-bit worker, 12-bit sequence.
            Layout::known(
                "twitter",
                41,
                1,
                1_288_834_974_657,
                &[("datacenter_id", 5), ("worker_id", 5), ("sequence", 12)],
            ),
            // discord.com/developers/docs/reference#snowflakes: ms since 2015-01-01 in the
            // 42 bits above 22, 5-bit internal worker, 5-bit internal process, 12-bit increment.
            Layout::known(
                "discord",
                42,
                1,
                1_420_070_400_000,
                &[("worker_id", 5), ("process_id", 5), ("increment", 12)],
            ),
            // "Sharding & IDs at Instagram": 41-bit ms since their epoch, 13-bit shard,
            // 10-bit sequence.
            Layout::known(
                "instagram",
                41,
                1,
                1_314_220_021_721,
                &[("shard_id", 13), ("sequence", 10)],
            ),
            // github.com/sony/sonyflake: 39 bits of 10 ms since 2014-09-01, 8-bit sequence,
            // 16-bit machine id.
            Layout::known(
                "sonyflake",
                39,
                10,
                1_409_529_600_000,
                &[("sequence", 8), ("machine_id", 16)],
            ),
        ]
    }

    /// The layout named `text`, as `--layout` takes it.
    pub(crate) fn parse(text: &str) -> Result<Layout, String> {
        if text == THIS {
            return Ok(Layout::this());
        }
        if let Some(layout) = Layout::foreign().into_iter().find(|l| l.name == text) {
            return Ok(layout);
        }
        let Some(bits) = text.strip_prefix("custom:") else {
            return Err(format!("expected one of {NAMES}"));
        };
        let expected = "expected custom:TIMESTAMP_BITS,WORKER_BITS,SEQUENCE_BITS, three \
                        numbers of bits such as custom:41,10,12";
        let numbers: Vec<u32> = bits
            .split(',')
            .map(|n| {
                if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                n.parse().ok()
            })
            .collect::<Option<_>>()
            .ok_or(expected)?;
        let [timestamp_bits, worker_bits, sequence_bits] = numbers[..] else {
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
            name: text.into(),
            timestamp_bits,
            unit_ms: 1,
            epoch_ms: None,
            fields: vec![("worker_id", worker_bits), ("sequence", sequence_bits)],
        })
    }

    /// The bits below the timestamp.
    pub(crate) fn low_bits(&self) -> u32 {
        self.fields.iter().map(|&(_, bits)| bits).sum()
    }

    /// The Unix millisecond of `id`'s timestamp and its fields; or why `id` does not fit.
    pub(crate) fn decode(&self, id: u64, epoch_ms: u64) -> Result<Decoded, String> {
        let total = self.timestamp_bits + self.low_bits();
        if total < 64 && id >> total != 0 {
            return Err(format!(
                "{id} has more than the {total} bits of the {} layout",
                self.name
            ));
        }
        let low = self.low_bits();
        let ticks = if low >= 64 { 0 } else { id >> low };
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
                let mask = if bits >= 64 {
                    u64::MAX
                } else {
                    (1 << bits) - 1
                };
                (name, id.checked_shr(shift).unwrap_or(0) & mask)
            })
            .collect();
        Ok(Decoded {
            timestamp_ms,
            fields,
        })
    }
}

/// A Snowflake id cut by a layout.
pub(crate) struct Decoded {
    pub(crate) timestamp_ms: u64,
    pub(crate) fields: Vec<(&'static str, u64)>,
}

#[cfg(test)]
mod tests {
    use super::Layout;

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
        assert_eq!(this.fields, [("worker_id", 10), ("sequence", 12)]);
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
        for text in ["custom:41,10", "custom:+41,10,12", "custom:99999999999,1,1"] {
            assert_eq!(error(text), three_numbers, "{text}");
        }
        assert_eq!(
            error("mastodon"),
            format!("expected one of {}", super::NAMES)
        );
        let custom = layout("custom:64,0,0");
        assert_eq!(custom.decode(u64::MAX, 0).unwrap().timestamp_ms, u64::MAX);
        assert_eq!(
            custom.decode(u64::MAX, 1).err().expect("past 2^64 - 1"),
            "the timestamp of 18446744073709551615 under the custom:64,0,0 layout with epoch 1 is \
             past 2^64 - 1 Unix milliseconds"
        );
    }
}
