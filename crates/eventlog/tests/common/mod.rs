//! Reading test logs from disk in chunks, as the command line and the worker do.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use eventlog::reader::reading_order;
use eventlog::{Read, Reader};

/// The shared real logs (`../shared/eventlogs` beside the repository), or `SPARK_EVENTLOGS`.
pub fn shared(name: &str) -> PathBuf {
    let root = std::env::var_os("SPARK_EVENTLOGS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/eventlogs"),
        PathBuf::from,
    );
    let candidates = [root.clone(), PathBuf::from("/work/shared/eventlogs")];
    for c in candidates {
        if c.join(name).exists() {
            return c.join(name);
        }
    }
    root.join(name)
}

/// The crate's own test logs.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Reads files or a folder's files in reading order, pushing `chunk` bytes at a time.
pub fn read_paths(paths: &[PathBuf], chunk: usize) -> Read {
    let mut files: Vec<PathBuf> = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(p)
                .expect("a readable folder")
                .map(|e| e.expect("a folder entry").path())
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(p.clone());
        }
    }
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut reader = Reader::new();
    for i in reading_order(&refs) {
        let bytes = std::fs::read(&files[i]).expect("a readable log");
        let name = files[i]
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        reader.begin_file(&name, Some(bytes.len() as u64));
        for c in bytes.chunks(chunk.max(1)) {
            reader.push(c);
            if !reader.wants_more() {
                break;
            }
        }
        reader.end_file();
    }
    reader.finish()
}

/// Reads one path.
pub fn read(path: &Path) -> Read {
    read_paths(&[path.to_path_buf()], 64 << 10)
}
