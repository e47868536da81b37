use crate::units::Fast;
use boardlab_core::Setup;
use boardlab_harness::internals::*;
use boardlab_harness::units::split;
use boardlab_harness::units::*;

#[test]
fn unit_lines_read_back() {
    let (header, units) = split::<Fast>(&Setup::start(), 4, 2).unwrap();
    let mut text = header.to_line() + "\n";
    for unit in &units {
        text += &(unit.to_line() + "\n");
    }
    let file = parse_units(&text).unwrap();
    assert_eq!(file.header.as_ref(), Some(&header));
    assert_eq!(file.units, units);
    let bad_key = units[0].to_line().replace(
        &format!("{:016x}", units[0].zobrist.key),
        "0123456789abcdef",
    );
    let err = parse_units(&bad_key).unwrap_err();
    assert!(
        err.starts_with("line 1: key 0123456789abcdef is not"),
        "{err}"
    );
    let twice = format!("{}\n{}\n", units[0].to_line(), units[0].to_line());
    assert_eq!(
        parse_units(&twice).unwrap_err(),
        "line 2: unit id 1 given twice"
    );
}

#[test]
fn a_line_cut_short_by_a_kill_is_skipped_and_a_glued_one_recovered() {
    let whole = r#"{"id":3,"key":"463b96181691fc9c","nodes":400,"seconds":0.1,"backend":"magic"}"#;
    let text = format!("{whole}\n{}", &whole[..30]);
    let (results, unreadable) = parse_results(&text);
    assert_eq!((results.len(), unreadable), (1, 1));
    let glued = format!("{}{whole}", &whole[..30]);
    assert_eq!(parse_result(&glued).unwrap().nodes, 400);
    assert_eq!(parse_result("not json"), None);
    assert_eq!(parse_result(r#"{"id":-1,"nodes":3}"#), None);
}
