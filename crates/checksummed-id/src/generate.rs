//! Random payloads, drawn again until their check symbol is one of the 32 plain symbols.

use crockford32::{ALPHABET, check_symbol, mod37_symbols};
use tick_sequence::random_bits;

use crate::{Error, Options};

/// A new code of the default shape: 12 random payload symbols and a check symbol, in groups
/// of 4 separated by `-`, such as `7K3M-9QPA-XW2B-G`.
///
/// The output is made of `0-9A-Z` without `I`, `L`, `O` and `U`, plus the separator, and
/// [`verify`](crate::verify) accepts it. Each call allocates the returned `String` and nothing
/// else.
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Examples
///
/// ```
/// let code = checksummed_id::generate();
/// assert_eq!(code.len(), 16);
/// assert_eq!(code.as_bytes()[4], b'-');
/// assert!(checksummed_id::verify(&code));
/// ```
#[must_use]
pub fn generate() -> String {
    let options = Options::default();
    // The default options are valid, so the capacity is exact; like any `String`, the code
    // aborts the process if 16 bytes cannot be allocated.
    let mut code = String::with_capacity(options.code_len().unwrap_or_default());
    write_code(&mut code, &options, random_symbols());
    code
}

/// A new code of `options.length` random payload symbols and a check symbol, grouped by
/// `options.group_size` (the check symbol counts as a symbol of the last group) and joined
/// with `options.sep`.
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Errors
///
/// [`Error::ZeroLength`] if `options.length` is 0, [`Error::SymbolSeparator`] if
/// `options.sep` would be read as part of the code (whether or not the code has groups), and
/// [`Error::TooLong`] if the code does not fit in memory.
///
/// # Examples
///
/// ```
/// use checksummed_id::{Error, Options, generate_with, verify_with};
///
/// let options = Options { length: 10, group_size: 5, sep: ' ' };
/// let code = generate_with(&options)?;
/// assert_eq!(code.len(), 13); // "XXXXX XXXXX C": the check symbol is the 11th symbol
/// assert!(verify_with(&code, ' '));
///
/// let bad = Options { sep: 'O', ..Options::default() };
/// assert_eq!(generate_with(&bad), Err(Error::SymbolSeparator { sep: 'O' }));
/// # Ok::<(), Error>(())
/// ```
pub fn generate_with(options: &Options) -> Result<String, Error> {
    let len = options.code_len()?;
    let mut code = String::new();
    code.try_reserve_exact(len).map_err(|_| Error::TooLong {
        length: options.length,
    })?;
    write_code(&mut code, options, random_symbols());
    Ok(code)
}

/// Payload symbols from the fork-aware CSPRNG.
fn random_symbols() -> impl FnMut() -> u8 {
    symbols_from(|| random_bits(125))
}

/// Payload symbols from 125-bit draws: 5 bits a symbol, lowest bits first, 25 a draw.
fn symbols_from(mut draw: impl FnMut() -> u128) -> impl FnMut() -> u8 {
    let (mut bits, mut left) = (0u128, 0u32);
    move || {
        if left == 0 {
            (bits, left) = (draw(), 25);
        }
        let symbol = ALPHABET[(bits & 31) as usize];
        (bits, left) = (bits >> 5, left - 1);
        symbol
    }
}

/// Writes a payload from `next_symbol` and its check symbol into `code`, drawing the payload
/// again while its remainder is 32 or more (5 payloads in 37), so that the check symbol is
/// never one of `*~$=U`.
fn write_code(code: &mut String, options: &Options, mut next_symbol: impl FnMut() -> u8) {
    loop {
        code.clear();
        let mut groups = Groups {
            code: &mut *code,
            options,
            in_group: 0,
        };
        for _ in 0..options.length {
            groups.push(next_symbol());
        }
        // Symbols are ASCII alphanumerics and separators never are (`Options` rejects them).
        let remainder = mod37_symbols(groups.code.bytes().filter(u8::is_ascii_alphanumeric));
        if let Some(check) = remainder.filter(|&r| r < 32).and_then(check_symbol) {
            groups.push(check);
            return;
        }
    }
}

/// Appends symbols to a code, with the separator before each group but the first.
struct Groups<'a> {
    code: &'a mut String,
    options: &'a Options,
    in_group: usize,
}

