//! The engine queries: the generic answers, kept until a measured override beats them.

use crate::AttackMapBoard;
use boardlab_engine::EngineQueries;

impl EngineQueries for AttackMapBoard {}
