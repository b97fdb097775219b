//! Dynamic allocation in the check: the pasted `spark.dynamicAllocation.*` and shuffle settings
//! are read into the scenario the check plans, and the check reports what the form's Dynamic
//! allocation section reports for the same settings, in the same words (Spark's refusals from
//! `ExecutorAllocationManager.validateSettings`, an unbounded maxExecutors); its headline says
//! what Spark starts (the largest of minExecutors, initialExecutors and
//! spark.executor.instances, `Utils.getDynamicAllocationInitialExecutors`) and how far it may
//! grow.

use planner::check::{check, link, use_these_settings, words};
use planner::emr::EmrInput;
use planner::input::PlanInput;
use planner::job_fit::job_fit;
use planner::k8s::K8sInput;
use planner::scenario::{dynamic_allocation_of, plan, Scenario};
use planner::{Code, Severity};

/// The Kubernetes form's default cluster: 8 nodes of 16 CPU and 64 GiB, 15.52 CPU and
/// 62 362 MiB of room for pods on each.
fn k8s_form() -> Scenario {
    Scenario::Kubernetes(K8sInput::default())
}

fn messages(text: &str, form: &Scenario) -> Vec<String> {
    words::diagnostics(&check(text, form))
        .into_iter()
        .map(|w| w.message)
        .collect()
}

/// The form's dynamic allocation findings for the settings of `text` moved into the form
/// ("Use these settings"), but the count note the check's headline replaces.
fn form_notes(text: &str, form: &Scenario, at_least: Severity) -> Vec<String> {
    let scenario = use_these_settings(text, form);
    let fit = job_fit(&scenario, &plan(&scenario)).expect("the form plans");
    planner::dynamic_allocation::allocation_notes(&fit.allocation)
        .into_iter()
        .filter(|w| w.code != Code::DynamicAllocationCount && w.severity >= at_least)
        .map(|w| w.message)
        .collect()
}

const K8S_TRACKING_OFF: &str = "spark.master k8s://https://api:6443\n\
    spark.executor.cores 4\nspark.executor.memory 8g\n\
    spark.dynamicAllocation.enabled true\n\
    spark.dynamicAllocation.shuffleTracking.enabled false\n";

#[test]
fn shuffle_tracking_off_on_kubernetes_is_refused_as_the_form_refuses_it() {
    let form = k8s_form();
    let c = check(K8S_TRACKING_OFF, &form);
    let headline = words::check_headline(&c);
    assert!(
        headline.starts_with(
            "These settings do not run on this cluster. Kubernetes has no external shuffle \
             service: with dynamic allocation, Spark needs shuffle tracking"
        ),
        "{headline}"
    );
    assert!(words::stop(&c).is_some());
    let said = messages(K8S_TRACKING_OFF, &form);
    // Settings that do not run: the errors (what a job that never starts would waste is no
    // finding).
    let notes = form_notes(K8S_TRACKING_OFF, &form, Severity::Error);
    assert_eq!(notes.len(), 1);
    for note in &notes {
        assert!(said.contains(note), "{note} not in {said:?}");
    }
    // Where the executors would run is not shown for settings Spark refuses.
    assert!(words::check_layout_lines(&c).is_empty());
}

#[test]
fn the_external_shuffle_service_on_kubernetes_is_named() {
    let text = "spark.executor.cores 4\nspark.executor.memory 8g\n\
        spark.dynamicAllocation.enabled true\nspark.dynamicAllocation.maxExecutors 30\n\
        spark.shuffle.service.enabled true\n";
    let c = check(text, &k8s_form());
    let errors: Vec<_> = words::diagnostics(&c)
        .into_iter()
        .filter(|w| w.severity == Severity::Error)
        .map(|w| w.message)
        .collect();
    assert!(
        errors
            .iter()
            .any(|m| m.starts_with("Kubernetes has no external shuffle service")),
        "{errors:?}"
    );
    // Decommissioning with its shuffle blocks keeps shuffle files too: Spark starts.
    let decommission = format!(
        "{}spark.dynamicAllocation.shuffleTracking.enabled false\n\
         spark.decommission.enabled true\nspark.storage.decommission.shuffleBlocks.enabled true\n",
        text.replace("spark.shuffle.service.enabled true\n", "")
    );
    assert!(words::stop(&check(&decommission, &k8s_form())).is_none());
}

#[test]
fn an_unbounded_max_executors_is_warned_about_as_on_the_form() {
    let text = "spark.executor.cores 4\nspark.executor.memory 8g\n\
        spark.dynamicAllocation.enabled true\n";
    let form = k8s_form();
    let c = check(text, &form);
    let unbounded: Vec<_> = words::diagnostics(&c)
        .into_iter()
        .filter(|w| w.code == Code::DynamicAllocationUnbounded)
        .collect();
    assert_eq!(unbounded.len(), 1, "{unbounded:?}");
    assert_eq!(unbounded[0].severity, Severity::Warning);
    // 8 nodes × min(⌊62 362 ÷ 9011⌋ = 6, ⌊15.52 ÷ 4⌋ = 3) = 24 pods of this shape.
    assert!(
        unbounded[0]
            .message
            .contains("(24 executors of this shape)"),
        "{}",
        unbounded[0].message
    );
    assert!(form_notes(text, &form, Severity::Info).contains(&unbounded[0].message));
    // Nothing stops it, and the headline says Spark starts none and grows as far as fits.
    assert!(words::stop(&c).is_none());
    assert_eq!(
        words::check_headline(&c),
        "Dynamic allocation: Spark starts 0 executors and may grow to as many as fit (no \
         maxExecutors); 24 run here, each with 4 cores and 8192 MiB of heap in a 9011 MiB pod: \
         96 tasks at once."
    );
}

