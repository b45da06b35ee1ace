//! The casts of the features `bytemuck` and `zerocopy`: ids to the bytes of their integers.
#![cfg(any(feature = "bytemuck", feature = "zerocopy"))]

use snowflake::SnowflakeId;
use test_support::layout;

/// 2024-01-01T00:00:01Z, worker 1, sequence 2: (1000 << 22) | (1 << 12) | 2, by hand.
const ID: u64 = 4_194_308_098;

#[cfg(feature = "bytemuck")]
#[test]
fn bytemuck_casts_ids_to_the_bytes_of_their_integers() {
    let ids = [SnowflakeId::try_from(ID).unwrap(), SnowflakeId::MAX];
    let bytes = [ID.to_ne_bytes(), ((1u64 << 63) - 1).to_ne_bytes()].concat();
    layout::assert_bytemuck_casts_to(&ids, &bytes);
    assert_eq!(
        bytemuck::cast_slice::<SnowflakeId, u64>(&ids),
        [ID, (1 << 63) - 1]
    );
    // Back through the checked conversion.
    assert_eq!(
        SnowflakeId::try_from(bytemuck::cast::<SnowflakeId, u64>(ids[1])),
        Ok(SnowflakeId::MAX)
    );
}

#[cfg(feature = "zerocopy")]
#[test]
fn zerocopy_casts_ids_to_the_bytes_of_their_integers() {
    let ids = [SnowflakeId::try_from(ID).unwrap(), SnowflakeId::MIN];
    let bytes = [ID.to_ne_bytes(), [0; 8]].concat();
    layout::assert_zerocopy_casts_to(&ids, &bytes);
}
