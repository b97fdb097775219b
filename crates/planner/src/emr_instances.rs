//! EC2 instance types as Amazon EMR core nodes: vCPUs, memory, and the memory EMR gives YARN
//! (`yarn.nodemanager.resource.memory-mb`) — a table of data — and custom instances given by
//! those three numbers.
//!
//! Sources, per family row below:
//! - YARN memory: the Amazon EMR Release Guide, "Task configuration", table "Default values
//!   for task configuration settings", row `yarn.nodemanager.resource.memory-mb`, column
//!   "Default value" (without HBase). The m5, r5 and c5 rows are the page as archived in
//!   awsdocs/amazon-emr-release-guide (January 2022, `doc_source/emr-hadoop-task-config.md`),
//!   the values seed 003's cluster ran with; they stay so old links plan the same numbers. The
//!   other rows are the current page ("in accordance with the latest EMR release", EMR 7.x).
//!   That page now also lists `yarn.scheduler.minimum-allocation-mb` as 1 for every type, where
//!   this model keeps the 32 MiB of the archived page and seed 003 ([`crate::emr`]).
//! - vCPUs and memory: Amazon EC2's instance type specifications. In these families a size of
//!   N × `xlarge` has 4N vCPUs, and memory is 2 GiB per vCPU for the compute-optimised
//!   families (c), 4 GiB for the general-purpose ones (m), 8 GiB for the memory-optimised ones
//!   (r). Checked type by type against the AWS worker types OpenShift Dedicated's service
//!   definition lists with their vCPUs and GiB (openshift/openshift-docs), for m5, r5 and the
//!   Intel and AMD 6th and 7th generations (m6i.32xlarge 128 vCPU, 512 GiB; r7a.48xlarge 192
//!   vCPU, 1,536 GiB); the Graviton sizes follow the same rule.
//!
//! A family is listed only where the release guide gives EMR's YARN memory for each of its
//! sizes; any other type is a custom instance.

/// An EC2 instance type as an EMR core (or master) node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InstanceType {
    /// The EC2 family and size (`("r5", "4xlarge")`), or `None` for a custom instance given by
    /// its numbers.
    pub listed: Option<(&'static str, &'static str)>,
    /// vCPUs; EMR gives YARN all of them (`yarn.nodemanager.resource.cpu-vcores`).
    pub vcpus: u32,
    /// Memory in GiB.
    pub memory_gib: u32,
    /// EMR's `yarn.nodemanager.resource.memory-mb` for this type (MiB).
    pub nodemanager_mb: u64,
}

/// The name a custom instance has in links (`it=custom`).
pub const CUSTOM: &str = "custom";

impl InstanceType {
    /// The EC2 name (`"r5.4xlarge"`), or `"custom"`.
    pub fn name(&self) -> String {
        match self.listed {
            Some((family, size)) => format!("{family}.{size}"),
            None => CUSTOM.to_string(),
        }
    }

    /// The instance for people to read: its EC2 name, or a custom instance by its vCPUs and
    /// memory (`"a custom instance (16 vCPUs, 128 GiB)"`).
    pub fn describe(&self) -> String {
        match self.listed {
            Some(_) => self.name(),
            None => format!(
                "a custom instance ({} vCPUs, {} GiB)",
                self.vcpus, self.memory_gib
            ),
        }
    }

    /// This instance's numbers as a custom instance (a listed type's numbers, unnamed).
    pub fn as_custom(&self) -> InstanceType {
        InstanceType {
            listed: None,
            ..*self
        }
    }
}

/// A size: its name and vCPUs.
#[derive(Clone, Copy)]
struct Size(&'static str, u32);

const XL: Size = Size("xlarge", 4);
const X2: Size = Size("2xlarge", 8);
const X4: Size = Size("4xlarge", 16);
const X8: Size = Size("8xlarge", 32);
const X9: Size = Size("9xlarge", 36);
const X12: Size = Size("12xlarge", 48);
const X16: Size = Size("16xlarge", 64);
const X18: Size = Size("18xlarge", 72);
const X24: Size = Size("24xlarge", 96);
const X32: Size = Size("32xlarge", 128);
const X48: Size = Size("48xlarge", 192);

/// Families with the same sizes and the same YARN memory for each: their names, memory per
/// vCPU (GiB), and each size with EMR's `yarn.nodemanager.resource.memory-mb` (MiB).
struct Family {
    names: &'static [&'static str],
    gib_per_vcpu: u32,
    sizes: &'static [(Size, u32)],
}

