//! LZ4 as Spark writes it: lz4-java's `LZ4BlockOutputStream` (Spark's `LZ4CompressionCodec`),
//! not the LZ4 frame format. Each block has a 21-byte header: the magic `LZ4Block`, a token
//! (method `0x10` raw or `0x20` LZ4, ored with the block size's level: blocks hold at most
//! `1 << (10 + level)` bytes), the compressed and the original length and an xxHash32 of the
//! original bytes (seed `0x9747b28c`, its low 28 bits), all little-endian. A block of length 0
//! ends a stream; another stream may follow it (Spark concatenates them). Block data is
//! decoded by `lz4_flex`'s block decoder.

use super::pending::{Pending, Unit};
use super::{Codec, DecodeError, Sink};

/// The magic number of every block.
pub(crate) const MAGIC: &[u8] = b"LZ4Block";
const HEADER: usize = 21;
const RAW: u8 = 0x10;
const LZ4: u8 = 0x20;
/// lz4-java's checksum seed (`LZ4BlockOutputStream.DEFAULT_SEED`).
const SEED: u32 = 0x9747_B28C;

/// The decoder.
pub(crate) struct Lz4 {
    pending: Pending,
    out: Vec<u8>,
    consumed: u64,
    /// Between a stream's end block and the next stream (or the end of the file).
    ended: bool,
    stopped: bool,
}

impl Lz4 {
    pub(crate) fn new() -> Lz4 {
        Lz4 {
            pending: Pending::default(),
            out: Vec::new(),
            consumed: 0,
            ended: false,
            stopped: false,
        }
    }

    fn corrupt(&self, reason: impl Into<String>) -> DecodeError {
        DecodeError::corrupt(Codec::Lz4, self.consumed, reason)
    }

    pub(crate) fn push(&mut self, input: &[u8], sink: &mut dyn Sink) -> Result<bool, DecodeError> {
        let mut pending = std::mem::take(&mut self.pending);
        let result = pending.feed(input, |unit| self.block(unit, sink));
        self.pending = pending;
        result.map(|()| !self.stopped)
    }

    fn block(&mut self, bytes: &[u8], sink: &mut dyn Sink) -> Result<Unit, DecodeError> {
        if self.stopped {
            return Ok(Unit::Read(bytes.len()));
        }
        if bytes.len() < HEADER {
            return Ok(Unit::Needs(HEADER));
        }
        if &bytes[..8] != MAGIC {
            return Err(self.corrupt("a block does not start with LZ4Block"));
        }
        let token = bytes[8];
        let (method, level) = (token & 0xF0, token & 0x0F);
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
        };
        let (compressed, original) = (word(9), word(13));
        let checksum = word(17) as u32;
        let most = 1usize << (10 + u32::from(level));
        if method != RAW && method != LZ4 {
            return Err(self.corrupt(format!("an unknown block method {method:#x}")));
        }
        if original > most
            || (method == RAW && compressed != original)
            || compressed > most + most / 255 + 16
        {
            return Err(self.corrupt(format!(
                "a block of {compressed} bytes holding {original} (at most {most})"
            )));
        }
        let len = HEADER + compressed;
        if bytes.len() < len {
            return Ok(Unit::Needs(len));
        }
        if original == 0 {
            self.ended = true;
            self.consumed += len as u64;
            return Ok(Unit::Read(len));
        }
        self.ended = false;
        let data = &bytes[HEADER..len];
        let decoded: &[u8] = if method == RAW {
            data
        } else {
            self.out.resize(original, 0);
            match lz4_flex::block::decompress_into(data, &mut self.out) {
                Ok(n) if n == original => &self.out[..n],
                Ok(n) => return Err(self.corrupt(format!("a block of {n} bytes, said {original}"))),
                Err(e) => return Err(self.corrupt(e.to_string())),
            }
        };
        if xxhash_rust::xxh32::xxh32(decoded, SEED) & 0x0FFF_FFFF != checksum {
            return Err(self.corrupt("a block's checksum does not match its bytes"));
        }
        if !sink.bytes(decoded) {
            self.stopped = true;
        }
        self.consumed += len as u64;
        Ok(Unit::Read(len))
    }

    pub(crate) fn finish(&mut self) -> Result<(), DecodeError> {
        if !self.pending.is_empty() || !self.ended {
            return Err(DecodeError::Truncated {
                codec: Codec::Lz4,
                at_byte: self.consumed + self.pending.len() as u64,
            });
        }
        Ok(())
    }
}