impl Groups<'_> {
    fn push(&mut self, symbol: u8) {
        if self.in_group == self.options.group_size && self.in_group != 0 {
            self.code.push(self.options.sep);
            self.in_group = 0;
        }
        self.code.push(char::from(symbol));
        self.in_group += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The symbols of `payloads`, one after the other, then a panic: the test gave too few.
    fn fixed(payloads: &[&str]) -> impl FnMut() -> u8 {
        let mut symbols = payloads.concat().into_bytes().into_iter();
        move || {
            symbols
                .next()
                .expect("the writer asked for more symbols than given")
        }
    }

    fn write(options: &Options, payloads: &[&str]) -> String {
        let mut code = String::new();
        write_code(&mut code, options, fixed(payloads));
        code
    }

    fn value(payload: &str) -> u128 {
        payload.bytes().fold(0, |value, byte| {
            let digit = ALPHABET.iter().position(|&s| s == byte).unwrap();
            value * 32 + digit as u128
        })
    }

    /// A 12-symbol payload near `seed` whose value is `target` modulo 37, by u128 arithmetic.
    fn payload_with_remainder(seed: u64, target: u64) -> String {
        let value = seed % (1 << 60);
        let value = value - value % 37 + target;
        let value = if value >= 1 << 60 { value - 37 } else { value };
        let mut buffer = [0u8; 12];
        crockford32::encode_u64(value, &mut buffer).unwrap();
        String::from_utf8(buffer.to_vec()).unwrap()
    }

    #[test]
    fn symbols_take_five_bits_at_a_time_and_25_from_each_draw() {
        let mut draws = 0u32;
        // Draw n holds the values n, n+1, ..., n+24 from its lowest bits up.
        let mut next = symbols_from(|| {
            draws += 1;
            (0..25).fold(0u128, |bits, k| {
                bits | (u128::from(draws - 1 + k) % 32) << (5 * k)
            })
        });
        let first: Vec<u8> = (0..25).map(|_| next()).collect();
        assert_eq!(first, ALPHABET[..25]);
        let second: Vec<u8> = (0..25).map(|_| next()).collect();
        assert_eq!(second, ALPHABET[1..26]);
    }

    #[test]
    fn payloads_with_an_extended_check_symbol_are_drawn_again() {
        let bad: Vec<String> = (32..37)
            .map(|target| {
                payload_with_remainder(0x9E37_79B9_7F4A_7C15u64.wrapping_mul(target), target)
            })
            .collect();
        for (payload, target) in bad.iter().zip(32..) {
            assert_eq!(value(payload) % 37, target, "{payload}");
        }
        let good = payload_with_remainder(0x0123_4567_89AB_CDEF, 31);
        let mut payloads: Vec<&str> = bad.iter().map(String::as_str).collect();
        payloads.push(&good);
        let options = Options {
            group_size: 0,
            ..Options::default()
        };
        // `fixed` panics if a sixth payload were drawn; all six are consumed.
        assert_eq!(write(&options, &payloads), format!("{good}Z"));
    }

    #[test]
    fn the_check_symbol_belongs_to_the_last_group() {
        let grouped = |length, group_size| Options {
            length,
            group_size,
            sep: '-',
        };
        let payload = ["H88CMK9BVJ1V"];
        assert_eq!(write(&grouped(12, 4), &payload), "H88C-MK9B-VJ1V-P");
        assert_eq!(write(&grouped(12, 3), &payload), "H88-CMK-9BV-J1V-P");
        assert_eq!(write(&grouped(12, 13), &payload), "H88CMK9BVJ1VP");
        assert_eq!(
            write(&grouped(12, 1), &["00000000000W"]),
            "0-0-0-0-0-0-0-0-0-0-0-W-W"
        );
        assert_eq!(write(&grouped(1, 1), &["A"]), "A-A");
        let dotted = Options {
            sep: '·',
            ..Options::default()
        };
        assert_eq!(write(&dotted, &["H88CMK9BVJ1W"]), "H88C·MK9B·VJ1W·Q");
    }

    #[test]
    // `testdata/checksummed-id.json` links to the workspace's golden file, so that the
    // published package, which holds `src/`, carries a copy of it.
    fn golden_payloads_write_their_golden_code_or_are_drawn_again() {
        let golden: serde_json::Value =
            serde_json::from_str(include_str!("testdata/checksummed-id.json")).unwrap();
        let codes = golden["codes"].as_array().unwrap();
        assert!(!codes.is_empty());
        for case in codes {
            let options = Options {
                length: case["payload"].as_str().unwrap().len(),
                group_size: case["group_size"].as_u64().unwrap() as usize,
                sep: case["sep"].as_str().unwrap().chars().next().unwrap(),
            };
            let payload = case["payload"].as_str().unwrap();
            if case["generated"].as_bool().unwrap() {
                assert_eq!(write(&options, &[payload]), case["code"], "{case}");
            } else {
                // Rejected: the writer goes on to the next payload, here all zeros.
                let zeros = "0".repeat(payload.len());
                let expected = write(&options, &[&zeros]);
                assert_eq!(write(&options, &[payload, &zeros]), expected, "{case}");
            }
        }
    }
}
