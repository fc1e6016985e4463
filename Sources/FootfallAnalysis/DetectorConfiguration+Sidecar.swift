import FootfallDetection
import FootfallTraces

extension DetectorConfiguration {
    /// This configuration at the placement a recording's sidecar names (wrist, body, or
    /// unknown when it names none or there is no sidecar), or at the wrist when its device is
    /// worn there (`Placement(describing:device:)`): how `footfall count`, the bench and the
    /// stretches' export count a recording unless a placement is given.
    public func atPlacement(of sidecar: TraceSidecar?) -> DetectorConfiguration {
        var configuration = self
        configuration.placement = Placement(describing: sidecar?.placement, device: sidecar?.device)
        return configuration
    }

    /// This configuration at the placement the sidecar beside `tracePath` names
    /// (`atPlacement(of:)`): how `footfall count` and tools/regen-expected count a trace.
    /// - Throws: `TraceError` for a sidecar that cannot be read.
    public func atPlacement(ofTrace tracePath: String) throws(TraceError) -> DetectorConfiguration {
        atPlacement(of: try TraceSidecar.load(besideTrace: tracePath))
    }
}
