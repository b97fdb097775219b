//! What `plan()` accepts, read into a share-link query: a link or its query string as it is, or
//! fields by their link keys or by their names in the catalog (`coresPerNode`,
//! `"Cores per node"`, `"spark.executor.memory"`: letter case, spaces and punctuation aside).
//! Values mean what they mean in a link (a bare memory size is MiB for Spark's keys, GiB for a
//! node's memory).

use planner::catalog::{self, ClusterManager};
use planner::url;

/// The query of a share link (`https://host/?v=1&c=32` → `v=1&c=32`), or `text` itself when it
/// is already a query (`v=1&c=32`, `?v=1&c=32`); a link without a query gives `""`.
pub fn query_of(text: &str) -> &str {
    let text = text.trim();
    let text = text.split('#').next().unwrap_or_default();
    match text.split_once('?') {
        Some((_, query)) => query,
        // A byte scan rather than a substring search: a smaller module.
        None if text.as_bytes().windows(3).any(|w| w == b"://") => "",
        None => text,
    }
}

/// A name with letter case, spaces and punctuation taken out (`Cores per node` and
/// `coresPerNode` both give `corespernode`).
fn normalized(name: &str) -> String {
    // Bytes, not characters: no byte of a non-ASCII character is an ASCII letter or digit.
    let mut kept = String::with_capacity(name.len());
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() {
            kept.push(char::from(b.to_ascii_lowercase()));
        }
    }
    kept
}

/// The cluster manager named by the fields' `cm` (the last one given), if it names one.
fn manager_of(fields: &[(String, String)]) -> ClusterManager {
    fields
        .iter()
        .rev()
        .find(|(k, _)| k == "cm")
        .and_then(|(_, v)| ClusterManager::parse(&v.trim().to_ascii_lowercase()))
        .unwrap_or_default()
}

/// The link key `name` stands for in `m`'s schema: a link key as it is, else the key of the
/// catalog entry whose label or name reads the same (each stands for one key: tested below).
/// A name that matches nothing is kept, so the codec reports it as unknown.
pub fn key_of(m: ClusterManager, name: &str) -> String {
    if name == "v" || name == "cm" || url::manager_keys(m).contains(&name) {
        return name.to_string();
    }
    let wanted = normalized(name);
    if wanted == "clustermanager" {
        return "cm".to_string();
    }
    catalog::entries(m)
        .find(|e| normalized(e.label) == wanted || normalized(e.name) == wanted)
        .map_or_else(|| name.to_string(), |e| e.key.to_string())
}

/// Fields as a share-link query.
pub fn query_of_fields(fields: &[(String, String)]) -> String {
    let m = manager_of(fields);
    let mut query = String::new();
    for (name, value) in fields {
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(&url::encode_component(&key_of(m, name)));
        query.push('=');
        query.push_str(&url::encode_component(value));
    }
    query
}

/// Fields as `js/spark_sizer.js` passes them, in one string: each key and each value as its
/// length in UTF-16 code units (JavaScript's `length`), `:`, then the text (`2:cm3:k8s` is
/// `cm` = `k8s`). One string crosses into the module instead of two arrays of strings, which
/// keeps the module and its glue smaller (BENCHMARKS.md, "JS API"). Text that does not follow
/// the format ends the fields.
pub fn fields_of_text(text: &str) -> Vec<(String, String)> {
    let mut texts = Vec::new();
    let mut rest = text;
    while let Some((length, after)) = rest.split_once(':') {
        let Some(units) = length.bytes().try_fold(0usize, |n, b| {
            b.is_ascii_digit()
                .then(|| n.checked_mul(10)?.checked_add(usize::from(b - b'0')))?
        }) else {
            break;
        };
        let (mut counted, mut end) = (0, 0);
        for c in after.chars() {
            if counted >= units {
                break;
            }
            counted += c.len_utf16();
            end += c.len_utf8();
        }
        let Some((field, next)) = after.split_at_checked(end) else {
            break;
        };
        texts.push(field.to_string());
        rest = next;
    }
    let mut texts = texts.into_iter();
    let mut fields = Vec::new();
    while let (Some(key), Some(value)) = (texts.next(), texts.next()) {
        fields.push((key, value));
    }
    fields
}

