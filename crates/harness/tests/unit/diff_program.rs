use boardlab_harness::diff::program::*;
use std::path::PathBuf;

#[test]
fn words_with_spaces_are_quoted() {
    let words = vec![
        "./perft.py".to_string(),
        "3".to_string(),
        "8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
        "it's".to_string(),
    ];
    assert_eq!(
        shell_words(&words),
        r"./perft.py 3 '8/8/8/8/8/8/8/8 w - - 0 1' 'it'\''s'"
    );
}

#[test]
fn bare_names_are_looked_up_and_paths_are_taken_as_given() {
    let sh = find_program("sh").expect("sh is on PATH");
    assert!(sh.is_absolute() && sh.ends_with("sh"), "{}", sh.display());
    assert_eq!(find_program("/bin/sh"), Some(PathBuf::from("/bin/sh")));
    assert_eq!(find_program("no-such-program-anywhere"), None);
    assert_eq!(find_program("./no/such/file"), None);
    assert_eq!(find_program(""), None);
}
