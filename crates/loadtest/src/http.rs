//! The load tool's HTTP requests (tables made, boardgame.io's lobby), on
//! hyper's own client. One client serves a whole run, so that its kept-alive
//! connections carry one table's request after another, as a person's
//! browser would.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};

/// One HTTP/1.1 request with a JSON body (or none) on a client of its own;
/// returns the status and the JSON reply (`null` when the reply is not JSON).
///
/// # Errors
/// The connection's or the protocol's failure, in words.
pub async fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    Http::from(None).request(addr, method, path, body).await
}

/// An HTTP client whose connections come from one local address.
#[derive(Clone, Debug)]
pub struct Http {
    client: Client<HttpConnector, Full<Bytes>>,
}

impl Http {
    /// A client whose connections come from `bind` (any address if `None`).
    pub fn from(bind: Option<IpAddr>) -> Http {
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        connector.set_local_address(bind);
        Http { client: Client::builder(TokioExecutor::new()).build(connector) }
    }

    /// As [`http_request`], on this client.
    ///
    /// # Errors
    /// As [`http_request`].
    pub async fn request(
        &self,
        addr: SocketAddr,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(u16, Value), String> {
        let request = hyper::Request::builder()
            .method(hyper::Method::from_bytes(method.as_bytes()).map_err(|e| e.to_string())?)
            .uri(format!("http://{addr}{path}"))
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(body.map(Value::to_string).unwrap_or_default())))
            .map_err(|e| e.to_string())?;
        let response = self.client.request(request).await.map_err(|e| format!("{method} {path}: {e}"))?;
        let status = response.status().as_u16();
        let reply = response.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
        Ok((status, serde_json::from_slice(&reply).unwrap_or(Value::Null)))
    }
}
