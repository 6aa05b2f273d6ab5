/// A cell widget the view model can recycle, with the identifier it is pooled under. The
/// front end's widget wrapper (or ``HeadlessCell``) conforms.
@MainActor
public protocol ReusableCell: AnyObject {
    /// The reuse identifier the cell is pooled under; ``WaterfallViewModel/dequeueReusableCell(withIdentifier:)``
    /// only hands a cell out for its own identifier.
    var reuseIdentifier: String { get }
    /// Called just before the pool hands the cell out again: clear per-item state (image,
    /// text, pending loads).
    func prepareForReuse()
}

extension ReusableCell {
    /// By default there is nothing to clear.
    public func prepareForReuse() {}
}