/// The table (sources in the module documentation): general-purpose, then memory-optimised,
/// then compute-optimised families; Intel (no letter, `i`), AMD (`a`), Graviton (`g`).
const FAMILIES: &[Family] = &[
    // Archived release guide (2022), seed 003's values.
    Family {
        names: &["m5", "m5a", "m5d"],
        gib_per_vcpu: 4,
        sizes: &[
            (XL, 12288),
            (X2, 24576),
            (X4, 57344),
            (X8, 122880),
            (X12, 188416),
            (X16, 253952),
            (X24, 385024),
        ],
    },
    // Current release guide from here on.
    Family {
        names: &["m6i"],
        gib_per_vcpu: 4,
        sizes: &[
            (XL, 11712),
            (X2, 23424),
            (X4, 54272),
            (X8, 116736),
            (X12, 181248),
            (X16, 241664),
            (X24, 366592),
            (X32, 491520),
        ],
    },
    Family {
        names: &["m6a", "m7a"],
        gib_per_vcpu: 4,
        sizes: &[
            (XL, 11712),
            (X2, 23424),
            (X4, 54272),
            (X8, 116736),
            (X12, 179200),
            (X16, 241664),
            (X24, 366592),
            (X32, 491520),
            (X48, 741376),
        ],
    },
    Family {
        names: &["m6g"],
        gib_per_vcpu: 4,
        sizes: &[
            (XL, 11712),
            (X2, 23424),
            (X4, 54272),
            (X8, 116736),
            (X12, 181248),
            (X16, 241664),
        ],
    },
    Family {
        names: &["m7g", "m7gd"],
        gib_per_vcpu: 4,
        sizes: &[
            (XL, 11712),
            (X2, 23424),
            (X4, 54272),
            (X8, 116736),
            (X12, 179200),
            (X16, 241664),
        ],
    },
    Family {
        names: &["m7i"],
        gib_per_vcpu: 4,
        sizes: &[
            (XL, 11712),
            (X2, 23424),
            (X4, 54272),
            (X8, 116736),
            (X12, 181248),
            (X16, 241664),
            (X24, 366592),
            (X48, 741376),
        ],
    },
    // Archived release guide (2022), seed 003's values.
    Family {
        names: &["r5", "r5a", "r5d"],
        gib_per_vcpu: 8,
        sizes: &[
            (XL, 24576),
            (X2, 57344),
            (X4, 122880),
            (X8, 253952),
            (X12, 385024),
            (X16, 516096),
            (X24, 778240),
        ],
    },
    Family {
        names: &["r6i"],
        gib_per_vcpu: 8,
        sizes: &[
            (XL, 23424),
            (X2, 54272),
            (X4, 116736),
            (X8, 241664),
            (X12, 366592),
            (X16, 491520),
            (X24, 741376),
            (X32, 964608),
        ],
    },
    Family {
        names: &["r6a", "r7a"],
        gib_per_vcpu: 8,
        sizes: &[
            (XL, 23424),
            (X2, 54272),
            (X4, 116736),
            (X8, 241664),
            (X12, 366592),
            (X16, 491520),
            (X24, 741376),
            (X32, 991232),
            (X48, 1490944),
        ],
    },
    Family {
        names: &["r6g", "r6gd", "r7g", "r7gd"],
        gib_per_vcpu: 8,
        sizes: &[
            (XL, 23424),
            (X2, 54272),
            (X4, 116736),
            (X8, 241664),
            (X12, 366592),
            (X16, 491520),
        ],
    },
    Family {
        names: &["r7i"],
        gib_per_vcpu: 8,
        sizes: &[
            (XL, 23424),
            (X2, 54272),
            (X4, 116736),
            (X8, 241664),
            (X12, 366592),
            (X16, 491520),
            (X24, 741376),
            (X48, 1490944),
        ],
    },
    // Archived release guide (2022), seed 003's values.
    Family {
        names: &["c5"],
        gib_per_vcpu: 2,
        sizes: &[
            (XL, 6144),
            (X2, 12288),
            (X4, 24576),
            (X9, 65536),
            (X12, 90112),
            (X18, 139264),
            (X24, 188416),
        ],
    },
    Family {
        names: &["c6i", "c6id"],
        gib_per_vcpu: 2,
        sizes: &[
            (XL, 5632),
            (X2, 11712),
            (X4, 23424),
            (X8, 54272),
            (X12, 85504),
            (X16, 116736),
            (X24, 179200),
            (X32, 241664),
        ],
    },
    Family {
        names: &["c6a", "c7a"],
        gib_per_vcpu: 2,
        sizes: &[
            (XL, 5632),
            (X2, 11712),
            (X4, 23424),
            (X8, 54272),
            (X12, 85504),
            (X16, 116736),
            (X24, 179200),
            (X32, 241664),
            (X48, 366592),
        ],
    },
    Family {
        names: &["c6g", "c7g", "c7gd"],
        gib_per_vcpu: 2,
        sizes: &[
            (XL, 5632),
            (X2, 11712),
            (X4, 23424),
            (X8, 54272),
            (X12, 85504),
            (X16, 116736),
        ],
    },
    Family {
        names: &["c7i"],
        gib_per_vcpu: 2,
        sizes: &[
            (XL, 5632),
            (X2, 11712),
            (X4, 23424),
            (X8, 54272),
            (X12, 85504),
            (X16, 116736),
            (X24, 179200),
            (X48, 366592),
        ],
    },
];

