//! An axum service whose OpenAPI document (utoipa) describes its ids: `Uuid7`, `Ulid` and
//! `SnowflakeId` fields become components of the document, with the schema of what serde
//! writes for each.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["serde", "utoipa"] }
//! axum = "0.8"
//! serde = { version = "1", features = ["derive"] }
//! tokio = { version = "1", features = ["macros", "net", "rt"] }
//! utoipa = "6"
//! ```
//!
//! `cargo run -p tick-identifier --example openapi --features serde,utoipa`
//! prints the address it listens on (`ADDRESS` chooses it; a free port on 127.0.0.1 by default);
//! then `curl <address>/api-docs/openapi.json` shows the document, and
//! `curl <address>/orders/017f22e2-79b0-7cc3-98c4-dc0c0c07398f` an order.

use axum::extract::Path;
use axum::routing::get;
use axum::{Json, Router};
use identifier::snowflake::SnowflakeId;
use identifier::ulid::Ulid;
use identifier::uuid7::Uuid7;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

/// An order, as the API returns it.
#[derive(Serialize, ToSchema)]
struct Order {
    /// The order's id, made when it was placed.
    id: Uuid7,
    /// The customer who placed it.
    customer: Ulid,
    /// The warehouse event that shipped it, if it has shipped.
    shipment: Option<SnowflakeId>,
}

/// The order of this id.
#[utoipa::path(
    get,
    path = "/orders/{id}",
    params(("id" = Uuid7, Path, description = "The order's id")),
    responses((status = 200, description = "The order", body = Order))
)]
async fn order(Path(id): Path<Uuid7>) -> Json<Order> {
    Json(Order {
        id,
        customer: identifier::ulid::generate(),
        shipment: None,
    })
}

#[derive(OpenApi)]
#[openapi(paths(order), components(schemas(Order)))]
struct ApiDoc;

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::io::Result<()> {
    let app = Router::new().route("/orders/{id}", get(order)).route(
        "/api-docs/openapi.json",
        get(|| async { Json(ApiDoc::openapi()) }),
    );
    let address = std::env::var("ADDRESS").unwrap_or_else(|_| "127.0.0.1:0".into());
    let listener = tokio::net::TcpListener::bind(&address).await?;
    println!("listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app).await
}
