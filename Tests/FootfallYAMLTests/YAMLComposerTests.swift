import Testing
import FootfallYAML

/// What the composer makes of YAML through libyaml: the tree the configuration reads, and the
/// refusals it gives before the configuration sees anything.
struct YAMLComposerTests {
    @Test func aMappingKeepsItsOrderLinesAndStyles() throws {
        let root = try #require(try YAMLComposer.compose("# top\ngoal: 9000\nuser_name: 'null'\ndevice:\nmatrix: [1, 2]\n"))
        guard case .mapping(let pairs, let line) = root else { Issue.record("not a mapping: \(root)"); return }
        #expect(line == 2)
        #expect(pairs.map(\.key.string) == ["goal", "user_name", "device", "matrix"])
        #expect(pairs.map(\.key.line) == [2, 3, 4, 5])
        #expect(pairs[0].value == .scalar("9000", plain: true, line: 2))
        #expect(!pairs[1].value.isNull, "a quoted 'null' is text")
        #expect(pairs[2].value.isNull, "nothing after the colon is null")
        #expect(pairs[3].value == .sequence([.scalar("1", plain: true, line: 5), .scalar("2", plain: true, line: 5)], line: 5))
    }

    @Test func emptyTextsAndCommentsHaveNoDocument() throws {
        #expect(try YAMLComposer.compose("") == nil)
        #expect(try YAMLComposer.compose("# nothing\n\n") == nil)
    }

    @Test func anAliasIsTheNodeItsAnchorNamed() throws {
        let root = try #require(try YAMLComposer.compose("a: &n 12\nb: *n\n"))
        guard case .mapping(let pairs, _) = root else { Issue.record("not a mapping"); return }
        #expect(pairs[1].value.string == "12")
        #expect(throws: YAMLComposer.Failure.syntax(problem: "found undefined alias", line: 2)) {
            try YAMLComposer.compose("a: 1\nb: *nowhere\n")
        }
    }

    @Test func aKeySetTwiceIsRefusedWhereverItIs() {
        #expect(throws: YAMLComposer.Failure.duplicateKey(.scalar("goal", plain: false, line: 3), line: 3)) {
            try YAMLComposer.compose("goal: 1\ndevice: x\n'goal': 2\n")
        }
        // In a nested mapping too, before anything after it is read.
        #expect(throws: YAMLComposer.Failure.duplicateKey(.scalar("a", plain: true, line: 1), line: 1)) {
            try YAMLComposer.compose("x: {a: 1, a: 2}\n: : :\n")
        }
    }

    @Test func aSecondDocumentAndBrokenSyntaxAreRefusedWithTheirLine() {
        #expect(throws: YAMLComposer.Failure.syntax(problem: "but found another document", line: 2)) {
            try YAMLComposer.compose("goal: 1\n---\ngoal: 2\n")
        }
        // libyaml finds an unclosed '[' at the end of the text, past the last line break: the
        // configuration names the last line instead (DaemonConfigurationTests).
        #expect(throws: YAMLComposer.Failure.syntax(problem: "did not find expected ',' or ']'", line: 3)) {
            try YAMLComposer.compose("goal: 1\ndevice: [a b: c\n")
        }
        // Bytes YAML does not allow have no line from libyaml's reader.
        #expect(throws: YAMLComposer.Failure.syntax(problem: "control characters are not allowed", line: nil)) {
            try YAMLComposer.compose("goal: 1\u{7}\n")
        }
    }

    @Test func aByteOrderMarkAtTheStartOfAValueIsDropped() throws {
        let root = try #require(try YAMLComposer.compose("day_start: \"\u{FEFF}04:00\"\n"))
        guard case .mapping(let pairs, _) = root else { Issue.record("not a mapping"); return }
        #expect(pairs.first?.value.string == "04:00")
    }
}
