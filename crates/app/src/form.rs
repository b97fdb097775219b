//! The form's state as plain data: the text of every field as typed, plus the two mode
//! switches. Pure (no signals, no DOM), so it is tested natively. Texts are read with the core's
//! URL codec, so a field means the same typed here or in a link.

use std::collections::BTreeMap;

use planner::input::{MaximumAllocation, NodeManagerResources};
use planner::text::TextError;
use planner::units::format_spark_mib;
use planner::url;
use planner::{Field, InputErrors, PlanInput};

/// Keys whose empty text means "not set" (the setting is optional).
pub const OPTIONAL_KEYS: &[&str] = &["ainc", "ovh", "tgt"];

/// Keys holding Spark memory settings in MiB, shown Spark-style (`1g`, `512m`).
const SPARK_MEMORY_KEYS: &[&str] = &["dm", "amm", "omin", "ovh", "offs", "py", "tgt"];

/// The form: a text per key, and whether NodeManager resources and the maximum allocation are
/// given explicitly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// Text per URL key, as typed.
    pub texts: BTreeMap<&'static str, String>,
    /// NodeManager memory/vcores given instead of an OS reservation.
    pub nodemanager_explicit: bool,
    /// Maximum allocation given instead of "the NodeManager's resources".
    pub maximum_explicit: bool,
}

/// What a form reads as.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The input built from every readable field (unreadable ones keep defaults).
    pub input: PlanInput,
    /// Texts that could not be read, by key.
    pub unreadable: Vec<(&'static str, TextError)>,
}

/// The text the form shows for `key` in `input`.
pub fn display_text(key: &str, input: &PlanInput) -> String {
    match url::text_of(key, input) {
        Some(t) if SPARK_MEMORY_KEYS.contains(&key) => {
            t.parse::<u64>().map(format_spark_mib).unwrap_or(t)
        }
        Some(t) => t,
        None => fallback_text(key, input),
    }
}

/// Texts for keys that do not apply in `input`'s modes, so switching modes shows sensible values.
fn fallback_text(key: &str, input: &PlanInput) -> String {
    let mut other = input.clone();
    match key {
        "rc" | "rm" => other.cluster.yarn_resources = NodeManagerResources::default(),
        "nmm" | "nmv" => {
            let nm = input.validate().ok().map(|v| v.shape.nodemanager);
            other.cluster.yarn_resources = NodeManagerResources::Explicit {
                memory_mb: nm.map_or(64512, |r| r.memory_mib),
                vcores: nm.map_or(15, |r| r.vcores),
            };
        }
        "amax" | "vmax" => other.scheduler.maximum_allocation = MaximumAllocation::YARN_DEFAULT,
        _ => return String::new(),
    }
    url::text_of(key, &other).unwrap_or_default()
}

impl Form {
    /// The form showing `input`.
    pub fn from_input(input: &PlanInput) -> Form {
        Form {
            texts: url::keys().map(|k| (k, display_text(k, input))).collect(),
            nodemanager_explicit: matches!(
                input.cluster.yarn_resources,
                NodeManagerResources::Explicit { .. }
            ),
            maximum_explicit: matches!(
                input.scheduler.maximum_allocation,
                MaximumAllocation::Explicit { .. }
            ),
        }
    }

    /// The form a link opens: its input, with unreadable values shown as they were typed.
    pub fn from_query(query: &str) -> (Form, url::Decoded) {
        let decoded = url::from_query(query);
        let mut form = Form::from_input(&decoded.input);
        for bad in &decoded.bad {
            if let Some(k) = url::keys().find(|k| *k == bad.key) {
                form.texts.insert(k, bad.error.text.clone());
                form.nodemanager_explicit |= matches!(k, "nmm" | "nmv");
                form.maximum_explicit |= matches!(k, "amax" | "vmax");
            }
        }
        (form, decoded)
    }

    /// The text of `key`.
    pub fn text(&self, key: &str) -> &str {
        self.texts.get(key).map_or("", String::as_str)
    }

    /// Sets the text of `key` (unknown keys are ignored).
    pub fn set_text(&mut self, key: &str, text: String) {
        if let Some(k) = url::keys().find(|k| *k == key) {
            self.texts.insert(k, text);
        }
    }

    /// Switches between an OS reservation and explicit NodeManager resources. Switching to
    /// explicit fills memory-mb and vcores with what the current hardware and reservation give,
    /// so the plan does not jump.
    pub fn set_nodemanager_explicit(&mut self, explicit: bool) {
        if explicit && !self.nodemanager_explicit {
            if let Ok(v) = self.read().input.validate() {
                let nm = v.shape.nodemanager;
                self.texts.insert("nmm", nm.memory_mib.to_string());
                self.texts.insert("nmv", nm.vcores.to_string());
            }
        }
        self.nodemanager_explicit = explicit;
    }

    /// Whether `key` takes part in the current modes.
    pub fn applies(&self, key: &str) -> bool {
        match key {
            "rc" | "rm" => !self.nodemanager_explicit,
            "nmm" | "nmv" => self.nodemanager_explicit,
            "amax" | "vmax" => self.maximum_explicit,
            _ => true,
        }
    }

