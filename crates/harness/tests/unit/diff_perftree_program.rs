use boardlab_harness::diff::oracle::MAX_MOVE_LINES;
use boardlab_harness::diff::perftree_program::*;
use boardlab_harness::perft::DivideFormat;

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

#[test]
fn answers_are_read_as_they_are_written() {
    let divide = vec![("e2e4".to_string(), 20), ("a7b8q".to_string(), 3)];
    let mut out = Vec::new();
    DivideFormat::Perftree.write(&divide, 23, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(parse_answer(&lines(&text)), Ok(divide));
    let upper = parse_answer(&lines("a7b8Q 1\nc7c8N\t1\n\n2")).unwrap();
    assert_eq!(upper[0].0, "a7b8Q");
    assert_eq!(upper[1].0, "c7c8N");
    assert_eq!(parse_answer(&lines("\n0\n")), Ok(vec![]));
}

#[test]
fn broken_answers_say_what_is_wrong() {
    for (answer, problem) in [
        ("", "printed nothing"),
        ("\n\n", "printed nothing"),
        ("e2e4 1\ne2e3 1\n\nNodes: 2", "where the total belongs"),
        ("e2e4 1 1\n\n1", "printed \"e2e4 1 1\""),
        ("e2e4 one\n\n1", "printed \"e2e4 one\""),
        ("e2e4 -1\n\n-1", "where the total belongs"),
        (
            "e2e4 1\ne2e3 1\n\n3",
            "add up to 2, but it printed the total 3",
        ),
        (
            "e2e4 18446744073709551615\ne2e3 1\n\n0",
            "add up to more than 2^64",
        ),
    ] {
        let err = parse_answer(&lines(answer)).unwrap_err();
        assert!(err.contains(problem), "{answer:?}: {err}");
    }
    let lines_over = MAX_MOVE_LINES + 1;
    let many = "e2e4 1\n".repeat(lines_over) + &format!("\n{lines_over}");
    let err = parse_answer(&lines(&many)).unwrap_err();
    assert!(err.contains(&format!("{lines_over} move lines")), "{err}");
    assert!(
        err.contains(&format!("more than {MAX_MOVE_LINES} legal moves")),
        "{err}"
    );
}
