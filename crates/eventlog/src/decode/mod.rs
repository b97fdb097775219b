//! Decoders, push-based: compressed bytes go in as chunks of any size, decoded bytes come out
//! to a [`Sink`]. The block formats are well-kept crates' (`ruzstd`, `lz4_flex`, `snap`,
//! `flate2`); what is written here is only the framing Spark's codec streams put around them
//! (lz4-java's `LZ4BlockOutputStream`, snappy-java's `SnappyOutputStream`, ning's
//! `LZFOutputStream`), gzip's and ZIP's headers, and LZF's block format, which no maintained
//! crate reads.
//!
//! Every decoder holds at most one block (or one inflate window) of input and output at a time,
//! whatever the size of the file, and refuses a block that says it is larger than its format
//! allows.

mod gzip;
mod inflate;
mod lz4;
mod lzf;
mod pending;
mod snappy;
mod zip;
mod zstd;

use std::fmt;

/// A compression codec, as Spark names it (`spark.eventLog.compression.codec`), or how people
/// store logs (gzip, ZIP).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Codec {
    /// Not compressed (`spark.eventLog.compress=false`, Spark's default).
    None,
    /// Zstandard (Spark's default codec once compression is on, since 3.0).
    Zstd,
    /// LZ4 in lz4-java's block stream.
    Lz4,
    /// Snappy in snappy-java's stream.
    Snappy,
    /// LZF in ning's chunk stream.
    Lzf,
    /// gzip (`.gz`), as logs are often stored.
    Gzip,
    /// A ZIP archive holding one log or the parts of one.
    Zip,
}

impl Codec {
    /// The codec a file name says: Spark's suffix (`.zstd`, `.lz4`, `.snappy`, `.lzf`) after an
    /// optional `.inprogress`, or `.zst`, `.gz`, `.zip`. A name without one of these is read as
    /// not compressed.
    pub fn from_name(name: &str) -> Codec {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        let base = base.strip_suffix(".inprogress").unwrap_or(base);
        let lower = base.to_ascii_lowercase();
        let ext = lower.rsplit_once('.').map_or("", |(_, e)| e);
        match ext {
            "zstd" | "zst" => Codec::Zstd,
            "lz4" => Codec::Lz4,
            "snappy" => Codec::Snappy,
            "lzf" => Codec::Lzf,
            "gz" | "gzip" => Codec::Gzip,
            "zip" => Codec::Zip,
            _ => Codec::None,
        }
    }

    /// The codec whose magic number `head` starts with (the stream's first bytes; `None` when
    /// no compressed format's magic matches).
    pub fn from_magic(head: &[u8]) -> Option<Codec> {
        const MAGICS: [(&[u8], Codec); 6] = [
            (&[0x28, 0xB5, 0x2F, 0xFD], Codec::Zstd),
            (lz4::MAGIC, Codec::Lz4),
            (snappy::MAGIC, Codec::Snappy),
            (lzf::MAGIC, Codec::Lzf),
            (&[0x1F, 0x8B], Codec::Gzip),
            (b"PK\x03\x04", Codec::Zip),
        ];
        MAGICS
            .iter()
            .find(|(magic, _)| head.starts_with(magic))
            .map(|&(_, c)| c)
    }

    /// How many first bytes [`Codec::from_magic`] needs to tell every codec apart.
    pub const MAGIC_BYTES: usize = 8;

    /// Spark's name of the codec (`zstd`, …), or the format's.
    pub fn name(self) -> &'static str {
        match self {
            Codec::None => "none",
            Codec::Zstd => "zstd",
            Codec::Lz4 => "lz4",
            Codec::Snappy => "snappy",
            Codec::Lzf => "lzf",
            Codec::Gzip => "gzip",
            Codec::Zip => "zip",
        }
    }
}

/// What went wrong in a compressed stream.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DecodeError {
    /// The bytes are not what the format allows, at this byte of the compressed stream.
    Corrupt {
        /// The codec.
        codec: Codec,
        /// Byte offset in the compressed stream where the bad unit starts.
        at_byte: u64,
        /// What is wrong, in the decoder's words.
        reason: String,
    },
    /// The stream ends inside a block or frame: the file was cut short.
    Truncated {
        /// The codec.
        codec: Codec,
        /// Compressed bytes read.
        at_byte: u64,
    },
    /// A ZIP entry in a form this reader does not decode (encrypted, another method, a stored
    /// entry of unknown size, an archive inside the archive).
    Unsupported {
        /// What it is.
        what: String,
    },
}

impl DecodeError {
    /// Damaged `codec` data at `at_byte`, for `reason`.
    pub(crate) fn corrupt(codec: Codec, at_byte: u64, reason: impl Into<String>) -> DecodeError {
        DecodeError::Corrupt {
            codec,
            at_byte,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Corrupt {
                codec,
                at_byte,
                reason,
            } => write!(
                f,
                "the {} data is damaged at byte {at_byte}: {reason}",
                codec.name()
            ),
            DecodeError::Truncated { codec, at_byte } => write!(
                f,
                "the {} data ends in the middle of a block after {at_byte} bytes: the file was \
                 cut short",
                codec.name()
            ),
            DecodeError::Unsupported { what } => write!(f, "{what} cannot be read"),
        }
    }
}

