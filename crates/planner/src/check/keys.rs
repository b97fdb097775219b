//! The Spark keys the check knows: what each holds (so that a value Spark would refuse is
//! reported), Spark's deprecated keys with their replacements, the nearest known key of a
//! misspelt one, and which keys and values look secret.

use crate::units::ByteUnit;

/// What a key's value must be, as Spark's `ConfigBuilder` declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A size (`bytesConf`): a bare number is in this unit.
    Size(ByteUnit),
    /// An `intConf` at least 1 (cores, task cpus).
    PositiveInt,
    /// An `intConf` at least 0 (instances, executor counts).
    Count,
    /// A `doubleConf` greater than 0 (overhead factors).
    Factor,
    /// A `doubleConf` from 0 to 1 (memory fractions).
    Fraction,
    /// A `booleanConf`.
    Bool,
    /// A Kubernetes CPU quantity (`0.5`, `500m`, `2`).
    CpuQuantity,
    /// `client` or `cluster`.
    DeployMode,
    /// Anything: the check reads the key but not its value.
    Text,
}

/// A key the check knows, the kind of its value, and its short code in a share link (`""`:
/// the key does not travel in links, as it does not change the answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownKey {
    /// The key.
    pub key: &'static str,
    /// What its value must be.
    pub kind: ValueKind,
    /// Its code in a share link, or `""`.
    pub link_code: &'static str,
}

const fn k(key: &'static str, kind: ValueKind, link_code: &'static str) -> KnownKey {
    KnownKey {
        key,
        kind,
        link_code,
    }
}

use crate::spark_keys;
use ValueKind::{Bool, Count, CpuQuantity, DeployMode, Factor, Fraction, PositiveInt, Size, Text};

/// `spark.executor.resource.gpu.amount`: GPUs per executor.
pub const GPU_EXECUTOR_AMOUNT: &str = "spark.executor.resource.gpu.amount";
/// `spark.task.resource.gpu.amount`: the GPU share of each task.
pub const GPU_TASK_AMOUNT: &str = "spark.task.resource.gpu.amount";
/// `spark.executor.resource.gpu.discoveryScript`: the script that finds an executor's GPUs.
pub const GPU_DISCOVERY_SCRIPT: &str = "spark.executor.resource.gpu.discoveryScript";

