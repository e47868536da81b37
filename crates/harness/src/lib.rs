//! boardlab-harness.
