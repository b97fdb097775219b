//! Managed Kubernetes node reservations: each provider's published formula at several node
//! sizes, against values worked by hand from the cited documentation (the working is in
//! `providers.md`, beside this file); the formulas feeding the Kubernetes plan; seed 002's job on
//! the EKS, GKE and AKS presets; links with and without a provider.

use planner::catalog::FieldId;
use planner::k8s::{derive_k8s, k8s_working, plan_k8s, planned_nodes, K8sInput, PodRoom};
use planner::presets::k8s_preset;
use planner::providers::{
    aks_cpu_reserved_millis, aks_memory_reserved_mib, eks_cpu_reserved_millis,
    eks_memory_reserved_mib, gke_cpu_reserved_millis, gke_memory_reserved_mib, node_reservation,
    ManagedNode, MemoryRule, NodeReservation, Provider,
};
use planner::url::{scenario_from_query, scenario_to_query, Scenario};

const GIB: u64 = 1024;

fn managed(provider: Provider, node_type: Option<&str>, max_pods: Option<u32>) -> ManagedNode {
    ManagedNode {
        provider,
        node_type: node_type.map(str::to_string),
        max_pods,
        reported_memory_mib: None,
    }
}

/// The reservation of `provider`'s `node_type` (the typed capacity is ignored: 1 CPU, 1 MiB).
fn of_type(provider: Provider, node_type: &str) -> NodeReservation {
    node_reservation(&managed(provider, Some(node_type), None), 1000, 1)
        .expect("a known type")
        .expect("not custom")
}

/// The reservation of typed capacity.
fn typed(
    provider: Provider,
    cpu_millis: u64,
    memory_mib: u64,
    pods: Option<u32>,
) -> NodeReservation {
    node_reservation(&managed(provider, None, pods), cpu_millis, memory_mib)
        .expect("valid")
        .expect("not custom")
}

#[test]
fn eks_cpu_bands_truncate_each_band_as_the_ami_does() {
    // providers.md, EKS: 6%, 1%, 0.5%, 0.25% bands, each truncated.
    assert_eq!(eks_cpu_reserved_millis(2_000), 70);
    assert_eq!(eks_cpu_reserved_millis(8_000), 90);
    assert_eq!(eks_cpu_reserved_millis(16_000), 110);
    assert_eq!(eks_cpu_reserved_millis(32_000), 150);
    assert_eq!(eks_cpu_reserved_millis(5_000), 82, "2.5m truncated to 2m");
    assert_eq!(eks_cpu_reserved_millis(96_000), 310);
    assert_eq!(eks_memory_reserved_mib(58), 893);
    assert_eq!(eks_memory_reserved_mib(234), 2829);
}

#[test]
fn eks_instance_types_give_the_amis_allocatable() {
    // (type, allocatable CPU m, kube-reserved MiB, allocatable MiB, max pods), providers.md:
    // the capacity is the type's memory less Karpenter's 7.5 % VM margin.
    let cases = [
        ("m5.2xlarge", 7_910, 893, 29_317, 58),
        ("m5.4xlarge", 15_890, 2_829, 57_691, 234),
        ("m5.8xlarge", 31_850, 2_829, 118_312, 234),
        ("r5.4xlarge", 15_890, 2_829, 118_312, 234),
    ];
    for (name, cpu, kube_memory, memory, pods) in cases {
        let r = of_type(Provider::Eks, name);
        assert_eq!(r.allocatable_cpu_millis(), cpu, "{name}");
        assert_eq!(r.kube_reserved_memory_mib, kube_memory, "{name}");
        assert_eq!(r.eviction_memory_mib, 100, "{name}");
        assert_eq!(r.allocatable_memory_mib(), memory, "{name}");
        assert_eq!(r.max_pods, Some(pods), "{name}");
        assert_eq!(r.memory_rule, MemoryRule::EksPods);
    }
    // Typed shape and max pods: 5 CPU, 16 GiB, 110 pods.
    let r = typed(Provider::Eks, 5_000, 16 * GIB, Some(110));
    assert_eq!(
        (r.allocatable_cpu_millis(), r.allocatable_memory_mib()),
        (4_918, 14_819)
    );
    // A typed max pods replaces the type's.
    let r = node_reservation(
        &managed(Provider::Eks, Some("m5.4xlarge"), Some(110)),
        1000,
        1,
    )
    .unwrap()
    .unwrap();
    assert_eq!(r.kube_reserved_memory_mib, 1_465);
}