/// Keys the check reads (with link codes) and commonly used keys it knows by name. Kinds follow
/// Spark's `core/src/main/scala/org/apache/spark/internal/config/package.scala`, Kubernetes'
/// `Config.scala` and YARN's `config.scala` (3.5/4.0); the EMR keys are EMR's.
pub const KNOWN_KEYS: &[KnownKey] = &[
    k(spark_keys::EXECUTOR_MEMORY, Size(ByteUnit::MiB), "em"),
    k(spark_keys::EXECUTOR_CORES, PositiveInt, "ec"),
    k(spark_keys::EXECUTOR_INSTANCES, Count, "ei"),
    k(spark_keys::EXECUTOR_OVERHEAD, Size(ByteUnit::MiB), "eo"),
    k(spark_keys::EXECUTOR_OVERHEAD_FACTOR, Factor, "ef"),
    k(spark_keys::EXECUTOR_MIN_OVERHEAD, Size(ByteUnit::MiB), "en"),
    k(spark_keys::PYSPARK_MEMORY, Size(ByteUnit::MiB), "ep"),
    k(spark_keys::OFFHEAP_ENABLED, Bool, "oe"),
    k(spark_keys::OFFHEAP_SIZE, Size(ByteUnit::Byte), "os"),
    k(spark_keys::MEMORY_FRACTION, Fraction, "mf"),
    k(spark_keys::STORAGE_FRACTION, Fraction, "sf"),
    k(spark_keys::TASK_CPUS, PositiveInt, "tc"),
    // GPUs change the tasks at once and what Spark refuses (check::resources): their amounts
    // travel in a link; the discovery script's path does not, only that one is set (`rd`).
    k(GPU_EXECUTOR_AMOUNT, Count, "rg"),
    k(GPU_TASK_AMOUNT, Text, "rt"),
    k(GPU_DISCOVERY_SCRIPT, Text, ""),
    k(spark_keys::DRIVER_MEMORY, Size(ByteUnit::MiB), "dm"),
    k(spark_keys::DRIVER_CORES, PositiveInt, "dc"),
    k(spark_keys::DRIVER_OVERHEAD, Size(ByteUnit::MiB), "do"),
    k(spark_keys::DRIVER_OVERHEAD_FACTOR, Factor, "df"),
    k(spark_keys::DRIVER_MIN_OVERHEAD, Size(ByteUnit::MiB), "dn"),
    k(spark_keys::DRIVER_MAX_RESULT_SIZE, Size(ByteUnit::Byte), ""),
    k(spark_keys::AM_MEMORY, Size(ByteUnit::MiB), "am"),
    k(spark_keys::AM_CORES, PositiveInt, "ac"),
    k(spark_keys::AM_OVERHEAD, Size(ByteUnit::MiB), "ao"),
    k(spark_keys::DEPLOY_MODE, DeployMode, "sd"),
    k(spark_keys::DYNAMIC_ALLOCATION_ENABLED, Bool, "da"),
    k(
        spark_keys::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS,
        Count,
        "di",
    ),
    k(spark_keys::DYNAMIC_ALLOCATION_MIN_EXECUTORS, Count, "dl"),
    k(spark_keys::DYNAMIC_ALLOCATION_MAX_EXECUTORS, Count, "dx"),
    k(spark_keys::K8S_EXECUTOR_REQUEST_CORES, CpuQuantity, "kr"),
    k(spark_keys::K8S_EXECUTOR_LIMIT_CORES, CpuQuantity, "kl"),
    k(spark_keys::K8S_DRIVER_REQUEST_CORES, CpuQuantity, "kq"),
    k(spark_keys::K8S_DRIVER_LIMIT_CORES, CpuQuantity, "kd"),
    k(spark_keys::K8S_OVERHEAD_FACTOR, Factor, "kf"),
    k(spark_keys::YARN_EXECUTOR_OVERHEAD_FACTOR, Factor, "yf"),
    k(spark_keys::EMR_HETEROGENEOUS_EXECUTORS, Bool, "he"),
    k(spark_keys::EMR_EXECUTOR_MAX_CORES, PositiveInt, "mc"),
    k(
        spark_keys::EMR_EXECUTOR_MAX_MEMORY,
        Size(ByteUnit::MiB),
        "mm",
    ),
    k(spark_keys::CORES_MAX, PositiveInt, ""),
    k(spark_keys::MASTER, Text, ""),
    k(spark_keys::APP_NAME, Text, ""),
    k(spark_keys::YARN_QUEUE, Text, ""),
    k(spark_keys::DEFAULT_PARALLELISM, PositiveInt, ""),
    k(spark_keys::SQL_SHUFFLE_PARTITIONS, PositiveInt, ""),
    k(spark_keys::SQL_ADAPTIVE_ENABLED, Bool, ""),
    k(spark_keys::SQL_ADAPTIVE_COALESCE_PARTITIONS, Bool, ""),
    k(
        spark_keys::SQL_ADAPTIVE_COALESCE_PARALLELISM_FIRST,
        Bool,
        "",
    ),
    k(spark_keys::SQL_ADAPTIVE_ADVISORY_PARTITION_SIZE, Text, ""),
    k(spark_keys::SQL_ADAPTIVE_SKEW_JOIN, Bool, ""),
    k(spark_keys::SQL_AUTO_BROADCAST_JOIN_THRESHOLD, Text, ""),
    k(spark_keys::SQL_FILES_MAX_PARTITION_BYTES, Text, ""),
    k(spark_keys::SERIALIZER, Text, ""),
    k(spark_keys::KRYO_BUFFER_MAX, Text, ""),
    k(spark_keys::SHUFFLE_SERVICE_ENABLED, Bool, "ss"),
    k(spark_keys::DYNAMIC_ALLOCATION_SHUFFLE_TRACKING, Bool, "st"),
    k(spark_keys::DECOMMISSION_ENABLED, Bool, "de"),
    k(spark_keys::STORAGE_DECOMMISSION_ENABLED, Bool, ""),
    k(spark_keys::STORAGE_DECOMMISSION_SHUFFLE_BLOCKS, Bool, "sb"),
    k(
        spark_keys::DYNAMIC_ALLOCATION_EXECUTOR_IDLE_TIMEOUT,
        Text,
        "",
    ),
    k(spark_keys::NETWORK_TIMEOUT, Text, ""),
    k(spark_keys::EXECUTOR_HEARTBEAT_INTERVAL, Text, ""),
    k(spark_keys::SPECULATION, Bool, ""),
    k(spark_keys::EVENT_LOG_ENABLED, Bool, ""),
    k(spark_keys::EVENT_LOG_DIR, Text, ""),
    k(spark_keys::EXECUTOR_EXTRA_JAVA_OPTIONS, Text, ""),
    k(spark_keys::DRIVER_EXTRA_JAVA_OPTIONS, Text, ""),
    k(spark_keys::EXECUTOR_EXTRA_CLASS_PATH, Text, ""),
    k(spark_keys::DRIVER_EXTRA_CLASS_PATH, Text, ""),
    k(spark_keys::JARS, Text, ""),
    k(spark_keys::JARS_PACKAGES, Text, ""),
    k(spark_keys::FILES, Text, ""),
    k(spark_keys::SUBMIT_PY_FILES, Text, ""),
    k(spark_keys::PYTHON_WORKER_MEMORY, Text, ""),
    k(spark_keys::LOCALITY_WAIT, Text, ""),
    k(spark_keys::YARN_MAX_APP_ATTEMPTS, PositiveInt, ""),
    k(spark_keys::YARN_JARS, Text, ""),
    k(spark_keys::K8S_CONTAINER_IMAGE, Text, ""),
    k(spark_keys::K8S_NAMESPACE, Text, ""),
    k(spark_keys::K8S_DRIVER_SERVICE_ACCOUNT, Text, ""),
    k(spark_keys::KERBEROS_KEYTAB, Text, ""),
    k(spark_keys::KERBEROS_PRINCIPAL, Text, ""),
];

