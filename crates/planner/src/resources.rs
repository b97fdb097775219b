//! Custom executor resources (GPUs above all): how many tasks an executor runs at once when its
//! tasks also ask for a resource, which resource limits them, what is left idle, what Spark
//! refuses at start, and the name each cluster manager asks for the resource by.
//!
//! Spark's rules, from its source:
//! - `ResourceProfile.calculateTasksAndLimitingResource`: the slots of an executor are the
//!   least of `cores ÷ spark.task.cpus` and, for each resource its tasks ask for,
//!   `(executor amount × parts) ÷ task amount` (whole numbers, rounded down); the first
//!   resource that gives fewer slots than the limit so far becomes the limiting one.
//! - `ResourceUtils.calculateAmountAndPartsForFraction`: a task amount at most 0.5 shares one
//!   address among `⌊1 ÷ amount⌋` tasks; above 0.5 it must be a whole number.
//! - `ResourceUtils.validateTaskCpusLargeEnough`, `ResourceProfile` and
//!   `ResourceUtils.warnOnWastedResources`: the refusals and the wasted-resource warning.
//! - `ResourceRequestHelper.getYarnResourcesFromSparkResources`: on YARN only `gpu` and `fpga`
//!   are translated (to `yarn.io/gpu`, `yarn.io/fpga`); `KubernetesUtils
//!   .buildResourcesQuantities`: on Kubernetes a resource is `vendor/name` and needs a vendor.
//!
//! Numbers first: this module computes; `refusal_words` says a refusal in Spark's words.

/// Decimals a task amount is read to (`spark.task.resource.gpu.amount=0.125`).
pub const TASK_AMOUNT_SCALE: u32 = 9;

const ONE: u64 = 1_000_000_000;

/// One custom resource of an executor and of each of its tasks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceAsk {
    /// The resource's name in Spark's keys (`gpu` in `spark.executor.resource.gpu.amount`).
    pub name: String,
    /// `spark.executor.resource.{name}.amount`; 0 when only the task asks for it.
    pub executor_amount: u64,
    /// `spark.task.resource.{name}.amount` in units of `10^-TASK_AMOUNT_SCALE`; 0 when tasks
    /// do not ask for it.
    pub task_amount: u64,
}

/// Why the resource limits the slots, for each resource tasks ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceSlots {
    /// The resource's name.
    pub name: String,
    /// Tasks this resource alone would let the executor run at once.
    pub slots: u64,
    /// Tasks sharing one address (`⌊1 ÷ task amount⌋` at most 0.5, else 1).
    pub tasks_per_address: u64,
    /// Whole addresses one task holds (the task amount rounded up).
    pub addresses_per_task: u64,
    /// Addresses no running task holds once every slot is filled.
    pub idle_addresses: u64,
}

/// What limits an executor's task slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlotLimit {
    /// Cores ÷ `spark.task.cpus` (Spark's `cpus`).
    Cores,
    /// A custom resource, by name.
    Resource(String),
}

/// An executor's task slots with custom resources.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskSlots {
    /// Tasks the executor runs at once.
    pub slots: u64,
    /// The resource that sets `slots`.
    pub limit: SlotLimit,
    /// `cores ÷ spark.task.cpus`.
    pub slots_by_cores: u64,
    /// Cores no running task holds once every slot is filled.
    pub idle_cores: u64,
    /// Each resource tasks ask for, in the order given.
    pub resources: Vec<ResourceSlots>,
    /// Resources the executor asks for that no task asks for (Spark warns: they sit idle).
    pub unused_by_tasks: Vec<String>,
}

