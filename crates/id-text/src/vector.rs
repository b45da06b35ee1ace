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
//! the one run-time detection below (feature `std`), cached. On AArch64 every processor has
//! NEON, and the NEON code is compiled in likewise (a ULID's symbols are read by the scalar
//! code there). Miri runs the scalar code.

#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
mod avx2;
#[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
mod neon;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
mod sse2;

/// Whether this build always has vector code for a UUID's text and 24 hex digits (x86-64,
/// AArch64): a text the vector code refuses is then refused, and its scalar reading, which
/// names the error, is the cold path.
pub(crate) const ALWAYS: bool = cfg!(any(
    all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
    all(target_arch = "aarch64", target_feature = "neon", not(miri))
));

/// The 36 bytes of a UUID's text from its parts: text 0-15 and 16-31 (vectors, each written
/// by one `store`) and 32-35. No two stores overlap, so that a reader of any part is served
/// from one.
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
    all(target_arch = "aarch64", target_feature = "neon", not(miri))
))]
#[inline(always)]
fn uuid_text<V>(first: V, middle: V, last: [u8; 4], store: impl Fn(V, &mut [u8; 16])) -> [u8; 36] {
    let mut text = [0; 36];
    let (front, rest) = text.split_at_mut(16);
    let (middle_slot, last_slot) = rest.split_at_mut(16);
    if let (Some(front), Some(middle_slot), Some(last_four)) = (
        front.first_chunk_mut::<16>(),
        middle_slot.first_chunk_mut::<16>(),
        last_slot.first_chunk_mut::<4>(),
    ) {
        store(first, front);
        store(middle, middle_slot);
        *last_four = last;
    }
    text
}

