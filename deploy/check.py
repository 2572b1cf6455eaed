#!/usr/bin/env python3
"""Checks the deployment files against the code, without Docker or a cluster.

Run from anywhere: python3 deploy/check.py

  a. every YAML file under deploy/ parses, and every path a kustomization names exists;
  b. every environment variable given to Plinth (compose `environment`/`env_file` of the plinth
     services, k8s container `env`, the ConfigMap and Secret they take with `envFrom`, the root
     .env.example) is one documented in platform/src/config.rs, or in EXTRA_VARS below;
     .env.example lists every documented variable; compose's ${VAR} references are defined in
     deploy/compose/.env and every key there is used;
  c. every reference to the plinth image (compose, k8s containers, kustomize `images:`) names the
     same repository;
  d. every `plinth <subcommand>` in compose and k8s commands, args and probes is a subcommand of
     src/main.rs's `enum Cmd`, and every plinth container says which one it runs;
  e. the house rules: every compose service has a healthcheck (or disables it with a reason in
     the file), every k8s workload runs non-root with a read-only root and requests and limits,
     every container with a port has readiness and liveness probes, example Secrets are never
     part of a kustomization;
  f. routing by method, which the split deployment relies on: every route of query-api's routers
     (query-api/src) is a read (GET), every route of command-api's (command-api/src) a write
     (POST, PUT, PATCH, DELETE);
  g. k8s wiring: every Service's selector matches the pod labels of a Deployment (StatefulSet,
     DaemonSet) and its targetPorts are ports of those pods; every Deployment's selector matches
     its own pod labels; every overlay patch names an object the manifests define; every
     HTTPRoute has a parent and its backendRefs name existing Services and ports of them; the
     HTTPRoutes send each of GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE under /api to exactly one
     kind of backend, and that backend's pods run the plinth process serving the method
     (reads: query-api or serve; writes: command-api or serve);
  i. the Dockerfile that builds the plinth image: its last stage runs as the uid/gid the k8s pods
     ask for, exposes the port the plinth containers and PLINTH_ADDR use, puts `plinth` on the
     PATH, installs curl (compose's health checks), sets only known variables and defaults to a
     subcommand of `enum Cmd`; the build stage builds `--locked`; .dockerignore leaves in every
     file the build copies (sources, manifests, lock files, the web app);
  h. compose wiring: every bind-mounted file exists; the split profile's reverse proxy (a
     Caddyfile mounted at /etc/caddy/Caddyfile) forwards only to compose services that share its
     profile, that it depends_on, on the port they listen on, and sends each method under /api
     to a service that serves it (as in g).

Prints "deploy: N files checked, OK" or lists each problem and exits 1.
"""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    print(
        "deploy/check.py needs PyYAML, which is not installed for this python3.\n"
        "Install it (Debian/Ubuntu: `sudo apt-get install python3-yaml`; "
        "or `python3 -m pip install --user pyyaml`) and run again.",
        file=sys.stderr,
    )
    sys.exit(1)

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
CONFIG_RS = ROOT / "platform" / "src" / "config.rs"
MAIN_RS = ROOT / "src" / "main.rs"
COMPOSE_FILE = DEPLOY / "compose" / "compose.yaml"
COMPOSE_ENV = DEPLOY / "compose" / ".env"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
# Files the image's build needs from the context; none may be excluded by .dockerignore.
BUILD_INPUTS = ["Cargo.toml", "Cargo.lock", "rust-toolchain.toml", "src/main.rs",
                "domain/Cargo.toml", "platform/src/config.rs", "tests/spine/main.rs",
                "webapp/package.json", "webapp/package-lock.json", "webapp/index.html",
                "webapp/src/main.tsx", "webapp/vite.config.ts"]
K8S = DEPLOY / "k8s"
ENV_EXAMPLE = ROOT / ".env.example"

APP_NAME = "plinth"  # the binary, and the last segment of the image repository

# Variables a plinth process may be given that are not in config.rs's table, each with why.
EXTRA_VARS = {
    # Read by Rust's standard library: print a backtrace when a thread panics.
    "RUST_BACKTRACE",
    # Read by glibc's malloc: fewer per-thread arenas, so the photo renders' large buffers are
    # reused instead of stranded (docs/PERFORMANCE.md, "Photos": peak 368 → 235 MB).
    "MALLOC_ARENA_MAX",
}
# Names people reach for by habit, with what to use instead.
HINTS = {
    "RUST_LOG": "the binary reads PLINTH_LOG, not RUST_LOG",
}

WORKLOAD_KINDS = {"Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod"}
# Workloads whose pods a Service can front.
SERVED_KINDS = {"Deployment", "StatefulSet", "DaemonSet"}

# Which plinth process serves which methods under /api (src/main.rs: `command-api` is "every
# non-GET route", `query-api` "the read API", `serve` both; src/app.rs's api_routes). Checked
# against the routers in f; proxies and HTTPRoutes must route each method to such a process.
READ_METHODS = {"GET", "HEAD", "OPTIONS"}
WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
SERVES = {
    "serve": READ_METHODS | WRITE_METHODS,
    "query-api": READ_METHODS,
    "command-api": WRITE_METHODS,
}
# Where each API process's routes are declared (`.route("/path", get(handler))`).
ROUTER_CODE = {"query-api": ROOT / "query-api" / "src", "command-api": ROOT / "command-api" / "src"}
# A path under /api that every route to the APIs must cover.
API_PATH = "/api/openapi.json"
# Every process that serves HTTP answers these (src/app.rs `probes`).
PROBE_PATHS = {"startupProbe": "/healthz", "livenessProbe": "/healthz", "readinessProbe": "/readyz"}
HTTP_SUBCOMMANDS = {"serve", "query-api", "command-api"}