/// A key or value as quoted in a message: cut to a few characters, so no input makes a message
/// long.
pub fn quoted(text: &str) -> String {
    if planner::text::char_count(text) > 40 {
        format!("{}…", planner::text::first_chars(text, 40))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_queries_give_their_query() {
        assert_eq!(query_of("https://host/tools/sizer/?v=1&c=32"), "v=1&c=32");
        assert_eq!(query_of("https://host/?v=1&c=32#top"), "v=1&c=32");
        assert_eq!(query_of("?v=1&c=32"), "v=1&c=32");
        assert_eq!(query_of(" v=1&c=32 "), "v=1&c=32");
        assert_eq!(query_of("https://host/tools/sizer/"), "");
        assert_eq!(query_of(""), "");
    }

    #[test]
    fn names_read_as_link_keys() {
        let yarn = ClusterManager::Yarn;
        assert_eq!(key_of(yarn, "c"), "c");
        assert_eq!(key_of(yarn, "coresPerNode"), "c");
        assert_eq!(key_of(yarn, "Cores per node"), "c");
        assert_eq!(key_of(yarn, "CORES_PER_NODE"), "c");
        assert_eq!(key_of(yarn, "spark.driver.memory"), "dm");
        assert_eq!(key_of(yarn, "clusterManager"), "cm");
        assert_eq!(key_of(yarn, "colour"), "colour");
        let k8s = ClusterManager::Kubernetes;
        assert_eq!(key_of(k8s, "spark.executor.memory"), "em");
        assert_eq!(key_of(k8s, "memoryPerNode"), "kmem");
        // A YARN name on Kubernetes' schema stays as given (then reported as unknown).
        assert_eq!(key_of(k8s, "coresPerNode"), "coresPerNode");
    }

    #[test]
    fn every_catalog_name_stands_for_one_key() {
        for m in ClusterManager::ALL {
            for e in catalog::entries(m) {
                for name in [e.label, e.name] {
                    let mut keys: Vec<&str> = catalog::entries(m)
                        .filter(|o| {
                            normalized(o.label) == normalized(name)
                                || normalized(o.name) == normalized(name)
                        })
                        .map(|o| o.key)
                        .collect();
                    keys.sort_unstable();
                    keys.dedup();
                    assert_eq!(keys, [e.key], "{m:?}: {name:?}");
                    // A name never reads as another field's link key.
                    let key_named = url::manager_keys(m).contains(&name) && name != e.key;
                    assert!(!key_named, "{m:?}: {name:?} is another field's key");
                }
            }
        }
    }

    #[test]
    fn fields_read_from_their_lengths_in_utf16_units() {
        let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
        assert_eq!(fields_of_text(""), []);
        assert_eq!(fields_of_text("2:cm3:k8s"), [pair("cm", "k8s")]);
        // Colons and digits inside a text, an empty value, a number as a key.
        assert_eq!(
            fields_of_text("3:a:b0:2:101:5"),
            [pair("a:b", ""), pair("10", "5")]
        );
        // An emoji is two UTF-16 units, é one: "😀é:" is 4 long.
        assert_eq!(
            fields_of_text("4:\u{1F600}é:1:c"),
            [pair("\u{1F600}é:", "c")]
        );
        // Anything else ends the fields, and a key without its value is dropped.
        assert_eq!(fields_of_text("1:a1:b1:c"), [pair("a", "b")]);
        assert_eq!(fields_of_text("x:a1:b"), []);
        assert_eq!(fields_of_text("9:ab"), []);
    }

    #[test]
    fn fields_become_a_query_with_the_manager_anywhere() {
        let fields = [
            ("spark.executor.memory".to_string(), "8g".to_string()),
            ("cm".to_string(), "k8s".to_string()),
            ("Nodes".to_string(), "4".to_string()),
        ];
        assert_eq!(query_of_fields(&fields), "em=8g&cm=k8s&n=4");
        let query = query_of_fields(&[("x y".to_string(), "a&b=c".to_string())]);
        assert_eq!(url::scenario_from_query(&query).unknown, ["x y"]);
    }
}
