//! Reading lines of input with a bound on their length.

use std::io::{self, BufRead};

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The bytes of the line without its end (`\n` or `\r\n`).
    Bytes(Vec<u8>),
    /// A line longer than the bound; it was read to its end and dropped.
    TooLong,
}

/// Reads the next line, keeping at most `max` bytes of it; `None` at the end
/// of input. A longer line is consumed to its end and reported as
/// [`Line::TooLong`], so one huge line can neither exhaust memory nor
/// desynchronise the lines after it.
pub fn read_line(reader: &mut dyn BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + chunk.len() > max {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(Line::Bytes(line)))
}

/// Reads the next line as text for interactive commands (invalid UTF-8 is
/// replaced, an over-long line becomes empty); `None` at the end of input.
pub fn read_text_line(reader: &mut dyn BufRead) -> io::Result<Option<String>> {
    Ok(read_line(reader, 64 * 1024)?.map(|line| match line {
        Line::Bytes(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Line::TooLong => String::new(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(4, input);
        std::iter::from_fn(|| read_line(&mut reader, max).unwrap()).collect()
    }

    #[test]
    fn splits_lines_and_strips_their_ends() {
        assert_eq!(
            lines(b"ab\r\ncd\n\nlast", 10),
            vec![
                Line::Bytes(b"ab".to_vec()),
                Line::Bytes(b"cd".to_vec()),
                Line::Bytes(vec![]),
                Line::Bytes(b"last".to_vec())
            ]
        );
    }

    #[test]
    fn an_over_long_line_is_dropped_whole_and_the_next_survives() {
        assert_eq!(lines(b"0123456789abc\nok\n", 5), vec![Line::TooLong, Line::Bytes(b"ok".to_vec())]);
    }

    #[test]
    fn empty_input_has_no_lines() {
        assert!(lines(b"", 5).is_empty());
    }
}
