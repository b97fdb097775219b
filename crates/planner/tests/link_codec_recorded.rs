//! The link format is a public contract: every link decodes, and every scenario encodes,
//! exactly as the codec did when these expectations were recorded (2026-12-01, the codec of one
//! `get`/`set` closure pair per field, before it became a table read from the catalog).
//!
//! A broad set of links is decoded and re-encoded for each cluster manager: every key of every
//! manager (and unknown ones) with valid, default, empty, out-of-range, malformed, unit-suffixed,
//! padded, percent-encoded and over-long values; each key set alone on a default scenario the
//! way the form does (`scenario_apply`, `scenario_text_of`); hand-written links (repeated keys,
//! `cm` spellings, variant switches such as `rc` then `nmm`, the presets); and seeded random
//! links of up to six pairs. Each outcome is written as one line (the decoded scenario's
//! `Debug`, the version, unknown keys, bad values with their fields and messages, repeated keys,
//! `cm`'s case, every key's text, the canonical link); lines are hashed per group and compared
//! with `data/link_codec_v1.txt`. A failing group prints its lines.
//!
//! `LINK_CODEC_LINES=FILE` writes every line in full, to compare two versions of the codec.
//! `RECORD_LINK_CODEC=1 cargo test -p planner --test link_codec_recorded` rewrites the file: only
//! for an intended change of the link format, which the format's contract forbids for old links,
//! or of the words a bad value's message holds (rewritten when the one digit-grouping rule,
//! `planner::format::group`, stopped grouping four-digit numbers: 69 lines changed, each only
//! by its U+202F separators, checked with `LINK_CODEC_LINES` before and after; rewritten when
//! issue 27 added the workload's files, splitting and `spark.default.parallelism` and a managed
//! node's reported memory: all 34 892 links of the old file that the new one holds decode and
//! encode the same once the new fields' defaults are left out of each line; the seeded random
//! links differ, drawn from the longer key list).

