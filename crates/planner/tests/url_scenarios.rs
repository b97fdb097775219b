//! The URL codec across cluster managers: `cm` chooses the schema, links without it still open
//! as YARN, and Kubernetes and EMR inputs survive a round trip exactly.

use planner::emr::{instance_types, EmrInput};
use planner::input::OffHeap;
use planner::k8s::{K8sInput, K8sNodes, K8sSpark};
use planner::place::ExecutorCount;
use planner::spark::{AppType, DeployMode, SparkVersion};
use planner::url::{from_query, scenario_from_query, scenario_to_query, Manager, Scenario};
use planner::yarn::Calculator;
use proptest::prelude::*;

/// A factor a user can type: millionths from 0.01 to 1, read as the page reads them.
fn typed_factor() -> impl Strategy<Value = f64> {
    (10_000u64..1_000_000).prop_map(|units| planner::fixed::to_f64(units, 6).expect("below 2^53"))
}

#[test]
fn links_without_cm_open_as_yarn() {
    for q in [
        "",
        "v=1",
        "v=1&n=12&c=32",
        "v=1&tgt=10240&gran=mib",
        "v=1&zz=1",
    ] {
        let d = scenario_from_query(q);
        assert_eq!(d.scenario, Scenario::Yarn(from_query(q).input), "{q}");
    }
    let d = scenario_from_query("v=1&cm=mesos");
    assert_eq!(d.scenario.manager(), Manager::Yarn);
    assert_eq!(d.bad.len(), 1);
}

#[test]
fn presets_of_each_manager_round_trip() {
    for m in [Manager::Yarn, Manager::Kubernetes, Manager::Emr] {
        let s = Scenario::default_for(m);
        let q = scenario_to_query(&s);
        let d = scenario_from_query(&q);
        assert_eq!(d.scenario, s, "{q}");
        assert!(d.bad.is_empty() && d.unknown.is_empty());
    }
    let d = scenario_from_query("v=1&cm=k8s&rq=0.5&cnt=max&it=r5.4xlarge");
    let Scenario::Kubernetes(k) = d.scenario else {
        panic!("not k8s")
    };
    assert_eq!(k.spark.request_cores.as_deref(), Some("0.5"));
    assert_eq!(k.count, ExecutorCount::AsManyAsFit);
    assert_eq!(
        d.unknown,
        ["it"],
        "EMR keys are unknown to a Kubernetes link"
    );
    let d = scenario_from_query("v=1&cm=k8s&rq=half");
    assert_eq!(d.bad[0].key, "rq");
}

/// The GPU keys of each manager: a link with them opens to the same GPUs and writes back
/// unchanged; a link of before them opens with none (EMR's instance GPUs only for a custom
/// instance, whose numbers they are).
#[test]
fn gpu_keys_round_trip_and_old_links_ask_for_no_gpus() {
    for q in [
        "v=1&gpn=4&egpu=1&tgpu=0.25",
        "v=1&cm=k8s&gpn=8&egpu=2&tgpu=1",
        "v=1&cm=emr&it=custom&ivc=16&imem=64&inm=57344&calc=dominant&igpu=4&egpu=1&tgpu=0.5",
    ] {
        let d = scenario_from_query(q);
        assert!(d.bad.is_empty() && d.unknown.is_empty(), "{q}: {d:?}");
        assert_eq!(scenario_to_query(&d.scenario), q);
    }
    let Scenario::Yarn(y) = scenario_from_query("v=1&gpn=4&egpu=1&tgpu=0.25").scenario else {
        panic!("not YARN")
    };
    assert_eq!((y.cluster.gpus_per_node, y.spark.gpus.executor), (4, 1));
    assert_eq!(y.spark.gpus.task, 250_000_000);
    for m in [Manager::Yarn, Manager::Kubernetes, Manager::Emr] {
        let old = scenario_from_query(&scenario_to_query(&Scenario::default_for(m)));
        assert!(!scenario_to_query(&old.scenario).contains("gpu"), "{m:?}");
    }
    let d = scenario_from_query("v=1&tgpu=quarter");
    assert_eq!(d.bad[0].key, "tgpu");
    // A listed instance has its own GPUs: `igpu` does not apply to it.
    let d = scenario_from_query("v=1&cm=emr&it=r5.4xlarge&igpu=4");
    let Scenario::Emr(e) = d.scenario else {
        panic!("not EMR")
    };
    assert_eq!(
        e.instance.gpus, 4,
        "igpu makes the instance custom, as ivc does"
    );
    assert_eq!(e.instance.listed, None);
}

