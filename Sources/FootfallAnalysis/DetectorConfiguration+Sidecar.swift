import FootfallDetection
import FootfallTraces

extension DetectorConfiguration {
    /// This configuration at the placement a recording's sidecar names (wrist, body, or
    /// unknown when it names none or there is no sidecar), or at the wrist when its device is
    /// worn there (`Placement(describing:device:)`); where that leaves it unknown, at the one
    /// the recording at `path` declares in its own header (a GENEActiv's `Device Location
    /// Code`, `Recording.declaredPlacement(path:)`). How `footfall count`, the bench and the
    /// stretches' export count a recording unless a placement is given.
    public func atPlacement(of sidecar: TraceSidecar?, recordingAt path: String? = nil) -> DetectorConfiguration {
        var configuration = self
        configuration.placement = Placement(describing: sidecar?.placement, device: sidecar?.device)
        // A header that cannot be read declares nothing: reading the samples will say why.
        if configuration.placement == .unknown, let path, let declared = try? Recording.declaredPlacement(path: path) {
            configuration.placement = Placement(describing: declared)
        }
        return configuration
    }

    /// This configuration for the recording at `path`, whose sidecar is `sidecar`: at
    /// `placement` when one is given (`--placement`), else where the recording says
    /// (`atPlacement(of:recordingAt:)`). The one rule `footfall count`, `plot` and `bench` and
    /// the stretches' export follow.
    public func forRecording(at path: String, sidecar: TraceSidecar?, placement: Placement?) -> DetectorConfiguration {
        guard let placement else { return atPlacement(of: sidecar, recordingAt: path) }
        var configuration = self
        configuration.placement = placement
        return configuration
    }

    /// This configuration at the placement the sidecar beside `tracePath`, or the recording
    /// itself, names (`atPlacement(of:recordingAt:)`): how `footfall count` and
    /// tools/regen-expected count a trace.
    /// - Throws: `TraceError` for a sidecar that cannot be read.
    public func atPlacement(ofTrace tracePath: String) throws(TraceError) -> DetectorConfiguration {
        atPlacement(of: try TraceSidecar.load(besideTrace: tracePath), recordingAt: tracePath)
    }
}
