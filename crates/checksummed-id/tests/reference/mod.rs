//! A model of the format that shares no code with the crate or with `crockford32`: its own
//! symbol table, and remainders by `u128` arithmetic on chunks of up to 25 symbols, where the
//! crate applies Horner's rule symbol by symbol.

#![allow(dead_code)]

/// The 32 symbols in order of value, then the five extra check symbols for 32 to 36.
pub(crate) const SYMBOLS: &[u8; 37] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U";

/// The value of a canonical (upper-case, no alias) payload symbol or check symbol.
pub(crate) fn value_of(symbol: u8) -> Option<u8> {
    SYMBOLS.iter().position(|&s| s == symbol).map(|v| v as u8)
}

/// The value of one character read as a symbol: ASCII only, either case, O = 0, I = L = 1.
fn read(c: char, check: bool) -> Option<u8> {
    if !c.is_ascii() {
        return None;
    }
    let value = match c.to_ascii_uppercase() {
        'O' => 0,
        'I' | 'L' => 1,
        c => value_of(c as u8)?,
    };
    (check || value < 32).then_some(value)
}

/// The payload's value modulo 37, from its values.
pub(crate) fn remainder_of_values(values: &[u8]) -> u8 {
    values.chunks(25).fold(0u128, |remainder, chunk| {
        let value = chunk.iter().fold(0u128, |v, &d| (v << 5) | u128::from(d));
        let shift = (1u128 << (5 * chunk.len())) % 37;
        (remainder * shift + value % 37) % 37
    }) as u8
}

/// The value modulo 37 of a payload of canonical symbols.
pub(crate) fn remainder(payload: &str) -> u8 {
    let values: Vec<u8> = payload
        .bytes()
        .map(|b| value_of(b).filter(|&v| v < 32).expect("a payload symbol"))
        .collect();
    remainder_of_values(&values)
}

/// `value` in `len` canonical symbols, zero-padded.
pub(crate) fn encode(value: u128, len: usize) -> String {
    (0..len)
        .rev()
        .map(|k| {
            let digit = if 5 * k >= 128 {
                0
            } else {
                (value >> (5 * k)) & 31
            };
            char::from(SYMBOLS[digit as usize])
        })
        .collect()
}

/// A 12-symbol payload near `seed` whose value is `target` modulo 37.
pub(crate) fn payload_with_remainder(seed: u64, target: u8) -> String {
    let value = u128::from(seed) % (1 << 60);
    let value = value - value % 37 + u128::from(target);
    let value = if value >= 1 << 60 { value - 37 } else { value };
    encode(value, 12)
}

/// The check symbol of a payload of canonical symbols.
pub(crate) fn check_symbol(payload: &str) -> char {
    char::from(SYMBOLS[remainder(payload) as usize])
}

/// `symbols` cut into groups of `group_size` (0: one group), joined with `sep`.
pub(crate) fn grouped(symbols: &str, group_size: usize, sep: char) -> String {
    let chars: Vec<char> = symbols.chars().collect();
    if group_size == 0 {
        return symbols.to_owned();
    }
    chars
        .chunks(group_size)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(&sep.to_string())
}

/// Whether a separator would be read as a symbol, an alias or a check symbol.
pub(crate) fn reads_as_symbol(sep: char) -> bool {
    sep.is_ascii_alphanumeric() || "*~$=".contains(sep)
}

/// The verdict the format's rules give.
pub(crate) fn verify(text: &str, sep: char) -> bool {
    if reads_as_symbol(sep) {
        return false;
    }
    let chars: Vec<char> = text.chars().filter(|&c| c != sep).collect();
    let Some((&check, payload)) = chars.split_last() else {
        return false;
    };
    if payload.is_empty() {
        return false;
    }
    let Some(check) = read(check, true) else {
        return false;
    };
    let values: Option<Vec<u8>> = payload.iter().map(|&c| read(c, false)).collect();
    values.is_some_and(|values| remainder_of_values(&values) == check)
}

/// The reason the format's rules give for rejecting `text`, in the order of the rules: the
/// separator; then, separators removed, no character, one character, the first payload
/// character that is not a symbol, a last character that is not a check symbol, and a check
/// symbol of another value. Indexes are byte indexes in `text`.
pub(crate) fn check(text: &str, sep: char) -> Result<(), checksummed_id::CheckError> {
    use checksummed_id::CheckError;
    if reads_as_symbol(sep) {
        return Err(CheckError::SymbolSeparator { sep });
    }
    let chars: Vec<(usize, char)> = text.char_indices().filter(|&(_, c)| c != sep).collect();
    let Some((&(check_index, check), payload)) = chars.split_last() else {
        return Err(CheckError::Empty);
    };
    if payload.is_empty() {
        return Err(CheckError::NoPayload);
    }
    let mut values = Vec::new();
    for &(index, character) in payload {
        match read(character, false) {
            Some(value) => values.push(value),
            None => return Err(CheckError::InvalidSymbol { index, character }),
        }
    }
    let Some(value) = read(check, true) else {
        return Err(CheckError::InvalidCheckSymbol {
            index: check_index,
            character: check,
        });
    };
    if remainder_of_values(&values) == value {
        Ok(())
    } else {
        Err(CheckError::Mismatch { character: check })
    }
}
