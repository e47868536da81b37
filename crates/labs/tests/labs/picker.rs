//! `staged_picker`: the moves of random positions in the order of the stages, move for move,
//! with a board that records when each kind of move is generated.

use crate::{pass, positions, rejects, Checked};
use boardlab_core::{Board, BoardExt, GenKind, Move, MoveFlag, MoveList, MoveSink, Setup, Square};
use boardlab_engine::{staged_order, EngineQueries};
use boardlab_labs::picker::StagedPicker;
use boardlab_labs::scaffold::picker::mvv_lva;
use boardlab_mailbox::MailboxBoard;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::{Arc, Mutex};

/// What a picker asked of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    /// A generation, of the sink's kind.
    Generate(GenKind),
    /// A move made (or a null move).
    Make,
}

/// A mailbox board that records every generation and every make asked of it, in order. Its
/// clones share the record, so a picker cannot escape it by cloning the board.
#[derive(Clone)]
struct Recording {
    inner: MailboxBoard,
    asked: Arc<Mutex<Vec<Asked>>>,
}

impl Recording {
    fn new(setup: &Setup) -> Recording {
        Recording {
            inner: MailboxBoard::from_setup(setup),
            asked: Arc::default(),
        }
    }

    fn asked(&self) -> Vec<Asked> {
        self.asked
            .lock()
            .map(|asked| asked.clone())
            .unwrap_or_default()
    }

    fn record(&self, what: Asked) {
        if let Ok(mut asked) = self.asked.lock() {
            asked.push(what);
        }
    }
}

impl Board for Recording {
    type Undo = <MailboxBoard as Board>::Undo;
    const NAME: &'static str = "recording";
    fn from_setup(setup: &Setup) -> Self {
        Recording::new(setup)
    }
    boardlab_core::delegate_board!(inner => state, piece_at, king_square, in_check, is_attacked,
        unmake, unmake_null);
    /// Every generation comes through here: `generate`, `legal_moves` and `count_legal` are
    /// written on it.
    fn generate_into<S: MoveSink>(&self, sink: &mut S) {
        self.record(Asked::Generate(S::KIND));
        self.inner.generate_into(sink)
    }
    fn make(&mut self, mv: Move) -> Self::Undo {
        self.record(Asked::Make);
        self.inner.make(mv)
    }
    fn make_null(&mut self) -> Self::Undo {
        self.record(Asked::Make);
        self.inner.make_null()
    }
}

/// The generic answers: what the pickers ask of the board beside its moves.
impl EngineQueries for Recording {}

/// Makes a picker over a recording board.
type NewPicker = for<'a> fn(
    &'a Recording,
    Option<Move>,
    [Option<Move>; 2],
) -> Box<dyn Iterator<Item = Move> + 'a>;

/// The exercise, boxed.
fn exercise<'a>(
    board: &'a Recording,
    hash_move: Option<Move>,
    killers: [Option<Move>; 2],
) -> Box<dyn Iterator<Item = Move> + 'a> {
    Box::new(StagedPicker::new(board, hash_move, killers))
}

/// The moves in the order the exercise asks for, each with what the board should have been
/// asked by the time it comes.
fn expected_order(
    board: &MailboxBoard,
    hash_move: Option<Move>,
    killers: [Option<Move>; 2],
) -> Vec<(Move, Vec<Asked>)> {
    let noisy_asked = vec![Asked::Generate(GenKind::Noisy)];
    let quiet_asked = vec![
        Asked::Generate(GenKind::Noisy),
        Asked::Generate(GenKind::Quiet),
    ];
    let mut order = Vec::new();
    if let Some(hash) = hash_move {
        order.push((hash, Vec::new()));
    }
    let mut noisy = MoveList::new();
    board.generate(GenKind::Noisy, &mut noisy);
    // A stable sort: equal keys keep the order of generation.
    noisy.sort_by_key(|&mv| std::cmp::Reverse(mvv_lva(board, mv)));
    for &mv in noisy.iter().filter(|&&mv| Some(mv) != hash_move) {
        order.push((mv, noisy_asked.clone()));
    }
    let mut quiet = MoveList::new();
    board.generate(GenKind::Quiet, &mut quiet);
    let mut killers_here = Vec::new();
    for killer in killers.into_iter().flatten() {
        if quiet.contains(&killer) && Some(killer) != hash_move && !killers_here.contains(&killer) {
            killers_here.push(killer);
        }
    }
    for &mv in &killers_here {
        order.push((mv, quiet_asked.clone()));
    }
    for &mv in quiet.iter() {
        if Some(mv) != hash_move && !killers_here.contains(&mv) {
            order.push((mv, quiet_asked.clone()));
        }
    }
    order
}

/// What the random positions met.
#[derive(Debug, Default)]
struct Met {
    positions: usize,
    hash_moves: usize,
    killers_played: usize,
    foreign_killers: usize,
}