/// The three 16-byte loads that cover a UUID's text, for its decoders: bytes 0-15, 16-31 and
/// 20-35 (`None` never happens: 36 bytes hold all three).
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
    all(target_arch = "aarch64", target_feature = "neon", not(miri))
))]
#[inline(always)]
fn uuid_thirds(text: &[u8; 36]) -> Option<(&[u8; 16], &[u8; 16], &[u8; 16])> {
    Some((
        text.first_chunk::<16>()?,
        text.get(16..)?.first_chunk::<16>()?,
        text.last_chunk::<16>()?,
    ))
}

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

    /// Whether the processor is known to have AVX2, with no detection: for a path that must
    /// not call anything before its vector code (a call would have it keep its values on the
    /// stack), and leaves the first call of all to one that detects.
    #[inline(always)]
    pub(super) fn avx2_known() -> bool {
        AVX2.load(Ordering::Relaxed) == PRESENT
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
    use core::arch::x86_64::{_mm_movemask_epi8, _mm_set_epi64x, _mm_storeu_si128};

    use crate::digits::Case;

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

    /// [`has_avx2`] where it needs no detection: `false` until the first detection.
    #[inline(always)]
    fn avx2_known() -> bool {
        #[cfg(target_feature = "avx2")]
        return true;
        #[cfg(all(not(target_feature = "avx2"), feature = "std"))]
        return super::detect::avx2_known();
        #[cfg(all(not(target_feature = "avx2"), not(feature = "std")))]
        return false;
    }

    #[inline(always)]
    pub(crate) fn uuid_decode(text: &[u8; 36], case: Case) -> Option<[u8; 16]> {
        if has_avx2() {
            let mut bytes = [0; 16];
            // SAFETY: the function needs AVX2, which the processor has: the build is for
            // processors with it, or `is_x86_feature_detected!` found it (`has_avx2`).
            let valid = unsafe {
                super::avx2::uuid_decode::<{ super::avx2::ANY_VERSION }>(text, case, &mut bytes)
            };
            return valid.then_some(bytes);
        }
        // SAFETY: the function needs SSE2, and this build is for processors that have it
        // (`cfg(target_feature = "sse2")`).
        unsafe { super::sse2::uuid_decode(text, case) }
    }

    #[inline(always)]
    pub(crate) fn uuid_decode_version<const VERSION: u8>(text: &[u8; 36]) -> Option<[u8; 16]> {
        if has_avx2() {
            // SAFETY: as in `uuid_decode`: the processor has AVX2 (`has_avx2`).
            let bytes = unsafe { super::avx2::uuid_decode_version::<VERSION>(text) };
            let mut out = [0; 16];
            // SAFETY: the two functions need SSE2, and this build is for processors that have
            // it; `_mm_storeu_si128` writes 16 bytes at any alignment to the pointer, and `out`
            // is 16 bytes that may be written.
            let accepted = unsafe {
                _mm_storeu_si128(out.as_mut_ptr().cast(), bytes);
                _mm_movemask_epi8(bytes)
            };
            // Byte 8 of accepted text has its high bit set (the variant); refused text is 0.
            return (accepted & 1 << 8 != 0).then_some(out);
        }
        if !crate::uuid_version::has_version::<VERSION>(text) {
            return None;
        }
        // SAFETY: as in `uuid_decode`: the build is for processors with SSE2.
        unsafe { super::sse2::uuid_decode(text, Case::Any) }
    }

    #[inline(always)]
    pub(crate) fn ulid_decode(text: &[u8; 26]) -> Option<u128> {
        if !has_avx2() {
            return None;
        }
        let mut valid = false;
        // SAFETY: as in `uuid_decode`: the processor has AVX2 (`has_avx2`).
        let value = unsafe { super::avx2::ulid_decode(text, &mut valid) };
        valid.then_some(value)
    }

    #[inline(always)]
    pub(crate) fn uuid_encode(value: u128) -> Option<[u8; 36]> {
        Some(sse2_uuid_encode(value))
    }

    /// The SSE2 code of [`uuid_encode`], which every processor of this build runs.
    #[inline(always)]
    fn sse2_uuid_encode(value: u128) -> [u8; 36] {
        // SAFETY: as in `uuid_decode`: the build is for processors with SSE2.
        unsafe { super::sse2::uuid_encode(value) }
    }

    /// The text of the UUID of `bytes`, written into `out` by the AVX2 code where the
    /// processor is known to have it, else by [`uuid_encode_str_detected`]. No call before
    /// the AVX2 code's: a value live across one (the bytes) is kept on the stack and read
    /// back, a copy that cost a tenth of the time.
    #[inline(always)]
    pub(crate) fn uuid_encode_str(bytes: [u8; 16], out: &mut [u8; 36]) -> &str {
        if avx2_known() {
            return avx2_uuid_encode_str(bytes, out);
        }
        // A number, not the array: that goes by reference, which would keep the bytes on the
        // stack for the path above too.
        uuid_encode_str_detected(u128::from_le_bytes(bytes), out)
    }

    /// [`uuid_encode_str`] after the detection: the AVX2 code where the processor has it,
    /// else the SSE2 code (`uuid_encode`), its text copied into `out`.
    #[inline(never)]
    fn uuid_encode_str_detected(bytes: u128, out: &mut [u8; 36]) -> &str {
        let bytes = bytes.to_le_bytes();
        if has_avx2() {
            return avx2_uuid_encode_str(bytes, out);
        }
        let text = sse2_uuid_encode(u128::from_be_bytes(bytes));
        crate::AsciiText::from_low_seven_bits(text).copy_to(out)
    }

    /// The AVX2 code of [`uuid_encode_str`], for a processor with AVX2.
    #[inline(always)]
    fn avx2_uuid_encode_str(bytes: [u8; 16], out: &mut [u8; 36]) -> &str {
        // The bytes as a value, so that they go from wherever they are into a register.
        let [low, high] = [0, 8].map(|at| {
            let mut word = [0; 8];
            word.copy_from_slice(&bytes[at..at + 8]);
            i64::from_le_bytes(word)
        });
        // SAFETY: `_mm_set_epi64x` needs SSE2, which this build's processors have; the other
        // function needs AVX2, which the callers found the processor has (`avx2_known`,
        // `has_avx2`).
        unsafe { super::avx2::uuid_encode(_mm_set_epi64x(high, low), out) };
        // SAFETY: `avx2::uuid_encode` has just written all 36 bytes of `out` (a store of 32
        // and one of 4: a 36-byte array always has both parts), each a byte of its table of
        // the 16 digits, moved or cleared by shuffles, ORed with a hyphen or 0: ASCII, a whole
        // UTF-8 character; `out` stays borrowed, unchanged, for as long as the `&str`.
        unsafe { crate::ascii::str_of_ascii(out) }
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
pub(crate) use x86_64::{
    hex24_decode, hex24_encode, ulid_decode, uuid_decode, uuid_decode_version, uuid_encode,
    uuid_encode_str,
};

/// The AArch64 entry points: the NEON code, which this build may always call (it is compiled
/// for processors that have NEON).
#[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
#[allow(unsafe_code)]
mod aarch64 {
    use crate::digits::Case;

    #[inline(always)]
    pub(crate) fn uuid_decode(text: &[u8; 36], case: Case) -> Option<[u8; 16]> {
        // SAFETY: the function needs NEON, and this build is for processors that have it
        // (`cfg(target_feature = "neon")`).
        unsafe { super::neon::uuid_decode(text, case) }
    }

    #[inline(always)]
    pub(crate) fn uuid_decode_version<const VERSION: u8>(text: &[u8; 36]) -> Option<[u8; 16]> {
        if !crate::uuid_version::has_version::<VERSION>(text) {
            return None;
        }
        // SAFETY: as in `uuid_decode`: the build is for processors with NEON.
        unsafe { super::neon::uuid_decode(text, Case::Any) }
    }

    #[inline(always)]
    pub(crate) fn ulid_decode(_text: &[u8; 26]) -> Option<u128> {
        None
    }

    #[inline(always)]
    pub(crate) fn uuid_encode(value: u128) -> Option<[u8; 36]> {
        // SAFETY: as in `uuid_decode`: the build is for processors with NEON.
        unsafe { super::neon::uuid_encode(value) }
    }

    #[inline(always)]
    pub(crate) fn hex24_decode(text: &[u8; 24], case: Case) -> Option<[u8; 12]> {
        // SAFETY: as in `uuid_decode`: the build is for processors with NEON.
        unsafe { super::neon::hex24_decode(text, case) }
    }

    #[inline(always)]
    pub(crate) fn hex24_encode(bytes: &[u8; 12]) -> Option<[u8; 24]> {
        // SAFETY: as in `uuid_decode`: the build is for processors with NEON.
        unsafe { super::neon::hex24_encode(bytes) }
    }
}

#[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
pub(crate) use aarch64::{
    hex24_decode, hex24_encode, ulid_decode, uuid_decode, uuid_decode_version, uuid_encode,
};

/// No vector code in this build: always the scalar path.
#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
    all(target_arch = "aarch64", target_feature = "neon", not(miri))
)))]
mod none {
    use crate::digits::Case;

