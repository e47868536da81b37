//! `deepening`, `tt_bounds`, `killers_history`: the search on a counted mailbox board against
//! the search its docs specify, report and moves made, exactly; the table's probe and entry on
//! every bound and window edge; the order and the rewards on random positions; and the
//! Bratko-Kopec positions solved within a node budget.
//!
//! The specified search, its probe, entry, order and rewards are written again here, with
//! switches for the mistakes the wrong answers make, in the course's own copy; the students'
//! copy holds what they answer to the checks' questions instead, in `tests/data/board_search.txt`.

use crate::{pass, positions, recorded, rejects, Checked, Want};
use boardlab_core::{Board, BoardExt, Move, Setup};
use boardlab_labs::board_search::{self as lab};
use boardlab_labs::scaffold::board_search::{
    bratko_kopec, legal_vec, moves_made, Bound, Counted, Entry, Heuristics, Limits, Report, Tables,
    MATE, MATE_BOUND, TEST_SLOTS,
};
use boardlab_mailbox::MailboxBoard;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
// grading only:
use crate::live;
use boardlab_engine::EngineQueries;
use boardlab_labs::scaffold::board_search::{basic_order, evaluate, mvv_lva, INFINITY};
// end of grading only

type Counting = Counted<MailboxBoard>;

/// A search as the exercise's signature has it.
type Search = fn(&mut Counting, &[u64], &Limits, &mut Tables) -> Report;

// grading only:
/// The mistakes the wrong answers make, each switched on in the model below.
#[derive(Clone, Copy, Default)]
struct Mistakes {
    /// A mate scores `-MATE` however far from the root.
    flat_mate: bool,
    /// No repetition draws.
    no_repetition: bool,
    /// No fifty-move draws.
    no_fifty: bool,
    /// The fifty-move rule even over a checkmate.
    fifty_over_mate: bool,
    /// The last iteration's best move not first at the root.
    no_root_move: bool,
    /// An entry's bound not read: every entry deep enough ends the node.
    any_bound: bool,
    /// Mate scores stored as they are, counted from the root.
    mate_from_root: bool,
    /// An entry of a smaller depth ends the node too.
    shallow_hits: bool,
    /// No killers kept.
    no_killers: bool,
    /// History not read in the order.
    no_history: bool,
    /// The node budget read only between iterations.
    budget_between_iterations: bool,
}

/// The quiescence search of the `quiescence` exercise (its reference), with this lab's
/// evaluation.
fn model_quiescence<B: EngineQueries>(board: &mut B, alpha: i32, beta: i32) -> i32 {
    crate::search::reference_quiescence(board, alpha, beta, &mut |board| evaluate(board))
}

fn model_probe(entry: &Entry, depth: u32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    model_probe_with(entry, depth, ply, alpha, beta, Mistakes::default())
}

