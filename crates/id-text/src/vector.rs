//! Vector code for the fixed-size texts: a UUID's 36 bytes both ways, and 24 hex digits (an
//! ObjectId's) both ways.
//!
//! Each function gives `None` where this build has no vector code (then the scalar code runs)
//! and, when decoding, for any text with a byte out of place: the scalar decoder then runs on
//! the same text and names the byte. So a vector path only ever answers for valid text, and
//! its answer must be the scalar one, which the property tests (`tests/vector.rs`) and the
//! fuzz target `id_text_vector` hold, byte for byte and error for error.
//!
//! On x86-64 every processor has SSE2, so the SSE2 code is always compiled in (no detection,
//! nothing to call through) and inlined into its callers. Decoding a UUID takes AVX2 where
//! the processor has it: always in a build for such processors (`-C target-cpu`), else after
//! the one run-time detection below (feature `std`), cached. Miri runs the scalar code.

#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
mod avx2;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
mod sse2;

/// The processor's features that the vector code may use, detected once (feature `std`).
#[cfg(all(
    feature = "std",
    target_arch = "x86_64",
    target_feature = "sse2",
    not(target_feature = "avx2"),
    not(miri)
))]
mod detect {
    use core::sync::atomic::{AtomicU8, Ordering};

    const UNKNOWN: u8 = 0;
    const ABSENT: u8 = 1;
    const PRESENT: u8 = 2;

    /// Whether the processor has AVX2: `UNKNOWN` until the first call asks.
    static AVX2: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// Whether the processor has AVX2. A relaxed load once known: every thread that asks
    /// finds the same answer, so a race only repeats the detection.
    #[inline(always)]
    pub(super) fn avx2() -> bool {
        // One comparison on the path that has it; the first call of all detects.
        match AVX2.load(Ordering::Relaxed) {
            PRESENT => true,
            UNKNOWN => detect_avx2(),
            _ => false,
        }
    }

    #[cold]
    #[inline(never)]
    fn detect_avx2() -> bool {
        let present = std::is_x86_feature_detected!("avx2");
        AVX2.store(if present { PRESENT } else { ABSENT }, Ordering::Relaxed);
        present
    }
}

/// The x86-64 entry points: the SSE2 code, which this build may always call (it is compiled
/// for processors that have SSE2), and the AVX2 code where the processor has it.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
#[allow(unsafe_code)]
mod x86_64 {
    use crate::hex::Case;

    /// Whether the AVX2 code may run: known when the program was compiled, or detected.
    #[inline(always)]
    fn has_avx2() -> bool {
        #[cfg(target_feature = "avx2")]
        return true;
        #[cfg(all(not(target_feature = "avx2"), feature = "std"))]
        return super::detect::avx2();
        #[cfg(all(not(target_feature = "avx2"), not(feature = "std")))]
        return false;
    }

    #[inline(always)]
    pub(crate) fn uuid_decode(text: &[u8; 36], case: Case) -> Option<[u8; 16]> {
        if has_avx2() {
            let mut bytes = [0; 16];
            // SAFETY: the function needs AVX2, which the processor has: the build is for
            // processors with it, or `is_x86_feature_detected!` found it (`has_avx2`).
            let valid = unsafe { super::avx2::uuid_decode(text, case, &mut bytes) };
            return valid.then_some(bytes);
        }
        // SAFETY: the function needs SSE2, and this build is for processors that have it
        // (`cfg(target_feature = "sse2")`).
        unsafe { super::sse2::uuid_decode(text, case) }
    }

    #[inline(always)]
    pub(crate) fn uuid_encode(value: u128) -> Option<[u8; 36]> {
        // SAFETY: as in `uuid_decode`: the build is for processors with SSE2.
        unsafe { super::sse2::uuid_encode(value) }
    }

    #[inline(always)]
    pub(crate) fn hex24_decode(text: &[u8; 24], case: Case) -> Option<[u8; 12]> {
        // SAFETY: as in `uuid_decode`: the build is for processors with SSE2.
        unsafe { super::sse2::hex24_decode(text, case) }
    }

