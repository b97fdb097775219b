//! What reading a pasted text found, in words: where bash ends a command and what spark-submit
//! does with what follows, characters that look like what was meant and are not, the parts of a
//! text of several jobs, texts of another kind, and settings Spark refuses or ignores. Each
//! message says what happens and what to type instead.

use super::{
    Cut, CutKind, FindingKind, Format, Ignored, JavaOption, Lookalike, Other, Part, SubmitOutcome,
};
use crate::format::{counted, in_text as group_digits_in_text};
use crate::spark::SparkVersion;

/// The formats the check reads.
pub(super) const FORMATS_READ: &str = "a spark-submit command, a spark-defaults.conf, an EMR \
                                       configuration (JSON) or a SparkApplication manifest (YAML)";

/// What spark-submit says when a command names no application
/// (`SparkSubmitArguments.validateSubmitArguments`, Spark 3.5 and 4.0).
const NO_PRIMARY_RESOURCE: &str = "Must specify a primary resource (JAR or Python or R file)";

/// The message of a finding of [`super::words::finding_message`]'s reading kinds (empty for
/// the others).
pub(super) fn message(kind: &FindingKind) -> String {
    use FindingKind as F;
    match kind {
        F::CommandCut(cut) => cut_message(cut),
        F::Mistyped {
            word,
            lookalike,
            outcome,
        } => mistyped_message(word, lookalike, outcome),
        F::NoApplication => format!(
            "spark-submit stops: \"{NO_PRIMARY_RESOURCE}\": the command names no application \
             (a .jar, .py or .R file after its options), so nothing runs."
        ),
        F::OptionsAfterApplication {
            application,
            first,
            options,
            plausible,
        } => options_after_message(application, first, *options, *plausible),
        F::OptionLinesJoined { first, last } => format!(
            "this command's options stand on lines of their own ({}) without \\ at their \
             ends: read here as one command, as meant. In a shell each line runs as a command \
             of its own: end every line but the last with \\.",
            lines_words(*first, *last)
        ),
        F::WindowsLineEndings => "The text has Windows line endings (CR LF): read here as \
             line breaks, as meant. bash on Linux keeps each line's CR as part of its last word, \
             so a \\ before it continues nothing and spark-submit gets words ending in a CR: \
             convert the file (dos2unix) before running it."
            .to_string(),
        F::ByteOrderMark { .. } => "The text starts with a byte-order mark (U+FEFF, an \
             invisible character): read here without it. bash reads it as part of the \
             program's name (\"spark-submit: command not found\"): save the file as UTF-8 \
             without a byte-order mark."
            .to_string(),
        F::InvisibleCharacter { key, character } => invisible_message(key, *character),
        other => more_message(other),
    }
}

fn more_message(kind: &FindingKind) -> String {
    use FindingKind as F;
    match kind {
        F::MasterRefused { master, version } => master_message(master, *version),
        F::JavaOptionsRefused { key, value, sets } => java_options_message(key, value, *sets),
        F::IgnoredKey { key, why } => ignored_message(key, *why),
        F::SeveralParts { parts, checked } => parts_message(parts, *checked),
        F::NotCheckable { what } => other_message(what),
        F::OtherDocument { kind } if kind.is_empty() => {
            "This document has no kind, so it is no SparkApplication: it is not checked."
                .to_string()
        }
        F::OtherDocument { kind } => {
            format!("This document is a {kind}, not a SparkApplication: it is not checked.")
        }
        F::OperatorDefault { key, value } => format!(
            "{key} = {value}: the manifest sets no executor count and dynamic allocation is off, \
             so the Spark operator's defaults give {value} (spec.executor.instances, \
             api/v1beta2/defaults.go), not Spark's 2."
        ),
        F::NearestVersion { given, used } => format!(
            "sparkVersion {given}: checked with Spark {}'s rules, the nearest this check knows \
             (3.5 and 4.0).{}",
            used.as_str(),
            if older_than_3_3(given) {
                " Before Spark 3.3 there is no spark.executor.memoryOverheadFactor or \
                 spark.driver.memoryOverheadFactor: Kubernetes reads \
                 spark.kubernetes.memoryOverheadFactor only."
            } else {
                ""
            }
        ),
        _ => String::new(),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        // The messages start with ASCII words: no Unicode case tables in the module.
        Some(c) => std::iter::once(c.to_ascii_uppercase())
            .chain(chars)
            .collect(),
        None => String::new(),
    }
}

