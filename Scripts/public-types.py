#!/usr/bin/env python3
"""Lists the top-level public types of Swift modules, one `Module.Type` a line, sorted.

    Scripts/public-types.py Baton=Sources/Baton BatonSwiftUI=Sources/BatonSwiftUI

A type is a `public` (or `open`) class, struct, enum, protocol, actor or typealias declared outside
any braces: a type nested in another type or in an extension is reached through that type, so it
cannot collide with another module's type. SPI types count too (adapters import the SPI). Comments
and string literals are skipped, so a declaration in a doc comment's example is not a type.

The iOS check uses it to make sure Examples/NameCollisions names every public type unqualified.
"""
import os
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:final|indirect|nonisolated)\s+)*"
    r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)"
)


def code_lines(text):
    """Yields each line with its comments and string literals blanked, keeping braces of code."""
    in_block = 0
    in_multiline_string = False
    for line in text.split("\n"):
        out = []
        i = 0
        in_string = False
        while i < len(line):
            c = line[i]
            if in_block:
                if line.startswith("*/", i):
                    in_block -= 1
                    i += 2
                    continue
                if line.startswith("/*", i):
                    in_block += 1
                    i += 2
                    continue
                i += 1
                continue
            if in_multiline_string:
                if line.startswith('"""', i):
                    in_multiline_string = False
                    i += 3
                    continue
                i += 1
                continue
            if in_string:
                if c == "\\":
                    i += 2
                    continue
                if c == '"':
                    in_string = False
                i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                in_block += 1
                i += 2
                continue
            if line.startswith('"""', i):
                in_multiline_string = True
                i += 3
                continue
            if c == '"':
                in_string = True
                out.append(" ")
                i += 1
                continue
            out.append(c)
            i += 1
        yield "".join(out)


def public_types(directory):
    names = set()
    for root, _, files in os.walk(directory):
        for name in files:
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as source:
                depth = 0
                for line in code_lines(source.read()):
                    match = DECLARATION.match(line)
                    if match and depth == 0:
                        names.add(match.group(1))
                    depth += line.count("{") - line.count("}")
    return names


def main(arguments):
    if not arguments:
        sys.exit(__doc__)
    for argument in arguments:
        module, _, directory = argument.partition("=")
        if not os.path.isdir(directory):
            sys.exit(f"public-types.py: no directory {directory} for module {module}")
        for name in sorted(public_types(directory)):
            print(f"{module}.{name}")


if __name__ == "__main__":
    main(sys.argv[1:])
