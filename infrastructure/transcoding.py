"""A faster drop-in for the library's `JSONTranscoder`: same stored bytes, decoding through orjson.

Encoding is the library's own (so what is stored stays byte for byte what `JSONTranscoder` writes).
Decoding parses with orjson (C, about twice as fast as the standard library with an `object_hook`) and then
turns the `{"_type_": name, "_data_": ...}` objects back into values exactly as `JSONTranscoder._decode_obj`
does (innermost first, the same registered transcodings, the same error for an unknown name).

Where orjson would answer differently from the standard library, the library's decoder is used instead:
- integers of 19 digits or more: orjson turns integers beyond 64 bits into floats, the library keeps them
  exact (a run of 19 digits anywhere, even inside a string, sends the document the slow way: always safe);
- anything orjson refuses (NaN, Infinity, 1e400, lone surrogates): the library's decoder answers or raises.
"""

from __future__ import annotations

from typing import Any

import orjson
from eventsourcing.persistence import JSONTranscoder

# bytes.translate table: every digit becomes "0" and everything else a space, so a run of 19 digits is a plain
# substring search (much cheaper than a regular expression over the document).
_DIGITS = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_LONG_RUN = b"0" * 19
_TYPE_KEY = b'"_type_"'


class NotFast(ValueError):
    """orjson would not read this document as the library does: use the library's decoder."""


def fast_loads(data: bytes) -> Any:
    """orjson's reading of a stored document, custom values still as their `_type_`/`_data_` objects.

    Raises `NotFast` where orjson could answer differently from the library's `json` decoder.
    """
    if _LONG_RUN in data.translate(_DIGITS):
        raise NotFast
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        raise NotFast from None


class FastJSONTranscoder(JSONTranscoder):
    def decode(self, data: bytes) -> Any:
        try:
            obj = fast_loads(data)
        except NotFast:
            return super().decode(data)
        # `"_type_"` (with its quotes) can only be a whole JSON string token, so counting it bounds how many
        # custom values there are: the walk below stops as soon as it has found that many (usually one, the
        # event's timestamp, its first field).
        remaining = data.count(_TYPE_KEY)
        if remaining and type(obj) in (dict, list):
            obj = self._restore(obj, remaining)[0]
        return obj

    def _restore(self, value: Any, remaining: int) -> tuple[Any, int]:
        """`value` with its custom values decoded, and how many `"_type_"` tokens may still lie after it.

        Top-down, but each custom value's `_data_` is restored before the value itself is decoded: the same
        result as the library's bottom-up `object_hook` (whether a dict is one depends only on its keys).
        """
        if type(value) is dict:
            if len(value) == 2 and "_type_" in value and "_data_" in value:
                remaining -= 1
                data = value["_data_"]
                if type(data) is dict or type(data) is list:
                    value["_data_"], remaining = self._restore(data, remaining)
                return self._decode_obj(value), remaining
            for key, item in value.items():
                kind = type(item)
                if kind is dict or kind is list:
                    value[key], remaining = self._restore(item, remaining)  # same keys: fine while iterating
                    if not remaining:
                        break
            return value, remaining
        for index, item in enumerate(value):
            kind = type(item)
            if kind is dict or kind is list:
                value[index], remaining = self._restore(item, remaining)
                if not remaining:
                    break
        return value, remaining
