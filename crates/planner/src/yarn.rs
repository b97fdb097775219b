//! YARN's side of the math: scheduler settings, request normalisation, and fitting containers.

/// Memory and vcores of a container or a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Resource {
    /// Memory in MiB.
    pub memory_mib: u64,
    /// Virtual cores.
    pub vcores: u32,
}

impl Resource {
    /// A resource of `memory_mib` MiB and `vcores` vcores.
    pub const fn new(memory_mib: u64, vcores: u32) -> Resource {
        Resource { memory_mib, vcores }
    }

    /// `self − other`, clamped at zero in each dimension.
    pub fn saturating_sub(self, other: Resource) -> Resource {
        Resource::new(
            self.memory_mib.saturating_sub(other.memory_mib),
            self.vcores.saturating_sub(other.vcores),
        )
    }
}

/// How the scheduler compares resources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Calculator {
    /// `DefaultResourceCalculator`: memory only; vcores are not counted when packing.
    Default,
    /// `DominantResourceCalculator`: memory and vcores both count.
    #[default]
    Dominant,
}

impl Calculator {
    /// The class name YARN uses.
    pub fn class_name(self) -> &'static str {
        match self {
            Calculator::Default => "DefaultResourceCalculator",
            Calculator::Dominant => "DominantResourceCalculator",
        }
    }
}

/// The scheduler settings that shape containers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YarnScheduler {
    /// `yarn.scheduler.minimum-allocation-mb`: the smallest container, and the rounding step
    /// of the Capacity and FIFO schedulers.
    pub minimum_allocation_mb: u64,
    /// `yarn.scheduler.minimum-allocation-vcores`.
    pub minimum_allocation_vcores: u32,
    /// The Fair scheduler's increment (`yarn.resource-types.memory-mb.increment-allocation`);
    /// `None` rounds to multiples of the minimum allocation.
    pub increment_mb: Option<u64>,
    /// `yarn.scheduler.maximum-allocation-mb`: larger requests are refused; rounding never
    /// grants more.
    pub maximum_allocation_mb: u64,
    /// `yarn.scheduler.maximum-allocation-vcores`.
    pub maximum_allocation_vcores: u32,
    /// The resource calculator.
    pub calculator: Calculator,
}

impl Default for YarnScheduler {
    /// YARN's out-of-the-box settings: 1024 MiB minimum, 8192 MiB / 4 vcores maximum, and the
    /// Capacity Scheduler's `DefaultResourceCalculator`.
    fn default() -> YarnScheduler {
        YarnScheduler {
            minimum_allocation_mb: 1024,
            minimum_allocation_vcores: 1,
            increment_mb: None,
            maximum_allocation_mb: 8192,
            maximum_allocation_vcores: 4,
            calculator: Calculator::Default,
        }
    }
}

impl YarnScheduler {
    /// The memory rounding step.
    pub fn step_mb(&self) -> u64 {
        self.increment_mb.unwrap_or(self.minimum_allocation_mb)
    }

    /// Whether a request `r`, as asked (before rounding), is above the maximum allocation: Spark
    /// refuses it at submit for memory, YARN for vcores.
    pub fn refuses(&self, r: Resource) -> bool {
        r.memory_mib > self.maximum_allocation_mb || r.vcores > self.maximum_allocation_vcores
    }
}

fn round_up(value: u64, step: u64) -> u64 {
    if step == 0 {
        value
    } else {
        value.div_ceil(step).saturating_mul(step)
    }
}

/// `ask`'s memory raised to the minimum allocation and rounded up to the step, before the
/// maximum applies (what a request would need; [`normalize`] caps it).
pub fn rounded_memory_mib(ask: Resource, scheduler: &YarnScheduler) -> u64 {
    round_up(
        ask.memory_mib.max(scheduler.minimum_allocation_mb),
        scheduler.step_mb(),
    )
}

