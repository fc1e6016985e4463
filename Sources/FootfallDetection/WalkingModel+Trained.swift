// Placeholder while the features change: tools/walking-model/train.py writes this file.
extension WalkingModel {
    /// The model the detector uses by default.
    public static let trained = WalkingModel(means: .zero, scales: SIMD32(repeating: 1), weights: .zero, bias: 0,
                                             startProbability: 0.5, continueProbability: 0.2)
}