fn model_probe_with(
    entry: &Entry,
    depth: u32,
    ply: usize,
    alpha: i32,
    beta: i32,
    mistakes: Mistakes,
) -> Option<i32> {
    if entry.depth < depth && !mistakes.shallow_hits {
        return None;
    }
    let ply = ply as i32;
    let score = match entry.score {
        s if s > MATE_BOUND && !mistakes.mate_from_root => s - ply,
        s if s < -MATE_BOUND && !mistakes.mate_from_root => s + ply,
        s => s,
    };
    match entry.bound {
        _ if mistakes.any_bound => Some(score),
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// `tt_entry`'s seven arguments, and the mistakes to make.
#[allow(clippy::too_many_arguments)]
fn model_entry(
    key: u64,
    depth: u32,
    ply: usize,
    score: i32,
    alpha: i32,
    beta: i32,
    best_move: Option<Move>,
    mistakes: Mistakes,
) -> Entry {
    let bound = match score {
        s if s <= alpha => Bound::Upper,
        s if s >= beta => Bound::Lower,
        _ => Bound::Exact,
    };
    let ply = ply as i32;
    let stored = match score {
        s if s > MATE_BOUND && !mistakes.mate_from_root => s + ply,
        s if s < -MATE_BOUND && !mistakes.mate_from_root => s - ply,
        s => s,
    };
    Entry {
        key,
        depth,
        score: stored,
        bound,
        best_move,
    }
}

fn model_order<B: Board>(
    board: &B,
    moves: &mut [Move],
    hash_move: Option<Move>,
    heuristics: &Heuristics,
    ply: usize,
    mistakes: Mistakes,
) {
    let us = board.side_to_move();
    let killers = heuristics.killers[ply];
    let mut keyed: Vec<(u8, i32, u16, Move)> = moves
        .iter()
        .map(|&mv| {
            let (class, key) = if Some(mv) == hash_move {
                (0, 0)
            } else if mv.is_noisy() {
                (1, -mvv_lva(board, mv))
            } else if Some(mv) == killers[0] {
                (2, 0)
            } else if Some(mv) == killers[1] {
                (3, 0)
            } else if mistakes.no_history {
                (4, 0)
            } else {
                (4, -heuristics.history(us, mv))
            };
            (class, key, mv.bits(), mv)
        })
        .collect();
    keyed.sort_unstable();
    for (slot, (_, _, _, mv)) in moves.iter_mut().zip(keyed) {
        *slot = mv;
    }
}

fn model_reward<B: Board>(
    heuristics: &mut Heuristics,
    board: &B,
    ply: usize,
    mv: Move,
    depth: u32,
    mistakes: Mistakes,
) {
    if !mistakes.no_killers && heuristics.killers[ply][0] != Some(mv) {
        heuristics.killers[ply] = [Some(mv), heuristics.killers[ply][0]];
    }
    *heuristics.history_mut(board.side_to_move(), mv) += (depth * depth) as i32;
}

/// The search the exercise's doc specifies.
struct Model<'a> {
    limits: Limits,
    tables: &'a mut Tables,
    mistakes: Mistakes,
    start: u64,
    stopped: bool,
    keys: Vec<u64>,
    root_move: Option<Move>,
}

impl Model<'_> {
    fn node<B: EngineQueries>(
        &mut self,
        board: &mut B,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let key = board.search_zobrist().key;
        if ply > 0 {
            let checkmated = board.in_check() && board.count_legal() == 0;
            let fifty = board.halfmove_clock() >= 100
                && !self.mistakes.no_fifty
                && (!checkmated || self.mistakes.fifty_over_mate);
            if fifty || (!self.mistakes.no_repetition && self.keys.contains(&key)) {
                return 0;
            }
        }
        if depth == 0 {
            return model_quiescence(board, alpha, beta);
        }
        let entered = (alpha, beta);
        let mut alpha = alpha;
        let mut hash_move = None;
        if ply == 0 && !self.mistakes.no_root_move {
            hash_move = self.root_move;
        }
        if self.limits.table && ply > 0 {
            if let Some(entry) = self.tables.tt.get(key) {
                hash_move = entry.best_move;
                if let Some(score) =
                    model_probe_with(&entry, depth, ply, alpha, beta, self.mistakes)
                {
                    return score;
                }
            }
        }
        let mut moves = legal_vec(board);
        if moves.is_empty() {
            return match (board.in_check(), self.mistakes.flat_mate) {
                (true, true) => -MATE,
                (true, false) => -(MATE - ply as i32),
                (false, _) => 0,
            };
        }
        if self.limits.killers_history {
            let heuristics = &self.tables.heuristics;
            model_order(board, &mut moves, hash_move, heuristics, ply, self.mistakes);
        } else {
            basic_order(board, &mut moves, hash_move);
        }
        let (mut best, mut best_move) = (-INFINITY, None);
        self.keys.push(key);
        for mv in moves {
            let spent = moves_made() - self.start;
            if !self.mistakes.budget_between_iterations
                && self.limits.nodes.is_some_and(|budget| spent >= budget)
            {
                self.stopped = true;
                break;
            }
            let undo = board.make(mv);
            let score = -self.node(board, depth - 1, ply + 1, -beta, -alpha);
            board.unmake(mv, undo);
            if self.stopped {
                break;
            }
            if score > best {
                (best, best_move) = (score, Some(mv));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if self.limits.killers_history && !mv.is_noisy() {
                    let heuristics = &mut self.tables.heuristics;
                    model_reward(heuristics, board, ply, mv, depth, self.mistakes);
                }
                break;
            }
        }
        self.keys.pop();
        if self.stopped {
            return 0;
        }
        if ply == 0 {
            self.root_move = best_move;
        }
        if self.limits.table {
            let (a, b) = entered;
            let entry = model_entry(key, depth, ply, best, a, b, best_move, self.mistakes);
            self.tables.tt.put(entry);
        }
        best
    }
}

fn model_search<B: EngineQueries>(
    board: &mut B,
    game: &[u64],
    limits: &Limits,
    tables: &mut Tables,
    mistakes: Mistakes,
) -> Report {
    let mut report = Report {
        best_move: None,
        score: 0,
        depth: 0,
    };
    if board.count_legal() == 0 {
        report.score = if board.in_check() { -MATE } else { 0 };
        return report;
    }
    let mut model = Model {
        limits: *limits,
        tables,
        mistakes,
        start: moves_made(),
        stopped: false,
        keys: game.to_vec(),
        root_move: None,
    };
    for depth in 1..=limits.depth {
        let score = model.node(board, depth, 0, -INFINITY, INFINITY);
        if model.stopped {
            break;
        }
        report = Report {
            best_move: model.root_move,
            score,
            depth,
        };
        let spent = moves_made() - model.start;
        if mistakes.budget_between_iterations && limits.nodes.is_some_and(|b| spent >= b) {
            break;
        }
    }
    report
}

fn the_model(b: &mut Counting, g: &[u64], l: &Limits, t: &mut Tables) -> Report {
    model_search(b, g, l, t, Mistakes::default())
}

// end of grading only

/// A position of a case: its FEN and the moves played from it before the search, in UCI.
#[derive(Clone, Copy)]
struct Case {
    fen: &'static str,
    moves: &'static [&'static str],
    depth: u32,
    nodes: Option<u64>,
}