/// What Spark refuses at start about custom resources.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResourceRefusal {
    /// `spark.task.cpus` above the executor's cores.
    TaskCpusAboveCores {
        /// The executor's cores.
        cores: u32,
        /// `spark.task.cpus`.
        task_cpus: u32,
    },
    /// A task amount above 0.5 that is not a whole number.
    FractionAboveHalf {
        /// The resource.
        name: String,
        /// The task amount in units of `10^-TASK_AMOUNT_SCALE`.
        task_amount: u64,
    },
    /// A task asks for more of a resource than its executor has.
    TaskAboveExecutor {
        /// The resource.
        name: String,
        /// The executor's amount.
        executor_amount: u64,
        /// The task amount in units of `10^-TASK_AMOUNT_SCALE`.
        task_amount: u64,
    },
    /// Tasks ask for resources their executors do not.
    TaskWithoutExecutor {
        /// The resources, in the order given.
        names: Vec<String>,
    },
    /// `spark.task.cpus` of 0.
    ZeroTaskCpus,
}

/// Tasks one address serves and whole addresses one task holds, as Spark's
/// `calculateAmountAndPartsForFraction`; `None` for an amount above 0.5 that is not whole.
fn amount_and_parts(task_amount: u64) -> Option<(u64, u64)> {
    let addresses = task_amount.div_ceil(ONE);
    if task_amount.saturating_mul(2) <= ONE {
        Some((addresses, ONE / task_amount.max(1)))
    } else if task_amount.is_multiple_of(ONE) {
        Some((addresses, 1))
    } else {
        None
    }
}

/// Why Spark refuses one resource's amounts, before it is named.
enum AmountRefusal {
    TaskAboveExecutor,
    FractionAboveHalf,
}

/// The slots one resource alone allows, the whole addresses a task holds and the tasks one
/// address serves: `(slots, addresses_per_task, tasks_per_address)`.
fn slots_of(executor_amount: u64, task_amount: u64) -> Result<(u64, u64, u64), AmountRefusal> {
    if task_amount > executor_amount.saturating_mul(ONE) {
        return Err(AmountRefusal::TaskAboveExecutor);
    }
    let (addresses_per_task, tasks_per_address) =
        amount_and_parts(task_amount).ok_or(AmountRefusal::FractionAboveHalf)?;
    let slots = executor_amount.saturating_mul(tasks_per_address) / addresses_per_task.max(1);
    Ok((slots, addresses_per_task, tasks_per_address))
}

/// `refusal` of resource `name`, as Spark names it.
fn named_refusal(
    refusal: AmountRefusal,
    name: &str,
    executor_amount: u64,
    task_amount: u64,
) -> ResourceRefusal {
    match refusal {
        AmountRefusal::TaskAboveExecutor => ResourceRefusal::TaskAboveExecutor {
            name: name.to_string(),
            executor_amount,
            task_amount,
        },
        AmountRefusal::FractionAboveHalf => ResourceRefusal::FractionAboveHalf {
            name: name.to_string(),
            task_amount,
        },
    }
}

/// The slots one resource alone allows (its idle addresses still 0), or what Spark refuses.
fn resource_slots(ask: &ResourceAsk) -> Result<ResourceSlots, ResourceRefusal> {
    let (slots, addresses_per_task, tasks_per_address) =
        slots_of(ask.executor_amount, ask.task_amount)
            .map_err(|r| named_refusal(r, &ask.name, ask.executor_amount, ask.task_amount))?;
    Ok(ResourceSlots {
        name: ask.name.clone(),
        slots,
        tasks_per_address,
        addresses_per_task,
        idle_addresses: 0,
    })
}

