"""Reading scenario YAML: a safe loader without YAML 1.1's surprises, and validation errors in words."""

from __future__ import annotations

import re
from typing import Any

import yaml

__all__ = ["ScenarioLoader", "describe_error"]


class ScenarioLoader(yaml.SafeLoader):
    """Safe YAML without the YAML 1.1 surprises: ``yes``/``no``/``on``/``off`` stay text, ISO times stay
    text (parsed by the models), ``7:30`` is not the base-60 number 450, and a repeated key is an error."""

    yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}  # noqa: RUF012


for _tag, _pattern, _first in [
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("int", r"^[-+]?[0-9]+$", "-+0123456789"),
    ("float", r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)$", "-+.0123456789"),
    ("merge", r"^(?:<<)$", "<"),
]:
    ScenarioLoader.add_implicit_resolver(f"tag:yaml.org,2002:{_tag}", re.compile(_pattern), list(_first))


def _mapping_without_duplicates(loader: ScenarioLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep=True)


ScenarioLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates)


def describe_error(error: dict[str, Any]) -> str:
    loc, parts = "", error["loc"]
    for i, part in enumerate(parts):
        if isinstance(part, int):
            loc += f"[{part}]"
        elif i >= 2 and parts[i - 2] == "script" and part in ("text", "tool_calls"):
            continue  # the step's union tag, not a field
        else:
            loc += f".{part}" if loc else str(part)
    message = str(error["ctx"]["error"]) if error["type"] == "value_error" else error["msg"]
    return f"{loc}: {message}" if loc else message
