//! TLS for the lease's connections: libpq's `sslmode` and `sslrootcert`, over rustls.
//!
//! `postgres` 0.7 knows `sslmode` as `disable`, `prefer` and `require` only, verifies nothing
//! itself (that is the connector's job), and refuses `sslrootcert`. The lease takes both keys
//! out of the connection string ([`crate::config`]), and turns them here into the `SslMode`
//! `postgres` applies (whether to ask the server for TLS, and whether a refusal is an error)
//! and a rustls [`ClientConfig`] whose [`ServerCertVerifier`] checks what libpq checks:
//!
//! | sslmode | root certificates | `postgres` mode | the server's certificate |
//! |---|---|---|---|
//! | `disable` | not read | `Disable` | no TLS |
//! | `allow`, `prefer` (default) | none | `Prefer` | not checked: encrypts only |
//! | `allow`, `prefer` | given | `Prefer` | chain checked (as `verify-ca`) |
//! | `require` | none | `Require` | not checked: encrypts only |
//! | `require` | given | `Require` | chain checked (as `verify-ca`) |
//! | `verify-ca` | needed | `Require` | chain checked, host name not |
//! | `verify-full` | needed | `Require` | chain and host name checked |
//!
//! The root certificates are those of `sslrootcert` (a PEM file), the operating system's trust
//! store for `sslrootcert=system` (which, as in libpq, allows `verify-full` only and makes it
//! the default), or libpq's default file `~/.postgresql/root.crt` when `sslrootcert` is not
//! given and that file exists.
//!
//! Why rustls with the ring provider: pure Rust and statically linked, so the Python wheel and
//! the command link no system TLS library; ring rather than rustls's default aws-lc-rs, which
//! needs cmake and a C toolchain on more platforms. The provider is named explicitly (never the
//! process default), so an application that also links aws-lc-rs gets no panic from rustls.
//!
//! Why a verifier of our own: rustls's [`WebPkiServerVerifier`](rustls::client::WebPkiServerVerifier)
//! always checks the host name, which `verify-ca` (and `require` with a root certificate) must
//! not. Rather than run it and forgive a name mismatch (which would depend on the order of its
//! checks), the verifier calls the two checks rustls exposes for custom verifiers:
//! [`verify_server_cert_signed_by_trust_anchor`] (the chain, to a root certificate, with the
//! server-authentication usage and the validity dates) and, for `verify-full` only,
//! [`verify_server_name`]. The handshake's signatures are checked in every mode, with the
//! provider's algorithms. No revocation lists (libpq's `sslcrl` is refused).
//!
//! Where the lease differs from libpq (never by checking less):
//! - `prefer` does not fall back to a plain connection when the TLS handshake fails (a refused
//!   certificate, for one): only when the server declines TLS.
//! - `allow` is `prefer`: TLS is tried first, where libpq tries a plain connection first; a
//!   server that accepts both gets an encrypted connection instead of a plain one.
//! - rustls reads the host name from the certificate's subjectAltName only, never its common
//!   name, and does not accept a CA certificate (or an X.509 v1 one) as the server's own: a
//!   self-signed server certificate in `sslrootcert` fails `verify-ca`; sign the server's
//!   certificate with a CA of its own.
//! - With `hostaddr` and no `host`, the address is the name sent and, under `verify-full`,
//!   checked against the certificate's IP addresses (libpq refuses `verify-full` there).
//! - A host list that mixes Unix sockets and TCP hosts applies the mode to both: a Unix socket
//!   in it fails `require` and above (`server does not support TLS`), and the next host is
//!   tried. A list of Unix sockets only ignores the mode, as libpq does.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use postgres::config::SslMode as PgSslMode;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::{verify_server_cert_signed_by_trust_anchor, verify_server_name};
use rustls::crypto::{WebPkiSupportedAlgorithms, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::server::ParsedCertificate;
use rustls::{ClientConfig, DigitallySignedStruct, OtherError, RootCertStore, SignatureScheme};
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::error::LeaseError;

/// libpq's `sslmode`, as the lease applies it (`allow` is [`SslMode::Prefer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SslMode {
    /// Plain connections only.
    Disable,
    /// TLS when the server offers it, a plain connection when it declines.
    Prefer,
    /// TLS or an error; the certificate is checked only against a root certificate given.
    Require,
    /// TLS, with the server's certificate chain checked to a root certificate.
    VerifyCa,
    /// TLS, with the chain and the host name checked.
    VerifyFull,
}

impl SslMode {
    /// The values libpq takes, in its order, for error messages.
    pub(crate) const VALUES: &'static str =
        "disable, allow, prefer, require, verify-ca, verify-full";

