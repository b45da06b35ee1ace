//! Text that is ASCII by construction: [`AsciiByte`], a byte below 0x80, and [`AsciiText`],
//! a buffer of `N` bytes that only ever holds them, so that it becomes a `&str` with no
//! check at all.
//!
//! An encoder looks its symbols up in a table of `AsciiByte`s, checked once, when the
//! constant is built, and writes them into an `AsciiText`, one at a time, a pair at a time,
//! or packed into a word whose high bits are cleared as it is stored. Every byte the text
//! holds is then below 0x80, so [`AsciiText::as_str`] costs nothing: the one `unsafe`
//! function of this crate, [`str_of_ascii`], makes the `&str`.

/// One byte below 0x80: a symbol an encoder may write into an [`AsciiText`].
///
/// An encoder keeps its alphabet as a table of them, built in a constant with
/// [`AsciiByte::all`], so that a byte that is not ASCII stops the build:
///
/// ```
/// use id_text::{AsciiByte, AsciiText};
///
/// const DIGITS: [AsciiByte; 4] = match AsciiByte::all(b"0123") {
///     Some(digits) => digits,
///     None => panic!("the digits are ASCII"),
/// };
///
/// // Base 4, most significant digit first.
/// let mut text = AsciiText::<4>::new();
/// let value = 0b11_10_01_00u8;
/// for index in 0..4 {
///     text.set(index, DIGITS[usize::from(value >> (6 - 2 * index)) & 3]);
/// }
/// assert_eq!(text.as_str(), "3210");
///
/// assert_eq!(AsciiByte::new(b'Z').map(AsciiByte::get), Some(b'Z'));
/// assert_eq!(AsciiByte::new(0x80), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct AsciiByte(u8);

impl AsciiByte {
    /// `byte`, if it is below 0x80.
    ///
    /// ```
    /// assert!(id_text::AsciiByte::new(0x7F).is_some());
    /// assert!(id_text::AsciiByte::new(0xC3).is_none());
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(byte: u8) -> Option<AsciiByte> {
        if byte.is_ascii() {
            Some(AsciiByte(byte))
        } else {
            None
        }
    }

    /// The byte.
    ///
    /// ```
    /// assert_eq!(id_text::AsciiByte::all(b"a").map(|[a]| a.get()), Some(b'a'));
    /// ```
    #[inline]
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Every byte of `alphabet`, if all are ASCII: the way to build an encoder's table in a
    /// constant, where `None` can become a compile-time error (see [`AsciiByte`]).
    ///
    /// ```
    /// use id_text::AsciiByte;
    ///
    /// assert_eq!(AsciiByte::all(b"01").map(|digits| digits.map(AsciiByte::get)), Some(*b"01"));
    /// assert_eq!(AsciiByte::all(b"0\xC3\xA9"), None); // "0é"
    /// ```
    #[must_use]
    pub const fn all<const K: usize>(alphabet: &[u8; K]) -> Option<[AsciiByte; K]> {
        let mut symbols = [AsciiByte(0); K];
        let mut index = 0;
        while index < K {
            match AsciiByte::new(alphabet[index]) {
                Some(symbol) => symbols[index] = symbol,
                None => return None,
            }
            index += 1;
        }
        Some(symbols)
    }
}

/// The text of an id, written by its encoder: `N` bytes that are all ASCII whatever is
/// written into them, so that it becomes a `&str` without a check.
///
/// Only [`AsciiByte`]s can be written, one or two at a time, or words whose high bits are
/// cleared as they are stored ([`set_word`](AsciiText::set_word)); inside this crate, whole
/// texts from vector code, their high bits cleared too.
///
/// It starts as `N` zero bytes (NUL, which is ASCII); an encoder overwrites all of them.
///
/// ```
/// use id_text::{AsciiByte, AsciiText};
///
/// let [a, b] = AsciiByte::all(b"ab").unwrap();
/// let mut text = AsciiText::<3>::new();
/// text.set_pair(0, [a, b]);
/// text.set(2, a);
/// assert_eq!(text.as_str(), "aba");
/// assert_eq!(text.as_bytes(), b"aba");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiText<const N: usize>([u8; N]);

