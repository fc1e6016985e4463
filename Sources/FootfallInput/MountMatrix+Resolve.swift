extension MountMatrix {
    /// Where the mount matrix in effect came from.
    public enum Provenance: String, Sendable, Codable, CaseIterable {
        /// The user's configuration (`mount_matrix`, `--mount-matrix`).
        case configuration
        /// udev's `ACCEL_MOUNT_MATRIX` property (hwdb, for firmware that gets it wrong).
        case udev
        /// The driver's `mount_matrix` or `in_accel_mount_matrix` attribute in sysfs.
        case sysfs
        /// Nothing said: the identity.
        case none
    }

    /// The one rule for which mount matrix wins, for every backend: the configuration's, else
    /// udev's `ACCEL_MOUNT_MATRIX`, else the driver's attribute, else the identity.
    ///
    /// The configured matrix arrives parsed (the configuration is checked when it is read); the
    /// others arrive as the text the system gave, and a malformed one is an error rather than
    /// a silent identity, as a wrong orientation would be.
    /// - Parameters:
    ///   - configured: the user's matrix, if any.
    ///   - udev: the device's `ACCEL_MOUNT_MATRIX` property, if udev has one.
    ///   - driver: the driver's attribute text, if the backend has one (IIO; evdev has none).
    /// - Returns: the matrix and where it came from.
    /// - Throws: `SensorError.badMountMatrix` when the text that wins is not a matrix.
    public static func resolve(configured: MountMatrix?, udev: String?, driver: String?)
        throws(SensorError) -> (matrix: MountMatrix, provenance: Provenance) {
        if let configured { return (configured, .configuration) }
        if let udev { return (try MountMatrix(parsing: udev), .udev) }
        if let driver { return (try MountMatrix(parsing: driver), .sysfs) }
        return (.identity, .none)
    }
}
