//! The streaming JSON reader of content-id against serde_json: on every input, the reader
//! (whole, and read in small pieces) and `Serde(&serde_json::Value)` must agree.
//!
//! - Both accept: one id, unless serde_json's `Value` lost something the reader keeps: an
//!   integer literal outside `i64::MIN..=u64::MAX` (serde_json reads it as a float) or
//!   `-0` (serde_json's float -0.0, the reader's integer 0).
//! - Only the reader rejects: it must be for one of its rules that serde_json does not
//!   have: a duplicate key (serde_json keeps the last), an integer beyond 128 bits
//!   (serde_json reads a float) or a float that underflows to 0 (serde_json reads 0.0).
//! - Only serde_json rejects: it must be its recursion limit of 128 levels (the reader
//!   allows 10,000).
//! - Both reject: any reasons.
//!
//! Any other disagreement is a bug in one of the two, and the reader never panics.
#![no_main]

use std::io::Read;

use content_id::json::{JsonErrorKind, generate_from_reader};
use content_id::{Error, Options, Serde};
use libfuzzer_sys::fuzz_target;

/// Gives the document in pieces of 1 to 8 bytes, their sizes taken from the document itself,
/// so that tokens cross the reader's refills.
struct Pieces<'a> {
    rest: &'a [u8],
    step: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.step = self.step.wrapping_mul(31).wrapping_add(7);
        let n = (self.step % 8 + 1).min(self.rest.len()).min(buf.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

/// Whether a document that serde_json accepts has a number serde_json changes: an integer
/// literal (no fraction, no exponent) outside `i64::MIN..=u64::MAX`, or `-0`.
fn serde_json_changes_a_number(document: &[u8]) -> bool {
    let mut i = 0;
    let mut in_string = false;
    while i < document.len() {
        let byte = document[i];
        if in_string {
            match byte {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        match byte {
            b'"' => {
                in_string = true;
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < document.len()
                    && matches!(document[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                let token = std::str::from_utf8(&document[start..i]).unwrap_or("");
                let integer = !token.contains(['.', 'e', 'E']);
                if integer
                    && (token == "-0"
                        || (token.parse::<i64>().is_err() && token.parse::<u64>().is_err()))
                {
                    return true;
                }
            }
            _ => i += 1,
        }
    }
    false
}

fuzz_target!(|data: &[u8]| {
    let options = Options::default();
    let streamed = generate_from_reader(data, &options);
    let in_pieces = generate_from_reader(
        Pieces {
            rest: data,
            step: data.len(),
        },
        &options,
    );
    assert_eq!(streamed, in_pieces, "read whole and in pieces");

    let value = serde_json::from_slice::<serde_json::Value>(data);
    match (streamed, value) {
        (Ok(id), Ok(value)) => {
            let expected = content_id::generate(&Serde(&value)).expect("a Value has an id");
            if !serde_json_changes_a_number(data) {
                assert_eq!(id, expected, "one id for a document both read");
            }
        }
        (Err(Error::Json(error)), Ok(_)) => assert!(
            matches!(
                error.kind,
                JsonErrorKind::DuplicateKey { .. }
                    | JsonErrorKind::IntegerOutOfRange
                    | JsonErrorKind::FloatUnderflow
            ),
            "only the reader rejects: {error}"
        ),
        (Err(error), Ok(_)) => panic!("only the reader rejects: {error}"),
        (Ok(_), Err(error)) => assert!(
            error.to_string().starts_with("recursion limit exceeded"),
            "only serde_json rejects: {error}"
        ),
        (Err(_), Err(_)) => {}
    }
});