    /// Reads every applicable field.
    pub fn read(&self) -> Reading {
        let mut input = PlanInput::default();
        if self.nodemanager_explicit {
            input.cluster.yarn_resources = NodeManagerResources::Explicit {
                memory_mb: 64512,
                vcores: 15,
            };
        }
        if self.maximum_explicit {
            input.scheduler.maximum_allocation = MaximumAllocation::YARN_DEFAULT;
        }
        let mut unreadable = Vec::new();
        for key in url::keys() {
            let text = self.text(key);
            if !self.applies(key) || (OPTIONAL_KEYS.contains(&key) && text.trim().is_empty()) {
                continue;
            }
            if let Err(e) = url::apply(key, &mut input, text) {
                unreadable.push((key, e));
            }
        }
        Reading { input, unreadable }
    }

    /// The query string that reproduces this form: the input's canonical encoding, plus the
    /// raw text of fields that could not be read (so the link shows the same errors).
    pub fn to_query(&self) -> String {
        let reading = self.read();
        let mut q = url::to_query(&reading.input);
        for (key, e) in &reading.unreadable {
            q.push('&');
            q.push_str(key);
            q.push('=');
            q.push_str(&url::encode_component(&e.text));
        }
        q
    }
}

/// One message to show beside a field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldMessage {
    /// The URL key of the field.
    pub key: &'static str,
    /// The message, naming the field and what is allowed.
    pub text: String,
}

/// Messages per field: unreadable texts first, then the planner's validation errors.
pub fn field_messages(reading: &Reading, invalid: Option<&InputErrors>) -> Vec<FieldMessage> {
    let mut out: Vec<FieldMessage> = reading
        .unreadable
        .iter()
        .map(|(key, e)| FieldMessage {
            key,
            text: format!("{}: {e}", label_of(key)),
        })
        .collect();
    if let Some(errors) = invalid {
        for e in &errors.0 {
            let key = url::key_of(e.field);
            if out.iter().any(|m| m.key == key) {
                continue;
            }
            out.push(FieldMessage {
                key,
                text: format!("{} is {}; allowed: {}", e.field.label(), e.value, e.allowed),
            });
        }
    }
    out
}

/// The label of the field behind `key`.
pub fn label_of(key: &str) -> &'static str {
    url::field_of(key).map_or(
        match key {
            "calc" => "Resource calculator",
            "sv" => "Spark version",
            "mode" => "Deploy mode",
            "app" => "Application type",
            "off" => "Off-heap memory",
            "meth" => "Method",
            "gran" => "Memory granularity",
            _ => "Setting",
        },
        Field::label,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner::presets::presets;

    #[test]
    fn presets_survive_the_form() {
        for p in presets() {
            let form = Form::from_input(&p.input);
            let reading = form.read();
            assert_eq!(reading.input, p.input, "{}", p.id);
            assert!(reading.unreadable.is_empty());
            assert_eq!(form.to_query(), url::to_query(&p.input));
        }
    }

    #[test]
    fn typed_values_are_read_and_bad_ones_kept_for_the_link() {
        let mut form = Form::from_input(&PlanInput::default());
        form.set_text("m", "128 GB".into());
        form.set_text("n", "six".into());
        form.set_text("tgt", "10g".into());
        let r = form.read();
        assert_eq!(r.input.cluster.memory_per_node_gib, 128.0);
        assert_eq!(r.input.policy.memory_target_mib, Some(10240));
        assert_eq!(r.unreadable.len(), 1);
        let q = form.to_query();
        assert_eq!(q, "v=1&m=128&tgt=10240&n=six");
        let (again, decoded) = Form::from_query(&q);
        assert_eq!(again.text("n"), "six");
        assert_eq!(decoded.bad.len(), 1);
        let messages = field_messages(&again.read(), None);
        assert_eq!(messages[0].key, "n");
        assert!(messages[0]
            .text
            .starts_with("Nodes: \"six\" is not a whole number"));
    }

    #[test]
    fn modes_choose_which_fields_count() {
        let mut form = Form::from_input(&PlanInput::default());
        assert_eq!(form.text("nmm"), "64512");
        form.nodemanager_explicit = true;
        form.set_text("nmv", "30".into());
        let r = form.read();
        assert_eq!(
            r.input.cluster.yarn_resources,
            NodeManagerResources::Explicit {
                memory_mb: 64512,
                vcores: 30
            }
        );
        assert_eq!(form.text("dm"), "1g");
    }

    #[test]
    fn switching_to_nodemanager_resources_keeps_the_typed_hardware() {
        let mut form = Form::from_input(&PlanInput::default());
        form.set_text("m", "128".into());
        form.set_text("c", "32".into());
        form.set_nodemanager_explicit(true);
        assert_eq!((form.text("nmm"), form.text("nmv")), ("130048", "31"));
        let before = Form::from_input(&PlanInput::default()).read().input;
        assert_ne!(form.read().input.cluster, before.cluster);
        assert_eq!(
            planner::plan(&form.read().input)
                .unwrap()
                .spark_exact
                .instances,
            {
                let mut f = Form::from_input(&PlanInput::default());
                f.set_text("m", "128".into());
                f.set_text("c", "32".into());
                planner::plan(&f.read().input)
                    .unwrap()
                    .spark_exact
                    .instances
            }
        );
    }
}