    #[inline(always)]
    pub(crate) fn hex24_encode(bytes: &[u8; 12]) -> Option<[u8; 24]> {
        // SAFETY: as in `uuid_decode`: the build is for processors with SSE2.
        unsafe { super::sse2::hex24_encode(bytes) }
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
pub(crate) use x86_64::{hex24_decode, hex24_encode, uuid_decode, uuid_encode};

/// No vector code in this build: always the scalar path.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(miri))))]
mod none {
    use crate::hex::Case;

    #[inline(always)]
    pub(crate) fn uuid_decode(_text: &[u8; 36], _case: Case) -> Option<[u8; 16]> {
        None
    }

    #[inline(always)]
    pub(crate) fn uuid_encode(_value: u128) -> Option<[u8; 36]> {
        None
    }

    #[inline(always)]
    pub(crate) fn hex24_decode(_text: &[u8; 24], _case: Case) -> Option<[u8; 12]> {
        None
    }

    #[inline(always)]
    pub(crate) fn hex24_encode(_bytes: &[u8; 12]) -> Option<[u8; 24]> {
        None
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(miri))))]
pub(crate) use none::{hex24_decode, hex24_encode, uuid_decode, uuid_encode};

/// Each x86-64 path on its own, whichever the dispatch would choose: SSE2 always, AVX2 where
/// the processor has it. The public functions' tests (`tests/vector.rs`) reach only the path
/// the dispatch chooses.
#[cfg(all(test, target_arch = "x86_64", target_feature = "sse2", not(miri)))]
#[allow(unsafe_code)]
mod tests {
    use crate::hex::{self, Case};
    use crate::uuid_text;

    /// The AVX2 decoder, if the processor has AVX2.
    fn avx2_uuid_decode(text: &[u8; 36], case: Case) -> Option<Option<[u8; 16]>> {
        if !std::is_x86_feature_detected!("avx2") {
            return None;
        }
        let mut bytes = [0; 16];
        // SAFETY: the processor has AVX2, detected just above.
        let valid = unsafe { super::avx2::uuid_decode(text, case, &mut bytes) };
        Some(valid.then_some(bytes))
    }

    fn sse2_uuid_decode(text: &[u8; 36], case: Case) -> Option<[u8; 16]> {
        // SAFETY: this build is for processors with SSE2.
        unsafe { super::sse2::uuid_decode(text, case) }
    }

    /// Each path gives the scalar bytes for valid text and nothing for any other.
    fn check_uuid(text: &[u8; 36], case: Case) {
        let scalar = uuid_text::decode(text, case).ok().map(u128::to_be_bytes);
        assert_eq!(sse2_uuid_decode(text, case), scalar, "{text:?}");
        if let Some(avx2) = avx2_uuid_decode(text, case) {
            assert_eq!(avx2, scalar, "{text:?}");
        }
    }

    #[test]
    fn every_byte_at_every_place_of_a_uuid_reads_alike_on_each_path() {
        for base in [
            *b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
            *b"FEDCBA98-7654-3210-aBcD-eF0123456789",
        ] {
            for case in [Case::Lower, Case::Any] {
                check_uuid(&base, case);
                for index in 0..36 {
                    for byte in 0..=u8::MAX {
                        let mut text = base;
                        text[index] = byte;
                        check_uuid(&text, case);
                    }
                }
            }
        }
    }

    #[test]
    fn every_value_s_text_is_written_alike_on_each_path() {
        let mut value = 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210_u128;
        for _ in 0..10_000 {
            // SAFETY: this build is for processors with SSE2.
            let text = unsafe { super::sse2::uuid_encode(value) };
            assert_eq!(
                text.as_ref(),
                Some(uuid_text::encode_text_scalar(value).as_bytes())
            );
            let bytes = value.to_be_bytes();
            let Some(bytes) = bytes.first_chunk::<12>() else {
                unreachable!()
            };
            // SAFETY: this build is for processors with SSE2.
            let digits = unsafe { super::sse2::hex24_encode(bytes) };
            let scalar = hex::encode_text_scalar::<12, 24>(bytes);
            assert_eq!(digits.as_ref(), Some(scalar.as_bytes()));
            value = value.rotate_left(7) ^ value.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    #[test]
    fn every_byte_at_every_place_of_24_digits_reads_alike_on_each_path() {
        let base = *b"507c7f79bcf86cd7994f6c0e";
        for case in [Case::Lower, Case::Any] {
            for index in 0..24 {
                for byte in 0..=u8::MAX {
                    let mut text = base;
                    text[index] = byte;
                    // SAFETY: this build is for processors with SSE2.
                    let vector = unsafe { super::sse2::hex24_decode(&text, case) };
                    assert_eq!(vector, hex::decode_array(&text, case).ok(), "{text:?}");
                }
            }
        }
    }
}