problems: list[str] = []
files_checked: set[Path] = set()


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def problem(where: Path | str, message: str) -> None:
    problems.append(f"{rel(where) if isinstance(where, Path) else where}: {message}")


# --- The code: documented variables and subcommands -------------------------------------------

def documented_vars() -> set[str]:
    """Backticked UPPER_CASE names in the first column of config.rs's module-doc table."""
    names: set[str] = set()
    for line in CONFIG_RS.read_text(encoding="utf-8").splitlines():
        if not line.startswith("//! | `"):
            continue
        first_column = line[len("//! |"):].split("|", 1)[0]
        names.update(re.findall(r"`([A-Z][A-Z0-9_]*)`", first_column))
    if not names:
        problem(CONFIG_RS, "found no variable table (lines starting with //! | `VAR`)")
    files_checked.add(CONFIG_RS)
    return names


def kebab(camel: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", camel).lower()


def subcommands() -> set[str]:
    """The variants of `enum Cmd` in src/main.rs, as clap names them (kebab-case)."""
    text = MAIN_RS.read_text(encoding="utf-8")
    files_checked.add(MAIN_RS)
    start = re.search(r"\benum\s+Cmd\s*\{", text)
    if not start:
        problem(MAIN_RS, "found no `enum Cmd`")
        return set()
    names: set[str] = set()
    depth = 1
    rename = None
    for line in text[start.end():].splitlines():
        stripped = line.strip()
        if depth == 1:
            if stripped.startswith("#[") and "command(" in stripped:
                m = re.search(r'\bname\s*=\s*"([^"]+)"', stripped)
                if m:
                    rename = m.group(1)
            elif not stripped.startswith(("//", "#[")):
                m = re.match(r"([A-Z][A-Za-z0-9]*)\b", stripped)
                if m:
                    names.add(rename or kebab(m.group(1)))
                    rename = None
        depth += line.count("{") - line.count("}")
        if depth <= 0:
            break
    if not names:
        problem(MAIN_RS, "found no variants in `enum Cmd`")
    return names


def router_methods() -> dict[str, dict[tuple[Path, str], set[str]]]:
    """For query-api and command-api: {(file, path): methods} of every `.route(path, get(…))` in
    the crate's sources (axum's method routers, chained or not; `get` answers HEAD too)."""
    verbs = {"get", "head", "options", "post", "put", "patch", "delete", "trace", "connect"}
    result: dict[str, dict[tuple[Path, str], set[str]]] = {}
    for process, src in ROUTER_CODE.items():
        routes: dict[tuple[Path, str], set[str]] = {}
        for path in sorted(src.rglob("*.rs")) if src.is_dir() else []:
            text = path.read_text(encoding="utf-8")
            files_checked.add(path)
            for m in re.finditer(r"\.route\(\s*\"([^\"]*)\"\s*,", text):
                # The method router: up to the parenthesis that closes `.route(`.
                depth, i = 1, m.end()
                while i < len(text) and depth:
                    depth += {"(": 1, ")": -1}.get(text[i], 0)
                    i += 1
                called = re.findall(r"(?<![A-Za-z0-9_])([a-z]+)\s*\(", text[m.end():i])
                methods = {v.upper() for v in called if v in verbs}
                if "any" in called:
                    methods |= READ_METHODS | WRITE_METHODS
                routes.setdefault((path, m.group(1)), set()).update(methods)
        if not routes:
            problem(src, f"found no `.route(\"…\", …)` of {process}")
        result[process] = routes
    return result


def check_routers(routes: dict[str, dict[tuple[Path, str], set[str]]]) -> None:
    for process, table in routes.items():
        allowed = SERVES[process]
        for (file, path), methods in sorted(table.items()):
            for method in sorted(methods - allowed):
                sent_to = sorted(p for p in ("query-api", "command-api") if method in SERVES[p])
                problem(file, f"{process} routes {method} /api{path}, but the split "
                        f"deployment sends {method} to {', '.join(sent_to) or 'no process'} "
                        "(deploy/compose/Caddyfile, deploy/k8s/base/httproute.yaml)")


def path_covers(kind: str, value: str, path: str) -> bool:
    """Whether a route's path match (Gateway API PathPrefix/Exact, or a Caddy path pattern with
    `*`) matches the request path."""
    if kind == "Exact":
        return value == path
    if kind == "PathPrefix":
        value = value.rstrip("/") or "/"
        return value == "/" or path == value or path.startswith(value + "/")
    if kind == "glob":
        return fnmatch.fnmatchcase(path, value)
    return False


def check_method_routing(routed: dict[str, list[tuple[str, str, set[str]]]], where: str) -> None:
    """routed: method → [(route description, backend description, subcommands its pods run)];
    every method must reach exactly one backend, and one that serves it."""
    for method in sorted(READ_METHODS | WRITE_METHODS):
        targets = routed.get(method, [])
        if not targets:
            problem(where, f"nothing routes {method} {API_PATH} to a plinth API")
            continue
        if len({backend for _, backend, _ in targets}) > 1:
            listing = "; ".join(f"{route} → {backend}" for route, backend, _ in targets)
            problem(where, f"{method} {API_PATH} is routed to more than one backend: {listing}")
        for route, backend, ran in targets:
            if not ran:
                problem(where, f"{route} sends {method} to {backend}, which runs no plinth API")
            for sub in sorted(ran):
                if method not in SERVES.get(sub, set()):
                    serving = sorted(p for p, ms in SERVES.items() if method in ms)
                    problem(where, f"{route} sends {method} to {backend} (`plinth {sub}`), which "
                                   f"does not serve it (served by: {', '.join(serving)})")


# --- YAML --------------------------------------------------------------------------------------

def load_yaml_files() -> dict[Path, list]:
    docs: dict[Path, list] = {}
    for dirpath, dirnames, filenames in os.walk(DEPLOY):
        dirnames[:] = sorted(d for d in dirnames if d not in {"node_modules", "__pycache__"})
        for name in sorted(filenames):
            if not name.endswith((".yaml", ".yml")):
                continue
            path = Path(dirpath) / name
            files_checked.add(path)
            try:
                with path.open(encoding="utf-8") as f:
                    docs[path] = [d for d in yaml.safe_load_all(f) if d is not None]
            except yaml.YAMLError as e:
                problem(path, f"does not parse: {e}".replace("\n", " "))
    return docs


def repository(image: str) -> str:
    """`registry/owner/name:tag@digest` → `registry/owner/name` (a registry port is kept)."""
    ref = re.sub(r"\$\{[^}]*\}", "X", image).split("@", 1)[0]
    head, _, last = ref.rpartition("/")
    last = last.split(":", 1)[0]
    return f"{head}/{last}" if head else last


def is_app_image(image) -> bool:
    return isinstance(image, str) and repository(image).rsplit("/", 1)[-1] == APP_NAME


def as_argv(value) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        try:
            return shlex.split(value)
        except ValueError:
            return value.split()
    return [str(v) for v in value]


SHELL_OPERATORS = {"&&", "||", ";", "|", "&"}
WRAPPERS = {"exec", "env", "tini", "dumb-init", "--"}


def simple_commands(argv: list[str]):
    """Splits argv into the simple commands it runs; a token holding whitespace is taken for a
    shell script (`sh -c "…"`, CMD-SHELL) and split the same way."""
    current: list[str] = []
    for tok in argv:
        if re.search(r"\s", tok):
            lexer = shlex.shlex(tok, posix=True, punctuation_chars=True)
            lexer.whitespace_split = True
            try:
                yield from simple_commands(list(lexer))
            except ValueError:
                yield from simple_commands(tok.split())
        elif tok in SHELL_OPERATORS:
            yield current
            current = []
        else:
            current.append(tok)
    yield current


def plinth_invocations(argv: list[str], where: str, subs: set[str], report: bool = True) -> list[str]:
    """The subcommands `plinth` is run with in argv (as a command, not as an argument), each
    reported as a problem unless src/main.rs has it (or report is False)."""
    if not report:
        kept = len(problems)
        found = plinth_invocations(argv, where, subs)
        del problems[kept:]
        return found
    found: list[str] = []
    for cmd in simple_commands(argv):
        while cmd and (cmd[0] in WRAPPERS or re.match(r"[A-Za-z_][A-Za-z0-9_]*=", cmd[0])):
            cmd = cmd[1:]
        if not cmd or os.path.basename(cmd[0]) != APP_NAME:
            continue
        nxt = cmd[1] if len(cmd) > 1 else None
        if nxt is None:
            problem(where, "runs `plinth` without a subcommand")
        elif nxt.startswith("-"):
            continue  # --version, --help
        else:
            if nxt not in subs:
                problem(where, f"`plinth {nxt}` is not a subcommand (have: {', '.join(sorted(subs))})")
            found.append(nxt)
    return found


def check_var(name: str, where: str, known: set[str]) -> None:
    if name in known or name in EXTRA_VARS:
        return
    hint = HINTS.get(name)
    problem(where, f"{name} is not a Plinth variable" + (f" ({hint})" if hint else
            " (not in platform/src/config.rs's table nor EXTRA_VARS in deploy/check.py)"))


# --- Compose -----------------------------------------------------------------------------------

INTERPOLATION = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])[^}]*)?\}|([A-Za-z_][A-Za-z0-9_]*))")


