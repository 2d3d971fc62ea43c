import Testing
@testable import QuizLayout

@Suite struct DynamicTypeTests {
    /// Spot checks against the HIG's Dynamic Type tables (and docs/layout.md).
    @Test(arguments: [
        (TextStyle.body, SizeCategory.large, 17.0), (.body, .xxxLarge, 23), (.body, .ax1, 28), (.body, .ax2, 33), (.body, .ax5, 53),
        (.body, .xSmall, 14), (.title2, .large, 22), (.title2, .ax1, 34), (.title2, .xxxLarge, 28), (.largeTitle, .large, 34),
        (.largeTitle, .ax5, 60), (.headline, .large, 17), (.callout, .large, 16), (.subheadline, .large, 15),
        (.footnote, .large, 13), (.caption1, .large, 12), (.caption2, .large, 11), (.caption2, .xSmall, 11), (.footnote, .medium, 12),
    ])
    func pointSizesMatchTheHIG(_ style: TextStyle, _ size: SizeCategory, _ points: Double) {
        #expect(DynamicTypeTable.pointSize(style, size) == points)
    }

    @Test func leadingSpotChecks() {
        #expect(DynamicTypeTable.leading(.body, .large) == 22)
        #expect(DynamicTypeTable.leading(.title2, .large) == 28)
        #expect(DynamicTypeTable.leading(.caption2, .large) == 13)
    }

    @Test func everyStyleGrowsWithTheSizeAndLeadingExceedsTheSize() {
        for style in TextStyle.allCases {
            var previous = 0.0
            for size in SizeCategory.allCases {
                let points = DynamicTypeTable.pointSize(style, size)
                #expect(points >= previous, "\(style) shrinks at \(size)")
                #expect(DynamicTypeTable.leading(style, size) >= points, "\(style) leading below its size at \(size)")
                previous = points
            }
        }
        #expect(DynamicTypeTable.pointSizes.count == TextStyle.allCases.count)
        #expect(DynamicTypeTable.pointSizes.allSatisfy { $0.count == SizeCategory.allCases.count })
        #expect(DynamicTypeTable.leadings.allSatisfy { $0.count == SizeCategory.allCases.count })
    }

    @Test func scaledValuesFollowTheStyleLikeUIFontMetrics() {
        #expect(DynamicTypeTable.scaled(56, by: .title2, at: .large) == 56)
        #expect(abs(DynamicTypeTable.scaled(56, by: .title2, at: .ax1) - 56 * 34 / 22) < 1e-9)
    }

    @Test(arguments: [
        ("xxxl", SizeCategory.xxxLarge), ("xxxLarge", .xxxLarge), ("extraExtraExtraLarge", .xxxLarge), ("AX1", .ax1),
        ("accessibilityMedium", .ax1), ("xs", .xSmall), ("L", .large), ("ax5", .ax5),
    ])
    func sizeNames(_ name: String, _ size: SizeCategory) {
        #expect(SizeCategory(name: name) == size)
    }

    @Test func styleNames() {
        #expect(TextStyle(name: "Title 2") == .title2)
        #expect(TextStyle(name: "large-title") == .largeTitle)
        #expect(TextStyle(name: "subhead") == .subheadline)
        #expect(TextStyle(name: "bodyy") == nil)
        #expect(SizeCategory(name: "huge") == nil)
    }

    /// The HIG tracking table: -26/1000 em at 17 pt (about -0.43 pt), 0 at 12 pt, positive at
    /// display sizes.
    @Test func trackingTable() {
        #expect(SystemTracking.thousandths(atPoints: 17) == -26)
        #expect(abs(SystemTracking.em(atPoints: 17) * 17 - -0.442) < 0.001)
        #expect(SystemTracking.thousandths(atPoints: 12) == 0)
        #expect(SystemTracking.thousandths(atPoints: 6) == 41)
        #expect(SystemTracking.thousandths(atPoints: 20) == -23)
        #expect(SystemTracking.thousandths(atPoints: 28) == 14)
        #expect(SystemTracking.thousandths(atPoints: 30) == 14)
        #expect(SystemTracking.thousandths(atPoints: 34) == 12)
        #expect(SystemTracking.thousandths(atPoints: 53) == 6)
        #expect(SystemTracking.thousandths(atPoints: 80) == 0)
        #expect(SystemTracking.em(atPoints: 200) == 0)
        #expect(abs(SystemTracking.em(atPoints: 17.5) - -0.0255) < 1e-9)
    }
}

@Suite struct DeviceTests {
    @Test func widthsAndModels() {
        #expect(Devices.widths.map(\.width) == [320, 375, 390, 393, 402, 414, 420, 428, 430, 440])
        #expect(Devices.widths[0].name == "iPhone SE (1st generation)")
        #expect(Devices.named("320")?.width == 320)
        #expect(Devices.named("iPhone 13 mini")?.width == 375)
        #expect(Devices.named("iphone-16-pro")?.width == 402)
        #expect(Devices.named("16 Pro Max")?.width == 440)
        #expect(Devices.named("se1")?.width == 320)
        #expect(Devices.named("iPhone Air")?.width == 420)
        #expect(Devices.named("Pixel 8") == nil)
    }
}

@Suite struct ProfileTests {
    let settings = LayoutSettings.standard

    /// docs/layout.md: 320 − 2 × 16 − (20 + 8) icon − (56 + 12) thumbnail = 192 pt at Large.
    @Test func reviewGeometry() throws {
        let review = try #require(settings.profiles["review"])
        #expect(review.textWidth(screenWidth: 320, size: .large, hasImage: true) == 192)
        #expect(review.textWidth(screenWidth: 320, size: .large, hasImage: false) == 260)
        let ax1 = review.textWidth(screenWidth: 320, size: .ax1, hasImage: true)
        #expect(abs(ax1 - (288 - (20 * 28 / 17 + 8) - (56 * 34 / 22 + 12))) < 1e-9)
        // The thumbnail stops growing at AX1; the icon goes on growing with the text.
        let thumbnail = try #require(review.reserves.first { $0.name == "thumbnail" })
        #expect(thumbnail.taken(at: .ax2) == thumbnail.taken(at: .ax1))
        #expect(thumbnail.taken(at: .ax1) > thumbnail.taken(at: .xxxLarge))
    }

    /// The app supports Large to AX2: xSmall–Medium show as Large; the review limit applies
    /// below AX1.
    @Test func displayedSizes() throws {
        let review = try #require(settings.profiles["review"])
        #expect(LayoutCheck.displayedSizes(review, settings: settings) == [.large, .xLarge, .xxLarge, .xxxLarge])
        #expect(settings.displayedSize(.xSmall) == .large)
        #expect(settings.displayedSize(.ax5) == .ax2)
    }

    @Test func firstTruncationNamesTheFirstSizeOnTheNarrowestDevice() throws {
        let measurer = TextMeasurer()
        let review = try #require(settings.profiles["review"])
        let long = String(repeating: "word ", count: 60)
        let truncation = try #require(LayoutCheck.firstTruncation(measurer.prepare(long), profile: review, settings: settings, hasImage: false))
        #expect(truncation.size == .large)
        #expect(truncation.device == Devices.standard)
        #expect(truncation.lines > 3)
        #expect(truncation.measures.map(\.size) == [.large, .xLarge, .xxLarge, .xxxLarge])
        #expect(LayoutCheck.firstTruncation(measurer.prepare("Short."), profile: review, settings: settings, hasImage: true) == nil)
    }
}
