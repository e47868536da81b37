use boardlab_core::START_FEN;
use boardlab_harness::diff::oracle::DivideOracle;
use boardlab_harness::internals::*;
use boardlab_harness::BoardOracle;
use boardlab_harness::{Error, Position};
use boardlab_magic::MagicBoard;
use std::time::Instant;

#[test]
fn a_question_asked_twice_reaches_the_oracle_once() {
    let mut oracle = BoardOracle::<MagicBoard>::new();
    let root = Position::from_fen(START_FEN, false).unwrap();
    let mut answers = Answers::new();
    let mut asked = Asked::new(&mut oracle, &root, &mut answers, None);
    let first = asked.divide(&root, &[], 2).unwrap();
    let again = asked.divide(&root, &[], 2).unwrap();
    assert_eq!(first.len(), 20);
    assert_eq!(first, again);
    asked.divide(&root, &["e2e4".parse().unwrap()], 1).unwrap();
    // Another root is answered, and not filed under this one.
    let mut other = root.clone();
    other.play("d2d4").unwrap();
    let elsewhere = asked.divide(&other, &[], 2).unwrap();
    assert_eq!(elsewhere.iter().map(|(_, n)| n).sum::<u64>(), 560);
    assert_eq!(asked.asked, 3);
    assert_eq!(answers.len(), 2);
}

#[test]
fn a_passed_deadline_stops_new_questions_only() {
    let mut oracle = BoardOracle::<MagicBoard>::new();
    let root = Position::from_fen(START_FEN, false).unwrap();
    let mut answers = Answers::new();
    Asked::new(&mut oracle, &root, &mut answers, None)
        .divide(&root, &[], 1)
        .unwrap();
    let mut late = Asked::new(&mut oracle, &root, &mut answers, Some(Instant::now()));
    assert!(late.divide(&root, &[], 1).is_ok());
    assert!(matches!(late.divide(&root, &[], 2), Err(Error::Stopped)));
}