/// Every key Spark's Kubernetes support defines (apache/spark
/// `resource-managers/kubernetes/core/src/main/scala/org/apache/spark/deploy/k8s/Config.scala`,
/// 3.5 and 4.0; `spark.kubernetes.jars.avoidDownloadSchemes` is core's), beside
/// [`KUBERNETES_PREFIXES`]: a `spark.kubernetes.*` key that is neither has no effect.
pub const KUBERNETES_KEYS: &[&str] = &[
    "spark.kubernetes.allocation.batch.delay",
    "spark.kubernetes.allocation.batch.size",
    "spark.kubernetes.allocation.driver.readinessTimeout",
    "spark.kubernetes.allocation.executor.timeout",
    "spark.kubernetes.allocation.maxPendingPods",
    "spark.kubernetes.allocation.pods.allocator",
    "spark.kubernetes.appKillPodDeletionGracePeriod",
    "spark.kubernetes.configMap.maxSize",
    "spark.kubernetes.container.image",
    "spark.kubernetes.container.image.pullPolicy",
    "spark.kubernetes.container.image.pullSecrets",
    "spark.kubernetes.context",
    "spark.kubernetes.decommission.script",
    "spark.kubernetes.driver.connectionTimeout",
    "spark.kubernetes.driver.container.image",
    "spark.kubernetes.driver.limit.cores",
    "spark.kubernetes.driver.master",
    "spark.kubernetes.driver.ownPersistentVolumeClaim",
    "spark.kubernetes.driver.pod.featureSteps",
    "spark.kubernetes.driver.pod.name",
    "spark.kubernetes.driver.podTemplateContainerName",
    "spark.kubernetes.driver.podTemplateFile",
    "spark.kubernetes.driver.request.cores",
    "spark.kubernetes.driver.requestTimeout",
    "spark.kubernetes.driver.resourceNamePrefix",
    "spark.kubernetes.driver.reusePersistentVolumeClaim",
    "spark.kubernetes.driver.scheduler.name",
    "spark.kubernetes.driver.service.deleteOnTermination",
    "spark.kubernetes.driver.service.ipFamilies",
    "spark.kubernetes.driver.service.ipFamilyPolicy",
    "spark.kubernetes.driver.waitToReusePersistentVolumeClaim",
    "spark.kubernetes.dynamicAllocation.deleteGracePeriod",
    "spark.kubernetes.executor.apiPollingInterval",
    "spark.kubernetes.executor.checkAllContainers",
    "spark.kubernetes.executor.container.image",
    "spark.kubernetes.executor.decommissionLabel",
    "spark.kubernetes.executor.decommissionLabelValue",
    "spark.kubernetes.executor.deleteOnTermination",
    "spark.kubernetes.executor.disableConfigMap",
    "spark.kubernetes.executor.enableApiPolling",
    "spark.kubernetes.executor.enableApiWatcher",
    "spark.kubernetes.executor.enablePollingWithResourceVersion",
    "spark.kubernetes.executor.eventProcessingInterval",
    "spark.kubernetes.executor.limit.cores",
    "spark.kubernetes.executor.lostCheck.maxAttempts",
    "spark.kubernetes.executor.minTasksPerExecutorBeforeRolling",
    "spark.kubernetes.executor.missingPodDetectDelta",
    "spark.kubernetes.executor.pod.featureSteps",
    "spark.kubernetes.executor.podNamePrefix",
    "spark.kubernetes.executor.podTemplateContainerName",
    "spark.kubernetes.executor.podTemplateFile",
    "spark.kubernetes.executor.request.cores",
    "spark.kubernetes.executor.rollInterval",
    "spark.kubernetes.executor.rollPolicy",
    "spark.kubernetes.executor.scheduler.name",
    "spark.kubernetes.executorSnapshotsSubscribersShutdownGracePeriod",
    "spark.kubernetes.file.upload.path",
    "spark.kubernetes.hadoop.configMapName",
    "spark.kubernetes.jars.avoidDownloadSchemes",
    "spark.kubernetes.kerberos.krb5.configMapName",
    "spark.kubernetes.kerberos.krb5.path",
    "spark.kubernetes.kerberos.tokenSecret.itemKey",
    "spark.kubernetes.kerberos.tokenSecret.name",
    "spark.kubernetes.legacy.useReadWriteOnceAccessMode",
    "spark.kubernetes.local.dirs.tmpfs",
    "spark.kubernetes.memoryOverheadFactor",
    "spark.kubernetes.namespace",
    "spark.kubernetes.pyspark.pythonVersion",
    "spark.kubernetes.report.interval",
    "spark.kubernetes.resource.type",
    "spark.kubernetes.scheduler.name",
    "spark.kubernetes.submission.connectionTimeout",
    "spark.kubernetes.submission.requestTimeout",
    "spark.kubernetes.submission.waitAppCompletion",
    "spark.kubernetes.submitInDriver",
    "spark.kubernetes.trust.certificates",
];

