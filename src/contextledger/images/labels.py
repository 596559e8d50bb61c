"""How a person knows an image in a notice or a placeholder: its own size (as pasted) and
kind, "1920×1080 PNG", or its name; read from its header, never from its price.

A cold fit names hundreds of dropped screenshots it never prices: a header read costs its
first few bytes (``display_size``), a price a look-up by the image's value (hashing a data
URL of many kilobytes)."""

from __future__ import annotations

from ..errors import ImageProbeError
from ..model import Image, describe_image, parse_data_url
from .probe import display_size


def image_label(img: Image) -> str:
    """The image's label, with its size read from the header when the block has none."""
    if (img.width is None or img.height is None) and img.data is not None:
        try:
            return img.describe(*display_size(img.data))
        except ImageProbeError:
            pass  # no size to show: named by its kind
    return img.describe()


def url_label(url: str) -> str:
    """``image_label`` of the image an OpenAI ``image_url`` part holds (a URL the lazy read
    checked), without making the ``Image``."""
    if not url.startswith("data:"):
        return describe_image(None, None, None, None)
    media_type, data = parse_data_url(url, "")
    try:
        return describe_image(None, media_type, *display_size(data))
    except ImageProbeError:
        return describe_image(None, media_type, None, None)
