use boardlab_core::Setup;
use boardlab_engine::EvalTerms;
use boardlab_harness::workload::*;
use boardlab_reference::ReferenceBoard;

#[test]
fn the_set_holds_its_roots_and_their_children() {
    let set = PositionSet::new(Some(vec![Setup::start()])).unwrap();
    assert_eq!(set.len(), 21, "the start position and its 20 children");
    let embedded = PositionSet::new(None).unwrap();
    // 6 standard, 126 perft suite, 17 bug catchers, 24 Bratko-Kopec, and far more children.
    assert!(embedded.len() > 173 * 10, "{}", embedded.len());
}

#[test]
fn a_budget_stops_the_passes_exactly() {
    let set = PositionSet::new(Some(vec![Setup::start()])).unwrap();
    let eval = measure::<ReferenceBoard>(WorkloadRun {
        workload: Workload::Eval,
        set: &set,
        budget: 50,
        terms: EvalTerms::Full,
        depth: None,
    })
    .unwrap();
    assert_eq!(eval.nodes, 50, "two passes and part of a third");
    let attacks = measure::<ReferenceBoard>(WorkloadRun {
        workload: Workload::Attacks,
        set: &set,
        budget: 21,
        terms: EvalTerms::Full,
        depth: None,
    })
    .unwrap();
    assert_eq!(attacks.nodes, 21);
    // No position here has a capture: the passes end instead of turning for ever.
    let see = measure::<ReferenceBoard>(WorkloadRun {
        workload: Workload::See,
        set: &set,
        budget: 1000,
        terms: EvalTerms::Full,
        depth: None,
    })
    .unwrap();
    assert_eq!(see.nodes, 0);
    assert_eq!(
        see.results,
        [("sum of SEE values".to_string(), "0".to_string())]
    );
}

#[test]
fn the_evaluation_workloads_add_up_the_terms_asked_for() {
    let set = PositionSet::new(Some(vec![Setup::start()])).unwrap();
    let sums = [EvalTerms::Pst, EvalTerms::Full].map(|terms| {
        measure::<ReferenceBoard>(WorkloadRun {
            workload: Workload::Eval,
            set: &set,
            budget: 21,
            terms,
            depth: None,
        })
        .unwrap()
        .results
    });
    // The start position's children differ in mobility, so the full terms move the sum.
    assert_ne!(sums[0], sums[1]);
}

#[test]
fn the_search_shares_a_node_budget_among_the_positions() {
    let measured = measure::<ReferenceBoard>(WorkloadRun {
        workload: Workload::Search,
        set: &PositionSet::default(),
        budget: 240,
        terms: EvalTerms::Full,
        depth: None,
    })
    .unwrap();
    assert_eq!(measured.nodes, 240);
    assert_eq!(measured.results.len(), 24);
    assert_eq!(measured.results[0].0, "BK.01");
    assert!(
        measured.results[0].1.starts_with("bestmove "),
        "{:?}",
        measured.results[0]
    );
}
