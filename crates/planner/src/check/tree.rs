//! JSON and YAML read into a small tree whose every value knows its line, with one maintained
//! YAML 1.2 parser (`yaml-rust2`'s event parser): JSON is YAML 1.2, so one parser reads both.
//! The tree is built without recursion and refuses nesting deeper than [`MAX_DEPTH`].

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::TScalarStyle;

/// Deeper nesting than any configuration has is refused (and bounds the work).
pub const MAX_DEPTH: usize = 64;
/// At most this many documents are read from one text.
const MAX_DOCUMENTS: usize = 32;

/// A value with its line (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// A scalar: its text, its line, and whether it was quoted (a JSON string).
    Scalar {
        /// The text.
        text: String,
        /// The line.
        line: u32,
        /// Quoted (`"4"`) rather than plain (`4`, `true`).
        quoted: bool,
    },
    /// A mapping: keys (scalars) with their lines and values, in order.
    Map {
        /// The line it starts on.
        line: u32,
        /// The entries.
        entries: Vec<(String, u32, Node)>,
    },
    /// A sequence.
    Seq {
        /// The line it starts on.
        line: u32,
        /// The items.
        items: Vec<Node>,
    },
}

impl Node {
    /// The line the value starts on.
    pub fn line(&self) -> u32 {
        match self {
            Node::Scalar { line, .. } | Node::Map { line, .. } | Node::Seq { line, .. } => *line,
        }
    }

    /// The value of `key` in a mapping (the last one, as YAML loaders keep).
    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map { entries, .. } => entries
                .iter()
                .rev()
                .find(|(k, _, _)| k == key)
                .map(|(_, _, v)| v),
            _ => None,
        }
    }

    /// The line of `key` itself in a mapping (where a message about its value points).
    pub fn key_line(&self, key: &str) -> Option<u32> {
        match self {
            Node::Map { entries, .. } => entries
                .iter()
                .rev()
                .find(|(k, _, _)| k == key)
                .map(|(_, l, _)| *l),
            _ => None,
        }
    }

    /// The scalar's text.
    pub fn text(&self) -> Option<&str> {
        match self {
            Node::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }
}

/// Why a text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeError {
    /// The line (1-based).
    pub line: u32,
    /// The parser's message.
    pub message: String,
}

enum Frame {
    Map {
        line: u32,
        anchor: usize,
        entries: Vec<(String, u32, Node)>,
        key: Option<(String, u32)>,
    },
    Seq {
        line: u32,
        anchor: usize,
        items: Vec<Node>,
    },
}

fn line_of(line: usize) -> u32 {
    u32::try_from(line).unwrap_or(u32::MAX).max(1)
}

/// The most values a text may hold once its aliases are expanded (a configuration holds a few
/// hundred; aliases of aliases could otherwise grow without bound).
pub const MAX_VALUES: usize = 100_000;

/// The values `node` holds, itself included.
fn size(node: &Node) -> usize {
    let mut count = 0;
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        count += 1;
        match n {
            Node::Scalar { .. } => {}
            Node::Map { entries, .. } => stack.extend(entries.iter().map(|(_, _, v)| v)),
            Node::Seq { items, .. } => stack.extend(items.iter()),
        }
    }
    count
}

/// What the parse holds besides the stack: anchored values (YAML's `&name`, for `*name`), and
/// the values made so far.
#[derive(Default)]
struct Anchors {
    /// By anchor id (a text holds a few: a list, without a hasher in the module).
    values: Vec<(usize, Node, usize)>,
    made: usize,
}

impl Anchors {
    fn count(&mut self, values: usize, line: u32) -> Result<(), TreeError> {
        self.made = self.made.saturating_add(values);
        if self.made > MAX_VALUES {
            return Err(TreeError {
                line,
                message: format!("its aliases expand to more than {MAX_VALUES} values"),
            });
        }
        Ok(())
    }

    fn keep(&mut self, anchor: usize, node: &Node) {
        if anchor > 0 {
            let kept = (anchor, node.clone(), size(node));
            match self.values.iter_mut().find(|(id, _, _)| *id == anchor) {
                Some(slot) => *slot = kept,
                None => self.values.push(kept),
            }
        }
    }

    fn get(&self, anchor: usize) -> Option<&(usize, Node, usize)> {
        self.values.iter().find(|(id, _, _)| *id == anchor)
    }

    /// The value an alias stands for, at the alias's line.
    fn alias(&mut self, anchor: usize, line: u32) -> Result<Node, TreeError> {
        let Some(values) = self.get(anchor).map(|(_, _, values)| *values) else {
            return Err(TreeError {
                line,
                message: "an alias (*name) to no anchor of its document".to_string(),
            });
        };
        // Counted before it is copied: a copy never exceeds the bound.
        self.count(values, line)?;
        Ok(self.get(anchor).map_or(
            Node::Seq {
                line,
                items: Vec::new(),
            },
            |(_, node, _)| node.clone(),
        ))
    }
}

