//! Spark's configuration keys, one constant each: the keys the container math reads, then the
//! other keys the planner writes (exports), reads (the configuration check) or names. Every
//! module that names a key as a value takes it from here (re-exported as `spark::keys`); a
//! leaf module, so the catalog can use it too.

/// Executor heap.
pub const EXECUTOR_MEMORY: &str = "spark.executor.memory";
/// Executor cores (task slots).
pub const EXECUTOR_CORES: &str = "spark.executor.cores";
/// Executor count.
pub const EXECUTOR_INSTANCES: &str = "spark.executor.instances";
/// Explicit executor overhead; replaces the formula.
pub const EXECUTOR_OVERHEAD: &str = "spark.executor.memoryOverhead";
/// The pre-2.3 name of [`EXECUTOR_OVERHEAD`], still honoured.
pub const YARN_EXECUTOR_OVERHEAD: &str = "spark.yarn.executor.memoryOverhead";
/// Executor overhead factor.
pub const EXECUTOR_OVERHEAD_FACTOR: &str = "spark.executor.memoryOverheadFactor";
/// An old key Apache Spark 3.5/4.0 ignore (Amazon EMR's build reads it).
pub const YARN_EXECUTOR_OVERHEAD_FACTOR: &str = "spark.yarn.executor.memoryOverheadFactor";
/// Minimum executor overhead (Spark 4.0).
pub const EXECUTOR_MIN_OVERHEAD: &str = "spark.executor.minMemoryOverhead";
/// Off-heap switch.
pub const OFFHEAP_ENABLED: &str = "spark.memory.offHeap.enabled";
/// Off-heap size (bytes when no suffix).
pub const OFFHEAP_SIZE: &str = "spark.memory.offHeap.size";
/// Python worker memory (Python apps only).
pub const PYSPARK_MEMORY: &str = "spark.executor.pyspark.memory";
/// Driver heap.
pub const DRIVER_MEMORY: &str = "spark.driver.memory";
/// Driver cores.
pub const DRIVER_CORES: &str = "spark.driver.cores";
/// Explicit driver overhead.
pub const DRIVER_OVERHEAD: &str = "spark.driver.memoryOverhead";
/// The old name of [`DRIVER_OVERHEAD`].
pub const YARN_DRIVER_OVERHEAD: &str = "spark.yarn.driver.memoryOverhead";
/// Driver overhead factor.
pub const DRIVER_OVERHEAD_FACTOR: &str = "spark.driver.memoryOverheadFactor";
/// Minimum driver overhead (Spark 4.0).
pub const DRIVER_MIN_OVERHEAD: &str = "spark.driver.minMemoryOverhead";
/// Client-mode YARN AM heap.
pub const AM_MEMORY: &str = "spark.yarn.am.memory";
/// Client-mode YARN AM cores.
pub const AM_CORES: &str = "spark.yarn.am.cores";
/// Client-mode YARN AM explicit overhead.
pub const AM_OVERHEAD: &str = "spark.yarn.am.memoryOverhead";
/// Unified memory fraction.
pub const MEMORY_FRACTION: &str = "spark.memory.fraction";
/// Storage share of unified memory immune to eviction.
pub const STORAGE_FRACTION: &str = "spark.memory.storageFraction";
/// Cores per task.
pub const TASK_CPUS: &str = "spark.task.cpus";
/// GPUs per executor (`ResourceUtils`: `spark.executor.resource.{name}.amount`).
pub const EXECUTOR_GPU_AMOUNT: &str = "spark.executor.resource.gpu.amount";
/// GPUs per task (fractions up to 0.5 share a GPU).
pub const TASK_GPU_AMOUNT: &str = "spark.task.resource.gpu.amount";
/// The script an executor runs to find its GPUs' addresses.
pub const EXECUTOR_GPU_DISCOVERY_SCRIPT: &str = "spark.executor.resource.gpu.discoveryScript";
/// The vendor of the executors' GPUs (Kubernetes: the extended resource's domain).
pub const EXECUTOR_GPU_VENDOR: &str = "spark.executor.resource.gpu.vendor";
/// Kubernetes overhead factor (deprecated, still read when the executor key is unset).
pub const K8S_OVERHEAD_FACTOR: &str = "spark.kubernetes.memoryOverheadFactor";
/// Kubernetes executor CPU request.
pub const K8S_EXECUTOR_REQUEST_CORES: &str = "spark.kubernetes.executor.request.cores";
/// Kubernetes executor CPU limit.
pub const K8S_EXECUTOR_LIMIT_CORES: &str = "spark.kubernetes.executor.limit.cores";
/// Kubernetes driver CPU request.
pub const K8S_DRIVER_REQUEST_CORES: &str = "spark.kubernetes.driver.request.cores";
/// Kubernetes driver CPU limit.
pub const K8S_DRIVER_LIMIT_CORES: &str = "spark.kubernetes.driver.limit.cores";

