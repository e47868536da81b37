//! The machine and the compiler the figures were measured with, and the time they were saved.

use std::fs;
use std::time::SystemTime;

/// Where the machine and compiler are described from.
#[derive(Debug, Clone, Default)]
pub struct Machine {
    /// The CPU model, from `/proc/cpuinfo`.
    pub cpu: Option<String>,
    /// The logical processors counted in `/proc/cpuinfo`.
    pub processors: usize,
    /// The CPU flags, from `/proc/cpuinfo`.
    pub flags: Vec<String>,
    /// Memory in KiB, from `/proc/meminfo`.
    pub memory_kib: Option<u64>,
}

/// The flags the bitboard code and the `x86-64-v3` build depend on, shown first.
pub const KEY_FLAGS: [&str; 6] = ["popcnt", "lzcnt", "bmi1", "bmi2", "avx2", "avx512f"];

impl Machine {
    /// The machine this process runs on, as far as `/proc` tells.
    pub fn current() -> Machine {
        let mut machine = Machine::default();
        if let Ok(text) = fs::read_to_string("/proc/cpuinfo") {
            for line in text.lines() {
                let Some((key, value)) = line.split_once(':') else {
                    continue;
                };
                match key.trim() {
                    "processor" => machine.processors += 1,
                    "model name" if machine.cpu.is_none() => {
                        machine.cpu = Some(value.trim().to_string())
                    }
                    "flags" if machine.flags.is_empty() => {
                        machine.flags = value.split_whitespace().map(str::to_string).collect()
                    }
                    _ => {}
                }
            }
        }
        if let Ok(text) = fs::read_to_string("/proc/meminfo") {
            machine.memory_kib = text
                .lines()
                .find_map(|line| line.strip_prefix("MemTotal:"))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|kib| kib.parse().ok());
        }
        machine
    }

    /// Whether the CPU reports that it runs under a hypervisor.
    pub fn is_virtual(&self) -> bool {
        self.flags.iter().any(|f| f == "hypervisor")
    }

    /// One line: model, processors, memory, virtual or not.
    pub fn summary(&self) -> String {
        let mut text = self
            .cpu
            .clone()
            .unwrap_or_else(|| "an unknown CPU (no /proc/cpuinfo)".to_string());
        if self.processors > 0 {
            text.push_str(&format!(", {} logical processors", self.processors));
        }
        if let Some(kib) = self.memory_kib {
            text.push_str(&format!(", {:.0} GiB of memory", kib as f64 / 1048576.0));
        }
        if self.is_virtual() {
            text.push_str(", a virtual machine");
        }
        text
    }

    /// The key flags the CPU has and lacks. Linux names LZCNT `abm` on some processors.
    pub fn key_flags(&self) -> (Vec<&'static str>, Vec<&'static str>) {
        KEY_FLAGS.iter().partition(|&&flag| {
            self.flags
                .iter()
                .any(|f| f == flag || (flag == "lzcnt" && f == "abm"))
        })
    }
}

/// The compiler this binary was built with, and its code-generation flags.
pub fn compiler() -> String {
    let flags = env!("BOARDLAB_RUSTFLAGS").trim();
    let profile = env!("BOARDLAB_PROFILE");
    let mut text = env!("BOARDLAB_RUSTC_VERSION").to_string();
    if !profile.is_empty() {
        text.push_str(&format!(", {profile} profile"));
    }
    if !flags.is_empty() {
        text.push_str(&format!(", flags `{flags}`"));
    }
    text
}

/// A time as `2026-11-23 23:05 UTC`.
pub fn utc_time(time: SystemTime) -> String {
    let seconds = match time.duration_since(SystemTime::UNIX_EPOCH) {
        Ok(since) => since.as_secs() as i64,
        Err(before) => -(before.duration().as_secs() as i64),
    };
    let days = seconds.div_euclid(86_400);
    let in_day = seconds.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        in_day / 3600,
        in_day % 3600 / 60
    )
}

/// The proleptic Gregorian date of a day count from 1970-01-01, by counting 400-year eras of
/// 146 097 days from 0000-03-01 so that the leap day falls at the end of each counted year.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_the_calendar_dates() {
        let at = |secs: u64| utc_time(SystemTime::UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01 00:00 UTC");
        // 2000-02-29 12:34 UTC, a leap day of a year divisible by 400 (date(1) -d @951827640).
        assert_eq!(at(951_827_640), "2000-02-29 12:34 UTC");
        // 2026-11-23 23:05 UTC.
        assert_eq!(at(1_795_475_100), "2026-11-23 23:05 UTC");
    }
}
