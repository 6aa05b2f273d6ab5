import CWaterfallGtk

/// GTK's `gtk-enable-animations` setting, which animated images (and GTK's own transitions)
/// follow.
@MainActor
public enum AnimationSettings {
    /// Turns animations on or off for the default display (after GTK is initialised, e.g. in
    /// `Application.run`'s activate closure). Animated images already playing pause on their
    /// next frame.
    public static func setEnabled(_ enabled: Bool) {
        wf_set_animations_enabled(enabled ? 1 : 0)
    }
}
