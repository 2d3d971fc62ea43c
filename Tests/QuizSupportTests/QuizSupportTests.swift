import Dispatch
import Testing
import QuizSupport

@Suite struct FNV1aTests {
    @Test func knownValues() {
        // Test vectors of the FNV reference (draft-eastlake-fnv).
        #expect(FNV1a.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    @Test func byteAtATimeIsTheWholeHash() {
        var hash = FNV1a.offsetBasis
        for byte in "foobar".utf8 { hash = FNV1a.adding(byte, to: hash) }
        #expect(hash == FNV1a.hash("foobar".utf8))
    }
}

@Suite struct HashIndexTests {
    @Test func collidingEntriesAreToldApartByTheCaller() {
        let keys = ["a", "b", "c", "a", "d", "b"]
        var index = HashIndex(capacity: keys.count)
        // Every key gets the same hash: only `isEqual` can tell them apart.
        let firsts = keys.indices.map { position in
            index.insert(Int32(position), hash: 42, isEqual: { keys[Int($0)] == keys[position] })
        }
        #expect(firsts == [nil, nil, nil, 0, nil, 1])
        #expect(index.find(hash: 42, isEqual: { keys[Int($0)] == "d" }) == 4)
        #expect(index.find(hash: 42, isEqual: { keys[Int($0)] == "e" }) == nil)
    }

    @Test func growsPastItsCapacityAndKeepsEveryEntry() {
        // Far more entries than the capacity asked for, with hashes that share their low bits
        // in runs (the slot index), so that growing has to move entries across long runs.
        var index = HashIndex(capacity: 4)
        let count = 10_000
        func hash(_ key: Int) -> UInt64 { UInt64(key / 7) << 20 | UInt64(key % 7) }
        for key in 0..<count {
            #expect(index.insert(Int32(key), hash: hash(key), isEqual: { _ in true }) == nil)
        }
        for key in 0..<count {
            #expect(index.find(hash: hash(key), isEqual: { _ in true }) == Int32(key))
            #expect(index.insert(Int32(count + key), hash: hash(key), isEqual: { _ in true }) == Int32(key))
        }
        #expect(index.find(hash: hash(count), isEqual: { _ in true }) == nil)
    }

    @Test func renumberedEntriesAreFoundByTheirHashes() {
        var index = HashIndex(capacity: 4)
        let count = 1_000
        for key in 0..<count { _ = index.insert(Int32(key), hash: UInt64(key) &* 0x9E37_79B9_7F4A_7C15, isEqual: { _ in true }) }
        index.renumber { Int32(count) - 1 - $0 }
        for key in 0..<count {
            #expect(index.find(hash: UInt64(key) &* 0x9E37_79B9_7F4A_7C15, isEqual: { _ in true }) == Int32(count - 1 - key))
        }
        #expect(index.find(hash: UInt64(count) &* 0x9E37_79B9_7F4A_7C15, isEqual: { _ in true }) == nil)
    }

    @Test func stringHashDependsOnEveryByte() {
        let base = "question-identifier-0001"
        var hashes: Set<UInt64> = [HashIndex.hash(base)]
        for offset in 0..<base.utf8.count {
            var bytes = Array(base.utf8)
            bytes[offset] ^= 1
            hashes.insert(HashIndex.hash(String(decoding: bytes, as: UTF8.self)))
        }
        #expect(hashes.count == base.utf8.count + 1)
        #expect(HashIndex.hash("ab") != HashIndex.hash("ab\u{0}"))
    }
}

@Suite struct LockedTests {
    @Test func concurrentChangesAreNotLost() {
        let total = Locked(0)
        let seen = Locked<Set<Int>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<10_000 {
                total.withLock { $0 += 1 }
                if step == 0 { seen.withLock { _ = $0.insert(thread) } }
            }
        }
        #expect(total.withLock { $0 } == 80_000)
        #expect(seen.withLock { $0 } == Set(0..<8))
    }

    @Test func returnsAndRethrowsWhatTheBodyDoes() {
        struct Refused: Error {}
        let value = Locked([1, 2])
        #expect(value.withLock { $0.popLast() } == 2)
        #expect(throws: Refused.self) { try value.withLock { _ in throw Refused() } }
        #expect(value.withLock { $0 } == [1], "the lock is released after a throw")
    }
}

@Suite struct EditDistanceTests {
    @Test func countsInsertionsDeletionsSubstitutionsAndSwaps() {
        #expect(editDistance("lint", "lint") == 0)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("abc", "") == 3)
        #expect(editDistance("lnit", "lint") == 1, "two neighbours swapped are one edit")
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("quizbnak", "quizbank") == 1)
        #expect(editDistance("café", "cafe") == 1, "counted in Unicode scalars")
    }
}

@Suite struct UTF8BytesTests {
    @Test func givesTheBytesOfNativeAndBridgedStrings() {
        let text = "Olá, mundo"
        #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
        let scalars = String(decoding: [0x61, 0xC3, 0xA9], as: UTF8.self)
        #expect(scalars.withUTF8Bytes { Array($0) } == [0x61, 0xC3, 0xA9])
    }
}

/// `isASCIIWhitespace` is `Character.isWhitespace` on every ASCII byte.
@Test func asciiWhitespaceIsCharactersWhitespace() {
    for byte in UInt8(0)..<0x80 {
        #expect(byte.isASCIIWhitespace == Character(Unicode.Scalar(byte)).isWhitespace, "byte \(byte)")
    }
}
