/// What a ``WaterfallView`` says in the middle of an empty wall, in the GNOME status-page style:
/// an icon, a title, a description, and for a failure the technical text behind a "Details"
/// disclosure. The app sets one for its empty wall (``WaterfallView/emptyState``) and, for a
/// first page that failed, the reason (``WaterfallView/loadFailure``).
public struct WaterfallStatus: Sendable, Equatable {
    /// The title, in large type ("No photos yet").
    public var title: String
    /// The line under the title: what happened and what the person can do; `nil` for none.
    public var description: String?
    /// A symbolic icon name from the icon theme ("folder-pictures-symbolic"); `nil` for none.
    public var iconName: String?
    /// The technical text, shown under a "Details" disclosure; `nil` for none.
    public var details: String?

    /// A status; see each field.
    public init(title: String, description: String? = nil, iconName: String? = nil, details: String? = nil) {
        self.title = title
        self.description = description
        self.iconName = iconName
        self.details = details
    }
}
