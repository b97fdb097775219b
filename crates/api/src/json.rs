//! [`PlanResult`] as JSON text, written by hand: the module's only JSON, and a writer this small
//! weighs less in the wasm module than serde's derives and `serde_json`'s serializer
//! (BENCHMARKS.md, "JS API"). Keys in the order of the structs' fields, an optional field left
//! out when it is `None`, no spaces: the text `serde_json::to_string` writes.

use crate::view::{
    BlockView, ContainerView, DiagnosticView, ExportsView, NodeGroupView, PlanResult, PlanView,
    TotalsView,
};

/// JSON text being written: objects and arrays open and close, and each value after the first
/// in its object or array gets its comma.
struct Writer {
    out: String,
}

impl Writer {
    /// A comma unless the value is the first in its object or array.
    fn separate(&mut self) {
        if !matches!(self.out.as_bytes().last(), None | Some(b'{' | b'[' | b':')) {
            self.out.push(',');
        }
    }

    fn key(&mut self, key: &str) {
        self.separate();
        self.out.push('"');
        self.out.push_str(key);
        self.out.push_str("\":");
    }

    /// A JSON string: quotes, backslashes and control characters escaped as `serde_json` does.
    fn string(&mut self, text: &str) {
        self.separate();
        self.out.push('"');
        for c in text.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                '\u{8}' => self.out.push_str("\\b"),
                '\u{c}' => self.out.push_str("\\f"),
                c if u32::from(c) < 0x20 => {
                    let hex = b"0123456789abcdef";
                    let low = usize::from(c as u8 & 0xf);
                    self.out.push_str(if u32::from(c) < 0x10 {
                        "\\u000"
                    } else {
                        "\\u001"
                    });
                    self.out.push(char::from(hex[low]));
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    fn str_field(&mut self, key: &str, text: &str) {
        self.key(key);
        self.string(text);
    }

    fn number_field(&mut self, key: &str, n: u64) {
        self.key(key);
        self.out.push_str(&n.to_string());
    }

    fn bool_field(&mut self, key: &str, b: bool) {
        self.key(key);
        self.out.push_str(if b { "true" } else { "false" });
    }

    /// A number, or nothing at all when there is none.
    fn optional_number(&mut self, key: &str, n: Option<impl Into<u64>>) {
        if let Some(n) = n {
            self.number_field(key, n.into());
        }
    }

    /// A text, or nothing at all when there is none.
    fn optional_str(&mut self, key: &str, text: Option<&str>) {
        if let Some(text) = text {
            self.str_field(key, text);
        }
    }

    /// `key` and an array of `items`, each written by `write`.
    fn array<T>(&mut self, key: &str, items: &[T], write: fn(&mut Self, &T)) {
        self.key(key);
        self.out.push('[');
        for item in items {
            write(self, item);
        }
        self.out.push(']');
    }

    /// An object: its fields written by `write`.
    fn object(&mut self, write: impl FnOnce(&mut Self)) {
        self.separate();
        self.out.push('{');
        write(self);
        self.out.push('}');
    }
}

/// `result` as JSON text.
pub fn plan_result(result: &PlanResult) -> String {
    let mut w = Writer { out: String::new() };
    w.object(|w| {
        w.number_field("schema", u64::from(result.schema));
        w.str_field("manager", result.manager);
        w.str_field("status", result.status);
        w.str_field("link", &result.link);
        w.array("diagnostics", &result.diagnostics, diagnostic);
        w.array("plans", &result.plans, plan);
        w.array("differences", &result.differences, diagnostic);
    });
    w.out
}

fn diagnostic(w: &mut Writer, d: &DiagnosticView) {
    w.object(|w| {
        w.str_field("code", d.code);
        w.str_field("severity", d.severity);
        w.optional_str("field", d.field.as_deref());
        w.str_field("message", &d.message);
    });
}

fn plan(w: &mut Writer, p: &PlanView) {
    w.object(|w| {
        w.str_field("method", p.method);
        w.bool_field("selected", p.selected);
        w.number_field("executors", u64::from(p.executors));
        w.number_field("executors_running", u64::from(p.executors_running));
        w.number_field("cores_per_executor", u64::from(p.cores_per_executor));
        w.str_field("executor_memory", &p.executor_memory);
        w.number_field("heap_mib", p.heap_mib);
        w.number_field("task_slots", p.task_slots);
        w.bool_field("fits", p.fits);
        w.array("containers", &p.containers, container);
        w.array("layout", &p.layout, node_group);
        w.key("totals");
        totals(w, &p.totals);
        w.array("warnings", &p.warnings, diagnostic);
        w.key("exports");
        exports(w, &p.exports);
    });
}

fn container(w: &mut Writer, c: &ContainerView) {
    w.object(|w| {
        w.str_field("role", c.role);
        w.number_field("count", c.count);
        w.optional_number("heap_mib", c.heap_mib);
        w.optional_number("overhead_mib", c.overhead_mib);
        w.optional_number("offheap_mib", c.offheap_mib);
        w.optional_number("pyspark_mib", c.pyspark_mib);
        w.number_field("requested_mib", c.requested_mib);
        w.optional_number("granted_mib", c.granted_mib);
        w.optional_number("cores", c.cores);
        w.optional_number("yarn_vcores", c.yarn_vcores);
        w.optional_str("cpu_request", c.cpu_request.as_deref());
        w.optional_str("cpu_limit", c.cpu_limit.as_deref());
        w.optional_number("merged_requests", c.merged_requests);
        w.optional_number("node", c.node);
    });
}

fn node_group(w: &mut Writer, g: &NodeGroupView) {
    w.object(|w| {
        w.number_field("first_node", u64::from(g.first_node));
        w.number_field("last_node", u64::from(g.last_node));
        w.array("blocks", &g.blocks, block);
    });
}

fn block(w: &mut Writer, b: &BlockView) {
    w.object(|w| {
        w.str_field("kind", b.kind);
        w.optional_number("vcores", b.vcores);
        w.optional_number("cpu_millis", b.cpu_millis);
        w.number_field("memory_mib", b.memory_mib);
        w.array("parts", &b.parts, |w, p| {
            w.object(|w| {
                w.str_field("kind", p.kind);
                w.number_field("mib", p.mib);
            });
        });
    });
}

fn totals(w: &mut Writer, t: &TotalsView) {
    w.object(|w| {
        w.number_field("executors", u64::from(t.executors));
        w.number_field("task_slots", t.task_slots);
        w.number_field("memory_used_mib", t.memory_used_mib);
        w.number_field("memory_available_mib", t.memory_available_mib);
        w.optional_number("vcores_used", t.vcores_used);
        w.optional_number("vcores_available", t.vcores_available);
        w.optional_number("cpu_used_millis", t.cpu_used_millis);
        w.optional_number("cpu_available_millis", t.cpu_available_millis);
    });
}

fn exports(w: &mut Writer, e: &ExportsView) {
    w.object(|w| {
        w.array("spark_conf", &e.spark_conf, |w, c| {
            w.object(|w| {
                w.str_field("key", &c.key);
                w.str_field("value", &c.value);
            });
        });
        w.str_field("spark_defaults_conf", &e.spark_defaults_conf);
        w.array("spark_submit_args", &e.spark_submit_args, |w, a| {
            w.string(a)
        });
        w.str_field("spark_submit", &e.spark_submit);
        w.optional_str("spark_operator_yaml", e.spark_operator_yaml.as_deref());
        w.optional_str(
            "emr_configurations_json",
            e.emr_configurations_json.as_deref(),
        );
    });
}