/// Where decoded bytes go.
pub(crate) trait Sink {
    /// Decoded bytes of the current file. `false`: stop, read no more.
    fn bytes(&mut self, data: &[u8]) -> bool;
    /// A file inside an archive begins (its name, its own codec). `false`: stop.
    fn entry_start(&mut self, name: &str) -> bool;
    /// The file inside an archive that began last has ended.
    fn entry_end(&mut self);
}

/// A decoder for one codec, holding what it has read of an unfinished block.
pub(crate) enum Decoder {
    /// Bytes pass through.
    Plain,
    /// Zstandard frames.
    Zstd(Box<zstd::Zstd>),
    /// lz4-java blocks.
    Lz4(lz4::Lz4),
    /// snappy-java chunks.
    Snappy(snappy::Snappy),
    /// ning LZF chunks.
    Lzf(lzf::Lzf),
    /// gzip members.
    Gzip(Box<gzip::Gzip>),
    /// ZIP entries, each through its own decoder.
    Zip(Box<zip::Zip>),
}

impl Decoder {
    /// A decoder for `codec`.
    pub(crate) fn new(codec: Codec) -> Decoder {
        match codec {
            Codec::None => Decoder::Plain,
            Codec::Zstd => Decoder::Zstd(Box::new(zstd::Zstd::new())),
            Codec::Lz4 => Decoder::Lz4(lz4::Lz4::new()),
            Codec::Snappy => Decoder::Snappy(snappy::Snappy::new()),
            Codec::Lzf => Decoder::Lzf(lzf::Lzf::new()),
            Codec::Gzip => Decoder::Gzip(Box::new(gzip::Gzip::new())),
            Codec::Zip => Decoder::Zip(Box::new(zip::Zip::new())),
        }
    }

    /// Decodes `input`, the next bytes of the stream. `Ok(false)`: the sink asked to stop.
    pub(crate) fn push(&mut self, input: &[u8], sink: &mut dyn Sink) -> Result<bool, DecodeError> {
        match self {
            Decoder::Plain => Ok(input.is_empty() || sink.bytes(input)),
            Decoder::Zstd(d) => d.push(input, sink),
            Decoder::Lz4(d) => d.push(input, sink),
            Decoder::Snappy(d) => d.push(input, sink),
            Decoder::Lzf(d) => d.push(input, sink),
            Decoder::Gzip(d) => d.push(input, sink),
            Decoder::Zip(d) => d.push(input, sink),
        }
    }

    /// The stream has ended: an error when it ended inside a block.
    pub(crate) fn finish(&mut self, sink: &mut dyn Sink) -> Result<(), DecodeError> {
        match self {
            Decoder::Plain => Ok(()),
            Decoder::Zstd(d) => d.finish(sink),
            Decoder::Lz4(d) => d.finish(),
            Decoder::Snappy(d) => d.finish(),
            Decoder::Lzf(d) => d.finish(),
            Decoder::Gzip(d) => d.finish(),
            Decoder::Zip(d) => d.finish(sink),
        }
    }
}

/// A sink that keeps every decoded byte (tests, fuzzing).
pub(crate) struct Collect(pub(crate) Vec<u8>);

impl Sink for Collect {
    fn bytes(&mut self, data: &[u8]) -> bool {
        self.0.extend_from_slice(data);
        true
    }
    fn entry_start(&mut self, _: &str) -> bool {
        true
    }
    fn entry_end(&mut self) {}
}

/// Decodes a whole buffer into a vector (tests, fuzzing): the decoded bytes, or the error with
/// what was decoded before it.
pub fn decode_all(codec: Codec, input: &[u8]) -> (Vec<u8>, Option<DecodeError>) {
    let mut out = Collect(Vec::new());
    let mut d = Decoder::new(codec);
    let error = d.push(input, &mut out).err();
    let error = error.or_else(|| d.finish(&mut out).err());
    (out.0, error)
}

#[cfg(test)]
mod tests {
    use super::Codec;

    #[test]
    fn codec_from_name_reads_spark_suffixes_after_inprogress() {
        assert_eq!(Codec::from_name("app-1.zstd"), Codec::Zstd);
        assert_eq!(Codec::from_name("app-1.lz4.inprogress"), Codec::Lz4);
        assert_eq!(
            Codec::from_name("eventlog_v2_x/events_1_x.snappy"),
            Codec::Snappy
        );
        assert_eq!(Codec::from_name("local-1623876083964"), Codec::None);
        assert_eq!(Codec::from_name("application_1_0018"), Codec::None);
        assert_eq!(Codec::from_name("log.GZ"), Codec::Gzip);
        assert_eq!(Codec::from_name("logs.zip"), Codec::Zip);
    }

    #[test]
    fn codec_from_magic_tells_each_apart() {
        assert_eq!(Codec::from_magic(b"LZ4Block%"), Some(Codec::Lz4));
        assert_eq!(Codec::from_magic(b"\x82SNAPPY\x00"), Some(Codec::Snappy));
        assert_eq!(Codec::from_magic(b"ZV\x01"), Some(Codec::Lzf));
        assert_eq!(
            Codec::from_magic(&[0x28, 0xB5, 0x2F, 0xFD, 0]),
            Some(Codec::Zstd)
        );
        assert_eq!(Codec::from_magic(b"{\"Event\""), None);
    }
}
