//! Zstandard frames (RFC 8878), decoded by `ruzstd` one block at a time. This module only finds
//! where the frame header, each block and the checksum end (RFC 8878 §3.1.1), so that `ruzstd`
//! is always handed whole units: Spark's `ZstdOutputStream` flushes blocks as the log is
//! written, and an `.inprogress` or cut log stops anywhere.

use std::io::Write;

use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};

use super::pending::{Pending, Unit};
use super::{Codec, DecodeError, Sink};

/// The largest window accepted (a hostile frame cannot make the decoder hold more). zstd-jni's
/// levels write windows of a few MiB at most.
const MAX_WINDOW: u64 = 64 << 20;
/// RFC 8878 §3.1.1.2.4: no block is larger than 128 KiB.
const MAX_BLOCK: usize = 128 << 10;
const MAGIC: u32 = 0xFD2F_B528;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A frame header (or a skippable frame) next.
    Header,
    /// A block of the current frame next.
    Block { checksum: bool },
}

/// The decoder.
pub(crate) struct Zstd {
    frame: FrameDecoder,
    expect: Expect,
    pending: Pending,
    consumed: u64,
    /// Whether a frame has been started and not finished.
    in_frame: bool,
    /// Whether any frame was read at all.
    any_frame: bool,
}

struct SinkWriter<'a> {
    sink: &'a mut dyn Sink,
    stopped: bool,
}

impl Write for SinkWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !self.stopped && !buf.is_empty() && !self.sink.bytes(buf) {
            self.stopped = true;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Zstd {
    pub(crate) fn new() -> Zstd {
        let mut frame = FrameDecoder::new();
        frame.set_max_window_size(MAX_WINDOW);
        Zstd {
            frame,
            expect: Expect::Header,
            pending: Pending::default(),
            consumed: 0,
            in_frame: false,
            any_frame: false,
        }
    }

    fn corrupt(&self, reason: impl Into<String>) -> DecodeError {
        DecodeError::corrupt(Codec::Zstd, self.consumed, reason)
    }

    pub(crate) fn push(&mut self, input: &[u8], sink: &mut dyn Sink) -> Result<bool, DecodeError> {
        let mut out = SinkWriter {
            sink,
            stopped: false,
        };
        let mut pending = std::mem::take(&mut self.pending);
        let result = pending.feed(input, |unit| {
            if out.stopped {
                // Swallow the rest: the sink wants no more.
                return Ok(Unit::Read(unit.len()));
            }
            self.unit(unit, &mut out)
        });
        self.pending = pending;
        result.map(|()| !out.stopped)
    }

    fn unit(&mut self, bytes: &[u8], out: &mut SinkWriter<'_>) -> Result<Unit, DecodeError> {
        match self.expect {
            Expect::Header => self.header(bytes),
            Expect::Block { checksum } => self.block(bytes, checksum, out),
        }
    }

    /// A frame header, or a whole skippable frame.
    fn header(&mut self, bytes: &[u8]) -> Result<Unit, DecodeError> {
        if bytes.len() < 5 {
            return Ok(Unit::Needs(5));
        }
        let magic = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if magic & 0xFFFF_FFF0 == 0x184D_2A50 {
            if bytes.len() < 8 {
                return Ok(Unit::Needs(8));
            }
            let len = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
            if len > MAX_BLOCK {
                return Err(self.corrupt(format!("a skippable frame of {len} bytes")));
            }
            return Ok(self.skip(bytes, 8 + len));
        }
        if magic != MAGIC {
            return Err(self.corrupt("not a Zstandard frame (wrong magic number)"));
        }
        let descriptor = bytes[4];
        let single_segment = descriptor & 0x20 != 0;
        let dictionary = [0, 1, 2, 4][usize::from(descriptor & 3)];
        let content_size = match descriptor >> 6 {
            0 if single_segment => 1,
            0 => 0,
            1 => 2,
            2 => 4,
            _ => 8,
        };
        let len = 5 + usize::from(!single_segment) + dictionary + content_size;
        if bytes.len() < len {
            return Ok(Unit::Needs(len));
        }
        let mut header = &bytes[..len];
        self.frame
            .reset(&mut header)
            .map_err(|e| self.corrupt(e.to_string()))?;
        let checksum = descriptor & 0x04 != 0;
        self.expect = Expect::Block { checksum };
        self.in_frame = true;
        self.any_frame = true;
        self.consumed += len as u64;
        Ok(Unit::Read(len))
    }

    fn skip(&mut self, bytes: &[u8], total: usize) -> Unit {
        if bytes.len() >= total {
            self.consumed += total as u64;
            Unit::Read(total)
        } else {
            Unit::Needs(total)
        }
    }

    fn block(
        &mut self,
        bytes: &[u8],
        checksum: bool,
        out: &mut SinkWriter<'_>,
    ) -> Result<Unit, DecodeError> {
        if bytes.len() < 3 {
            return Ok(Unit::Needs(3));
        }
        let header = u32::from(bytes[0]) | u32::from(bytes[1]) << 8 | u32::from(bytes[2]) << 16;
        let last = header & 1 != 0;
        let kind = (header >> 1) & 3;
        let size = (header >> 3) as usize;
        if kind == 3 {
            return Err(self.corrupt("a reserved block type"));
        }
        if size > MAX_BLOCK {
            return Err(self.corrupt(format!("a block of {size} bytes (at most 131072)")));
        }
        let body = if kind == 1 { 1 } else { size };
        let len = 3 + body + if last && checksum { 4 } else { 0 };
        if bytes.len() < len {
            return Ok(Unit::Needs(len));
        }
        let mut unit = &bytes[..len];
        self.frame
            .decode_blocks(&mut unit, BlockDecodingStrategy::UptoBlocks(1))
            .map_err(|e| self.corrupt(e.to_string()))?;
        self.consumed += len as u64;
        self.frame
            .collect_to_writer(&mut *out)
            .map_err(|e| self.corrupt(e.to_string()))?;
        if last {
            self.expect = Expect::Header;
            self.in_frame = false;
        }
        Ok(Unit::Read(len))
    }

    /// The stream has ended. Inside a frame (an `.inprogress` log, a cut file), the decoder
    /// still holds up to a window of decoded bytes back for later blocks to refer to: an empty
    /// last block (a raw block of 0 bytes, RFC 8878 §3.1.1.2) ends the frame so that they come
    /// out, then the cut is reported.
    pub(crate) fn finish(&mut self, sink: &mut dyn Sink) -> Result<(), DecodeError> {
        if let Expect::Block { checksum } = self.expect {
            let end: &[u8] = if checksum {
                &[1, 0, 0, 0, 0, 0, 0]
            } else {
                &[1, 0, 0]
            };
            let mut out = SinkWriter {
                sink,
                stopped: false,
            };
            let mut unit = end;
            if self
                .frame
                .decode_blocks(&mut unit, BlockDecodingStrategy::UptoBlocks(1))
                .is_ok()
            {
                let _ = self.frame.collect_to_writer(&mut out);
            }
        }
        if self.in_frame || !self.pending.is_empty() {
            return Err(DecodeError::Truncated {
                codec: Codec::Zstd,
                at_byte: self.consumed + self.pending.len() as u64,
            });
        }
        if !self.any_frame {
            return Err(self.corrupt("no Zstandard frame"));
        }
        Ok(())
    }
}