/// The slots of an executor of `cores` whose tasks take `task_cpus` cores and the custom
/// resources `asks`, or what Spark refuses.
pub fn task_slots(
    cores: u32,
    task_cpus: u32,
    asks: &[ResourceAsk],
) -> Result<TaskSlots, ResourceRefusal> {
    if task_cpus == 0 {
        return Err(ResourceRefusal::ZeroTaskCpus);
    }
    if cores < task_cpus {
        return Err(ResourceRefusal::TaskCpusAboveCores { cores, task_cpus });
    }
    let slots_by_cores = u64::from(cores / task_cpus);
    let without_executor: Vec<String> = asks
        .iter()
        .filter(|a| a.task_amount > 0 && a.executor_amount == 0)
        .map(|a| a.name.clone())
        .collect();
    let mut slots = slots_by_cores;
    let mut limit = SlotLimit::Cores;
    // Each resource's slots beside its executor amount, for the idle addresses once the
    // executor's slots are known.
    let mut asked = Vec::new();
    for ask in asks
        .iter()
        .filter(|a| a.executor_amount > 0 && a.task_amount > 0)
    {
        let resource = resource_slots(ask)?;
        if resource.slots < slots {
            slots = resource.slots;
            limit = SlotLimit::Resource(ask.name.clone());
        }
        asked.push((ask.executor_amount, resource));
    }
    if !without_executor.is_empty() {
        return Err(ResourceRefusal::TaskWithoutExecutor {
            names: without_executor,
        });
    }
    let resources = asked
        .into_iter()
        .map(|(executor_amount, mut resource)| {
            let held = slots
                .saturating_mul(resource.addresses_per_task)
                .div_ceil(resource.tasks_per_address.max(1));
            resource.idle_addresses = executor_amount.saturating_sub(held);
            resource
        })
        .collect();
    Ok(TaskSlots {
        slots,
        limit,
        slots_by_cores,
        idle_cores: u64::from(cores).saturating_sub(slots.saturating_mul(u64::from(task_cpus))),
        resources,
        unused_by_tasks: asks
            .iter()
            .filter(|a| a.executor_amount > 0 && a.task_amount == 0)
            .map(|a| a.name.clone())
            .collect(),
    })
}

/// The resource YARN is asked for, or `None` when Spark does not translate it: only `gpu`
/// and `fpga` are (`spark.yarn.resourceGpuDeviceName`, `spark.yarn.resourceFpgaDeviceName`,
/// defaults `yarn.io/gpu` and `yarn.io/fpga`); any other resource must also be set as
/// `spark.yarn.executor.resource.{name}.amount`.
pub fn yarn_resource_name(name: &str) -> Option<&'static str> {
    match name {
        "gpu" => Some("yarn.io/gpu"),
        "fpga" => Some("yarn.io/fpga"),
        _ => None,
    }
}

/// The extended resource a Kubernetes executor pod asks for (requests and limits):
/// `vendor/name` (`nvidia.com/gpu`), or `None` without a vendor, which Spark refuses
/// ("Resource: gpu was requested, but vendor was not specified.").
pub fn kubernetes_resource_name(vendor: &str, name: &str) -> Option<String> {
    let vendor = vendor.trim();
    (!vendor.is_empty()).then(|| format!("{vendor}/{name}"))
}

/// A decimal as Scala interpolates a `Double`: a whole number with `.0` (`2.0`).
fn as_scala_double(decimal: &str) -> String {
    // Bytes, not `contains('.')`: a char pattern brings core's string searcher and its slicing
    // panic into the wasm modules.
    if decimal.bytes().any(|b| b == b'.') {
        decimal.to_string()
    } else {
        format!("{decimal}.0")
    }
}

/// A task amount in units of `10^-TASK_AMOUNT_SCALE` as a decimal (`0.25`, `2`): the shortest
/// decimal of the `f64` Spark reads, which is the one typed (at most 9 decimals).
pub fn amount_words(units: u64) -> String {
    crate::fixed::to_f64(units, TASK_AMOUNT_SCALE)
        .map_or_else(|| units.to_string(), crate::fixed::format_f64)
}

/// `names` joined by commas, as Scala's `mkString(",")` (a loop: `join` is one more copy of
/// std's generic join in the wasm modules).
fn comma_separated(names: &[String]) -> String {
    let mut out = String::new();
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(name);
    }
    out
}

/// A refusal in Spark's words (the message its `SparkException` carries).
pub fn refusal_words(refusal: &ResourceRefusal) -> String {
    let amount = amount_words;
    match refusal {
        ResourceRefusal::TaskCpusAboveCores { cores, task_cpus } => format!(
            "The number of cores per executor (={cores}) has to be >= the number of cpus per \
             task = {task_cpus}."
        ),
        ResourceRefusal::FractionAboveHalf { task_amount, .. } => format!(
            "The resource amount {} must be either <= 0.5, or a whole number.",
            amount(*task_amount)
        ),
        ResourceRefusal::TaskAboveExecutor {
            name,
            executor_amount,
            task_amount,
        } => format!(
            "The executor resource: {name}, amount: {executor_amount} needs to be >= the task \
             resource request amount of {}",
            as_scala_double(&amount(*task_amount))
        ),
        ResourceRefusal::TaskWithoutExecutor { names } => format!(
            "No executor resource configs were not specified for the following task configs: {}",
            comma_separated(names)
        ),
        ResourceRefusal::ZeroTaskCpus => "CPUs per task configuration has to be > 0".to_owned(),
    }
}