// The keys the planner writes or checks besides the container math.

/// The cluster manager to connect to (`yarn`, `k8s://…`, `local[*]`); `--master` sets it.
pub const MASTER: &str = "spark.master";

/// Where the driver runs: `client` (the submitting machine) or `cluster` (the YARN AM or a driver
/// pod); `--deploy-mode` sets it.
pub const DEPLOY_MODE: &str = "spark.submit.deployMode";

/// The application's name in the UIs and logs; `--name` sets it.
pub const APP_NAME: &str = "spark.app.name";

/// The YARN queue the application is submitted to; `--queue` sets it.
pub const YARN_QUEUE: &str = "spark.yarn.queue";

/// Most cores an application takes across a standalone or Mesos cluster (`--total-executor-cores`);
/// YARN and Kubernetes ignore it.
pub const CORES_MAX: &str = "spark.cores.max";

/// Amazon EMR's cap on the cores of an executor that merges container requests
/// (`spark.yarn.heterogeneousExecutors.enabled`); Apache Spark has no such key.
pub const EMR_EXECUTOR_MAX_CORES: &str = "spark.executor.maxCores";

/// Amazon EMR's cap on the memory of an executor that merges container requests; Apache Spark has
/// no such key.
pub const EMR_EXECUTOR_MAX_MEMORY: &str = "spark.executor.maxMemory";

/// Amazon EMR's switch (on by default) that merges the container requests fitting on a node into
/// one larger executor; Apache Spark has no such key.
pub const EMR_HETEROGENEOUS_EXECUTORS: &str = "spark.yarn.heterogeneousExecutors.enabled";

/// Partitions of RDD operations when none is given (for `parallelize`, the executors' total cores,
/// at least 2).
pub const DEFAULT_PARALLELISM: &str = "spark.default.parallelism";

/// Most serialized results of one action (`collect`) the driver accepts before it aborts the job
/// (default 1g; 0 is no limit).
pub const DRIVER_MAX_RESULT_SIZE: &str = "spark.driver.maxResultSize";

/// JVM options of the driver (not its heap: Spark refuses `-Xmx` here).
pub const DRIVER_EXTRA_JAVA_OPTIONS: &str = "spark.driver.extraJavaOptions";

/// JVM options of each executor (not its heap: Spark refuses `-Xmx` here).
pub const EXECUTOR_EXTRA_JAVA_OPTIONS: &str = "spark.executor.extraJavaOptions";

/// Entries prepended to the driver's class path.
pub const DRIVER_EXTRA_CLASS_PATH: &str = "spark.driver.extraClassPath";

/// Entries prepended to each executor's class path.
pub const EXECUTOR_EXTRA_CLASS_PATH: &str = "spark.executor.extraClassPath";

/// Whether executors load the user's jars before Spark's own.
pub const EXECUTOR_USER_CLASS_PATH_FIRST: &str = "spark.executor.userClassPathFirst";

/// The pre-1.3 name of [`EXECUTOR_USER_CLASS_PATH_FIRST`], still read.
pub const FILES_USER_CLASS_PATH_FIRST: &str = "spark.files.userClassPathFirst";

/// How often executors report to the driver (default 10s; must stay below `spark.network.timeout`).
pub const EXECUTOR_HEARTBEAT_INTERVAL: &str = "spark.executor.heartbeatInterval";

/// The default timeout of all network interactions (default 120s).
pub const NETWORK_TIMEOUT: &str = "spark.network.timeout";

/// Whether Spark adds and removes executors with the load (`ExecutorAllocationManager`) instead of
/// keeping `spark.executor.instances`.
pub const DYNAMIC_ALLOCATION_ENABLED: &str = "spark.dynamicAllocation.enabled";

/// The fewest executors dynamic allocation keeps (default 0).
pub const DYNAMIC_ALLOCATION_MIN_EXECUTORS: &str = "spark.dynamicAllocation.minExecutors";

/// Executors dynamic allocation starts with (default: the minimum; the largest of it, the minimum
/// and `spark.executor.instances` is used).
pub const DYNAMIC_ALLOCATION_INITIAL_EXECUTORS: &str = "spark.dynamicAllocation.initialExecutors";

/// The most executors dynamic allocation asks for (default unbounded).
pub const DYNAMIC_ALLOCATION_MAX_EXECUTORS: &str = "spark.dynamicAllocation.maxExecutors";