impl<const N: usize> AsciiText<N> {
    /// `N` zero bytes.
    ///
    /// ```
    /// assert_eq!(id_text::AsciiText::<2>::new().as_bytes(), &[0, 0]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new() -> AsciiText<N> {
        AsciiText([0; N])
    }

    /// The `N` bytes, each with its high bit cleared: text that vector code wrote from an
    /// alphabet's ASCII symbols (the mask changes nothing, and costs a vector AND).
    #[inline(always)]
    pub(crate) fn from_low_seven_bits(mut bytes: [u8; N]) -> AsciiText<N> {
        // Words of 8 inlined with the caller: `bytes.map(..)` stayed a call of its own
        // (`try_map`) in a UUID's formatting, the text copied through memory both ways.
        const LOW_SEVEN_BITS: u64 = u64::from_ne_bytes([0x7F; 8]);
        let (words, rest) = bytes.as_chunks_mut::<8>();
        for word in words {
            *word = (u64::from_ne_bytes(*word) & LOW_SEVEN_BITS).to_ne_bytes();
        }
        for byte in rest {
            *byte &= 0x7F;
        }
        AsciiText(bytes)
    }

    /// Writes `symbol` at `index`; an `index` past the end writes nothing (with the constant
    /// indices of an encoder, the bound check compiles away).
    ///
    /// ```
    /// let [z] = id_text::AsciiByte::all(b"Z").unwrap();
    /// let mut text = id_text::AsciiText::<1>::new();
    /// text.set(0, z);
    /// text.set(1, z);
    /// assert_eq!(text.as_str(), "Z");
    /// ```
    #[inline(always)]
    pub fn set(&mut self, index: usize, symbol: AsciiByte) {
        if let Some(slot) = self.0.get_mut(index) {
            *slot = symbol.0;
        }
    }

    /// Writes `pair` at `index` and `index + 1`: the two symbols of a table of pairs. A pair
    /// that would not fit whole writes nothing.
    ///
    /// ```
    /// let pair = id_text::AsciiByte::all(b"7f").unwrap();
    /// let mut text = id_text::AsciiText::<3>::new();
    /// text.set_pair(1, pair);
    /// text.set_pair(2, pair);
    /// assert_eq!(text.as_bytes(), b"\x007f");
    /// ```
    #[inline(always)]
    pub fn set_pair(&mut self, index: usize, pair: [AsciiByte; 2]) {
        if let Some(slot) = self
            .0
            .get_mut(index..)
            .and_then(|rest| rest.first_chunk_mut::<2>())
        {
            *slot = [pair[0].0, pair[1].0];
        }
    }

    /// Writes the eight bytes of `word`, least significant first, at `index` to `index + 7`,
    /// each with its high bit cleared: a word an encoder packed from symbols of its alphabet
    /// (which are ASCII, so the mask changes nothing), stored at once. One wide store where
    /// pairs would be four narrow ones, which a reader of the text's words (a copy, a hash)
    /// would wait for. A word that would not fit whole writes nothing.
    ///
    /// ```
    /// let mut text = id_text::AsciiText::<8>::new();
    /// text.set_word(0, u64::from_le_bytes(*b"01234567"));
    /// assert_eq!(text.as_str(), "01234567");
    /// // Not ASCII: each byte keeps its low seven bits.
    /// text.set_word(0, u64::from_le_bytes(*b"\xB0\xB1234567"));
    /// assert_eq!(text.as_str(), "01234567");
    /// ```
    #[inline(always)]
    pub fn set_word(&mut self, index: usize, word: u64) {
        const LOW_SEVEN_BITS: u64 = u64::from_ne_bytes([0x7F; 8]);
        if let Some(slot) = self
            .0
            .get_mut(index..)
            .and_then(|rest| rest.first_chunk_mut::<8>())
        {
            *slot = (word & LOW_SEVEN_BITS).to_le_bytes();
        }
    }

    /// The bytes.
    ///
    /// ```
    /// assert_eq!(id_text::uuid_text::encode_text(0).as_bytes()[8], b'-');
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; N] {
        &self.0
    }

    /// The text, with no check: every byte is ASCII.
    ///
    /// ```
    /// let text = id_text::uuid_text::encode_text(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F);
    /// assert_eq!(text.as_str(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn as_str(&self) -> &str {
        // SAFETY: every byte of an `AsciiText` is below 0x80: it starts as zeros, and the only
        // writes store the byte of an `AsciiByte` (`set`, `set_pair`), which `AsciiByte::new`
        // made only from a byte below 0x80, or a byte with its high bit cleared (`set_word`,
        // `from_low_seven_bits`).
        #[allow(unsafe_code)]
        unsafe {
            str_of_ascii(&self.0)
        }
    }

    /// The text from byte `start` on, with no check: for an encoder that writes into the end
    /// of its buffer (a decimal integer). Empty if `start` is past the end.
    ///
    /// ```
    /// let [one] = id_text::AsciiByte::all(b"1").unwrap();
    /// let mut text = id_text::AsciiText::<20>::new();
    /// text.set(19, one);
    /// assert_eq!(text.tail(19), "1");
    /// assert_eq!(text.tail(21), "");
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn tail(&self, start: usize) -> &str {
        let tail = self.0.get(start..).unwrap_or_default();
        // SAFETY: a part of an `AsciiText`'s bytes, all below 0x80 (see `as_str`).
        #[allow(unsafe_code)]
        unsafe {
            str_of_ascii(tail)
        }
    }

    /// Copies the bytes into `out` and returns them there, from byte `start` on, as a `&str`,
    /// with no check: [`copy_to`](Self::copy_to) for an encoder that writes into the end of
    /// its buffer. Empty if `start` is past the end.
    ///
    /// ```
    /// let [one] = id_text::AsciiByte::all(b"1").unwrap();
    /// let mut text = id_text::AsciiText::<3>::new();
    /// text.set(2, one);
    /// let mut buffer = [0xFF; 3];
    /// assert_eq!(text.copy_tail_to(2, &mut buffer), "1");
    /// assert_eq!(buffer, [0, 0, b'1']);
    /// assert_eq!(text.copy_tail_to(4, &mut buffer), "");
    /// ```
    #[inline(always)]
    pub fn copy_tail_to<'a>(&self, start: usize, out: &'a mut [u8; N]) -> &'a str {
        *out = self.0;
        let tail = out.get(start..).unwrap_or_default();
        // SAFETY: `out` now holds exactly the bytes of this `AsciiText`, all below 0x80 (see
        // `as_str`), and it stays borrowed, unchanged, for as long as the `&str`.
        #[allow(unsafe_code)]
        unsafe {
            str_of_ascii(tail)
        }
    }

    /// Copies the bytes into `out` and returns them there as a `&str`, with no check: for an
    /// encoder whose callers hand it their own buffer.
    ///
    /// ```
    /// let mut buffer = [0xFF; id_text::uuid_text::LEN];
    /// let text = id_text::uuid_text::encode_text(u128::MAX).copy_to(&mut buffer);
    /// assert_eq!(text, "ffffffff-ffff-ffff-ffff-ffffffffffff");
    /// ```
    #[inline(always)]
    pub fn copy_to<'a>(&self, out: &'a mut [u8; N]) -> &'a str {
        *out = self.0;
        // SAFETY: `out` now holds exactly the bytes of this `AsciiText`, all below 0x80 (see
        // `as_str`), and it stays borrowed, unchanged, for as long as the `&str`.
        #[allow(unsafe_code)]
        unsafe {
            str_of_ascii(out)
        }
    }
}