def read_env_file(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    files_checked.add(path)
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        m = re.match(r"(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$", s)
        if not m:
            problem(path, f"line {n} is not KEY=VALUE")
            continue
        if m.group(1) in values:
            problem(path, f"line {n}: {m.group(1)} is set twice")
        v = m.group(2).strip()
        if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
            v = v[1:-1]
        values[m.group(1)] = v
    return values


def strings_in(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(node, list):
        for v in node:
            yield from strings_in(v)


def env_names(environment) -> list[str]:
    if isinstance(environment, dict):
        return [str(k) for k in environment]
    if isinstance(environment, list):
        return [str(e).split("=", 1)[0] for e in environment]
    return []


def check_compose(docs: dict[Path, list], known: set[str], subs: set[str], images: list) -> None:
    if not COMPOSE_FILE.exists():
        problem(COMPOSE_FILE, "missing")
    if not docs.get(COMPOSE_FILE):
        return  # missing, empty or unparsable (reported)
    compose = docs[COMPOSE_FILE][0]
    dotenv = read_env_file(COMPOSE_ENV) if COMPOSE_ENV.exists() else {}
    if not COMPOSE_ENV.exists():
        problem(COMPOSE_ENV, "missing (versions and settings live there)")

    # ${VAR} references: defined in .env unless they carry a default; every .env key used.
    used: set[str] = set()
    for s in strings_in(compose):
        for m in INTERPOLATION.finditer(s.replace("$$", "")):
            name, op = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), None)
            used.add(name)
            if name not in dotenv and (op is None or "?" in op):
                problem(COMPOSE_FILE, f"${{{name}}} is not defined in {rel(COMPOSE_ENV)}")
    for name in sorted(set(dotenv) - used):
        problem(COMPOSE_ENV, f"{name} is not used by {rel(COMPOSE_FILE)}")

    services = compose.get("services") or {}
    if not services:
        problem(COMPOSE_FILE, "no services")
    for name, svc in services.items():
        where = f"{rel(COMPOSE_FILE)}: service {name}"
        svc = svc or {}
        hc = svc.get("healthcheck")
        if not isinstance(hc, dict) or not (hc.get("test") or hc.get("disable") is True):
            problem(where, "has no healthcheck (give it a test, or `disable: true` with the reason)")
        argv = as_argv(svc.get("entrypoint")) + as_argv(svc.get("command"))
        ran = plinth_invocations(argv, where, subs)
        if isinstance(hc, dict) and hc.get("test"):
            test = as_argv(hc["test"])
            plinth_invocations(test[1:] if test[:1] in (["CMD"], ["CMD-SHELL"]) else test,
                               f"{where} healthcheck", subs)
            if set(ran) & HTTP_SUBCOMMANDS and not any(t.endswith("/readyz") for t in test):
                problem(where, "serves HTTP but its healthcheck does not ask /readyz")
        image = svc.get("image")
        if not (is_app_image(image) or ran):
            continue
        images.append((where, image))
        if not ran:
            problem(where, "runs the plinth image without saying which subcommand "
                           "(set entrypoint: [plinth] and command: [<subcommand>])")
        for var in env_names(svc.get("environment")):
            check_var(var, where, known)
        env_files = svc.get("env_file") or []
        for ef in [env_files] if isinstance(env_files, (str, dict)) else env_files:
            path = ef.get("path") if isinstance(ef, dict) else ef
            p = (COMPOSE_FILE.parent / str(path)).resolve()
            if not p.exists():
                problem(where, f"env_file {path} does not exist")
                continue
            for var in read_env_file(p):
                check_var(var, f"{rel(p)} (env_file of {name})", known)


