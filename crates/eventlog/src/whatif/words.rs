//! Words made from the what-if numbers.
