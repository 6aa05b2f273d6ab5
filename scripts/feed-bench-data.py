#!/usr/bin/env python3
"""Writes the local feed that scripts/feed-bench.sh serves: COUNT photo-like images of 1-3
megapixels (a quarter PNG, the rest JPEG) with varied sizes and aspect ratios, and JSON pages
page/1.json ... of PER items each ({"items": [...], "next": "N.json" | null}) whose images are
relative URLs (served with the pages), plus the same pages as local-1.json ... beside img/, a
local feed (pages and images read from disk: a local page may name only files under its own
folder, and an http page no file: URL at all — see docs/NETWORK.md).

Usage: feed-bench-data.py DIR [COUNT] [PER]. Deterministic (seeded per image), so a rerun that
finds DIR/complete with the same COUNT and PER does nothing. Needs Pillow (python3-pil).
"""
import json
import math
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor

from PIL import Image, ImageDraw, ImageFilter

# Aspect ratios (height / width) of a shop feed: mostly portrait, some square and landscape.
RATIOS = [0.56, 0.67, 0.75, 1.0, 1.0, 1.25, 1.33, 1.5, 1.5, 1.78, 2.0]


def spec(index):
    """File name, width and height of image `index`: 1-3 megapixels at one of RATIOS."""
    rng = random.Random(index)
    ratio = rng.choice(RATIOS)
    megapixels = rng.uniform(1.0, 3.0)
    width = int(math.sqrt(megapixels * 1_000_000 / ratio))
    height = int(width * ratio)
    ext = "png" if index % 4 == 3 else "jpg"
    return f"photo-{index:04d}.{ext}", width, height


def render(args):
    """Draws image `index` into `directory`: a soft two-colour gradient with blurred shapes,
    drawn small and scaled up (so it compresses like a photo, not like noise)."""
    directory, index = args
    name, width, height = spec(index)
    path = os.path.join(directory, "img", name)
    if os.path.exists(path):
        return
    rng = random.Random(index * 7919)
    small_w, small_h = max(8, width // 8), max(8, height // 8)
    top = tuple(rng.randrange(40, 230) for _ in range(3))
    bottom = tuple(rng.randrange(20, 200) for _ in range(3))
    image = Image.new("RGB", (small_w, small_h))
    draw = ImageDraw.Draw(image)
    for y in range(small_h):
        t = y / max(1, small_h - 1)
        draw.line([(0, y), (small_w, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    for _ in range(rng.randrange(3, 8)):
        x, y = rng.randrange(small_w), rng.randrange(small_h)
        r = rng.randrange(small_w // 10 + 2, small_w // 3 + 3)
        colour = tuple(rng.randrange(256) for _ in range(3))
        if rng.random() < 0.5:
            draw.ellipse([x - r, y - r, x + r, y + r], fill=colour)
        else:
            draw.rectangle([x - r, y - r // 2, x + r, y + r // 2], fill=colour)
    image = image.filter(ImageFilter.GaussianBlur(1.5)).resize((width, height), Image.BILINEAR)
    tmp = path + ".tmp"
    if name.endswith(".png"):
        image.save(tmp, "PNG", compress_level=1)
    else:
        image.save(tmp, "JPEG", quality=85)
    os.replace(tmp, path)


def main():
    directory = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    per = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    marker = os.path.join(directory, "complete")
    stamp = f"{count} {per} 3\n"
    if os.path.exists(marker) and open(marker).read() == stamp:
        return
    os.makedirs(os.path.join(directory, "img"), exist_ok=True)
    os.makedirs(os.path.join(directory, "page"), exist_ok=True)
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(render, [(directory, i) for i in range(count)], chunksize=16))
    pages = math.ceil(count / per)
    for page in range(1, pages + 1):
        items = []
        for index in range((page - 1) * per, min(page * per, count)):
            name, width, height = spec(index)
            rng = random.Random(index * 31)
            items.append({"id": index, "img": f"../img/{name}", "w": width, "h": height,
                          "price": f"${rng.randrange(5, 400)}.{rng.randrange(100):02d}",
                          "title": f"Photo {index + 1}"})
        document = {"items": items, "next": f"{page + 1}.json" if page < pages else None}
        with open(os.path.join(directory, "page", f"{page}.json"), "w") as out:
            json.dump(document, out)
        for item in items:
            item["img"] = item["img"][len("../"):]
        document["next"] = f"local-{page + 1}.json" if page < pages else None
        with open(os.path.join(directory, f"local-{page}.json"), "w") as out:
            json.dump(document, out)
    with open(marker, "w") as out:
        out.write(stamp)


if __name__ == "__main__":
    main()
