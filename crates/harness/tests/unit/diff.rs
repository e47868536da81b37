use boardlab_core::UciMove;
use boardlab_core::{Board, PerftMode, START_FEN};
use boardlab_harness::diff::*;
use boardlab_harness::Outcome;
use boardlab_harness::{Error, Position};
use boardlab_reference::ReferenceBoard;

/// An oracle that hides one move in one position, as a buggy generator would, and
/// remembers every question it was asked.
struct Hiding {
    inner: BoardOracle<ReferenceBoard>,
    at: Vec<UciMove>,
    hidden: UciMove,
    asked: Vec<(Vec<UciMove>, u32)>,
}

impl Hiding {
    fn new(at: &[&str], hidden: &str) -> Hiding {
        Hiding {
            inner: BoardOracle::new(),
            at: moves(at),
            hidden: hidden.parse().unwrap(),
            asked: Vec::new(),
        }
    }
}

impl DivideOracle for Hiding {
    fn name(&self) -> &str {
        "hiding"
    }

    fn divide(&mut self, root: &Position, path: &[UciMove], depth: u32) -> Result<Divide, Error> {
        self.asked.push((path.to_vec(), depth));
        let mut divided = self.inner.divide(root, path, depth)?;
        if path == self.at.as_slice() {
            divided.retain(|(mv, _)| *mv != self.hidden);
        } else if self.at.starts_with(path) {
            // The hidden subtree's leaves are missing from the ancestors' counts too.
            let below = self.at.len() - path.len() + 1;
            if let Some(rest) = (depth as usize).checked_sub(below) {
                let mut board: ReferenceBoard = root.board();
                for &written in self.at.iter().chain([&self.hidden]) {
                    let mv = written.resolve(&board, false).unwrap();
                    board.make(mv);
                }
                let lost = boardlab_core::perft(&mut board, rest as u32, PerftMode::Bulk);
                for (mv, nodes) in &mut divided {
                    if *mv == self.at[path.len()] {
                        *nodes -= lost;
                    }
                }
            }
        }
        Ok(divided)
    }
}

fn moves(texts: &[&str]) -> Vec<UciMove> {
    texts.iter().map(|text| text.parse().unwrap()).collect()
}

#[test]
fn finds_the_hidden_move_where_it_is_hidden_asking_once_per_node() {
    let root = Position::from_fen(START_FEN, false).unwrap();
    let mut a = BoardOracle::<ReferenceBoard>::new();
    let mut b = Hiding::new(&["e2e4", "d7d5"], "e4d5");
    let report = diff(&root, &mut a, &mut b, 4).unwrap();
    let divergence = report.divergence.expect("the hidden move is found");
    assert_eq!(divergence.path, moves(&["e2e4", "d7d5"]));
    assert_eq!(
        divergence.fen,
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(divergence.only_in_a, moves(&["e4d5"]));
    assert!(divergence.only_in_b.is_empty());
    assert_eq!(
        b.asked,
        vec![
            (vec![], 4),
            (moves(&["e2e4"]), 3),
            (moves(&["e2e4", "d7d5"]), 2)
        ]
    );
    let mut same = BoardOracle::<ReferenceBoard>::new();
    let agree = diff(&root, &mut a, &mut same, 3).unwrap();
    assert_eq!(agree.divergence, None);
    assert_eq!(agree.outcome(), Outcome::Success);
}

/// An oracle that answers from a script of canned divides.
struct Canned(Vec<Divide>);

impl DivideOracle for Canned {
    fn name(&self) -> &str {
        "canned"
    }

    fn divide(&mut self, _: &Position, _: &[UciMove], _: u32) -> Result<Divide, Error> {
        Ok(self.0.remove(0))
    }
}

fn canned(answers: &[&[(&str, u64)]]) -> Canned {
    Canned(
        answers
            .iter()
            .map(|answer| {
                answer
                    .iter()
                    .map(|&(m, n)| (m.parse().unwrap(), n))
                    .collect()
            })
            .collect(),
    )
}

#[test]
fn answers_that_cannot_be_right_are_errors_naming_the_oracle() {
    let root = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false).unwrap();
    let truth = BoardOracle::<ReferenceBoard>::new;
    let moves = ["e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4"];
    let at_depth_one: Vec<(&str, u64)> = moves.iter().map(|&m| (m, 1)).collect();
    let mut twice = at_depth_one.clone();
    twice[5] = ("e2e3", 1);
    let mut impossible = at_depth_one.clone();
    impossible.push(("e2e5", 1));
    let mut counted_two = at_depth_one.clone();
    counted_two[0].1 = 2;
    for (answers, depth, problem) in [
        (
            canned(&[&twice]),
            1,
            "canned: listed e2e3 twice in 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        ),
        (
            canned(&[&impossible]),
            1,
            "the white pawn on e2 never moves to e5",
        ),
        (
            canned(&[&counted_two]),
            1,
            "counted 2 leaves below e1d1 at depth 1",
        ),
    ] {
        let mut b = answers;
        let err = diff(&root, &mut truth(), &mut b, depth).unwrap_err();
        assert!(err.to_string().contains(problem), "{err}");
    }
    // Depth 2: e2e4 is promised 6 leaves, then divides into only 5.
    let depth_two: Vec<(&str, u64)> = vec![
        ("e1d1", 5),
        ("e1d2", 5),
        ("e1f1", 5),
        ("e1f2", 5),
        ("e2e3", 5),
        ("e2e4", 6),
    ];
    let below = [
        ("e8d8", 1),
        ("e8d7", 1),
        ("e8e7", 1),
        ("e8f7", 1),
        ("e8f8", 1),
    ];
    let mut b = canned(&[&depth_two, &below]);
    let err = diff(&root, &mut truth(), &mut b, 2)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("contradicts itself: 6 leaves below e2e4 at depth 2, but its moves after e2e4 add up to 5 at depth 1"),
        "{err}"
    );
}
