use boardlab_harness::perft::*;

#[test]
fn both_formats_end_with_the_total_after_a_blank_line() {
    let moves = vec![("e2e4".to_string(), 20), ("a7b8q".to_string(), 3)];
    let text = |format: DivideFormat| {
        let mut out = Vec::new();
        format.write(&moves, 23, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(
        text(DivideFormat::Stockfish),
        "e2e4: 20\na7b8q: 3\n\nNodes searched: 23\n\n"
    );
    assert_eq!(text(DivideFormat::Perftree), "e2e4 20\na7b8q 3\n\n23\n");
}
