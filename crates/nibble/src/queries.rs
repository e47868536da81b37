//! The engine queries: the generic answers of boardlab-engine.

use crate::NibbleBoard;
use boardlab_engine::EngineQueries;

impl EngineQueries for NibbleBoard {}
