/// The socket protocol's version. Clients may rely on everything of the same major version;
/// minor versions only add fields, commands and classes.
public enum ProtocolVersion {
    /// Incompatible changes bump this.
    public static let major = 1
    /// Compatible additions bump this. 1: the chip's step counter (source kind
    /// `hardware-steps`, STATUS `hardware_steps_today`, DEVICES `hardware_steps`), and unknown
    /// source kinds and states decode as `unknown`.
    /// 2: provisional steps, PROGRESS and STATUS `pending` beside the final `steps`.
    public static let minor = 2
    /// The longest request line the server reads, in bytes; longer lines get an error and the
    /// connection is closed.
    public static let maximumLineLength = 64 * 1024
}
