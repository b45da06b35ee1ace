//! Where the text of a UUID holds its version and its variant: the digits at 14 and 19. The
//! scalar readers of one version (`uuid_text`) and the vector ones check them alike.

/// Whether the version's digit (index 14) is `VERSION` and the variant's (index 19) one of
/// `8`, `9`, `a`, `b` in either case: the two digits a UUID of that version and of the RFC
/// 9562 variant holds.
#[inline(always)]
pub(crate) const fn has_version<const VERSION: u8>(text: &[u8; 36]) -> bool {
    text[14] == b'0' + VERSION && matches!(text[19] | 0x20, b'8' | b'9' | b'a' | b'b')
}
