//! Raw deflate (RFC 1951), push-based, with `flate2`'s pure-Rust inflater: the body of a gzip
//! member and of a ZIP entry.

use flate2::{Decompress, FlushDecompress, Status};

/// What one push of deflate data gave.
pub(crate) struct Inflated {
    /// Input bytes consumed.
    pub(crate) read: usize,
    /// Whether the deflate stream ended (the rest of the input is not deflate data).
    pub(crate) ended: bool,
    /// Whether the sink asked to stop.
    pub(crate) stopped: bool,
}

/// A deflate stream being inflated.
pub(crate) struct Inflate {
    state: Decompress,
    out: Vec<u8>,
}

const OUT: usize = 64 << 10;

impl Inflate {
    pub(crate) fn new() -> Inflate {
        Inflate {
            state: Decompress::new(false),
            out: vec![0; OUT],
        }
    }

    /// Inflates as much of `input` as it can, each decoded piece to `emit` (which says whether
    /// to go on). An error is the inflater's message.
    pub(crate) fn push(
        &mut self,
        input: &[u8],
        emit: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Result<Inflated, String> {
        let mut read = 0;
        loop {
            let (in0, out0) = (self.state.total_in(), self.state.total_out());
            let status =
                self.state
                    .decompress(&input[read..], &mut self.out, FlushDecompress::None);
            let used = usize::try_from(self.state.total_in() - in0).unwrap_or(0);
            let made = usize::try_from(self.state.total_out() - out0).unwrap_or(0);
            // What was inflated before damaged data is still given out, so that the stream
            // reads the same whatever its chunks.
            let status = match status {
                Ok(s) => s,
                Err(e) => {
                    if made > 0 {
                        emit(&self.out[..made.min(OUT)]);
                    }
                    return Err(e.to_string());
                }
            };
            read += used;
            if made > 0 && !emit(&self.out[..made]) {
                return Ok(Inflated {
                    read,
                    ended: false,
                    stopped: true,
                });
            }
            let ended = status == Status::StreamEnd;
            if ended || (used == 0 && made == 0) || (read == input.len() && made < OUT) {
                return Ok(Inflated {
                    read,
                    ended,
                    stopped: false,
                });
            }
        }
    }
}