impl<const N: usize> Default for AsciiText<N> {
    /// [`AsciiText::new`].
    ///
    /// ```
    /// assert_eq!(id_text::AsciiText::<1>::default(), id_text::AsciiText::new());
    /// ```
    #[inline]
    fn default() -> AsciiText<N> {
        AsciiText::new()
    }
}

/// The text, as `Debug` shows any `&str`.
///
/// ```
/// let text = id_text::AsciiText::<1>::new();
/// assert_eq!(format!("{text:?}"), r#""\0""#);
/// ```
impl<const N: usize> core::fmt::Debug for AsciiText<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// ASCII bytes as a `&str`, with no check: the one `unsafe` function of this crate.
///
/// # Safety
///
/// Every byte of `ascii` is below 0x80. (A debug build asserts it.)
#[allow(unsafe_code)]
#[inline(always)]
pub(crate) unsafe fn str_of_ascii(ascii: &[u8]) -> &str {
    debug_assert!(ascii.is_ascii(), "a byte that is not ASCII: {ascii:?}");
    // SAFETY: every byte is below 0x80 (the caller's promise), and a sequence of such bytes is
    // valid UTF-8: each is a whole one-byte character.
    unsafe { core::str::from_utf8_unchecked(ascii) }
}

#[cfg(test)]
mod tests {
    //! Under Miri (`cargo +nightly miri test -p id-text`), any `&str` that is not UTF-8, or any
    //! read out of bounds, is an error; these tests reach every path to `str_of_ascii`.

