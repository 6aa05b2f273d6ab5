import CWaterfallGtk4

/// Waterfall's messages to GLib's log (domain `Waterfall`): where the technical text of a
/// failure goes when the person sees it in plain words. GLib's default writer prints them to
/// stderr (or the journal); `G_MESSAGES_DEBUG=Waterfall` is not needed for them.
enum Log {
    /// The log domain.
    static let domain = "Waterfall"

    /// Logs `text` at `G_LOG_LEVEL_MESSAGE`.
    static func message(_ text: String) {
        "GLIB_DOMAIN".withCString { domainKey in
            "MESSAGE".withCString { messageKey in
                domain.withCString { domain in
                    text.withCString { message in
                        var fields = [
                            GLogField(key: domainKey, value: UnsafeRawPointer(domain), length: -1),
                            GLogField(key: messageKey, value: UnsafeRawPointer(message), length: -1),
                        ]
                        g_log_structured_array(G_LOG_LEVEL_MESSAGE, &fields, gsize(fields.count))
                    }
                }
            }
        }
    }
}