/// "line 5" or "lines 5–9".
fn lines_words(first: u32, last: u32) -> String {
    if first == last {
        format!("line {first}")
    } else {
        format!("lines {first}–{last}")
    }
}

fn cut_message(cut: &Cut) -> String {
    let Cut { kind, tail, .. } = cut;
    let why = match kind {
        CutKind::Comment => {
            "bash reads the # on this line as the start of a comment to the end of the line, a \\ \
             in it included, so the command ends here"
        }
        CutKind::MissingBackslash => "this line does not end in \\, so the command ends here",
        CutKind::Slash => {
            "this line ends in /, where the shell needs \\ to go on to the next line, so the \
             command ends here and spark-submit takes / as the application"
        }
    };
    let gets = if cut.application || *kind == CutKind::Slash {
        "spark-submit runs without them".to_string()
    } else {
        format!("spark-submit gets no application and stops (\"{NO_PRIMARY_RESOURCE}\")")
    };
    let fix = match kind {
        CutKind::Comment => "Remove the comment line, or move it above the command.",
        CutKind::MissingBackslash => "End this line with \\.",
        CutKind::Slash => "Type \\ for each / at the end of a line.",
    };
    group_digits_in_text(&format!(
        "{why}: {} ({}) are not part of it, and {gets}; bash runs those lines as a command of \
         their own, which fails (\"command not found\"). {fix}",
        lines_words(tail.0, tail.1),
        counted(u64::from(cut.options), "option")
    ))
}

fn dash_name(c: char) -> &'static str {
    match c {
        '\u{2013}' => "an en dash (–)",
        '\u{2014}' => "an em dash (—)",
        '\u{2212}' => "a minus sign (−)",
        _ => "a typographic dash",
    }
}

fn mistyped_message(word: &str, lookalike: &Lookalike, outcome: &SubmitOutcome) -> String {
    let (what, fix) = match lookalike {
        Lookalike::Space(c) => (
            format!(
                "\"{word}\" holds a no-break space (U+{:04X}) where a space seems meant: the \
                 shell reads it as part of the word, not as a space between words",
                u32::from(*c)
            ),
            "Type a plain space.".to_string(),
        ),
        Lookalike::Dash(c) => (
            format!(
                "{word} starts with {}, not with - or --, as a word processor or wiki writes \
                 them",
                dash_name(*c)
            ),
            format!("Type --{}.", word.trim_start_matches(Lookalike::dash)),
        ),
        Lookalike::Quote(c) => (
            format!(
                "{word} holds a curly quote ({c}), which the shell does not read as a quote: it \
                 is part of the word"
            ),
            "Type straight quotes (\" or ') or none.".to_string(),
        ),
        Lookalike::Slash => (
            "/ stands where \\ seems meant".to_string(),
            "Type \\ at the end of a line to go on to the next.".to_string(),
        ),
        Lookalike::SpaceAfterEquals { key } => (
            format!(
                "the space after {key}= ends the setting: Spark gets {key} with no value, and \
                 {word} is a word of its own"
            ),
            format!("Write {key}={word}."),
        ),
    };
    let does = match outcome {
        SubmitOutcome::Refused(e) => format!("spark-submit refuses the command: {e}."),
        SubmitOutcome::TakenAsApplication { options_lost } => format!(
            "spark-submit takes {word} as the application, so {} after it {} to the \
             application, not to Spark.",
            counted(u64::from(*options_lost), "option"),
            if *options_lost == 1 { "goes" } else { "go" }
        ),
        SubmitOutcome::KeyIgnored => {
            "Spark does not know the key, so the setting has no effect.".to_string()
        }
    };
    // The user's own word leads (after "Line N: "): not capitalised.
    group_digits_in_text(&format!("{what}: {does} {fix}"))
}

