//! LZF as Spark writes it: ning's `LZFOutputStream` (Spark's `LZFCompressionCodec`). Chunks of
//! at most 64 KiB, each with a header: `ZV`, a type byte (0: stored, then a big-endian 2-byte
//! length; 1: compressed, then the compressed and the original 2-byte lengths), then the data.
//! The block format is liblzf's (no maintained crate reads it, so it is decoded here: a control
//! byte below 32 is a run of that many + 1 literal bytes; above, its top 3 bits are a copy's
//! length − 2 (7: add the next byte) and its low 5 bits with the next byte its distance − 1).

use super::pending::{Pending, Unit};
use super::{Codec, DecodeError, Sink};

/// A chunk's magic number.
pub(crate) const MAGIC: &[u8] = b"ZV";

/// The decoder.
pub(crate) struct Lzf {
    pending: Pending,
    out: Vec<u8>,
    consumed: u64,
    any_chunk: bool,
    stopped: bool,
}

impl Lzf {
    pub(crate) fn new() -> Lzf {
        Lzf {
            pending: Pending::default(),
            out: Vec::with_capacity(1 << 16),
            consumed: 0,
            any_chunk: false,
            stopped: false,
        }
    }

    fn corrupt(&self, reason: impl Into<String>) -> DecodeError {
        DecodeError::corrupt(Codec::Lzf, self.consumed, reason)
    }

    pub(crate) fn push(&mut self, input: &[u8], sink: &mut dyn Sink) -> Result<bool, DecodeError> {
        let mut pending = std::mem::take(&mut self.pending);
        let result = pending.feed(input, |unit| self.chunk(unit, sink));
        self.pending = pending;
        result.map(|()| !self.stopped)
    }

    fn chunk(&mut self, bytes: &[u8], sink: &mut dyn Sink) -> Result<Unit, DecodeError> {
        if self.stopped {
            return Ok(Unit::Read(bytes.len()));
        }
        if bytes.len() < 5 {
            return Ok(Unit::Needs(5));
        }
        if &bytes[..2] != MAGIC {
            return Err(self.corrupt("a chunk does not start with ZV"));
        }
        let short = |at: usize| usize::from(u16::from_be_bytes([bytes[at], bytes[at + 1]]));
        let (header, len, original) = match bytes[2] {
            0 => (5, short(3), None),
            1 if bytes.len() < 7 => return Ok(Unit::Needs(7)),
            1 => (7, short(3), Some(short(5))),
            t => return Err(self.corrupt(format!("an unknown chunk type {t}"))),
        };
        if bytes.len() < header + len {
            return Ok(Unit::Needs(header + len));
        }
        let data = &bytes[header..header + len];
        let decoded: &[u8] = match original {
            None => data,
            Some(original) => {
                decompress(data, original, &mut self.out).map_err(|r| self.corrupt(r))?;
                &self.out
            }
        };
        self.any_chunk = true;
        if !sink.bytes(decoded) {
            self.stopped = true;
        }
        self.consumed += (header + len) as u64;
        Ok(Unit::Read(header + len))
    }

    pub(crate) fn finish(&mut self) -> Result<(), DecodeError> {
        if !self.pending.is_empty() {
            return Err(DecodeError::Truncated {
                codec: Codec::Lzf,
                at_byte: self.consumed + self.pending.len() as u64,
            });
        }
        if !self.any_chunk {
            return Err(self.corrupt("no LZF chunk"));
        }
        Ok(())
    }
}

/// Decodes one LZF block of `original` bytes into `out` (cleared first).
pub(crate) fn decompress(
    data: &[u8],
    original: usize,
    out: &mut Vec<u8>,
) -> Result<(), &'static str> {
    out.clear();
    let mut i = 0;
    while i < data.len() {
        let control = usize::from(data[i]);
        i += 1;
        if control < 32 {
            let run = control + 1;
            let literal = data
                .get(i..i + run)
                .ok_or("a literal run past the block's end")?;
            out.extend_from_slice(literal);
            i += run;
        } else {
            let mut len = control >> 5;
            if len == 7 {
                len += usize::from(*data.get(i).ok_or("a copy length past the block's end")?);
                i += 1;
            }
            let low = usize::from(*data.get(i).ok_or("a copy distance past the block's end")?);
            i += 1;
            let distance = ((control & 0x1F) << 8) + low + 1;
            let start = out
                .len()
                .checked_sub(distance)
                .ok_or("a copy from before the block's start")?;
            // Copies may overlap what they write (a run): byte by byte.
            for k in 0..len + 2 {
                let b = out[start + k];
                out.push(b);
            }
        }
        if out.len() > original {
            return Err("a block longer than its header says");
        }
    }
    if out.len() != original {
        return Err("a block shorter than its header says");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::decompress;

    #[test]
    fn literal_runs_and_overlapping_copies() {
        // "abc" as a literal run of 3, then a copy of 6 bytes from distance 3: "abcabcabc".
        let data = [2, b'a', b'b', b'c', (4 << 5), 2];
        let mut out = Vec::new();
        decompress(&data, 9, &mut out).unwrap();
        assert_eq!(out, b"abcabcabc");
        // A copy reaching before the start is refused, not a panic.
        assert!(decompress(&[(1 << 5), 9], 3, &mut out).is_err());
        assert!(decompress(&[5, b'a'], 6, &mut out).is_err());
    }
}