    /// libpq's value (case-sensitive, as in libpq); `allow` is taken as `prefer`.
    pub(crate) fn parse(value: &str) -> Option<SslMode> {
        match value {
            "disable" => Some(SslMode::Disable),
            "allow" | "prefer" => Some(SslMode::Prefer),
            "require" => Some(SslMode::Require),
            "verify-ca" => Some(SslMode::VerifyCa),
            "verify-full" => Some(SslMode::VerifyFull),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }
}

/// Where the root certificates come from: libpq's `sslrootcert`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RootCert {
    /// A PEM file of one or more certificates.
    File(PathBuf),
    /// `system`: the operating system's trust store.
    System,
}

/// The TLS keys of a connection string, as given (`None`: not given).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct TlsKeys {
    pub(crate) mode: Option<SslMode>,
    pub(crate) root: Option<RootCert>,
}

/// libpq's root certificate file when `sslrootcert` is not given, under the home directory.
const DEFAULT_ROOT_CERT: &str = ".postgresql/root.crt";

/// What the renewal thread connects with: the connector for `postgres::Config::connect`, and
/// the mode set on the `postgres::Config` (by [`configure`]).
pub(crate) type Connector = MakeRustlsConnect;

/// Applies `keys` to `config` (its `SslMode`; for a connection string with `hostaddr` and no
/// `host`, the addresses as host names, so that the handshake has a name to send and check)
/// and builds the connector. Reads the root certificates now: a missing or empty file is an
/// error of acquire, not of every reconnect. Returns the mode in effect, for error messages,
/// or `None` when every host is a Unix socket (where TLS never applies).
pub(crate) fn configure(
    keys: &TlsKeys,
    config: &mut postgres::Config,
) -> Result<(Connector, Option<&'static str>), LeaseError> {
    let mode = match (&keys.root, keys.mode) {
        // libpq: the system's roots make verify-full the default, and refuse weaker modes.
        (Some(RootCert::System), None | Some(SslMode::VerifyFull)) => SslMode::VerifyFull,
        (Some(RootCert::System), Some(weak)) => {
            return Err(invalid(format!(
                "sslmode {:?} cannot be used with sslrootcert=system: the operating system's \
                 trust store accepts a certificate of any server it signed, so the host name \
                 must be checked (use sslmode=verify-full)",
                weak.name()
            )));
        }
        (_, mode) => mode.unwrap_or(SslMode::Prefer),
    };
    let hosts = config.get_hosts();
    #[cfg(unix)]
    let local_only = !hosts.is_empty()
        && hosts
            .iter()
            .all(|host| matches!(host, postgres::config::Host::Unix(_)));
    #[cfg(not(unix))]
    let local_only = false;
    // libpq ignores sslmode on Unix sockets (the server offers no TLS there).
    if mode == SslMode::Disable || local_only {
        config.ssl_mode(PgSslMode::Disable);
        let shown = (!local_only).then_some("disable");
        return Ok((connector(Check::Nothing, "disable")?, shown));
    }
    if hosts.is_empty() {
        let addresses: Vec<String> = config
            .get_hostaddrs()
            .iter()
            .map(ToString::to_string)
            .collect();
        for address in addresses {
            config.host(&address);
        }
    }
    config.ssl_mode(if mode == SslMode::Prefer {
        PgSslMode::Prefer
    } else {
        PgSslMode::Require
    });
    let roots = match &keys.root {
        Some(RootCert::File(path)) => Some(read_roots(path, "sslrootcert")?),
        Some(RootCert::System) => Some(system_roots()?),
        None => match default_root_file() {
            Some(path) => Some(read_roots(&path, "libpq's default root certificate file")?),
            None => None,
        },
    };
    let check = match (mode, roots) {
        (SslMode::VerifyFull, Some(roots)) => Check::Full(roots),
        (_, Some(roots)) => Check::Chain(roots),
        (SslMode::VerifyCa | SslMode::VerifyFull, None) => {
            return Err(invalid(format!(
                "sslmode {:?} needs root certificates to check the server's certificate \
                 against: set sslrootcert to a PEM file of the CA's certificate, or to `system` \
                 for the operating system's trust store (with verify-full); libpq's default \
                 ~/{DEFAULT_ROOT_CERT} does not exist",
                mode.name()
            )));
        }
        (_, None) => Check::Nothing,
    };
    Ok((connector(check, mode.name())?, Some(mode.name())))
}

/// `~/.postgresql/root.crt`, when it exists.
fn default_root_file() -> Option<PathBuf> {
    let path = std::env::home_dir()?.join(DEFAULT_ROOT_CERT);
    path.exists().then_some(path)
}

