//! Running the `identifier` binary in the command's tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// The binary with `args`, its three streams piped.
pub(crate) fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs the command with `args` and `stdin`; the exit status and both streams, as one text.
pub(crate) fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> String {
    let mut child = spawn(args);
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.as_ref().to_vec();
    // A writer thread: the command may answer (and exit) before it has read everything, for
    // an error found in the arguments first.
    let writer = std::thread::spawn(move || {
        // A command that exits first closes the pipe: that one error is expected.
        if let Err(error) = input.write_all(&stdin) {
            assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
        }
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer thread finishes");
    describe(output)
}

/// The exit status and both streams of a finished command, as one text.
///
/// On Windows clap names the program in its usage lines as it was started, `identifier.exe`
/// (`tests/platform.rs` holds that): written `identifier` here, so that one snapshot holds
/// every platform's output.
pub(crate) fn describe(output: Output) -> String {
    let text = format!(
        "status: {}\n--- stdout\n{}--- stderr\n{}",
        output
            .status
            .code()
            .map_or("signal".into(), |code| code.to_string()),
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    );
    if cfg!(windows) {
        // The first usage line, and those clap aligns under it.
        text.replace("Usage: identifier.exe ", "Usage: identifier ")
            .replace("\n       identifier.exe ", "\n       identifier ")
    } else {
        text
    }
}

/// The binary with `args` run to its end, with nothing on standard input.
pub(crate) fn output(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Output bytes as text.
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}
