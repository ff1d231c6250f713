//! Java (and the languages importing as it does): dotted packages declared by `package`.

use super::Modules;

impl Modules {
    /// Java: the files declaring `package`.
    pub(crate) fn java_package(&self, package: &str) -> &[u32] {
        self.packages.get(package).map_or(&[], Vec::as_slice)
    }
}