fn options_after_message(application: &str, first: &str, options: u32, plausible: bool) -> String {
    let them = match options {
        1 => format!("{first} is"),
        n => format!(
            "{first} and {} are",
            counted(u64::from(n - 1), "more option")
        ),
    };
    if plausible {
        format!(
            "spark-submit passes everything after the application {application} to it: {them} \
             the application's arguments, not Spark's settings. Put spark-submit's options \
             before the application."
        )
    } else {
        format!(
            "spark-submit takes {application} as the application (it is no .jar, .py or .R \
             file), so {them} the application's arguments, not Spark's settings: is a value or \
             a \\ missing before it?"
        )
    }
}

fn invisible_message(key: &str, character: char) -> String {
    if character == '\u{feff}' && key.starts_with("<U+FEFF>") {
        return format!(
            "The file starts with a byte-order mark (U+FEFF, an invisible character), which \
             Java's Properties reads as part of the first key: Spark sees {key}, does not know \
             it and ignores the setting. Save the file as UTF-8 without a byte-order mark."
        );
    }
    let name = match character {
        '\u{200b}' => "zero-width space",
        '\u{200c}' | '\u{200d}' => "zero-width joiner",
        '\u{ad}' => "soft hyphen",
        '\u{2060}' => "word joiner",
        _ => "character",
    };
    format!(
        "{key} holds an invisible {name} (U+{:04X}): Spark reads it as part of the key, does \
         not know the key and ignores the setting. Type the key again.",
        u32::from(character)
    )
}

fn master_message(master: &str, version: SparkVersion) -> String {
    let spark_words = match version {
        SparkVersion::V3_5 => {
            "Master must either be yarn or start with spark, mesos, k8s, or local"
        }
        SparkVersion::V4_0 => "Master must either be yarn or start with spark, k8s, or local",
    };
    let hint = match master {
        "yarn-cluster" => " Spark 2's yarn-cluster is --master yarn --deploy-mode cluster.",
        "yarn-client" => " Spark 2's yarn-client is --master yarn --deploy-mode client.",
        _ => "",
    };
    format!(
        "spark.master = {master}: spark-submit stops (Spark {}): \"{spark_words}\".{hint}",
        version.as_str()
    )
}

fn java_options_message(key: &str, value: &str, sets: JavaOption) -> String {
    let value: String = value.chars().take(100).collect();
    let spark_words = match (key, sets) {
        (k, JavaOption::MaxHeap) if k.starts_with("spark.driver.") => format!(
            "spark-submit stops: \"Not allowed to specify max heap(Xmx) memory settings through \
             java options (was {value}). Use the corresponding --driver-memory or \
             spark.driver.memory configuration instead.\""
        ),
        (_, JavaOption::MaxHeap) => format!(
            "the application stops as it starts (SparkConf.validateSettings): \"{key} is not \
             allowed to specify max heap memory settings (was '{value}'). Use \
             spark.executor.memory instead.\""
        ),
        (_, JavaOption::SparkSetting) => format!(
            "the application stops as it starts (SparkConf.validateSettings): \"{key} is not \
             allowed to set Spark options (was '{value}'). Set them directly on a SparkConf or \
             in a properties file when using ./bin/spark-submit.\""
        ),
    };
    capitalised(&spark_words)
}