def bind_mounts(svc: dict) -> list[tuple[str, str]]:
    """(source, target) of a compose service's bind mounts, short or long syntax."""
    mounts = []
    for v in svc.get("volumes") or []:
        if isinstance(v, str):
            parts = v.split(":")
            if len(parts) >= 2 and parts[0].startswith((".", "/", "~")):
                mounts.append((parts[0], parts[1]))
        elif isinstance(v, dict) and v.get("type") == "bind":
            mounts.append((str(v.get("source", "")), str(v.get("target", ""))))
    return mounts


def caddy_blocks(text: str) -> list:
    """A Caddyfile as nested [tokens, children] lines (quotes, `#` comments and braces handled;
    enough for site blocks, matchers, handle and reverse_proxy)."""
    root: list = []
    stack = [root]
    for raw in text.splitlines():
        try:
            lexer = shlex.shlex(raw, posix=True)
            lexer.whitespace_split = True
            lexer.commenters = ""
            tokens = list(lexer)
        except ValueError:
            tokens = raw.split()
        if "#" in tokens or any(t.startswith("#") for t in tokens):
            tokens = tokens[:next(i for i, t in enumerate(tokens) if t.startswith("#"))]
        if not tokens:
            continue
        if tokens == ["}"]:
            if len(stack) > 1:
                stack.pop()
            continue
        opens = tokens[-1] == "{"
        line = [tokens[:-1] if opens else tokens, []]
        stack[-1].append(line)
        if opens:
            stack.append(line[1])
    return root


def caddy_matcher(tokens: list[str], named: dict[str, dict]) -> dict | None:
    """The matcher a directive's first argument gives ({"methods": set|None, "paths": list|None}),
    or None when the directive has no matcher (it matches every request)."""
    if not tokens:
        return None
    first = tokens[0]
    if first.startswith("@"):
        return named.get(first, {"methods": set(), "paths": []})  # unknown matcher: matches nothing
    if first.startswith("/") or first == "*":
        return {"methods": None, "paths": [first]}
    return None


def caddy_routes(site: list) -> list[tuple[dict | None, list[str], str]]:
    """(matcher, upstreams, description) of the site's handle / reverse_proxy routes, in the
    order Caddy tries them: routes with a matcher in file order, then the catch-all ones."""
    named: dict[str, dict] = {}
    for tokens, children in site:
        if tokens and tokens[0].startswith("@"):
            m: dict = {"methods": None, "paths": None}
            specs = [tokens[1:]] if len(tokens) > 1 else [t for t, _ in children]
            for spec in specs:
                if spec and spec[0] == "method":
                    m["methods"] = {x.upper() for x in spec[1:]}
                elif spec and spec[0] == "path":
                    m["paths"] = spec[1:]
            named[tokens[0]] = m

    def upstreams(tokens: list[str], children: list) -> list[str]:
        args = tokens[1:]
        if args and caddy_matcher(args, named) is not None:
            args = args[1:]
        args += [u for t, _ in children if t and t[0] == "to" for u in t[1:]]
        return args

    routes = []
    for tokens, children in site:
        if not tokens:
            continue
        if tokens[0] == "reverse_proxy":
            routes.append((caddy_matcher(tokens[1:], named), upstreams(tokens, children),
                           " ".join(tokens)))
        elif tokens[0] in {"handle", "route"}:
            for t, c in children:
                if t and t[0] == "reverse_proxy":
                    routes.append((caddy_matcher(tokens[1:], named), upstreams(t, c),
                                   f"{' '.join(tokens)} {{ {' '.join(t)} }}"))
                    break
    return [r for r in routes if r[0] is not None] + [r for r in routes if r[0] is None]


def caddy_matches(matcher: dict | None, method: str, path: str) -> bool:
    if matcher is None:
        return True
    if matcher["methods"] is not None and method not in matcher["methods"]:
        return False
    if matcher["paths"] is not None and not any(path_covers("glob", p, path) for p in matcher["paths"]):
        return False
    return True


def listen_port(svc: dict) -> str | None:
    """The port a plinth service listens on (PLINTH_ADDR), else None (unknown)."""
    env = svc.get("environment")
    addr = env.get("PLINTH_ADDR") if isinstance(env, dict) else None
    if isinstance(env, list):
        addr = next((e.split("=", 1)[1] for e in env if str(e).startswith("PLINTH_ADDR=")), None)
    return str(addr).rsplit(":", 1)[-1] if addr else None


