//! `negamax`, `alpha_beta`: values and visits on the book's figure tree and on random trees;
//! `quiescence`: values, evaluations and moves made on random positions, with several windows.
//!
//! The searches the answers are compared with (a minimax with max and min nodes, fail-soft
//! alpha-beta, the quiescence search's rules) are written here in the course's own copy; the
//! students' copy holds what they answer to the checks' questions instead, in
//! `tests/data/search.txt`.

use crate::{numbers, pass, positions, recorded, rejects, Checked, Want};
use boardlab_core::{Board, Move, Role, Setup};
use boardlab_engine::queries::see_value;
use boardlab_engine::EngineQueries;
use boardlab_labs::scaffold::board_search::{moves_made, Counted};
use boardlab_labs::scaffold::search::{GameTree, INFINITY};
use boardlab_labs::search;
use boardlab_mailbox::MailboxBoard;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::cell::Cell;
// grading only:
use crate::live;
use boardlab_core::{GenKind, MoveList};
// end of grading only

/// A game tree held as an arena, which counts what a search asks of it.
#[derive(Clone)]
struct Arena {
    /// Each position's children, in search order.
    children: Vec<Vec<usize>>,
    /// Each leaf's score for the side to move there (0 for inner positions).
    scores: Vec<i32>,
    /// `children` calls: the positions visited.
    visited: Cell<usize>,
    /// `evaluate` calls: the leaves visited.
    evaluated: Cell<usize>,
}

impl GameTree for Arena {
    type Position = usize;

    fn children(&self, position: usize) -> Vec<usize> {
        self.visited.set(self.visited.get() + 1);
        self.children[position].clone()
    }

    fn evaluate(&self, position: usize) -> i32 {
        self.evaluated.set(self.evaluated.get() + 1);
        self.scores[position]
    }
}

impl Arena {
    fn empty() -> Arena {
        Arena {
            children: Vec::new(),
            scores: Vec::new(),
            visited: Cell::new(0),
            evaluated: Cell::new(0),
        }
    }

    /// Adds a position and returns its index.
    fn add(&mut self, children: Vec<usize>, score: i32) -> usize {
        self.children.push(children);
        self.scores.push(score);
        self.children.len() - 1
    }

    /// The counts so far, and zero again.
    fn take_counts(&self) -> (usize, usize) {
        (self.visited.replace(0), self.evaluated.replace(0))
    }

    /// The book's figure tree (`boardlab figure alpha-beta`): a max root, min nodes, max nodes
    /// and leaves scored for the root's side, here turned to the negamax convention (the
    /// leaves, three plies down, are scored for the other side, so negated). Returns the
    /// tree and its root.
    fn figure() -> (Arena, usize) {
        let mut arena = Arena::empty();
        let groups: [&[&[i32]]; 3] = [
            &[&[5, 6], &[7, 4, 5]],
            &[&[3, 2], &[6, 9]],
            &[&[2, 4], &[8, 1]],
        ];
        let mut root_children = Vec::new();
        for group in groups {
            let mut mins = Vec::new();
            for leaves in group {
                let leaves: Vec<usize> =
                    leaves.iter().map(|&s| arena.add(Vec::new(), -s)).collect();
                mins.push(arena.add(leaves, 0));
            }
            root_children.push(arena.add(mins, 0));
        }
        let root = arena.add(root_children, 0);
        (arena, root)
    }

    /// A random tree up to `depth` plies, two to four children a position (some inner
    /// positions end early as leaves), leaf scores from -9 to 9 so that ties are common.
    fn random(rng: &mut StdRng, depth: u32) -> (Arena, usize) {
        fn grow(arena: &mut Arena, rng: &mut StdRng, depth: u32) -> usize {
            if depth == 0 || rng.gen_ratio(1, 8) {
                let score = rng.gen_range(-9..=9);
                return arena.add(Vec::new(), score);
            }
            let count = rng.gen_range(2..=4);
            let children = (0..count).map(|_| grow(arena, rng, depth - 1)).collect();
            arena.add(children, 0)
        }
        let mut arena = Arena::empty();
        let root = grow(&mut arena, rng, depth);
        (arena, root)
    }

