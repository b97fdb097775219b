//! Snappy as Spark writes it: snappy-java's `SnappyOutputStream` (Spark's
//! `SnappyCompressionCodec`), not the Snappy framing format. A 16-byte header (the magic
//! `\x82SNAPPY\0`, then the version and the compatible version as big-endian integers), then
//! chunks: a big-endian 4-byte length and that many bytes of raw Snappy, decoded by `snap`.
//! `SnappyInputStream` reads concatenated streams, so a header may come again between chunks.

use super::pending::{Pending, Unit};
use super::{Codec, DecodeError, Sink};

/// The stream's magic number.
pub(crate) const MAGIC: &[u8] = b"\x82SNAPPY\x00";
const HEADER: usize = 16;
/// snappy-java's largest block is 2³¹ − 1; Spark's `spark.io.compression.snappy.blockSize` is
/// 32 KiB by default. Chunks above this are refused rather than held.
const MAX_CHUNK: usize = 64 << 20;

/// The decoder.
pub(crate) struct Snappy {
    pending: Pending,
    decoder: snap::raw::Decoder,
    out: Vec<u8>,
    consumed: u64,
    header_read: bool,
    stopped: bool,
}

impl Snappy {
    pub(crate) fn new() -> Snappy {
        Snappy {
            pending: Pending::default(),
            decoder: snap::raw::Decoder::new(),
            out: Vec::new(),
            consumed: 0,
            header_read: false,
            stopped: false,
        }
    }

    fn corrupt(&self, reason: impl Into<String>) -> DecodeError {
        DecodeError::corrupt(Codec::Snappy, self.consumed, reason)
    }

    pub(crate) fn push(&mut self, input: &[u8], sink: &mut dyn Sink) -> Result<bool, DecodeError> {
        let mut pending = std::mem::take(&mut self.pending);
        let result = pending.feed(input, |unit| self.unit(unit, sink));
        self.pending = pending;
        result.map(|()| !self.stopped)
    }

    fn unit(&mut self, bytes: &[u8], sink: &mut dyn Sink) -> Result<Unit, DecodeError> {
        if self.stopped {
            return Ok(Unit::Read(bytes.len()));
        }
        if !self.header_read || bytes.first() == Some(&MAGIC[0]) {
            if bytes.len() < HEADER {
                return Ok(Unit::Needs(HEADER));
            }
            if &bytes[..8] != MAGIC {
                return Err(self.corrupt("the stream does not start with snappy-java's header"));
            }
            self.header_read = true;
            self.consumed += HEADER as u64;
            return Ok(Unit::Read(HEADER));
        }
        if bytes.len() < 4 {
            return Ok(Unit::Needs(4));
        }
        let len = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize;
        if len > MAX_CHUNK {
            return Err(self.corrupt(format!("a chunk of {len} bytes")));
        }
        if bytes.len() < 4 + len {
            return Ok(Unit::Needs(4 + len));
        }
        let data = &bytes[4..4 + len];
        let size = snap::raw::decompress_len(data).map_err(|e| self.corrupt(e.to_string()))?;
        if size > MAX_CHUNK {
            return Err(self.corrupt(format!("a chunk that holds {size} bytes")));
        }
        self.out.resize(size, 0);
        let n = self
            .decoder
            .decompress(data, &mut self.out)
            .map_err(|e| self.corrupt(e.to_string()))?;
        if !sink.bytes(&self.out[..n]) {
            self.stopped = true;
        }
        self.consumed += (4 + len) as u64;
        Ok(Unit::Read(4 + len))
    }

    pub(crate) fn finish(&mut self) -> Result<(), DecodeError> {
        if !self.pending.is_empty() {
            return Err(DecodeError::Truncated {
                codec: Codec::Snappy,
                at_byte: self.consumed + self.pending.len() as u64,
            });
        }
        if !self.header_read {
            return Err(self.corrupt("no snappy-java header"));
        }
        Ok(())
    }
}
