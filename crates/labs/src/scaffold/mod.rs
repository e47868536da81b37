//! What the labs' exercises are written against and their tests read: the boards that count
//! the cells and squares read, the trees the perft and search exercises walk, the layouts and
//! helpers each chapter gives. None of it is an exercise, and none of it is in a file a student
//! writes: the grading command puts this folder back as the course wrote it, so a change to
//! it in a student's copy (a method added to a trait, a counter that counts nothing) cannot
//! reach the marks.

pub mod board_search;
pub mod capstone;
pub mod hyperbola;
pub mod legality;
pub mod magic;
pub mod mailbox;
pub mod move_encoding;
pub mod perft;
pub mod picker;
pub mod rotated;
pub mod search;
pub mod x88;
pub mod zobrist;
