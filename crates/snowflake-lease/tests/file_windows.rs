//! The host-local store on Windows: acquire refuses, before it reads or writes anything in the
//! directory, with an error that names the directory and the operating system and says to
//! lease from a database. The store tells a slot file from one put in its place by device and
//! inode numbers, which it reads on unix only.
#![cfg(windows)]

use snowflake_lease::{LeaseConfig, LeaseError, LeasedGenerator};

#[test]
fn acquire_refuses_a_directory_on_windows_and_says_why() {
    let directory =
        std::env::temp_dir().join(format!("snowflake-lease-windows-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let location = format!("file:{}", directory.display());
    let error = LeasedGenerator::acquire(&LeaseConfig::new(&location).worker_ids(5..=9))
        .expect_err("the host-local store is refused on Windows");
    let message = error.to_string();
    match error {
        LeaseError::UnsupportedFilesystem {
            directory: named,
            filesystem,
            reason,
        } => {
            assert_eq!(named, directory);
            assert_eq!(filesystem, "Windows");
            assert!(reason.contains("device and inode"), "{reason}");
            assert!(
                reason.ends_with("on Windows lease from a database"),
                "{reason}"
            );
        }
        other => panic!("not UnsupportedFilesystem: {other:?}"),
    }
    assert_eq!(
        message,
        format!(
            "lease directory {directory:?} is on Windows, which the host-local store does not \
             support: the store tells a slot file from one put in its place by its device and \
             inode numbers, which it reads on unix only; on Windows lease from a database"
        )
    );
    // Refused before any slot file was made.
    assert_eq!(std::fs::read_dir(&directory).unwrap().count(), 0);
    std::fs::remove_dir(&directory).unwrap();
}

#[test]
fn a_missing_directory_is_refused_for_the_system_before_the_path_is_read() {
    // A Windows path with a drive letter, as a user there writes it: the location parses, and
    // the refusal names the system rather than the missing directory.
    let location = r"file:C:\no such directory\worker-ids";
    let error = LeasedGenerator::acquire(&LeaseConfig::new(location))
        .expect_err("the host-local store is refused on Windows");
    assert!(
        matches!(
            &error,
            LeaseError::UnsupportedFilesystem { directory, filesystem, .. }
                if directory.as_os_str() == r"C:\no such directory\worker-ids"
                    && filesystem == "Windows"
        ),
        "{error:?}"
    );
}
