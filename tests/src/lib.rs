//! Spark Sizer's end-to-end tests live in `tests/tests/`; this library is intentionally empty.
