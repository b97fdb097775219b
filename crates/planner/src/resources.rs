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

/// The slots one resource alone allows (its idle addresses still 0), or what Spark refuses.
fn resource_slots(ask: &ResourceAsk) -> Result<ResourceSlots, ResourceRefusal> {
    if ask.task_amount > ask.executor_amount.saturating_mul(ONE) {
        return Err(ResourceRefusal::TaskAboveExecutor {
            name: ask.name.clone(),
            executor_amount: ask.executor_amount,
            task_amount: ask.task_amount,
        });
    }
    let Some((addresses_per_task, tasks_per_address)) = amount_and_parts(ask.task_amount) else {
        return Err(ResourceRefusal::FractionAboveHalf {
            name: ask.name.clone(),
            task_amount: ask.task_amount,
        });
    };
    Ok(ResourceSlots {
        name: ask.name.clone(),
        slots: ask.executor_amount.saturating_mul(tasks_per_address) / addresses_per_task.max(1),
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
    if decimal.contains('.') {
        decimal.to_string()
    } else {
        format!("{decimal}.0")
    }
}

/// A refusal in Spark's words (the message its `SparkException` carries).
pub fn refusal_words(refusal: &ResourceRefusal) -> String {
    let amount = |units: u64| crate::fixed::format_scaled(units, TASK_AMOUNT_SCALE);
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
            names.join(",")
        ),
        ResourceRefusal::ZeroTaskCpus => "CPUs per task configuration has to be > 0".to_owned(),
    }
}

/// A task amount as Spark's key holds it (`0.25`, `1`), in units of `10^-TASK_AMOUNT_SCALE`;
/// `None` for what is not a positive decimal of at most `TASK_AMOUNT_SCALE` places.
pub fn parse_task_amount(text: &str) -> Option<u64> {
    crate::fixed::parse_scaled(text.trim(), TASK_AMOUNT_SCALE).filter(|&units| units > 0)
}