fn ignored_message(key: &str, why: Ignored) -> String {
    match why {
        Ignored::UnknownKubernetesKey => format!(
            "Spark on Kubernetes has no setting {key} (Spark 3.5 and 4.0): Spark ignores it, so \
             it has no effect."
        ),
        Ignored::LegacyMemory => format!(
            "{key} is a setting of Spark 1's legacy memory manager, which Spark 3.0 removed: \
             Spark ignores it. The unified memory manager's shares are spark.memory.fraction and \
             spark.memory.storageFraction."
        ),
    }
}

/// "lines 1–4, 6–9 and 11".
fn ranges(parts: &[Part]) -> String {
    let each: Vec<String> = parts
        .iter()
        .map(|p| {
            if p.first_line == p.last_line {
                p.first_line.to_string()
            } else {
                format!("{}–{}", p.first_line, p.last_line)
            }
        })
        .collect();
    match each.split_last() {
        Some((last, [])) => format!("line {last}"),
        Some((last, rest)) => format!("lines {} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// What a part is called: "spark-submit command" or "SparkApplication".
pub(super) fn part_noun(format: Format) -> &'static str {
    match format {
        Format::SparkApplication => "SparkApplication",
        _ => "spark-submit command",
    }
}

/// "Command 2 (lines 6–9, report.py)" ("command 2 …" inside a sentence).
pub(super) fn part_words(part: &Part, index: usize, sentence_start: bool) -> String {
    let noun = match (part.format, sentence_start) {
        (Format::SparkApplication, _) => "SparkApplication",
        (_, true) => "Command",
        (_, false) => "command",
    };
    let name = if part.name.is_empty() {
        String::new()
    } else {
        format!(", {}", part.name)
    };
    format!(
        "{noun} {} ({}{name})",
        index + 1,
        lines_words(part.first_line, part.last_line)
    )
}

fn parts_message(parts: &[Part], checked: usize) -> String {
    let noun = parts.first().map_or("command", |p| part_noun(p.format));
    let this = parts.get(checked).map_or_else(
        || format!("none of them (there is no number {})", checked + 1),
        |p| part_words(p, checked, false),
    );
    group_digits_in_text(&format!(
        "This text holds {} ({}): each is checked on its own, never merged with another. This \
         answer is for {this}.",
        counted(parts.len() as u64, noun),
        ranges(parts)
    ))
}

fn other_message(what: &Other) -> String {
    match what {
        Other::HelmValues => "This YAML looks like a Helm chart's values (it has no apiVersion \
             or kind): the check reads the SparkApplication the chart renders. Run helm \
             template and paste its output."
            .to_string(),
        Other::Yaml => format!(
            "This YAML is no Kubernetes object (it has no kind) and no spark-defaults.conf (its \
             settings nest): the check reads {FORMATS_READ}."
        ),
        Other::KubernetesObject { kind } => {
            format!("This YAML is a {kind}, not a SparkApplication: nothing to check in it.")
        }
        Other::Terraform => "This is Terraform, which the check does not read: paste the EMR \
             configuration it passes (its list of classifications, as JSON) or its step's \
             spark-submit arguments."
            .to_string(),
        Other::AwsCommand(command) => format!(
            "This is an AWS command line ({command}), which the check does not read: paste the \
             JSON of its configurations or job, or its step's spark-submit arguments."
        ),
        Other::NoSetting { lines } => group_digits_in_text(&format!(
            "None of these {lines} lines holds a Spark setting: the check reads {FORMATS_READ}."
        )),
    }
}

/// Whether a version text names a release before 3.3 (`3.1.1`, `2.4`).
fn older_than_3_3(given: &str) -> bool {
    let mut numbers = given
        .trim()
        .trim_start_matches(['v', 'V'])
        .split('.')
        .map(|n| n.parse::<u32>().ok());
    match (numbers.next().flatten(), numbers.next().flatten()) {
        (Some(major), Some(minor)) => (major, minor) < (3, 3),
        (Some(major), None) => major < 3,
        _ => false,
    }
}
