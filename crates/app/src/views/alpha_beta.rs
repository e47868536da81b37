//! The alpha-beta figure of `boardlab figure alpha-beta`: alpha-beta run over a small fixed
//! game tree, and the tree drawn with what the search visited, the window (alpha, beta) each
//! node was searched with, the bound each node returned and the subtrees it cut.

use boardlab_views::svg;
use std::fmt::Write as _;

/// A game tree: a leaf's score, or a node's children.
#[derive(Debug, Clone, Copy)]
pub enum Tree {
    /// A leaf, scored for the side to move at the root.
    Leaf(i32),
    /// An inner node and its children, in the order they are searched.
    Node(&'static [Tree]),
}

/// The tree of the figure: the root is a max node, its children min nodes, and so on.
pub const TREE: Tree = {
    use Tree::{Leaf as L, Node as N};
    N(&[
        N(&[N(&[L(5), L(6)]), N(&[L(7), L(4), L(5)])]),
        N(&[N(&[L(3), L(2)]), N(&[L(6), L(9)])]),
        N(&[N(&[L(2), L(4)]), N(&[L(8), L(1)])]),
    ])
};

/// What alpha-beta did at one node, in the order the tree lists its nodes (depth first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visit {
    /// The node's depth, 0 at the root.
    pub depth: usize,
    /// Its value as alpha-beta returned it (a bound where it was cut), or `None` if the search
    /// never reached it.
    pub value: Option<i32>,
    /// Whether the search stopped at this node before its last child: a cut-off.
    pub cut: bool,
    /// The window the node was searched with.
    pub window: (i32, i32),
}

/// Runs alpha-beta (fail-hard, max at even depths) over `tree` and records every node.
pub fn alpha_beta(tree: &Tree) -> Vec<Visit> {
    let mut visits = Vec::new();
    search(tree, 0, i32::MIN, i32::MAX, &mut visits);
    visits
}

fn search(
    tree: &Tree,
    depth: usize,
    mut alpha: i32,
    mut beta: i32,
    visits: &mut Vec<Visit>,
) -> i32 {
    let me = visits.len();
    visits.push(Visit {
        depth,
        value: None,
        cut: false,
        window: (alpha, beta),
    });
    let value = match tree {
        Tree::Leaf(score) => *score,
        Tree::Node(children) => {
            let maximizing = depth.is_multiple_of(2);
            let mut best = if maximizing { i32::MIN } else { i32::MAX };
            for (i, child) in children.iter().enumerate() {
                let score = search(child, depth + 1, alpha, beta, visits);
                if maximizing {
                    best = best.max(score);
                    alpha = alpha.max(best);
                } else {
                    best = best.min(score);
                    beta = beta.min(best);
                }
                if alpha >= beta && i + 1 < children.len() {
                    visits[me].cut = true;
                    for skipped in &children[i + 1..] {
                        unvisited(skipped, depth + 1, visits);
                    }
                    break;
                }
            }
            best
        }
    };
    visits[me].value = Some(value);
    value
}

/// Records a subtree the search skipped.
fn unvisited(tree: &Tree, depth: usize, visits: &mut Vec<Visit>) {
    visits.push(Visit {
        depth,
        value: None,
        cut: false,
        window: (0, 0),
    });
    if let Tree::Node(children) = tree {
        for child in *children {
            unvisited(child, depth + 1, visits);
        }
    }
}

/// A node of the tree laid out for drawing: where it stands and who its parent is.
struct Placed {
    x: f64,
    depth: usize,
    parent: Option<usize>,
    /// A leaf's score; `None` for an inner node.
    leaf: Option<i32>,
}

/// Lays the tree out depth first: leaves one slot apart, a parent over the middle of its
/// children.
fn place(
    tree: &Tree,
    depth: usize,
    parent: Option<usize>,
    next_leaf: &mut f64,
    out: &mut Vec<Placed>,
) -> f64 {
    let me = out.len();
    out.push(Placed {
        x: 0.0,
        depth,
        parent,
        leaf: match tree {
            Tree::Leaf(score) => Some(*score),
            Tree::Node(_) => None,
        },
    });
    let x = match tree {
        Tree::Leaf(_) => {
            *next_leaf += 1.0;
            *next_leaf - 1.0
        }
        Tree::Node(children) => {
            let xs: Vec<f64> = children
                .iter()
                .map(|child| place(child, depth + 1, Some(me), next_leaf, out))
                .collect();
            (xs[0] + xs[xs.len() - 1]) / 2.0
        }
    };
    out[me].x = x;
    x
}

/// A window bound as the figure prints it: the infinities as signs.
fn bound_text(bound: i32) -> String {
    match bound {
        i32::MIN => "−∞".to_string(),
        i32::MAX => "+∞".to_string(),
        value => value.to_string(),
    }
}

