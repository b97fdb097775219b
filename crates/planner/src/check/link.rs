//! The pasted settings in a share link: a compact list of the settings that shape the answer
//! (`em19g~ec5~ei17`: a two-letter code from [`super::keys::KNOWN_KEYS`], then the value), never
//! the pasted text. A link never holds a secret: keys that name one (`*.password`, `*secret*`,
//! `*token*`, credentials, keys, keytabs) and values that look like one are dropped, and so are
//! the settings that do not change the answer; every dropped key is reported.

use super::keys::{by_link_code, is_secret_key, is_secret_value, known, GPU_DISCOVERY_SCRIPT};
use super::{Finding, FindingKind, Format, Origin, Pasted, Stage};
use crate::spark::{AppType, SparkVersion};

/// Why a setting is not in the link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropReason {
    /// The key or the value looks secret.
    Secret,
    /// The setting does not change the answer.
    NotNeeded,
    /// The value holds characters a link value does not carry, or is too long.
    Unsafe,
}

/// A setting left out of the link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// The key (the value is never repeated: it may be the secret).
    pub key: String,
    /// Why.
    pub reason: DropReason,
}

/// The link's value and what it leaves out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LinkSettings {
    /// The encoded settings (empty when none travel).
    pub value: String,
    /// The settings left out, in reading order.
    pub dropped: Vec<Dropped>,
}

/// The longest value a link carries.
const MAX_VALUE_CHARS: usize = 24;

/// The `rd` value: a GPU discovery script is set (its path stays out of links).
const DISCOVERY_SCRIPT_SET: &str = "1";

/// The discovery script's value read back from a link.
const DISCOVERY_SCRIPT_KEPT_OUT: &str = "(a script, its path not kept in the link)";

fn safe_value(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= MAX_VALUE_CHARS
        && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
}

/// Encodes the settings that stand (after Spark's order of precedence).
pub fn encode(pasted: &Pasted) -> LinkSettings {
    let mut out = LinkSettings::default();
    let mut parts: Vec<String> = Vec::new();
    for e in pasted.effective() {
        if e.key == GPU_DISCOVERY_SCRIPT && !e.value.trim().is_empty() {
            parts.push(format!("rd{DISCOVERY_SCRIPT_SET}"));
            continue;
        }
        let code = known(&e.key).map(|k| k.link_code).unwrap_or_default();
        // A value is judged secret-looking only where it would travel (a key with a code);
        // other keys stay out of links anyway, and are named secret by their key alone.
        let reason = if is_secret_key(&e.key) || (!code.is_empty() && is_secret_value(&e.value)) {
            Some(DropReason::Secret)
        } else if code.is_empty() {
            Some(DropReason::NotNeeded)
        } else if !safe_value(e.value.trim()) {
            Some(DropReason::Unsafe)
        } else {
            None
        };
        match reason {
            Some(reason) => out.dropped.push(Dropped {
                key: e.key.chars().take(80).collect(),
                reason,
            }),
            None => parts.push(format!("{code}{}", e.value.trim())),
        }
    }
    if let Some((t, _)) = pasted.app_type {
        parts.push(match t {
            AppType::Jvm => "atjvm".to_string(),
            AppType::Python => "atpy".to_string(),
            AppType::R => "atr".to_string(),
        });
    }
    if let Some((v, _)) = pasted.spark_version {
        parts.push(format!("sv{}", v.as_str()));
    }
    if let Some((m, _)) = pasted.maximize_resource_allocation {
        parts.push(format!("mx{m}"));
    }
    out.value = parts.join("~");
    out
}

