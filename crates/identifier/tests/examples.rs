//! Every program in `examples/` runs to success: the PostgreSQL ones against the throwaway
//! cluster of the tests (through `DATABASE_URL`), the MySQL ones against the throwaway MariaDB
//! server (through `MYSQL_URL`), the others on their own. `cargo test` builds
//! the examples beside the tests; each must print what it stored. The OpenAPI service is asked
//! for its document and an order.

use std::path::PathBuf;
use std::process::Command;

/// The examples, each with a fragment of what it prints.
const EXAMPLES: &[(&str, &str)] = &[
    ("tokio_postgres", " "),
    ("sqlx_postgres", " "),
    ("sqlx_sqlite", " paid"),
    ("rusqlite", " lamp"),
    ("diesel_postgres", " "),
    ("diesel_sqlite", " pen"),
    ("sqlx_mysql", " "),
    ("diesel_mysql", " budget"),
    ("sea_orm", "Postgres: order "),
    ("bson", "\"_id\": ObjectId("),
];

/// Where cargo puts the examples of this package: `examples/` beside this test's `deps/`.
fn example(name: &str) -> PathBuf {
    let test = std::env::current_exe().expect("the test's path");
    let profile = test
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

#[test]
fn every_example_runs() {
    let url = test_support::postgres::shared()
        .lock()
        .expect("the cluster")
        .url("postgres");
    let mysql_url = {
        let server = test_support::mariadb::shared();
        server.create_database("examples");
        server.url("examples")
    };
    for (name, printed) in EXAMPLES {
        let path = example(name);
        assert!(
            path.exists(),
            "example {name} is not built at {}: run `cargo test -p tick-identifier --all-features`, \
             which builds the examples with the tests",
            path.display()
        );
        let output = Command::new(&path)
            .env("DATABASE_URL", &url)
            .env("MYSQL_URL", &mysql_url)
            .output()
            .unwrap_or_else(|error| panic!("running {}: {error}", path.display()));
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success() && stdout.contains(printed),
            "example {name}: {}\nstdout:\n{stdout}\nstderr:\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// The OpenAPI example's service, stopped when the test ends, pass or fail.
struct Service(std::process::Child);

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The body of `GET path` from the service at `address`, read through a plain HTTP/1.1
/// request, as any client sends it.
fn get(address: &str, path: &str) -> (String, serde_json::Value) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).expect("connecting to the example");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP response");
    let status = head.lines().next().unwrap_or_default().to_owned();
    let json = serde_json::from_str(body).unwrap_or(serde_json::Value::Null);
    (status, json)
}

/// The OpenAPI example serves a document in which each id field refers to the id's component,
/// and each component is the schema of what serde writes (stated here from the formats'
/// specifications); the order it serves fits that document.
#[cfg(all(feature = "serde", feature = "utoipa"))]
#[test]
fn the_openapi_example_serves_the_schemas_of_its_ids() {
    use std::io::BufRead;
    use std::process::Stdio;

    let path = example("openapi");
    let child = Command::new(&path)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("running {}: {error}", path.display()));
    let mut service = Service(child);
    let mut line = String::new();
    std::io::BufReader::new(service.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("the example printed {line:?}"))
        .to_owned();

    let (status, document) = get(&address, "/api-docs/openapi.json");
    assert!(status.contains(" 200 "), "{status}");
    let schemas = &document["components"]["schemas"];
    let text = |pattern: &str, len: u64| serde_json::json!({"type": "string", "pattern": pattern, "minLength": len, "maxLength": len});
    let mut uuid = text(
        "^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
        36,
    );
    uuid["format"] = "uuid".into();
    assert_eq!(schemas["Uuid7"], uuid);
    assert_eq!(schemas["Ulid"], text("^[0-7][0-9A-HJKMNP-TV-Z]{25}$", 26));
    assert_eq!(
        schemas["SnowflakeId"],
        serde_json::json!({"type": "integer", "format": "int64", "minimum": 0, "maximum": i64::MAX})
    );
    let order = &schemas["Order"]["properties"];
    assert_eq!(order["id"]["$ref"], "#/components/schemas/Uuid7");
    assert_eq!(order["customer"]["$ref"], "#/components/schemas/Ulid");
    assert_eq!(
        order["shipment"]["oneOf"][0]["$ref"],
        "#/components/schemas/SnowflakeId"
    );
    let parameter = &document["paths"]["/orders/{id}"]["get"]["parameters"][0];
    assert_eq!(parameter["schema"]["$ref"], "#/components/schemas/Uuid7");

    // The RFC 9562 example UUIDv7, and a text that is not one.
    let id = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
    let (status, order) = get(&address, &format!("/orders/{id}"));
    assert!(status.contains(" 200 "), "{status}");
    assert_eq!(order["id"], id);
    let customer = order["customer"].as_str().expect("a customer");
    assert!(
        customer.parse::<identifier::ulid::Ulid>().is_ok(),
        "{customer}"
    );
    assert_eq!(customer.len(), 26);
    let (status, _) = get(&address, "/orders/017f22e2-79b0-4cc3-98c4-dc0c0c07398f");
    assert!(
        status.contains(" 400 "),
        "a UUIDv4 is not an order's id: {status}"
    );
}
