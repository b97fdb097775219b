//! The JS API's results, natively: the documented cases worked by hand, the same plan from a
//! link, a query and an object of fields, every cluster manager, and bad inputs answered with
//! diagnostics (never a panic, never a plan beside an error).

use api::{plan_fields, plan_query, PlanResult, PlanView};

fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn method<'a>(r: &'a PlanResult, id: &str) -> &'a PlanView {
    r.plans
        .iter()
        .find(|p| p.method.as_str() == id)
        .unwrap_or_else(|| panic!("no {id} plan in {r:?}"))
}

/// Executors × cores × `spark.executor.memory`.
fn shape(p: &PlanView) -> (u32, u32, &str) {
    (
        p.executors,
        p.cores_per_executor,
        p.executor_memory.as_str(),
    )
}

#[test]
fn case_one_by_hand() {
    // 6 nodes × 16 cores × 64 GB, 1 core and 1 GB per node for the OS: 3 executors of 5 cores
    // per node, one less for the ApplicationMaster; 63 GB ÷ 3 = 21 GB, less 7 % → 19 GB.
    let r = plan_query("");
    assert_eq!(
        (r.status.as_str(), r.manager.as_str(), r.link.as_str()),
        ("planned", "yarn", "v=1")
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let rule = method(&r, "rule-of-thumb");
    assert_eq!(shape(rule), (17, 5, "19g"));
    let exact = method(&r, "spark-exact");
    assert_eq!(shape(exact), (17, 5, "19g"));
    assert_eq!(r.plans.iter().filter(|p| p.selected).count(), 1);
    // Spark's overhead max(384, ⌊0.1 × 19456⌋) = 1945 MiB; 21401 MiB rounded up to YARN's
    // 1024 MiB steps is 21504: three a node fill the NodeManager's 63 GiB (64512 MiB).
    let executor = &exact.containers[0];
    assert_eq!(executor.role.as_str(), "executor");
    assert_eq!(
        (
            executor.heap_mib,
            executor.overhead_mib,
            executor.requested_mib
        ),
        (Some(19456), Some(1945), 21401)
    );
    assert_eq!(executor.granted_mib, Some(21504));
    assert_eq!(exact.task_slots, 85);
    // Node 1 holds the AM and two executors, nodes 2–6 three executors each.
    let groups: Vec<(u32, u32, usize)> = exact
        .layout
        .iter()
        .map(|g| {
            let executors = g
                .blocks
                .iter()
                .filter(|b| b.kind.as_str() == "executor")
                .count();
            (g.first_node, g.last_node, executors)
        })
        .collect();
    assert_eq!(groups, [(1, 1, 2), (2, 6, 3)]);
    let node_one: u64 = exact.layout[0].blocks.iter().map(|b| b.memory_mib).sum();
    assert_eq!(node_one, 64 * 1024);
    let e = &exact.exports;
    assert!(e
        .spark_submit
        .starts_with("spark-submit \\\n  --master yarn"));
    assert!(e.spark_submit.contains("--num-executors 17"));
    assert!(e
        .spark_submit_args
        .windows(2)
        .any(|w| w == ["--executor-memory", "19g"]));
    assert!(e
        .spark_defaults_conf
        .contains("spark.executor.instances 17\n"));
    assert_eq!(e.spark_conf.len(), e.spark_defaults_conf.lines().count());
}

#[test]
fn case_two_from_a_link_a_query_and_fields_alike() {
    // 32 cores: the rule of thumb's 6 × 6 − 1 = 35 executors of 9 GB; Spark-exact fits 36.
    let from_link = plan_query("https://wiki.example/tools/sizer/?v=1&c=32#plan");
    let from_query = plan_query("?v=1&c=32");
    assert_eq!(shape(method(&from_link, "rule-of-thumb")), (35, 5, "9g"));
    assert_eq!(shape(method(&from_link, "spark-exact")), (36, 5, "9g"));
    assert_eq!(from_link.link, "v=1&c=32");
    for object in [
        fields(&[("c", "32")]),
        fields(&[("coresPerNode", "32")]),
        fields(&[("Cores per node", "32"), ("v", "1")]),
        fields(&[("cores_per_node", "32"), ("cm", "yarn")]),
    ] {
        let r = plan_fields(&object);
        assert_eq!(r.link, "v=1&c=32", "{object:?}");
        assert_eq!(
            format!("{:?}", r.plans),
            format!("{:?}", from_query.plans),
            "{object:?}"
        );
        assert!(r.diagnostics.is_empty(), "{object:?}: {:?}", r.diagnostics);
    }
}

#[test]
fn kubernetes_and_emr_plans() {
    // The Kubernetes defaults: 2-core executors of 6g; Spark's pod memory is the heap plus
    // max(384, ⌊0.1 × 6144⌋ = 614) MiB.
    let k8s = plan_fields(&fields(&[
        ("cm", "k8s"),
        ("spark.kubernetes.executor.limit.cores", "4"),
    ]));
    assert_eq!(k8s.manager.as_str(), "k8s");
    assert_eq!(k8s.link, "v=1&cm=k8s&lim=4");
    let p = method(&k8s, "kubernetes");
    assert_eq!(shape(p), (16, 2, "6g"));
    assert_eq!(p.containers[0].requested_mib, 6144 + 614);
    assert_eq!(p.containers[0].cpu_limit.as_deref(), Some("4"));
    assert_eq!(p.totals.cpu_used_millis, Some(33_000));
    let yaml = p.exports.spark_operator_yaml.as_deref().unwrap_or_default();
    assert!(
        yaml.starts_with("apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n"),
        "{yaml}"
    );
    assert!(yaml.contains("coreLimit: \"4\""), "{yaml}");
    assert!(p
        .layout
        .iter()
        .any(|g| g.blocks.iter().any(|b| b.kind.as_str() == "daemonsets")));

    // EMR's defaults reproduce seed 003: 50 requests of 22528 MiB become 9 executors of
    // 112640 MiB and 20 cores.
    let emr = plan_query("v=1&cm=emr");
    let p = method(&emr, "emr");
    assert_eq!((p.executors, p.executors_running), (50, 9));
    let launched = &p.containers[1];
    assert_eq!(
        (
            launched.role.as_str(),
            launched.count,
            launched.requested_mib,
            launched.cores
        ),
        ("executor-launched", 9, 112_640, Some(20))
    );
    let json = p
        .exports
        .emr_configurations_json
        .as_deref()
        .unwrap_or_default();
    assert!(json.contains("\"Classification\""), "{json}");
    assert!(p.warnings.iter().any(|w| w.code == "executors-merged"));
}

#[test]
fn bad_inputs_come_back_as_diagnostics() {
    let r = plan_query("v=2&n=0&m=lots&zz=1&zz=2");
    assert_eq!(r.status.as_str(), "invalid");
    assert!(r.plans.is_empty() && r.differences.is_empty());
    let found: Vec<(&str, &str, Option<&str>)> = r
        .diagnostics
        .iter()
        .map(|d| (d.severity.as_str(), d.code.as_str(), d.field.as_deref()))
        .collect();
    assert_eq!(
        found,
        [
            // A value that could not be read first, as the page lists them.
            ("error", "unreadable-value", Some("m")),
            ("error", "invalid-value", Some("n")),
            ("warning", "link-version", Some("v")),
            ("warning", "unknown-key", Some("zz")),
            ("info", "repeated-key", Some("zz")),
        ]
    );
    assert!(
        r.diagnostics[0].message.starts_with("Memory per node: "),
        "{:?}",
        r.diagnostics[0]
    );
    assert_eq!(
        r.diagnostics[1].message,
        "Nodes is 0; allowed: 1 to 100\u{202f}000"
    );

    // An unknown cluster manager is an error, not a silent YARN plan.
    let r = plan_fields(&fields(&[("cm", "mesos"), ("c", "32")]));
    assert_eq!(
        (r.status.as_str(), r.diagnostics[0].field.as_deref()),
        ("invalid", None)
    );
    assert!(
        r.diagnostics[0].message.starts_with("cm: "),
        "{:?}",
        r.diagnostics
    );

    // A name of another cluster manager's field is unknown here, and said so; the plan stands.
    let r = plan_fields(&fields(&[("cm", "k8s"), ("coresPerNode", "32")]));
    assert_eq!(r.status.as_str(), "planned");
    assert_eq!(r.diagnostics[0].code, "unknown-key");
    assert_eq!(r.diagnostics[0].field.as_deref(), Some("coresPerNode"));

    // `{"c": -5}`: the JS API passes the number as `String(-5)`; the error names the range, as
    // for 0, not "is not a whole number".
    let r = plan_fields(&fields(&[("c", "-5")]));
    assert_eq!(r.status.as_str(), "invalid");
    assert_eq!(
        (
            r.diagnostics[0].code.as_str(),
            r.diagnostics[0].field.as_deref()
        ),
        ("invalid-value", Some("c"))
    );
    assert_eq!(
        r.diagnostics[0].message,
        "Cores per node is -5; allowed: 1 to 4096"
    );

    let r = api::unreadable_input("a number");
    assert_eq!(r.status.as_str(), "invalid");
    assert!(r.diagnostics[0].message.ends_with("got a number."));
}

#[test]
fn long_and_odd_texts_are_quoted_short() {
    let long_key = "k".repeat(10_000);
    let r = plan_query(&format!("v=1&{long_key}=1&n=%FF%00&c=%"));
    assert!(
        r.diagnostics
            .iter()
            .all(|d| d.message.chars().count() < 300),
        "{r:?}"
    );
    assert_eq!(r.status.as_str(), "invalid");
}

/// A small xorshift generator: the same inputs on every run.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

#[test]
fn random_inputs_never_panic_and_never_plan_beside_an_error() {
    let keys = [
        "v",
        "cm",
        "n",
        "c",
        "m",
        "rc",
        "rm",
        "cpe",
        "tgt",
        "em",
        "dm",
        "of",
        "kmem",
        "kcpu",
        "rq",
        "lim",
        "it",
        "cnt",
        "het",
        "max",
        "Nodes",
        "coresPerNode",
        "x",
        "",
        "%",
        "spark.executor.memory",
    ];
    let values = [
        "",
        "0",
        "1",
        "-1",
        "32",
        "5",
        "19g",
        "1e9",
        "0.5",
        "abc",
        "k8s",
        "emr",
        "yarn",
        "99999999999",
        "64 TiB",
        "1.5",
        "150%",
        "NaN",
        "%E2%80%AF",
        "m5.xlarge",
        "custom",
        "500m",
        "true",
    ];
    let mut rng = Xorshift(0x5eed_cafe);
    for _ in 0..3000 {
        let n = rng.next() % 6;
        let pairs: Vec<(String, String)> = (0..n)
            .map(|_| (rng.pick(&keys).to_string(), rng.pick(&values).to_string()))
            .collect();
        let query: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        for r in [plan_fields(&pairs), plan_query(&query.join("&"))] {
            let errors = r.diagnostics.iter().any(|d| d.severity.as_str() == "error");
            assert_eq!(errors, r.status.as_str() == "invalid", "{pairs:?}: {r:?}");
            assert_eq!(
                r.plans.is_empty(),
                r.status.as_str() == "invalid",
                "{pairs:?}"
            );
            assert!(!api::to_json(&r).is_empty());
        }
    }
}

/// The JSON reads back as what was written, whatever a message or a value holds (quotes,
/// backslashes, control characters, non-ASCII), and absent optional fields are left out rather
/// than written as null.
#[test]
fn json_text_reads_back_with_any_characters() {
    let mut r = plan_query("cm=k8s&c=16");
    let odd = "a\"b\\c\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f} é ≥ 😀 {}[],:";
    r.diagnostics.push(api::DiagnosticView {
        code: "invalid-value".to_string(),
        severity: planner::warning::Severity::Error,
        field: None,
        message: odd.to_string(),
    });
    r.plans[0].exports.spark_submit_args.push(odd.to_string());
    let text = api::to_json(&r);
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let diagnostics = json["diagnostics"].as_array().expect("diagnostics");
    let last = diagnostics.last().expect("a diagnostic");
    assert_eq!(last["message"], odd);
    assert!(last.get("field").is_none(), "{last}");
    let args = json["plans"][0]["exports"]["spark_submit_args"]
        .as_array()
        .expect("args");
    assert_eq!(args.last().expect("an argument"), odd);
    assert_eq!(
        json["plans"][0]["executors"],
        u64::from(r.plans[0].executors)
    );
    assert!(json["plans"][0]["totals"].get("vcores_used").is_none());
    // The same text serde_json writes for these values.
    assert!(
        text.contains(&serde_json::to_string(odd).expect("text")),
        "{text}"
    );
}