const fn case(fen: &'static str, moves: &'static [&'static str], depth: u32) -> Case {
    Case {
        fen,
        moves,
        depth,
        nodes: None,
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// White mates in two (`d2d8`, the rook taken, `d1d8`).
const MATE_IN_TWO: &str = "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1";
/// Black is mated in two plies: its one move takes the rook, the other rook mates.
const MATED_IN_TWO: &str = "2rR2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 1 1";
/// Black to move has no move and is not in check.
const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
/// A queen up, and every move a hundredth half-move without a capture or a pawn.
const FIFTY: &str = "8/8/8/4k3/8/8/3QK3/8 w - - 99 80";
/// Every move a hundredth half-move, and one of them mates.
const FIFTY_MATE: &str = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 99 80";

/// The cases of the `deepening` exercise, all switched off but the depth.
fn deepening_cases() -> Vec<Case> {
    vec![
        case(START, &[], 4),
        // Back at the start: the knights' moves repeat the game's positions.
        case(START, &["g1f3", "g8f6", "f3g1", "f6g8"], 4),
        case(KIWIPETE, &[], 3),
        case("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[], 5),
        case(MATE_IN_TWO, &[], 4),
        case(MATED_IN_TWO, &[], 3),
        case(STALEMATE, &[], 3),
        case(FIFTY, &[], 3),
        case(FIFTY_MATE, &[], 2),
        // A budget that ends the search in its third iteration.
        Case {
            nodes: Some(3_000),
            ..case(KIWIPETE, &[], 6)
        },
    ]
}

/// The board of a case, and the search keys of the game before it.
fn board_of(case: &Case) -> (Counting, Vec<u64>) {
    let setup = Setup::from_fen(case.fen).expect("a case's FEN");
    let mut board = Counted::new(MailboxBoard::from_setup(&setup));
    let mut game = Vec::new();
    for text in case.moves {
        let mv = board.parse_uci_move(text).expect("a case's move is legal");
        game.push(board.search_zobrist().key);
        board.make(mv);
    }
    (board, game)
}

/// A search's report and the moves it made.
fn run(search: Search, case: &Case, limits: &Limits) -> (Report, u64) {
    let (mut board, game) = board_of(case);
    let before = board.to_fen();
    let mut tables = Tables::new(TEST_SLOTS);
    let start = moves_made();
    let report = search(&mut board, &game, limits, &mut tables);
    let made = moves_made() - start;
    assert_eq!(
        board.to_fen(),
        before,
        "the search left the board as it was"
    );
    (report, made)
}

/// A report and the moves made, as the checks compare them.
fn figure(report: &Report, made: u64) -> String {
    let best = report
        .best_move
        .map_or("none".to_string(), |mv| mv.to_string());
    format!(
        "best {best} score {} depth {} made {made}",
        report.score, report.depth
    )
}

/// A field of a [`figure`]: the word after `name`.
fn field<'a>(figure: &'a str, name: &str) -> &'a str {
    let mut words = figure.split_whitespace();
    words
        .by_ref()
        .find(|&word| word == name)
        .and_then(|_| words.next())
        .unwrap_or_else(|| panic!("no {name} in {figure}"))
}

/// The number of a [`figure`]'s field.
fn number(figure: &str, name: &str) -> i64 {
    field(figure, name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} of {figure}"))
}

/// A question to the specified search: a case, with its switches.
type Asked = (Case, Limits);

/// The name of a question to the specified search.
fn question(case: &Case, limits: &Limits) -> String {
    format!("{} after {:?}, {limits:?}", case.fen, case.moves)
}

/// The specified search's answers: in the students' copy, its recorded figures.
#[allow(unreachable_code)]
fn specified<'a>() -> Want<'a, Asked> {
    // grading only:
    return live(|(case, limits): &Asked| {
        let (report, made) = run(the_model, case, limits);
        figure(&report, made)
    });
    // end of grading only
    recorded("board_search")
}

/// The limits of a case with the switches `(table, killers_history)`.
fn limits_of(case: &Case, (table, killers_history): (bool, bool)) -> Limits {
    Limits {
        depth: case.depth,
        nodes: case.nodes,
        table,
        killers_history,
    }
}

/// Checks `search` against the specified search on `cases`, each with the switches of
/// `switches`; the moves made, summed, or the first difference.
fn check_search(
    search: Search,
    cases: &[Case],
    switches: (bool, bool),
    want: &mut Want<Asked>,
) -> Checked<u64> {
    let mut total = 0;
    for case in cases {
        let limits = limits_of(case, switches);
        let (report, made) = run(search, case, &limits);
        let (got, wanted) = (
            figure(&report, made),
            want(&question(case, &limits), &(*case, limits)),
        );
        if got != wanted {
            return Err(format!(
                "{} after {:?}, {limits:?}: reported {got}, where the specified search reports \
                 {wanted}",
                case.fen, case.moves
            ));
        }
        total += made;
    }
    Ok(total)
}

fn answer(b: &mut Counting, g: &[u64], l: &Limits, t: &mut Tables) -> Report {
    lab::iterative_deepening(b, g, l, t)
}

#[test]
fn deepening_matches_the_specified_search() {
    let made = pass(check_search(
        answer,
        &deepening_cases(),
        (false, false),
        &mut specified(),
    ));
    assert!(made > 10_000);
}

/// The specified search's scores on the mate and draw cases are the chess ones, so that the
/// check holds answers to the rules and not only to a model.
#[test]
fn deepening_reference_is_mate_and_draw_scores() {
    let mut want = specified();
    let mut ask = |fen: &'static str, moves: &'static [&'static str], depth: u32| {
        let case = case(fen, moves, depth);
        let limits = Limits::depth(depth);
        want(&question(&case, &limits), &(case, limits))
    };
    assert_eq!(
        number(&ask(MATE_IN_TWO, &[], 4), "score"),
        i64::from(MATE - 3)
    );
    // Two plies see the rook won back, not the mate.
    assert_eq!(number(&ask(MATE_IN_TWO, &[], 2), "score"), 500);
    assert_eq!(
        number(&ask(MATED_IN_TWO, &[], 3), "score"),
        -i64::from(MATE - 2)
    );
    let stalemate = ask(STALEMATE, &[], 3);
    assert_eq!(
        (field(&stalemate, "best"), number(&stalemate, "score")),
        ("none", 0)
    );
    assert_eq!(number(&ask(FIFTY, &[], 3), "score"), 0);
    let fifty_mate = ask(FIFTY_MATE, &[], 2);
    assert_eq!(number(&fifty_mate, "score"), i64::from(MATE - 1));
    assert_eq!(field(&fifty_mate, "best"), "e1e8");
    let again = ask(START, &["g1f3", "g8f6", "f3g1", "f6g8"], 4);
    let fresh = ask(START, &[], 4);
    assert!(
        number(&again, "made") < number(&fresh, "made"),
        "{again} {fresh}"
    );
}

// grading only:
fn mistaken(mistakes: Mistakes) -> impl Fn(&mut Counting, &[u64], &Limits, &mut Tables) -> Report {
    move |b, g, l, t| model_search(b, g, l, t, mistakes)
}

macro_rules! wrong {
    ($($field:ident),+) => {{
        fn search(b: &mut Counting, g: &[u64], l: &Limits, t: &mut Tables) -> Report {
            mistaken(Mistakes { $($field: true,)+ ..Mistakes::default() })(b, g, l, t)
        }
        search as Search
    }};
}
// end of grading only

/// The shortcut: boardlab-engine's own search, on the counted board, its best move and
/// score reported.
fn engines_search(b: &mut Counting, g: &[u64], l: &Limits, _: &mut Tables) -> Report {
    let _ = g;
    let limits = boardlab_engine::Limits {
        depth: Some(l.depth),
        nodes: l.nodes,
        ..Default::default()
    };
    let result =
        boardlab_engine::Searcher::new(1).search(b, &[], &limits, &AtomicBool::new(false), |_| {});
    let score = match result.score {
        boardlab_engine::Score::Cp(cp) => cp,
        boardlab_engine::Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
        boardlab_engine::Score::Mate(n) => -(MATE + 2 * n),
    };
    Report {
        best_move: result.best_move,
        score,
        depth: result.depth,
    }
}

#[test]
fn deepening_check_rejects_wrong_answers() {
    let cases = deepening_cases();
    for (what, search) in [
        ("boardlab-engine's search", engines_search as Search),
        // grading only:
        ("a mate scored -MATE at every ply", wrong!(flat_mate)),
        ("no repetition draws", wrong!(no_repetition)),
        ("no fifty-move draws", wrong!(no_fifty)),
        ("the fifty-move draw over a mate", wrong!(fifty_over_mate)),
        (
            "the last best move not first at the root",
            wrong!(no_root_move),
        ),
        (
            "the budget read between iterations",
            wrong!(budget_between_iterations),
        ),
        // end of grading only
    ] {
        rejects(
            what,
            check_search(search, &cases, (false, false), &mut specified()),
        );
    }
}

/// The cases of the two later exercises: deeper, where the table and the heuristics save.
fn later_cases() -> Vec<Case> {
    vec![
        case(START, &[], 5),
        case(START, &["g1f3", "g8f6", "f3g1", "f6g8"], 5),
        case(KIWIPETE, &[], 4),
        case("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[], 7),
        case(MATE_IN_TWO, &[], 5),
        case(MATED_IN_TWO, &[], 5),
        case(FIFTY_MATE, &[], 3),
        Case {
            nodes: Some(10_000),
            ..case(KIWIPETE, &[], 8)
        },
    ]
}

/// A question to the table's two functions.
#[derive(Debug)]
enum TtAsked {
    /// `tt_entry`'s seven arguments.
    Entry(u64, u32, usize, i32, i32, i32, Option<Move>),
    /// `tt_probe`'s five.
    Probe(Entry, u32, usize, i32, i32),
}

/// The specified probe's and entry's answers: in the students' copy, their recorded figures.
#[allow(unreachable_code)]
fn specified_tt<'a>() -> Want<'a, TtAsked> {
    // grading only:
    return live(|asked: &TtAsked| match *asked {
        TtAsked::Entry(k, d, p, s, a, b, m) => {
            format!(
                "{:?}",
                model_entry(k, d, p, s, a, b, m, Mistakes::default())
            )
        }
        TtAsked::Probe(entry, d, p, a, b) => format!("{:?}", model_probe(&entry, d, p, a, b)),
    });
    // end of grading only
    recorded("board_search")
}

type Probe = fn(&Entry, u32, usize, i32, i32) -> Option<i32>;
type MakeEntry = fn(u64, u32, usize, i32, i32, i32, Option<Move>) -> Entry;

/// Every entry against the specified probe: each bound, depths around the node's, scores on
/// the window's edges and mate scores, at several plies; and every entry the specified
/// `tt_entry` makes.
fn check_tt(probe: Probe, entry: MakeEntry, want: &mut Want<TtAsked>) -> Checked<usize> {
    let (alpha, beta) = (-40, 25);
    let scores = [
        alpha - 1,
        alpha,
        alpha + 1,
        0,
        beta - 1,
        beta,
        beta + 1,
        MATE - 7,
        -(MATE - 6),
        MATE_BOUND + 1,
        -(MATE_BOUND + 1),
    ];
    let best = Move::from_bits(0x0b1c);
    let mut checked = 0;
    for ply in [0, 1, 4] {
        for &score in &scores {
            for window in [
                (alpha, beta),
                (MATE - 20, MATE - 2),
                (-(MATE - 2), -(MATE - 20)),
            ] {
                let (a, b) = window;
                let name =
                    format!("tt_entry(depth 5, ply {ply}, score {score}, window {window:?})");
                let wanted = want(&name, &TtAsked::Entry(9, 5, ply, score, a, b, best));
                let got = entry(9, 5, ply, score, a, b, best);
                if format!("{got:?}") != wanted {
                    return Err(format!("{name} is {got:?}, not {wanted}"));
                }
                checked += 1;
            }
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for stored_depth in [3, 4, 5] {
                    let stored = Entry {
                        key: 9,
                        depth: stored_depth,
                        score,
                        bound,
                        best_move: best,
                    };
                    for (a, b) in [(alpha, beta), (score - 1, score + 1), (score, score + 1)] {
                        let name = format!(
                            "tt_probe(an entry of depth {stored_depth}, score {score}, bound \
                             {bound:?}; depth 4, ply {ply}, window ({a}, {b}))"
                        );
                        let wanted = want(&name, &TtAsked::Probe(stored, 4, ply, a, b));
                        let got = probe(&stored, 4, ply, a, b);
                        if format!("{got:?}") != wanted {
                            return Err(format!("{name} is {got:?}, not {wanted}"));
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    Ok(checked)
}

#[test]
fn tt_bounds_probe_and_entry() {
    assert!(pass(check_tt(lab::tt_probe, lab::tt_entry, &mut specified_tt())) > 300);
}

#[test]
fn tt_bounds_search_matches_the_specified_search() {
    let made = pass(check_search(
        answer,
        &later_cases(),
        (true, false),
        &mut specified(),
    ));
    assert!(made > 10_000);
}

/// What the table saves in the specified search: fewer moves made on the later cases than
/// without it, and fewer again with killers and history.
#[test]
fn tt_bounds_reference_is_fewer_nodes() {
    let mut want = specified();
    let mut made = |switches| -> i64 {
        later_cases()
            .iter()
            .filter(|case| case.nodes.is_none())
            .map(|case| {
                let limits = limits_of(case, switches);
                number(&want(&question(case, &limits), &(*case, limits)), "made")
            })
            .sum()
    };
    let (plain, table, both) = (
        made((false, false)),
        made((true, false)),
        made((true, true)),
    );
    eprintln!("moves made on the later cases: {plain} plain, {table} with the table, {both} with killers and history too");
    assert!(table * 10 < plain * 8, "{table} of {plain}");
    assert!(both * 10 < table * 9, "{both} of {table}");
}

/// A probe that never ends a node.
fn probe_never(_: &Entry, _: u32, _: usize, _: i32, _: i32) -> Option<i32> {
    None
}

/// An entry that calls every score exact and stores it as it is.
fn entry_always_exact(k: u64, d: u32, _: usize, s: i32, _: i32, _: i32, m: Option<Move>) -> Entry {
    Entry {
        key: k,
        depth: d,
        score: s,
        bound: Bound::Exact,
        best_move: m,
    }
}

// grading only:
fn probe_any_bound(e: &Entry, d: u32, p: usize, a: i32, b: i32) -> Option<i32> {
    let mistakes = Mistakes {
        any_bound: true,
        ..Mistakes::default()
    };
    model_probe_with(e, d, p, a, b, mistakes)
}

fn probe_shallow(e: &Entry, d: u32, p: usize, a: i32, b: i32) -> Option<i32> {
    let mistakes = Mistakes {
        shallow_hits: true,
        ..Mistakes::default()
    };
    model_probe_with(e, d, p, a, b, mistakes)
}

fn probe_mate_from_root(e: &Entry, d: u32, p: usize, a: i32, b: i32) -> Option<i32> {
    let mistakes = Mistakes {
        mate_from_root: true,
        ..Mistakes::default()
    };
    model_probe_with(e, d, p, a, b, mistakes)
}

fn entry_mate_from_root(
    k: u64,
    d: u32,
    p: usize,
    s: i32,
    a: i32,
    b: i32,
    m: Option<Move>,
) -> Entry {
    let mistakes = Mistakes {
        mate_from_root: true,
        ..Mistakes::default()
    };
    model_entry(k, d, p, s, a, b, m, mistakes)
}

fn entry_fail_hard(k: u64, d: u32, p: usize, s: i32, a: i32, b: i32, m: Option<Move>) -> Entry {
    // A score at the window's edge taken for exact.
    let mut entry = model_entry(k, d, p, s, a, b, m, Mistakes::default());
    if s == a || s == b {
        entry.bound = Bound::Exact;
    }
    entry
}

fn model_tt_entry(k: u64, d: u32, p: usize, s: i32, a: i32, b: i32, m: Option<Move>) -> Entry {
    model_entry(k, d, p, s, a, b, m, Mistakes::default())
}

fn the_model_without_table(b: &mut Counting, g: &[u64], l: &Limits, t: &mut Tables) -> Report {
    let limits = Limits { table: false, ..*l };
    the_model(b, g, &limits, t)
}
// end of grading only

#[test]
fn tt_bounds_check_rejects_wrong_answers() {
    for (what, probe, entry) in [
        (
            "a probe that never ends a node, and entries always exact",
            probe_never as Probe,
            entry_always_exact as MakeEntry,
        ),
        // grading only:
        (
            "a probe that reads no bound",
            probe_any_bound,
            model_tt_entry,
        ),
        (
            "a probe that takes shallow entries",
            probe_shallow,
            model_tt_entry,
        ),
        (
            "a probe that leaves mates counted from the node",
            probe_mate_from_root,
            model_tt_entry,
        ),
        (
            "an entry that stores mates from the root",
            model_probe,
            entry_mate_from_root,
        ),
        (
            "an entry exact on the window's edge",
            model_probe,
            entry_fail_hard,
        ),
        // end of grading only
    ] {
        rejects(what, check_tt(probe, entry, &mut specified_tt()));
    }
    for (what, search) in [
        ("boardlab-engine's search", engines_search as Search),
        // grading only:
        ("a search whose probe reads no bound", wrong!(any_bound)),
        ("a search that takes shallow entries", wrong!(shallow_hits)),
        // Without the table, the table's cases are not the plain search's.
        ("a search without the table", the_model_without_table),
        // end of grading only
    ] {
        rejects(
            what,
            check_search(search, &later_cases(), (true, false), &mut specified()),
        );
    }
}

/// Random heuristics for `board`'s position: killers from its quiet moves, from its noisy
/// moves and from nowhere, and random history scores for its moves.
fn random_heuristics(rng: &mut StdRng, board: &MailboxBoard, ply: usize) -> Heuristics {
    let mut heuristics = Heuristics::default();
    let moves = legal_vec(board);
    let pick = |rng: &mut StdRng| match rng.gen_range(0..4) {
        0 => None,
        1 => Move::from_bits(rng.gen()),
        _ if moves.is_empty() => None,
        _ => Some(moves[rng.gen_range(0..moves.len())]),
    };
    heuristics.killers[ply] = [pick(rng), pick(rng)];
    for &mv in &moves {
        *heuristics.history_mut(board.side_to_move(), mv) = rng.gen_range(0..4) * 9;
        *heuristics.history_mut(board.side_to_move().opposite(), mv) = rng.gen_range(0..50);
    }
    heuristics
}

/// A copy of `heuristics`: the killers, and the history of `moves` for both sides.
fn copy_of(heuristics: &Heuristics, board: &MailboxBoard, moves: &[Move]) -> Heuristics {
    let mut copy = Heuristics::default();
    copy.killers = heuristics.killers.clone();
    for &mv in moves {
        for color in [board.side_to_move(), board.side_to_move().opposite()] {
            *copy.history_mut(color, mv) = heuristics.history(color, mv);
        }
    }
    copy
}

type Order = fn(&MailboxBoard, &mut [Move], Option<Move>, &Heuristics, usize);
type Reward = fn(&mut Heuristics, &MailboxBoard, usize, Move, u32);

/// A question to the order or the rewards.
enum OrderAsked {
    /// `order_moves`' arguments.
    Order(MailboxBoard, Vec<Move>, Option<Move>, Heuristics, usize),
    /// `reward`'s, the heuristics before the reward.
    Reward(Heuristics, MailboxBoard, usize, Move, u32),
}

/// Moves in UCI, in their order.
fn in_order(moves: &[Move]) -> String {
    let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
    moves.join(" ")
}

/// What a reward of `mv` at `ply` leaves: the ply's killers and the move's history.
fn rewarded(heuristics: &Heuristics, board: &MailboxBoard, ply: usize, mv: Move) -> String {
    format!(
        "killers {:?}, history {}",
        heuristics.killers[ply],
        heuristics.history(board.side_to_move(), mv)
    )
}

/// The specified order's and rewards' answers: in the students' copy, their recorded figures.
#[allow(unreachable_code)]
fn specified_order<'a>() -> Want<'a, OrderAsked> {
    // grading only:
    return live(|asked: &OrderAsked| match asked {
        OrderAsked::Order(board, moves, hash_move, heuristics, ply) => {
            let mut moves = moves.clone();
            model_order(
                board,
                &mut moves,
                *hash_move,
                heuristics,
                *ply,
                Mistakes::default(),
            );
            in_order(&moves)
        }
        OrderAsked::Reward(heuristics, board, ply, mv, depth) => {
            let mut after = copy_of(heuristics, board, &[&legal_vec(board)[..], &[*mv]].concat());
            model_reward(&mut after, board, *ply, *mv, *depth, Mistakes::default());
            rewarded(&after, board, *ply, *mv)
        }
    });
    // end of grading only
    recorded("board_search")
}

/// The order against the specified order on random positions with random heuristics, and the
/// rewards of random cut-offs against the specified rewards: the ply's killers and the move's
/// history as they say, and nothing else changed.
fn check_ordering(order: Order, reward: Reward, want: &mut Want<OrderAsked>) -> Checked<usize> {
    let mut rng = StdRng::seed_from_u64(13);
    let mut checked = 0;
    for (number, setup) in positions(13, 150).into_iter().enumerate() {
        let board = MailboxBoard::from_setup(&setup);
        let legal = legal_vec(&board);
        if legal.is_empty() {
            continue;
        }
        let ply = rng.gen_range(0..8);
        let heuristics = random_heuristics(&mut rng, &board, ply);
        let hash_move = rng
            .gen_bool(0.5)
            .then(|| legal[rng.gen_range(0..legal.len())]);
        let name = format!(
            "order {number}: {}, hash move {hash_move:?}, ply {ply}",
            board.to_fen()
        );
        let asked = OrderAsked::Order(
            board.clone(),
            legal.clone(),
            hash_move,
            copy_of(&heuristics, &board, &legal),
            ply,
        );
        let wanted = want(&name, &asked);
        let mut got = legal.clone();
        order(&board, &mut got, hash_move, &heuristics, ply);
        let got = in_order(&got);
        if got != wanted {
            return Err(format!(
                "{}: the order with hash move {hash_move:?} and killers {:?} is {got}, not \
                 {wanted}",
                board.to_fen(),
                heuristics.killers[ply]
            ));
        }
        let mut mine = random_heuristics(&mut rng, &board, ply);
        for step in 0..3 {
            let mv = if rng.gen_bool(0.3) {
                mine.killers[ply][0].unwrap_or(legal[0])
            } else {
                legal[rng.gen_range(0..legal.len())]
            };
            let depth = rng.gen_range(1..6);
            // The move may be none of the position's (a killer from nowhere).
            let touched = [&legal[..], &[mv]].concat();
            let before = copy_of(&mine, &board, &touched);
            let name = format!("reward {number}.{step}: {mv:?} at ply {ply}, depth {depth}");
            let asked = OrderAsked::Reward(
                copy_of(&mine, &board, &touched),
                board.clone(),
                ply,
                mv,
                depth,
            );
            let wanted = want(&name, &asked);
            reward(&mut mine, &board, ply, mv, depth);
            let got = rewarded(&mine, &board, ply, mv);
            let others_changed = legal.iter().any(|&m| {
                [board.side_to_move(), board.side_to_move().opposite()]
                    .iter()
                    .any(|&c| {
                        // The history is kept by the squares: a promotion's four moves
                        // share theirs.
                        let same =
                            (c, m.from(), m.to()) == (board.side_to_move(), mv.from(), mv.to());
                        !same && mine.history(c, m) != before.history(c, m)
                    })
            }) || (0..mine.killers.len())
                .any(|p| p != ply && mine.killers[p] != before.killers[p]);
            if got != wanted || others_changed {
                return Err(format!(
                    "{}: after a cut-off by {mv:?} at ply {ply}, depth {depth}, the {got}, not \
                     the {wanted}, or other killers or history changed",
                    board.to_fen()
                ));
            }
        }
        checked += 1;
    }
    Ok(checked)
}

fn the_answers_order(b: &MailboxBoard, m: &mut [Move], h: Option<Move>, x: &Heuristics, p: usize) {
    lab::order_moves(b, m, h, x, p)
}

fn the_answers_reward(x: &mut Heuristics, b: &MailboxBoard, p: usize, m: Move, d: u32) {
    lab::reward(x, b, p, m, d)
}

#[test]
fn killers_history_order_and_reward() {
    let checked = pass(check_ordering(
        the_answers_order,
        the_answers_reward,
        &mut specified_order(),
    ));
    assert!(checked > 100);
}

#[test]
fn killers_history_search_matches_the_specified_search() {
    let made = pass(check_search(
        answer,
        &later_cases(),
        (true, true),
        &mut specified(),
    ));
    assert!(made > 10_000);
}

/// The node budget of each Bratko-Kopec position, and the fewest the search must solve: the
/// specified search solves [`BK_SOLVED`] of them with this budget.
const BK_BUDGET: u64 = 40_000;
const BK_SOLVED: usize = 6;

/// The limits of the Bratko-Kopec positions: everything switched on, and the budget.
fn bk_limits(killers_history: bool) -> Limits {
    Limits {
        depth: 32,
        nodes: Some(BK_BUDGET),
        table: true,
        killers_history,
    }
}

/// `search`'s report and moves made on the Bratko-Kopec position `problem`.
fn bk_run(search: Search, setup: &Setup, limits: &Limits) -> (Report, u64) {
    let mut board = Counting::from_setup(setup);
    let start = moves_made();
    let report = search(&mut board, &[], limits, &mut Tables::new(TEST_SLOTS));
    (report, moves_made() - start)
}

/// How many of the Bratko-Kopec positions `search` solves with [`BK_BUDGET`] moves made each,
/// with everything switched on: its reported best move is the position's.
fn bratko_kopec_solved(search: Search) -> (usize, Vec<String>) {
    let mut solved = Vec::new();
    for problem in bratko_kopec::<Counting>() {
        let (report, made) = bk_run(search, &problem.setup, &bk_limits(true));
        // The quiescence search below the last node the budget allows may add a few moves.
        assert!(made < BK_BUDGET + 2_000, "{}: over the budget", problem.id);
        if report
            .best_move
            .is_some_and(|mv| problem.best.contains(&mv))
        {
            solved.push(problem.id);
        }
    }
    (solved.len(), solved)
}

#[test]
fn killers_history_solves_bratko_kopec_within_the_budget() {
    let (count, solved) = bratko_kopec_solved(answer);
    assert!(
        count >= BK_SOLVED,
        "solved {count} of 24 Bratko-Kopec positions with {BK_BUDGET} nodes each ({solved:?}), \
         where {BK_SOLVED} are needed"
    );
}

/// A question to the specified search on a Bratko-Kopec position.
type BkAsked = (Setup, Limits);

/// The specified search's answers on the Bratko-Kopec positions: in the students' copy, their
/// recorded figures.
#[allow(unreachable_code)]
fn specified_bk<'a>() -> Want<'a, BkAsked> {
    // grading only:
    return live(|(setup, limits): &BkAsked| {
        let (report, made) = bk_run(the_model, setup, limits);
        figure(&report, made)
    });
    // end of grading only
    recorded("board_search")
}

#[test]
fn killers_history_reference_is_solving() {
    let mut want = specified_bk();
    let mut solved = |killers_history: bool| -> Vec<String> {
        bratko_kopec::<Counting>()
            .into_iter()
            .filter(|problem| {
                let limits = bk_limits(killers_history);
                let name = format!("{}, {limits:?}", problem.id);
                let best = want(&name, &(problem.setup.clone(), limits));
                problem
                    .best
                    .iter()
                    .any(|mv| mv.to_string() == field(&best, "best"))
            })
            .map(|problem| problem.id)
            .collect()
    };
    let with = solved(true);
    eprintln!("the specified search solves {} of 24: {with:?}", with.len());
    assert!(with.len() >= BK_SOLVED, "{with:?}");
    // The count alone does not tell the heuristics: without them the budget solves as many.
    let without = solved(false);
    eprintln!(
        "without killers and history: {}: {without:?}",
        without.len()
    );
}

/// The moves left in the order given.
fn order_as_given(_: &MailboxBoard, _: &mut [Move], _: Option<Move>, _: &Heuristics, _: usize) {}

/// Nothing kept of a cut-off.
fn reward_nothing(_: &mut Heuristics, _: &MailboxBoard, _: usize, _: Move, _: u32) {}

// grading only:
fn model_order_right(b: &MailboxBoard, m: &mut [Move], h: Option<Move>, x: &Heuristics, p: usize) {
    model_order(b, m, h, x, p, Mistakes::default())
}

fn model_reward_right(x: &mut Heuristics, b: &MailboxBoard, p: usize, m: Move, d: u32) {
    model_reward(x, b, p, m, d, Mistakes::default())
}

fn the_model_without_heuristics(b: &mut Counting, g: &[u64], l: &Limits, t: &mut Tables) -> Report {
    the_model(
        b,
        g,
        &Limits {
            killers_history: false,
            ..*l
        },
        t,
    )
}

fn order_without_history(
    b: &MailboxBoard,
    m: &mut [Move],
    h: Option<Move>,
    x: &Heuristics,
    p: usize,
) {
    let mistakes = Mistakes {
        no_history: true,
        ..Mistakes::default()
    };
    model_order(b, m, h, x, p, mistakes)
}

fn order_killers_swapped(
    b: &MailboxBoard,
    m: &mut [Move],
    h: Option<Move>,
    x: &Heuristics,
    p: usize,
) {
    let mut swapped = copy_of(x, b, m);
    swapped.killers[p].swap(0, 1);
    model_order(b, m, h, &swapped, p, Mistakes::default())
}

fn reward_without_killers(x: &mut Heuristics, b: &MailboxBoard, p: usize, m: Move, d: u32) {
    let mistakes = Mistakes {
        no_killers: true,
        ..Mistakes::default()
    };
    model_reward(x, b, p, m, d, mistakes)
}

fn reward_linear(x: &mut Heuristics, b: &MailboxBoard, p: usize, m: Move, d: u32) {
    model_reward(x, b, p, m, d, Mistakes::default());
    *x.history_mut(b.side_to_move(), m) -= (d * d - d) as i32;
}

fn reward_killer_twice(x: &mut Heuristics, b: &MailboxBoard, p: usize, m: Move, d: u32) {
    x.killers[p] = [Some(m), x.killers[p][0]];
    *x.history_mut(b.side_to_move(), m) += (d * d) as i32;
}
// end of grading only

#[test]
fn killers_history_check_rejects_wrong_answers() {
    for (what, order, reward) in [
        (
            "the moves as given, and nothing kept",
            order_as_given as Order,
            reward_nothing as Reward,
        ),
        // grading only:
        (
            "an order without history",
            order_without_history,
            model_reward_right,
        ),
        (
            "the killers in the wrong order",
            order_killers_swapped,
            model_reward_right,
        ),
        ("no killers kept", model_order_right, reward_without_killers),
        (
            "history by depth, not its square",
            model_order_right,
            reward_linear,
        ),
        (
            "a killer pushed out by itself",
            model_order_right,
            reward_killer_twice,
        ),
        // end of grading only
    ] {
        rejects(what, check_ordering(order, reward, &mut specified_order()));
    }
    for (what, search) in [
        ("boardlab-engine's search", engines_search as Search),
        // grading only:
        ("a search without history", wrong!(no_history)),
        ("a search without killers", wrong!(no_killers)),
        (
            "a search without killers and history",
            the_model_without_heuristics,
        ),
        // end of grading only
    ] {
        rejects(
            what,
            check_search(search, &later_cases(), (true, true), &mut specified()),
        );
    }
}

// grading only:
/// Positions the students' copy does not record, which the course's own copy searches too: a
/// search that answers the recorded questions from a table of them fails here.
fn unrecorded_cases() -> Vec<Case> {
    vec![
        case(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            &[],
            4,
        ),
        case(
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            &["c4c5", "c7c6"],
            3,
        ),
        case("8/5k2/8/8/8/8/3K4/4R3 w - - 0 1", &[], 5),
        case("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", &[], 4),
        Case {
            nodes: Some(5_000),
            ..case(START, &["e2e4", "e7e5"], 7)
        },
    ]
}

#[test]
fn deepening_matches_the_specified_search_on_unrecorded_positions() {
    let cases = unrecorded_cases();
    pass(check_search(
        answer,
        &cases,
        (false, false),
        &mut specified(),
    ));
}

#[test]
fn tt_bounds_search_matches_the_specified_search_on_unrecorded_positions() {
    let cases = unrecorded_cases();
    pass(check_search(
        answer,
        &cases,
        (true, false),
        &mut specified(),
    ));
}

#[test]
fn killers_history_search_matches_the_specified_search_on_unrecorded_positions() {
    let cases = unrecorded_cases();
    pass(check_search(answer, &cases, (true, true), &mut specified()));
}
// end of grading only

// repository only:
/// `tests/data/board_search.txt` is what the specified search, probe, entry, order and rewards
/// answer to every question the students' copy asks.
#[test]
fn board_search_figures_are_the_models() {
    crate::record("board_search", || {
        let mut want = specified();
        pass(check_search(
            the_model,
            &deepening_cases(),
            (false, false),
            &mut want,
        ));
        pass(check_search(
            the_model,
            &later_cases(),
            (true, false),
            &mut want,
        ));
        pass(check_search(
            the_model,
            &later_cases(),
            (true, true),
            &mut want,
        ));
        pass(check_tt(model_probe, model_tt_entry, &mut specified_tt()));
        pass(check_ordering(
            model_order_right,
            model_reward_right,
            &mut specified_order(),
        ));
        deepening_reference_is_mate_and_draw_scores();
        tt_bounds_reference_is_fewer_nodes();
        killers_history_reference_is_solving();
    });
}
// end of repository only
