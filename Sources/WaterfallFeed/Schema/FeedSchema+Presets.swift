extension FeedSchema {
    /// Unsplash photos (`GET /photos`, an array; `GET /search/photos`, `{"results": [...]}`),
    /// paged by the `Link` header the API sends:
    /// `{"id", "width", "height", "color", "blur_hash", "description", "alt_description",
    /// "urls": {"raw", "full", "regular", "small", "thumb"}, "links": {"html"}}`.
    public static let unsplash = FeedSchema(
        items: "results", imageURL: "urls.small|urls.regular|urls.thumb", width: "width", height: "height",
        id: "id", title: "description|alt_description", price: .unmapped, next: .unmapped,
        color: "color", blurHash: "blur_hash", link: "links.html")

    /// Pexels photos (`GET /v1/curated`, `/v1/search`):
    /// `{"photos": [{"id", "width", "height", "url", "alt", "avg_color", "src": {"original", "large",
    /// "medium", "small", …}}], "next_page": URL}`; the last page has no `next_page`.
    public static let pexels = FeedSchema(
        items: "photos", imageURL: "src.medium|src.large|src.original", width: "width", height: "height",
        id: "id", title: "alt|photographer", price: .unmapped, next: "next_page", color: "avg_color", link: "url")

    /// Reddit listings (`/r/NAME.json`): `{"data": {"after": CURSOR | null, "children": [{"data":
    /// {"name", "title", "permalink", "preview": {"images": [{"source": {"url", "width", "height"}}]}}}]}}`,
    /// with HTML-escaped URLs and titles; the next page is `?after=CURSOR`. Posts without a
    /// preview image (text posts, whose `thumbnail` is the word `self`) are dropped.
    public static let reddit = FeedSchema(
        items: "data.children", imageURL: "data.preview.images[0].source.url",
        width: "data.preview.images[0].source.width", height: "data.preview.images[0].source.height",
        id: "data.name|data.id", title: "data.title", price: .unmapped, next: "data.after",
        cursorParameter: "after", link: "data.permalink")

    /// Shopify products (`/products.json`, Admin and storefront): `{"products": [{"id", "title",
    /// "variants": [{"price": "19.99"}], "images": [{"src", "width", "height"}], "image": {…}}]}`,
    /// paged by the `Link: <…page_info=…>; rel="next"` header.
    public static let shopify = FeedSchema(
        items: "products", imageURL: "images[0].src|image.src", width: "images[0].width|image.width",
        height: "images[0].height|image.height", id: "id", title: "title", price: "variants[0].price",
        next: .unmapped, link: .unmapped)

    /// Pinterest pins (API v5 `GET /v5/boards/{id}/pins`): `{"items": [{"id", "title",
    /// "description", "dominant_color", "media": {"images": {"600x": {"url", "width", "height"},
    /// "1200x": {…}}}}], "bookmark": CURSOR | null}`; the next page is `?bookmark=CURSOR`.
    public static let pinterest = FeedSchema(
        items: "items", imageURL: #"media.images["600x"].url|media.images["1200x"].url|media.images["400x300"].url"#,
        width: #"media.images["600x"].width|media.images["1200x"].width|media.images["400x300"].width"#,
        height: #"media.images["600x"].height|media.images["1200x"].height|media.images["400x300"].height"#,
        id: "id", title: "title|description", price: .unmapped, next: "bookmark", cursorParameter: "bookmark",
        color: "dominant_color", link: "link")

    /// The presets by name: `standard`, `unsplash`, `pexels`, `reddit`, `shopify`, `pinterest`.
    public static let presets: [String: FeedSchema] = [
        "standard": .standard, "unsplash": .unsplash, "pexels": .pexels, "reddit": .reddit,
        "shopify": .shopify, "pinterest": .pinterest,
    ]

    /// The preset names, sorted.
    public static var presetNames: [String] {
        presets.keys.sorted()
    }
}
