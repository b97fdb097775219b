//! Amazon EMR: instance types, EMR's Spark defaults, heterogeneous executors (work in progress).