/// The certificates of a PEM file, as roots. `what` names the setting, for errors.
fn read_roots(path: &Path, what: &str) -> Result<Roots, LeaseError> {
    let shown = path.display();
    let pem = std::fs::read(path)
        .map_err(|error| invalid(format!("{what} {shown:?} cannot be read: {error}")))?;
    let mut store = RootCertStore::empty();
    for (index, cert) in CertificateDer::pem_slice_iter(&pem).enumerate() {
        let cert = cert.map_err(|error| {
            invalid(format!(
                "{what} {shown:?}: certificate {} is not valid PEM: {error}",
                index + 1
            ))
        })?;
        store.add(cert).map_err(|error| {
            invalid(format!(
                "{what} {shown:?}: certificate {} is not a usable X.509 certificate: {error}",
                index + 1
            ))
        })?;
    }
    if store.is_empty() {
        return Err(invalid(format!(
            "{what} {shown:?} holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)"
        )));
    }
    Ok(Roots {
        store: Arc::new(store),
        source: format!("{what} {shown:?}"),
    })
}

/// The operating system's trust store (on Linux, OpenSSL's files; SSL_CERT_FILE and
/// SSL_CERT_DIR are honoured).
fn system_roots() -> Result<Roots, LeaseError> {
    let found = rustls_native_certs::load_native_certs();
    let mut store = RootCertStore::empty();
    let (_added, _ignored) = store.add_parsable_certificates(found.certs);
    if store.is_empty() {
        let errors: Vec<String> = found.errors.iter().map(ToString::to_string).collect();
        return Err(invalid(format!(
            "sslrootcert=system: no certificate found in the operating system's trust store{}",
            if errors.is_empty() {
                String::new()
            } else {
                format!(" ({})", errors.join("; "))
            }
        )));
    }
    Ok(Roots {
        store: Arc::new(store),
        source: "the operating system's trust store (sslrootcert=system)".to_owned(),
    })
}

/// Root certificates that cannot be had, or a mode that cannot check without them.
fn invalid(reason: String) -> LeaseError {
    LeaseError::Tls { reason }
}

/// The root certificates and where they came from (for errors).
#[derive(Debug)]
struct Roots {
    store: Arc<RootCertStore>,
    source: String,
}

/// What the verifier checks of the server's certificate.
#[derive(Debug)]
enum Check {
    /// Nothing (encryption only): `prefer` and `require` without root certificates, and the
    /// unused connector of `disable`.
    Nothing,
    /// The chain to a root certificate: `verify-ca`, and `prefer` or `require` with roots.
    Chain(Roots),
    /// The chain and the host name: `verify-full`.
    Full(Roots),
}

/// A rustls client configuration with the ring provider and [`Verifier`], as a connector.
fn connector(check: Check, mode: &'static str) -> Result<Connector, LeaseError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let verifier = Arc::new(Verifier {
        check,
        mode,
        algorithms: provider.signature_verification_algorithms,
    });
    // TLS 1.3 and 1.2, both in ring's provider: this cannot fail, short of a rustls bug.
    let mut config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|error| invalid(format!("rustls refused the TLS settings: {error}")))?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    // PostgreSQL 17's direct TLS negotiation (`sslnegotiation=direct`) needs this ALPN
    // protocol; servers before it ignore it.
    config.alpn_protocols = vec![b"postgresql".to_vec()];
    Ok(MakeRustlsConnect::new(config))
}

/// The lease's [`ServerCertVerifier`]: see [the module](self) for what each mode checks.
struct Verifier {
    check: Check,
    /// The sslmode in effect, for error messages.
    mode: &'static str,
    algorithms: WebPkiSupportedAlgorithms,
}