/// The key families of Spark on Kubernetes (`Config.scala`'s prefixes: labels, annotations,
/// secrets, volumes, node selectors, the driver's environment, credentials; Volcano's).
pub const KUBERNETES_PREFIXES: &[&str] = &[
    "spark.kubernetes.authenticate.",
    "spark.kubernetes.driver.annotation.",
    "spark.kubernetes.driver.label.",
    "spark.kubernetes.driver.node.selector.",
    "spark.kubernetes.driver.secretKeyRef.",
    "spark.kubernetes.driver.secrets.",
    "spark.kubernetes.driver.service.annotation.",
    "spark.kubernetes.driver.service.label.",
    "spark.kubernetes.driver.volumes.",
    "spark.kubernetes.driverEnv.",
    "spark.kubernetes.executor.annotation.",
    "spark.kubernetes.executor.label.",
    "spark.kubernetes.executor.node.selector.",
    "spark.kubernetes.executor.secretKeyRef.",
    "spark.kubernetes.executor.secrets.",
    "spark.kubernetes.executor.volumes.",
    "spark.kubernetes.node.selector.",
    "spark.kubernetes.scheduler.volcano.",
];

/// Whether Spark on Kubernetes defines `key`.
pub fn is_kubernetes_key(key: &str) -> bool {
    KUBERNETES_KEYS.contains(&key) || KUBERNETES_PREFIXES.iter().any(|p| key.starts_with(p))
}

