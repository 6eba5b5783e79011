//! Who a client is, for the per-address limits: the address its
//! connection comes from, grouped the way one party holds addresses.
//!
//! - IPv4: the address itself (a household or a school behind one NAT
//!   shares it, so the per-address limits are generous).
//! - IPv6: the /64 network, because one machine is routinely handed a whole
//!   /64 and can pick a fresh address from it for every request.
//! - An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4 address.
//!
//! `X-Forwarded-For` is read only when the connection comes from a proxy
//! the operator named as trusted (`spieltisch serve --trusted-proxy IP`).
//! Then the client is the right-most address in the header that is not a
//! trusted proxy: everything left of it was written by the client itself
//! and proves nothing. From any other peer the header is ignored, so a
//! client cannot pick its own address.

use axum::http::HeaderMap;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The group of addresses that one client is counted under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AddrGroup(IpAddr);

impl AddrGroup {
    /// The group `ip` belongs to.
    pub fn of(ip: IpAddr) -> AddrGroup {
        match canonical(ip) {
            IpAddr::V4(v4) => AddrGroup(IpAddr::V4(v4)),
            IpAddr::V6(v6) => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                AddrGroup(IpAddr::V6(Ipv6Addr::from(bits)))
            }
        }
    }

    /// The group of clients whose address is not known (requests that did
    /// not come through the server's listener, such as in-process tests).
    pub const UNKNOWN: AddrGroup = AddrGroup(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
}

/// `192.0.2.1`, or `2001:db8:1:2::/64`: what is stored with a table as its
/// creator and written in the log.
impl fmt::Display for AddrGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

/// An IPv4-mapped IPv6 address as the IPv4 address it is; others unchanged.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The proxies whose `X-Forwarded-For` is believed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpAddr>);

impl TrustedProxies {
    pub fn new(proxies: impl IntoIterator<Item = IpAddr>) -> Self {
        let mut list: Vec<IpAddr> = proxies.into_iter().map(canonical).collect();
        list.sort();
        list.dedup();
        TrustedProxies(list)
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.contains(&canonical(ip))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The client's address: `peer` (the connection's other end), unless
    /// `peer` is a trusted proxy; then the right-most address of
    /// `X-Forwarded-For` (all such headers, in order) that is not a trusted
    /// proxy. When every address in it is trusted, the left-most one; when
    /// an entry cannot be read, the last trusted hop before it (so a
    /// garbled header is counted against the proxy that passed it on, never
    /// against a made-up client).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = canonical(peer);
        if !self.contains(peer) {
            return peer;
        }
        let mut hops: Vec<&str> = Vec::new();
        for value in headers.get_all("x-forwarded-for") {
            let Ok(text) = value.to_str() else { return peer };
            hops.extend(text.split(',').map(str::trim).filter(|h| !h.is_empty()));
        }
        let mut last = peer;
        for hop in hops.iter().rev() {
            let Some(ip) = parse_hop(hop) else { return last };
            if !self.contains(ip) {
                return ip;
            }
            last = ip;
        }
        last
    }
}

/// One `X-Forwarded-For` entry: an address, possibly with a port
/// (`192.0.2.1:4711`, `[2001:db8::1]:4711`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    hop.parse::<std::net::SocketAddr>().ok().map(|s| canonical(s.ip()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        headers
    }

    #[test]
    fn ipv6_is_grouped_by_its_64_and_ipv4_is_taken_as_it_is() {
        let a = AddrGroup::of(ip("2001:db8:1:2:aaaa::1"));
        let b = AddrGroup::of(ip("2001:db8:1:2:ffff:ffff:ffff:ffff"));
        let c = AddrGroup::of(ip("2001:db8:1:3::1"));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.to_string(), "2001:db8:1:2::/64");
        assert_ne!(AddrGroup::of(ip("192.0.2.1")), AddrGroup::of(ip("192.0.2.2")));
        assert_eq!(AddrGroup::of(ip("::ffff:192.0.2.1")), AddrGroup::of(ip("192.0.2.1")));
        assert_eq!(AddrGroup::of(ip("192.0.2.1")).to_string(), "192.0.2.1");
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let none = TrustedProxies::default();
        let proxy = TrustedProxies::new([ip("10.0.0.1"), ip("10.0.0.2")]);
        let headers = forwarded(&["198.51.100.9"]);
        // Not trusted: the header is the client's own word and is ignored.
        assert_eq!(none.client(ip("203.0.113.5"), &headers), ip("203.0.113.5"));
        assert_eq!(proxy.client(ip("203.0.113.5"), &headers), ip("203.0.113.5"));
        // Trusted: the right-most address that is not a trusted proxy.
        assert_eq!(proxy.client(ip("10.0.0.1"), &headers), ip("198.51.100.9"));
        let spoofed = forwarded(&["1.2.3.4, 198.51.100.9", "10.0.0.2"]);
        assert_eq!(proxy.client(ip("10.0.0.1"), &spoofed), ip("198.51.100.9"));
        // Ports and mapped addresses are read.
        let ported = forwarded(&["[2001:db8::7]:4711, ::ffff:10.0.0.2"]);
        assert_eq!(proxy.client(ip("::ffff:10.0.0.1"), &ported), ip("2001:db8::7"));
        // Garbage stops the walk at the last trusted hop.
        assert_eq!(proxy.client(ip("10.0.0.1"), &forwarded(&["198.51.100.9, junk"])), ip("10.0.0.1"));
        // No header, or only proxies in it.
        assert_eq!(proxy.client(ip("10.0.0.1"), &HeaderMap::new()), ip("10.0.0.1"));
        assert_eq!(proxy.client(ip("10.0.0.1"), &forwarded(&["10.0.0.2"])), ip("10.0.0.2"));
    }
}
