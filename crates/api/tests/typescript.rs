//! `js/spark_sizer.d.ts` matches what `plan()` returns: results of every cluster manager and of
//! bad inputs, as JSON, are checked against the declared interfaces — every key declared,
//! every required key present, every value of its declared type (`number`, `string`,
//! `boolean`, a string literal union, another interface, arrays of these) — and every declared
//! property appears in at least one result, so the declaration holds nothing stale.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

/// A declared property: its type text and whether it may be absent.
struct Property {
    type_text: String,
    optional: bool,
}

/// The `export interface` blocks of a declaration file: name → property → declaration.
fn interfaces(text: &str) -> BTreeMap<String, BTreeMap<String, Property>> {
    let mut all = BTreeMap::new();
    let mut current: Option<(String, BTreeMap<String, Property>)> = None;
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("export interface ") {
            let name = rest.trim_end_matches('{').trim().to_string();
            current = Some((name, BTreeMap::new()));
        } else if line == "}" {
            if let Some((name, properties)) = current.take() {
                all.insert(name, properties);
            }
        } else if let Some((_, properties)) = current.as_mut() {
            if line.starts_with("/*") || line.starts_with('*') || line.is_empty() {
                continue;
            }
            let (name, type_text) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("cannot read the property line {line:?}"));
            let optional = name.ends_with('?');
            properties.insert(
                name.trim_end_matches('?').to_string(),
                Property {
                    type_text: type_text.trim().trim_end_matches(';').to_string(),
                    optional,
                },
            );
        }
    }
    all
}

struct Checker {
    interfaces: BTreeMap<String, BTreeMap<String, Property>>,
    seen: BTreeSet<(String, String)>,
}

impl Checker {
    /// Checks `value` against the type text at `path`.
    fn check_type(&mut self, path: &str, type_text: &str, value: &Value) {
        if let Some(element) = type_text.strip_suffix("[]") {
            let items = value
                .as_array()
                .unwrap_or_else(|| panic!("{path}: not an array"));
            for (i, item) in items.iter().enumerate() {
                self.check_type(&format!("{path}[{i}]"), element, item);
            }
            return;
        }
        let ok = match type_text {
            "number" => value.is_u64(),
            "string" => value.is_string(),
            "boolean" => value.is_boolean(),
            name if self.interfaces.contains_key(name) => {
                self.check_object(path, name, value);
                true
            }
            literals => literals.split('|').map(str::trim).any(|literal| {
                match literal.strip_prefix('"').and_then(|l| l.strip_suffix('"')) {
                    Some(text) => value.as_str() == Some(text),
                    None => literal.parse::<u64>().ok() == value.as_u64(),
                }
            }),
        };
        assert!(ok, "{path}: {value} is not {type_text}");
    }

    fn check_object(&mut self, path: &str, interface: &str, value: &Value) {
        let object = value
            .as_object()
            .unwrap_or_else(|| panic!("{path}: not an object"));
        let declared: Vec<(String, String, bool)> = self.interfaces[interface]
            .iter()
            .map(|(name, p)| (name.clone(), p.type_text.clone(), p.optional))
            .collect();
        for key in object.keys() {
            assert!(
                declared.iter().any(|(name, ..)| name == key),
                "{path}: `{key}` is not declared in {interface}"
            );
        }
        for (name, type_text, optional) in declared {
            match object.get(&name) {
                Some(v) => {
                    self.seen.insert((interface.to_string(), name.clone()));
                    self.check_type(&format!("{path}.{name}"), &type_text, v);
                }
                None => assert!(
                    optional,
                    "{path}: required `{name}` of {interface} is missing"
                ),
            }
        }
    }
}

#[test]
fn the_declaration_matches_the_results() {
    let text = include_str!("../js/spark_sizer.d.ts");
    let mut checker = Checker {
        interfaces: interfaces(text),
        seen: BTreeSet::new(),
    };
    assert!(checker.interfaces.len() >= 10, "interfaces not read");
    let results = [
        api::plan_query(""),
        api::plan_query("v=1&c=32&py=2g&off=1&offs=1g"),
        api::plan_query("v=1&cm=k8s&lim=4"),
        api::plan_query("v=1&cm=emr"),
        api::plan_query("v=2&n=0&zz=1&zz=2&cm=EMR"),
        api::unreadable_input("a number"),
    ];
    for result in &results {
        let json: Value = serde_json::from_str(&api::to_json(result)).expect("JSON");
        checker.check_object("result", "PlanResult", &json);
    }
    // check(): the four formats, text that does not read, two commands, and nothing at all, on
    // each manager.
    let checks = [
        ("spark-submit --num-executors 20 --executor-memory 4g --conf spark.executor.memory=2g --conf spark.ssl.keyStorePassword=x1 app.py", ""),
        ("spark.executor.memory 6x\nspark.executor.instances 999\n", "v=1&cm=k8s"),
        (r#"[{"Classification": "spark", "Properties": {"maximizeResourceAllocation": "true"}}]"#, "v=1&cm=emr"),
        ("kind: SparkApplication\nspec:\n  executor:\n    memory: 900g\n", "v=1&cm=k8s"),
        ("spark.dynamicAllocation.enabled true\n", "v=1&n=0"),
        ("spark-submit --num-executors 2 a.jar\nspark-submit --num-executors 0x b.py\n", ""),
        ("", ""),
    ];
    for (text, link) in checks {
        let json: Value =
            serde_json::from_str(&api_reports::check::check_json_text(text, link)).expect("JSON");
        checker.check_object("check", "CheckResult", &json);
    }
    for (interface, properties) in &checker.interfaces {
        for name in properties.keys() {
            assert!(
                checker.seen.contains(&(interface.clone(), name.clone())),
                "{interface}.{name} is declared but no result has it"
            );
        }
    }
}