/// The nearest Kubernetes key to a `spark.kubernetes.*` key Spark does not define, when it is
/// a slip (as [`nearest_known`]).
pub fn nearest_kubernetes_key(key: &str) -> Option<&'static str> {
    let lower = key.to_ascii_lowercase();
    let limit = if key.len() >= 24 { 3 } else { 2 };
    KUBERNETES_KEYS
        .iter()
        .filter(|candidate| **candidate != key)
        .map(|candidate| {
            let distance = edit_distance(&lower, &candidate.to_ascii_lowercase(), limit + 1);
            (distance, *candidate)
        })
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Spark 1's legacy memory manager's keys (`spark.memory.useLegacyMode` and the fractions it
/// read), which Spark 3.0 removed with the legacy manager (SPARK-26218): Spark ignores them.
pub const LEGACY_MEMORY_KEYS: &[&str] = &[
    "spark.memory.useLegacyMode",
    "spark.shuffle.memoryFraction",
    "spark.shuffle.safetyFraction",
    "spark.storage.memoryFraction",
    "spark.storage.safetyFraction",
    "spark.storage.unrollFraction",
];

/// The known key `key`, if the check knows it.
pub fn known(key: &str) -> Option<&'static KnownKey> {
    KNOWN_KEYS.iter().find(|k| k.key == key)
}

/// The known key with link code `code`.
pub fn by_link_code(code: &str) -> Option<&'static KnownKey> {
    KNOWN_KEYS
        .iter()
        .find(|k| !k.link_code.is_empty() && k.link_code == code)
}

/// A key Spark still reads under a newer name: `SparkConf.configsWithAlternatives` (the old key
/// is read when the new one is unset, with "The configuration key '…' has been deprecated as
/// of Spark … Please use the new key '…' instead.").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deprecated {
    /// The old key.
    pub key: &'static str,
    /// The key to use.
    pub replacement: &'static str,
    /// The Spark version that deprecated it.
    pub since: &'static str,
}

const fn d(key: &'static str, replacement: &'static str, since: &'static str) -> Deprecated {
    Deprecated {
        key,
        replacement,
        since,
    }
}

/// From apache/spark `core/src/main/scala/org/apache/spark/SparkConf.scala`
/// (`configsWithAlternatives`), the entries a sizing configuration meets.
pub const DEPRECATED_KEYS: &[Deprecated] = &[
    d(
        spark_keys::YARN_EXECUTOR_OVERHEAD,
        spark_keys::EXECUTOR_OVERHEAD,
        "2.3",
    ),
    d(
        spark_keys::YARN_DRIVER_OVERHEAD,
        spark_keys::DRIVER_OVERHEAD,
        "2.3",
    ),
    d(
        spark_keys::UNSAFE_OFF_HEAP,
        spark_keys::OFFHEAP_ENABLED,
        "1.6",
    ),
    d(spark_keys::YARN_KEYTAB, spark_keys::KERBEROS_KEYTAB, "3.0"),
    d(
        spark_keys::YARN_PRINCIPAL,
        spark_keys::KERBEROS_PRINCIPAL,
        "3.0",
    ),
    d(spark_keys::YARN_JAR, spark_keys::YARN_JARS, "2.0"),
    d(
        spark_keys::REDUCER_MAX_MB_IN_FLIGHT,
        spark_keys::REDUCER_MAX_SIZE_IN_FLIGHT,
        "1.4",
    ),
    d(
        spark_keys::KRYO_BUFFER_MAX_MB,
        spark_keys::KRYO_BUFFER_MAX,
        "1.4",
    ),
    d(
        spark_keys::AKKA_FRAME_SIZE,
        spark_keys::RPC_MESSAGE_MAX_SIZE,
        "1.6",
    ),
    d(
        spark_keys::YARN_MAX_WORKER_FAILURES,
        spark_keys::YARN_MAX_EXECUTOR_FAILURES,
        "1.5",
    ),
    d(
        spark_keys::YARN_ACCESS_NAMENODES,
        spark_keys::KERBEROS_ACCESS_HADOOP_FILE_SYSTEMS,
        "2.2",
    ),
    d(
        spark_keys::YARN_ACCESS_HADOOP_FILE_SYSTEMS,
        spark_keys::KERBEROS_ACCESS_HADOOP_FILE_SYSTEMS,
        "3.0",
    ),
    d(
        spark_keys::LISTENER_BUS_EVENT_QUEUE_SIZE,
        spark_keys::LISTENER_BUS_EVENT_QUEUE_CAPACITY,
        "2.3",
    ),
    d(
        spark_keys::FILES_USER_CLASS_PATH_FIRST,
        spark_keys::EXECUTOR_USER_CLASS_PATH_FIRST,
        "1.3",
    ),
];