impl Family {
    fn instance(&self, name: &'static str, (size, nodemanager_mb): (Size, u32)) -> InstanceType {
        InstanceType {
            listed: Some((name, size.0)),
            vcpus: size.1,
            memory_gib: size.1 * self.gib_per_vcpu,
            nodemanager_mb: u64::from(nodemanager_mb),
        }
    }
}

/// Every listed instance type, in table order (family by family, sizes ascending).
pub fn instance_types() -> Vec<InstanceType> {
    FAMILIES
        .iter()
        .flat_map(|f| {
            f.names
                .iter()
                .flat_map(move |name| f.sizes.iter().map(move |s| f.instance(name, *s)))
        })
        .collect()
}

/// The listed instance type named `name` (`"r5.4xlarge"`, case-insensitive, surrounding
/// spaces ignored), if the table has it.
pub fn instance_type(name: &str) -> Option<InstanceType> {
    let lower = name.trim().to_ascii_lowercase();
    let (family, size) = lower.split_once('.')?;
    FAMILIES.iter().find_map(|f| {
        let name = f.names.iter().find(|n| **n == family)?;
        let s = f.sizes.iter().find(|(s, _)| s.0 == size)?;
        Some(f.instance(name, *s))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_consistent() {
        for f in FAMILIES {
            assert!(matches!(f.gib_per_vcpu, 2 | 4 | 8));
            for pair in f.sizes.windows(2) {
                assert!(pair[0].0 .1 < pair[1].0 .1, "{:?}: sizes ascend", f.names);
                assert!(pair[0].1 < pair[1].1, "{:?}: YARN memory ascends", f.names);
            }
            for name in f.names {
                for s in f.sizes {
                    let t = f.instance(name, *s);
                    // EMR leaves memory to the OS and its daemons.
                    assert!(t.nodemanager_mb < u64::from(t.memory_gib) * 1024, "{t:?}");
                    assert_eq!(instance_type(&t.name()), Some(t));
                }
            }
        }
    }

    #[test]
    fn names_and_custom_instances() {
        let t = instance_type(" M6I.4XLarge ").expect("m6i.4xlarge");
        assert_eq!(t.name(), "m6i.4xlarge");
        assert_eq!((t.vcpus, t.memory_gib, t.nodemanager_mb), (16, 64, 54272));
        let custom = t.as_custom();
        assert_eq!(custom.name(), CUSTOM);
        assert_eq!(custom.describe(), "a custom instance (16 vCPUs, 64 GiB)");
        assert_eq!(instance_type("custom"), None);
        assert_eq!(instance_type("m6i.large"), None);
        assert_eq!(instance_type("m6i"), None);
    }
}
