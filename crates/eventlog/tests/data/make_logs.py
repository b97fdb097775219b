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


@workload("skewed", "local-cluster[2,2,1024]", {})
def skewed_job(spark):
    import time

    # Nine records in ten have key 0: after the shuffle one of the four reduce tasks holds
    # them all, reads most of the shuffle data and works about 12 s; the others well under 1 s.
    pairs = spark.sparkContext.parallelize(range(200000), 4).map(
        lambda i: (0 if i % 10 < 9 else i % 97, i)
    )
    pairs.groupByKey(4).mapValues(lambda v: (time.sleep(len(v) / 15000.0), len(v))[1]).count()


@workload(
    "spilling",
    "local-cluster[1,1,1024]",
    {"spark.memory.fraction": "0.1", "spark.sql.adaptive.enabled": "false",
     "spark.sql.shuffle.partitions": "2"},
)
def spilling_job(spark):
    from pyspark.sql import functions as F

    # A global sort of 3 million rows in an execution pool of about 20 MiB spills to disk.
    df = spark.range(0, 3000000, numPartitions=2).withColumn("r", F.rand(7))
    df.sort("r").write.format("noop").mode("overwrite").save()


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


workload("rolling", "local-cluster[2,1,1024]", {"spark.eventLog.compress": "false"})(small_job)


def roll(log_path, out_dir):
    """Writes the rolling layout of one log: `eventlog_v2_<app id>/events_<N>_<app id>.zstd`
    and the `appstatus_<app id>` marker, as Spark's `RollingEventLogFilesWriter` names them.
    Spark refuses parts smaller than 10 MiB (`spark.eventLog.rolling.maxFileSize`), so the log
    Spark wrote is cut into three parts at line boundaries, as Spark rolls (a part never splits
    a line; later parts start with the next event), each compressed with zstd."""
    import json

    import zstandard

    lines = open(log_path, "rb").read().splitlines(keepends=True)
    app = next(json.loads(l)["App ID"] for l in lines if b"ApplicationStart" in l)
    folder = os.path.join(out_dir, "eventlog_v2_" + app)
    os.makedirs(folder, exist_ok=True)
    cuts = [0, len(lines) // 3, 2 * len(lines) // 3, len(lines)]
    for n in range(3):
        part = b"".join(lines[cuts[n] : cuts[n + 1]])
        name = "events_%d_%s.zstd" % (n + 1, app)
        with open(os.path.join(folder, name), "wb") as f:
            f.write(zstandard.ZstdCompressor(level=3).compress(part))
    open(os.path.join(folder, "appstatus_" + app), "wb").close()
    print(folder)


def derived(out_dir):
    """Files people make of logs, from the logs above: a ZIP of one (deflate, as `zip` writes),
    and a log still being written (`.inprogress`: its zstd frame unfinished, its last line
    cut), as Spark leaves it while the application runs."""
    import zipfile

    import zstandard

    with zipfile.ZipFile(os.path.join(out_dir, "codec-none.zip"), "w", zipfile.ZIP_DEFLATED) as z:
        z.write(os.path.join(out_dir, "codec-none"), "codec-none")
    text = zstandard.ZstdDecompressor().stream_reader(open(os.path.join(out_dir, "codec-zstd.zstd"), "rb")).read()
    lines = text.splitlines(keepends=True)
    kept = len(lines) * 2 // 3
    cut = b"".join(lines[:kept]) + lines[kept][: len(lines[kept]) // 2]
    c = zstandard.ZstdCompressor(level=3).compressobj()
    data = c.compress(cut) + c.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
    open(os.path.join(out_dir, "running.zstd.inprogress"), "wb").write(data)


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
    if name == "rolling":
        roll(written, out_dir)
        shutil.rmtree(log_dir)
        return
    target = os.path.join(out_dir, name + suffix)
    shutil.copyfile(written, target)
    shutil.rmtree(log_dir)
    print(target)


def main():
    # Executors and the driver on the loopback address: the logs name no machine.
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    out_dir = sys.argv[1]
    if sys.argv[2:] == ["derived"]:
        derived(out_dir)
        return
    names = sys.argv[2:] or list(WORKLOADS) + ["derived"]
    if len(names) == 1:
        run(names[0], out_dir)
        return
    # One JVM per application: a child process for each.
    for name in names:
        subprocess.run([sys.executable, __file__, out_dir, name], check=True)


if __name__ == "__main__":
    main()
