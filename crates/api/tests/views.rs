//! The JS API writes the JSON report's container and layout views with its own JSON writer (no
//! serde in the module); the command line's JSON report writes the same views through serde.
//! Both must give the same objects, so a field added to a view cannot reach one and not the
//! other.

use api::{plan_query, to_json};
use serde_json::Value;

/// Links that between them fill every optional field of a container, a block and a part:
/// YARN's two methods and ApplicationMaster, PySpark and off-heap memory, Kubernetes' pods
/// with CPU requests and limits and a driver, EMR's merged executors.
const LINKS: &[&str] = &[
    "v=1",
    "v=1&c=32",
    "v=1&cm=k8s",
    "v=1&cm=k8s&rq=1.5&lim=2",
    "v=1&cm=emr",
    "v=1&cm=emr&mt=m5.xlarge&ct=r5.4xlarge",
];

#[test]
fn the_api_writes_the_json_reports_views_as_serde_does() {
    let mut compared = 0;
    for link in LINKS {
        let result = plan_query(link);
        assert_eq!(result.status, "planned", "{link}: {:?}", result.diagnostics);
        let written: Value = serde_json::from_str(&to_json(&result)).expect("JSON");
        for (i, plan) in result.plans.iter().enumerate() {
            let ours = &written["plans"][i];
            assert_eq!(
                ours["containers"],
                serde_json::to_value(&plan.containers).unwrap(),
                "{link}, {}: containers",
                plan.method
            );
            assert_eq!(
                ours["layout"],
                serde_json::to_value(&plan.layout).unwrap(),
                "{link}, {}: layout",
                plan.method
            );
            compared += plan.containers.len() + plan.layout.len();
        }
    }
    assert!(compared > 20, "only {compared} views compared");
}
