//! What a test may do under continuous integration.
//!
//! CI must never pass by doing less than it checks: a test whose outside tool is missing fails
//! there instead of skipping, and a snapshot test (a committed file compared with what the code
//! makes now) refuses to rewrite its files there, since a rewritten file always matches. Both
//! ask [`under_ci`], so the two agree on what counts as CI.

/// Whether the tests run under CI: the `CI` variable set to anything but empty, `false` or `0`.
/// CI services set it to `true`; some set `1` or a name of their own.
pub fn under_ci() -> bool {
    means_ci(std::env::var("CI").ok().as_deref())
}

/// Whether a value of the `CI` variable (`None` when it is not set) means CI.
pub fn means_ci(value: Option<&str>) -> bool {
    value.is_some_and(|value| !value.is_empty() && value != "false" && value != "0")
}

/// Whether a snapshot test should rewrite its committed files: true when `variable` (such as
/// `BOARDLAB_UPDATE_DOCS`) is set.
///
/// # Panics
///
/// When `variable` is set under CI ([`under_ci`]): there the committed files are what is
/// checked, and rewriting them would make the test pass whatever the code now prints.
pub fn rewrite_snapshots(variable: &str) -> bool {
    let requested = std::env::var_os(variable).is_some();
    rewrite_decision(variable, requested, under_ci()).unwrap_or_else(|refusal| panic!("{refusal}"))
}

/// [`rewrite_snapshots`]'s answer for a request and a CI setting given: whether to rewrite, or
/// the refusal a request under CI gets.
pub fn rewrite_decision(variable: &str, requested: bool, under_ci: bool) -> Result<bool, String> {
    if requested && under_ci {
        return Err(format!(
            "{variable} is set under CI: CI checks the committed files and never rewrites them \
             (unset {variable}, or rewrite them outside CI and commit the diff)"
        ));
    }
    Ok(requested)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ci_is_any_value_but_empty_false_or_zero() {
        for value in ["true", "1", "yes", "github-actions"] {
            assert!(means_ci(Some(value)), "{value:?}");
        }
        for value in [None, Some(""), Some("false"), Some("0")] {
            assert!(!means_ci(value), "{value:?}");
        }
    }

    #[test]
    fn snapshots_are_rewritten_on_request_and_never_under_ci() {
        assert_eq!(rewrite_decision("UPDATE", false, false), Ok(false));
        assert_eq!(rewrite_decision("UPDATE", true, false), Ok(true));
        assert_eq!(rewrite_decision("UPDATE", false, true), Ok(false));
        let refusal = rewrite_decision("UPDATE", true, true).unwrap_err();
        assert!(refusal.starts_with("UPDATE is set under CI"), "{refusal}");
    }
}
