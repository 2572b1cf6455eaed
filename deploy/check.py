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
     part of a kustomization.

Prints "deploy: N files checked, OK" or lists each problem and exits 1.
"""

from __future__ import annotations

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
K8S = DEPLOY / "k8s"
ENV_EXAMPLE = ROOT / ".env.example"

APP_NAME = "plinth"  # the binary, and the last segment of the image repository

# Variables a plinth process may be given that are not in config.rs's table, each with why.
EXTRA_VARS = {
    # Read by Rust's standard library: print a backtrace when a thread panics.
    "RUST_BACKTRACE",
}
# Names people reach for by habit, with what to use instead.
HINTS = {
    "RUST_LOG": "the binary reads PLINTH_LOG, not RUST_LOG",
}

WORKLOAD_KINDS = {"Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod"}

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


def plinth_invocations(argv: list[str], where: str, subs: set[str]) -> list[str]:
    """The subcommands `plinth` is run with in argv (as a command, not as an argument), each
    reported as a problem unless src/main.rs has it."""
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


def check_k8s(docs: dict[Path, list], known: set[str], subs: set[str], images: list) -> None:
    k8s_docs = {p: ds for p, ds in docs.items() if K8S in p.parents}
    if not k8s_docs:
        problem(K8S, "no manifests")
        return
    patch_files = check_kustomizations(k8s_docs, images)
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


# --- main --------------------------------------------------------------------------------------

def main() -> int:
    known = documented_vars()
    subs = subcommands()
    docs = load_yaml_files()
    images: list[tuple[str, str]] = []
    check_compose(docs, known, subs, images)
    check_k8s(docs, known, subs, images)
    check_env_example(known)

    repos: dict[str, list[str]] = {}
    for where, image in images:
        if isinstance(image, str):
            repos.setdefault(repository(image), []).append(where)
    if len(repos) > 1:
        listing = "; ".join(f"{r} ({len(w)}×, e.g. {w[0]})" for r, w in sorted(repos.items()))
        problem("plinth image", f"more than one repository is used: {listing}")
    elif not repos:
        problem("plinth image", "no reference to the plinth image found in compose or k8s")

    deploy_files = sum(1 for p in files_checked if DEPLOY in p.parents)
    if problems:
        print(f"deploy: {len(problems)} problem(s) in {deploy_files} files:", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    print(f"deploy: {deploy_files} files checked, OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