/// How long an executor without tasks lives before dynamic allocation removes it (default 60s).
pub const DYNAMIC_ALLOCATION_EXECUTOR_IDLE_TIMEOUT: &str =
    "spark.dynamicAllocation.executorIdleTimeout";

/// How long tasks wait before dynamic allocation asks for more executors (default 1s).
pub const DYNAMIC_ALLOCATION_SCHEDULER_BACKLOG_TIMEOUT: &str =
    "spark.dynamicAllocation.schedulerBacklogTimeout";

/// Keeps executors that hold shuffle data alive, so dynamic allocation works without the external
/// shuffle service.
pub const DYNAMIC_ALLOCATION_SHUFFLE_TRACKING: &str =
    "spark.dynamicAllocation.shuffleTracking.enabled";

/// Whether executors' shuffle files are served by the external shuffle service (a NodeManager
/// auxiliary service on YARN), so executors can leave without losing them.
pub const SHUFFLE_SERVICE_ENABLED: &str = "spark.shuffle.service.enabled";

/// Whether Spark decommissions executors gracefully (migrating their blocks) when they are removed.
pub const DECOMMISSION_ENABLED: &str = "spark.decommission.enabled";

/// Whether a decommissioning executor migrates its blocks at all: without it the shuffle and
/// RDD block settings do nothing (`CoarseGrainedExecutorBackend.decommissionSelf` starts the
/// migration only when this and one of them are on).
pub const STORAGE_DECOMMISSION_ENABLED: &str = "spark.storage.decommission.enabled";

/// Whether a decommissioning executor moves its shuffle blocks to other executors.
pub const STORAGE_DECOMMISSION_SHUFFLE_BLOCKS: &str =
    "spark.storage.decommission.shuffleBlocks.enabled";

/// Whether Spark writes the event log the history server reads.
pub const EVENT_LOG_ENABLED: &str = "spark.eventLog.enabled";

/// Where the event log is written.
pub const EVENT_LOG_DIR: &str = "spark.eventLog.dir";

/// Jars put on the driver's and executors' class paths; `--jars` sets it.
pub const JARS: &str = "spark.jars";

/// Maven coordinates resolved and added to the class paths; `--packages` sets it.
pub const JARS_PACKAGES: &str = "spark.jars.packages";

/// Files copied into each executor's working directory; `--files` sets it.
pub const FILES: &str = "spark.files";

/// Python files added to the Python path; `--py-files` sets it.
pub const SUBMIT_PY_FILES: &str = "spark.submit.pyFiles";

/// Memory a Python worker uses during aggregation before it spills to disk (default 512m); not part
/// of any container's size.
pub const PYTHON_WORKER_MEMORY: &str = "spark.python.worker.memory";

/// How long the scheduler waits for a data-local task slot before a less local one (default 3s).
pub const LOCALITY_WAIT: &str = "spark.locality.wait";

/// Whether slow tasks are re-launched speculatively.
pub const SPECULATION: &str = "spark.speculation";

/// The class that serializes shuffled and cached data (Java's by default; Kryo is faster).
pub const SERIALIZER: &str = "spark.serializer";

/// Kryo's largest serialization buffer (default 64m): an object larger than it fails to serialize.
pub const KRYO_BUFFER_MAX: &str = "spark.kryoserializer.buffer.max";

/// The pre-1.4 name of [`KRYO_BUFFER_MAX`], in MiB, still read.
pub const KRYO_BUFFER_MAX_MB: &str = "spark.kryoserializer.buffer.max.mb";

/// Most map output a reduce task fetches at once (default 48m).
pub const REDUCER_MAX_SIZE_IN_FLIGHT: &str = "spark.reducer.maxSizeInFlight";

/// The pre-1.4 name of [`REDUCER_MAX_SIZE_IN_FLIGHT`], in MiB, still read.
pub const REDUCER_MAX_MB_IN_FLIGHT: &str = "spark.reducer.maxMbInFlight";

/// The largest message between driver and executors, in MiB (default 128).
pub const RPC_MESSAGE_MAX_SIZE: &str = "spark.rpc.message.maxSize";

/// The pre-1.6 name of [`RPC_MESSAGE_MAX_SIZE`], still read.
pub const AKKA_FRAME_SIZE: &str = "spark.akka.frameSize";

/// The pre-1.6 name of [`OFFHEAP_ENABLED`], still read.
pub const UNSAFE_OFF_HEAP: &str = "spark.unsafe.offHeap";

/// Events a listener-bus queue holds before it drops them (default 10000).
pub const LISTENER_BUS_EVENT_QUEUE_CAPACITY: &str =
    "spark.scheduler.listenerbus.eventqueue.capacity";

