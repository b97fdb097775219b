//! The whole page: the link's notice, the form, the answer, the sections under it, the
//! explorer, the wiki exports, the configuration check and how the numbers are computed.

use leptos::prelude::*;
use planner::ClusterManager;

use crate::analysis::{AnalysisShell, SECTIONS_MODULE};
use crate::answer::sections::PlanSections;
use crate::answer::Answer;
use crate::check::{CheckSection, CheckState};
use crate::embed::embed_code;
use crate::explorer::ExplorerSection;
use crate::form::FormView;
use crate::layout::Patterns;
use crate::on_demand::OnDemandModule;
use crate::reactive::{dynamic, memo, text};
use crate::state::address::{current_query, query_value};
use crate::state::form::Form;
use crate::state::messages::link_notice;
use crate::state::Page;
use crate::wiki::WikiSection;

/// The page.
#[component]
pub fn App() -> impl IntoView {
    let query = current_query();
    let (initial, decoded) = Form::from_query(&query);
    let notice = link_notice(&decoded);
    let ck = query_value(&query, "ck").to_string();
    let page = Page::new(initial, ck.clone());
    let reports = OnDemandModule::reports();
    let sections = OnDemandModule::at(SECTIONS_MODULE);
    let check = CheckState::new(page, reports, sections, &ck);
    crate::analysis::follow_the_run_shown(page.run_shown);
    // Back and Forward restore the plan of that history entry, and its check.
    let _ = window_event_listener(leptos::ev::popstate, move |_| {
        let ck = page.follow_the_address();
        check.follow(ck);
    });
    let stale =
        memo(move || !page.planned.with(|p| p.is_plan()) && page.last_form.with(Option::is_some));
    view! {
        <Patterns/>
        <Notice notice/>
        <main class="grid">
            // The inputs first: Tab follows the desktop's columns (the skip link leads past them).
            <aside class="inputs card" aria-label="Inputs"><FormView page/></aside>
            <Answer page embed_code/>
            <div class=text(move || if stale.get() { "details stale" } else { "details" })>
                {dynamic(move || stale.get().then(|| view! {
                    <p class="stale-note" id="stale-details">"Not current: the sections below show the last plan until the fields above are fixed."</p>
                }))}
                <PlanSections page/>
                <ExplorerSection page/>
                <WikiSection page reports/>
                <CheckSection state=check/>
                <AnalysisShell module=sections/>
                <About page/>
            </div>
        </main>
        <footer class="foot">
            "Runs entirely in your browser; nothing is sent anywhere. The address bar always holds a link to this plan."
        </footer>
    }
}

/// The notice for an odd link (what was done with what it could not use), with its Dismiss
/// button.
#[component]
fn Notice(notice: Option<String>) -> impl IntoView {
    let shown = RwSignal::new(notice.is_some());
    let words = notice.unwrap_or_default();
    view! {
        <div class="notice-slot">
            {dynamic(move || shown.get().then(|| view! {
                <div class="notice" id="notice" role="status">
                    <span>{words.clone()}</span>
                    <button type="button" on:click=move |_| shown.set(false)>"Dismiss"</button>
                </div>
            }))}
        </div>
    }
}

/// "How this is computed", for the cluster manager of the sections under the answer (written
/// with them, a frame after the form changed).
#[component]
fn About(page: Page) -> impl IntoView {
    view! {
        <section class="card" id="about">
            {dynamic(move || page.sections_for.get().map(|m| view! {
                <h2>"How this is computed"</h2>
                <div class="about">{about(m)}</div>
            }))}
        </section>
    }
}

/// How the numbers of cluster manager `m` are computed, in short.
fn about(m: ClusterManager) -> AnyView {
    match m {
        ClusterManager::Yarn => view! {
            <p><strong>"Rule of thumb"</strong>" reproduces the widely shared recipe exactly: reserve 1 core and 1 GB per node, 5 cores per executor, executors per node = cores ÷ 5, one executor less for the ApplicationMaster, memory = node memory ÷ executors per node, minus max(384 MB, 7%) overhead, rounded down to whole GB. Its answer is then placed under YARN's real math to show whether it holds."</p>
            <p><strong>"Spark-exact"</strong>" computes containers as Spark does: overhead = max(384 MiB, ⌊0.10 × heap⌋) (or your settings), plus off-heap and PySpark memory; YARN rounds each request up to a multiple of yarn.scheduler.minimum-allocation-mb; the ApplicationMaster is its own container (the driver in cluster mode). It picks the largest heap whose granted container still fits the executors per node, then places the AM and as many executors as fit."</p>
            <p><strong>"Resource calculator"</strong>": the plan uses the one chosen in the form (Dominant unless you change it). Stock Apache Hadoop's Capacity Scheduler and Amazon EMR default to DefaultResourceCalculator, which packs containers by memory only; some distributions (e.g. Cloudera CDP) configure DominantResourceCalculator, which counts memory and vcores. It can change the answer: at least 10 GB per executor on 6 × 16 cores × 64 GB gives 29 executors with Dominant, 30 with Default."</p>
            <p>"Modelled: Apache Spark 3.5 and 4.0 (4.0 adds spark.executor.minMemoryOverhead); checked against vectors produced by running Spark 3.5.9's and 4.0.5's own classes. YARN: Capacity/FIFO rounding or the Fair scheduler's increment, Default or Dominant resource calculator, the maximum allocation. Not modelled: queues' other tenants, node labels, preemption."</p>
        }.into_any(),
        ClusterManager::Kubernetes => view! {
            <p><strong>"Pod resources"</strong>" are computed as Spark's Kubernetes builders write them: memory request = limit = heap + overhead (max(384 MiB, ⌊factor × heap⌋), factor 0.1, or 0.4 for cluster-mode Python and R apps unless set) + off-heap + PySpark memory, in Mi; CPU request = spark.kubernetes.executor.request.cores or spark.executor.cores; a CPU limit only when one is set. Checked against vectors produced by running Spark 3.5.9's and 4.0.5's own classes."</p>
            <p><strong>"Packing"</strong>" takes each node's allocatable CPU and memory (capacity minus kube/system reservations and the eviction threshold) less the daemonsets' requests, counts the executor pods whose requests fit, up to the node's pod limit (EKS's or AKS's max pods, else 110; the driver pod counts), puts the driver pod on node 1, and spreads the executors evenly, as kube-scheduler's default scoring tends to. Task slots are spark.executor.cores ÷ spark.task.cpus per executor, whatever CPU the pod requests."</p>
            <p>"Not modelled: scheduler plugins and affinity, taints, resource quotas, priority and preemption, other workloads."</p>
        }.into_any(),
        ClusterManager::Emr => view! {
            <p><strong>"EMR's settings"</strong>" come from the EMR release guide: yarn.nodemanager.resource.memory-mb per instance type (the maximum allocation is the same), a 32 MiB minimum allocation, an executor overhead factor of 0.1875 and dynamic allocation on. Requests are computed as Spark on YARN computes them."</p>
            <p><strong>"Heterogeneous executors"</strong>" are a model: EMR does not publish how it merges requests. The model merges as many requests as fit in a node's free room into one executor (capped by spark.executor.maxCores and maxMemory), heap = ⌊container ÷ (1 + factor)⌋, with the ApplicationMaster first on core node 1; it reproduces an observed EMR driver log exactly (50 requests of 22528 MiB became 9 executors of 112640 MiB)."</p>
            <p>"Not modelled: task nodes, instance fleets, managed scaling, and how dynamic allocation's target moves over time."</p>
        }.into_any(),
    }
}
