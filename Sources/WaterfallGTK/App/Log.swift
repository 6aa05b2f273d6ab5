import CWaterfallGtk4

/// Waterfall's messages to GLib's log (domain `Waterfall`): where the technical text of a
/// failure goes when the person sees it in plain words. GLib's default writer prints them to
/// stderr (or the journal); `G_MESSAGES_DEBUG=Waterfall` is needed only for the debug ones.
enum Log {
    /// The log domain.
    static let domain = "Waterfall"

    /// Logs `text` at `G_LOG_LEVEL_MESSAGE`.
    static func message(_ text: String) {
        write(text, level: G_LOG_LEVEL_MESSAGE)
    }

    /// Logs `text` at `G_LOG_LEVEL_DEBUG`, shown only with `G_MESSAGES_DEBUG=Waterfall` (or
    /// `all`); `text` is not even made otherwise.
    static func debug(_ text: @autoclosure () -> String) {
        guard g_log_writer_default_would_drop(G_LOG_LEVEL_DEBUG, domain) == 0 else { return }
        write(text(), level: G_LOG_LEVEL_DEBUG)
    }

    /// Writes one structured record of the domain.
    private static func write(_ text: String, level: GLogLevelFlags) {
        "GLIB_DOMAIN".withCString { domainKey in
            "MESSAGE".withCString { messageKey in
                domain.withCString { domain in
                    text.withCString { message in
                        var fields = [
                            GLogField(key: domainKey, value: UnsafeRawPointer(domain), length: -1),
                            GLogField(key: messageKey, value: UnsafeRawPointer(message), length: -1),
                        ]
                        g_log_structured_array(level, &fields, gsize(fields.count))
                    }
                }
            }
        }
    }
}