#[test]
fn gke_memory_bands_at_several_sizes() {
    // (capacity MiB, reserved MiB rounded up, rule), providers.md, GKE memory table.
    let cases = [
        (512, 255, MemoryRule::GkeSmall),
        (4 * GIB, 1_024, MemoryRule::GkeBands),
        (32 * GIB, 3_646, MemoryRule::GkeBands),
        (64 * GIB, 5_612, MemoryRule::GkeBands),
        (128 * GIB, 9_544, MemoryRule::GkeBands),
        (150 * GIB, 9_995, MemoryRule::GkeBands),
    ];
    for (capacity, reserved, rule) in cases {
        assert_eq!(
            gke_memory_reserved_mib(capacity),
            (reserved, rule),
            "{capacity} MiB"
        );
    }
    let allocatable = [
        (512, 157),
        (4 * GIB, 2_972),
        (32 * GIB, 29_022),
        (64 * GIB, 59_824),
        (128 * GIB, 121_428),
        (150 * GIB, 143_505),
    ];
    for (capacity, memory) in allocatable {
        let r = typed(Provider::Gke, 4_000, capacity, None);
        assert_eq!(r.allocatable_memory_mib(), memory, "{capacity} MiB");
        assert_eq!(r.max_pods, None, "GKE's formula does not use max pods");
    }
}

#[test]
fn gke_cpu_bands_round_up_to_a_millicore() {
    let cases = [
        (1_000, 60),
        (2_000, 70),
        (4_000, 80),
        (5_000, 83),
        (8_000, 90),
        (16_000, 110),
        (32_000, 150),
    ];
    for (capacity, reserved) in cases {
        assert_eq!(gke_cpu_reserved_millis(capacity), reserved, "{capacity}m");
    }
    let r = of_type(Provider::Gke, "n2-standard-16");
    assert_eq!(
        (r.allocatable_cpu_millis(), r.allocatable_memory_mib()),
        (15_890, 59_824)
    );
}

#[test]
fn aks_uses_its_table_and_the_lesser_memory_rule() {
    let table = [
        (1, 60),
        (2, 100),
        (4, 140),
        (8, 180),
        (16, 260),
        (32, 420),
        (64, 740),
    ];
    for (cores, millis) in table {
        assert_eq!(aks_cpu_reserved_millis(cores * 1000), Some(millis));
    }
    assert_eq!(aks_cpu_reserved_millis(3_000), None);
    assert_eq!(aks_cpu_reserved_millis(15_500), None);
    // The page's two examples, in MiB.
    assert_eq!(
        aks_memory_reserved_mib(8 * GIB, 30),
        (650, MemoryRule::AksPods)
    );
    assert_eq!(
        aks_memory_reserved_mib(4 * GIB, 70),
        (1_024, MemoryRule::AksQuarter)
    );
    assert_eq!(
        typed(Provider::Aks, 2_000, 8 * GIB, Some(30)).allocatable_memory_mib(),
        7_442
    );
    assert_eq!(
        typed(Provider::Aks, 2_000, 4 * GIB, Some(70)).allocatable_memory_mib(),
        2_972
    );
    // Types, with AKS's default 250 max pods.
    let r = of_type(Provider::Aks, "Standard_D16s_v5");
    assert_eq!(r.max_pods, Some(250));
    assert_eq!(
        (
            r.allocatable_cpu_millis(),
            r.kube_reserved_memory_mib,
            r.allocatable_memory_mib()
        ),
        (15_740, 5_050, 60_386)
    );
    let r = of_type(Provider::Aks, "Standard_D8s_v5");
    assert_eq!(
        (r.allocatable_cpu_millis(), r.allocatable_memory_mib()),
        (7_820, 27_618)
    );
}

