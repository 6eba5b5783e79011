//! The actions read page by page, where the b-tree of the actions no
//! longer reaches them (its root or an interior page damaged): every page
//! of the file that is a page of an index b-tree (the shape a table
//! `WITHOUT ROWID` is stored in; its interior pages hold rows too, each
//! row being on one page only) is read as one, and each cell shaped like a
//! row of `actions` (a text, an integer, a text) is kept. Freed pages may
//! hold stale rows, so what is found is used only where it verifies
//! against the table's version and checksum. A row too long to fit on its
//! page (continued on overflow pages) is not read.

use std::collections::{BTreeMap, HashMap};

/// The actions found, by table id and index; an index where two different
/// actions were found keeps both.
pub(super) type Found = HashMap<String, BTreeMap<i64, Vec<String>>>;

/// The type bytes of the pages of an index b-tree, and how long their
/// header is: an interior page's names its rightmost child too.
const INDEX_PAGES: [(u8, usize); 2] = [(0x0a, 8), (0x02, 12)];

/// Every row of `actions` on the index pages of the database file `file`.
pub(super) fn scan(file: &[u8]) -> Found {
    let mut found = Found::new();
    let Some(page_size) = page_size(file) else { return found };
    let usable = page_size - usize::from(file.get(20).copied().unwrap_or(0));
    // The most of a cell an index leaf keeps on its page before overflowing.
    let max_local = (usable - 12) * 64 / 255 - 23;
    for (number, page) in file.chunks_exact(page_size).enumerate() {
        // Page 1 begins with the file's header.
        let header = if number == 0 { 100 } else { 0 };
        let Some(&(kind, header_length)) = INDEX_PAGES.iter().find(|(kind, _)| page[header] == *kind) else {
            continue;
        };
        // A cell of an interior page begins with the number of its left child.
        let child = if kind == 0x02 { 4 } else { 0 };
        let cells = usize::from(u16::from_be_bytes([page[header + 3], page[header + 4]]));
        for cell in 0..cells {
            let pointer = header + header_length + 2 * cell;
            let Some(&[high, low]) = page.get(pointer..pointer + 2) else { break };
            let offset = usize::from(u16::from_be_bytes([high, low])) + child;
            let Some((length, read)) = page.get(offset..).and_then(varint) else { continue };
            let length = length as usize;
            if length > max_local {
                continue;
            }
            let Some(payload) = page.get(offset + read..offset + read + length) else { continue };
            if let Some((table, index, action)) = action_row(payload) {
                let candidates = found.entry(table).or_default().entry(index).or_default();
                if !candidates.contains(&action) {
                    candidates.push(action);
                }
            }
        }
    }
    found
}

/// The actions of `table` found, `(index, action)` in order, if exactly one
/// action was found at each index.
pub(super) fn actions_of(found: &Found, table: &str) -> Option<Vec<(i64, String)>> {
    found
        .get(table)?
        .iter()
        .map(|(index, candidates)| match candidates.as_slice() {
            [action] => Some((*index, action.clone())),
            _ => None,
        })
        .collect()
}

fn page_size(file: &[u8]) -> Option<usize> {
    let raw = u16::from_be_bytes([*file.get(16)?, *file.get(17)?]);
    let size = if raw == 1 { 65_536 } else { usize::from(raw) };
    (size >= 512 && size.is_power_of_two()).then_some(size)
}

/// SQLite's variable-length integer at the start of `bytes`: its value and
/// how many bytes it takes.
fn varint(bytes: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().enumerate().take(9) {
        if i == 8 {
            return Some(((value << 8) | u64::from(byte), 9));
        }
        value = (value << 7) | u64::from(byte & 0x7f);
        if byte & 0x80 == 0 {
            return Some((value, i + 1));
        }
    }
    None
}

/// A record of a text, an integer and a text, as a row of `actions` is stored.
fn action_row(payload: &[u8]) -> Option<(String, i64, String)> {
    let (header, mut at) = varint(payload)?;
    let header = usize::try_from(header).ok()?;
    let mut types = Vec::new();
    while at < header {
        let (serial, read) = varint(payload.get(at..header)?)?;
        types.push(serial);
        at += read;
    }
    let [table, index, action] = types[..] else { return None };
    let mut body = payload.get(header..)?;
    let row = (text(table, &mut body)?, integer(index, &mut body)?, text(action, &mut body)?);
    body.is_empty().then_some(row)
}

/// Takes `length` bytes off the front of `body`.
fn take<'a>(body: &mut &'a [u8], length: usize) -> Option<&'a [u8]> {
    let taken = body.get(..length)?;
    *body = &body[length..];
    Some(taken)
}

fn text(serial: u64, body: &mut &[u8]) -> Option<String> {
    if serial < 13 || serial.is_multiple_of(2) {
        return None;
    }
    let bytes = take(body, usize::try_from((serial - 13) / 2).ok()?)?;
    String::from_utf8(bytes.to_vec()).ok()
}

fn integer(serial: u64, body: &mut &[u8]) -> Option<i64> {
    let length = match serial {
        8 => return Some(0),
        9 => return Some(1),
        1..=4 => serial as usize,
        5 => 6,
        6 => 8,
        _ => return None,
    };
    let bytes = take(body, length)?;
    // Big-endian two's complement, sign-extended.
    let start = if bytes[0] & 0x80 != 0 { -1i64 } else { 0 };
    Some(bytes.iter().fold(start, |value, &byte| (value << 8) | i64::from(byte)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_of_a_real_file_are_found_on_its_leaves() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE actions (table_id TEXT NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL,
                 PRIMARY KEY (table_id, idx)) WITHOUT ROWID;",
        )
        .unwrap();
        let mut written = Vec::new();
        for table in 0..20 {
            for index in [0i64, 1, 300, 70_000, -5] {
                let action = format!("play {table}-{index} {}", "x".repeat(table * 7));
                conn.execute(
                    "INSERT INTO actions VALUES (?1, ?2, ?3)",
                    rusqlite::params![format!("t{table}"), index, action],
                )
                .unwrap();
                written.push((format!("t{table}"), index, action));
            }
        }
        let file = std::env::temp_dir().join(format!("spieltisch-leaves-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&file);
        conn.execute("VACUUM INTO ?1", [file.to_str().unwrap()]).unwrap();
        let found = scan(&std::fs::read(&file).unwrap());
        let _ = std::fs::remove_file(&file);
        for (table, index, action) in &written {
            assert_eq!(found[table][index], std::slice::from_ref(action), "{table} {index}");
        }
        assert_eq!(actions_of(&found, "t3").unwrap().len(), 5);
        assert_eq!(actions_of(&found, "t99"), None);
    }

    #[test]
    fn integers_of_every_width_and_sign_read_back() {
        for (serial, bytes, value) in [
            (1, vec![0xff], -1),
            (2, vec![0x01, 0x00], 256),
            (3, vec![0x80, 0x00, 0x00], -8_388_608),
            (6, 70_000i64.to_be_bytes().to_vec(), 70_000),
            (8, vec![], 0),
            (9, vec![], 1),
        ] {
            let mut body = bytes.as_slice();
            assert_eq!(integer(serial, &mut body), Some(value), "{serial}");
            assert!(body.is_empty());
        }
    }
}
