//! Decoded bytes split into lines, with a bound on a line's length: whole lines inside a chunk
//! are handed on where they lie; only a line split across chunks is copied, and a line longer
//! than the bound is passed over (its first bytes kept, to say what it was).

/// A line handed on.
pub(crate) struct Line<'a> {
    /// 1-based, in its file.
    pub(crate) number: u64,
    /// Its bytes without the line ending; for an overlong line, its first bytes only.
    pub(crate) bytes: &'a [u8],
    /// The line's whole length in bytes (more than `bytes` for an overlong line).
    pub(crate) len: u64,
    /// Whether the file ended without a line ending after it.
    pub(crate) unterminated: bool,
}

/// How much of an overlong line is kept.
const KEPT_OF_OVERLONG: usize = 256;

/// The splitter, per file.
pub(crate) struct Lines {
    carry: Vec<u8>,
    /// Length of the current line so far, when it is longer than the bound (passed over).
    overlong: Option<u64>,
    number: u64,
    max_line: usize,
}

impl Lines {
    pub(crate) fn new(max_line: usize) -> Lines {
        Lines {
            carry: Vec::new(),
            overlong: None,
            number: 0,
            max_line: max_line.max(KEPT_OF_OVERLONG),
        }
    }

    /// Lines read so far in this file.
    pub(crate) fn count(&self) -> u64 {
        self.number
    }

    /// Splits `data`; `each` is called for every whole line and returns `false` to stop.
    pub(crate) fn push(&mut self, mut data: &[u8], each: &mut dyn FnMut(Line<'_>) -> bool) -> bool {
        while let Some(end) = memchr::memchr(b'\n', data) {
            let (head, rest) = (&data[..end], &data[end + 1..]);
            data = rest;
            self.number += 1;
            let number = self.number;
            let go_on = if let Some(len) = self.overlong.take() {
                let line = Line {
                    number,
                    bytes: &self.carry,
                    len: len + head.len() as u64,
                    unterminated: false,
                };
                let go_on = each(line);
                self.carry.clear();
                go_on
            } else if self.carry.is_empty() {
                if head.len() > self.max_line {
                    each(Line {
                        number,
                        bytes: &head[..KEPT_OF_OVERLONG],
                        len: head.len() as u64,
                        unterminated: false,
                    })
                } else {
                    each(Line {
                        number,
                        bytes: trim_cr(head),
                        len: head.len() as u64,
                        unterminated: false,
                    })
                }
            } else {
                self.append(head);
                let go_on = match self.overlong.take() {
                    Some(len) => each(Line {
                        number,
                        bytes: &self.carry,
                        len,
                        unterminated: false,
                    }),
                    None => each(Line {
                        number,
                        bytes: trim_cr(&self.carry),
                        len: self.carry.len() as u64,
                        unterminated: false,
                    }),
                };
                self.carry.clear();
                go_on
            };
            if !go_on {
                return false;
            }
        }
        if !data.is_empty() {
            self.append(data);
        }
        true
    }

    /// Adds bytes of an unfinished line, passing over what is past the bound.
    fn append(&mut self, data: &[u8]) {
        if let Some(len) = self.overlong.as_mut() {
            *len += data.len() as u64;
            return;
        }
        if self.carry.len() + data.len() > self.max_line {
            let len = (self.carry.len() + data.len()) as u64;
            let keep = KEPT_OF_OVERLONG
                .saturating_sub(self.carry.len())
                .min(data.len());
            self.carry.extend_from_slice(&data[..keep]);
            self.carry.truncate(KEPT_OF_OVERLONG);
            self.carry.shrink_to(KEPT_OF_OVERLONG);
            self.overlong = Some(len);
            return;
        }
        self.carry.extend_from_slice(data);
    }

    /// The file has ended: its last line, when it had no line ending.
    pub(crate) fn finish(&mut self, each: &mut dyn FnMut(Line<'_>) -> bool) {
        let overlong = self.overlong.take();
        if self.carry.is_empty() && overlong.is_none() {
            return;
        }
        self.number += 1;
        let line = Line {
            number: self.number,
            len: overlong.unwrap_or(self.carry.len() as u64),
            bytes: if overlong.is_some() {
                &self.carry
            } else {
                trim_cr(&self.carry)
            },
            unterminated: true,
        };
        each(line);
        self.carry.clear();
    }
}

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::Lines;

    fn split(chunks: &[&[u8]], max: usize) -> Vec<(u64, Vec<u8>, u64, bool)> {
        let mut out = Vec::new();
        let mut lines = Lines::new(max);
        let mut each = |l: super::Line<'_>| {
            out.push((l.number, l.bytes.to_vec(), l.len, l.unterminated));
            true
        };
        for c in chunks {
            lines.push(c, &mut each);
        }
        lines.finish(&mut each);
        out
    }

    #[test]
    fn lines_split_across_chunks_of_any_size() {
        let text = b"{\"a\":1}\r\n{\"b\":2}\n\n{\"c\":3}";
        let whole = split(&[text], 1 << 20);
        for size in 1..text.len() {
            let chunks: Vec<&[u8]> = text.chunks(size).collect();
            assert_eq!(split(&chunks, 1 << 20), whole, "chunks of {size}");
        }
        assert_eq!(whole.len(), 4);
        assert_eq!(whole[0].1, b"{\"a\":1}");
        assert_eq!(whole[3], (4, b"{\"c\":3}".to_vec(), 7, true));
    }

    #[test]
    fn an_overlong_line_keeps_its_start_and_its_length() {
        let mut text = vec![b'x'; 1000];
        text.push(b'\n');
        text.extend_from_slice(b"ok\n");
        for size in [1, 7, 300, 2000] {
            let chunks: Vec<&[u8]> = text.chunks(size).collect();
            let got = split(&chunks, 300);
            assert_eq!(got.len(), 2, "chunks of {size}");
            assert_eq!((got[0].1.len(), got[0].2), (256, 1000), "chunks of {size}");
            assert_eq!(got[1].1, b"ok");
        }
    }
}
