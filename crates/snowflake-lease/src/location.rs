//! Where the leases are kept, as [`LeaseConfig::new`](crate::LeaseConfig::new) takes it: a
//! PostgreSQL connection string, a MySQL or MariaDB URL, or `file:` and a directory; and the
//! store that serves it, if this build has it.

use std::path::Path;

use crate::error::LeaseError;
use crate::store::{Options, Store};

/// A location, by the store it names.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Location<'a> {
    /// A libpq connection string: a `postgres://`/`postgresql://` URL or `key=value` pairs.
    Postgres(&'a str),
    /// A `mysql://` or `mariadb://` URL.
    Mysql(&'a str),
    /// A directory of this host.
    File(&'a Path),
}

impl<'a> Location<'a> {
    /// Which store `location` names: by its scheme, and a PostgreSQL connection string for
    /// anything else (which that store's parser then checks). `file:` takes a path
    /// (`file:/var/lib/ids`, or relative to the working directory) or a `file:` URL of this
    /// host (`file:///var/lib/ids`).
    pub(crate) fn parse(location: &'a str) -> Result<Location<'a>, LeaseError> {
        let scheme = location
            .split_once(':')
            .map(|(scheme, _)| scheme.to_ascii_lowercase());
        match scheme.as_deref() {
            Some("mysql" | "mariadb") => Ok(Location::Mysql(location)),
            Some("file") => {
                let path = &location["file:".len()..];
                let path = match path.strip_prefix("//") {
                    // A URL: `file:///path` or `file://localhost/path`.
                    Some(rest) => match rest.find('/') {
                        Some(0) => rest,
                        Some(at) if &rest[..at] == "localhost" => &rest[at..],
                        _ => {
                            return Err(LeaseError::Location {
                                reason: "a file: URL names a directory of this host: \
                                         file:///path, or file:/path",
                            });
                        }
                    },
                    None => path,
                };
                if path.is_empty() {
                    return Err(LeaseError::Location {
                        reason: "file: needs a directory: file:/path/to/directory",
                    });
                }
                Ok(Location::File(Path::new(path)))
            }
            _ => Ok(Location::Postgres(location)),
        }
    }

    /// The store of this location, checked but not yet connected to.
    #[allow(
        unused_variables,
        reason = "a build without some stores leaves their arguments unused"
    )]
    pub(crate) fn open(self, table: &str, options: Options) -> Result<Box<dyn Store>, LeaseError> {
        match self {
            #[cfg(feature = "postgres")]
            Location::Postgres(connection) => Ok(Box::new(
                crate::store::postgres::PostgresStore::new(connection, table, options)?,
            )),
            #[cfg(not(feature = "postgres"))]
            Location::Postgres(_) => Err(LeaseError::StoreNotBuilt {
                store: "PostgreSQL",
                feature: "postgres",
            }),
            #[cfg(feature = "mysql")]
            Location::Mysql(url) => Ok(Box::new(crate::store::mysql::MysqlStore::new(
                url, table, options,
            )?)),
            #[cfg(not(feature = "mysql"))]
            Location::Mysql(_) => Err(LeaseError::StoreNotBuilt {
                store: "MySQL",
                feature: "mysql",
            }),
            #[cfg(feature = "file")]
            Location::File(directory) => {
                Ok(Box::new(crate::store::file::FileStore::new(directory)))
            }
            #[cfg(not(feature = "file"))]
            Location::File(_) => Err(LeaseError::StoreNotBuilt {
                store: "a directory",
                feature: "file",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_form_names_its_store() {
        for postgres in [
            "host=/run/postgresql dbname=app",
            "postgresql://app@db/app",
            "postgres://db/app",
            "",
        ] {
            assert_eq!(
                Location::parse(postgres).unwrap(),
                Location::Postgres(postgres)
            );
        }
        for mysql in ["mysql://app@db/app", "MySQL://db/app", "mariadb://db/app"] {
            assert_eq!(Location::parse(mysql).unwrap(), Location::Mysql(mysql));
        }
        for (file, path) in [
            ("file:/var/lib/ids", "/var/lib/ids"),
            ("file:///var/lib/ids", "/var/lib/ids"),
            ("file://localhost/var/lib/ids", "/var/lib/ids"),
            ("file:ids", "ids"),
            ("FILE:/ids", "/ids"),
        ] {
            assert_eq!(
                Location::parse(file).unwrap(),
                Location::File(Path::new(path))
            );
        }
        for bad in ["file:", "file://otherhost/ids", "file://"] {
            let error = Location::parse(bad).unwrap_err();
            assert!(
                matches!(error, LeaseError::Location { .. }),
                "{bad}: {error:?}"
            );
        }
    }
}
