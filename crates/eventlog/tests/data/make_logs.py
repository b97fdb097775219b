"""Writes the small event logs under crates/eventlog/tests/data/ with a real local Spark.

Run with a Python that has pyspark (3.5) installed and Java 17 on the PATH:

    python3 make_logs.py OUT_DIR [NAME ...]

Each workload runs in its own Spark application (a fresh JVM) so that each log holds one
application. The logs are written by Spark itself (`spark.eventLog.enabled=true`), with the
codec named; nothing here writes an event. See README.md beside this file for what each holds.
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile

WORKLOADS = {}


def workload(name, master, conf):
    def register(body):
        WORKLOADS[name] = (master, conf, body)
        return body

    return register


BASE = {
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.sql.shuffle.partitions": "4",
    "spark.default.parallelism": "4",
    # Per-stage executor peaks and process-tree RSS, as the analysis asks runs to log them.
    "spark.eventLog.logStageExecutorMetrics": "true",
    "spark.executor.processTreeMetrics.enabled": "true",
    "spark.executor.heartbeatInterval": "1s",
    "spark.executor.metrics.pollingInterval": "200ms",
    "spark.driver.memory": "512m",
    "spark.executor.memory": "512m",
    # zstd, Spark's default codec once compression is on, keeps the workload logs small (the
    # codec logs below set their own).
    "spark.eventLog.compress": "true",
    "spark.eventLog.compression.codec": "zstd",
}


def small_job(spark):
    from pyspark.sql import functions as F

    df = spark.range(0, 20000, numPartitions=4).withColumn("k", F.col("id") % 10)
    df.groupBy("k").agg(F.sum("id").alias("s")).collect()


for codec in ["none", "zstd", "lz4", "snappy", "lzf"]:
    conf = {"spark.eventLog.compress": "false" if codec == "none" else "true"}
    if codec != "none":
        conf["spark.eventLog.compression.codec"] = codec
    workload("codec-" + codec, "local-cluster[2,1,1024]", conf)(small_job)


@workload("skewed", "local-cluster[2,2,1024]", {"spark.sql.adaptive.enabled": "false"})
def skewed_job(spark):
    from pyspark.sql import functions as F

    # Nine keys in ten rows are key 0: one of the four reduce tasks does most of the work.
    df = spark.range(0, 400000, numPartitions=4).withColumn(
        "k", F.when(F.col("id") % 10 < 9, F.lit(0)).otherwise(F.col("id") % 97)
    )
    df.repartition(4, "k").groupBy("k").agg(F.collect_list("id").alias("ids")).select(
        "k", F.size("ids")
    ).collect()


@workload(
    "spilling",
    "local-cluster[1,1,1024]",
    {"spark.memory.fraction": "0.1", "spark.sql.adaptive.enabled": "false",
     "spark.sql.shuffle.partitions": "2"},
)
def spilling_job(spark):
    from pyspark.sql import functions as F

    df = spark.range(0, 1500000, numPartitions=2).withColumn("r", F.rand(7))
    df.sort("r").groupBy((F.col("id") % 2).alias("p")).agg(F.count("*")).collect()


@workload(
    "executor-oom",
    "local-cluster[1,1,1024]",
    {"spark.task.maxFailures": "1", "spark.sql.adaptive.enabled": "false",
     "spark.sql.shuffle.partitions": "1"},
)
def oom_job(spark):
    from pyspark.sql import functions as F

    # One group collects every row into one array: the executor's 512 MiB heap runs out
    # (java.lang.OutOfMemoryError), the executor dies and the job fails.
    df = spark.range(0, 60000000, numPartitions=2).withColumn("g", F.lit(1))
    try:
        df.groupBy("g").agg(F.collect_list("id").alias("all")).select(F.size("all")).collect()
    except Exception as e:  # the job fails: the log records why
        print("job failed as intended:", type(e).__name__, file=sys.stderr)


@workload(
    "dynamic-allocation",
    "local-cluster[3,1,1024]",
    {
        "spark.dynamicAllocation.enabled": "true",
        "spark.dynamicAllocation.shuffleTracking.enabled": "true",
        "spark.dynamicAllocation.minExecutors": "0",
        "spark.dynamicAllocation.maxExecutors": "3",
        "spark.dynamicAllocation.executorIdleTimeout": "2s",
        "spark.dynamicAllocation.shuffleTracking.timeout": "2s",
        "spark.dynamicAllocation.schedulerBacklogTimeout": "1s",
        "spark.dynamicAllocation.sustainedSchedulerBacklogTimeout": "1s",
    },
)
def dynamic_job(spark):
    import time

    sc = spark.sparkContext
    sc.parallelize(range(12), 12).map(lambda x: time.sleep(0.5) or x).count()
    time.sleep(8)  # the executors idle out and are removed
    sc.parallelize(range(6), 6).map(lambda x: time.sleep(0.5) or x).count()


def run(name, out_dir):
    from pyspark.sql import SparkSession

    master, extra, body = WORKLOADS[name]
    log_dir = tempfile.mkdtemp(prefix="eventlog-")
    builder = SparkSession.builder.master(master).appName(name)
    for k, v in {**BASE, **extra, "spark.eventLog.enabled": "true",
                 "spark.eventLog.dir": "file://" + log_dir}.items():
        builder = builder.config(k, v)
    spark = builder.getOrCreate()
    try:
        body(spark)
    finally:
        spark.stop()
    (written,) = glob.glob(os.path.join(log_dir, "*"))
    suffix = os.path.splitext(written)[1] if "." in os.path.basename(written) else ""
    target = os.path.join(out_dir, name + suffix)
    shutil.copyfile(written, target)
    shutil.rmtree(log_dir)
    print(target)


def main():
    # Executors and the driver on the loopback address: the logs name no machine.
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    out_dir = sys.argv[1]
    names = sys.argv[2:] or list(WORKLOADS)
    if len(names) == 1:
        run(names[0], out_dir)
        return
    # One JVM per application: a child process for each.
    for name in names:
        subprocess.run([sys.executable, __file__, out_dir, name], check=True)


if __name__ == "__main__":
    main()