/// A task amount as Spark's key holds it (`0.25`, `1`), in units of `10^-TASK_AMOUNT_SCALE`;
/// `None` for what is not a positive decimal of at most `TASK_AMOUNT_SCALE` places.
pub fn parse_task_amount(text: &str) -> Option<u64> {
    crate::fixed::parse_scaled(text.trim(), TASK_AMOUNT_SCALE).filter(|&units| units > 0)
}

/// An executor's task slots with GPUs, in numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuSlots {
    /// Tasks the executor runs at once.
    pub slots: u64,
    /// `cores ÷ spark.task.cpus`.
    pub slots_by_cores: u64,
    /// Tasks its GPUs alone hold (`None`: tasks ask for no GPU).
    pub by_gpus: Option<u64>,
    /// Cores no running task holds once every slot is filled.
    pub idle_cores: u64,
}

impl GpuSlots {
    /// Whether the GPUs hold fewer tasks than the cores (Spark's limiting resource is `gpu`).
    pub fn gpus_limit(&self) -> bool {
        self.by_gpus.is_some_and(|g| g < self.slots_by_cores)
    }
}

/// The resource name GPUs have in Spark's keys (`spark.executor.resource.gpu.amount`).
pub const GPU: &str = "gpu";

/// The GPUs a plan's executors and tasks ask for: `spark.executor.resource.gpu.amount` and
/// `spark.task.resource.gpu.amount` (in units of `10^-TASK_AMOUNT_SCALE`, as Spark's decimal
/// reads); both 0 when the plan asks for none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GpuAsk {
    /// GPUs each executor asks for.
    pub executor: u32,
    /// GPUs each task asks for, in units of `10^-TASK_AMOUNT_SCALE` (`0.25` is 250 000 000).
    pub task: u64,
}

impl GpuAsk {
    /// Whether executors or tasks ask for GPUs.
    pub fn asks(&self) -> bool {
        self.executor > 0 || self.task > 0
    }

    /// The task slots of an executor of `cores` whose tasks take `task_cpus` cores and these
    /// GPUs, or what Spark refuses: [`task_slots`]'s rule for this one resource, in numbers.
    pub fn task_slots(&self, cores: u32, task_cpus: u32) -> Result<GpuSlots, ResourceRefusal> {
        if task_cpus == 0 {
            return Err(ResourceRefusal::ZeroTaskCpus);
        }
        if cores < task_cpus {
            return Err(ResourceRefusal::TaskCpusAboveCores { cores, task_cpus });
        }
        let executor = u64::from(self.executor);
        if self.task > 0 && executor == 0 {
            return Err(ResourceRefusal::TaskWithoutExecutor {
                names: vec![GPU.to_string()],
            });
        }
        let slots_by_cores = u64::from(cores / task_cpus);
        let by_gpus = if self.task > 0 {
            let (slots, _, _) = slots_of(executor, self.task)
                .map_err(|r| named_refusal(r, GPU, executor, self.task))?;
            Some(slots)
        } else {
            None
        };
        let slots = slots_by_cores.min(by_gpus.unwrap_or(u64::MAX));
        Ok(GpuSlots {
            slots,
            slots_by_cores,
            by_gpus,
            idle_cores: u64::from(cores).saturating_sub(slots.saturating_mul(u64::from(task_cpus))),
        })
    }

