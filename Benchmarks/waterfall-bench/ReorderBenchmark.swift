import Foundation
import WaterfallCore

/// What one reorder step costs at 1,000,000 items, near the top (the worst case: the whole
/// suffix after the moved item reflows): the engine's move that a drop commits, against the
/// drag preview that places only down to the end of the realized window; and the view model's
/// drag step (pointer over another item, the landing place moves by one or two, live cells
/// re-placed) and drop.
@MainActor
enum ReorderBenchmark {
    /// Runs the reorder benchmarks and records their figures.
    static func run(into report: inout BenchmarkReport) {
        let sizes = EngineBenchmarks.heights(count: 1_000_000).map { ItemSize.height(Double($0)) }
        var engine = WaterfallLayout(columns: .fixed(4), containerWidth: 1000)
        engine.append(contentsOf: sizes)
        // One step: the item at 10 moves to 11 and back (a landing place moving by one).
        var forward = false
        let (move, preview) = Timing.interleavedBest(rounds: 10, baseline: {
            forward.toggle()
            engine.moveItem(from: forward ? 10 : 11, to: forward ? 11 : 10)
        }, contenderRuns: 20, contender: {
            blackHole(engine.previewMove(from: 10, to: 11, through: 760 + 200 + 760).placed.count)
        })
        report.add("reorder_move_near_top_1m_engine_us", move * 1e6)
        report.add("reorder_preview_near_top_1m_engine_us", preview * 1e6)
        report.add("reorder_preview_speedup", move / preview)

        let drag = dragSteps(itemCount: 1_000_000)
        report.add("reorder_drag_step_1m_median_us", drag.medianMicroseconds)
        report.add("reorder_drag_step_1m_p99_us", drag.p99Microseconds)
        report.add("reorder_drop_near_top_1m_us", drag.dropMicroseconds)
    }

    /// The view model's figures for one drag at the top of `itemCount` items.
    struct DragFigures {
        var medianMicroseconds: Double
        var p99Microseconds: Double
        var dropMicroseconds: Double
    }

    /// Lifts item 5 at the top of a 1000 × 760 viewport in 4 columns and moves the pointer
    /// over items 6 and 7 in turn, 400 times (each step moves the landing place), timing each
    /// ``WaterfallViewModel/moveReorder(to:)``; then times the drop.
    static func dragSteps(itemCount: Int) -> DragFigures {
        let (model, source, _) = ViewModelBenchmarks.makeModel(itemCount: itemCount, columns: 4,
                                                               viewport: Size(width: 1000, height: 760))
        source.allowsMoving = true
        func centre(of index: Int) -> Point {
            let frame = model.layout.frame(at: index)
            return Point(x: frame.midX - model.contentOffset.x, y: frame.midY - model.contentOffset.y)
        }
        precondition(model.beginReorder(at: centre(of: 5)), "item 5 is not on screen")
        let clock = ContinuousClock()
        var steps: [Double] = []
        for step in 0..<400 {
            let target = centre(of: 6 + step % 2)
            let start = clock.now
            let transitions = model.moveReorder(to: target)
            steps.append((clock.now - start).microseconds)
            blackHole(transitions.count)
        }
        let start = clock.now
        blackHole(model.endReorder().count)
        let drop = (clock.now - start).microseconds
        steps.sort()
        return DragFigures(medianMicroseconds: steps[steps.count / 2],
                           p99Microseconds: steps[min(steps.count - 1, steps.count * 99 / 100)],
                           dropMicroseconds: drop)
    }
}