use planner::url::{
    self, encode_component, manager_keys, scenario_apply, scenario_from_query, scenario_text_of,
    scenario_to_query, Manager, Scenario,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;

const MANAGERS: [Manager; 3] = [Manager::Yarn, Manager::Kubernetes, Manager::Emr];

/// Values tried for every key: each kind's valid forms, its defaults' neighbours, and text no
/// reader takes.
const VALUES: &[&str] = &[
    "",
    "0",
    "1",
    "2",
    "7",
    "15",
    "64",
    "4096",
    "0.5",
    "1.5",
    "0.1875",
    "2g",
    "512m",
    "64 GB",
    "64GiB",
    "1.5g",
    "2t",
    "500m",
    "2.5",
    "max",
    "MAX",
    "custom",
    "CUSTOM",
    "r5.4xlarge",
    "m5.xlarge",
    "c5.9xlarge",
    "abc",
    "-1",
    "1e3",
    "99999999999999999999",
    " 3 ",
    "true",
    "false",
    "TRUE",
    "dominant",
    "default",
    "exact",
    "rule",
    "gib",
    "mib",
    "3.5",
    "4.0",
    "cluster",
    "client",
    "jvm",
    "python",
    "r",
    "custom",
    "eks",
    "gke",
    "aks",
    "60",
    "60s",
    "tracking",
    "service",
    "decommission",
    "none",
    "50%",
    "1,5",
    "m5.2xlarge",
    "k8s",
    "-executors",
];

/// Keys that belong to no schema, or that the codec reads apart from a schema.
const OTHER_KEYS: &[&str] = &["v", "cm", "ck", "xo", "xs", "zzz", "N", "V", "cm "];

fn every_key() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for m in MANAGERS {
        for k in manager_keys(m) {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    keys.extend_from_slice(OTHER_KEYS);
    keys
}

/// The outcome of decoding `query` for the manager it names, as one line.
fn decoded_line(query: &str) -> String {
    let d = scenario_from_query(query);
    let mut line = format!("{query}\t{:?}", d.scenario);
    write!(
        line,
        "\tv={:?}\tunknown={:?}\trepeated={:?}\tcase={:?}\tbad=",
        d.version, d.unknown, d.repeated, d.manager_case
    )
    .expect("write to a String");
    for b in &d.bad {
        write!(
            line,
            "[{} {:?} {:?} {:?} / {}]",
            b.key,
            b.field,
            b.error.text,
            b.error.expected,
            b.diagnostic(d.scenario.manager()).message
        )
        .expect("write to a String");
    }
    line.push_str("\ttexts=");
    for key in manager_keys(d.scenario.manager()) {
        write!(line, "{key}:{:?},", scenario_text_of(key, &d.scenario)).expect("write to a String");
    }
    write!(line, "\tlink={}", scenario_to_query(&d.scenario)).expect("write to a String");
    line
}

/// `key` set from `text` on `m`'s default scenario, as the form sets it.
fn applied_line(m: Manager, key: &str, text: &str) -> String {
    let mut s = Scenario::default_for(m);
    let result = scenario_apply(key, &mut s, text);
    format!(
        "{}\t{key}\t{text:?}\t{result:?}\t{:?}\t{}",
        m.as_str(),
        scenario_text_of(key, &s),
        scenario_to_query(&s)
    )
}

fn manager_prefix(m: Manager) -> String {
    match m {
        Manager::Yarn => "v=1".to_string(),
        _ => format!("v=1&cm={}", m.as_str()),
    }
}

/// Hand-written links: what single keys do not cover.
fn written_links() -> Vec<String> {
    let links = [
        "",
        "?",
        "?v=1",
        "v=1",
        "v=2",
        "v=abc",
        "v=",
        "v",
        "v=1&v=1",
        "&&v=1&&n=3&",
        "v=1&n=3&n=4",
        "v=1&n",
        "n=3",
        "v=1&cm=K8S",
        "v=1&cm=EMR&cm=emr",
        "v=1&cm=Emr",
        "v=1&cm=bad",
        "v=1&cm=",
        "v=1&cm=yarn",
        "v=1&cm=%20k8s%20",
        "v=1&cm=k8s&cm=emr",
        "v=1&rc=2&rm=4",
        "v=1&rc=2&nmm=60000",
        "v=1&nmm=60000&rc=2",
        "v=1&nmm=60000&nmv=14",
        "v=1&nmv=14",
        "v=1&rm=2.5&nmv=10&rc=3",
        "v=1&amax=9000",
        "v=1&vmax=6",
        "v=1&amax=9000&vmax=6",
        "v=1&m=128%20GB&dm=2g&n=abc&zzz=1&cpe=",
        "v=1&m=64+GB",
        "v=1&m=%zz&n=%4",
        "v=1&n=%E2%82%AC",
        "v=1&%6E=5",
        "v=1&cm=emr&it=custom&ivc=8",
        "v=1&cm=emr&ivc=8&imem=32&inm=28000",
        "v=1&cm=emr&ivc=8&it=r5.4xlarge",
        "v=1&cm=emr&it=r5.4xlarge&imem=100",
        "v=1&cm=emr&imem=1.5",
        "v=1&cm=emr&imem=-2",
        "v=1&cm=emr&mt=custom",
        "v=1&cm=emr&dyn=0&max=1&het=0",
        "v=1&cm=k8s&kp=eks&knt=m5.2xlarge&kmp=29",
        "v=1&cm=k8s&kp=gke&knt=",
        "v=1&cm=k8s&cnt=max&rq=500m&lim=2",
        "v=1&cm=k8s&kmof=&omin=&domin=",
        "v=1&dyn=1&damin=2&dainit=3&damax=10&daidle=30s&dabl=2&dash=service",
        "v=1&dainit=&damax=",
        "v=1&win=1024&wsplit=256&wsh=2048&wtask=300&wskew=2.5&wbc=64",
        "v=1&jobs=4&col=2048&mrs=0&egm=8192&egc=4",
        "v=1&xo=1&xs=-executors&ck=abc",
        "v=1&meth=rule&gran=mib&share=50&tgt=10240",
        "v=1&off=1&offs=2048&py=1024&app=python&sv=3.5&mode=client",
        "v=1&of=0.1&omin=384&ovh=1024&dovh=512&dof=0.2&domin=512&mf=0.5&sf=0.3",
        "v=1&amin=1024&ainc=512&calc=default&tc=2&cpe=4",
    ];
    let mut out: Vec<String> = links.iter().map(|s| s.to_string()).collect();
    let long = "9".repeat(400);
    for m in MANAGERS {
        out.push(format!("{}&n={long}", manager_prefix(m)));
        out.push(format!("{}&{long}=1", manager_prefix(m)));
        out.push(format!("v={long}&cm={}", m.as_str()));
    }
    for p in planner::presets::presets() {
        out.push(url::to_query(&p.input));
    }
    for m in MANAGERS {
        for p in planner::scenario::presets(m) {
            out.push(scenario_to_query(&p.input));
        }
    }
    out
}

/// A small deterministic generator (xorshift), so the random links are the same every run.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn random_links(count: usize) -> Vec<String> {
    let keys = every_key();
    let mut rng = Xorshift(0x5eed_11c0_dec0_0001);
    let mut out = Vec::new();
    for _ in 0..count {
        let m = MANAGERS[rng.below(3)];
        let mut link = manager_prefix(m);
        for _ in 0..1 + rng.below(6) {
            let key = keys[rng.below(keys.len())];
            let value = VALUES[rng.below(VALUES.len())];
            write!(link, "&{key}={}", encode_component(value)).expect("write to a String");
        }
        out.push(link);
    }
    out
}

/// Every group of lines, by name.
fn groups() -> BTreeMap<String, Vec<String>> {
    let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in MANAGERS {
        for key in every_key() {
            let name = format!("{} {key}", m.as_str());
            let lines = groups.entry(name).or_default();
            for value in VALUES {
                let link = format!("{}&{key}={}", manager_prefix(m), encode_component(value));
                lines.push(decoded_line(&link));
                lines.push(applied_line(m, key, value));
            }
            // Unencoded text as a hand-typed link would carry it.
            lines.push(decoded_line(&format!("{}&{key}=64 GB", manager_prefix(m))));
            lines.push(decoded_line(&format!("{}&{key}=64+GB", manager_prefix(m))));
            lines.push(applied_line(m, key, &"7".repeat(300)));
        }
    }
    groups.insert(
        "written".to_string(),
        written_links().iter().map(|l| decoded_line(l)).collect(),
    );
    for (i, chunk) in random_links(3000).chunks(100).enumerate() {
        let lines = chunk.iter().map(|l| decoded_line(l)).collect();
        groups.insert(format!("random {i:02}"), lines);
    }
    let mut keys = String::new();
    for m in MANAGERS {
        writeln!(keys, "{}: {:?}", m.as_str(), manager_keys(m)).expect("write to a String");
    }
    groups.insert("keys".to_string(), vec![keys]);
    groups
}

/// FNV-1a, 64 bits: stable across platforms and Rust versions.
fn fnv1a(lines: &[String]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for line in lines {
        for b in line.bytes().chain([b'\n']) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

const RECORDED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/link_codec_v1.txt");

#[test]
fn every_link_decodes_and_encodes_as_recorded() {
    let groups = groups();
    let mut text = String::new();
    for (name, lines) in &groups {
        writeln!(text, "{name}\t{} lines\t{:016x}", lines.len(), fnv1a(lines))
            .expect("write to a String");
    }
    // Every line in full, to compare two versions of the codec line by line.
    if let Some(path) = std::env::var_os("LINK_CODEC_LINES") {
        let all: Vec<&str> = groups.values().flatten().map(String::as_str).collect();
        std::fs::write(path, all.join("\n")).expect("the lines file");
    }
    if std::env::var_os("RECORD_LINK_CODEC").is_some() {
        std::fs::write(RECORDED, &text).expect("the recorded file");
        return;
    }
    let recorded = std::fs::read_to_string(RECORDED).expect("the recorded file");
    let mut failed = Vec::new();
    for (got, want) in text.lines().zip(recorded.lines()) {
        if got != want {
            let name = got.split('\t').next().unwrap_or_default();
            failed.push(name.to_string());
            eprintln!("group {name}: recorded {want}, now {got}; its lines now:");
            for line in &groups[name] {
                eprintln!("  {line}");
            }
        }
    }
    assert_eq!(text.lines().count(), recorded.lines().count(), "groups");
    assert!(failed.is_empty(), "groups that changed: {failed:?}");
}