def check_compose_proxy(docs: dict[Path, list], subs: set[str]) -> None:
    compose = (docs.get(COMPOSE_FILE) or [None])[0]
    if not isinstance(compose, dict):
        return
    services = compose.get("services") or {}
    proxied_profiles: set[str] = set()
    for name, svc in services.items():
        svc = svc or {}
        where = f"{rel(COMPOSE_FILE)}: service {name}"
        for source, target in bind_mounts(svc):
            src = (COMPOSE_FILE.parent / os.path.expanduser(source)).resolve()
            if source.startswith((".", "~")) and not src.exists():
                problem(where, f"bind mount {source} does not exist")
                continue
            if target != "/etc/caddy/Caddyfile" or not src.is_file():
                continue
            files_checked.add(src)
            profiles = set(svc.get("profiles") or [])
            proxied_profiles |= profiles
            deps = svc.get("depends_on") or {}
            deps = set(deps) if isinstance(deps, (dict, list)) else set()
            sites = [c for t, c in caddy_blocks(src.read_text(encoding="utf-8")) if t]
            if not sites:
                problem(src, "no site block")
            routed: dict[str, list[tuple[str, str, set[str]]]] = {}
            for site in sites:
                routes = caddy_routes(site)
                for matcher, ups, desc in routes:
                    if not ups:
                        problem(src, f"`{desc}` names no upstream")
                    for up in ups:
                        host, _, port = re.sub(r"^[a-z]+://", "", up).partition(":")
                        target_svc = services.get(host)
                        if target_svc is None:
                            problem(src, f"`{desc}`: upstream {up}: {host} is not a service of "
                                         f"{rel(COMPOSE_FILE)} (have: {', '.join(sorted(services))})")
                            continue
                        theirs = set(target_svc.get("profiles") or [])
                        if theirs and profiles and not theirs & profiles:
                            problem(src, f"`{desc}`: {host} (profiles {sorted(theirs)}) never runs "
                                         f"with {name} (profiles {sorted(profiles)})")
                        if host not in deps:
                            problem(where, f"forwards to {host} but does not depends_on it")
                        want = listen_port(target_svc)
                        if want and port != want:
                            problem(src, f"`{desc}`: {host} listens on port {want}, not {port or '(none)'}")
                for method in READ_METHODS | WRITE_METHODS:
                    for matcher, ups, desc in routes:
                        if caddy_matches(matcher, method, API_PATH):
                            for up in ups:
                                host = re.sub(r"^[a-z]+://", "", up).split(":", 1)[0]
                                if host in services:
                                    argv = as_argv(services[host].get("entrypoint")) + \
                                        as_argv(services[host].get("command"))
                                    ran = set(plinth_invocations(argv, where, subs, report=False))
                                    routed.setdefault(method, []).append((f"`{desc}`", host, ran))
                            break
            check_method_routing(routed, rel(src))
    # The split profile runs the APIs apart: it needs a proxy in front of them.
    split_apis = [n for n, svc in services.items()
                  if set(plinth_invocations(as_argv((svc or {}).get("entrypoint")) +
                                            as_argv((svc or {}).get("command")), n, subs, report=False))
                  & {"query-api", "command-api"}]
    for n in split_apis:
        if not set(services[n].get("profiles") or []) & proxied_profiles:
            problem(f"{rel(COMPOSE_FILE)}: service {n}",
                    "runs a split API, but no proxy (a service mounting a Caddyfile) shares its profile")


# --- Kubernetes --------------------------------------------------------------------------------

def pod_spec(doc: dict):
    spec = doc.get("spec") or {}
    kind = doc.get("kind")
    if kind == "Pod":
        return spec
    if kind == "CronJob":
        spec = ((spec.get("jobTemplate") or {}).get("spec")) or {}
    return ((spec.get("template") or {}).get("spec")) or {}


def check_kustomizations(docs: dict[Path, list], images: list) -> set[Path]:
    """Checks the paths a kustomization names; returns the files used as patches."""
    patch_files: set[Path] = set()
    for path, ds in docs.items():
        if path.name not in {"kustomization.yaml", "kustomization.yml"} or not ds:
            continue
        k = ds[0]
        base = path.parent
        for entry in (k.get("resources") or []) + (k.get("components") or []):
            if re.match(r"^[a-z]+://|^github\.com/", str(entry)):
                continue
            target = (base / str(entry)).resolve()
            if not target.exists():
                problem(path, f"resource {entry} does not exist")
            elif target.is_dir() and not any((target / n).exists() for n in
                                             ("kustomization.yaml", "kustomization.yml", "Kustomization")):
                problem(path, f"resource {entry} is a folder without a kustomization.yaml")
            elif target.is_file() and ".example." in target.name:
                problem(path, f"resource {entry} is an example and must not be applied")
        for entry in (k.get("patches") or []) + [{"path": p} for p in (k.get("patchesStrategicMerge") or [])]:
            p = entry.get("path") if isinstance(entry, dict) else None
            if p is None:
                continue
            target = (base / str(p)).resolve()
            if not target.exists():
                problem(path, f"patch {p} does not exist")
            patch_files.add(target)
        for img in k.get("images") or []:
            where = f"{rel(path)}: images"
            name = img.get("name")
            images.append((where, name))
            if img.get("newName"):
                images.append((f"{where} newName", img["newName"]))
            if is_app_image(name) and not (img.get("newTag") or img.get("digest")):
                problem(where, f"{name} has neither newTag nor digest")
    return patch_files