/// The deprecated key `key`, if it is one.
pub fn deprecated(key: &str) -> Option<&'static Deprecated> {
    DEPRECATED_KEYS.iter().find(|d| d.key == key)
}

/// The known key nearest to `key` by edit distance (letter case ignored), when it is close
/// enough to be a slip: at most 2 edits, or 3 for keys of 24 characters and more.
pub fn nearest_known(key: &str) -> Option<&'static str> {
    let lower = key.to_ascii_lowercase();
    let limit = if key.len() >= 24 { 3 } else { 2 };
    KNOWN_KEYS
        .iter()
        .map(|k| k.key)
        .chain(DEPRECATED_KEYS.iter().map(|d| d.replacement))
        .filter(|candidate| *candidate != key)
        .map(|candidate| {
            let distance = edit_distance(&lower, &candidate.to_ascii_lowercase(), limit + 1);
            (distance, candidate)
        })
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance over characters, stopping early at `cap` (the result is then `cap`):
/// pasted keys can be long, and only small distances matter.
pub fn edit_distance(a: &str, b: &str, cap: usize) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) >= cap {
        return cap;
    }
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        if current.iter().min().is_some_and(|m| *m >= cap) {
            return cap;
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()].min(cap)
}

/// Whether a key names a secret: passwords, secrets, tokens, credentials, access or secret
/// keys, private keys, JAAS configurations (checked on the key in lower case, in any part of
/// it). A key that names a file, a path, a provider class or a name (`*.keytab`,
/// `*.oauthTokenFile`, `*.credentials.provider`, a service account's name) holds no secret
/// itself: shown as typed (the value is still hidden when it looks secret), and so are keys
/// about authentication that hold no credential (`spark.authenticate`,
/// `hadoop.security.authentication`).
pub fn is_secret_key(key: &str) -> bool {
    let lower = key.to_ascii_lowercase();
    const NOT_SECRET_ENDINGS: &[&str] = &[
        "serviceaccountname",
        "file",
        "path",
        "dir",
        "provider",
        "providers",
        "class",
        "keytab",
        "principal",
        "name",
        "enabled",
        "type",
    ];
    if NOT_SECRET_ENDINGS.iter().any(|e| lower.ends_with(e)) {
        return false;
    }
    const WORDS: &[&str] = &[
        "password",
        "passwd",
        "secret",
        "token",
        "credential",
        "accesskey",
        "access.key",
        "secretkey",
        "apikey",
        "api.key",
        "private",
        "jaas",
        "signature",
        "account.key",
    ];
    WORDS.iter().any(|w| lower.contains(w)) || lower.ends_with(".key")
}

/// A setting's value as a report shows it: `(hidden)` when its key or value looks secret (a
/// report may be shared), else the value.
pub fn shown_value(key: &str, value: String) -> String {
    if is_secret_key(key) || (!names_no_secret(key) && is_secret_value(&value)) {
        "(hidden)".to_string()
    } else {
        value
    }
}

/// Keys whose values are names, never secrets however random they look (a pod-name prefix
/// such as `etl-5a6b0c3f8e1d4b7a9c2e`, an application's id or name, a class, an image).
pub fn names_no_secret(key: &str) -> bool {
    const ENDINGS: &[&str] = &[
        "podnameprefix",
        "pod.name",
        "app.name",
        "app.id",
        "namespace",
        "container.image",
        ".class",
        "queue",
        "serviceaccountname",
    ];
    let lower = key.to_ascii_lowercase();
    ENDINGS.iter().any(|e| lower.ends_with(e))
}