#[test]
fn the_headline_says_what_spark_starts_and_how_far_it_may_grow() {
    let text = "spark.executor.cores 4\nspark.executor.memory 8g\nspark.executor.instances 20\n\
        spark.dynamicAllocation.enabled true\nspark.dynamicAllocation.maxExecutors 30\n";
    let c = check(text, &k8s_form());
    // Spark starts max(min 0, initial 0, instances 20) = 20; 24 of the 30 fit (3 a node).
    assert!(
        words::check_headline(&c).starts_with(
            "Dynamic allocation: Spark starts 20 executors and may grow to 30; 24 of those 30 \
             run here, each with 4 cores"
        ),
        "{}",
        words::check_headline(&c)
    );
    // minExecutors above spark.executor.instances: Spark starts minExecutors.
    let more = format!("{text}spark.dynamicAllocation.minExecutors 25\n");
    let c = check(&more, &k8s_form());
    assert_eq!(c.allocation.map(|a| a.initial), Some(25));
    assert!(words::check_headline(&c)
        .starts_with("Dynamic allocation: Spark starts 25 executors and may grow to 30;"));
    // On YARN too: initialExecutors 22 above 20 instances.
    let yarn = Scenario::Yarn(PlanInput::default());
    let c = check(
        &format!("{text}spark.dynamicAllocation.initialExecutors 22\n"),
        &yarn,
    );
    assert!(words::check_headline(&c)
        .starts_with("Dynamic allocation: Spark starts 22 executors and may grow to 30;"));
    // Without dynamic allocation the headline is unchanged.
    let c = check("spark.executor.instances 20\n", &k8s_form());
    assert!(words::check_headline(&c).starts_with("20 of 20 executors asked for run here"));
}

#[test]
fn the_manifests_shuffle_tracking_field_is_read_as_the_operator_passes_it() {
    let manifest = |dynamic: &str| {
        format!(
            "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\nmetadata:\n  \
             name: job\nspec:\n  type: Scala\n  mode: cluster\n  executor:\n    cores: 4\n    \
             memory: 8g\n  dynamicAllocation:\n{dynamic}"
        )
    };
    let off =
        manifest("    enabled: true\n    maxExecutors: 20\n    shuffleTrackingEnabled: false\n");
    let c = check(&off, &k8s_form());
    assert_eq!(
        c.pasted
            .value("spark.dynamicAllocation.shuffleTracking.enabled")
            .as_deref(),
        Some("false")
    );
    assert!(words::check_headline(&c).contains("Kubernetes has no external shuffle service"));
    // Left out, the operator passes shuffle tracking on.
    let on = manifest("    enabled: true\n    maxExecutors: 20\n");
    let c = check(&on, &k8s_form());
    assert_eq!(
        c.pasted
            .value("spark.dynamicAllocation.shuffleTracking.enabled")
            .as_deref(),
        Some("true")
    );
    assert!(words::stop(&c).is_none());
    // Not enabled: the operator passes none of the section.
    let c = check(
        &manifest("    enabled: false\n    maxExecutors: 20\n"),
        &k8s_form(),
    );
    assert_eq!(c.pasted.value("spark.dynamicAllocation.maxExecutors"), None);
}

#[test]
fn emr_reads_the_pasted_minimum_and_maximum() {
    let json = "[{\"Classification\": \"spark-defaults\", \"Properties\": {\
        \"spark.dynamicAllocation.minExecutors\": \"40\", \
        \"spark.dynamicAllocation.maxExecutors\": \"30\"}}]";
    let form = Scenario::Emr(EmrInput::default());
    let c = check(json, &form);
    let Scenario::Emr(applied) = &c.applied.scenario else {
        panic!()
    };
    assert_eq!(applied.dynamic_allocation_settings.min_executors, 40);
    assert_eq!(applied.dynamic_allocation_settings.max_executors, Some(30));
    assert!(
        words::check_headline(&c).contains(
            "Spark refuses to start: \"spark.dynamicAllocation.minExecutors (40) must be less \
             than or equal to spark.dynamicAllocation.maxExecutors (30)!\""
        ),
        "{}",
        words::check_headline(&c)
    );
}

#[test]
fn keys_not_pasted_take_sparks_defaults_not_the_forms() {
    // The form plans with dynamic allocation on; a command that does not turn it on runs
    // without it (Spark's default), and Spark's default shuffle tracking stands.
    let mut form = PlanInput::default();
    form.spark.dynamic_allocation = true;
    form.spark.dynamic_allocation_settings.max_executors = Some(10);
    let form = Scenario::Yarn(form);
    let c = check("spark-submit --num-executors 5 app.jar", &form);
    assert!(!dynamic_allocation_of(&c.applied.scenario).enabled);
    assert!(words::check_headline(&c).starts_with("5 of 5 executors asked for run here"));
}

#[test]
fn the_shuffle_settings_travel_in_the_link() {
    let ck = link::encode(&planner::check::read(K8S_TRACKING_OFF));
    assert!(ck.value.contains("stfalse"), "{}", ck.value);
    let back = link::decode(&ck.value);
    assert_eq!(
        check_pasted_answer(back, &k8s_form()),
        check(K8S_TRACKING_OFF, &k8s_form()).answer
    );
    assert_eq!(
        words::check_headline(&planner::check::check_pasted(
            link::decode(&ck.value),
            &k8s_form()
        )),
        words::check_headline(&check(K8S_TRACKING_OFF, &k8s_form()))
    );
}

fn check_pasted_answer(p: planner::check::Pasted, form: &Scenario) -> planner::check::Answer {
    planner::check::check_pasted(p, form).answer
}
