//! Spark Sizer's planning core: plans Spark executors for a cluster, two ways.
