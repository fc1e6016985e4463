/// The accelerometers, in reply to `devices`.
public struct DevicesMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.devices
    public var id: RequestID?
    public var devices: [DeviceRecord]

    public init(devices: [DeviceRecord], id: RequestID? = nil) {
        self.devices = devices
        self.id = id
    }
}