/// Whether a value looks like a token or key: a run of 16 characters or more of letters,
/// digits, `+`, `=` (and `/`, unless the value is a path) holding both letters and digits
/// (`AKIA…`, JWTs, hex digests), a value with a `user:password@` part, or one that sets a
/// password (`password=…`). Class names (`com.example.Job2Main`), paths and UUIDs are no
/// secrets: their runs are short or they are named.
pub fn is_secret_value(value: &str) -> bool {
    let v = value.trim();
    let lower = v.to_ascii_lowercase();
    if lower.contains("password=") || lower.contains("password:") {
        return true;
    }
    let has_password = v.contains("://")
        && v.split("://").nth(1).is_some_and(|r| {
            r.split('/')
                .next()
                .is_some_and(|host| host.contains('@') && host.contains(':'))
        });
    if has_password {
        return true;
    }
    if looks_like_class_names(v) {
        return false;
    }
    let path = v.starts_with(['/', '.', '~']) || v.contains("://");
    let in_run = |c: char| c.is_ascii_alphanumeric() || c == '+' || c == '=' || (c == '/' && !path);
    v.split(|c: char| !in_run(c)).any(|run| {
        run.len() >= 16
            && run.chars().any(|c| c.is_ascii_alphabetic())
            && run.chars().any(|c| c.is_ascii_digit())
    })
}

/// `com.example.etl.Job2Main` (or a comma-separated list of such): dotted lower-case package
/// names and a class name.
fn looks_like_class_names(v: &str) -> bool {
    let class = |name: &str| {
        let parts: Vec<&str> = name.trim().split('.').collect();
        let Some((last, packages)) = parts.split_last() else {
            return false;
        };
        !packages.is_empty()
            && packages.iter().all(|p| {
                p.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                    && p.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            })
            && last.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && last
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
    };
    !v.is_empty() && v.split(',').all(class)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("kitten", "sitting", 10), 3);
        assert_eq!(edit_distance("", "abc", 10), 3);
        assert_eq!(edit_distance("abcdef", "abcdef", 10), 0);
        assert_eq!(edit_distance("a", "abcdefgh", 3), 3);
    }

    #[test]
    fn suggests_the_nearest_known_key() {
        assert_eq!(
            nearest_known("spark.executor.memroy"),
            Some("spark.executor.memory")
        );
        assert_eq!(
            nearest_known("spark.executor.Memory"),
            Some("spark.executor.memory")
        );
        assert_eq!(
            nearest_known("spark.executors.instances"),
            Some("spark.executor.instances")
        );
        assert_eq!(nearest_known("spark.hadoop.fs.s3a.endpoint"), None);
    }

    #[test]
    fn every_link_code_is_unique_and_short() {
        let codes: Vec<&str> = KNOWN_KEYS
            .iter()
            .map(|k| k.link_code)
            .filter(|c| !c.is_empty())
            .collect();
        for (i, c) in codes.iter().enumerate() {
            assert_eq!(c.len(), 2, "{c}");
            assert!(c.bytes().all(|b| b.is_ascii_lowercase()), "{c}");
            assert!(!codes[..i].contains(c), "{c} twice");
        }
    }

    #[test]
    fn secrets_are_recognised() {
        for key in [
            "spark.ssl.keyStorePassword",
            "spark.authenticate.secret",
            "spark.hadoop.fs.s3a.secret.key",
            "spark.hadoop.fs.s3a.access.key",
            "spark.kubernetes.authenticate.submission.oauthToken",
        ] {
            assert!(is_secret_key(key), "{key}");
        }
        assert!(!is_secret_key("spark.executor.memory"));
        assert!(!is_secret_key(
            "spark.kubernetes.authenticate.driver.serviceAccountName"
        ));
        assert!(!is_secret_key(
            "spark.kubernetes.authenticate.executor.serviceAccountName"
        ));
        assert!(is_secret_value("AKIAIOSFODNN7EXAMPLE"));
        assert!(is_secret_value(
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc123"
        ));
        assert!(is_secret_value("jdbc://user:hunter2@db:5432/x"));
        assert!(!is_secret_value("19g"));
        assert!(!is_secret_value("0.1875"));
        assert!(!is_secret_value(
            "org.apache.spark.serializer.KryoSerializer"
        ));
    }
}