/// Issue 27 item 10: AKS's 48- and 96-core sizes (`Standard_D48s_v5`, `Standard_D96s_v5`) were
/// refused. AKS's CPU table (learn.microsoft.com/azure/aks/node-resource-reservations, "CPU
/// reservations") has rows for 1–64 cores, and every row from 4 to 64 is 140m + 10m per core
/// above 4; and its "MB" is MiB, as AKS's API documents the same reservation
/// (`@azure/arm-containerservice`, `KubeReserved.memoryMB`: "in MiB").
#[test]
fn aks_plans_48_and_96_core_nodes_on_the_tables_line() {
    for (cores, millis) in [(4, 140), (8, 180), (16, 260), (32, 420), (64, 740)] {
        assert_eq!(
            140 + 10 * (cores - 4),
            millis,
            "the line fits every row from 4 up"
        );
    }
    assert_eq!(aks_cpu_reserved_millis(48_000), Some(580));
    assert_eq!(aks_cpu_reserved_millis(96_000), Some(1_060));
    assert_eq!(aks_cpu_reserved_millis(12_000), Some(220));
    let r = typed(Provider::Aks, 48_000, 192 * GIB, None);
    assert_eq!(
        (r.allocatable_cpu_millis(), r.allocatable_memory_mib()),
        (47_420, 191_458)
    );
    let r = typed(Provider::Aks, 96_000, 384 * GIB, None);
    assert_eq!(
        (r.allocatable_cpu_millis(), r.allocatable_memory_mib()),
        (94_940, 388_066)
    );
    // MB read as MiB: 20 × 30 + 50 = 650 MiB, not 650 × 10^6 bytes (620 MiB).
    assert_eq!(aks_memory_reserved_mib(8 * GIB, 30).0, 650);
    // The working says the line was used.
    let mut input = K8sInput::default();
    input.nodes.managed = managed(Provider::Aks, None, None);
    input.nodes.capacity_cpu_millis = 48_000;
    input.nodes.capacity_memory_mib = 192 * GIB;
    let steps = k8s_working(&input, &plan_k8s(&input).expect("48 cores plan"));
    let kube = steps
        .iter()
        .find(|s| s.title == "kube-reserved")
        .expect("a step");
    assert!(
        kube.detail.contains("no row for 48 cores") && kube.detail.contains("580m"),
        "{}",
        kube.detail
    );
}

/// Issue 27 item 2: a node's memory capacity as the kubelet reports it is below the
/// instance's nominal size, so the nominal figure packs one pod per node more than fits. EKS
/// takes Karpenter's VM memory margin (aws/karpenter-provider-aws, `vmMemoryOverheadPercent`
/// 0.075); GKE and AKS publish none, so the nominal figure is said as nominal; and the capacity
/// `kubectl describe node` shows can be typed (`kmemr`), replacing either.
#[test]
fn node_memory_is_what_the_node_reports() {
    // EKS m5.large-sized 8 GiB: 8192 − ⌈614.4⌉ = 7577 MiB (the kubelet reports about 7683).
    assert_eq!(planner::providers::eks_reported_memory_mib(8_192), 7_577);
    let r = of_type(Provider::Eks, "m5.4xlarge");
    assert_eq!(r.capacity_memory_mib, 60_620);
    // GKE n2-highmem-16: nominal 131 072 MiB gives 121 428 MiB allocatable; with a capacity of
    // 128 990 MiB typed from kubectl, the bands reserve 9 419 MiB: 128 990 − 9 419 − 100 =
    // 119 471 MiB (providers.md).
    let nominal = of_type(Provider::Gke, "n2-highmem-16");
    assert_eq!(nominal.capacity_memory_mib, 131_072);
    let mut m = managed(Provider::Gke, Some("n2-highmem-16"), None);
    m.reported_memory_mib = Some(128_990);
    let reported = node_reservation(&m, 1000, 1).unwrap().unwrap();
    assert_eq!(reported.capacity_memory_mib, 128_990);
    assert_eq!(
        (
            nominal.allocatable_memory_mib(),
            reported.allocatable_memory_mib()
        ),
        (121_428, 119_471)
    );
    // The working says which capacity it used.
    let mut input = K8sInput::default();
    input.nodes.managed = m.clone();
    let steps = k8s_working(&input, &plan_k8s(&input).expect("plans"));
    assert!(
        steps[0]
            .detail
            .contains("Memory as kubectl describe node shows it."),
        "{}",
        steps[0].detail
    );
    input.nodes.managed.reported_memory_mib = None;
    let steps = k8s_working(&input, &plan_k8s(&input).expect("plans"));
    assert!(
        steps[0]
            .detail
            .contains("nominal size; the node reports less"),
        "{}",
        steps[0].detail
    );
    // The link carries it, and links without it open as before.
    let query = scenario_to_query(&Scenario::Kubernetes(input.clone()));
    assert!(!query.contains("kmemr"), "{query}");
    input.nodes.managed.reported_memory_mib = Some(128_990);
    let query = scenario_to_query(&Scenario::Kubernetes(input.clone()));
    assert!(query.contains("kmemr=128990"), "{query}");
    assert_eq!(
        scenario_from_query(&query).scenario,
        Scenario::Kubernetes(input)
    );
}