/// Links with every key of each schema set: they open, and write back exactly as given (the
/// keys and their order are the schema; the field catalog must not change them).
#[test]
fn links_with_every_key_open_and_write_back_unchanged() {
    for q in [
        "v=1&n=12&c=32&m=128&rc=2&rm=4&amin=512&ainc=256&calc=default&sv=3.5&mode=client\
         &app=python&dm=2048&dc=2&amm=1024&amc=2&of=0.2&omin=512&ovh=1024&off=1&offs=2048\
         &py=1024&mf=0.7&sf=0.4&meth=rule&cpe=4&tgt=8192&gran=mib&share=50",
        "v=1&nmm=60000&nmv=14&amax=16384&vmax=8",
        "v=1&cm=k8s&n=4&kcpu=15.5&kmem=131072&krcpu=0.5&krmem=2048&dscpu=0.2&dsmem=256\
         &sv=3.5&mode=client&app=python&cnt=max&cpe=4&em=8192&rq=0.5&lim=4&tc=2&kof=0.2\
         &ovh=1024&off=1&offs=1024&py=512&dm=2048&dc=2&drq=500m&dlim=2",
        "v=1&cm=emr&it=m5.4xlarge&mt=m5.2xlarge&n=4&max=1&het=0&cnt=8&em=4096&cpe=2&of=0.2\
         &mxc=8&mxm=65536&dyn=0&mode=cluster&dm=2048&dc=2&amm=1024&amc=2&calc=dominant",
    ] {
        let d = scenario_from_query(q);
        assert!(d.bad.is_empty() && d.unknown.is_empty(), "{q}: {d:?}");
        assert_eq!(scenario_to_query(&d.scenario), q);
    }
}

/// GPUs of a few kinds: none, 1 GPU shared by 8 tasks, 2 GPUs of a task each.
fn gpus_of(pick: u32) -> planner::resources::GpuAsk {
    planner::resources::GpuAsk {
        executor: pick % 3,
        task: [0, 125_000_000, 1_000_000_000][(pick % 3) as usize],
    }
}

fn k8s() -> impl Strategy<Value = K8sInput> {
    (
        (
            1u32..1000,
            1u64..200_000,
            1u64..1_000_000,
            0u64..2000,
            0u64..8192,
        ),
        (0u64..2000, 0u64..8192, 1u32..16, 1u64..100_000),
        proptest::option::of(1u64..8000),
        proptest::option::of(1u64..16_000),
        (any::<bool>(), any::<bool>(), 0u8..3, any::<bool>()),
        (
            proptest::option::of(typed_factor()),
            proptest::option::of(0u64..9000),
            proptest::option::of(typed_factor()),
        ),
        (
            (any::<bool>(), 0u64..9000),
            0u64..9000,
            1u64..20_000,
            1u32..8,
        ),
        proptest::option::of(0u32..10_000),
    )
        .prop_map(|(a, b, rq, lim, flags, ovh, misc, count)| K8sInput {
            nodes: K8sNodes {
                nodes: a.0,
                capacity_cpu_millis: a.1,
                capacity_memory_mib: a.2,
                reserved_cpu_millis: a.3,
                reserved_memory_mib: a.4,
                daemonset_cpu_millis: b.0,
                daemonset_memory_mib: b.1,
                managed: planner::providers::ManagedNode::default(),
                gpus_per_node: b.2 % 9,
            },
            spark: K8sSpark {
                version: if flags.0 {
                    SparkVersion::V3_5
                } else {
                    SparkVersion::V4_0
                },
                deploy_mode: if flags.1 {
                    DeployMode::Client
                } else {
                    DeployMode::Cluster
                },
                app_type: [AppType::Jvm, AppType::Python, AppType::R][flags.2 as usize],
                executor_cores: b.2,
                executor_memory_mib: b.3,
                request_cores: rq.map(|m| format!("{m}m")),
                limit_cores: lim.map(planner::format::cpu_quantity),
                task_cpus: 1,
                driver_load: planner::driver::DriverLoad::default(),
                workload: Default::default(),
                dynamic_allocation: false,
                dynamic_allocation_settings: Default::default(),
                overhead_factor: ovh.0,
                kubernetes_overhead_factor: ovh.2,
                overhead_mib: ovh.1,
                offheap: OffHeap {
                    enabled: misc.0 .0,
                    size_mib: misc.0 .1,
                },
                pyspark_memory_mib: misc.1,
                driver_memory_mib: misc.2,
                driver_cores: misc.3,
                driver_request_cores: flags.3.then(|| "1.5".to_string()),
                driver_limit_cores: None,
                executor_min_overhead_mib: None,
                driver_min_overhead_mib: None,
                // The driver's own overhead and factor ride in links too (`dovh`, `dof`).
                driver_overhead_mib: ovh.1.map(|m| m / 2),
                driver_overhead_factor: ovh.2,
                // GPUs ride in links too (`gpn`, `egpu`, `tgpu`), fractions exactly.
                gpus: gpus_of(misc.3),
            },
            count: count.map_or(ExecutorCount::AsManyAsFit, ExecutorCount::Exactly),
        })
}