    /// Executors a node of `node_gpus` GPUs holds by its GPUs alone (`None`: executors ask for
    /// no GPU, so GPUs do not bound them). The cluster managers hand out whole GPUs: YARN's
    /// `yarn.io/gpu` and Kubernetes' `nvidia.com/gpu` are counts.
    pub fn executors_per_node(&self, node_gpus: u64) -> Option<u64> {
        (self.executor > 0).then(|| node_gpus / u64::from(self.executor))
    }

    /// The task amount as Spark's key writes it (`0.25`, `1`).
    pub fn task_words(&self) -> String {
        amount_words(self.task)
    }
}

/// Tasks an executor of `cores` runs at once, its tasks taking `task_cpus` cores and `gpus`
/// ([`task_slots`]); 0 where Spark refuses the settings (validation names the field).
pub fn slots_with_gpus(cores: u32, task_cpus: u32, gpus: &GpuAsk) -> u32 {
    if !gpus.asks() {
        return crate::spark::task_slots_per_executor(cores, task_cpus);
    }
    gpus.task_slots(cores, task_cpus)
        .map_or(0, |t| u32::try_from(t.slots).unwrap_or(u32::MAX))
}

/// One executor's task slots in words when its tasks ask for GPUs (`None` when they do not,
/// or Spark refuses the amounts): "1 GPU ÷ 0.25 per task = 4, 8 cores ÷ 1 spark.task.cpus = 8:
/// 4 tasks each, the GPUs limit them (4 cores idle)".
pub fn gpu_slots_words(cores: u32, task_cpus: u32, gpus: &GpuAsk) -> Option<String> {
    if gpus.task == 0 {
        return None;
    }
    let t = gpus.task_slots(cores, task_cpus).ok()?;
    let by_gpus = t.by_gpus?;
    let limit = if !t.gpus_limit() {
        "the cores limit them".to_string()
    } else if t.idle_cores > 0 {
        format!(
            "the GPUs limit them ({} idle)",
            crate::format::counted(t.idle_cores, "core")
        )
    } else {
        "the GPUs limit them".to_string()
    };
    Some(format!(
        "{} ÷ {} per task = {by_gpus}, {} ÷ {task_cpus} spark.task.cpus = {}: {} each, {limit}",
        crate::format::counted(gpus.executor.into(), "GPU"),
        gpus.task_words(),
        crate::format::counted(u64::from(cores), "core"),
        t.slots_by_cores,
        crate::format::counted(t.slots, "task"),
    ))
}

/// What a plan's GPUs leave idle, as Spark warns at start (`ResourceUtils
/// .warnOnWastedResources`): cores no task can use because each task's GPUs hold fewer tasks,
/// or GPUs no task asks for.
pub fn gpu_warnings(cores: u32, task_cpus: u32, gpus: &GpuAsk) -> Vec<crate::warning::Warning> {
    use crate::warning::{Code, Severity, Warning};
    let mut w = Vec::new();
    if gpus.executor > 0 && gpus.task == 0 {
        w.push(Warning::new(
            Code::GpusUnusedByTasks,
            Severity::Warning,
            format!(
                "Each executor asks for {} but no task does ({} is 0): no task is scheduled on \
                 them and they sit idle. Set it to 1 for a GPU per task, 0.25 for four tasks \
                 sharing one.",
                crate::format::counted(gpus.executor.into(), "GPU"),
                crate::spark_keys::TASK_GPU_AMOUNT
            ),
        ));
    }
    let Ok(t) = gpus.task_slots(cores, task_cpus) else {
        return w;
    };
    if t.gpus_limit() && t.idle_cores > 0 {
        w.push(Warning::new(
            Code::GpusLimitTasks,
            Severity::Warning,
            format!(
                "The GPUs hold {} at once per executor, where its {} would run {}: {} sit idle \
                 (Spark warns the configuration wastes resources). Ask for fewer cores per \
                 executor, or a smaller {} per task.",
                crate::format::counted(t.slots, "task"),
                crate::format::counted(cores.into(), "core"),
                t.slots_by_cores,
                crate::format::counted(t.idle_cores, "core"),
                crate::spark_keys::TASK_GPU_AMOUNT
            ),
        ));
    }
    w
}
