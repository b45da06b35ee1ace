//! Why a format's parser refused an identifier: what each format's reader returns, before the
//! report turns it into a public `Reason`.

use alloc::string::String;

/// Why a format's parser refused an identifier, inside the crate.
#[derive(Debug)]
pub(crate) struct Why {
    pub(crate) message: String,
    pub(crate) shaped: bool,
    pub(crate) index: Option<usize>,
}

impl Why {
    /// The text has the format's shape (its length), but a character or a value is wrong, at
    /// byte `index` if one character is.
    pub(crate) fn shaped(message: String, index: Option<usize>) -> Why {
        Why {
            message,
            shaped: true,
            index,
        }
    }

    /// The message alone.
    pub(crate) fn message(self) -> String {
        self.message
    }

    /// The text does not have the format's shape.
    pub(crate) fn unshaped(message: String) -> Why {
        Why {
            message,
            shaped: false,
            index: None,
        }
    }
}
