"""Writes the what-if scaling logs: one workload run by a real local Spark on 1, 2, 3 and 4
executors of 1 core (`local-cluster[N,1,1024]`), so that the curve estimated from one run can
be checked against the real durations of the others.

The tasks sleep instead of computing (in the executors' JVMs, no Python worker), so the
machine's two cores do not limit how many run at once: what changes between the runs is the
executors alone. The workload has what the model
must follow: a shuffle (a stage waits for its parent), task times that vary and a skewed task,
two jobs submitted at once from two driver threads, and the driver's own time between jobs.
The driver waits for every executor before the first job (standalone mode does not).

Run with a Python that has pyspark (3.5) installed and Java 17 on the PATH:

    python3 make_logs.py OUT_DIR [COUNTS ...]

Each log is written by Spark itself, uncompressed; then the paths of the machine that ran it
(the Python environment, this folder, the temporary folders) are replaced by neutral ones in
its text, and it is compressed with the `zstd` command (a standard zstd frame, as Spark's own
zstd codec writes). Nothing else in it is changed.
"""

import glob
import os
import re
import subprocess
import shutil
import sys
import tempfile
import threading
import time


def sleeping(df, ms_expr):
    """Each row sleeps `ms_expr` milliseconds inside the executor's JVM (Spark SQL's `reflect`
    calls the static `Thread.sleep`): no Python worker, next to no CPU."""
    return df.selectExpr("*", f"reflect('java.lang.Thread', 'sleep', cast({ms_expr} as bigint)) as slept")


def workload(spark):
    from pyspark.sql import functions as F

    def run(df):
        # Every row's sleep is kept: the result reads the column.
        return df.agg(F.max("slept")).collect()

    # Job 0: 24 map tasks of 300 to 900 ms, a shuffle into 6 reduce tasks of 200 to 600 ms.
    maps = sleeping(spark.range(0, 24, 1, 24), "300 + pmod(id * 7919, 601)")
    groups = maps.groupBy((F.col("id") % 6).alias("g")).agg(F.max("slept").alias("n"))
    # The reduce side reads `n`, so the map side's sleeps are not pruned away.
    run(sleeping(groups, "200 + pmod(g * 104729, 401) + if(isnull(n), 1, 0)"))
    time.sleep(1.0)  # the driver's own work between jobs

    # Jobs 1 and 2 at once from two threads: 10 tasks of 400 to 1200 ms, 8 of 250 to 750 ms.
    def together(n, low, spread):
        run(sleeping(spark.range(0, n, 1, n), f"{low} + pmod(id * 7919, {spread + 1})"))

    threads = [
        threading.Thread(target=together, args=(10, 400, 800)),
        threading.Thread(target=together, args=(8, 250, 500)),
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    time.sleep(0.5)

    # Job 3: 12 tasks of 150 to 450 ms, one of them 2 s longer (skew), a shuffle of 4 groups.
    maps = sleeping(
        spark.range(0, 12, 1, 12),
        "150 + pmod(id * 7919, 301) + if(id = 7, 2000, 0)",
    )
    groups = maps.groupBy((F.col("id") % 4).alias("g")).agg(F.max("slept").alias("n"))
    run(sleeping(groups, "150 + pmod(g * 104729, 301) + if(isnull(n), 1, 0)"))


def run_one(out_dir, executors):
    from pyspark.sql import SparkSession

    events = tempfile.mkdtemp()
    spark = (
        SparkSession.builder.master(f"local-cluster[{executors},1,1024]")
        .appName(f"whatif-scaling-{executors}")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.executor.memory", "512m")
        .config("spark.driver.memory", "512m")
        .config("spark.sql.shuffle.partitions", "6")
        # Partitions as written: adaptive execution would coalesce these tiny shuffles.
        .config("spark.sql.adaptive.enabled", "false")
        .config("spark.eventLog.enabled", "true")
        .config("spark.eventLog.dir", events)
        .config("spark.eventLog.compress", "false")
        .getOrCreate()
    )
    sc = spark.sparkContext
    deadline = time.time() + 120
    # The driver's block manager counts as one.
    while sc._jsc.sc().getExecutorMemoryStatus().size() < executors + 1:
        if time.time() > deadline:
            raise SystemExit("executors did not register")
        time.sleep(0.2)
    workload(spark)
    spark.stop()
    (log,) = glob.glob(os.path.join(events, "*"))
    name = f"scaling-{executors}x1.zstd"
    with open(log, encoding="utf-8") as f:
        text = scrub(f.read(), events)
    with open(os.path.join(out_dir, name), "wb") as f:
        f.write(subprocess.run(["zstd", "-19", "-q", "-c"], input=text.encode(), capture_output=True, check=True).stdout)
    shutil.rmtree(events, ignore_errors=True)
    print(name)


def scrub(text, events_dir):
    """The machine's paths in a log's text replaced by neutral ones."""
    here = os.path.dirname(os.path.abspath(__file__))
    for path, neutral in [
        (here + "/", ""),
        (sys.prefix, "/opt/pyspark"),
        (events_dir, "/tmp/spark-events"),
        (os.getcwd(), "/tmp/work"),
    ]:
        text = text.replace(path, neutral)
    return re.sub(r"/tmp/tmp[a-z0-9_]+", "/tmp/spark-events", text)


def main():
    out_dir = sys.argv[1]
    counts = [int(c) for c in sys.argv[2:]] or [1, 2, 3, 4]
    os.makedirs(out_dir, exist_ok=True)
    for n in counts:
        run_one(out_dir, n)


if __name__ == "__main__":
    main()