fn emr() -> impl Strategy<Value = EmrInput> {
    let types = instance_types();
    (
        (0..types.len(), 0..types.len()),
        (
            1u32..500,
            1u64..400_000,
            1u32..96,
            0u32..5000,
            typed_factor(),
        ),
        (
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
        (
            proptest::option::of(1u32..96),
            proptest::option::of(1u64..800_000),
        ),
    )
        .prop_map(move |(t, a, flags, caps)| EmrInput {
            instance: types[t.0],
            master: types[t.1],
            core_nodes: a.0,
            executor_memory_mib: a.1,
            executor_cores: a.2,
            executors: a.3,
            overhead_factor: a.4,
            heterogeneous_executors: flags.0,
            maximize_resource_allocation: flags.1,
            dynamic_allocation: flags.2,
            deploy_mode: if flags.3 {
                DeployMode::Client
            } else {
                DeployMode::Cluster
            },
            calculator: if flags.4 {
                Calculator::Dominant
            } else {
                Calculator::Default
            },
            max_cores: caps.0,
            max_memory_mib: caps.1,
            ..EmrInput::default()
        })
}

proptest! {
    #[test]
    fn kubernetes_links_round_trip(input in k8s()) {
        let s = Scenario::Kubernetes(input);
        let q = scenario_to_query(&s);
        let d = scenario_from_query(&q);
        prop_assert_eq!(&d.scenario, &s, "{}", q);
        prop_assert!(d.bad.is_empty() && d.unknown.is_empty());
    }

    #[test]
    fn emr_links_round_trip(input in emr()) {
        let s = Scenario::Emr(input);
        let q = scenario_to_query(&s);
        let d = scenario_from_query(&q);
        prop_assert_eq!(&d.scenario, &s, "{}", q);
        prop_assert!(d.bad.is_empty() && d.unknown.is_empty());
    }

    #[test]
    fn any_link_decodes_without_panic(q in ".{0,120}", cm in prop_oneof![Just("k8s"), Just("emr"), Just("yarn")]) {
        let _ = scenario_from_query(&format!("cm={cm}&{q}"));
    }
}

/// The explorer's view travels beside any scenario: every column, both directions, open or
/// closed, written and read back unchanged, with the scenario itself unchanged and the keys not
/// reported as unknown; a link without them (every older link) opens the explorer closed,
/// sorted by cores.
#[test]
fn the_explorer_view_round_trips_beside_every_managers_scenario() {
    use planner::explorer::{ExplorerView, SortColumn};
    use planner::url::{explorer_view_from_query, explorer_view_to_query};
    let scenarios = [
        "v=1&n=12&c=32&cpe=3",
        "v=1&cm=k8s&cnt=max&em=8g",
        "v=1&cm=emr&n=4&max=1",
    ];
    for base in scenarios {
        let scenario = scenario_from_query(base).scenario;
        assert_eq!(explorer_view_from_query(base), ExplorerView::default());
        for sort in SortColumn::ALL {
            for (open, descending) in [(false, false), (false, true), (true, false), (true, true)] {
                let view = ExplorerView {
                    open,
                    sort,
                    descending,
                };
                let link = format!(
                    "{}{}",
                    scenario_to_query(&scenario),
                    explorer_view_to_query(&view)
                );
                assert_eq!(explorer_view_from_query(&link), view, "{link}");
                let d = scenario_from_query(&link);
                assert_eq!(d.scenario, scenario, "{link}");
                assert!(d.unknown.is_empty() && d.bad.is_empty(), "{link}: {d:?}");
            }
        }
    }
    // Each column has its own name; the default view writes nothing.
    let names: Vec<&str> = SortColumn::ALL.iter().map(|c| c.key()).collect();
    for (i, n) in names.iter().enumerate() {
        assert!(!names[i + 1..].contains(n), "{n} twice");
    }
    assert_eq!(explorer_view_to_query(&ExplorerView::default()), "");
    // Values that do not read keep the defaults; the last of a repeated key stands.
    let odd = explorer_view_from_query("v=1&xo=yes&xs=colour&xs=--heap");
    assert_eq!(odd, ExplorerView::default());
    let last = explorer_view_from_query("v=1&xs=heap&xo=1&xs=-slots&xo=0");
    assert_eq!(
        last,
        ExplorerView {
            open: false,
            sort: SortColumn::TaskSlots,
            descending: true
        }
    );
}

/// The errors a link's scenario shows, unreadable values first, as the page lists them.
fn link_errors(query: &str) -> Vec<planner::Diagnostic> {
    let decoded = scenario_from_query(query);
    let m = decoded.scenario.manager();
    let unreadable = decoded.bad.iter().map(|b| b.diagnostic(m)).collect();
    match planner::scenario::plan_with_unreadable(&decoded.scenario, unreadable) {
        planner::Outcome::Invalid(errors) => errors,
        _ => Vec::new(),
    }
}

#[test]
fn a_negative_count_names_the_fields_range_as_zero_does() {
    // Fields whose range is fixed: the same message as for 0, but for the value.
    for (manager, key) in [("", "n"), ("", "c"), ("cm=k8s&", "n"), ("cm=emr&", "n")] {
        let zero = link_errors(&format!("v=1&{manager}{key}=0"));
        let negative = link_errors(&format!("v=1&{manager}{key}=-5"));
        // The field's own error comes first (0 may also upset a field bounded by it).
        assert!(!zero.is_empty(), "{manager}{key}=0");
        assert_eq!(negative.len(), 1, "{manager}{key}=-5: {negative:?}");
        let (zero, negative) = (&zero[0], &negative[0]);
        assert_eq!(negative.code, zero.code, "{key}");
        assert_eq!(negative.field, zero.field, "{key}");
        assert_eq!(
            negative.message,
            zero.message.replacen(" is 0; ", " is -5; ", 1),
            "{manager}{key}"
        );
    }
    // Fields bounded by other inputs say the catalog's range (the other bounds are checked
    // once the value reads); spaces around the text are ignored as for any count.
    for (query, message) in [
        ("v=1&cpe=-5", "Cores per executor is -5; allowed: 1 to 4096"),
        (
            "v=1&rc=%20-12000%20",
            "Cores reserved for OS and daemons is -12\u{202f}000; allowed: 0 to 4095",
        ),
    ] {
        let errors = link_errors(query);
        assert_eq!(errors[0].message, message, "{query}");
        assert_eq!(errors[0].code, planner::Code::InvalidValue, "{query}");
    }
    // Not a count: still said to be unreadable, with the range (issue 28, item 8).
    let words = link_errors("v=1&n=-five");
    assert!(
        words[0].message.ends_with(
            "is not a whole number (\"-\" is not a digit 0 to 9); allowed: 1 to 100\u{202f}000"
        ),
        "{words:?}"
    );
}

/// A count with more digits than any count holds names the field's range, as a negative one
/// does (it was "is not a whole number"); a field with no upper bound keeps the reader's words.
#[test]
fn a_count_too_large_to_read_names_the_range() {
    let big = link_errors("v=1&n=99999999999999999999");
    assert_eq!(big.len(), 1, "{big:?}");
    assert_eq!(
        big[0].message,
        "Nodes is 99\u{202f}999\u{202f}999\u{202f}999\u{202f}999\u{202f}999\u{202f}999; allowed: 1 to 100\u{202f}000"
    );
    let open = link_errors("v=1&cm=k8s&cnt=99999999999999999999");
    assert!(
        open[0]
            .message
            .ends_with("is not a whole number, or max for as many as fit; allowed: 0 or more"),
        "{open:?}"
    );
    // A link's bare number is MiB, and so are its examples (the form's GiB boxes give GiB
    // ones: app's form tests), also for a field the form shows in GiB.
    let in_link = link_errors("v=1&cm=k8s&kmem=lots");
    assert!(
        in_link[0]
            .message
            .contains("\"lots\" is not a size such as 1024, 1024m or 2g; allowed: "),
        "{in_link:?}"
    );
    let mib = link_errors("v=1&cm=k8s&em=lots");
    assert!(
        mib[0]
            .message
            .contains("\"lots\" is not a size such as 1024, 1024m or 2g; allowed: "),
        "{mib:?}"
    );
}
