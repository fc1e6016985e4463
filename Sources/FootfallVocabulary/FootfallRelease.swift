/// The release this build is: what `footfall --version` and `footfalld --version` print, what
/// the daemon's VERSION banner and D-Bus `Version` property say.
public enum FootfallRelease {
    /// The release, as semantic versioning writes it.
    public static let version = "0.1.0"
}