/// Parses every document of `text`, aliases (`*name`) resolved to their anchored values and
/// merge keys (`<<: *base`) merged into their mappings, as YAML 1.1's merge key type says:
/// the mapping's own keys win, then the merged mappings in their order.
pub fn parse(text: &str) -> Result<Vec<Node>, TreeError> {
    let mut parser = Parser::new_from_str(text);
    let mut documents = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut anchors = Anchors::default();
    loop {
        let (event, marker) = parser.next_token().map_err(|e| TreeError {
            line: line_of(e.marker().line()),
            message: e.info().to_string(),
        })?;
        let line = line_of(marker.line());
        let node = match event {
            Event::StreamEnd => return Ok(documents),
            Event::MappingStart(anchor, _) | Event::SequenceStart(anchor, _) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(TreeError {
                        line,
                        message: format!("nested deeper than {MAX_DEPTH} levels"),
                    });
                }
                stack.push(match event {
                    Event::MappingStart(..) => Frame::Map {
                        line,
                        anchor,
                        entries: Vec::new(),
                        key: None,
                    },
                    _ => Frame::Seq {
                        line,
                        anchor,
                        items: Vec::new(),
                    },
                });
                continue;
            }
            Event::MappingEnd | Event::SequenceEnd => match finished(stack.pop(), &mut anchors) {
                Some(node) => node,
                None => continue,
            },
            Event::Scalar(text, style, anchor, _) => {
                let node = Node::Scalar {
                    text,
                    line,
                    quoted: style != TScalarStyle::Plain,
                };
                anchors.keep(anchor, &node);
                node
            }
            Event::Alias(anchor) => anchors.alias(anchor, line)?,
            // An anchor holds within its document (YAML 1.2, 3.2.2.2): Kubernetes' reader
            // refuses an alias to another document's.
            Event::DocumentStart => {
                anchors.values.clear();
                continue;
            }
            _ => continue,
        };
        anchors.count(1, line)?;
        if let Some(node) = attach(&mut stack, node)? {
            if documents.len() < MAX_DOCUMENTS {
                documents.push(node);
            }
        }
    }
}

/// The value a finished mapping or sequence makes (its merge keys resolved), kept under its
/// anchor.
fn finished(frame: Option<Frame>, anchors: &mut Anchors) -> Option<Node> {
    let (node, anchor) = match frame? {
        Frame::Map {
            line,
            anchor,
            entries,
            ..
        } => (
            Node::Map {
                line,
                entries: merged(entries),
            },
            anchor,
        ),
        Frame::Seq {
            line,
            anchor,
            items,
        } => (Node::Seq { line, items }, anchor),
    };
    anchors.keep(anchor, &node);
    Some(node)
}

/// A mapping's entries with its merge keys (`<<`) resolved: the merged mappings' entries
/// first (earlier mappings winning over later ones), those the mapping sets itself last, so
/// that [`Node::get`], which takes the last, finds the mapping's own.
fn merged(entries: Vec<(String, u32, Node)>) -> Vec<(String, u32, Node)> {
    if !entries.iter().any(|(k, _, _)| k == "<<") {
        return entries;
    }
    let (merges, own): (Vec<_>, Vec<_>) = entries.into_iter().partition(|(k, _, _)| k == "<<");
    let mut out: Vec<(String, u32, Node)> = Vec::new();
    let taken = |out: &[(String, u32, Node)], key: &str| {
        own.iter().any(|(k, _, _)| k == key) || out.iter().any(|(k, _, _)| k == key)
    };
    for (_, _, value) in merges {
        let maps = match value {
            Node::Seq { items, .. } => items,
            map => vec![map],
        };
        for map in maps {
            if let Node::Map { entries, .. } = map {
                for entry in entries {
                    if !taken(&out, &entry.0) {
                        out.push(entry);
                    }
                }
            }
        }
    }
    out.extend(own);
    out
}

/// Puts a finished value into its parent; returns it when it is a whole document.
fn attach(stack: &mut [Frame], node: Node) -> Result<Option<Node>, TreeError> {
    match stack.last_mut() {
        None => Ok(Some(node)),
        Some(Frame::Seq { items, .. }) => {
            items.push(node);
            Ok(None)
        }
        Some(Frame::Map { entries, key, .. }) => {
            match key.take() {
                Some((k, line)) => entries.push((k, line, node)),
                None => match node {
                    Node::Scalar { text, line, .. } => *key = Some((text, line)),
                    other => {
                        return Err(TreeError {
                            line: other.line(),
                            message: "a key that is not text".to_string(),
                        })
                    }
                },
            }
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_yaml_keep_lines() {
        let docs = parse("[\n {\"a\": \"1\",\n  \"b\": 2}\n]").unwrap();
        let Node::Seq { items, .. } = &docs[0] else {
            panic!("{docs:?}")
        };
        assert_eq!(items[0].get("a").unwrap().line(), 2);
        let b = items[0].get("b").unwrap();
        assert_eq!((b.text(), b.line()), (Some("2"), 3));
        assert!(matches!(
            items[0].get("a"),
            Some(Node::Scalar { quoted: true, .. })
        ));
        let docs = parse("x: 1\n---\nspec:\n  y: \"2\"\n").unwrap();
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[1].get("spec").unwrap().get("y").unwrap().line(), 4);
        assert!(parse("a: [1, 2").is_err());
        let deep = "[".repeat(100) + &"]".repeat(100);
        assert!(parse(&deep).unwrap_err().message.contains("deeper"));
    }
}