    /// The number of positions and of leaves in the tree below `position`.
    fn size(&self, position: usize) -> (usize, usize) {
        let children = &self.children[position];
        if children.is_empty() {
            return (1, 1);
        }
        children.iter().fold((1, 0), |(all, leaves), &child| {
            let (a, l) = self.size(child);
            (all + a, leaves + l)
        })
    }

    // grading only:
    /// Minimax written with max and min nodes, without the tree's counters: the value for the
    /// side to move at `position`, which is the max side.
    fn minimax(&self, position: usize, maximizing: bool) -> i32 {
        let children = &self.children[position];
        if children.is_empty() {
            // A leaf's score is for its side to move; the max side's view negates it on a
            // min ply.
            let score = self.scores[position];
            return if maximizing { score } else { -score };
        }
        let values = children
            .iter()
            .map(|&child| self.minimax(child, !maximizing));
        if maximizing {
            values.max().unwrap_or(0)
        } else {
            values.min().unwrap_or(0)
        }
    }
    // end of grading only
}

/// A question about a tree: its minimax value, or what fail-soft alpha-beta in the fixed
/// order returns and visits with a window.
enum TreeAsked {
    Minimax(Arena, usize),
    AlphaBeta(Arena, usize, i32, i32),
}

/// The answers of the minimax and the fail-soft alpha-beta: in the students' copy, their
/// recorded figures.
#[allow(unreachable_code)]
fn specified<'a>() -> Want<'a, TreeAsked> {
    // grading only:
    return live(|asked: &TreeAsked| match asked {
        TreeAsked::Minimax(tree, root) => tree.minimax(*root, true).to_string(),
        TreeAsked::AlphaBeta(tree, root, alpha, beta) => {
            tree.take_counts();
            let value = reference_alpha_beta(tree, *root, *alpha, *beta);
            let (positions, leaves) = tree.take_counts();
            format!("{value} visiting {positions} positions and {leaves} leaves")
        }
    });
    // end of grading only
    recorded("search")
}

/// The minimax value of tree `number` of a check.
fn minimax_of(
    want: &mut Want<TreeAsked>,
    check: &str,
    number: u32,
    tree: &Arena,
    root: usize,
) -> i32 {
    let answer = want(
        &format!("{check} tree {number}: minimax"),
        &TreeAsked::Minimax(tree.clone(), root),
    );
    numbers(&answer)[0] as i32
}

/// What fail-soft alpha-beta returns on tree `number` of a check with the window, and the
/// positions and leaves it visits.
fn fail_soft_of(
    want: &mut Want<TreeAsked>,
    number: u32,
    tree: &Arena,
    root: usize,
    (alpha, beta): (i32, i32),
) -> (i32, (usize, usize)) {
    let answer = want(
        &format!("alpha_beta tree {number}: window ({alpha}, {beta})"),
        &TreeAsked::AlphaBeta(tree.clone(), root, alpha, beta),
    );
    let numbers = numbers(&answer);
    (
        numbers[0] as i32,
        (numbers[1] as usize, numbers[2] as usize),
    )
}

