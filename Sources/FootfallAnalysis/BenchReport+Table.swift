import FootfallText

extension BenchReport {
    /// The per-recording table.
    public func recordingTable() -> String {
        var table = TextTable([("dataset", .left), ("recording", .left), ("activity", .left), ("true", .right),
                               ("counted", .right), ("error %", .right), ("precision", .right), ("recall", .right),
                               ("F1", .right), ("samples/s", .right)])
        for r in recordings {
            table.add([r.dataset, r.name, r.activity.rawValue, String(r.trueSteps), String(r.counted),
                       r.countError.map { formatted($0, decimals: 1) } ?? "-",
                       r.match.map { formatted($0.precision, decimals: 3) } ?? "-",
                       r.match.map { formatted($0.recall, decimals: 3) } ?? "-",
                       r.match.map { formatted($0.f1, decimals: 3) } ?? "-",
                       r.elapsed > 0 ? millions(Double(r.samples) / r.elapsed) : "-"])
        }
        return table.render()
    }

    /// The per-dataset table.
    public func datasetTable() -> String {
        var table = TextTable([("dataset", .left), ("recs", .right), ("true", .right), ("counted", .right),
                               ("median err %", .right), ("mean err %", .right), ("summed err %", .right),
                               (">10%", .right), (">20%", .right), ("precision", .right), ("recall", .right), ("F1", .right),
                               ("walks≥4 recall", .right), ("false/h", .right), ("mixed", .right), ("samples/s", .right)])
        for d in datasets {
            table.add([d.dataset, String(d.recordings), String(d.trueSteps), String(d.counted),
                       d.walkingMedianError.map { formatted($0, decimals: 2) } ?? "-",
                       d.walkingMeanError.map { formatted($0, decimals: 2) } ?? "-",
                       d.walkingSummedError.map { formatted($0, decimals: 2) } ?? "-",
                       d.walksOffByTenPercent.map(String.init) ?? "-", d.walksOffByTwentyPercent.map(String.init) ?? "-",
                       d.match.map { formatted($0.precision, decimals: 4) } ?? "-",
                       d.match.map { formatted($0.recall, decimals: 4) } ?? "-",
                       d.match.map { formatted($0.f1, decimals: 4) } ?? "-",
                       d.walkRecall.map { formatted($0, decimals: 4) } ?? "-",
                       d.falseStepsPerHour.map { formatted($0, decimals: 1) } ?? "-",
                       d.mixedTrue.map { "\(d.mixedCounted ?? 0)/\($0)" } ?? "-",
                       millions(d.samplesPerSecond)])
        }
        return table.render() + labelTable() + segmentTable()
    }

    /// Where the steps fell among labelled segments, per dataset and group (placement or
    /// label), and how far two devices of one execution disagreed; empty when no dataset is
    /// segment-labelled. "median steps/s" and "lowest" are per recording; "of spectral" is the
    /// median of each recording's counted rate over its spectral step frequency.
    public func segmentTable() -> String {
        let labelled = datasets.filter { $0.segments != nil }
        guard !labelled.isEmpty else { return "" }
        var table = TextTable([("dataset", .left), ("group", .left), ("recs", .right), ("walk steps", .right),
                               ("steps/s walking", .right), ("median steps/s", .right), ("lowest", .right),
                               ("of spectral", .right), ("no step", .right), ("false", .right),
                               ("false/h still", .right), ("seated", .right), ("standing-up", .right),
                               ("sitting-down", .right)])
        var pairs = ""
        for d in labelled {
            for s in d.segments ?? [] {
                table.add([d.dataset, s.group, String(s.recordings), String(s.walkSteps),
                           formatted(s.stepsPerWalkingSecond, decimals: 2),
                           s.medianStepsPerSecond.map { formatted($0, decimals: 2) } ?? "-",
                           s.lowestStepsPerSecond.map { formatted($0, decimals: 2) } ?? "-",
                           s.medianRateOverSpectralFrequency.map { formatted($0, decimals: 3) } ?? "-",
                           String(s.noStepRecordings),
                           String(s.falseSteps), formatted(s.falseStepsPerHour, decimals: 0), String(s.seatedSteps),
                           String(s.standingUpSteps), String(s.sittingDownSteps)])
            }
            if let p = d.pairedCounts {
                pairs += "\(d.dataset): paired executions \(p.executions): |difference| median \(formatted(p.medianDifference, decimals: 1)), "
                pairs += "mean \(formatted(p.meanDifference, decimals: 2)), max \(p.maximumDifference)\n"
            }
        }
        return "\n" + table.render() + pairs
    }

    /// False steps per hour by label, for non-walking recordings whose sidecars name what
    /// they show; empty when there are none.
    public func labelTable() -> String {
        var rows: [(dataset: String, label: String, rate: Double)] = []
        for d in datasets {
            for (label, rate) in d.falseStepsPerHourByLabel ?? [:] { rows.append((d.dataset, label, rate)) }
        }
        guard !rows.isEmpty else { return "" }
        rows.sort { ($0.dataset, $0.label) < ($1.dataset, $1.label) }
        var table = TextTable([("dataset", .left), ("not walking", .left), ("false/h", .right)])
        for row in rows { table.add([row.dataset, row.label, formatted(row.rate, decimals: 1)]) }
        return "\n" + table.render()
    }
}

/// "12.3M" style figures for rates.
func millions(_ value: Double) -> String {
    value >= 1e6 ? formatted(value / 1e6, decimals: 1) + "M" : formatted(value / 1e3, decimals: 0) + "k"
}
