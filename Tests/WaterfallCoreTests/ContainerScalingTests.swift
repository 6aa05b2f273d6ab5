import Foundation
import Testing
import WaterfallCore

/// Seed 003's layouts on a desktop: sizes scaled from the seed's 320×200 phone view.
@MainActor
@Suite("Seed 003's layouts scaled with the window")
struct ContainerScalingTests {
    private let seedProportions = ContainerScaling.proportional(reference: ContainerScaling.seedContainer)

    /// The seed's proportions written out: for a viewport of `size`, the factor is the smaller
    /// of width / 320 and height / 200.
    private func factor(_ size: Size) -> Double { min(size.width / 320, size.height / 200) }

    @Test("the circle's radius and items scale with the viewport, and re-scale on resize")
    func circleScalesWithTheViewport() throws {
        let fixture = Fixture(sizes: Array(repeating: .height(0), count: 20),
                              viewport: Size(width: 1000, height: 760), layout: CircleLayout(scaling: seedProportions))
        for size in [Size(width: 1000, height: 760), Size(width: 500, height: 380), Size(width: 1400, height: 500)] {
            fixture.model.setViewportSize(size)
            let f = factor(size)
            #expect(fixture.model.liveIndices == Array(0..<20), "\(size): every photo is shown")
            for index in 0..<20 {
                let frame = try #require(fixture.model.cell(at: index)?.attributes?.frame, "\(size): item \(index) placed")
                let angle = 2 * Double.pi / 20 * Double(index)
                let center = Point(x: size.width / 2 + 70 * f * sin(angle), y: size.height / 2 + 70 * f * cos(angle))
                #expect(abs(frame.width - 50 * f) < 1e-9 && abs(frame.height - 50 * f) < 1e-9, "\(size): item \(index) is \(frame.size)")
                #expect(abs(frame.midX - center.x) < 1e-9 && abs(frame.midY - center.y) < 1e-9,
                        "\(size): item \(index) at \(frame.origin)")
                #expect(frame.minY >= 0 && frame.maxY <= size.height, "\(size): item \(index) fits the height")
            }
        }
        #expect(factor(Size(width: 1000, height: 760)) > 3, "in a desktop window the circle is over 3× the seed's")
    }

    @Test("the carousel's items and spacing scale with the viewport; the first item is centred at both sizes")
    func carouselScalesWithTheViewport() throws {
        let fixture = Fixture(sizes: Array(repeating: .height(0), count: 20), viewport: Size(width: 1000, height: 760),
                              layout: CarouselLayout(scaling: seedProportions))
        for size in [Size(width: 1000, height: 760), Size(width: 500, height: 380)] {
            fixture.model.setViewportSize(size)
            fixture.model.setContentOffset(.zero)
            let f = factor(size)
            let first = try #require(fixture.model.cell(at: 0)?.attributes, "\(size)")
            #expect(abs(first.frame.width - 130 * f) < 1e-9 && abs(first.frame.height - 130 * f) < 1e-9, "\(size): \(first.frame)")
            #expect(abs(first.frame.midX - size.width / 2) < 1e-9 && abs(first.frame.midY - size.height / 2) < 1e-9,
                    "\(size): the first item is centred")
            #expect(first.scale == 1)
            let second = try #require(fixture.model.cell(at: 1)?.attributes, "\(size)")
            #expect(abs(second.frame.minX - first.frame.maxX - 8 * f) < 1e-9, "\(size): the spacing (the margin, 8) scales")
            #expect(abs(second.scale - (1 - 138 * f / size.width)) < 1e-9, "\(size): the seed's scale curve")
            #expect(abs(fixture.model.contentSize.width - (size.width - 130 * f + 20 * 130 * f + 19 * 8 * f)) < 1e-6)
        }
    }

    @Test("a fixed layout keeps the seed's points, and invalid sizes fall back to a factor of 1")
    func fixedAndInvalidSizes() {
        #expect(ContainerScaling.fixed.factor(for: Size(width: 1000, height: 760)) == 1)
        #expect(seedProportions.factor(for: .zero) == 1)
        #expect(seedProportions.factor(for: Size(width: Double.nan, height: 400)) == 1)
        #expect(ContainerScaling.proportional(reference: Size(width: 0, height: 200)).factor(for: Size(width: 640, height: 400)) == 1)
        #expect(seedProportions.factor(for: Size(width: 640, height: 1000)) == 2)
        var circle = CircleLayout()
        circle.prepare(for: Size(width: 1000, height: 760))
        #expect(circle.scaledRadius == 70 && circle.scaledItemSize == Size(width: 50, height: 50))
        var carousel = CarouselLayout(scaling: seedProportions)
        carousel.invalidate(forBoundsChange: Rect(x: 0, y: 0, width: 640, height: 400))
        #expect(carousel.scaledItemSize == Size(width: 260, height: 260), "a bounds change of size re-scales")
    }
}
