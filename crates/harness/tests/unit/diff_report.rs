use boardlab_core::UciMove;
use boardlab_core::START_FEN;
use boardlab_harness::diff::*;
use boardlab_harness::Outcome;

fn moves(texts: &[&str]) -> Vec<UciMove> {
    texts.iter().map(|text| text.parse().unwrap()).collect()
}

#[test]
fn reports_read_alike_as_text_and_json() {
    let report = DiffReport {
        a: "magic".to_string(),
        b: "./perft.py".to_string(),
        depth: 3,
        fen: START_FEN.to_string(),
        divergence: Some(Divergence {
            path: moves(&["e2e4"]),
            fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_string(),
            only_in_a: vec![],
            only_in_b: moves(&["a7a5", "b7b5"]),
        }),
    };
    assert_eq!(
        report.to_string(),
        "divergence after: e2e4\n\
         position: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
         only in magic: (none)\n\
         only in ./perft.py: a7a5 b7b5\n"
    );
    assert_eq!(
        report.to_json().to_string(),
        r#"{"a":"magic","b":"./perft.py","divergent":true,"path":["e2e4"],"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","only_in_a":[],"only_in_b":["a7a5","b7b5"]}"#
    );
    assert_eq!(report.outcome(), Outcome::Mismatch);
}
