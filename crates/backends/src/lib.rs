//! boardlab-backends: every board representation of the workspace by name, the move generator
//! each one runs, and the one place where a name becomes a concrete board type.
//!
//! Everything that runs on a board is written once, generic over
//! [`Board`](boardlab_core::Board), and [`with_backend!`] monomorphizes it per backend, so no
//! `dyn Board` sits in a hot loop. The command line, the integration tests, the benches and the
//! fuzz targets all name boards through this crate, which depends on the rules, engine, views
//! and reference crates and the backend crates only (clap behind the `clap` feature, for the
//! command line's `ValueEnum`).
//!
//! - [`registry`]: [`Backend`], [`BackendChoice`], [`with_backend!`], the default backend and
//!   the refusal of a backend this processor cannot run ([`Unavailable`]).
//! - [`generators`]: the backends grouped by the move generator they share, and
//!   [`Agreement`], which counts a comparison of backends per independent generator.
//! - [`holds`]: [`every_backend_holds`], the check the fuzz targets and the robustness tests
//!   ask of every position they make.

// The registry comes first: it defines `with_backend!`, which the modules below use by its
// place in the text (a macro defined by a macro cannot be imported by path in its own crate).
#[macro_use]
pub mod registry;
pub mod generators;
pub mod holds;

pub use generators::{Agreement, Generator};
pub use holds::every_backend_holds;
pub use registry::{boards, Backend, BackendChoice, Runnable, Unavailable};