#[test]
fn bad_managed_settings_are_field_errors() {
    let field = |m: ManagedNode, cpu: u64| {
        node_reservation(&m, cpu, 64 * GIB)
            .expect_err("refused")
            .field
    };
    assert_eq!(
        field(managed(Provider::Eks, Some("n2-standard-16"), None), 16_000),
        FieldId::NodeType,
        "a GKE machine type is not an EKS instance type"
    );
    assert_eq!(
        field(managed(Provider::Eks, None, None), 16_000),
        FieldId::MaxPods,
        "EKS needs max pods from a type or typed"
    );
    assert_eq!(
        field(managed(Provider::Eks, None, Some(0)), 16_000),
        FieldId::MaxPods
    );
    assert_eq!(
        field(managed(Provider::Aks, None, None), 3_000),
        FieldId::NodeCpu,
        "AKS publishes no reservation for 3 cores"
    );
    // The whole plan reports them at their fields.
    let mut input = K8sInput::default();
    input.nodes.managed = managed(Provider::Gke, Some("m5.4xlarge"), None);
    let errors = plan_k8s(&input).expect_err("refused").0;
    assert_eq!(errors[0].field, FieldId::NodeType);
    assert!(
        errors[0].allowed_words().contains("Google GKE type"),
        "{}",
        errors[0].allowed_words()
    );
    // A formula that leaves nothing for pods is the capacity's error, not a hidden field's.
    input.nodes.managed = managed(Provider::Eks, None, Some(234));
    input.nodes.capacity_memory_mib = 2_048;
    let errors = plan_k8s(&input).expect_err("refused").0;
    assert_eq!(errors[0].field, FieldId::NodeMemory);
}

#[test]
fn custom_nodes_keep_the_typed_reservations() {
    let input = K8sInput::default();
    let (planned, reservation) = planned_nodes(&input.nodes).expect("valid");
    assert_eq!(planned, input.nodes);
    assert_eq!(reservation, None);
    // The typed type and max pods are ignored without a provider.
    let mut with_leftovers = input.clone();
    with_leftovers.nodes.managed.node_type = Some("m5.4xlarge".into());
    with_leftovers.nodes.managed.max_pods = Some(3);
    assert_eq!(
        plan_k8s(&with_leftovers).expect("plans").layout,
        plan_k8s(&input).expect("plans").layout
    );
}

#[test]
fn seed_002_on_the_three_providers() {
    // (preset, room CPU m, room memory MiB, pods per node), providers.md's last table.
    let cases = [
        ("k8s-seed002-eks", 15_590, 57_179, 7),
        ("k8s-seed002-gke", 15_590, 59_312, 7),
        ("k8s-seed002-aks", 15_440, 59_874, 7),
    ];
    for (id, cpu, memory, per_node) in cases {
        let input = k8s_preset(id).expect("preset").input;
        let d = derive_k8s(&input).expect("plans");
        assert_eq!(
            (d.room.cpu_millis, d.room.memory_mib),
            (cpu, memory),
            "{id}"
        );
        // The room read from the typed input is the provider's too, as from the planned nodes.
        assert_eq!(PodRoom::of(&input.nodes), d.room, "{id}");
        assert_eq!(PodRoom::of(&d.nodes), d.room, "{id}");
        assert_eq!(d.fit.per_node, per_node, "{id}");
        assert_eq!(d.totals.executors, 16, "{id}");
        // Every node's blocks add up to the type's capacity, reservation first.
        for g in &d.layout {
            let cpu: u64 = g.blocks.iter().map(|b| b.cpu_millis).sum();
            let mem: u64 = g.blocks.iter().map(|b| b.memory_mib).sum();
            let capacity = if id.ends_with("eks") { 60_620 } else { 65_536 };
            assert_eq!((cpu, mem), (16_000, capacity), "{id}");
        }
        let p = plan_k8s(&input).expect("plans");
        let working = k8s_working(&input, &p);
        let titles: Vec<&str> = working.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles[..6],
            [
                "Node capacity",
                "kube-reserved",
                "system-reserved",
                "Eviction threshold",
                "Allocatable (kubectl describe node)",
                "Room for Spark's pods per node",
            ],
            "{id}"
        );
        let room = &working[5].detail;
        assert!(room.contains(&format!("= {cpu}m")), "{id}: {room}");
        // Prose groups numbers of 10 000 and above with a thin space (these are below 10^6).
        let memory = if memory >= 10_000 {
            format!("{}\u{202f}{:03}", memory / 1000, memory % 1000)
        } else {
            memory.to_string()
        };
        assert!(room.contains(&format!("= {memory} MiB")), "{id}: {room}");
    }
    let eks_input = k8s_preset("k8s-seed002-eks").unwrap().input;
    let eks = k8s_working(&eks_input, &plan_k8s(&eks_input).unwrap());
    assert_eq!(
        eks[1].detail,
        "CPU: 6% of the first core, 1% of the second, 0.5% of cores 3–4, 0.25% above, of \
         16000m = 110m (each band truncated, as the AMI's shell arithmetic does). Memory: \
         11 MiB × 234 max pods + 255 MiB = 2829 MiB."
    );
    assert_eq!(
        eks[4].detail,
        "CPU 16000m − 110m = 15890m; memory 60\u{202f}620 MiB − 2829 MiB − 100 MiB = \
         57\u{202f}691 MiB (59075584Ki)"
    );
    let aks_input = k8s_preset("k8s-seed002-aks").unwrap().input;
    let aks = k8s_working(&aks_input, &plan_k8s(&aks_input).unwrap());
    assert!(aks[1].detail.contains("AKS's table for 16 cores: 260m"));
    assert!(aks[1]
        .detail
        .contains("the lesser of 20 MiB × 250 max pods + 50 MiB = 5050 MiB"));
}

