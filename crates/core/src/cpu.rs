//! The processor features a backend's code may need beyond baseline x86-64.

use std::fmt;

/// A processor feature some backend needs at run time, named by the backend's
/// [`Board::NEEDS`](crate::Board::NEEDS) so that the registry can refuse the backend on a
/// processor without it.
///
/// # Examples
///
/// ```
/// use boardlab_core::CpuFeature;
/// assert_eq!(CpuFeature::Bmi2.to_string(), "BMI2 (the pext instruction)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CpuFeature {
    /// BMI2, whose `pext` gathers a slider's relevant occupancy into a table index.
    Bmi2,
}

impl CpuFeature {
    /// Whether this processor has the feature, asked of the processor itself (not of the
    /// flags the program was built with).
    pub fn is_present(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            CpuFeature::Bmi2 => std::arch::is_x86_feature_detected!("bmi2"),
            #[cfg(not(target_arch = "x86_64"))]
            CpuFeature::Bmi2 => false,
        }
    }
}

impl fmt::Display for CpuFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CpuFeature::Bmi2 => "BMI2 (the pext instruction)",
        })
    }
}
