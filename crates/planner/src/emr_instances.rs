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
    /// GPUs (EMR's YARN offers each as a `yarn.io/gpu`).
    pub gpus: u32,
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

/// GPU instance types EMR runs as core nodes, row by row (their memory follows no per-vCPU rule):
/// size, memory (GiB), EMR's `yarn.nodemanager.resource.memory-mb` (MiB) and GPUs.
///
/// Sources: vCPUs, memory and GPUs from Amazon EC2's "Accelerated computing instances" table
/// (awsdocs/amazon-ec2-user-guide, `doc_source/accelerated-computing-instances.md`: G4dn
/// NVIDIA T4, G5 NVIDIA A10G, P3 NVIDIA Tesla V100, P4d NVIDIA A100); YARN memory from the EMR
/// Release Guide's "Default values for task configuration settings" (the current page; g4dn
/// and p3 as in the archived one).
struct GpuFamily {
    name: &'static str,
    sizes: &'static [(Size, u32, u32, u32)],
}

const GPU_FAMILIES: &[GpuFamily] = &[
    GpuFamily {
        name: "g4dn",
        sizes: &[
            (XL, 16, 12288, 1),
            (X2, 32, 24576, 1),
            (X4, 64, 57344, 1),
            (X8, 128, 122880, 1),
            (X12, 192, 188416, 4),
            (X16, 256, 253952, 1),
        ],
    },
    GpuFamily {
        name: "g5",
        sizes: &[
            (XL, 16, 11712, 1),
            (X2, 32, 23424, 1),
            (X4, 64, 54272, 1),
            (X8, 128, 116736, 1),
            (X12, 192, 179200, 4),
            (X16, 256, 241664, 1),
            (X24, 384, 366592, 4),
            (X48, 768, 741376, 8),
        ],
    },
    GpuFamily {
        name: "p3",
        sizes: &[
            (X2, 61, 54272, 1),
            (X8, 244, 241664, 4),
            (X16, 488, 491520, 8),
        ],
    },
    GpuFamily {
        name: "p4d",
        sizes: &[(X24, 1152, 1116160, 8)],
    },
];

impl GpuFamily {
    fn instance(
        &self,
        &(size, memory_gib, nodemanager_mb, gpus): &(Size, u32, u32, u32),
    ) -> InstanceType {
        InstanceType {
            listed: Some((self.name, size.0)),
            vcpus: size.1,
            memory_gib,
            nodemanager_mb: u64::from(nodemanager_mb),
            gpus,
        }
    }
}

impl Family {
    fn instance(&self, name: &'static str, (size, nodemanager_mb): (Size, u32)) -> InstanceType {
        InstanceType {
            listed: Some((name, size.0)),
            vcpus: size.1,
            memory_gib: size.1 * self.gib_per_vcpu,
            nodemanager_mb: u64::from(nodemanager_mb),
            gpus: 0,
        }
    }
}

/// Every listed instance type, in table order (family by family, sizes ascending; the GPU
/// families last).
pub fn instance_types() -> Vec<InstanceType> {
    let mut types = Vec::new();
    for f in FAMILIES {
        for name in f.names {
            for s in f.sizes {
                types.push(f.instance(name, *s));
            }
        }
    }
    for f in GPU_FAMILIES {
        for s in f.sizes {
            types.push(f.instance(s));
        }
    }
    types
}

/// The listed instance type named `name` (`"r5.4xlarge"`, case-insensitive, surrounding
/// spaces ignored), if the table has it.
pub fn instance_type(name: &str) -> Option<InstanceType> {
    let lower = name.trim().to_ascii_lowercase();
    let (family, size) = lower.split_once('.')?;
    let gpu = || {
        let f = GPU_FAMILIES.iter().find(|f| f.name == family)?;
        Some(f.instance(f.sizes.iter().find(|s| s.0 .0 == size)?))
    };
    FAMILIES
        .iter()
        .find_map(|f| {
            let name = f.names.iter().find(|n| **n == family)?;
            let s = f.sizes.iter().find(|(s, _)| s.0 == size)?;
            Some(f.instance(name, *s))
        })
        .or_else(gpu)
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
    fn gpu_instances_carry_their_gpus() {
        // EC2's table: g4dn.12xlarge 48 vCPUs, 192 GiB, 4 GPUs; EMR gives YARN 188416 MiB.
        let t = instance_type("g4dn.12xlarge").expect("listed");
        assert_eq!(
            (t.vcpus, t.memory_gib, t.nodemanager_mb, t.gpus),
            (48, 192, 188416, 4)
        );
        let p3 = instance_type("p3.2xlarge").expect("listed");
        assert_eq!((p3.vcpus, p3.memory_gib, p3.gpus), (8, 61, 1));
        for f in GPU_FAMILIES {
            for pair in f.sizes.windows(2) {
                assert!(
                    pair[0].0 .1 < pair[1].0 .1 && pair[0].2 < pair[1].2,
                    "{}",
                    f.name
                );
            }
            for s in f.sizes {
                let t = f.instance(s);
                assert!(
                    t.gpus > 0 && t.nodemanager_mb < u64::from(t.memory_gib) * 1024,
                    "{t:?}"
                );
                assert_eq!(instance_type(&t.name()), Some(t));
            }
        }
        assert!(instance_types()
            .iter()
            .all(|t| t.gpus == 0 || t.name().starts_with(['g', 'p'])));
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
