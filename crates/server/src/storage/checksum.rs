//! The checksum of a table's actions (FNV-1a over lines), which both
//! engines keep up to date as actions are appended and check when a table
//! is read back ([`super::TableSum`] says which version covers what).

/// A checksum of a table's actions in order: FNV-1a (64 bits) over each
/// action's bytes followed by a line feed, written as 16 hex digits. Kept up
/// to date as actions are appended, without reading them back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checksum(u64);

impl Checksum {
    pub(crate) const EMPTY: Checksum = Checksum(0xcbf2_9ce4_8422_2325);

    /// The checksum of `actions`.
    pub fn of<'a>(actions: impl IntoIterator<Item = &'a String>) -> Checksum {
        actions.into_iter().fold(Checksum::EMPTY, |sum, action| sum.then(action))
    }

    /// The checksum of the actions so far and `action` after them.
    pub fn then(self, action: &str) -> Checksum {
        let step = |hash: u64, byte: u8| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        Checksum(action.bytes().chain([b'\n']).fold(self.0, step))
    }

    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }

    pub(crate) fn parse(hex: &str) -> Option<Checksum> {
        u64::from_str_radix(hex, 16).ok().map(Checksum)
    }
}