    #[inline(always)]
    pub(crate) fn uuid_decode(_text: &[u8; 36], _case: Case) -> Option<[u8; 16]> {
        None
    }

    #[inline(always)]
    pub(crate) fn uuid_decode_version<const VERSION: u8>(_text: &[u8; 36]) -> Option<[u8; 16]> {
        None
    }

    #[inline(always)]
    pub(crate) fn ulid_decode(_text: &[u8; 26]) -> Option<u128> {
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

#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
    all(target_arch = "aarch64", target_feature = "neon", not(miri))
)))]
pub(crate) use none::{
    hex24_decode, hex24_encode, ulid_decode, uuid_decode, uuid_decode_version, uuid_encode,
};

/// Each vector path on its own, whichever the dispatch would choose: for the tests and the
/// fuzz target `id_text_vector`, which hold each equal to the scalar code. Not part of the
/// crate's API (hidden from its docs), and safe: a path the processor lacks is never run.
pub mod paths {
    use crate::digits::Case;

    /// A vector path.
    ///
    /// ```
    /// use id_text::vector_paths::Path;
    ///
    /// assert_eq!(Path::ALL.len(), 3);
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Path {
        /// 16 bytes a register: every x86-64 processor.
        Sse2,
        /// 32 bytes a register: x86-64 processors with AVX2 (a UUID's text both ways, a
        /// ULID's read).
        Avx2,
        /// 16 bytes a register: every AArch64 processor.
        Neon,
    }

    impl Path {
        /// Every path, whether or not this build and processor have it.
        pub const ALL: [Path; 3] = [Path::Sse2, Path::Avx2, Path::Neon];

        /// Whether this build and processor run this path.
        ///
        /// ```
        /// use id_text::vector_paths::Path;
        ///
        /// assert_eq!(Path::Sse2.available(), cfg!(all(target_arch = "x86_64", not(miri))));
        /// assert_eq!(Path::Neon.available(), cfg!(all(target_arch = "aarch64", not(miri))));
        /// ```
        #[must_use]
        pub fn available(self) -> bool {
            match self {
                Path::Sse2 => cfg!(all(
                    target_arch = "x86_64",
                    target_feature = "sse2",
                    not(miri)
                )),
                Path::Avx2 => avx2_available(),
                Path::Neon => cfg!(all(
                    target_arch = "aarch64",
                    target_feature = "neon",
                    not(miri)
                )),
            }
        }