/// The tree drawn: each node with the value alpha-beta returned and, below it, the window
/// (alpha, beta) it was searched with; max nodes as square and min nodes as rounded boxes, the
/// branches a cut-off skipped dashed and grey.
pub fn alpha_beta_svg(tree: &Tree) -> String {
    let visits = alpha_beta(tree);
    let mut placed = Vec::new();
    place(tree, 0, None, &mut 0.0, &mut placed);
    let leaves = placed.iter().map(|p| p.x).fold(0.0, f64::max) + 1.0;
    let (slot, level, margin, top) = (66.0, 96.0, 24.0, 100.0);
    let width = margin * 2.0 + leaves * slot;
    let depth = placed.iter().map(|p| p.depth).max().unwrap_or(0);
    let height = top + depth as f64 * level + 110.0;
    let at = |p: &Placed| (margin + (p.x + 0.5) * slot, top + p.depth as f64 * level);
    let mut body = String::new();
    let _ = writeln!(
        body,
        r#"<text x="{margin}" y="30" font-size="15" font-weight="bold">alpha-beta over a small tree: {} of {} nodes searched</text>"#,
        visits.iter().filter(|v| v.value.is_some()).count(),
        visits.len()
    );
    let _ = writeln!(
        body,
        r#"<text x="{margin}" y="50" font-size="13">max at the root (rows 1 and 3), min below it; in each box the value returned, under it the window (α, β)</text>"#
    );
    for (i, p) in placed.iter().enumerate() {
        let Some(parent) = p.parent else { continue };
        let (x1, y1) = at(&placed[parent]);
        let (x2, y2) = at(p);
        let skipped = visits[i].value.is_none();
        let style = if skipped {
            r##"stroke="#b0b0b0" stroke-dasharray="5,4""##
        } else {
            r##"stroke="#444""##
        };
        let _ = writeln!(
            body,
            r#"<line x1="{x1}" y1="{}" x2="{x2}" y2="{}" {style} stroke-width="1.5"/>"#,
            y1 + 31.0,
            y2 - 14.0
        );
        // The first branch a cut-off skipped is labelled; its siblings to the right are not.
        let first_skipped = i > parent + 1 && visits[i - 1].value.is_some() || i == parent + 1;
        if skipped && visits[parent].value.is_some() && first_skipped {
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let _ = writeln!(
                body,
                r##"<text x="{mx}" y="{}" font-size="12" text-anchor="middle" fill="#c0392b" font-weight="bold">cut</text>"##,
                my + 4.0
            );
        }
    }
    for (i, p) in placed.iter().enumerate() {
        let (x, y) = at(p);
        let visit = &visits[i];
        let (fill, ink) = match (visit.value, visit.cut) {
            (None, _) => ("#eeeeee", "#9a9a9a"),
            (Some(_), true) => ("#ef8a80", "#1a1a1a"),
            (Some(_), false) if p.depth.is_multiple_of(2) => ("#7fb2e5", "#1a1a1a"),
            (Some(_), false) => ("#f6b26b", "#1a1a1a"),
        };
        let label = match (visit.value, p.leaf) {
            (Some(value), _) => value.to_string(),
            (None, Some(score)) => score.to_string(),
            (None, None) => String::new(),
        };
        let _ = writeln!(
            body,
            r##"<rect x="{}" y="{}" width="36" height="28" rx="{}" fill="{fill}" stroke="#555"/>"##,
            x - 18.0,
            y - 14.0,
            if p.depth.is_multiple_of(2) { 2 } else { 12 }
        );
        let _ = writeln!(
            body,
            r#"<text x="{x}" y="{}" font-size="14" text-anchor="middle" fill="{ink}">{label}</text>"#,
            y + 5.0
        );
        if visit.value.is_some() {
            let (alpha, beta) = visit.window;
            let _ = writeln!(
                body,
                r##"<text x="{x}" y="{}" font-size="11" text-anchor="middle" fill="#1f4e79">({},{})</text>"##,
                y + 27.0,
                bound_text(alpha),
                bound_text(beta)
            );
        }
    }
    let keys = [
        ("#7fb2e5", "max node"),
        ("#f6b26b", "min node or leaf"),
        ("#ef8a80", "cut off its other children"),
        ("#eeeeee", "never searched (score in grey)"),
    ];
    let mut kx = margin;
    let ky = height - 30.0;
    for (fill, meaning) in keys {
        let _ = writeln!(
            body,
            r##"<rect x="{kx}" y="{}" width="16" height="16" fill="{fill}" stroke="#555"/>"##,
            ky - 12.0
        );
        let _ = writeln!(
            body,
            r#"<text x="{}" y="{}" font-size="12">{}</text>"#,
            kx + 22.0,
            ky + 1.0,
            svg::escape(meaning)
        );
        kx += 22.0 + meaning.len() as f64 * 7.5 + 18.0;
    }
    let width = width.max(kx).ceil();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace">
<rect width="100%" height="100%" fill="#ffffff"/>
{body}</svg>
"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minimax(tree: &Tree, depth: usize) -> i32 {
        match tree {
            Tree::Leaf(score) => *score,
            Tree::Node(children) => {
                let scores = children.iter().map(|child| minimax(child, depth + 1));
                if depth.is_multiple_of(2) {
                    scores.max().unwrap_or(0)
                } else {
                    scores.min().unwrap_or(0)
                }
            }
        }
    }

    #[test]
    fn alpha_beta_finds_the_minimax_value_and_cuts() {
        let visits = alpha_beta(&TREE);
        assert_eq!(visits[0].value, Some(minimax(&TREE, 0)));
        let skipped = visits.iter().filter(|v| v.value.is_none()).count();
        let cuts = visits.iter().filter(|v| v.cut).count();
        assert!(cuts >= 2 && skipped >= 3, "{cuts} cuts, {skipped} skipped");
    }

    #[test]
    fn the_figure_labels_every_searched_node_with_its_window() {
        let visits = alpha_beta(&TREE);
        let searched = visits.iter().filter(|v| v.value.is_some()).count();
        let svg = alpha_beta_svg(&TREE);
        let windows = svg.matches(r##"fill="#1f4e79">("##).count();
        assert_eq!(windows, searched);
        // The root is searched with the full window, and the figure's second child of the root
        // with the root's alpha raised to 6 by the first.
        assert!(svg.contains(">(−∞,+∞)<"), "{svg}");
        assert!(svg.contains(">(6,+∞)<"), "{svg}");
        assert_eq!((searched, visits.len()), (15, 23));
    }
}
