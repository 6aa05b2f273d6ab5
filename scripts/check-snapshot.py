#!/usr/bin/env python3
"""Checks that a snapshot PNG shows cells rather than an empty wall or placeholders.

Usage: check-snapshot.py FILE.png [MIN_FRACTION]. Counts the pixels whose colour is saturated
(largest minus smallest channel >= 40): the wall's background (#f3f1ee), the image placeholders
(beige gradients) and the scrollbar are all below that, the example cells (coloured swatches,
generated photos) far above. Exits 1 unless at least MIN_FRACTION (default 0.3) of the image is
saturated. Needs Pillow (python3-pil).
"""
import sys

from PIL import Image


def main():
    path = sys.argv[1]
    minimum = float(sys.argv[2]) if len(sys.argv) > 2 else 0.3
    image = Image.open(path).convert("RGB")
    width, height = image.size
    pixels = image.getdata()
    saturated = sum(1 for r, g, b in pixels if max(r, g, b) - min(r, g, b) >= 40)
    fraction = saturated / (width * height)
    verdict = "shows cells" if fraction >= minimum else "does NOT show cells"
    print(f"{path}: {width}x{height}, {fraction:.0%} saturated pixels (need {minimum:.0%}): {verdict}")
    sys.exit(0 if fraction >= minimum else 1)


if __name__ == "__main__":
    main()