/// The pre-2.3 name of [`LISTENER_BUS_EVENT_QUEUE_CAPACITY`], still read.
pub const LISTENER_BUS_EVENT_QUEUE_SIZE: &str = "spark.scheduler.listenerbus.eventqueue.size";

/// Partitions of every SQL shuffle (joins, aggregations; default 200), before AQE coalesces them.
pub const SQL_SHUFFLE_PARTITIONS: &str = "spark.sql.shuffle.partitions";

/// Adaptive query execution: re-plans at shuffle boundaries from runtime statistics (on by default
/// since 3.2).
pub const SQL_ADAPTIVE_ENABLED: &str = "spark.sql.adaptive.enabled";

/// Whether AQE merges small shuffle partitions towards the advisory size.
pub const SQL_ADAPTIVE_COALESCE_PARTITIONS: &str = "spark.sql.adaptive.coalescePartitions.enabled";

/// When on (the default), AQE ignores the advisory size and coalesces only down to a minimum
/// partition size (1 MiB), keeping parallelism; off makes it aim at the advisory size.
pub const SQL_ADAPTIVE_COALESCE_PARALLELISM_FIRST: &str =
    "spark.sql.adaptive.coalescePartitions.parallelismFirst";

/// The partition size AQE aims at when it coalesces or splits shuffle partitions (default 64 MiB).
pub const SQL_ADAPTIVE_ADVISORY_PARTITION_SIZE: &str =
    "spark.sql.adaptive.advisoryPartitionSizeInBytes";

/// Whether AQE splits skewed partitions of a sort-merge join.
pub const SQL_ADAPTIVE_SKEW_JOIN: &str = "spark.sql.adaptive.skewJoin.enabled";

/// The largest table a join broadcasts to every executor instead of shuffling (default 10 MiB; -1
/// turns it off).
pub const SQL_AUTO_BROADCAST_JOIN_THRESHOLD: &str = "spark.sql.autoBroadcastJoinThreshold";

/// The most bytes of files one read partition (one task) takes (default 128 MiB).
pub const SQL_FILES_MAX_PARTITION_BYTES: &str = "spark.sql.files.maxPartitionBytes";

/// Spark's jars on YARN, so they are not uploaded with every application.
pub const YARN_JARS: &str = "spark.yarn.jars";

/// The pre-2.0 name of [`YARN_JARS`], still read.
pub const YARN_JAR: &str = "spark.yarn.jar";

/// How many times YARN starts the application (its AM) before it fails (at most YARN's own limit).
pub const YARN_MAX_APP_ATTEMPTS: &str = "spark.yarn.maxAppAttempts";

/// Executor failures after which the application fails.
pub const YARN_MAX_EXECUTOR_FAILURES: &str = "spark.yarn.max.executor.failures";

/// The pre-1.5 name of [`YARN_MAX_EXECUTOR_FAILURES`], still read.
pub const YARN_MAX_WORKER_FAILURES: &str = "spark.yarn.max.worker.failures";

/// The keytab Spark logs in with to renew delegation tokens; `--keytab` sets it.
pub const KERBEROS_KEYTAB: &str = "spark.kerberos.keytab";

/// The Kerberos principal of the keytab; `--principal` sets it.
pub const KERBEROS_PRINCIPAL: &str = "spark.kerberos.principal";

/// The pre-3.0 name of [`KERBEROS_KEYTAB`], still read.
pub const YARN_KEYTAB: &str = "spark.yarn.keytab";

/// The pre-3.0 name of [`KERBEROS_PRINCIPAL`], still read.
pub const YARN_PRINCIPAL: &str = "spark.yarn.principal";

/// Secure Hadoop file systems besides the default one that Spark gets delegation tokens for.
pub const KERBEROS_ACCESS_HADOOP_FILE_SYSTEMS: &str = "spark.kerberos.access.hadoopFileSystems";

/// The pre-3.0 name of [`KERBEROS_ACCESS_HADOOP_FILE_SYSTEMS`], still read.
pub const YARN_ACCESS_HADOOP_FILE_SYSTEMS: &str = "spark.yarn.access.hadoopFileSystems";

/// The pre-2.2 name of [`KERBEROS_ACCESS_HADOOP_FILE_SYSTEMS`], still read.
pub const YARN_ACCESS_NAMENODES: &str = "spark.yarn.access.namenodes";

/// The container image of the driver and executor pods.
pub const K8S_CONTAINER_IMAGE: &str = "spark.kubernetes.container.image";

/// The namespace the driver and executor pods run in (default `default`).
pub const K8S_NAMESPACE: &str = "spark.kubernetes.namespace";

/// The service account the driver pod uses to create executor pods.
pub const K8S_DRIVER_SERVICE_ACCOUNT: &str =
    "spark.kubernetes.authenticate.driver.serviceAccountName";