#[test]
fn links_carry_the_provider_and_old_links_open_as_custom() {
    let eks = k8s_preset("k8s-seed002-eks").unwrap().input;
    let query = scenario_to_query(&Scenario::Kubernetes(eks.clone()));
    assert_eq!(query, "v=1&cm=k8s&kp=eks&knt=m5.4xlarge");
    assert_eq!(
        scenario_from_query(&query).scenario,
        Scenario::Kubernetes(eks)
    );
    let typed = "v=1&cm=k8s&kp=aks&kmp=30&kcpu=8&kmem=32g";
    let Scenario::Kubernetes(aks) = scenario_from_query(typed).scenario else {
        panic!("Kubernetes");
    };
    assert_eq!(aks.nodes.managed, managed(Provider::Aks, None, Some(30)));
    let (planned, _) = planned_nodes(&aks.nodes).unwrap();
    // 8000 − 180; 32768 − (20 × 30 + 50 = 650) − 100.
    assert_eq!(
        planned.capacity_cpu_millis - planned.reserved_cpu_millis,
        7_820
    );
    assert_eq!(
        planned.capacity_memory_mib - planned.reserved_memory_mib,
        32_018
    );
    // A link from before providers: custom, the typed reservations, the same plan.
    let old = "v=1&cm=k8s&krcpu=250m&krmem=3000&n=4";
    let decoded = scenario_from_query(old);
    assert!(decoded.unknown.is_empty() && decoded.bad.is_empty());
    let Scenario::Kubernetes(input) = decoded.scenario else {
        panic!("Kubernetes");
    };
    assert_eq!(input.nodes.managed, ManagedNode::default());
    let d = derive_k8s(&input).unwrap();
    // 16000 − 250 − 300; 65536 − 3000 − 512.
    assert_eq!((d.room.cpu_millis, d.room.memory_mib), (15_450, 62_024));
    let bad = scenario_from_query("v=1&cm=k8s&kp=eks2");
    assert_eq!(bad.bad.len(), 1);
    assert_eq!(bad.bad[0].field, Some(FieldId::Provider));
}

proptest::proptest! {
    /// Any managed settings and capacity: no panic, and a reservation never gives more than the
    /// node has.
    #[test]
    fn any_managed_node_plans_without_panic(
        provider in 0usize..4,
        type_index in proptest::option::of(0usize..20),
        max_pods in proptest::option::of(proptest::num::u32::ANY),
        cpu in proptest::num::u64::ANY,
        memory in proptest::num::u64::ANY,
    ) {
        let provider = Provider::ALL[provider];
        let names: Vec<&str> = Provider::ALL
            .into_iter()
            .flat_map(planner::providers::node_types)
            .map(|t| t.name)
            .chain(["", "m5.huge"])
            .collect();
        let node_type = type_index.map(|i| names[i % names.len()]);
        let m = managed(provider, node_type, max_pods);
        if let Ok(Some(r)) = node_reservation(&m, cpu, memory) {
            proptest::prop_assert!(r.allocatable_cpu_millis() <= r.capacity_cpu_millis);
            proptest::prop_assert!(r.allocatable_memory_mib() <= r.capacity_memory_mib);
        }
        let mut input = K8sInput::default();
        input.nodes.managed = m;
        input.nodes.capacity_cpu_millis = cpu;
        input.nodes.capacity_memory_mib = memory;
        let _ = plan_k8s(&input);
    }
}
