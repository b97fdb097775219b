//! ZIP archives read front to back from their local file headers (APPNOTE.TXT §4.3.7), as a
//! stream: each entry's data is stored or deflated, and its own name says its codec (an archive
//! of a rolling log holds `events_1_….zstd`, …). Directories, macOS resource forks, Hadoop's
//! `.crc` files and `appstatus_` markers are passed over. The central directory at the end is
//! not needed and not read.

use super::inflate::Inflate;
use super::pending::Pending;
use super::pending::Unit;
use super::{Codec, DecodeError, Decoder, Sink};

const LOCAL: &[u8] = b"PK\x03\x04";
const DESCRIPTOR: &[u8] = b"PK\x07\x08";

enum State {
    Header,
    Stored {
        left: u64,
    },
    Deflated(Box<Inflate>),
    Descriptor,
    /// The central directory: the entries are over.
    Directory,
}

struct Entry {
    /// The entry's own decoder (`None`: passed over).
    inner: Option<Decoder>,
    /// A data descriptor follows the data (flag bit 3), of ZIP64 sizes or not.
    descriptor: Option<bool>,
}

/// The decoder.
pub(crate) struct Zip {
    state: State,
    pending: Pending,
    entry: Option<Entry>,
    consumed: u64,
    entries: u32,
    stopped: bool,
}

/// Whether an entry is one to pass over (not a log or a part of one).
pub(crate) fn passed_over(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    name.ends_with('/')
        || name.starts_with("__MACOSX/")
        || base.starts_with("._")
        || base == ".DS_Store"
        || base.ends_with(".crc")
        || base.starts_with("appstatus_")
}

impl Zip {
    pub(crate) fn new() -> Zip {
        Zip {
            state: State::Header,
            pending: Pending::default(),
            entry: None,
            consumed: 0,
            entries: 0,
            stopped: false,
        }
    }

    fn corrupt(&self, reason: impl Into<String>) -> DecodeError {
        DecodeError::corrupt(Codec::Zip, self.consumed, reason)
    }

    pub(crate) fn push(
        &mut self,
        mut input: &[u8],
        sink: &mut dyn Sink,
    ) -> Result<bool, DecodeError> {
        while !input.is_empty() && !self.stopped {
            let used = match &mut self.state {
                State::Directory => input.len(),
                State::Stored { left } => {
                    let n = usize::try_from(*left)
                        .unwrap_or(usize::MAX)
                        .min(input.len());
                    *left -= n as u64;
                    let done = *left == 0;
                    self.data(&input[..n], sink)?;
                    if done {
                        self.data_ended(sink)?;
                    }
                    n
                }
                State::Deflated(_) => self.deflated(input, sink)?,
                State::Header | State::Descriptor => self.framing(input, sink)?,
            };
            if used == 0 {
                break;
            }
            self.consumed += used as u64;
            input = &input[used..];
        }
        Ok(!self.stopped)
    }

    /// An entry's decoded data, to its own decoder.
    fn data(&mut self, data: &[u8], sink: &mut dyn Sink) -> Result<(), DecodeError> {
        if let Some(inner) = self.entry.as_mut().and_then(|e| e.inner.as_mut()) {
            if !inner.push(data, sink)? {
                self.stopped = true;
            }
        }
        Ok(())
    }

    fn deflated(&mut self, input: &[u8], sink: &mut dyn Sink) -> Result<usize, DecodeError> {
        let State::Deflated(inflate) = &mut self.state else {
            return Ok(0);
        };
        let inner = self.entry.as_mut().and_then(|e| e.inner.as_mut());
        let mut failed = None;
        let done = match inner {
            Some(inner) => {
                let mut emit = |d: &[u8]| match inner.push(d, sink) {
                    Ok(go_on) => go_on,
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                };
                inflate.push(input, &mut emit)
            }
            None => inflate.push(input, &mut |_| true),
        };
        let consumed = self.consumed;
        let done = done.map_err(|reason| DecodeError::corrupt(Codec::Zip, consumed, reason))?;
        if let Some(e) = failed {
            return Err(e);
        }
        self.stopped = done.stopped;
        if done.ended {
            self.data_ended(sink)?;
        }
        Ok(done.read)
    }

    /// The entry's data has ended: its descriptor next, or the next header.
    fn data_ended(&mut self, sink: &mut dyn Sink) -> Result<(), DecodeError> {
        if self.entry.as_ref().is_some_and(|e| e.descriptor.is_some()) {
            self.state = State::Descriptor;
            return Ok(());
        }
        self.end_entry(sink)
    }

    fn end_entry(&mut self, sink: &mut dyn Sink) -> Result<(), DecodeError> {
        self.state = State::Header;
        if let Some(mut entry) = self.entry.take() {
            if let Some(inner) = entry.inner.as_mut() {
                inner.finish(sink)?;
                sink.entry_end();
            }
        }
        Ok(())
    }

    /// A local header or a data descriptor, held until whole.
    fn framing(&mut self, input: &[u8], sink: &mut dyn Sink) -> Result<usize, DecodeError> {
        let mut pending = std::mem::take(&mut self.pending);
        let descriptor = matches!(self.state, State::Descriptor);
        let mut header = None;
        let result = pending.one(input, |b| {
            if descriptor {
                return self.descriptor(b);
            }
            let (unit, h) = self.header(b)?;
            header = h;
            Ok(unit)
        });
        self.pending = pending;
        let one = result?;
        if one.whole {
            if descriptor {
                self.end_entry(sink)?;
            } else if let Some(h) = header {
                self.start_entry(h, sink)?;
            }
        } else if one.used == 0 {
            return Err(self.corrupt("a header this reader cannot follow"));
        }
        Ok(one.used)
    }

