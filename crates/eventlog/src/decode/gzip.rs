//! gzip (RFC 1952): members of a header, a deflate body and an 8-byte trailer (CRC-32 and the
//! length modulo 2³²), one after another. The body is inflated by [`super::inflate`]; the
//! trailer is checked.

use super::inflate::Inflate;
use super::pending::{Pending, Unit};
use super::{Codec, DecodeError, Sink};

enum State {
    Header,
    Body(Box<Inflate>),
    Trailer,
}

/// The decoder.
pub(crate) struct Gzip {
    state: State,
    pending: Pending,
    crc: flate2::Crc,
    consumed: u64,
    members: u32,
    stopped: bool,
}

impl Gzip {
    pub(crate) fn new() -> Gzip {
        Gzip {
            state: State::Header,
            pending: Pending::default(),
            crc: flate2::Crc::new(),
            consumed: 0,
            members: 0,
            stopped: false,
        }
    }

    fn corrupt(&self, reason: impl Into<String>) -> DecodeError {
        DecodeError::corrupt(Codec::Gzip, self.consumed, reason)
    }

    pub(crate) fn push(
        &mut self,
        mut input: &[u8],
        sink: &mut dyn Sink,
    ) -> Result<bool, DecodeError> {
        while !input.is_empty() && !self.stopped {
            if let State::Body(inflate) = &mut self.state {
                let crc = &mut self.crc;
                let mut emit = |d: &[u8]| {
                    crc.update(d);
                    sink.bytes(d)
                };
                let done = inflate
                    .push(input, &mut emit)
                    .map_err(|r| DecodeError::corrupt(Codec::Gzip, self.consumed, r))?;
                self.consumed += done.read as u64;
                input = &input[done.read..];
                self.stopped = done.stopped;
                if done.ended {
                    self.state = State::Trailer;
                } else if done.read == 0 {
                    break;
                }
                continue;
            }
            input = self.framing(input)?;
        }
        Ok(!self.stopped)
    }

    /// Reads header or trailer bytes from `input` (held until whole); the rest of the input.
    fn framing<'a>(&mut self, input: &'a [u8]) -> Result<&'a [u8], DecodeError> {
        let mut pending = std::mem::take(&mut self.pending);
        let result = pending.one(input, |bytes| match self.state {
            State::Trailer => self.trailer(bytes),
            _ => self.header(bytes),
        });
        self.pending = pending;
        let one = result?;
        if !one.whole && one.used == 0 {
            return Err(self.corrupt("a header this reader cannot follow"));
        }
        Ok(&input[one.used..])
    }

    fn header(&mut self, b: &[u8]) -> Result<Unit, DecodeError> {
        if b.len() < 10 {
            return Ok(Unit::Needs(10));
        }
        if b[0] != 0x1F || b[1] != 0x8B || b[2] != 8 {
            return Err(self.corrupt("not a gzip member header"));
        }
        let flags = b[3];
        let mut at = 10;
        if flags & 0x04 != 0 {
            if b.len() < at + 2 {
                return Ok(Unit::Needs(at + 2));
            }
            at += 2 + usize::from(u16::from_le_bytes([b[at], b[at + 1]]));
        }
        for flag in [0x08, 0x10] {
            if flags & flag != 0 {
                match b.get(at..).and_then(|r| r.iter().position(|&c| c == 0)) {
                    Some(zero) => at += zero + 1,
                    None if b.len() > 64 << 10 => {
                        return Err(self.corrupt("a header name of over 64 KiB"))
                    }
                    None => return Ok(Unit::Needs(b.len().max(at) + 1)),
                }
            }
        }
        if flags & 0x02 != 0 {
            at += 2;
        }
        if b.len() < at {
            return Ok(Unit::Needs(at));
        }
        self.state = State::Body(Box::new(Inflate::new()));
        self.crc = flate2::Crc::new();
        self.consumed += at as u64;
        Ok(Unit::Read(at))
    }

    fn trailer(&mut self, b: &[u8]) -> Result<Unit, DecodeError> {
        if b.len() < 8 {
            return Ok(Unit::Needs(8));
        }
        let crc = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let size = u32::from_le_bytes([b[4], b[5], b[6], b[7]]);
        if crc != self.crc.sum() || size != self.crc.amount() {
            return Err(self.corrupt("the member's CRC-32 or length does not match its data"));
        }
        self.members += 1;
        self.state = State::Header;
        self.consumed += 8;
        Ok(Unit::Read(8))
    }

    pub(crate) fn finish(&mut self) -> Result<(), DecodeError> {
        match self.state {
            State::Header if self.pending.is_empty() && self.members > 0 => Ok(()),
            State::Header if self.members == 0 && self.pending.is_empty() => {
                Err(self.corrupt("no gzip member"))
            }
            _ => Err(DecodeError::Truncated {
                codec: Codec::Gzip,
                at_byte: self.consumed + self.pending.len() as u64,
            }),
        }
    }
}