def check_container(c: dict, where: str, known: set[str], subs: set[str], images: list,
                    is_patch: bool, env_from: dict[str, set[str]]) -> None:
    argv = as_argv(c.get("command")) + as_argv(c.get("args"))
    ran = plinth_invocations(argv, where, subs)
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        exec_cmd = ((c.get(probe) or {}).get("exec") or {}).get("command")
        if exec_cmd:
            plinth_invocations(as_argv(exec_cmd), f"{where} {probe}", subs)
    image = c.get("image")
    app = is_app_image(image) or bool(ran)
    if image is not None and app:
        images.append((where, image))
    if not app and not is_patch:
        return
    if app and not is_patch and not ran:
        problem(where, "runs the plinth image without saying which subcommand "
                       "(command: [plinth], args: [<subcommand>])")
    for e in c.get("env") or []:
        if isinstance(e, dict) and e.get("name"):
            check_var(e["name"], where, known)
    for ef in c.get("envFrom") or []:
        for kind, key in (("ConfigMap", "configMapRef"), ("Secret", "secretRef")):
            if isinstance(ef.get(key), dict) and ef[key].get("name"):
                env_from.setdefault(kind, set()).add(ef[key]["name"])
    if is_patch:
        return
    sc = c.get("securityContext") or {}
    if sc.get("readOnlyRootFilesystem") is not True:
        problem(where, "securityContext.readOnlyRootFilesystem is not true")
    if sc.get("allowPrivilegeEscalation") is not False:
        problem(where, "securityContext.allowPrivilegeEscalation is not false")
    res = c.get("resources") or {}
    for part in ("requests", "limits"):
        for r in ("cpu", "memory"):
            if not (res.get(part) or {}).get(r):
                problem(where, f"no resources.{part}.{r}")
    if c.get("ports"):
        for probe in ("readinessProbe", "livenessProbe"):
            if not c.get(probe):
                problem(where, f"serves a port but has no {probe}")
        # Liveness must not do I/O (a database outage would restart every pod); readiness must.
        for probe, path in PROBE_PATHS.items():
            got = (((c.get(probe) or {}).get("httpGet")) or {}).get("path")
            if c.get(probe) and got != path:
                problem(where, f"{probe} asks {got!r}, not {path!r}")


def check_k8s_wiring(k8s_docs: dict[Path, list], patch_files: set[Path], subs: set[str]) -> None:
    objects: dict[tuple[str, str], tuple[Path, dict]] = {}
    for path, ds in k8s_docs.items():
        if path in patch_files or path.name.startswith("kustomization."):
            continue
        for doc in ds:
            if isinstance(doc, dict) and doc.get("kind"):
                name = (doc.get("metadata") or {}).get("name", "?")
                objects[(doc["kind"], name)] = (path, doc)
    for path in sorted(patch_files):
        for doc in k8s_docs.get(path, []):
            if isinstance(doc, dict) and doc.get("kind"):
                key = (doc["kind"], (doc.get("metadata") or {}).get("name", "?"))
                if key not in objects:
                    problem(path, f"patches {key[0]} {key[1]}, which no manifest defines")

    # Pods a Service can select: labels, named ports and port numbers, the subcommands they run.
    pods: dict[str, dict] = {}
    for (kind, name), (path, doc) in objects.items():
        if kind not in SERVED_KINDS:
            continue
        template = (doc.get("spec") or {}).get("template") or {}
        labels = ((template.get("metadata") or {}).get("labels")) or {}
        selector = (((doc.get("spec") or {}).get("selector") or {}).get("matchLabels")) or {}
        if not selector or any(labels.get(k) != v for k, v in selector.items()):
            problem(path, f"{kind} {name}: spec.selector.matchLabels {selector} does not match "
                          f"its pod labels {labels}")
        ports: set[str] = set()
        ran: set[str] = set()
        for c in pod_spec(doc).get("containers") or []:
            for p in c.get("ports") or []:
                ports.add(str(p.get("containerPort")))
                if p.get("name"):
                    ports.add(str(p["name"]))
            ran.update(plinth_invocations(as_argv(c.get("command")) + as_argv(c.get("args")),
                                          name, subs, report=False))
        pods[f"{kind} {name}"] = {"labels": labels, "ports": ports, "ran": ran}

    services: dict[str, dict] = {}
    for (kind, name), (path, doc) in objects.items():
        if kind != "Service":
            continue
        spec = doc.get("spec") or {}
        selector = spec.get("selector") or {}
        ports = spec.get("ports") or []
        services[name] = {"ports": {str(p.get("port")) for p in ports} |
                          {str(p["name"]) for p in ports if p.get("name")}, "ran": set()}
        if not selector:
            continue  # ExternalName or manual Endpoints
        matched = [w for w, pod in pods.items()
                   if all(pod["labels"].get(k) == v for k, v in selector.items())]
        if not matched:
            problem(path, f"Service {name}: selector {selector} matches no Deployment's pod labels")
        for w in matched:
            services[name]["ran"] |= pods[w]["ran"]
            for p in ports:
                target = str(p.get("targetPort", p.get("port")))
                if target not in pods[w]["ports"]:
                    problem(path, f"Service {name}: targetPort {target} is not a container port of "
                                  f"{w} (has: {', '.join(sorted(pods[w]['ports'])) or 'none'})")

    routed: dict[str, list[tuple[str, str, set[str]]]] = {}
    route_files = []
    for (kind, name), (path, doc) in objects.items():
        if kind != "HTTPRoute":
            continue
        route_files.append(path)
        spec = doc.get("spec") or {}
        if not spec.get("parentRefs"):
            problem(path, f"HTTPRoute {name}: no parentRefs (the Gateway it attaches to)")
        for n, rule in enumerate(spec.get("rules") or [], 1):
            backends = []
            for ref in rule.get("backendRefs") or []:
                if ref.get("kind", "Service") != "Service" or ref.get("group", "") not in ("", "core"):
                    continue
                svc = services.get(ref.get("name"))
                if svc is None:
                    problem(path, f"HTTPRoute {name} rule {n}: backendRef {ref.get('name')} is not a "
                                  f"Service of the manifests (have: {', '.join(sorted(services))})")
                    continue
                if ref.get("namespace"):
                    problem(path, f"HTTPRoute {name} rule {n}: backendRef {ref['name']} names a "
                                  "namespace; the Services live beside the route")
                if ref.get("port") is None:
                    problem(path, f"HTTPRoute {name} rule {n}: backendRef {ref['name']} has no port")
                elif str(ref["port"]) not in svc["ports"]:
                    problem(path, f"HTTPRoute {name} rule {n}: port {ref['port']} is not a port of "
                                  f"Service {ref['name']} (has: {', '.join(sorted(svc['ports']))})")
                backends.append((f"Service {ref.get('name')}", svc["ran"]))
            for match in rule.get("matches") or [{}]:
                path_match = match.get("path") or {"type": "PathPrefix", "value": "/"}
                if not path_covers(path_match.get("type", "PathPrefix"), str(path_match.get("value", "/")),
                                   API_PATH):
                    continue
                methods = {match["method"]} if match.get("method") else READ_METHODS | WRITE_METHODS
                for method in methods:
                    for backend, ran in backends:
                        routed.setdefault(method, []).append(
                            (f"HTTPRoute {name} rule {n}", backend, ran))
    apis = any(pod["ran"] & {"query-api", "command-api"} for pod in pods.values())
    if apis:
        check_method_routing(routed, ", ".join(sorted({rel(p) for p in route_files})) or rel(K8S))