/// 1,500 random positions with random hash moves and killers; compares the picker's moves,
/// one by one, with the expected order, and what the board was asked before each.
fn check_picker(new_picker: NewPicker) -> Checked<Met> {
    let mut rng = StdRng::seed_from_u64(9);
    let mut met = Met::default();
    // A killer from another position, rarely legal here (a bishop or queen on a1 with the
    // long diagonal open); where it is, it is a killer like any other.
    let foreign = Move::new(Square::A1, Square::H8, MoveFlag::Quiet);
    for setup in positions(10, 1500) {
        let plain = MailboxBoard::from_setup(&setup);
        let legal = plain.legal_moves();
        let mut quiet = MoveList::new();
        plain.generate(GenKind::Quiet, &mut quiet);
        let hash_move =
            (!legal.is_empty() && rng.gen_bool(0.5)).then(|| legal[rng.gen_range(0..legal.len())]);
        let mut killer = || match (rng.gen_range(0..3), quiet.is_empty()) {
            (0, false) => Some(quiet[rng.gen_range(0..quiet.len())]),
            (1, _) => Some(foreign),
            _ => None,
        };
        let killers = [killer(), killer()];
        let expected = expected_order(&plain, hash_move, killers);

        let board = Recording::new(&setup);
        let fen = setup.to_fen();
        let mut picker = new_picker(&board, hash_move, killers);
        if !board.asked().is_empty() {
            return Err(format!(
                "{fen}: before the first move the board was asked {:?}",
                board.asked()
            ));
        }
        for (i, (mv, asked)) in expected.iter().enumerate() {
            let picked = picker.next();
            if picked != Some(*mv) {
                return Err(format!(
                    "{fen}, hash move {hash_move:?}, killers {killers:?}: move {} is \
                     {picked:?}, expected {mv:?}; the whole order: {:?}",
                    i + 1,
                    expected.iter().map(|(mv, _)| *mv).collect::<Vec<_>>()
                ));
            }
            if board.asked() != *asked {
                return Err(format!(
                    "{fen}: when {mv} came, the board had been asked {:?}, expected {asked:?}",
                    board.asked()
                ));
            }
        }
        if let Some(extra) = picker.next() {
            return Err(format!("{fen}: {extra} after the last move"));
        }
        let asked = board.asked();
        if asked.len() > 2 || asked.contains(&Asked::Make) {
            return Err(format!("{fen}: in all, the board was asked {asked:?}"));
        }
        met.positions += 1;
        met.hash_moves += usize::from(hash_move.is_some());
        met.killers_played += expected
            .iter()
            .filter(|(mv, _)| killers.contains(&Some(*mv)) && Some(*mv) != hash_move)
            .count();
        met.foreign_killers += killers.iter().filter(|&&k| k == Some(foreign)).count();
    }
    Ok(met)
}

#[test]
fn staged_picker_yields_the_stages_in_order_generating_each_when_reached() {
    let met = pass(check_picker(exercise));
    assert_eq!(met.positions, 1500);
    assert!(met.hash_moves >= 500, "only {} hash moves", met.hash_moves);
    assert!(
        met.killers_played >= 300,
        "only {} killers played",
        met.killers_played
    );
    assert!(
        met.foreign_killers >= 300,
        "only {} foreign killers",
        met.foreign_killers
    );
}

/// Generates every move at once and sorts them into the stages' order: the right moves,
/// with one generation of everything before the first move.
fn all_at_once<'a>(
    board: &'a Recording,
    hash_move: Option<Move>,
    killers: [Option<Move>; 2],
) -> Box<dyn Iterator<Item = Move> + 'a> {
    let all = board.legal_moves();
    let rank = |mv: Move| {
        let killer = killers.iter().position(|&k| k == Some(mv));
        if Some(mv) == hash_move {
            (0, 0, 0)
        } else if mv.is_noisy() {
            (1, -mvv_lva(board, mv), 0)
        } else if let Some(k) = killer {
            (2, 0, k)
        } else {
            (3, 0, 0)
        }
    };
    let mut moves: Vec<Move> = all.iter().copied().collect();
    moves.sort_by_key(|&mv| rank(mv));
    Box::new(moves.into_iter())
}

/// Boardlab-core's own staged picker (of its search), on a clone of the board: it tests the
/// hash move and the killers by making them, and orders the quiet moves its own way.
fn core_staged_order<'a>(
    board: &'a Recording,
    hash_move: Option<Move>,
    killers: [Option<Move>; 2],
) -> Box<dyn Iterator<Item = Move> + 'a> {
    let mut clone = board.clone();
    let (moves, _) = staged_order(
        &mut clone,
        hash_move.unwrap_or(Move::NULL),
        killers.map(|k| k.unwrap_or(Move::NULL)),
        usize::MAX,
    );
    Box::new(moves.into_iter())
}

#[test]
fn staged_picker_check_rejects_wrong_answers() {
    let problem = rejects("everything generated at once", check_picker(all_at_once));
    assert!(problem.contains("before the first move"), "{problem}");
    let problem = rejects("core's staged picker", check_picker(core_staged_order));
    assert!(problem.contains("asked"), "{problem}");
}
