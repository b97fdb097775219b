//! Presets: the documented cases of the seeds, ready to load.

use crate::input::{Cluster, PlanInput, Policy};

/// A named input.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    /// Stable identifier (used in URLs).
    pub id: &'static str,
    /// Short name.
    pub name: &'static str,
    /// What it shows.
    pub description: &'static str,
    /// The input.
    pub input: PlanInput,
}

fn hardware(nodes: u32, cores: u32, memory_gib: f64) -> Cluster {
    Cluster {
        nodes,
        cores_per_node: cores,
        memory_per_node_gib: memory_gib,
        ..Cluster::default()
    }
}

/// Every preset, in display order.
pub fn presets() -> Vec<Preset> {
    vec![
        Preset {
            id: "case1",
            name: "Case 1: 6 × 16 cores × 64 GB",
            description: "Seed 000 case 1 (and seed 001): the rule gives 17 executors × 5 cores × 19 GB.",
            input: PlanInput {
                cluster: hardware(6, 16, 64.0),
                ..PlanInput::default()
            },
        },
        Preset {
            id: "case2",
            name: "Case 2: 6 × 32 cores × 64 GB",
            description: "Seed 000 case 2: the rule gives 35 × 5 cores × 9 GB; YARN has room for 36.",
            input: PlanInput {
                cluster: hardware(6, 32, 64.0),
                ..PlanInput::default()
            },
        },
        Preset {
            id: "case3",
            name: "Case 3: 10 GB is enough",
            description: "Seed 000 case 3: case 1 hardware, at least 10 GB per executor; the rule gives 29 × 3 cores × 11 GB, which YARN cannot place.",
            input: PlanInput {
                cluster: hardware(6, 16, 64.0),
                policy: Policy {
                    memory_target_mib: Some(10 * 1024),
                    ..Policy::default()
                },
                ..PlanInput::default()
            },
        },
        Preset {
            id: "defaults",
            name: "Defaults",
            description: "Every setting at its default.",
            input: PlanInput::default(),
        },
    ]
}

/// The preset with `id`.
pub fn preset(id: &str) -> Option<Preset> {
    presets().into_iter().find(|p| p.id == id)
}