    use super::*;

    /// All 128 ASCII bytes, each at every index of the text, by `set` and by `set_pair`.
    /// (Under Miri, which checks each `&str` made, not the values, six of the bytes.)
    #[test]
    fn every_ascii_byte_at_every_index_is_the_same_str_as_from_utf8() {
        let bytes = (0..0x80u8).filter(|byte| !cfg!(miri) || byte % 31 == 0 || *byte == 0x7F);
        for byte in bytes {
            let symbol = AsciiByte::new(byte).unwrap();
            for index in 0..8 {
                let mut text = AsciiText::<8>::new();
                text.set(index, symbol);
                let expected = core::str::from_utf8(text.as_bytes()).unwrap();
                assert_eq!(text.as_str(), expected);
                assert_eq!(text.as_bytes()[index], byte);
                for start in 0..=9 {
                    assert_eq!(text.tail(start), expected.get(start..).unwrap_or_default());
                }
                let mut pairs = AsciiText::<8>::new();
                pairs.set_pair(index, [symbol, symbol]);
                let mut expected_pairs = [0; 8];
                if index < 7 {
                    expected_pairs[index..index + 2].copy_from_slice(&[byte, byte]);
                }
                assert_eq!(pairs.as_bytes(), &expected_pairs);
                assert_eq!(
                    pairs.as_str(),
                    core::str::from_utf8(pairs.as_bytes()).unwrap()
                );
                let mut out = [0xFF; 8];
                assert_eq!(pairs.copy_to(&mut out), pairs.as_str());
                assert_eq!(out, *pairs.as_bytes());
            }
        }
    }

    /// A word of any bits, at every index: its bytes land with their high bits cleared, and
    /// the text is still a `&str` (under Miri too).
    #[test]
    fn a_word_of_any_bits_is_stored_as_ascii() {
        let words = [
            u64::MAX,
            0x8081_8283_8485_8687,
            u64::from_le_bytes(*b"01-ab-Z~"),
            0,
        ];
        for word in words {
            for index in 0..=10 {
                let mut text = AsciiText::<16>::new();
                text.set_word(index, word);
                let mut expected = [0u8; 16];
                if index <= 8 {
                    let masked = word & u64::from_ne_bytes([0x7F; 8]);
                    expected[index..index + 8].copy_from_slice(&masked.to_le_bytes());
                }
                assert_eq!(text.as_bytes(), &expected, "{word:#x} at {index}");
                assert_eq!(text.as_str(), core::str::from_utf8(&expected).unwrap());
            }
        }
    }

    #[test]
    fn no_byte_from_0x80_up_is_an_ascii_byte() {
        for byte in 0x80..=0xFFu8 {
            assert_eq!(AsciiByte::new(byte), None, "{byte:#x}");
        }
        assert_eq!(AsciiByte::all(b"ab\xFF"), None);
        assert_eq!(AsciiByte::all(b""), Some([]));
    }

    #[test]
    fn writes_past_the_end_write_nothing() {
        let [a] = AsciiByte::all(b"a").unwrap();
        let mut text = AsciiText::<2>::new();
        text.set(2, a);
        text.set(usize::MAX, a);
        text.set_pair(1, [a, a]);
        text.set_pair(usize::MAX, [a, a]);
        assert_eq!(text.as_bytes(), &[0, 0]);
        let mut empty = AsciiText::<0>::new();
        empty.set(0, a);
        empty.set_pair(0, [a, a]);
        assert_eq!(empty.as_str(), "");
    }

    #[test]
    fn the_str_is_the_text_s_own_memory() {
        let text = crate::uuid_text::encode_text(u128::MAX);
        assert_eq!(text.as_str().as_ptr(), text.as_bytes().as_ptr());
        let mut out = [0; crate::uuid_text::LEN];
        let copied = text.copy_to(&mut out).as_ptr();
        assert_eq!(copied, out.as_ptr());
    }
}