impl fmt::Debug for Verifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Verifier")
            .field("check", &self.check)
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let (roots, name) = match &self.check {
            Check::Nothing => return Ok(ServerCertVerified::assertion()),
            Check::Chain(roots) => (roots, false),
            Check::Full(roots) => (roots, true),
        };
        let refused = |problem: &str, error: rustls::Error| {
            rustls::Error::Other(OtherError(Arc::new(Refused(format!(
                "the server's certificate was refused (sslmode={}): {problem} ({error})",
                self.mode
            )))))
        };
        let cert = ParsedCertificate::try_from(end_entity)
            .map_err(|error| refused("it cannot be parsed", error))?;
        verify_server_cert_signed_by_trust_anchor(
            &cert,
            &roots.store,
            intermediates,
            now,
            self.algorithms.all,
        )
        .map_err(|error| {
            let problem = match &error {
                rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer) => {
                    format!("it is not signed by any certificate of {}", roots.source)
                }
                _ => format!(
                    "its chain to the certificates of {} is not valid",
                    roots.source
                ),
            };
            refused(&problem, error)
        })?;
        if name {
            verify_server_name(&cert, server_name).map_err(|error| {
                refused(
                    &format!(
                        "it is not valid for the host name {:?} (sslmode=verify-ca would not \
                         check the name)",
                        server_name.to_str()
                    ),
                    error,
                )
            })?;
        }
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// A certificate the verifier refused, with the mode, the problem and the roots.
#[derive(Debug)]
struct Refused(String);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_parse_as_libpq_spells_them() {
        assert_eq!(SslMode::parse("disable"), Some(SslMode::Disable));
        assert_eq!(SslMode::parse("allow"), Some(SslMode::Prefer));
        assert_eq!(SslMode::parse("prefer"), Some(SslMode::Prefer));
        assert_eq!(SslMode::parse("require"), Some(SslMode::Require));
        assert_eq!(SslMode::parse("verify-ca"), Some(SslMode::VerifyCa));
        assert_eq!(SslMode::parse("verify-full"), Some(SslMode::VerifyFull));
        assert_eq!(SslMode::parse("Require"), None);
        assert_eq!(SslMode::parse("verify_full"), None);
        assert_eq!(SslMode::parse(""), None);
    }

    fn tcp() -> postgres::Config {
        let mut config = postgres::Config::new();
        config.host("db.internal");
        config
    }

    fn refusal(keys: &TlsKeys) -> String {
        match configure(keys, &mut tcp()) {
            Ok(_) => panic!("{keys:?} was accepted"),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn the_system_store_allows_verify_full_only() {
        let keys = TlsKeys {
            mode: Some(SslMode::Require),
            root: Some(RootCert::System),
        };
        let error = refusal(&keys);
        assert!(error.contains("sslmode \"require\""), "{error}");
        assert!(error.contains("sslrootcert=system"), "{error}");
    }

    #[test]
    fn verification_needs_roots() {
        if default_root_file().is_some() {
            return; // libpq's default file is there: the roots exist.
        }
        for mode in [SslMode::VerifyCa, SslMode::VerifyFull] {
            let keys = TlsKeys {
                mode: Some(mode),
                root: None,
            };
            let error = refusal(&keys);
            assert!(error.contains(mode.name()), "{error}");
            assert!(error.contains("set sslrootcert"), "{error}");
        }
    }

    #[test]
    fn a_missing_root_file_is_named() {
        let keys = TlsKeys {
            mode: Some(SslMode::VerifyCa),
            root: Some(RootCert::File(PathBuf::from("/nonexistent/ca.pem"))),
        };
        let error = refusal(&keys);
        assert!(
            error.contains("sslrootcert \"/nonexistent/ca.pem\""),
            "{error}"
        );
        assert!(error.contains("cannot be read"), "{error}");
    }

    #[test]
    fn a_file_without_certificates_is_refused() {
        let path = std::env::temp_dir().join(format!("lease-tls-empty-{}.pem", std::process::id()));
        std::fs::write(&path, "not a certificate\n").unwrap();
        let keys = TlsKeys {
            mode: Some(SslMode::VerifyFull),
            root: Some(RootCert::File(path.clone())),
        };
        let error = refusal(&keys);
        let _ = std::fs::remove_file(&path);
        assert!(error.contains("holds no certificate"), "{error}");
    }

    #[test]
    fn modes_set_what_postgres_negotiates() {
        for (mode, expected) in [
            (None, PgSslMode::Prefer),
            (Some(SslMode::Disable), PgSslMode::Disable),
            (Some(SslMode::Prefer), PgSslMode::Prefer),
            (Some(SslMode::Require), PgSslMode::Require),
        ] {
            let mut config = tcp();
            configure(&TlsKeys { mode, root: None }, &mut config).unwrap();
            assert_eq!(config.get_ssl_mode(), expected, "{mode:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn unix_sockets_never_use_tls() {
        let mut config = postgres::Config::new();
        config.host_path("/run/postgresql");
        let keys = TlsKeys {
            mode: Some(SslMode::Require),
            root: None,
        };
        let (_, mode) = configure(&keys, &mut config).unwrap();
        assert_eq!(mode, None);
        assert_eq!(config.get_ssl_mode(), PgSslMode::Disable);
    }

    #[test]
    fn a_hostaddr_alone_is_the_name_checked() {
        let mut config = postgres::Config::new();
        config.hostaddr("127.0.0.1".parse().unwrap());
        let keys = TlsKeys {
            mode: Some(SslMode::Require),
            root: None,
        };
        configure(&keys, &mut config).unwrap();
        assert_eq!(
            config.get_hosts(),
            [postgres::config::Host::Tcp("127.0.0.1".to_owned())]
        );
    }
}