def check_k8s(docs: dict[Path, list], known: set[str], subs: set[str], images: list) -> None:
    k8s_docs = {p: ds for p, ds in docs.items() if K8S in p.parents}
    if not k8s_docs:
        problem(K8S, "no manifests")
        return
    patch_files = check_kustomizations(k8s_docs, images)
    check_k8s_wiring(k8s_docs, patch_files, subs)
    env_from: dict[str, set[str]] = {}
    env_objects: dict[str, list[tuple[Path, dict]]] = {"ConfigMap": [], "Secret": []}
    for path, ds in k8s_docs.items():
        is_patch = path in patch_files
        for doc in ds:
            if not isinstance(doc, dict):
                continue
            kind = doc.get("kind")
            name = (doc.get("metadata") or {}).get("name", "?")
            if kind in env_objects:
                env_objects[kind].append((path, doc))
            if kind not in WORKLOAD_KINDS:
                continue
            spec = pod_spec(doc)
            containers = [("container", c) for c in spec.get("containers") or []] + \
                         [("initContainer", c) for c in spec.get("initContainers") or []]
            if not is_patch:
                psc = spec.get("securityContext") or {}
                if psc.get("runAsNonRoot") is not True:
                    problem(path, f"{kind} {name}: securityContext.runAsNonRoot is not true")
                if not psc.get("runAsUser"):
                    problem(path, f"{kind} {name}: securityContext.runAsUser is unset or 0")
            for label, c in containers:
                check_container(c, f"{rel(path)}: {kind} {name} {label} {c.get('name', '?')}",
                                known, subs, images, is_patch, env_from)

    # Keys of the ConfigMaps and Secrets plinth containers take with envFrom, and their values.
    for kind, objects in env_objects.items():
        wanted = env_from.get(kind, set())
        seen = set()
        for path, doc in objects:
            name = (doc.get("metadata") or {}).get("name")
            if name not in wanted:
                continue
            seen.add(name)
            for field in ("data", "stringData"):
                for key, value in (doc.get(field) or {}).items():
                    where = f"{rel(path)}: {kind} {name}"
                    check_var(str(key), where, known)
                    if not isinstance(value, str):
                        problem(where, f"{key}: value {value!r} must be a quoted string")
        for name in sorted(wanted - seen):
            what = "a Secret (keep an example of it, e.g. base/secret.example.yaml)" \
                if kind == "Secret" else "a ConfigMap"
            problem(K8S, f"envFrom names {kind} {name}, but no file under deploy/k8s defines {what}")


# --- .env.example ------------------------------------------------------------------------------

def check_env_example(known: set[str]) -> None:
    if not ENV_EXAMPLE.exists():
        problem(ENV_EXAMPLE, "missing (DESIGN §2: every variable documented there)")
        return
    values = read_env_file(ENV_EXAMPLE)
    lines = ENV_EXAMPLE.read_text(encoding="utf-8").splitlines()
    for var in values:
        check_var(var, rel(ENV_EXAMPLE), known)
    for var in sorted(known - set(values)):
        problem(ENV_EXAMPLE, f"{var} is documented in platform/src/config.rs but missing here")
    for i, line in enumerate(lines):
        m = re.match(r"([A-Z][A-Z0-9_]*)=", line)
        if m and (i == 0 or not lines[i - 1].startswith("#")):
            problem(ENV_EXAMPLE, f"{m.group(1)} has no comment line above it")


# --- The image ---------------------------------------------------------------------------------

def dockerfile_instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        whole = (pending + stripped).strip()
        pending = ""
        word, _, rest = whole.partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def exec_form(args: str) -> list[str]:
    try:
        value = yaml.safe_load(args)
    except yaml.YAMLError:
        value = None
    return [str(v) for v in value] if isinstance(value, list) else shlex.split(args)


def ignored(path: str, patterns: list[str]) -> bool:
    """Whether .dockerignore's patterns (last match wins, `!` re-includes) exclude `path`."""
    result = False
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for raw in patterns:
        negate = raw.startswith("!")
        pat = raw[1:] if negate else raw
        pat = pat.strip("/")
        regex = fnmatch.translate(pat).replace(".*", "[^/]*").replace("[^/]*[^/]*", ".*")
        if any(re.fullmatch(regex, p) for p in prefixes):
            result = not negate
    return result