        /// A UUID's text read on this path: `None` if the path is not available, else the
        /// bytes of valid text (under `case`), `Some(None)` for any other.
        ///
        /// ```
        /// use id_text::hex::Case;
        /// use id_text::vector_paths::Path;
        ///
        /// let text = b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
        /// let bytes = 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F_u128.to_be_bytes();
        /// for path in Path::ALL.into_iter().filter(|path| path.available()) {
        ///     assert_eq!(path.uuid_decode(text, Case::Any), Some(Some(bytes)));
        /// }
        /// ```
        #[must_use]
        #[allow(unsafe_code)]
        pub fn uuid_decode(self, text: &[u8; 36], case: Case) -> Option<Option<[u8; 16]>> {
            if !self.available() {
                return None;
            }
            match self {
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
                // SAFETY: this build is for processors with SSE2.
                Path::Sse2 => Some(unsafe { super::sse2::uuid_decode(text, case) }),
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
                Path::Avx2 => {
                    let mut bytes = [0; 16];
                    // SAFETY: the processor has AVX2 (`available`).
                    let valid = unsafe {
                        super::avx2::uuid_decode::<{ super::avx2::ANY_VERSION }>(
                            text, case, &mut bytes,
                        )
                    };
                    Some(valid.then_some(bytes))
                }
                #[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
                // SAFETY: this build is for processors with NEON.
                Path::Neon => Some(unsafe { super::neon::uuid_decode(text, case) }),
                _ => {
                    let _ = (text, case);
                    None
                }
            }
        }

        /// The text of a UUID of version `VERSION` (one digit) and the RFC 9562 variant read on
        /// this path, as [`uuid_text::parse_version_bytes`](crate::uuid_text::parse_version_bytes)
        /// reads it: `None` if the path is not available, else the bytes of such text,
        /// `Some(None)` for any other.
        ///
        /// ```
        /// use id_text::vector_paths::Path;
        ///
        /// let text = b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
        /// let bytes = 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F_u128.to_be_bytes();
        /// for path in Path::ALL.into_iter().filter(|path| path.available()) {
        ///     assert_eq!(path.uuid_decode_version::<7>(text), Some(Some(bytes)));
        ///     assert_eq!(path.uuid_decode_version::<4>(text), Some(None));
        /// }
        /// ```
        #[must_use]
        #[allow(unsafe_code)]
        pub fn uuid_decode_version<const VERSION: u8>(
            self,
            text: &[u8; 36],
        ) -> Option<Option<[u8; 16]>> {
            const { assert!(VERSION <= 9, "a version of one decimal digit") };
            if !self.available() {
                return None;
            }
            // The paths of 16 bytes a register check the two digits in scalar code first.
            let digits = crate::uuid_version::has_version::<VERSION>(text);
            match self {
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
                // SAFETY: this build is for processors with SSE2.
                Path::Sse2 => Some(
                    digits
                        .then(|| unsafe { super::sse2::uuid_decode(text, Case::Any) })
                        .flatten(),
                ),
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
                Path::Avx2 => {
                    let mut bytes = [0; 16];
                    // SAFETY: the processor has AVX2 (`available`).
                    let valid =
                        unsafe { super::avx2::uuid_decode::<VERSION>(text, Case::Any, &mut bytes) };
                    Some(valid.then_some(bytes))
                }
                #[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
                // SAFETY: this build is for processors with NEON.
                Path::Neon => Some(
                    digits
                        .then(|| unsafe { super::neon::uuid_decode(text, Case::Any) })
                        .flatten(),
                ),
                _ => {
                    let _ = (text, digits);
                    None
                }
            }
        }

        /// A ULID's 26 symbols read on this path: `None` if the path is not available or reads
        /// no ULID, else the value of valid text (symbols, either case, the aliases, the
        /// first at most `7`), `Some(None)` for any other.
        ///
        /// ```
        /// use id_text::vector_paths::Path;
        ///
        /// let value = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;
        /// if let Some(read) = Path::Avx2.ulid_decode(b"01ARZ3NDEKTSV4RRFFQ69G5FAV") {
        ///     assert_eq!(read, Some(value));
        /// }
        /// ```
        #[must_use]
        pub fn ulid_decode(self, text: &[u8; 26]) -> Option<Option<u128>> {
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
            if self == Path::Avx2 && self.available() {
                let mut valid = false;
                // SAFETY: the processor has AVX2 (`available`).
                #[allow(unsafe_code)]
                let value = unsafe { super::avx2::ulid_decode(text, &mut valid) };
                return Some(valid.then_some(value));
            }
            let _ = (self, text);
            None
        }