// grading only:
/// Fail-soft alpha-beta in the fixed order, as the exercise states it: the counts it leaves on
/// the tree are the ones an answer must leave.
fn reference_alpha_beta(tree: &Arena, position: usize, mut alpha: i32, beta: i32) -> i32 {
    let children = tree.children(position);
    if children.is_empty() {
        return tree.evaluate(position);
    }
    let mut best = -INFINITY;
    for child in children {
        best = best.max(-reference_alpha_beta(tree, child, -beta, -alpha));
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}
// end of grading only

type Negamax = fn(&Arena, usize) -> i32;
type AlphaBeta = fn(&Arena, usize, i32, i32) -> i32;

/// 300 random trees: the value is minimax's, and every position is visited once and every
/// leaf evaluated once. Returns the positions visited in all.
fn check_negamax(negamax: Negamax, want: &mut Want<TreeAsked>) -> Checked<usize> {
    let mut rng = StdRng::seed_from_u64(11);
    let mut visited = 0;
    for tree_number in 0..300 {
        let (tree, root) = Arena::random(&mut rng, 2 + tree_number % 4);
        let expected = minimax_of(want, "negamax", tree_number, &tree, root);
        let value = negamax(&tree, root);
        let counts = tree.take_counts();
        if value != expected {
            return Err(format!(
                "tree {tree_number}: value {value}, minimax {expected}"
            ));
        }
        if counts != tree.size(root) {
            return Err(format!(
                "tree {tree_number}: visited {counts:?} (positions, leaves), the tree has {:?}",
                tree.size(root)
            ));
        }
        visited += counts.0;
    }
    Ok(visited)
}

#[test]
fn negamax_matches_minimax() {
    assert!(pass(check_negamax(search::negamax::<Arena>, &mut specified())) > 10_000);
}

/// The first leaf's score, wherever the tree's value is.
fn first_leaf(tree: &Arena, position: usize) -> i32 {
    let children = tree.children(position);
    match children.first() {
        None => tree.evaluate(position),
        Some(&child) => -first_leaf(tree, child),
    }
}

// grading only:

/// Every child's value, maximised, not negated: minimax's mistake in negamax's clothes.
fn negamax_without_negation(tree: &Arena, position: usize) -> i32 {
    let children = tree.children(position);
    if children.is_empty() {
        return tree.evaluate(position);
    }
    children
        .into_iter()
        .map(|child| negamax_without_negation(tree, child))
        .max()
        .unwrap_or(0)
}

// end of grading only

#[test]
fn negamax_check_rejects_wrong_answers() {
    rejects(
        "the first leaf's score",
        check_negamax(first_leaf, &mut specified()),
    );
    // grading only:
    rejects(
        "children not negated",
        check_negamax(negamax_without_negation, &mut specified()),
    );
    // end of grading only
}

/// The windows an answer is asked with around a tree's value `v`: the full window, one just
/// around it, null windows at and beside it, and windows wholly above and below it.
fn windows(v: i32) -> [(i32, i32); 6] {
    [
        (-INFINITY, INFINITY),
        (v - 1, v + 1),
        (v, v + 1),
        (v - 1, v),
        (v + 2, v + 6),
        (v - 6, v - 2),
    ]
}

/// The figure tree's value and counts, and 400 random trees in six windows each: the value
/// and the positions and leaves visited are the fixed order's. Returns the number of
/// searches compared.
fn check_alpha_beta(alpha_beta: AlphaBeta, want: &mut Want<TreeAsked>) -> Checked<usize> {
    let (figure, root) = Arena::figure();
    // The figure: the root's value is 6; of 23 positions the search visits 15, and evaluates
    // 7 of the 13 leaves (5, 6, 7; 3, 2; 2, 4 in the figure's numbers).
    let value = alpha_beta(&figure, root, -INFINITY, INFINITY);
    let counts = figure.take_counts();
    if (value, counts) != (6, (15, 7)) {
        return Err(format!(
            "the figure's tree: value {value}, visited {counts:?} (positions, leaves); \
             expected 6 and (15, 7)"
        ));
    }
    let mut rng = StdRng::seed_from_u64(12);
    let mut searches = 0;
    for tree_number in 0..400 {
        let (tree, root) = Arena::random(&mut rng, 2 + tree_number % 4);
        let v = minimax_of(want, "alpha_beta", tree_number, &tree, root);
        for (alpha, beta) in windows(v) {
            let (expected, expected_counts) =
                fail_soft_of(want, tree_number, &tree, root, (alpha, beta));
            let value = alpha_beta(&tree, root, alpha, beta);
            let counts = tree.take_counts();
            if value != expected {
                return Err(format!(
                    "tree {tree_number} (value {v}), window ({alpha}, {beta}): returned {value}, \
                     fail-soft gives {expected}"
                ));
            }
            if counts != expected_counts {
                return Err(format!(
                    "tree {tree_number}, window ({alpha}, {beta}): visited {counts:?} \
                     (positions, leaves), the fixed order visits {expected_counts:?}"
                ));
            }
            searches += 1;
        }
    }
    Ok(searches)
}

#[test]
fn alpha_beta_reference_is_minimax_with_the_full_window() {
    // The check's own search must find minimax's value, and be fail-soft: outside a window
    // it still bounds the value from the right side.
    let mut want = specified();
    let mut rng = StdRng::seed_from_u64(12);
    let mut trees = 0;
    for tree_number in 0..400 {
        let (tree, root) = Arena::random(&mut rng, 2 + tree_number % 4);
        let v = minimax_of(&mut want, "alpha_beta", tree_number, &tree, root);
        let full = (-INFINITY, INFINITY);
        assert_eq!(fail_soft_of(&mut want, tree_number, &tree, root, full).0, v);
        for (alpha, beta) in windows(v) {
            let (bound, _) = fail_soft_of(&mut want, tree_number, &tree, root, (alpha, beta));
            if bound <= alpha {
                assert!(v <= bound, "fail low must bound from above");
            } else if bound >= beta {
                assert!(v >= bound, "fail high must bound from below");
            } else {
                assert_eq!(bound, v);
            }
        }
        trees += 1;
    }
    assert_eq!(trees, 400);
}

#[test]
fn alpha_beta_visits_the_fixed_order() {
    assert_eq!(
        pass(check_alpha_beta(
            search::alpha_beta::<Arena>,
            &mut specified()
        )),
        400 * 6
    );
}

// grading only:
/// Negamax with the window ignored: the right value, every node visited.
fn no_pruning(tree: &Arena, position: usize, _alpha: i32, _beta: i32) -> i32 {
    let children = tree.children(position);
    if children.is_empty() {
        return tree.evaluate(position);
    }
    children
        .into_iter()
        .map(|child| -no_pruning(tree, child, -INFINITY, INFINITY))
        .max()
        .unwrap_or(-INFINITY)
}
// end of grading only

/// Fail-hard: the value clamped into the window.
fn fail_hard(tree: &Arena, position: usize, alpha: i32, beta: i32) -> i32 {
    let children = tree.children(position);
    if children.is_empty() {
        return tree.evaluate(position).clamp(alpha, beta);
    }
    let mut alpha = alpha;
    for child in children {
        let value = -fail_hard(tree, child, -beta, -alpha);
        if value >= beta {
            return beta;
        }
        alpha = alpha.max(value);
    }
    alpha
}

// grading only:
/// Cuts only once alpha passes beta, not when it reaches it: searches more than it must.
fn cut_late(tree: &Arena, position: usize, mut alpha: i32, beta: i32) -> i32 {
    let children = tree.children(position);
    if children.is_empty() {
        return tree.evaluate(position);
    }
    let mut best = -INFINITY;
    for child in children {
        best = best.max(-cut_late(tree, child, -beta, -alpha));
        alpha = alpha.max(best);
        if alpha > beta {
            break;
        }
    }
    best
}

/// Passes the window down without swapping and negating it.
fn window_not_negated(tree: &Arena, position: usize, mut alpha: i32, beta: i32) -> i32 {
    let children = tree.children(position);
    if children.is_empty() {
        return tree.evaluate(position);
    }
    let mut best = -INFINITY;
    for child in children {
        best = best.max(-window_not_negated(tree, child, alpha, beta));
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

// end of grading only

#[test]
fn alpha_beta_check_rejects_wrong_answers() {
    let problem = rejects("fail-hard", check_alpha_beta(fail_hard, &mut specified()));
    assert!(problem.contains("fail-soft"), "{problem}");
    // grading only:
    let problem = rejects("no pruning", check_alpha_beta(no_pruning, &mut specified()));
    assert!(problem.contains("visited"), "{problem}");
    rejects(
        "a cut only past beta",
        check_alpha_beta(cut_late, &mut specified()),
    );
    rejects(
        "the window not negated",
        check_alpha_beta(window_not_negated, &mut specified()),
    );
    // end of grading only
}

/// A mailbox board whose moves made are counted in [`moves_made`], the board search lab's
/// count (it answers the engine's questions, the SEE the quiescence exercise asks, the generic
/// way).
type Counting = Counted<MailboxBoard>;

/// Material for the side to move, in SEE values, without the kings.
fn material<B: EngineQueries>(board: &B) -> i32 {
    let us = board.side_to_move();
    let mut score = 0;
    board.for_each_piece(|_, piece| {
        if piece.role != Role::King {
            let value = see_value(piece.role);
            score += if piece.color == us { value } else { -value };
        }
    });
    score
}

// grading only:
/// The captures (and promotions) a quiescence search tries, best exchange first.
fn captures_to_try<B: EngineQueries>(board: &B) -> Vec<Move> {
    let mut noisy = MoveList::new();
    board.generate(GenKind::Noisy, &mut noisy);
    let mut scored: Vec<(i32, Move)> = noisy
        .iter()
        .map(|&mv| (board.see(mv), mv))
        .filter(|&(value, _)| value >= 0)
        .collect();
    scored.sort_by_key(|&(value, mv)| (std::cmp::Reverse(value), mv.bits()));
    scored.into_iter().map(|(_, mv)| mv).collect()
}

/// The exercise's rules, as the check's reference (and the board search lab's).
pub(crate) fn reference_quiescence<B: EngineQueries>(
    board: &mut B,
    alpha: i32,
    beta: i32,
    evaluate: &mut dyn FnMut(&B) -> i32,
) -> i32 {
    let stand_pat = evaluate(board);
    if stand_pat >= beta {
        return stand_pat;
    }
    let moves = captures_to_try(board);
    search_moves(
        board,
        moves,
        (stand_pat, alpha.max(stand_pat), beta),
        evaluate,
        reference_quiescence,
    )
}

/// The move loop of a fail-soft search: each of `moves` made, its value the negated `search`
/// of the position after it in the window negated and swapped, and the loop cut as soon as a
/// value reaches `beta`. It starts from `best` with `alpha` raised to it, and returns the best
/// value found.
fn search_moves<B: EngineQueries>(
    board: &mut B,
    moves: impl IntoIterator<Item = Move>,
    (mut best, mut alpha, beta): (i32, i32, i32),
    evaluate: &mut dyn FnMut(&B) -> i32,
    search: Quiescence<B>,
) -> i32 {
    for mv in moves {
        let undo = board.make(mv);
        let value = -search(board, -beta, -alpha, evaluate);
        board.unmake(mv, undo);
        if value >= beta {
            return value;
        }
        best = best.max(value);
        alpha = alpha.max(value);
    }
    best
}

/// The same tree without a window: stand pat or the best capture, every capture searched;
/// `None` once more than `budget` positions have been visited.
fn quiescence_without_window<B: EngineQueries>(board: &mut B, budget: &mut u32) -> Option<i32> {
    *budget = budget.checked_sub(1)?;
    let mut best = material(board);
    for mv in captures_to_try(board) {
        let undo = board.make(mv);
        let value = quiescence_without_window(board, budget);
        board.unmake(mv, undo);
        best = best.max(-value?);
    }
    Some(best)
}

// end of grading only

/// A quiescence search: the board, alpha, beta and the static evaluation; the value.
type Quiescence<B = Counting> = fn(&mut B, i32, i32, &mut dyn FnMut(&B) -> i32) -> i32;

/// A question about a position: what the quiescence search's rules return with a window, with
/// the positions they evaluate and the moves they make, or what the tree without a window
/// gives (if it stays within 20,000 positions).
enum QuiescenceAsked {
    Window(Setup, i32, i32),
    WithoutWindow(Setup),
}

/// The answers of the quiescence search's rules and of the tree without a window: in the
/// students' copy, their recorded figures.
#[allow(unreachable_code)]
fn specified_quiescence<'a>() -> Want<'a, QuiescenceAsked> {
    // grading only:
    return live(|asked: &QuiescenceAsked| match asked {
        QuiescenceAsked::Window(setup, alpha, beta) => {
            let mut board = Counting::from_setup(setup);
            let mut evaluations = 0;
            let before = moves_made();
            let value = reference_quiescence(&mut board, *alpha, *beta, &mut |b| {
                evaluations += 1;
                material(b)
            });
            let made = moves_made() - before;
            format!("{value} evaluating {evaluations} positions and making {made} moves")
        }
        QuiescenceAsked::WithoutWindow(setup) => {
            let mut board = MailboxBoard::from_setup(setup);
            match quiescence_without_window(&mut board, &mut 20_000) {
                Some(value) => value.to_string(),
                None => "too large".to_string(),
            }
        }
    });
    // end of grading only
    recorded("search")
}

/// What the rules return on position `number` with the window, the positions they evaluate
/// and the moves they make.
fn by_the_rules(
    want: &mut Want<QuiescenceAsked>,
    number: usize,
    setup: &Setup,
    (alpha, beta): (i32, i32),
) -> (i32, (usize, u64)) {
    let answer = want(
        &format!("quiescence position {number}: window ({alpha}, {beta})"),
        &QuiescenceAsked::Window(setup.clone(), alpha, beta),
    );
    let numbers = numbers(&answer);
    (numbers[0] as i32, (numbers[1] as usize, numbers[2] as u64))
}

/// 400 random positions in five windows each: the value, the positions evaluated and the
/// moves made are the rules'. Returns the number of positions where the search made a move.
fn check_quiescence(quiescence: Quiescence, want: &mut Want<QuiescenceAsked>) -> Checked<usize> {
    let mut with_captures = 0;
    for (number, setup) in positions(13, 400).into_iter().enumerate() {
        let mut board = Counting::from_setup(&setup);
        let (v, _) = by_the_rules(want, number, &setup, (-INFINITY, INFINITY));
        let mut made_any = false;
        for (alpha, beta) in [
            (-INFINITY, INFINITY),
            (v - 50, v + 50),
            (v, v + 1),
            (v + 100, v + 300),
            (v - 300, v - 100),
        ] {
            let (expected, (expected_evaluations, expected_made)) =
                by_the_rules(want, number, &setup, (alpha, beta));
            let before = moves_made();
            let mut evaluations = 0;
            let value = quiescence(&mut board, alpha, beta, &mut |b| {
                evaluations += 1;
                material(b)
            });
            let made = moves_made() - before;
            let fen = setup.to_fen();
            if value != expected {
                return Err(format!(
                    "{fen}, window ({alpha}, {beta}): returned {value}, the rules give {expected}"
                ));
            }
            if (evaluations, made) != (expected_evaluations, expected_made) {
                return Err(format!(
                    "{fen}, window ({alpha}, {beta}): {evaluations} positions evaluated and \
                     {made} moves made; the rules evaluate {expected_evaluations} and make \
                     {expected_made}"
                ));
            }
            if board.to_setup() != setup {
                return Err(format!("{fen}: the board was not restored"));
            }
            made_any |= made > 0;
        }
        with_captures += usize::from(made_any);
    }
    Ok(with_captures)
}

#[test]
fn quiescence_reference_is_the_tree_without_a_window() {
    // The tree without a window grows fast; positions whose tree passes 20,000 positions are
    // left out, and most are not.
    let mut want = specified_quiescence();
    let mut compared = 0;
    for (number, setup) in positions(13, 400).into_iter().enumerate() {
        let (full, _) = by_the_rules(&mut want, number, &setup, (-INFINITY, INFINITY));
        let plain = want(
            &format!("quiescence position {number}: without a window"),
            &QuiescenceAsked::WithoutWindow(setup.clone()),
        );
        if plain != "too large" {
            assert_eq!(full.to_string(), plain, "{}", setup.to_fen());
            compared += 1;
        }
    }
    assert!(compared >= 300, "only {compared} positions compared");
}

#[test]
fn quiescence_follows_the_rules() {
    let with_captures = pass(check_quiescence(
        search::quiescence::<Counting>,
        &mut specified_quiescence(),
    ));
    // The check says little unless many positions have a capture worth trying.
    assert!(
        with_captures >= 150,
        "only {with_captures} positions made a capture"
    );
}

/// The static score alone: no capture tried.
fn static_score_only(
    board: &mut Counting,
    _alpha: i32,
    _beta: i32,
    evaluate: &mut dyn FnMut(&Counting) -> i32,
) -> i32 {
    evaluate(board)
}

// grading only:
/// No stand pat: the best capture's value, the static score only where there is none.
fn without_stand_pat(
    board: &mut Counting,
    alpha: i32,
    beta: i32,
    evaluate: &mut dyn FnMut(&Counting) -> i32,
) -> i32 {
    let moves = captures_to_try(board);
    if moves.is_empty() {
        return evaluate(board);
    }
    search_moves(
        board,
        moves,
        (-INFINITY, alpha, beta),
        evaluate,
        without_stand_pat,
    )
}

/// Every capture searched, the losing ones too, in the order of generation.
fn without_see(
    board: &mut Counting,
    alpha: i32,
    beta: i32,
    evaluate: &mut dyn FnMut(&Counting) -> i32,
) -> i32 {
    let stand_pat = evaluate(board);
    if stand_pat >= beta {
        return stand_pat;
    }
    let mut noisy = MoveList::new();
    board.generate(GenKind::Noisy, &mut noisy);
    let moves = noisy.iter().copied();
    search_moves(
        board,
        moves,
        (stand_pat, alpha.max(stand_pat), beta),
        evaluate,
        without_see,
    )
}

/// Fail-hard: the stand pat and every value clamped into the window.
fn quiescence_fail_hard(
    board: &mut Counting,
    alpha: i32,
    beta: i32,
    evaluate: &mut dyn FnMut(&Counting) -> i32,
) -> i32 {
    reference_quiescence(board, alpha, beta, evaluate).clamp(alpha, beta)
}

// end of grading only

#[test]
fn quiescence_check_rejects_wrong_answers() {
    rejects(
        "the static score alone",
        check_quiescence(static_score_only, &mut specified_quiescence()),
    );
    // grading only:
    rejects(
        "no stand pat",
        check_quiescence(without_stand_pat, &mut specified_quiescence()),
    );
    rejects(
        "no static exchange filter",
        check_quiescence(without_see, &mut specified_quiescence()),
    );
    let problem = rejects(
        "fail-hard",
        check_quiescence(quiescence_fail_hard, &mut specified_quiescence()),
    );
    assert!(problem.contains("returned"), "{problem}");
    // end of grading only
}

// repository only:
/// `tests/data/search.txt` is what the minimax, the fail-soft alpha-beta, the quiescence search's
/// rules and the tree without a window answer to every question the students' copy asks.
#[test]
fn search_figures_are_the_models() {
    crate::record("search", || {
        pass(check_negamax(
            |tree, root| no_pruning(tree, root, -INFINITY, INFINITY),
            &mut specified(),
        ));
        pass(check_alpha_beta(reference_alpha_beta, &mut specified()));
        alpha_beta_reference_is_minimax_with_the_full_window();
        pass(check_quiescence(
            reference_quiescence::<Counting>,
            &mut specified_quiescence(),
        ));
        quiescence_reference_is_the_tree_without_a_window();
    });
}
// end of repository only