/// What the scheduler grants for `ask`, as Hadoop's `ResourceCalculator.normalize(ask, minimum,
/// maximum, step)`: memory raised to the minimum, rounded up to the step, then capped at the
/// maximum allocation; vcores as asked (within the minimum and maximum) under the
/// DominantResourceCalculator, 1 under the DefaultResourceCalculator, so a request at or below the maximum that rounds above it is granted the
/// maximum. A request above the maximum is refused before this (Spark's
/// `Client.verifyClusterResources`, YARN's `SchedulerUtils.validateResourceRequest`), which
/// [`YarnScheduler::refuses`] tells.
pub fn normalize(ask: Resource, scheduler: &YarnScheduler) -> Resource {
    let memory = rounded_memory_mib(ask, scheduler).min(scheduler.maximum_allocation_mb);
    let vcores = match scheduler.calculator {
        // `DefaultResourceCalculator.normalize` returns `Resources.createResource(memory)`,
        // which holds 1 vcore: the ResourceManager records 1 vcore per container, whatever
        // was asked.
        Calculator::Default => 1,
        Calculator::Dominant => ask
            .vcores
            .max(scheduler.minimum_allocation_vcores)
            .min(scheduler.maximum_allocation_vcores),
    };
    Resource::new(memory, vcores)
}

/// The container shown as granted for `ask`: [`normalize`]'s grant, or, for a request above the
/// maximum (refused, so never granted), the rounded size it would need, so that granted ≥
/// requested always holds.
pub fn granted(ask: Resource, scheduler: &YarnScheduler) -> Resource {
    let mut grant = normalize(ask, scheduler);
    if ask.memory_mib > scheduler.maximum_allocation_mb {
        grant.memory_mib = rounded_memory_mib(ask, scheduler);
    }
    if ask.vcores > scheduler.maximum_allocation_vcores {
        grant.vcores = grant.vcores.max(ask.vcores);
    }
    grant
}

/// How many containers of size `c` fit in `free` under `calculator`.
pub fn fit_count(free: Resource, c: Resource, calculator: Calculator) -> u64 {
    let by_memory = free
        .memory_mib
        .checked_div(c.memory_mib)
        .unwrap_or(u64::MAX);
    let by_cores = match calculator {
        Calculator::Default => u64::MAX,
        Calculator::Dominant => u64::from(free.vcores)
            .checked_div(u64::from(c.vcores))
            .unwrap_or(u64::MAX),
    };
    by_memory.min(by_cores)
}

/// Whether `c` fits in `free` under `calculator`.
pub fn fits(free: Resource, c: Resource, calculator: Calculator) -> bool {
    fit_count(free, c, calculator) >= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_up_to_the_minimum_allocation() {
        let s = YarnScheduler {
            maximum_allocation_mb: 65536,
            ..YarnScheduler::default()
        };
        assert_eq!(normalize(Resource::new(21401, 5), &s).memory_mib, 21504);
        assert_eq!(normalize(Resource::new(896, 1), &s).memory_mib, 1024);
        let fair = YarnScheduler {
            increment_mb: Some(512),
            ..s
        };
        assert_eq!(normalize(Resource::new(1408, 1), &fair).memory_mib, 1536);
    }

    #[test]
    fn rounding_stops_at_the_maximum_allocation() {
        // DefaultResourceCalculator.normalize: min(roundUp(max(ask, min), step), maximum).
        let s = YarnScheduler {
            maximum_allocation_mb: 8000,
            ..YarnScheduler::default()
        };
        assert_eq!(rounded_memory_mib(Resource::new(7500, 1), &s), 8192);
        assert_eq!(normalize(Resource::new(7500, 1), &s).memory_mib, 8000);
        assert!(!s.refuses(Resource::new(8000, 1)));
        assert!(s.refuses(Resource::new(8001, 1)));
    }

    #[test]
    fn default_calculator_records_one_vcore() {
        let s = YarnScheduler::default();
        assert_eq!(s.calculator, Calculator::Default);
        assert_eq!(normalize(Resource::new(4096, 5), &s).vcores, 1);
        let dominant = YarnScheduler {
            calculator: Calculator::Dominant,
            ..s
        };
        assert_eq!(normalize(Resource::new(4096, 3), &dominant).vcores, 3);
    }

    #[test]
    fn default_calculator_ignores_vcores() {
        let node = Resource::new(64512, 15);
        let c = Resource::new(11264, 3);
        assert_eq!(fit_count(node, c, Calculator::Dominant), 5);
        assert_eq!(
            fit_count(Resource::new(64512, 14), c, Calculator::Default),
            5
        );
        assert_eq!(
            fit_count(Resource::new(64512, 14), c, Calculator::Dominant),
            4
        );
    }
}
