import CWaterfallGtk

/// Waterfall's translations: the gettext text domain `waterfall` and where its catalogs are.
///
/// Every text the widgets show goes through ``WaterfallStrings``, whose defaults are looked up
/// in this domain (`dgettext`, `dngettext`) each time they are read, so they follow the locale
/// the process runs in (`gtk_init` sets it from `LANG`/`LC_ALL`/`LANGUAGE`). The domain is bound
/// once, on first use, with the UTF-8 codeset, to the first of these directories that holds a
/// `waterfall.mo`:
///
/// 1. `$WATERFALL_LOCALEDIR` (a development build: `scripts/build-locale.sh` compiles `po/`
///    into `.build/locale`, and `scripts/test.sh` and `scripts/demo.sh` point here);
/// 2. `locale/` beside the executable or library that contains Waterfall (`build-locale.sh`
///    links `.build/debug/locale` and `.build/release/locale` there);
/// 3. `../share/locale` and `../../share/locale` from it — the install prefix's
///    `share/locale`, where `meson install` puts the catalogs (`lib/` or `lib/<triplet>/`);
/// 4. otherwise gettext's own default (`/usr/share/locale`).
public enum Translation {
    /// The gettext text domain of Waterfall's own texts.
    public static let domain = "waterfall"

    /// The environment variable that overrides where the catalogs are looked up.
    public static let directoryVariable = "WATERFALL_LOCALEDIR"

    /// The directory the domain is bound to (`nil`: gettext's default), binding it on first use.
    public static var directory: String? { binding }

    private static let binding: String? = {
        let found = candidateDirectories().first(where: holdsCatalog)
        if let found { bindtextdomain(domain, found) }
        bind_textdomain_codeset(domain, "UTF-8")
        return found
    }()

    /// The directories looked at, in order (see the type's documentation).
    static func candidateDirectories() -> [String] {
        var directories: [String] = []
        if let override = g_getenv(directoryVariable).map({ String(cString: $0) }), !override.isEmpty {
            directories.append(override)
        }
        if let image = imagePath(), let slash = image.lastIndex(of: "/") {
            let folder = String(image[..<slash])
            directories += ["locale", "../share/locale", "../../share/locale"].map { canonical(folder + "/" + $0) }
        }
        return directories
    }

    /// `path` with its `.` and `..` components resolved as text (GLib's `g_canonicalize_filename`).
    private static func canonical(_ path: String) -> String {
        guard let canonical = g_canonicalize_filename(path, nil) else { return path }
        defer { g_free(canonical) }
        return String(cString: canonical)
    }

    /// Whether `directory` holds a catalog of the domain for some language.
    private static func holdsCatalog(_ directory: String) -> Bool {
        guard let folder = g_dir_open(directory, 0, nil) else { return false }
        defer { g_dir_close(folder) }
        while let language = g_dir_read_name(folder) {
            if g_file_test("\(directory)/\(String(cString: language))/LC_MESSAGES/\(domain).mo", G_FILE_TEST_EXISTS) != 0 {
                return true
            }
        }
        return false
    }

    /// The absolute path of the executable or library Waterfall is linked into.
    private static func imagePath() -> String? {
        if let pointer = wf_i18n_image_path() {
            defer { g_free(pointer) }
            let path = String(cString: pointer)
            if path.hasPrefix("/") { return path }
        }
        // The main program is named as it was started (possibly relative): ask the kernel.
        guard let target = g_file_read_link("/proc/self/exe", nil) else { return nil }
        defer { g_free(target) }
        return String(cString: target)
    }

    /// `message` translated into the current locale (itself when the catalog has no
    /// translation).
    public static func string(_ message: String) -> String {
        _ = binding
        // gettext returns its argument when there is no translation: read it while it lives.
        return message.withCString { String(cString: dgettext(domain, $0)) }
    }

    /// The form of `singular`/`plural` for `count` in the current locale (its plural rule), as
    /// gettext's `ngettext`, looked up in `domain` (Waterfall's by default); English
    /// (`count == 1` is singular) without a translation.
    public static func plural(_ singular: String, _ plural: String, count: Int, domain: String = domain) -> String {
        _ = binding
        // gettext takes an unsigned long; the rule only needs the magnitude.
        return singular.withCString { one in
            plural.withCString { many in String(cString: dngettext(domain, one, many, UInt(count.magnitude))) }
        }
    }
}
