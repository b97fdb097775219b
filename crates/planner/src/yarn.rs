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
    /// `yarn.scheduler.maximum-allocation-mb`: larger requests are refused.
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

    /// Whether `r` is above the maximum allocation (YARN refuses such a request).
    pub fn exceeds_maximum(&self, r: Resource) -> bool {
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

/// What the scheduler grants for `ask`: memory raised to the minimum and rounded up to the step
/// (Hadoop's `Resources.normalize`). Unlike Hadoop, the result is not clamped to the maximum:
/// a request above it is refused, which [`YarnScheduler::exceeds_maximum`] tells.
pub fn normalize(ask: Resource, scheduler: &YarnScheduler) -> Resource {
    let memory = round_up(
        ask.memory_mib.max(scheduler.minimum_allocation_mb),
        scheduler.step_mb(),
    );
    let vcores = match scheduler.calculator {
        Calculator::Default => ask.vcores,
        Calculator::Dominant => ask.vcores.max(scheduler.minimum_allocation_vcores),
    };
    Resource::new(memory, vcores)
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
        let s = YarnScheduler::default();
        assert_eq!(normalize(Resource::new(21401, 5), &s).memory_mib, 21504);
        assert_eq!(normalize(Resource::new(896, 1), &s).memory_mib, 1024);
        let fair = YarnScheduler {
            increment_mb: Some(512),
            ..s
        };
        assert_eq!(normalize(Resource::new(1408, 1), &fair).memory_mib, 1536);
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
