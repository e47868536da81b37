use boardlab_harness::*;
use std::path::PathBuf;

#[test]
fn io_errors_read_as_one_lowercase_clause() {
    let err = Error::Read(
        PathBuf::from("missing.epd"),
        std::io::Error::from(std::io::ErrorKind::NotFound),
    );
    assert_eq!(err.to_string(), "cannot read missing.epd: entity not found");
    let os = std::io::Error::from_raw_os_error(2);
    assert_eq!(io_clause(&os), "no such file or directory");
}
