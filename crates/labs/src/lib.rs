//! Exercises for the boardlab book: functions a student writes, checked by tests against
//! boardlab's own backends and reference code.
//!
//! Every exercise is a function (or, for the move picker and the capstone, a type) whose body
//! is `todo!()`. The tests in `tests/` call it on many positions, squares or occupancies and
//! compare the answers with boardlab's code, so an unsolved exercise fails its tests with the
//! `todo!()` message, which names the chapter section to read. Solve one by replacing the
//! `todo!()` in its module and run its tests by name:
//!
//! ```sh
//! cargo test -p boardlab-labs x88_knight
//! ```
//!
//! This library depends on boardlab-core and boardlab-engine (the static exchange the
//! quiescence exercise asks) alone. The backends whose code an exercise re-implements are
//! dev-dependencies, seen by the tests and not by the exercises, so an exercise cannot call the
//! backend it re-implements; and the grading command builds the answers with the course's own
//! manifests, so a dependency added in a copy is not there when the labs are graded.
//!
//! What the exercises are written against and the tests read (the trees, the counting boards
//! and cells, the layouts) is in [`scaffold`], outside the files a student writes; the grading
//! command puts the course's version of it back too. Where those two crates hold something close to an answer (a slow ray walk, a hash
//! from scratch, a perft, a staged picker, the generic engine queries), the exercise's doc says
//! so, and its signature or its test keeps the shortcut from passing: a board that counts the
//! cells read, a trait core's function does not take, inputs only a real answer handles. Each test file also holds deliberately wrong answers and shows that the
//! checks reject them.
//!
//! Where the reference a check compares an answer with would itself answer the exercise (the
//! search `board_search` specifies, with its probe, entry, order and rewards; fail-soft
//! alpha-beta and the minimax negamax is compared with; the quiescence search's rules; a walk
//! of any line for `hyperbola`; the move diagram for flags 6 and 7), the students' copy of the
//! course holds the reference's answers to the check's questions, recorded in
//! `tests/data/`, and not the reference, nor the wrong answers written from it. The
//! grading asks the reference itself, and for the search lab on positions the recorded figures
//! leave out too.
//!

// repository only:
//! The reference solutions are in `src/solutions/`, compiled only with the `solutions` feature,
//! which replaces each stub with its solution. `cargo test -p boardlab-labs --features solutions`
//! runs every lab against the solutions; `cargo test --workspace` does the same, because the
//! root package turns the feature on for its own tests. The students' copy
//! (`cargo run -p boardlab-labs --bin student-kit -- OUT`) has neither: the lines between the
//! comments `repository only` and `end of repository only` are left out of it, and so is each
//! switch's solutions side. The lines of the tests between `grading only` and `end of grading
//! only` (the references above and what is written from them) are left out of it too, and
//! `BOARDLAB_UPDATE_DOCS=1 cargo test -p boardlab-labs --test labs figures` rewrites the
//! recorded figures from the references (the `…_figures_are_the_models` tests check them).
//!
// end of repository only

//! | exercise | function | chapter |
//! |---|---|---|
//! | `piece_list_capture` | [`piece_list::SlotList::remove_on`], [`piece_list::SlotList::put_back`] | Piece lists |
//! | `mailbox_slide` | [`mailbox::slide`] | The 10x12 mailbox |
//! | `x88_knight` | [`x88::knight_targets`] | 0x88 |
//! | `x88_slider` | [`x88::slider_targets`] | 0x88 |
//! | `x88_step` | [`x88::step_of`] | 0x88 |
//! | `rotated_bit` | [`rotated::rotated_bit`] | Rotated bitboards |
//! | `rotated_state` | [`rotated::line_state`] | Rotated bitboards |
//! | `magic_index` | [`magic::magic_index`] | Magic bitboards |
//! | `magic_search` | [`magic::find_magic`] | Magic bitboards |
//! | `hyperbola` | [`hyperbola::hyperbola`] | Slider attacks compared |
//! | `move_pack` | [`move_encoding::pack`] | Move encoding |
//! | `move_unpack` | [`move_encoding::unpack`] | Move encoding |
//! | `pins` | [`legality::pinned`] | Legality |
//! | `zobrist_update` | [`zobrist::update`] | Zobrist hashing |
//! | `perft` | [`perft::perft`] | Perft, divide and diff |
//! | `negamax` | [`search::negamax`] | The search |
//! | `alpha_beta` | [`search::alpha_beta`] | The search |
//! | `quiescence` | [`search::quiescence`] | The search |
//! | `staged_picker` | [`picker::StagedPicker`] | The search |
//! | `deepening` | [`board_search::iterative_deepening`] | The search |
//! | `tt_bounds` | [`board_search::tt_probe`], [`board_search::tt_entry`] | The search |
//! | `killers_history` | [`board_search::order_moves`], [`board_search::reward`] | The search |
//! | `capstone` | [`capstone::Board16x12`] | Capstone: a 16x12 board with walls |

// The capstone records the cells a board reads; no pointer may read them behind its back.
#![forbid(unsafe_code)]
// A stub does not read its arguments until it is solved.
#![cfg_attr(not(feature = "solutions"), allow(unused_variables))]
// repository only:
// With the solutions in place of the stubs, the imports the stubs' signatures need go unused.
#![cfg_attr(feature = "solutions", allow(unused_imports))]
// end of repository only

pub mod board_search;
pub mod capstone;
pub mod hyperbola;
pub mod legality;
pub mod magic;
pub mod mailbox;
pub mod move_encoding;
pub mod perft;
pub mod picker;
pub mod piece_list;
pub mod rotated;
pub mod scaffold;
pub mod search;
#[cfg(feature = "solutions")]
mod solutions;
pub mod x88;
pub mod zobrist;
