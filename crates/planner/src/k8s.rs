//! Kubernetes: executor and driver pods, CPU quantities, pod packing (work in progress).