        /// A UUID's text written on this path, or `None` if the path is not available or
        /// writes no UUID's text.
        ///
        /// ```
        /// use id_text::vector_paths::Path;
        ///
        /// let text = *b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
        /// for path in Path::ALL {
        ///     if let Some(written) = path.uuid_encode(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F) {
        ///         assert_eq!(written, text);
        ///     }
        /// }
        /// ```
        #[must_use]
        #[allow(unsafe_code)]
        pub fn uuid_encode(self, value: u128) -> Option<[u8; 36]> {
            if !self.available() {
                return None;
            }
            match self {
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
                // SAFETY: this build is for processors with SSE2.
                Path::Sse2 => Some(unsafe { super::sse2::uuid_encode(value) }),
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
                Path::Avx2 => {
                    let (bytes, mut text) = (value.to_be_bytes(), [0; 36]);
                    // SAFETY: the processor has AVX2 (`available`), and so SSE2, whose load
                    // reads 16 bytes at any alignment from `bytes`, 16 bytes that may be read.
                    unsafe {
                        let bytes = core::arch::x86_64::_mm_loadu_si128(bytes.as_ptr().cast());
                        super::avx2::uuid_encode(bytes, &mut text);
                    }
                    Some(text)
                }
                #[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
                // SAFETY: this build is for processors with NEON.
                Path::Neon => unsafe { super::neon::uuid_encode(value) },
                _ => {
                    let _ = value;
                    None
                }
            }
        }

        /// 24 hex digits read on this path: `None` if the path is not available or reads no
        /// hex, else the bytes of valid digits (under `case`), `Some(None)` for any other.
        ///
        /// ```
        /// use id_text::hex::Case;
        /// use id_text::vector_paths::Path;
        ///
        /// let bytes = [0x50, 0x7C, 0x7F, 0x79, 0xBC, 0xF8, 0x6C, 0xD7, 0x99, 0x4F, 0x6C, 0x0E];
        /// for path in Path::ALL {
        ///     if let Some(read) = path.hex24_decode(b"507c7f79bcf86cd7994f6c0e", Case::Lower) {
        ///         assert_eq!(read, Some(bytes));
        ///     }
        /// }
        /// ```
        #[must_use]
        #[allow(unsafe_code)]
        pub fn hex24_decode(self, text: &[u8; 24], case: Case) -> Option<Option<[u8; 12]>> {
            if !self.available() {
                return None;
            }
            match self {
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
                // SAFETY: this build is for processors with SSE2.
                Path::Sse2 => Some(unsafe { super::sse2::hex24_decode(text, case) }),
                #[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
                // SAFETY: this build is for processors with NEON.
                Path::Neon => Some(unsafe { super::neon::hex24_decode(text, case) }),
                _ => {
                    let _ = (text, case);
                    None
                }
            }
        }

        /// 12 bytes' 24 hex digits written on this path, or `None` if the path is not
        /// available or writes no hex.
        ///
        /// ```
        /// use id_text::vector_paths::Path;
        ///
        /// let bytes = [0x50, 0x7C, 0x7F, 0x79, 0xBC, 0xF8, 0x6C, 0xD7, 0x99, 0x4F, 0x6C, 0x0E];
        /// for path in Path::ALL {
        ///     if let Some(digits) = path.hex24_encode(&bytes) {
        ///         assert_eq!(digits, *b"507c7f79bcf86cd7994f6c0e");
        ///     }
        /// }
        /// ```
        #[must_use]
        #[allow(unsafe_code)]
        pub fn hex24_encode(self, bytes: &[u8; 12]) -> Option<[u8; 24]> {
            if !self.available() {
                return None;
            }
            match self {
                #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
                // SAFETY: this build is for processors with SSE2.
                Path::Sse2 => unsafe { super::sse2::hex24_encode(bytes) },
                #[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
                // SAFETY: this build is for processors with NEON.
                Path::Neon => unsafe { super::neon::hex24_encode(bytes) },
                _ => {
                    let _ = bytes;
                    None
                }
            }
        }
    }

    /// Whether this build and processor run the AVX2 code.
    fn avx2_available() -> bool {
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "sse2",
            not(miri),
            feature = "std"
        ))]
        return std::is_x86_feature_detected!("avx2");
        #[cfg(not(all(
            target_arch = "x86_64",
            target_feature = "sse2",
            not(miri),
            feature = "std"
        )))]
        return cfg!(all(
            target_arch = "x86_64",
            target_feature = "avx2",
            not(miri)
        ));
    }
}
