#!/usr/bin/env python3
"""The layering rules `make lint` keeps true, read from the Rust sources as text.

1. Only the projectors touch the read models: no SQL naming a table in schema `rm` outside
   `projectors/` (and the migrations that made the schema).
2. The query side reads through the projectors' and the event log's checked functions: no
   runtime-checked `sqlx::query(...)` / `query_as(...)` / `query_scalar(...)` in `query-api/`.
3. No import circle between the files of a crate: file A names an item defined in file B
   (through `use crate::…`, `super::…` or a path), B names one of A's, directly or through
   others. A `pub use` that only re-exports is not a use; a file's own tests (`mod tests`
   at its end) are left out, as they are compiled only for the tests.
4. No HTTP in a use case: the write side's use-case modules (`command-api/src/<resource>/`)
   name no axum type, nothing of `platform::http` (`ApiError`, `ClientIp`, …) and no request
   `Caller`; the route builds who acts (`crate::actor`) and `error.rs` words the errors.
5. No giant without a reason: a production source file (Rust or the web app's TypeScript; tests,
   a file's own trailing `mod tests` and test support left out) of more than 500 lines says in its header comment why it is kept
   in one file ("Kept in one file on purpose: …").
6. The write routes' table in docs/ARCHITECTURE.md is true: every route the command API mounts
   (`command-api/src/routes/mod.rs`, `importer/src/admin/mod.rs`) stands in it, and every route in
   it is mounted.

Exits 1 and says where when a rule is broken.
"""
from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CRATES = ["domain", "platform", "media", "search", "importer", "projectors", "command-api",
          "query-api"]

RM_SQL = re.compile(r"\brm\.(?:[a-z_]+\b|\{)")
RUNTIME_SQL = re.compile(r"sqlx::query(_as|_scalar)?(::<[^>]*>)?\(")
ITEM = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:unsafe\s+)?"
    r"(?:struct|enum|fn|trait|type|const|static|macro_rules!)\s+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
