/// Terminal text as a user sees it: escape sequences removed.
enum ANSIText {
    /// `text` without CSI escape sequences (ESC [ ... final byte).
    static func stripped(_ text: String) -> String {
        var out = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\u{1B}" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            guard iterator.next() == "[" else { continue }
            while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
        }
        return out
    }
}