def check_dockerfile(docs: dict[Path, list], known: set[str], subs: set[str]) -> None:
    if not DOCKERFILE.exists():
        problem(DOCKERFILE, "missing: compose and k8s run an image nothing here builds")
        return
    files_checked.add(DOCKERFILE)
    instructions = dockerfile_instructions(DOCKERFILE.read_text(encoding="utf-8"))
    starts = [i for i, (word, _) in enumerate(instructions) if word == "FROM"]
    if not starts:
        problem(DOCKERFILE, "has no FROM")
        return
    build = [args for word, args in instructions[: starts[-1]] if word == "RUN"]
    final = instructions[starts[-1]:]
    where = f"{rel(DOCKERFILE)} (last stage)"

    if not any(re.search(r"\bcargo build\b.*--locked", r) and f"--bin {APP_NAME}" in r for r in build):
        problem(DOCKERFILE, f"no build stage runs `cargo build --locked --bin {APP_NAME}`")

    users = [args for word, args in final if word == "USER"]
    uid, _, gid = (users[-1] if users else "").partition(":")
    if not users:
        problem(where, "has no USER: the image would run as root")
    pods = []
    for path, ds in docs.items():
        if K8S not in path.parents:
            continue
        for d in ds:
            if isinstance(d, dict) and d.get("kind") in WORKLOAD_KINDS:
                sc = pod_spec(d).get("securityContext") or {}
                if "runAsUser" in sc:
                    pods.append((f"{rel(path)} {d.get('metadata', {}).get('name')}", sc))
    for name, sc in pods:
        if users and str(sc.get("runAsUser")) != uid:
            problem(where, f"USER {users[-1]} but {name} runs as uid {sc.get('runAsUser')}")
        if users and "runAsGroup" in sc and str(sc.get("runAsGroup")) != (gid or uid):
            problem(where, f"USER {users[-1]} but {name} runs as gid {sc.get('runAsGroup')}")

    exposed = {p.split("/")[0] for word, args in final if word == "EXPOSE" for p in args.split()}
    ports = set()
    for path, ds in docs.items():
        for d in ds:
            if not isinstance(d, dict):
                continue
            if K8S in path.parents and d.get("kind") in WORKLOAD_KINDS:
                for c in pod_spec(d).get("containers") or []:
                    if is_app_image(c.get("image")) or APP_NAME in as_argv(c.get("command")):
                        ports.update(str(p.get("containerPort")) for p in c.get("ports") or [])
            if path == COMPOSE_FILE:
                for key, value in d.items():
                    if key.startswith("x-") and isinstance(value, dict) and "PLINTH_ADDR" in value:
                        ports.add(str(value["PLINTH_ADDR"]).rpartition(":")[2])
    for port in sorted(ports - exposed):
        problem(where, f"does not EXPOSE {port}, the port the manifests use")

    env = [args for word, args in final if word == "ENV"]
    for args in env:
        for name in re.findall(r"(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=", args):
            check_var(name, where, known)
    addr = re.search(r"PLINTH_ADDR=(\S+)", " ".join(env))
    if addr and addr.group(1).rpartition(":")[2] not in exposed:
        problem(where, f"PLINTH_ADDR={addr.group(1)} is not on an EXPOSEd port")

    runs = " ".join(args for word, args in final if word == "RUN")
    if not re.search(r"apt-get install[^&;]*\bcurl\b|apk add[^&;]*\bcurl\b", runs):
        problem(where, "does not install curl, which compose's health checks run")
    copies = [args for word, args in final if word == "COPY"]
    if not any(re.search(rf"\s/usr/(local/)?bin/{APP_NAME}$", c) for c in copies):
        problem(where, f"does not put {APP_NAME} in /usr/local/bin or /usr/bin")
    entry = [exec_form(args) for word, args in final if word == "ENTRYPOINT"]
    if entry and entry[-1] != [APP_NAME]:
        problem(where, f"ENTRYPOINT is {entry[-1]}, not [\"{APP_NAME}\"]")
    cmd = [exec_form(args) for word, args in final if word == "CMD"]
    if cmd and (not cmd[-1] or cmd[-1][0] not in subs):
        problem(where, f"CMD {cmd[-1]} is not a subcommand of {APP_NAME}")

    if DOCKERIGNORE.exists():
        files_checked.add(DOCKERIGNORE)
        patterns = [line.strip() for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines()
                    if line.strip() and not line.lstrip().startswith("#")]
        for path in BUILD_INPUTS:
            if not (ROOT / path).exists():
                problem(DEPLOY / "check.py", f"BUILD_INPUTS names {path}, which does not exist")
            elif ignored(path, patterns):
                problem(DOCKERIGNORE, f"excludes {path}, which the image's build needs")


# --- main --------------------------------------------------------------------------------------

def main() -> int:
    known = documented_vars()
    subs = subcommands()
    docs = load_yaml_files()
    images: list[tuple[str, str]] = []
    check_routers(router_methods())
    check_compose(docs, known, subs, images)
    check_compose_proxy(docs, subs)
    check_k8s(docs, known, subs, images)
    check_env_example(known)
    check_dockerfile(docs, known, subs)

    repos: dict[str, list[str]] = {}
    for where, image in images:
        if isinstance(image, str):
            repos.setdefault(repository(image), []).append(where)
    if len(repos) > 1:
        listing = "; ".join(f"{r} ({len(w)}×, e.g. {w[0]})" for r, w in sorted(repos.items()))
        problem("plinth image", f"more than one repository is used: {listing}")
    elif not repos:
        problem("plinth image", "no reference to the plinth image found in compose or k8s")

    deploy_files = sum(1 for p in files_checked if DEPLOY in p.parents or p.parent == ROOT)
    if problems:
        print(f"deploy: {len(problems)} problem(s) in {deploy_files} files:", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    print(f"deploy: {deploy_files} files checked, OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