PATH = re.compile(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
USE_CASES = ["accounts", "artworks", "badges", "edits", "feedback", "lists", "notifications",
             "submissions"]
HTTP = re.compile(r"\baxum\b|\bplatform::http\b|\bApiError\b|\bClientIp\b|\bCaller\b|\bHeaderMap\b")
USE_GROUP = re.compile(r"\buse\s+(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)*)::\{([^;]*)\};", re.S)


def code_of(text: str) -> str:
    """The text without comments and without a trailing `#[cfg(test)] mod tests { … }`."""
    text = re.sub(r"//[^\n]*", "", text)
    cut = re.search(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+tests\s*\{", text)
    return text[: cut.start()] if cut else text


def rust_files(crate: str) -> list[pathlib.Path]:
    return sorted((ROOT / crate / "src").rglob("*.rs"))


def module_of(crate: str, f: pathlib.Path) -> tuple[str, ...]:
    rel = f.relative_to(ROOT / crate / "src").with_suffix("")
    parts = rel.parts
    if parts[-1] in ("lib", "main", "mod"):
        parts = parts[:-1]
    return tuple(parts)


def check_sql() -> list[str]:
    errors = []
    for f in sorted(ROOT.glob("**/*.rs")):
        rel = f.relative_to(ROOT)
        top = rel.parts[0]
        # Tests may look at a read model's rows to check what a projector wrote.
        if top in ("target", "webapp", "projectors", "tests") or "node_modules" in rel.parts:
            continue
        code = code_of(f.read_text())
        for m in RM_SQL.finditer(code):
            line = code[: m.start()].count("\n") + 1
            errors.append(f"{rel}:{line}: SQL on the read model `{m.group(0)}` outside projectors/")
        if top == "query-api":
            for m in RUNTIME_SQL.finditer(code):
                line = code[: m.start()].count("\n") + 1
                errors.append(f"{rel}:{line}: runtime-checked SQL in query-api (read through a "
                              "projector's read.rs or platform::eventlog)")
    return errors


def check_use_cases() -> list[str]:
    errors = []
    for resource in USE_CASES:
        folder = ROOT / "command-api" / "src" / resource
        if not folder.is_dir():
            errors.append(f"command-api/src/{resource}/: listed as use cases in layers.py, not found")
            continue
        for f in sorted(folder.rglob("*.rs")):
            code = code_of(f.read_text())
            for m in HTTP.finditer(code):
                line = code[: m.start()].count("\n") + 1
                errors.append(f"{f.relative_to(ROOT)}:{line}: `{m.group(0)}` in a use case (the "
                              "route builds the actor; error.rs answers)")
    return errors


GIANT = 500
REASON = "Kept in one file on purpose"


def test_only_modules() -> set[pathlib.Path]:
    """Rust files compiled only for tests: those a `#[cfg(test)] mod name;` declares."""
    out = set()
    for f in ROOT.glob("*/src/**/*.rs"):
        for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+([a-z_0-9]+)\s*;",
                             f.read_text()):
            folder = f.parent if f.name in ("mod.rs", "lib.rs", "main.rs") else f.with_suffix("")
            out |= {folder / f"{m.group(1)}.rs", folder / m.group(1) / "mod.rs"}
    return out


def check_giants() -> list[str]:
    errors = []
    tests = test_only_modules()
    sources = [ROOT / c / "src" for c in CRATES] + [ROOT / "src"]
    files = [f for d in sources for f in d.rglob("*.rs")
             if f not in tests and not f.name.endswith("tests.rs")]
    web = ROOT / "webapp" / "src"
    files += [f for f in web.rglob("*.ts*") if f.suffix in (".ts", ".tsx")
              and ".test." not in f.name and "testing" not in f.relative_to(web).parts
              and f.name != "schema.d.ts"]
    for f in sorted(set(files)):
        text = f.read_text()
        cut = re.search(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+tests\s*\{", text)
        lines = text[: cut.start() if cut else len(text)].count("\n")
        head = "\n".join(f.read_text().split("\n")[:30])
        if lines > GIANT and REASON not in head:
            errors.append(f"{f.relative_to(ROOT)}: {lines} lines, and its header does not say why "
                          f"(\"{REASON}: …\", or split it)")
    return errors


def routes_in(code: str) -> list[tuple[str, str]]:
    """(path, handlers) of each `.route("path", handlers)` call, parentheses matched."""
    out = []
    for m in re.finditer(r'\.route\(\s*"([^"]+)"\s*,', code):
        depth, i = 1, m.end()
        while depth and i < len(code):
            depth += {"(": 1, ")": -1}.get(code[i], 0)
            i += 1
        out.append((m.group(1), code[m.end(): i - 1]))
    return out


def mounted_writes() -> set[tuple[str, str]]:
    """(method, path under /api) of every write route the command side mounts."""
    out = set()
    for rel in ("command-api/src/routes/mod.rs", "importer/src/admin/mod.rs"):
        for path, handlers in routes_in(code_of((ROOT / rel).read_text())):
            for method in re.findall(r"\b(post|put|patch|delete)\(", handlers):
                out.add((method.upper(), path.removeprefix("/api")))
    return out


def check_route_table() -> list[str]:
    """Each row's first cell names its routes in full: `POST /a`, `/b` (the same method), or
    `PATCH\\|DELETE /c` (both)."""
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    start = doc.index("### Write routes and their use cases")
    table = doc[start: doc.index("\n### ", start + 5)]
    listed = set()
    for row in table.splitlines():
        if not row.startswith("| `"):
            continue
        methods: list[str] = []
        for cell in re.findall(r"`([^`]+)`", row.split(" | ")[0]):
            head, _, rest = cell.partition(" ")
            if re.fullmatch(r"(?:GET|POST|PUT|PATCH|DELETE)(?:\\?\|(?:GET|POST|PUT|PATCH|DELETE))*",
                            head):
                methods, path = head.replace("\\", "").split("|"), rest
            else:
                path = cell
            listed |= {(m, path) for m in methods}
    mounted = mounted_writes()
    errors = [f"docs/ARCHITECTURE.md: write route {m} /api{p} is mounted but not in the table "
              "\"Write routes and their use cases\"" for m, p in sorted(mounted - listed)]
    errors += [f"docs/ARCHITECTURE.md: {m} /api{p} is in the write routes' table but not mounted"
               for m, p in sorted(listed - mounted)]
    return errors


def resolve(mod: tuple[str, ...], kind: str, path: list[str]) -> tuple[str, ...] | None:
    if kind == "crate":
        return tuple(path)
    base = list(mod)
    for seg in path:
        if seg == "super":
            base = base[:-1]
        else:
            base.append(seg)
    return tuple(base)


def cycles_in(crate: str) -> list[list[str]]:
    files = rust_files(crate)
    modules = {module_of(crate, f): f for f in files}
    defined: dict[str, set[tuple[str, ...]]] = {}
    codes = {}
    for mod, f in modules.items():
        code = code_of(f.read_text())
        codes[mod] = code
        for name in ITEM.findall(code):
            defined.setdefault(name, set()).add(mod)

    def target(mod: tuple[str, ...], full: tuple[str, ...]) -> tuple[str, ...] | None:
        """The file defining the item `full` names: the longest module prefix that is a file,
        then, if that file does not define the item itself (a re-export), the one file of the
        crate that does."""
        for n in range(len(full), -1, -1):
            if full[:n] in modules:
                owner = full[:n]
                break
        else:
            return None
        rest = full[len(owner):]
        if not rest:
            return owner
        name = rest[0]
        homes = defined.get(name, set())
        if owner in homes:
            return owner
        below = {h for h in homes if h[: len(owner)] == owner}
        if len(below) == 1:
            return next(iter(below))
        return owner

    edges: dict[tuple[str, ...], set[tuple[str, ...]]] = {m: set() for m in modules}
    why: dict[tuple, str] = {}
    for mod, code in codes.items():
        # A file that is only re-exports and `mod` lines does not use anything.
        body = re.sub(r"\bpub(?:\([^)]*\))?\s+use\s+[^;]*;", "", code)
        refs: list[tuple[str, list[str]]] = []
        for m in USE_GROUP.finditer(body):
            head = [s for s in m.group(2).split("::") if s]
            for item in re.split(r",", m.group(3)):
                item = item.strip().split(" as ")[0].strip()
                if not item or "{" in item or "}" in item:
                    continue
                refs.append((m.group(1), head + [s for s in item.split("::") if s and s != "self"]))
        body = USE_GROUP.sub("", body)
        for m in PATH.finditer(body):
            refs.append((m.group(1), [s for s in m.group(2).split("::") if s]))
        for kind, path in refs:
            full = resolve(mod, kind, path)
            if full is None:
                continue
            t = target(mod, full)
            if t is not None and t != mod:
                edges[mod].add(t)
                why.setdefault((mod, t), kind + "::" + "::".join(path))

    # Tarjan's strongly connected components.
    index: dict = {}
    low: dict = {}
    stack: list = []
    on: set = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                name = lambda c: "::".join(c) or "(crate root)"
                out.append(sorted(name(c) for c in comp) + sorted(
                    f"\n    {name(a)} -> {name(b)} ({why[(a, b)]})"
                    for a in comp for b in edges[a] if b in comp))

    sys.setrecursionlimit(10000)
    for v in sorted(modules):
        if v not in index:
            visit(v)
    return out


def main() -> int:
    errors = check_sql() + check_use_cases() + check_giants() + check_route_table()
    for crate in CRATES:
        for comp in cycles_in(crate):
            modules = [c for c in comp if not c.startswith("\n")]
            errors.append(f"{crate}: import circle between " + ", ".join(modules)
                          + "".join(c for c in comp if c.startswith("\n")))
    for e in errors:
        print(e)
    if errors:
        print(f"layers: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    print("layers: read models only in projectors/, no runtime SQL in query-api, no HTTP in a "
          "use case, no giant without a reason, the write routes' table true, no import circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