    fn descriptor(&self, b: &[u8]) -> Result<Unit, DecodeError> {
        let zip64 = self.entry.as_ref().and_then(|e| e.descriptor) == Some(true);
        if b.len() < 4 {
            return Ok(Unit::Needs(4));
        }
        let signed = usize::from(b.starts_with(DESCRIPTOR)) * 4;
        let len = signed + 4 + if zip64 { 16 } else { 8 };
        Ok(if b.len() < len {
            Unit::Needs(len)
        } else {
            Unit::Read(len)
        })
    }

    fn header(&self, b: &[u8]) -> Result<(Unit, Option<LocalHeader>), DecodeError> {
        if b.len() < 4 {
            return Ok((Unit::Needs(4), None));
        }
        if !b.starts_with(LOCAL) {
            if b.starts_with(b"PK\x01\x02")
                || b.starts_with(b"PK\x05\x06")
                || b.starts_with(b"PK\x06\x06")
            {
                return Ok((Unit::Read(4), Some(LocalHeader::directory())));
            }
            return Err(self.corrupt("not a ZIP local file header"));
        }
        if b.len() < 30 {
            return Ok((Unit::Needs(30), None));
        }
        let short = |at: usize| u16::from_le_bytes([b[at], b[at + 1]]);
        let word = |at: usize| u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
        let (name_len, extra_len) = (usize::from(short(26)), usize::from(short(28)));
        let len = 30 + name_len + extra_len;
        if b.len() < len {
            return Ok((Unit::Needs(len), None));
        }
        let name = String::from_utf8_lossy(&b[30..30 + name_len]).into_owned();
        let extra = &b[30 + name_len..len];
        let mut compressed = u64::from(word(18));
        let zip64 = compressed == 0xFFFF_FFFF || word(22) == 0xFFFF_FFFF;
        if zip64 {
            compressed = zip64_compressed(extra).unwrap_or(compressed);
        }
        let h = LocalHeader {
            flags: short(6),
            method: short(8),
            compressed,
            zip64,
            name,
            directory: false,
        };
        Ok((Unit::Read(len), Some(h)))
    }

    fn start_entry(&mut self, h: LocalHeader, sink: &mut dyn Sink) -> Result<(), DecodeError> {
        if h.directory {
            self.state = State::Directory;
            return Ok(());
        }
        let unsupported = |what: String| Err(DecodeError::Unsupported { what });
        if h.flags & 1 != 0 {
            return unsupported(format!("the ZIP entry {} is encrypted: it", h.name));
        }
        let descriptor = (h.flags & 8 != 0).then_some(h.zip64);
        let skip = passed_over(&h.name);
        let codec = Codec::from_name(&h.name);
        if !skip && codec == Codec::Zip {
            return unsupported(format!("a ZIP archive inside the archive ({})", h.name));
        }
        self.state = match h.method {
            0 if descriptor.is_some() => {
                return unsupported(format!(
                    "the ZIP entry {} (stored, of unknown size)",
                    h.name
                ))
            }
            0 => State::Stored { left: h.compressed },
            8 => State::Deflated(Box::new(Inflate::new())),
            m => {
                return unsupported(format!(
                    "the ZIP entry {} (compression method {m}; only stored and deflate are read)",
                    h.name
                ))
            }
        };
        let inner = if skip {
            None
        } else {
            self.entries += 1;
            if !sink.entry_start(&h.name) {
                self.stopped = true;
            }
            Some(Decoder::new(codec))
        };
        self.entry = Some(Entry { inner, descriptor });
        if matches!(self.state, State::Stored { left: 0 }) {
            self.data_ended(sink)?;
        }
        Ok(())
    }

    pub(crate) fn finish(&mut self, sink: &mut dyn Sink) -> Result<(), DecodeError> {
        match self.state {
            State::Header | State::Directory if self.pending.is_empty() => {
                if self.entries == 0 {
                    return Err(DecodeError::Unsupported {
                        what: "a ZIP archive with no event log in it".to_string(),
                    });
                }
                let _ = sink;
                Ok(())
            }
            _ => Err(DecodeError::Truncated {
                codec: Codec::Zip,
                at_byte: self.consumed + self.pending.len() as u64,
            }),
        }
    }
}

struct LocalHeader {
    flags: u16,
    method: u16,
    compressed: u64,
    zip64: bool,
    name: String,
    directory: bool,
}

impl LocalHeader {
    fn directory() -> LocalHeader {
        LocalHeader {
            flags: 0,
            method: 0,
            compressed: 0,
            zip64: false,
            name: String::new(),
            directory: true,
        }
    }
}

/// The compressed size in a ZIP64 extra field (id 1: the original size, then the compressed).
fn zip64_compressed(mut extra: &[u8]) -> Option<u64> {
    while extra.len() >= 4 {
        let id = u16::from_le_bytes([extra[0], extra[1]]);
        let size = usize::from(u16::from_le_bytes([extra[2], extra[3]]));
        let body = extra.get(4..4 + size)?;
        if id == 1 && body.len() >= 16 {
            let mut c = [0u8; 8];
            c.copy_from_slice(&body[8..16]);
            return Some(u64::from_le_bytes(c));
        }
        extra = &extra[4 + size..];
    }
    None
}
