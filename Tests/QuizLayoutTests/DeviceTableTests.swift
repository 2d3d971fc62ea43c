import Testing
@testable import QuizLayout

/// The table of the iPhones the current iOS runs on, and the default device it gives.
@Suite struct DeviceTableTests {
    @Test func everySupportedModelIsInTheWidthTable() {
        let known = Set(Devices.all.flatMap(\.models))
        for model in Devices.currentRelease.supportedModels {
            #expect(known.contains(model), "\(model) of \(Devices.currentRelease.name) has no screen width in Devices.all")
        }
        #expect(Set(Devices.currentRelease.supportedModels).count == Devices.currentRelease.supportedModels.count)
    }

    @Test func theDefaultIsTheNarrowestSupportedIPhone() {
        let standard = Devices.standard
        #expect(standard.width == 375)
        #expect(standard.name == "iPhone SE (3rd generation)")
        #expect(standard.models == ["iPhone SE (3rd generation)", "iPhone 13 mini", "iPhone 12 mini", "iPhone SE (2nd generation)", "iPhone 11 Pro"])
        // Nothing the release runs on is narrower; the 320 pt iPhone SE (1st generation) is not supported.
        #expect(Devices.supported.allSatisfy { $0.width >= standard.width })
        #expect(!Devices.supported.flatMap(\.models).contains("iPhone SE (1st generation)"))
        #expect(LayoutSettings.standard.devices == [standard])
    }
}