/// Reads a link's settings back (each at "line" 0, format [`Format::Link`]); a part that does
/// not read is reported, never fatal.
pub fn decode(value: &str) -> Pasted {
    let mut pasted = Pasted::default();
    pasted.note_format(Format::Link);
    let at = Origin {
        format: Format::Link,
        line: 0,
    };
    for part in value.split('~').filter(|p| !p.is_empty()).take(64) {
        let (code, v) = part.split_at(part.char_indices().nth(2).map_or(part.len(), |(i, _)| i));
        let read = match code {
            "at" => read_app_type(v).map(|t| pasted.app_type = Some((t, at))),
            "sv" => SparkVersion::parse(v).map(|s| pasted.spark_version = Some((s, at))),
            "mx" => matches!(v, "true" | "false")
                .then(|| pasted.maximize_resource_allocation = Some((v == "true", at))),
            "rd" => (v == DISCOVERY_SCRIPT_SET).then(|| {
                pasted.push(
                    GPU_DISCOVERY_SCRIPT,
                    DISCOVERY_SCRIPT_KEPT_OUT,
                    at,
                    Stage::Conf,
                )
            }),
            _ => by_link_code(code)
                .filter(|_| safe_value(v))
                .map(|k| pasted.push(k.key, v, at, Stage::Conf)),
        };
        if read.is_none() {
            let kind = FindingKind::NotASetting {
                text: part.chars().take(40).collect(),
            };
            pasted.findings.push(Finding::at(at, kind));
        }
    }
    let mut found = Vec::new();
    for s in &pasted.settings {
        found.extend(
            super::apply::setting_findings(s)
                .into_iter()
                .map(|k| Finding::at(s.origin, k)),
        );
    }
    pasted.findings.extend(found);
    pasted
}

fn read_app_type(v: &str) -> Option<AppType> {
    match v {
        "jvm" => Some(AppType::Jvm),
        "py" => Some(AppType::Python),
        "r" => Some(AppType::R),
        _ => None,
    }
}

/// The settings of a link (from [`decode`]) as a text the check reads back to the same
/// settings, for the paste box of a page opened from a link: `spark-defaults.conf` lines;
/// a `spark-submit` command when the link names the application's language (only a command's
/// application or a manifest tells it); a `SparkApplication` manifest when it names a Spark
/// version (only a manifest tells it); an EMR configuration when it holds EMR's
/// `maximizeResourceAllocation` (only the `spark` classification holds it). A link's keys are
/// known keys and its values letters, digits and dots ([`decode`] keeps no other), so nothing
/// needs quoting beyond what each format always has.
pub fn as_text(pasted: &Pasted) -> String {
    let settings: Vec<(String, String)> = pasted
        .effective()
        .into_iter()
        .map(|e| (e.key, e.value))
        .collect();
    if let Some((on, _)) = pasted.maximize_resource_allocation {
        return emr_configuration_text(&settings, on);
    }
    if let Some((version, _)) = pasted.spark_version {
        return manifest_text(&settings, pasted.app_type.map(|(t, _)| t), version);
    }
    if let Some((app_type, _)) = pasted.app_type {
        let application = match app_type {
            AppType::Jvm => "app.jar",
            AppType::Python => "app.py",
            AppType::R => "app.R",
        };
        let mut out = String::from("spark-submit \\\n");
        for (key, value) in &settings {
            out.push_str(&format!("  --conf {key}={value} \\\n"));
        }
        out.push_str(&format!("  {application}\n"));
        return out;
    }
    settings
        .iter()
        .map(|(key, value)| format!("{key} {value}\n"))
        .collect()
}

fn emr_configuration_text(settings: &[(String, String)], maximize: bool) -> String {
    let properties: Vec<String> = settings
        .iter()
        .map(|(key, value)| format!("      \"{key}\": \"{value}\""))
        .collect();
    format!(
        "[\n  {{\n    \"Classification\": \"spark\",\n    \"Properties\": {{\n      \
         \"maximizeResourceAllocation\": \"{maximize}\"\n    }}\n  }},\n  {{\n    \
         \"Classification\": \"spark-defaults\",\n    \"Properties\": {{\n{}\n    }}\n  }}\n]\n",
        properties.join(",\n")
    )
}

fn manifest_text(
    settings: &[(String, String)],
    app_type: Option<AppType>,
    version: SparkVersion,
) -> String {
    let mut out =
        String::from("apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\nspec:\n");
    if let Some(t) = app_type {
        let name = match t {
            AppType::Jvm => "Scala",
            AppType::Python => "Python",
            AppType::R => "R",
        };
        out.push_str(&format!("  type: {name}\n"));
    }
    out.push_str(&format!("  sparkVersion: \"{}\"\n", version.as_str()));
    if !settings.is_empty() {
        out.push_str("  sparkConf:\n");
        for (key, value) in settings {
            out.push_str(&format!("    \"{key}\": \"{value}\"\n"));
        }
    }
    out
}
